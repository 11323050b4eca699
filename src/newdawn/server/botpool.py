"""Bot budgets and the pool of processes bots think in (issue 28, item 2).

Every bot spec a game is created with is bounded (``check_spec``): at most ``MAX_SECONDS`` or
``MAX_ITERATIONS`` a turn. Specs stored before the bound are clamped when their game is loaded
(``bounded_spec``). Bots that think (everything but ``random``) choose in a
``ProcessPoolExecutor`` of a few worker processes (spawned, not forked: the server has threads
and database connections), so a crowd of thinking bots queues there and never takes the web
process's threads or its CPU time. The bot object travels to the worker with the view and
comes back with the choice, so its generator and turn clock go on as if it had stayed.

Each worker is connected to the server by a socket pair that the event loop reads and writes
itself (``_Worker``): a choice goes out and its answer comes back with no thread of the server
in between. (``concurrent.futures.ProcessPoolExecutor`` passed every choice through two threads
of its own, a feeder and a manager, and its workers shared one locked answer queue: a tenth of
the web process's time under a crowd of quick bots.)
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import struct
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


def _worker_main(conn: Any, parent: int) -> None:
    """A worker process: answer the choices that come through ``conn`` in order, each with
    ``("ok", (action, bot))`` or ``("error", exception)``, until the server closes its end."""
    worker_init(parent)
    while True:
        try:
            job = conn.recv_bytes()
        except (EOFError, OSError):
            os._exit(0)
        try:
            fn, args = pickle.loads(job)
            out: tuple[str, Any] = ("ok", fn(*args))
        except BaseException as e:  # noqa: BLE001 - sent back to the waiting choice
            out = ("error", e)
        try:
            data = pickle.dumps(out, pickle.HIGHEST_PROTOCOL)
        except Exception as e:  # noqa: BLE001 - an answer that does not pickle
            data = pickle.dumps(("error", RuntimeError(f"answer not picklable: {e}")), pickle.HIGHEST_PROTOCOL)
        conn.send_bytes(data)


def unwrap(answer: tuple[str, Any]) -> Any:
    """The value of a worker's answer, or its exception raised."""
    kind, value = answer
    if kind == "error":
        raise value
    return value


class WorkerLost(Exception):
    """A worker process ended (or was stopped) before it answered."""

    def __init__(self, message: str, worker: _Worker | None = None) -> None:
        super().__init__(message)
        self.worker = worker


class _Answers(asyncio.Protocol):
    """The server's end of one worker's socket: answers come back in the order the choices
    were sent (framed as ``multiprocessing.Connection`` frames them: a 4-byte big-endian
    length, or -1 and an 8-byte one)."""

    def __init__(self, worker: _Worker) -> None:
        self.worker = worker
        self.buf = bytearray()

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        while True:
            if len(buf) < 4:
                return
            (size,) = struct.unpack_from("!i", buf)
            head = 4
            if size == -1:
                if len(buf) < 12:
                    return
                (size,) = struct.unpack_from("!Q", buf, 4)
                head = 12
            if len(buf) < head + size:
                return
            payload = bytes(buf[head:head + size])
            del buf[:head + size]
            self.worker.answered(payload)

    def connection_lost(self, exc: Exception | None) -> None:
        self.worker.lost()


