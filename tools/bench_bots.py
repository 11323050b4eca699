"""Speed of the bots for play (a benchmark, not a test: the figures depend on the machine).

Usage::

    python tools/bench_bots.py [--games 2] [--mcts 1s] [--mcts-turns 20] [--seed 1] [--players 2]

* greedy: the time (wall clock, and CPU time of this process, which a loaded machine does
  not inflate) of every decision greedy takes (with two or more options) in ``--games``
  games of ``--players`` seats, the others random; prints median, 95th and 99th percentile
  and the maximum, and the share of decisions over 50 ms.
* mcts: the thinking time per turn (its budget is per turn) over ``--mcts-turns`` of its turns
  in a game of ``--players`` seats, the others greedy, wall clock and CPU time; prints the
  mean, the maximum and the number of turns beyond the budget + 10%, and the iterations of
  its focus choices.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from newdawn.bots import Bot, RandomBot, make_bot, play_game
from newdawn.bots.registry import parse_budget
from newdawn.engine import Action, GameState, game_config, new_game


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


class Timed:
    """A bot that times its calls of the wrapped bot (wall clock and CPU time of this process,
    which a loaded machine does not inflate); ``play_game`` asks it only for real choices."""

    needs_view = True

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.last: tuple[float, float] | None = None
        """The times of the last call, until the caller takes them (sets it to None)."""

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        t0, c0 = time.perf_counter(), time.process_time()
        a = self.bot.choose(view, legal)
        self.last = (time.perf_counter() - t0, time.process_time() - c0)
        self.wall.append(self.last[0])
        self.cpu.append(self.last[1])
        return a


def bench_greedy(games: int, seed: int, players: int = 2) -> None:
    times: list[float] = []
    cpu: list[float] = []
    for g in range(games):
        st = new_game(game_config(players, max_rounds=200), seed + g)
        gseat = g % players
        timed = Timed(make_bot("greedy", seed + g))
        bots: list[Bot] = [timed if s == gseat else RandomBot(random.Random(seed + g)) for s in range(players)]
        play_game(st, bots)
        times.extend(timed.wall)
        cpu.extend(timed.cpu)
    for what, xs in (("wall", times), ("cpu", cpu)):
        ms = [t * 1000 for t in xs]
        print(f"greedy ({what} time): {len(ms)} decisions in {games} {players}-player games: "
              f"median {statistics.median(ms):.1f} ms, "
              f"p95 {pct(ms, 0.95):.1f} ms, p99 {pct(ms, 0.99):.1f} ms, max {max(ms):.1f} ms, "
              f"over 50 ms {sum(1 for x in ms if x > 50) / len(ms):.2%}")


def bench_mcts(spec: str, turns: int, seed: int, players: int = 2) -> None:
    """The thinking time of mcts per turn (its budget is per turn): every decision it takes
    while turn (round, current seat) lasts is added to that turn, in a game against greedy
    bots, until ``turns`` of its own turns were timed (or the game ended)."""
    secs, _ = parse_budget(spec)
    st = new_game(game_config(players, max_rounds=200), seed)
    mcts = make_bot(f"mcts:{spec}", seed)
    timed = Timed(mcts)
    bots: list[Bot] = [timed] + [make_bot("greedy", seed + s) for s in range(1, players)]
    wall: dict[tuple[int, int], float] = {}
    cpu: dict[tuple[int, int], float] = {}
    its: list[int] = []
    focus_cpu: list[float] = []

    def record(st: GameState, seat: int, a: Action) -> None:
        if seat != 0 or timed.last is None:
            return
        key = (st.round, st.current)
        wall[key] = wall.get(key, 0.0) + timed.last[0]
        cpu[key] = cpu.get(key, 0.0) + timed.last[1]
        if a.verb == "focus":
            its.append(mcts.last_iterations)  # type: ignore[attr-defined]
            focus_cpu.append(timed.last[1])
        timed.last = None

    play_game(st, bots, before=record, stop=lambda _st: sum(1 for k in wall if k[1] == 0) > turns)
    own = [k for k in wall if k[1] == 0][:turns]
    for what, d in (("wall", wall), ("cpu", cpu)):
        xs = [d[k] for k in own]
        over = sum(1 for t in xs if secs is not None and t > 1.1 * secs)
        print(f"mcts:{spec} ({what} time): {len(xs)} own turns of a {players}-player game: "
              f"mean {statistics.fmean(xs):.3f} s, "
              f"max {max(xs):.3f} s, beyond budget+10% {over}")
    print(f"  focus-choice iterations: mean {statistics.fmean(its):.0f}, min {min(its)}, max {max(its)}; "
          f"{sum(its) / max(sum(focus_cpu), 1e-9):.0f} per CPU second over {len(its)} focus choices")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--mcts", default="1s")
    ap.add_argument("--mcts-turns", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2, choices=range(2, 5))
    a = ap.parse_args()
    if a.games > 0:
        bench_greedy(a.games, a.seed, a.players)
    if a.mcts_turns > 0:
        bench_mcts(a.mcts, a.mcts_turns, a.seed, a.players)


if __name__ == "__main__":
    main()
