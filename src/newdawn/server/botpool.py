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
import collections
import concurrent.futures as cf
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..engine import Action
from .bots import make_seat_bot, validate_spec

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
    """The spec, as ``newdawn.bots`` validates it, if the bot's budget is within the server's
    bounds; ValueError with a short reason. Any level the bots package makes is accepted: its
    budget is read from the bot itself (``time_s`` seconds or ``iterations`` a turn), so new
    levels need no change here."""
    if not isinstance(spec, str) or not spec or len(spec) > MAX_SPEC_CHARS or not spec.isascii():
        raise ValueError(f"a bot is named by a short text such as \"greedy\" or \"mcts:1s\" "
                         f"(at most {MAX_SPEC_CHARS} characters)")

    checked = validate_spec(spec)
    bot = make_seat_bot(checked, 0)
    secs, iters = getattr(bot, "time_s", None), getattr(bot, "iterations", None)
    if isinstance(secs, (int, float)) and secs > MAX_SECONDS:
        raise ValueError(f"bot budget too large: at most {MAX_SECONDS:g} s a turn on this server")
    if isinstance(iters, int) and iters > MAX_ITERATIONS:
        raise ValueError(f"bot budget too large: at most {MAX_ITERATIONS} iterations a turn on this server")
    return checked


def bounded_spec(spec: str) -> str:
    """A stored spec brought within the bounds (games created before them still play): the
    same level at the largest budget, else the level's own default budget."""
    try:
        return check_spec(spec)
    except ValueError:
        kind, arg = _split(spec)
        for candidate in (f"{kind}:{MAX_ITERATIONS}i" if arg.endswith("i") else f"{kind}:{MAX_SECONDS:g}s", kind):
            try:
                return check_spec(candidate)
            except ValueError:
                continue
        return spec


def thinks(spec: str | None) -> bool:
    """Whether a bot of this spec thinks (and so chooses in the pool)."""
    return _split(spec or "random")[0] not in INLINE_KINDS


def think(bot: Any, view: dict[str, Any] | None, legal: Sequence[Action],
          limit_s: float | None = None) -> tuple[Action, Any]:
    """Run in a worker process: the bot's choice and the bot itself (its state moved on).

    ``limit_s``: the most this choice may take, set by the scheduler when the pool is crowded.
    A bot whose budget is the attribute ``time_s`` (seconds a turn; an iteration budget is
    capped by it too) thinks within ``limit_s`` for this choice, then gets its own budget back."""
    budget = getattr(bot, "time_s", None) if limit_s is not None else None
    squeeze = limit_s is not None and hasattr(bot, "time_s") and (budget is None or budget > limit_s)
    if squeeze:
        bot.time_s = limit_s
    try:
        return bot.choose(view, legal), bot
    finally:
        if squeeze:
            bot.time_s = budget


ORPHAN_CHECK_S = 0.2
"""How often a worker checks that the server that started it is still alive."""


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(ORPHAN_CHECK_S)
        if os.getppid() != parent:
            os._exit(0)  # the server is gone (kill -9 included): nothing left to think for


def worker_init(parent: int) -> None:
    """A worker's start: it ends within ``ORPHAN_CHECK_S`` of its server, however the server
    ended (SIGTERM, kill -9, a crash), and it ignores SIGINT (a terminal's Ctrl-C stops the
    server, which stops its workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="orphan-check").start()


QUICK_DEPTH: Final = 2
"""Quick choices (no time budget: greedy, Normal) under way per worker: the next one already
waits in the pool's queue when a worker answers, so the worker does not sit idle for the
server's round trip (answer read, next choice sent). A choice with a budget still starts only
on a free worker, and while one waits no quick choice is added."""

PERIOD_S = 4.0
"""Under load, every queued game's bot should get a choice about this often: the scheduler
squeezes each choice's time to ``workers * PERIOD_S / (choices waiting or running)``."""
MIN_SLICE_S = 0.1
"""The least time a crowded pool gives a thinking bot's choice."""


@dataclass(eq=False)
class _Job:
    owner: str
    game: str
    bot: Any
    view: dict[str, Any] | None
    legal: Sequence[Action]
    done: asyncio.Future[tuple[Action, Any | None]]
    limit_s: float | None = None


