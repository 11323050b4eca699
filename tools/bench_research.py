"""Environment overhead of the research adapters (a benchmark, not a test).

Usage::

    python tools/bench_research.py [--runs 3] [--games 3] [--players 4] [--max-rounds 200] [--json]

Pins itself to one CPU (as ``newdawn bench`` does) and plays random games through the engine
(``newdawn bench``'s random-play loop), the OpenSpiel game and the PettingZoo environment, runs
interleaved; prints the median decisions/s of each and the ratio to the engine's. See
``newdawn.research.bench`` and docs/research.md.
"""

from __future__ import annotations

import argparse
import json
import os

from newdawn.research.bench import measure


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-rounds", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.runs < 1 or args.games < 1:
        ap.error("--runs and --games must be at least 1")
    before = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    if before:
        os.sched_setaffinity(0, {min(before)})
    try:
        r = measure(args.runs, args.games, args.players, args.max_rounds)
    finally:
        if before:
            os.sched_setaffinity(0, before)
    if args.json:
        print(json.dumps(r, indent=1))
        return
    print(f"{r['runs']} runs x {r['games']} games, {r['players']} players, max {r['max_rounds']} rounds; "
          f"{r['num_distinct_actions']:,} distinct actions")
    for name, rate in r["decisions_per_s"].items():
        ratio = r["ratio_to_engine"].get(name)
        same = r["ratio_to_engine_same_games"].get(name)
        share = f"{ratio:6.1%} of engine" if ratio is not None else "(newdawn bench's random play)"
        if same is not None:
            share += f", {same:6.1%} of the engine on the same games"
        print(f"  {name:20s} {rate:10,.0f} decisions/s  {share}  ({r['decisions_per_run'][name]:,} decisions/run)")


if __name__ == "__main__":
    main()
