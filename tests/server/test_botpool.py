"""The bot pool: a fair share per owner and per game, budgets squeezed under load, and worker
processes that end with their server (issue 43, item 2)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import newdawn
from newdawn.engine import Action
from newdawn.server.botpool import BotPool

SRC = str(Path(newdawn.__file__).resolve().parents[1])


class SlowBot:
    """Thinks for its whole time budget, as a search bot does."""

    needs_view = True
    name = "slow"

    def __init__(self, time_s: float) -> None:
        self.time_s = time_s
        self.used: list[float] = []

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        self.used.append(self.time_s)
        time.sleep(self.time_s)
        return legal[-1]


class QuickBot:
    """Answers at once and has no time budget (greedy)."""

    needs_view = True
    name = "quick"

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        time.sleep(0.02)
        return legal[-1]


LEGAL = [Action("a"), Action("b")]


def test_a_crowd_of_slow_games_from_one_owner_does_not_delay_another_owner() -> None:
    async def run() -> tuple[float, list[SlowBot], BotPool]:
        pool = BotPool(0, period_s=1.0, slots=2)
        crowd = [SlowBot(2.0) for _ in range(20)]
        tasks = [asyncio.create_task(pool.choose(b, {}, LEGAL, owner="attacker", game=f"g{i}"))
                 for i, b in enumerate(crowd)]
        await asyncio.sleep(0.3)
        t0 = time.monotonic()
        action, _ = await pool.choose(QuickBot(), {}, LEGAL, owner="player", game="mine")
        waited = time.monotonic() - t0
        assert action == LEGAL[-1]
        await asyncio.gather(*tasks)
        return waited, crowd, pool

    waited, crowd, pool = asyncio.run(run())
    # First come, first served would have made it wait for twenty 2 s choices; the slot kept
    # for other owners lets it start at once.
    assert waited < 0.3, waited
    # the crowd was served in turn, each later choice squeezed to a slice of the period
    assert all(len(b.used) == 1 for b in crowd)
    assert all(b.used[0] <= 0.2 for b in crowd[1:10]), [b.used for b in crowd]
    assert all(b.time_s == 2.0 for b in crowd), "each bot gets its own budget back"
    assert pool.served == {"attacker": 20, "player": 1}


def test_every_game_of_a_crowd_moves_often_and_a_lone_bot_gets_its_full_budget() -> None:
    async def run() -> tuple[list[float], SlowBot]:
        pool = BotPool(0, period_s=0.8, slots=2)
        gaps: list[float] = []

        async def driver(i: int) -> None:  # as a game's bot driver: one choice after another
            bot = SlowBot(1.0)
            last = time.monotonic()
            for _ in range(3):
                await pool.choose(bot, {}, LEGAL, owner="a", game=f"g{i}")
                now = time.monotonic()
                gaps.append(now - last)
                last = now

        await asyncio.gather(*(driver(i) for i in range(8)))
        alone = SlowBot(0.3)
        await pool.choose(alone, {}, LEGAL, owner="b", game="alone")
        return gaps, alone

    gaps, alone = asyncio.run(run())
    # at full budget, one slot for the owner: a move every 8 s per game
    assert max(gaps) < 5.0, sorted(gaps)[-5:]
    assert alone.used == [0.3], "a pool that keeps up gives the full budget"


# ---------------------------------------------------------------- workers end with their server

POOL_SCRIPT = """
import asyncio, random, sys, time
from newdawn.bots.random_bot import RandomBot
from newdawn.server.botpool import BotPool
from newdawn.engine import Action

