"""``newdawn scenario FILE...``: run rules scenarios, print pass or fail with what differed."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("scenario", help="run rules scenario files (TOML) and report pass or fail")
    p.add_argument("files", nargs="+", metavar="FILE", help="scenario files, or folders to search for *.toml")
    p.add_argument("--show", action="store_true", help="print each built position (spaces, players, options)")
    p.add_argument("-q", "--quiet", action="store_true", help="print only failures and the totals")


def files_of(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(sorted(p.rglob("*.toml")) if p.is_dir() else [p])
    return out


def main(args: argparse.Namespace) -> int:
    # late import: the scenario runner loads only when the command runs, not when the CLI parses
    from ..scenario import ScenarioError, load, run, show

    passed = failed = broken = 0
    for path in files_of(args.files):
        try:
            sc = load(path)
            if args.show:
                print(f"== {path}: {sc.title}\n{show(sc.state)}")
            res = run(sc)
        except ScenarioError as e:
            broken += 1
            print(f"ERROR {e}")
            continue
        if res.passed:
            passed += 1
            if not args.quiet:
                print(f"pass  {path}  {res.title}")
        else:
            failed += 1
            print(f"FAIL  {path}  {res.title}\n      rule: {res.rule}\n      {res.failure}")
    print(f"{passed} passed, {failed} failed, {broken} malformed")
    return 0 if failed == 0 and broken == 0 else 1
