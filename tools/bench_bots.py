"""Speed of the bots for play (a benchmark, not a test: the figures depend on the machine).

Usage::

    python tools/bench_bots.py [--games 2] [--mcts 1s] [--mcts-decisions 20] [--seed 1]

* greedy: the time (wall clock, and CPU time of this process, which a loaded machine does
  not inflate) of every decision greedy takes (with two or more options) in ``--games``
  2-player games against random; prints median, 95th and 99th percentile and the maximum,
  and the share of decisions over 50 ms.
* mcts: ``--mcts-decisions`` decisions with the ``--mcts`` budget, taken at points of a game
  played by random bots; prints the budget, the mean, maximum and the share beyond +10%.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from newdawn.bots import MctsBot, RandomBot, make_bot
from newdawn.bots.registry import parse_budget
from newdawn.engine import decision_seat, legal_actions, new_game, player_view
from newdawn.engine.api import apply_in_place


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def bench_greedy(games: int, seed: int) -> None:
    times: list[float] = []
    cpu: list[float] = []
    for g in range(games):
        st = new_game({"players": 2, "max_rounds": 200}, seed + g)
        bots = [make_bot("greedy", seed + g), RandomBot(random.Random(seed + g))]
        gseat = g % 2
        if gseat:
            bots.reverse()
        while st.winner == -1:
            legal = legal_actions(st)
            seat = decision_seat(st)
            if seat == gseat and len(legal) > 1:
                view = player_view(st, seat)
                t0, c0 = time.perf_counter(), time.process_time()
                a = bots[seat].choose(view, legal)
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            else:
                a = bots[seat].choose(None, legal) if seat != gseat else legal[0]
            apply_in_place(st, a)
    for what, xs in (("wall", times), ("cpu", cpu)):
        ms = [t * 1000 for t in xs]
        print(f"greedy ({what} time): {len(ms)} decisions in {games} games: median {statistics.median(ms):.1f} ms, "
              f"p95 {pct(ms, 0.95):.1f} ms, p99 {pct(ms, 0.99):.1f} ms, max {max(ms):.1f} ms, "
              f"over 50 ms {sum(1 for x in ms if x > 50) / len(ms):.2%}")


def bench_mcts(spec: str, decisions: int, seed: int) -> None:
    secs, iters = parse_budget(spec)
    st = new_game({"players": 2, "max_rounds": 200}, seed)
    rnd = RandomBot(random.Random(seed))
    times: list[float] = []
    its: list[int] = []
    step = 0
    while st.winner == -1 and len(times) < decisions:
        legal = legal_actions(st)
        if len(legal) > 1 and step % 37 == 0:
            bot = MctsBot(random.Random(step), time_s=secs, iterations=iters)
            view = player_view(st, decision_seat(st))
            t0 = time.perf_counter()
            bot.choose(view, legal)
            times.append(time.perf_counter() - t0)
            its.append(bot.last_iterations)
        apply_in_place(st, rnd.choose(None, legal))
        step += 1
    over = sum(1 for t in times if secs is not None and t > 1.1 * secs)
    print(f"mcts:{spec}: {len(times)} decisions: mean {statistics.fmean(times):.3f} s, "
          f"max {max(times):.3f} s, beyond budget+10% {over}, iterations mean {statistics.fmean(its):.0f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--mcts", default="1s")
    ap.add_argument("--mcts-decisions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    if a.games > 0:
        bench_greedy(a.games, a.seed)
    if a.mcts_decisions > 0:
        bench_mcts(a.mcts, a.mcts_decisions, a.seed)


if __name__ == "__main__":
    main()
