"""Bot budgets and the pool of processes bots think in (issue 28, item 2).

Every bot spec a game is created with is bounded (``check_spec``): at most ``MAX_SECONDS`` or
``MAX_ITERATIONS`` a turn. Specs stored before the bound are clamped when their game is loaded
(``bounded_spec``). Bots that think (everything but ``random``) choose in a
``ProcessPoolExecutor`` of a few worker processes (spawned, not forked: the server has threads
and database connections), so a crowd of thinking bots queues there and never takes the web
process's threads or its CPU time. The bot object travels to the worker with the view and
comes back with the choice, so its generator and turn clock go on as if it had stayed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import logging
import multiprocessing
import threading
from collections.abc import Sequence
from typing import Any

from ..engine import Action

log = logging.getLogger("newdawn.server")

MAX_SECONDS = 2.0
"""Longest time budget a bot may have a turn on this server."""
MAX_ITERATIONS = 2000
"""Largest iteration budget a bot may have a turn on this server."""
MAX_SPEC_CHARS = 40
INLINE_KINDS = ("random",)
"""Bots that choose at once: they play in the web process (a pool round trip costs more)."""
THINK_TIMEOUT_S = 60.0
"""A worker that has not answered after this long is given up on (the seat plays its first
legal action instead, and the pool is restarted)."""
DEFAULT_WORKERS = 2


def _split(spec: str) -> tuple[str, str]:
    kind, _, arg = spec.strip().lower().partition(":")
    return kind, arg


def check_spec(spec: Any) -> str:
    """The spec if its budget is within the server's bounds; ValueError with a short reason."""
    if not isinstance(spec, str) or not spec or len(spec) > MAX_SPEC_CHARS or not spec.isascii():
        raise ValueError(f"a bot is named by a short text such as \"greedy\" or \"mcts:1s\" "
                         f"(at most {MAX_SPEC_CHARS} characters)")
    from ..bots.registry import parse_budget

    kind, arg = _split(spec)
    if kind == "mcts" and arg:
        secs, iters = parse_budget(arg)
        if secs is not None and secs > MAX_SECONDS:
            raise ValueError(f"bot budget too large: at most {MAX_SECONDS:g} s a turn on this server")
        if iters is not None and iters > MAX_ITERATIONS:
            raise ValueError(f"bot budget too large: at most {MAX_ITERATIONS} iterations a turn on this server")
    return spec.strip().lower()


def bounded_spec(spec: str) -> str:
    """A stored spec brought within the bounds (games created before them still play)."""
    try:
        return check_spec(spec)
    except ValueError:
        kind, arg = _split(spec)
        if kind == "mcts":
            return f"mcts:{MAX_SECONDS:g}s" if not arg.endswith("i") else f"mcts:{MAX_ITERATIONS}i"
        return spec


def thinks(spec: str | None) -> bool:
    """Whether a bot of this spec thinks (and so chooses in the pool)."""
    return _split(spec or "random")[0] not in INLINE_KINDS


def think(bot: Any, view: dict[str, Any] | None, legal: Sequence[Action]) -> tuple[Action, Any]:
    """Run in a worker process: the bot's choice and the bot itself (its state moved on)."""
    return bot.choose(view, legal), bot


class BotPool:
    """A few worker processes for thinking bots, started on first use."""

    def __init__(self, workers: int = DEFAULT_WORKERS) -> None:
        self.workers = workers
        self._ex: cf.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> cf.ProcessPoolExecutor:
        with self._lock:
            if self._ex is None:
                self._ex = cf.ProcessPoolExecutor(max_workers=self.workers,
                                                  mp_context=multiprocessing.get_context("spawn"))
            return self._ex

    def _restart(self) -> None:
        with self._lock:
            ex, self._ex = self._ex, None
        if ex is not None:
            ex.shutdown(wait=False, cancel_futures=True)

    async def choose(self, bot: Any, view: dict[str, Any] | None,
                     legal: Sequence[Action]) -> tuple[Action, Any | None]:
        """The bot's choice, made in a worker process (``workers`` = 0: in a thread of this
        process, for tests). On a failure or a timeout the first legal action, logged, and
        None for the bot (the caller keeps its own)."""
        try:
            if self.workers <= 0:
                return await asyncio.wait_for(asyncio.to_thread(think, bot, view, legal), THINK_TIMEOUT_S)
            fut = self._executor().submit(think, bot, view, legal)
            return await asyncio.wait_for(asyncio.wrap_future(fut), THINK_TIMEOUT_S)
        except (TimeoutError, cf.process.BrokenProcessPool) as e:
            log.error("a bot did not answer (%s); its seat plays its first legal action", type(e).__name__)
            self._restart()
        return legal[0], None

    def close(self) -> None:
        self._restart()