class BotPool:
    """A few worker processes for thinking bots, started on first use, and a fair scheduler.

    Choices wait in a queue per *owner* (the client that created the game): a free worker takes
    the next owner's oldest choice in turn, so a client with fifty games gets the same share as
    one with a single game, and each of its games is served in turn (a game's bot driver asks
    for one choice at a time). When more choices wait than the workers can serve within
    ``PERIOD_S`` at full budget, each is given ``limit_s`` (see ``think``): every game keeps
    moving, at a smaller budget. Worker processes end with their server (``worker_init``)."""

    def __init__(self, workers: int = DEFAULT_WORKERS, *, period_s: float = PERIOD_S,
                 slots: int | None = None) -> None:
        self.workers = workers
        self.period_s = period_s
        self._slots = slots if slots is not None else max(1, workers)
        """Workers (``slots`` for threads, in tests): the choices with a budget made at once."""
        self._ex: cf.ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._waiting: dict[str, collections.deque[_Job]] = {}
        self._turns: collections.deque[str] = collections.deque()
        """Owners with waiting choices, in the order they are served."""
        self._running = 0
        self._running_by: collections.Counter[str] = collections.Counter()
        self._long_by: collections.Counter[str] = collections.Counter()
        self.served: collections.Counter[str] = collections.Counter()
        """Choices made, by owner (tests and the stats)."""

    def _executor(self) -> cf.ProcessPoolExecutor:
        with self._lock:
            if self._ex is None:
                self._ex = cf.ProcessPoolExecutor(max_workers=self.workers,
                                                  mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=worker_init, initargs=(os.getpid(),))
            return self._ex

    def _restart(self) -> None:
        with self._lock:
            ex, self._ex = self._ex, None
        if ex is not None:
            _stop(ex)

    def slots(self) -> int:
        return self._slots

    def _owner_cap(self) -> int:
        """Choices with a time budget (``thinks_long``) one owner may have under way at once:
        all slots but one (kept for the other owners, whose choice then starts at once), or the
        one slot there is. Quick choices (greedy) are not capped: nobody waits long behind one."""
        return max(1, self._slots - 1)

    def limit_s(self) -> float | None:
        """The time a choice dispatched now may take: None while the pool keeps up, else the
        period shared among the choices waiting or under way (on the slots they can use)."""
        demand = self._running + sum(len(q) for q in self._waiting.values())
        owners = len(set(self._waiting) | set(self._running_by))
        usable = min(self._slots, self._owner_cap() * max(1, owners))
        share = usable * self.period_s / max(1, demand)
        return None if share >= MAX_SECONDS else max(MIN_SLICE_S, share)

    async def choose(self, bot: Any, view: dict[str, Any] | None, legal: Sequence[Action], *,
                     owner: str = "", game: str = "") -> tuple[Action, Any | None]:
        """The bot's choice, made in a worker process (``workers`` = 0: in a thread of this
        process, for tests) when the scheduler gives ``owner``'s turn to this ``game``. On a
        failure or a timeout the first legal action, logged, and None for the bot (the caller
        keeps its own)."""
        job = _Job(owner or game, game, bot, view, legal, asyncio.get_running_loop().create_future())
        q = self._waiting.get(job.owner)
        if q is None:
            q = self._waiting[job.owner] = collections.deque()
            self._turns.append(job.owner)
        q.append(job)
        self._dispatch()
        return await job.done  # a cancelled job is skipped when its turn comes

    def _dispatch(self) -> None:
        """Start waiting choices while slots are free: owners in turn, each owner's oldest."""
        skipped: list[str] = []
        depth = self._slots * QUICK_DEPTH
        while self._running < depth and self._turns:
            owner = self._turns.popleft()
            q = self._waiting[owner]
            while q and q[0].done.done():  # cancelled while it waited
                q.popleft()
            if not q:
                del self._waiting[owner]
                continue
            if thinks_long(q[0].bot):
                if self._running >= self._slots:
                    # A choice with a budget starts only on a free worker; quick choices no
                    # longer queue up ahead of it.
                    depth = self._slots
                    skipped.append(owner)
                    continue
                if self._long_by[owner] >= self._owner_cap():
                    skipped.append(owner)
                    continue
            job = q.popleft()
            if q:
                self._turns.append(owner)
            else:
                del self._waiting[owner]
            job.limit_s = self.limit_s() if thinks_long(job.bot) else None
            self._running += 1
            self._running_by[owner] += 1
            if thinks_long(job.bot):
                self._long_by[owner] += 1
            self.served[owner] += 1
            asyncio.get_running_loop().create_task(self._run(job))
        self._turns.extendleft(reversed(skipped))  # their turn comes first when a slot frees

    async def _run(self, job: _Job) -> None:
        try:
            got = await self._think(job)
            if not job.done.done():
                job.done.set_result(got)
        except BaseException as e:  # noqa: BLE001 - handed to the waiting driver
            if not job.done.done():
                job.done.set_exception(e)
        finally:
            self._running -= 1
            self._running_by[job.owner] -= 1
            if not self._running_by[job.owner]:
                del self._running_by[job.owner]
            if thinks_long(job.bot):
                self._long_by[job.owner] -= 1
                if not self._long_by[job.owner]:
                    del self._long_by[job.owner]
            self._dispatch()

    async def _think(self, job: _Job) -> tuple[Action, Any | None]:
        args = (job.bot, job.view, job.legal, job.limit_s)
        try:
            if self.workers <= 0:
                return await asyncio.wait_for(asyncio.to_thread(think, *args), THINK_TIMEOUT_S)
            fut = self._executor().submit(think, *args)
            return await asyncio.wait_for(asyncio.wrap_future(fut), THINK_TIMEOUT_S)
        except (TimeoutError, cf.process.BrokenProcessPool) as e:
            log.error("a bot did not answer (%s); its seat plays its first legal action", type(e).__name__)
            self._restart()
        return job.legal[0], None

    async def warm(self) -> None:
        """Start the worker processes now (a server's start), not at the first bot's choice:
        a spawned worker takes seconds to import the engine and the bots."""
        if self.workers <= 0:
            return
        ex = self._executor()
        with contextlib.suppress(Exception):
            await asyncio.gather(*(asyncio.wrap_future(ex.submit(os.getpid)) for _ in range(self.workers)))

    def stats(self) -> dict[str, Any]:
        return {"workers": self.workers, "running": self._running,
                "waiting": sum(len(q) for q in self._waiting.values()), "owners_waiting": len(self._waiting)}

    def close(self) -> None:
        """Stop the workers now (a choice under way is abandoned)."""
        self._restart()


def thinks_long(bot: Any) -> bool:
    """Whether a bot has a time budget the scheduler may squeeze (``time_s``)."""
    return hasattr(bot, "time_s")


def _stop(ex: cf.ProcessPoolExecutor) -> None:
    """Shut ``ex`` down and end its worker processes at once (a worker thinking for seconds
    would otherwise outlive the executor; old pools used to pile up that way)."""
    procs = list((getattr(ex, "_processes", None) or {}).values())
    ex.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        with contextlib.suppress(Exception):
            p.kill()
    for p in procs:
        with contextlib.suppress(Exception):
            p.join(1.0)