async def main():
    pool = BotPool(2)
    await asyncio.gather(*(pool.choose(RandomBot(random.Random(i)), {}, [Action("x")], owner=str(i)) for i in range(4)))
    print(" ".join(str(p) for p in pool.pids()), flush=True)
    if sys.argv[1] == "term":
        import signal
        signal.signal(signal.SIGTERM, lambda *a: (pool.close(), sys.exit(0)))
    time.sleep(60)

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find the worker processes")
@pytest.mark.parametrize("how", ["kill", "term"])
def test_worker_processes_end_with_their_server(how: str) -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    proc = subprocess.Popen([sys.executable, "-c", POOL_SCRIPT, how], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        pids = [int(x) for x in proc.stdout.readline().split()]
        assert len(pids) == 2 and all(_alive(p) for p in pids)
        proc.send_signal(signal.SIGKILL if how == "kill" else signal.SIGTERM)
        proc.wait(10)
        deadline = time.monotonic() + 15
        while any(_alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(_alive(p) for p in pids), "worker processes outlived their server"
    finally:
        proc.kill()
        proc.wait()


def test_a_served_pool_starts_its_workers_before_the_first_choice() -> None:
    """A spawned worker takes seconds to start on a busy machine: a server warms its pool at
    start, so the first bot's choice does not wait for that."""
    pool = BotPool(1)
    try:
        asyncio.run(pool.warm())
        assert len(pool.pids()) == 1
    finally:
        pool.close()


class GatedBot:
    """A quick bot (no budget) that waits for a gate, logging when it starts and how many of
    its kind think at once."""

    needs_view = True
    name = "gated"
    running = 0
    most = 0

    def __init__(self, tag: str, gate: Any, log: list[str]) -> None:
        self.tag, self.gate, self.log = tag, gate, log

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        self.log.append(self.tag)
        GatedBot.running += 1
        GatedBot.most = max(GatedBot.most, GatedBot.running)
        self.gate.wait(5)
        GatedBot.running -= 1
        return legal[-1]


class LoggedSlowBot(SlowBot):
    def __init__(self, tag: str, log: list[str]) -> None:
        super().__init__(0.05)
        self.tag, self.log = tag, log

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        self.log.append(self.tag)
        return super().choose(view, legal)


def test_quick_choices_queue_one_ahead_per_worker_but_never_ahead_of_a_budgeted_one() -> None:
    """A worker's next quick choice waits in its queue (no idle round trip between two greedy
    answers); a choice with a time budget waiting for a worker stops that, so it is not starved."""
    import threading

    async def run() -> list[str]:
        GatedBot.running = GatedBot.most = 0
        pool = BotPool(0, slots=1)
        log: list[str] = []
        gate = threading.Event()
        first = [asyncio.create_task(pool.choose(GatedBot(f"q{i}", gate, log), {}, LEGAL, owner="a", game=f"a{i}"))
                 for i in range(3)]
        await asyncio.sleep(0.2)
        assert GatedBot.most == 2, "two quick choices under way on one worker"
        slow = asyncio.create_task(pool.choose(LoggedSlowBot("slow", log), {}, LEGAL, owner="b", game="b"))
        await asyncio.sleep(0.05)
        later = [asyncio.create_task(pool.choose(GatedBot(f"c{i}", gate, log), {}, LEGAL, owner="c", game=f"c{i}"))
                 for i in range(2)]
        await asyncio.sleep(0.1)
        gate.set()
        await asyncio.gather(*first, slow, *later)
        return log

    log = asyncio.run(run())
    assert log[:2] == ["q0", "q1"]
    assert log.index("slow") < log.index("c0"), log


# ---------------------------------------------------------------- a worker that dies or hangs

class DyingBot:
    """Its worker process ends while it thinks (a crash, the out-of-memory killer)."""

    needs_view = True
    name = "dying"

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        os._exit(3)


class StuckBot:
    """Never answers within the pool's patience."""

    needs_view = True
    name = "stuck"

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        time.sleep(60)
        return legal[-1]


@pytest.mark.parametrize("bot", [DyingBot(), StuckBot()], ids=["dies", "hangs"])
def test_a_worker_that_dies_or_hangs_costs_its_choice_not_the_pool(bot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat plays its first legal action; the worker is replaced (a hung one ended) and the
    next choice is made by the new one."""
    import random

    from newdawn.bots.random_bot import RandomBot
    from newdawn.server import botpool

    monkeypatch.setattr(botpool, "THINK_TIMEOUT_S", 3.0)
    pool = BotPool(1)

    async def go() -> tuple[Any, Any, list[int], Any]:
        await pool.warm()
        before = pool.pids()
        lost = await pool.choose(bot, {}, [Action("first"), Action("second")], owner="a")
        after = await pool.choose(RandomBot(random.Random(1)), {}, [Action("only")], owner="a")
        return lost, after, before, pool.pids()

    try:
        lost, after, before, now = asyncio.run(go())
        assert lost == (Action("first"), None)
        assert after[0] == Action("only")
        assert len(before) == len(now) == 1 and before != now
        deadline = time.monotonic() + 10
        while _alive(before[0]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(before[0]), "the old worker was ended"
    finally:
        pool.close()


class NappingBot:
    """A quick bot (no time budget) that takes a moment."""

    needs_view = True
    name = "napping"

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        time.sleep(0.4)
        return legal[0]


def test_a_quick_choice_is_not_queued_behind_a_worker_that_searches() -> None:
    """While one worker searches for seconds, quick choices (greedy) go to the other, even when
    it has one under way already."""
    pool = BotPool(2)

    async def go() -> float:
        await pool.warm()
        # both workers import this module (the bots' classes) before the clock starts
        await asyncio.gather(*(pool.choose(NappingBot(), {}, [Action("w")], owner=f"warm{i}") for i in range(2)))
        slow = asyncio.create_task(pool.choose(SlowBot(4.0), {}, [Action("a"), Action("b")], owner="searcher"))
        await asyncio.sleep(0.3)
        t0 = time.monotonic()
        first = asyncio.create_task(pool.choose(NappingBot(), {}, [Action("q")], owner="quick1"))
        await asyncio.sleep(0.1)  # the first is under way on the free worker
        await asyncio.gather(first, pool.choose(NappingBot(), {}, [Action("q")], owner="quick2"))
        took = time.monotonic() - t0
        assert (await slow)[0] == Action("b")
        return took

    try:
        assert asyncio.run(go()) < 2.5  # 0.8 s of naps on the free worker; 3.5 s behind the search
    finally:
        pool.close()
