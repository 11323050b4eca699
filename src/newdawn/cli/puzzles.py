"""``newdawn puzzles --bot SPEC``: how many positions of the puzzle suite a bot solves."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .common import CliError


def add_parser(sub: Any) -> None:
    p = sub.add_parser("puzzles", help="run the puzzle suite (win this turn, or stop a rival's win) for bots")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="puzzle files or folders (default: the shipped suite, tests/puzzles/)")
    p.add_argument("--bot", action="append", metavar="SPEC",
                   help="a bot spec (make_bot: random, greedy, mcts:1s-cpu, ...); repeat for several (default greedy)")
    p.add_argument("--seed", type=int, default=0, help="seeds the bots (default 0)")
    p.add_argument("--verify", action="store_true",
                   help="instead of bots, check that every puzzle's stated solution still reaches its goal")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def _load(paths: list[str]) -> list[Any]:
    # late import: scenarios and bots load only when the command runs, not when the CLI parses
    from ..scenario import ScenarioError
    from ..strength.puzzles import SUITE, load_suite

    out = []
    try:
        for p in paths or [str(SUITE)]:
            out.extend(load_suite(p))
    except ScenarioError as e:
        raise CliError(str(e)) from None
    return out


def main(args: argparse.Namespace) -> int:
    # late import: scenarios and bots load only when the command runs, not when the CLI parses
    from ..strength.puzzles import check_solution, run_suite, summary

    puzzles = _load(args.paths)
    if args.verify:
        problems = {pz.path: check_solution(pz) for pz in puzzles}
        bad = {k: v for k, v in problems.items() if v}
        if args.json:
            print(json.dumps({"puzzles": len(puzzles), "broken": bad}, indent=1))
        else:
            for path, why in bad.items():
                print(f"BROKEN {path}: {why}")
            print(f"{len(puzzles) - len(bad)} of {len(puzzles)} solutions reach their goal")
        return 1 if bad else 0
    specs = args.bot or ["greedy"]
    try:
        # late import: scenarios and bots load only when the command runs, not when the CLI parses
        from ..bots.registry import validate_spec

        for s in specs:
            validate_spec(s)
    except ValueError as e:
        raise CliError(str(e)) from None
    report: dict[str, Any] = {}
    tty = sys.stderr.isatty()
    for spec in specs:
        def tick(_a: Any, spec: str = spec, done: list[int] = [0]) -> None:  # noqa: B006 (a counter per spec)
            done[0] += 1
            if tty:
                print(f"\r{spec}: {done[0]}/{len(puzzles)}", end="", file=sys.stderr, flush=True)

        res = summary(run_suite(puzzles, spec, args.seed, tick))
        if tty:
            print(file=sys.stderr)
        report[spec] = res
        if not args.json:
            print(f"{spec}: solved {res['solved']}/{res['total']} ({100 * res['share']:.0f}%), "
                  f"{res['cpu_s']:.1f} s of CPU")
            for label, v in res["by_label"].items():
                print(f"  {label}: {v['solved']}/{v['total']}")
            for f in res["failures"]:
                why = f" ({f['error']})" if f["error"] else ""
                print(f"  FAILED {f['path']}{why}: played {' / '.join(f['line']) or 'nothing'}")
    if args.json:
        print(json.dumps(report, indent=1))
    return 0
