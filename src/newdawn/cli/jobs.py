"""Long runs of independent jobs (tournament games, self-play games) that a kill never loses.

``run_jobs`` runs ``fn(job, stop)`` for every job in this process, in a pool of worker
processes or as Ray tasks, and hands each result to ``on_done`` as it arrives. A stop request
(Ctrl-C, SIGTERM, SIGHUP while ``stop_signals`` is active, or ``on_done`` raising
``KeyboardInterrupt``) ends the run between results: the results delivered so far are kept by
the caller, the job in progress is abandoned (``fn`` sees ``stop()`` turn true and returns
None), and the worker processes are terminated.

The signal handlers only set a flag. They never raise into the code that is running: in the
compiled build (mypyc) an exception raised from a signal handler in the middle of native code
is not one the generated code expects, and the process died with "fatal: out of memory"
instead of reporting the games it had finished.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing as mp
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from .common import CliError

J = TypeVar("J")
R = TypeVar("R")

STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n))
"""Signals that stop a run the way Ctrl-C does (SIGHUP: the terminal closed; it does not exist
on Windows)."""

POLL_S = 0.2
"""How often a run waiting on worker processes looks at the stop flag."""


class StopFlag:
    """Set by the stop signals (``stop_signals``) or by hand; asked between decisions and jobs."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self.requested = False

    def __call__(self) -> bool:
        return self.requested

    def set(self, signum: int | None = None) -> None:
        self.requested = True
        self.signum = signum


@contextlib.contextmanager
def stop_signals(flag: StopFlag) -> Iterator[StopFlag]:
    """While active, the stop signals set ``flag`` instead of interrupting; the handlers found
    are restored after. A second Ctrl-C raises ``KeyboardInterrupt`` at once (the user insists).
    Outside the main thread (where handlers cannot be set) nothing is installed."""
    old: dict[int, Any] = {}

    def handler(signum: int, frame: Any) -> None:
        if flag.requested and signum == getattr(signal, "SIGINT", None):
            raise KeyboardInterrupt
        flag.set(signum)

    for sig in STOP_SIGNALS:
        try:
            old[sig] = signal.signal(sig, handler)
        except ValueError:  # not the main thread
            break
    try:
        yield flag
    finally:
        for sig, h in old.items():
            signal.signal(sig, h)


def _ignore_stop_signals() -> None:
    """Worker processes leave stopping to the parent: Ctrl-C at a terminal reaches the whole
    process group, and a worker that died of it would print a traceback per worker. SIGTERM
    keeps its default (the process ends quietly): ``Pool.terminate`` ends the workers with it,
    and a worker ignoring it left the stopped parent waiting for them for ever."""
    for sig in STOP_SIGNALS:
        if sig != getattr(signal, "SIGTERM", None):
            signal.signal(sig, signal.SIG_IGN)


def _call_unstoppable(fn: Callable[[J, Callable[[], bool] | None], R], job: J) -> R:
    """A job in a worker process: the parent terminates the pool to stop it."""
    return fn(job, None)


def run_jobs(fn: Callable[[J, Callable[[], bool] | None], R | None], jobs: Iterable[J], on_done: Callable[[R], None],
             stop: StopFlag, workers: int = 1, ray_address: str | None = None) -> bool:
    """Run ``fn(job, stop)`` for each job and pass each result to ``on_done`` as it comes (in
    the order they finish). Returns True when the run was stopped before the end (``stop`` set,
    or ``on_done`` raised ``KeyboardInterrupt``). ``fn`` must be picklable for ``workers`` > 1
    and for Ray; in this process it is given ``stop`` so a long job can end early (returning
    None, which is not passed on)."""
    todo = list(jobs)
    try:
        if ray_address:
            _run_ray(fn, todo, on_done, stop, ray_address)
        elif workers <= 1 or len(todo) <= 1:
            for j in todo:
                if stop():
                    break
                res = fn(j, stop)
                if res is not None and not stop():
                    on_done(res)
        else:
            _run_pool(fn, todo, on_done, stop, workers)
    except KeyboardInterrupt:
        stop.set()
    return stop()


def _run_pool(fn: Callable[[J, Callable[[], bool] | None], R | None], jobs: list[J], on_done: Callable[[R], None],
              stop: StopFlag, workers: int) -> None:
    pool = mp.get_context("spawn").Pool(min(workers, len(jobs)), initializer=_ignore_stop_signals)
    try:
        it = pool.imap_unordered(functools.partial(_call_unstoppable, fn), jobs)
        while not stop():
            try:
                res = it.next(timeout=POLL_S)
            except mp.TimeoutError:
                continue
            except StopIteration:
                break
            if res is not None:
                on_done(res)
    finally:
        pool.terminate()
        pool.join()


def _run_ray(fn: Callable[[J, Callable[[], bool] | None], R | None], jobs: list[J], on_done: Callable[[R], None],
             stop: StopFlag, address: str) -> None:

    try:
        # late import: Ray is optional (the `cluster` extra) and loads only when asked for
        import ray
    except ImportError:
        raise CliError("--ray needs the Ray package, which is not installed here: "
                       "pip install 'newdawn[bots]' (or run without --ray to use this machine's cores)") from None
    started = False
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except Exception as e:  # Ray raises many kinds for an unreachable cluster
            raise CliError(f"cannot connect to the Ray cluster at {address}: {e}") from None
        started = True
    try:
        remote: Any = ray.remote(_call_unstoppable)
        pending = [remote.remote(fn, j) for j in jobs]
        while pending and not stop():
            done, pending = ray.wait(pending, num_returns=1, timeout=POLL_S)
            for ref in done:
                res = ray.get(ref)
                if res is not None:
                    on_done(res)
        for ref in pending:
            ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()


def default_workers() -> int:
    return os.cpu_count() or 1


class GameProgress:
    """A rich progress bar on a terminal, else a line every ``every`` games on stderr; entering
    it gives the function to call with each finished game's result (``text`` words it)."""

    def __init__(self, label: str, total: int, done: int, text: Callable[[dict[str, Any]], str],
                 every: int = 1) -> None:
        self.label, self.total, self.done, self.text, self.every = label, total, done, text, every
        self.prog: Any = None

    def __enter__(self) -> Callable[[dict[str, Any]], None]:
        if sys.stderr.isatty():
            # late import: rich is loaded only when a bar is drawn on a terminal
            from rich.console import Console

            # late import: rich is loaded only when a bar is drawn on a terminal
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.prog = Progress(TextColumn(self.label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                 TextColumn("{task.description}"), console=Console(stderr=True))
            self.prog.__enter__()
            self.task = self.prog.add_task("", total=self.total, completed=self.done)
        return self.tick

    def tick(self, res: dict[str, Any]) -> None:
        self.done += 1
        text = self.text(res)
        if self.prog is not None:
            self.prog.update(self.task, advance=1, description=text)
        elif self.done % self.every == 0 or self.done == self.total:
            print(f"game {self.done}/{self.total} {text}", file=sys.stderr, flush=True)

    def __exit__(self, *exc: Any) -> None:
        if self.prog is not None:
            self.prog.__exit__(*exc)
