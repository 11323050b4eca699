"""``newdawn bench``: engine speed on one core, each figure the median over several runs."""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ..bots.random_bot import RandomBot
from ..buildinfo import engine_build
from ..content.rulesets import DEFAULT_RULESET
from ..engine import GameState, apply, game_config, legal_actions, rounds_played
from .common import CliError, play_random, start_game

PLAYERS = 4
MAX_ROUNDS = 200
FIRST_SEED = 1
WARM_UP_SEED = 0
"""The seed of the untimed game played before the timed ones: a process's first game also loads
the content and fills the engine's caches (tile shapes, hook tables, the actions it hands out),
which later games reuse. Catanatron's side of ``tools/bench_side_by_side.py`` plays for 8 s and
so spreads its own first-use costs over many games; the newdawn figures leave them out."""


def _pin_one_core() -> tuple[int | None, set[int] | None]:
    """Pin this process to its first allowed CPU; returns (cpu, previous affinity)."""
    if not hasattr(os, "sched_setaffinity"):
        return None, None
    before = os.sched_getaffinity(0)
    cpu = min(before)
    os.sched_setaffinity(0, {cpu})
    return cpu, set(before)


def _play_copying(config: dict[str, Any], seed: int) -> int:
    """The same random game as ``play_random``, with the copying ``apply``; decisions made."""
    st = start_game(config, seed)
    choose = RandomBot(random.Random(seed)).choose
    n = 0
    while st.winner == -1:
        st = apply(st, choose(None, legal_actions(st)))
        n += 1
    return n


Clock = Callable[[], float]
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}
"""``wall``: the wall clock (the default); ``cpu``: this process's CPU time, which other
processes on a loaded machine do not inflate (``--cpu-time``)."""


def _calibrate(fn: Callable[[], object], clock: Clock, target: float = 0.2) -> int:
    """How many calls of ``fn`` take about ``target`` seconds."""
    n = 1
    while True:
        t0 = clock()
        for _ in range(n):
            fn()
        dt = clock() - t0
        if dt >= 0.02:
            return max(1, int(n * target / dt))
        n *= 2


def _rate(fn: Callable[[], object], count: int, clock: Clock) -> float:
    t0 = clock()
    for _ in range(count):
        fn()
    return count / (clock() - t0)


def _state_ops(st: GameState) -> tuple[Callable[[], object], Callable[[], object]]:
    """A state copy and a JSON round trip of ``st``, as calls without arguments."""

    def copy_once() -> object:
        return st.copy()

    def trip_once() -> object:
        return GameState.from_json(json.loads(json.dumps(st.to_json())))

    return copy_once, trip_once


def measure(runs: int, games: int, ruleset: str = DEFAULT_RULESET, clock_name: str = "wall") -> dict[str, Any]:
    """Every figure of the benchmark (medians over ``runs``), JSON-ready; timed by the clock
    named ``clock_name`` (``CLOCKS``)."""
    clock = CLOCKS[clock_name]
    config = game_config(PLAYERS, max_rounds=MAX_ROUNDS, ruleset=ruleset)
    seeds = range(FIRST_SEED, FIRST_SEED + games)
    play_random(config, WARM_UP_SEED)  # untimed

    late: GameState | None = None
    decisions = 0
    dps: list[float] = []
    gps: list[float] = []
    copy_dps: list[float] = []
    copies: list[float] = []
    trips: list[float] = []
    copy_count = trip_count = 0

    for _ in range(runs):
        n = 0
        t0 = clock()
        for s in seeds:
            st, d, _actions = play_random(config, s)
            n += d
            if late is None:
                late = st
        dt = clock() - t0
        decisions = n
        dps.append(n / dt)
        gps.append(games / dt)

        t0 = clock()
        n2 = 0
        for s in seeds:
            n2 += _play_copying(config, s)
        copy_dps.append(n2 / (clock() - t0))

        assert late is not None
        copy_once, trip_once = _state_ops(late)
        if not copy_count:
            copy_count = _calibrate(copy_once, clock)
            trip_count = _calibrate(trip_once, clock)
        copies.append(_rate(copy_once, copy_count, clock))
        trips.append(_rate(trip_once, trip_count, clock))

    assert late is not None
    return {
        "runs": runs,
        "games_per_run": games,
        "players": PLAYERS,
        "max_rounds": MAX_ROUNDS,
        "decisions_per_run": decisions,
        "decisions_per_s": statistics.median(dps),
        "games_per_s": statistics.median(gps),
        "apply_copy_decisions_per_s": statistics.median(copy_dps),
        "copies_per_s": statistics.median(copies),
        "json_roundtrips_per_s": statistics.median(trips),
        "late_state_json_bytes": len(json.dumps(late.to_json(), separators=(",", ":"))),
        "late_state_seed": FIRST_SEED,
        "late_state_round": rounds_played(late),
        "late_state_winner": late.winner,
        "python": platform.python_version(),
        "build": engine_build(),
        "clock": clock_name,
    }


def _table(r: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    late = f"seed {r['late_state_seed']}, end of round {r['late_state_round']}"
    t = Table(title=f"newdawn bench (CPU {r['cpu']}, Python {r['python']})",
              caption=f"median of {r['runs']} runs; each run plays {r['games_per_run']} complete "
                      f"{r['players']}-player random games (max {r['max_rounds']} rounds)")
    t.add_column("measure")
    t.add_column("value", justify="right")
    t.add_column("notes")
    t.add_row("engine build", r["build"],
              "mypyc (make fast)" if r["build"] == "compiled" else "pure Python (src/)")
    t.add_row("clock", r["clock"], "this process's CPU time (--cpu-time)" if r["clock"] == "cpu" else "wall clock")
    t.add_row("random-play decisions/s", f"{r['decisions_per_s']:,.0f}",
              f"apply_in_place, {r['decisions_per_run']:,}/run")
    t.add_row("complete games/s", f"{r['games_per_s']:,.2f}", "new_game included")
    t.add_row("decisions/s, copying apply", f"{r['apply_copy_decisions_per_s']:,.0f}",
              "apply, same games")
    t.add_row("state copies/s", f"{r['copies_per_s']:,.0f}", f"st.copy(), {late}")
    t.add_row("JSON round-trips/s", f"{r['json_roundtrips_per_s']:,.0f}", "to_json→dumps→loads→from_json")
    t.add_row("late-game JSON size", f"{r['late_state_json_bytes']:,} B", f"compact, {late}")
    Console().print(t)


def run(as_json: bool, runs: int, games: int, ruleset: str = DEFAULT_RULESET, cpu_time: bool = False) -> int:
    if runs < 1 or games < 1:
        raise CliError("--runs and --games must be at least 1")
    cpu, before = _pin_one_core()
    try:
        result = measure(runs, games, ruleset, "cpu" if cpu_time else "wall")
    finally:
        if before is not None:
            os.sched_setaffinity(0, before)
    result["cpu"] = cpu
    if as_json:
        print(json.dumps(result, indent=1))
    else:
        _table(result)
    return 0
