"""The research adapters' speed, side by side (a benchmark, not a test).

Usage::

    python tools/bench_research.py [--runs 3] [--games 3] [--players 4] [--max-rounds 200]
        [--gym-games 2] [--catanatron-games 5] [--peers-python PATH] [--json]
    python tools/bench_research.py --spaces 20 [--json]

Pins itself to one CPU (as ``newdawn bench`` does) and, in interleaved runs, times in CPU
time: random play through the engine (``newdawn bench``'s loop), the OpenSpiel game, the
PettingZoo environment without and with an observation at every step, Shimmy's wrapper, and
learner steps of the Gymnasium environment beside catanatron-gym's (run by the interpreter of
``.venv-peers``, README "Speed"; ``--peers-python`` names another; without one the catanatron
loop is left out and said so). Prints the medians and the ratios: each environment to the
engine, and the Gymnasium environment to catanatron-gym. See ``newdawn.research.bench`` and
docs/research.md.

``--spaces GAMES`` prints instead the figures of docs/research.md "Which spaces" (sizes, the
share of decisions with more options than the option space shows, non-zero shares, the
weights of MaskablePPO's default policy), from GAMES two-player games of the Gymnasium
environment (``newdawn.research.bench.space_figures``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from newdawn.research.bench import maskable_ppo_parameters, measure, peers_python, space_figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-rounds", type=int, default=200)
    ap.add_argument("--gym-games", type=int, default=2, help="Gymnasium episodes per run")
    ap.add_argument("--catanatron-games", type=int, default=5, help="catanatron-gym episodes per run")
    ap.add_argument("--peers-python", help="the interpreter with catanatron-gym (default: .venv-peers/bin/python)")
    ap.add_argument("--spaces", type=int, metavar="GAMES",
                    help="print the observation and action space figures from GAMES games instead")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.spaces is not None:
        spaces(args.spaces, args.max_rounds, args.json)
        return
    if args.runs < 1 or args.games < 1 or args.gym_games < 1 or args.catanatron_games < 1:
        ap.error("--runs, --games, --gym-games and --catanatron-games must be at least 1")
    peers = args.peers_python or peers_python(Path(__file__).resolve().parent.parent)
    if peers is None:
        print("no .venv-peers/bin/python (README \"Speed\"): catanatron-gym is left out", file=sys.stderr)
    before = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    if before:
        os.sched_setaffinity(0, {min(before)})
    try:
        r = measure(args.runs, args.games, args.players, args.max_rounds, gym_games=args.gym_games,
                    catanatron_games=args.catanatron_games, catanatron_python=peers)
    finally:
        if before:
            os.sched_setaffinity(0, before)
    if args.json:
        print(json.dumps(r, indent=1))
        return
    print(f"{r['runs']} runs x {r['games']} games, {r['players']} players, max {r['max_rounds']} rounds, "
          f"CPU time; {r['num_distinct_actions']:,} distinct actions")
    for name, rate in r["decisions_per_s"].items():
        ratio = r["ratio_to_engine"].get(name)
        same = r["ratio_to_engine_same_games"].get(name)
        share = f"{ratio:6.1%} of engine" if ratio is not None else "(newdawn bench's random play)"
        if same is not None:
            share += f", {same:6.1%} of the engine on the same games"
        print(f"  {name:20s} {rate:10,.0f} decisions/s  {share}  ({r['counts_per_run'][name]:,} decisions/run)")
    for name, rate in r["learner_steps_per_s"].items():
        print(f"  {name:20s} {rate:10,.0f} learner steps/s  ({r['counts_per_run'][name]:,} steps/run)")
    if "gym_to_catanatron_gym" in r:
        print(f"  Gymnasium env against catanatron-gym: {r['gym_to_catanatron_gym']:.2f}x")


def spaces(games: int, max_rounds: int, as_json: bool) -> None:
    r = space_figures(games, max_rounds)
    try:
        r["maskable_ppo_parameters"] = maskable_ppo_parameters()
    except ImportError:  # no learn extra
        r["maskable_ppo_parameters"] = None
    if as_json:
        print(json.dumps(r, indent=1))
        return
    lo, hi = r["compact_nonzero_p10_p90"]
    print(f"compact observation {r['compact_size']:,} numbers, full {r['full_size']:,}; "
          f"{r['num_distinct_actions']:,} distinct action ids; option space Discrete({r['options']})")
    print(f"{games} two-player games, {r['learner_steps']:,} learner decisions (forced ones skipped): "
          f"{r['more_than_options']:.2%} offer more than {r['options']} options "
          f"(1 in {1 / r['more_than_options']:.0f})" if r["more_than_options"] else "none offer more")
    print(f"non-zero: compact {r['compact_nonzero_mean']:.1%} on average ({lo:.1%}-{hi:.1%}, 10th-90th "
          f"percentile), full {r['full_nonzero_mean']:.2%}")
    if r["maskable_ppo_parameters"] is not None:
        print(f"MaskablePPO's default policy: {r['maskable_ppo_parameters']:,} weights")


if __name__ == "__main__":
    main()