class _Worker:
    """One worker process and the event loop's socket to it; ``pending`` are the choices sent
    and not yet answered, oldest first."""

    def __init__(self, ctx: Any, parent: int) -> None:
        ours, theirs = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_worker_main, args=(theirs, parent), daemon=True, name="newdawn-bot")
        self.proc.start()
        theirs.close()
        self.sock = socket.socket(fileno=os.dup(ours.fileno()))
        ours.close()
        self.sock.setblocking(False)
        self.transport: asyncio.Transport | None = None
        self._opening: asyncio.Future[Any] | None = None
        self.pending: collections.deque[asyncio.Future[Any]] = collections.deque()
        self.long = 0
        """Choices with a time budget among ``pending``: quick ones are sent elsewhere if they can."""
        self.dead = False

    async def connect(self) -> None:
        """Hand the socket to the event loop (once, by the first choice sent)."""
        if self.transport is None:
            if self._opening is None:
                self._opening = asyncio.ensure_future(asyncio.get_running_loop().create_unix_connection(
                    lambda: _Answers(self), sock=self.sock))
            transport, _ = await asyncio.shield(self._opening)
            self.transport = transport

    async def call(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in the worker process."""
        await self.connect()
        return unwrap(await self.send(fn, args))

    def send(self, fn: Any, args: tuple[Any, ...], long: bool = False) -> asyncio.Future[Any]:
        """Send ``fn(*args)`` to the worker (connected already) and return the future of its
        answer (``unwrap`` it); ``long``: a choice with a time budget. Synchronous, so that the
        pool's choice of a worker and the choice's place in its queue cannot be interleaved."""
        if self.dead or self.transport is None:
            raise WorkerLost("the worker process ended", self)
        data = pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL)
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending.append(fut)
        if long:
            self.long += 1
            fut.add_done_callback(self._long_done)
        head = struct.pack("!i", len(data)) if len(data) < 0x7FFFFFFF else struct.pack("!iQ", -1, len(data))
        self.transport.write(head + data)
        return fut

    def _long_done(self, _fut: asyncio.Future[Any]) -> None:
        self.long -= 1

    def answered(self, payload: bytes) -> None:
        fut = self.pending.popleft() if self.pending else None
        try:
            got = pickle.loads(payload)
        except Exception as e:  # noqa: BLE001 - an answer that does not unpickle
            got = ("error", e)
        if fut is not None and not fut.done():
            fut.set_result(got)

    def lost(self) -> None:
        self.dead = True
        while self.pending:
            fut = self.pending.popleft()
            if not fut.done():
                with contextlib.suppress(RuntimeError):  # its loop closed: nobody waits for it
                    fut.set_exception(WorkerLost("the worker process ended before it answered", self))

    def stop(self) -> None:
        """End the process now (a choice under way is abandoned; its caller gets ``WorkerLost``)."""
        with contextlib.suppress(Exception):
            self.proc.kill()
        with contextlib.suppress(Exception):  # the loop may be closed already (a server's end)
            if self.transport is not None:
                self.transport.abort()
        with contextlib.suppress(Exception):
            self.sock.close()
        self.lost()

    def join(self, timeout: float) -> None:
        with contextlib.suppress(Exception):
            self.proc.join(timeout)


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
        self._procs: list[_Worker] | None = None
        self._lock = threading.Lock()
        self._waiting: dict[str, collections.deque[_Job]] = {}
        self._turns: collections.deque[str] = collections.deque()
        """Owners with waiting choices, in the order they are served."""
        self._running = 0
        self._running_by: collections.Counter[str] = collections.Counter()
        self._long_by: collections.Counter[str] = collections.Counter()
        self.served: collections.Counter[str] = collections.Counter()
        """Choices made, by owner (tests and the stats)."""

    def _workers(self) -> list[_Worker]:
        with self._lock:
            if self._procs is None:
                ctx = multiprocessing.get_context("spawn")
                self._procs = [_Worker(ctx, os.getpid()) for _ in range(self.workers)]
            return self._procs

    def _replace(self, w: _Worker) -> None:
        """Stop ``w`` (stuck or ended) and start another in its place, if it is still one of
        the pool's (a choice that ends with a worker stopped meanwhile leaves the pool as it is).
        Choices waiting on ``w`` end with ``WorkerLost``: their seats play their first action."""
        with self._lock:
            procs = self._procs
            if procs is None or w not in procs:
                return
            procs[procs.index(w)] = _Worker(multiprocessing.get_context("spawn"), os.getpid())
        w.stop()
        w.join(1.0)

    def _restart(self) -> None:
        """Stop every worker (the next choice starts new ones)."""
        with self._lock:
            procs, self._procs = self._procs, None
        for w in procs or ():
            w.stop()
        for w in procs or ():
            w.join(1.0)

    def pids(self) -> list[int]:
        """The worker processes' ids (none before the first choice or ``warm``)."""
        return [w.proc.pid for w in self._procs or () if w.proc.pid is not None]

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
            for x in self._workers():
                await x.connect()  # at once, but for the first choices of new workers
            w = self._worker_for(job)
            try:
                answer = await asyncio.wait_for(w.send(think, args, thinks_long(job.bot)), THINK_TIMEOUT_S)
                got: tuple[Action, Any | None] = unwrap(answer)
                return got
            except (TimeoutError, WorkerLost) as e:
                log.error("a bot did not answer (%s); its seat plays its first legal action", type(e).__name__)
                self._replace(w)
        except TimeoutError:
            log.error("a bot did not answer (TimeoutError); its seat plays its first legal action")
        return job.legal[0], None

    def _worker_for(self, job: _Job) -> _Worker:
        """The worker a choice is sent to: one thinking with no budget if there is one (a quick
        choice should not queue behind seconds of search), then the one with fewest choices
        waiting; a choice with a budget goes to an idle one (the scheduler starts it only when
        one is free)."""
        procs = [w for w in self._workers() if not w.dead] or self._workers()
        return min(procs, key=lambda w: (w.long > 0, len(w.pending)))

    async def warm(self) -> None:
        """Start the worker processes now (a server's start), not at the first bot's choice:
        a spawned worker takes seconds to import the engine and the bots."""
        if self.workers <= 0:
            return
        with contextlib.suppress(Exception):
            await asyncio.gather(*(w.call(os.getpid) for w in self._workers()))

    def stats(self) -> dict[str, Any]:
        return {"workers": self.workers, "running": self._running,
                "waiting": sum(len(q) for q in self._waiting.values()), "owners_waiting": len(self._waiting)}

    def close(self) -> None:
        """Stop the workers now (a choice under way is abandoned)."""
        self._restart()


def thinks_long(bot: Any) -> bool:
    """Whether a bot has a time budget the scheduler may squeeze (``time_s``)."""
    return hasattr(bot, "time_s")
