"""``newdawn perft [FILE...]``: legal action sequence counts from fixed positions; on a mismatch
the count is broken down per first action."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from ..content.rulesets import DEFAULT_RULESET
from .common import RULESETS

DEFAULT_DIR = Path("tests/perft")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("perft", help="count legal action sequences from fixed positions (tests/perft/*.toml)")
    p.add_argument("files", nargs="*", metavar="FILE", help="perft files or folders (default tests/perft)")
    p.add_argument("--depth", type=int, metavar="N", help="only depths up to N")
    p.add_argument("--ruleset", choices=RULESETS,
                   help="only the files whose position is of this ruleset (default: every file)")
    p.add_argument("--divide", action="store_true", help="always print the per-first-action breakdown")
    p.add_argument("--update", action="store_true",
                   help="rewrite each file's [counts] with the engine's numbers (after a deliberate rules change)")


def main(args: argparse.Namespace) -> int:
    # late import: the scenario runner loads only when the command runs, not when the CLI parses
    from ..scenario import ScenarioError
    from ..scenario.perft import divide, load_perft, perft
    from .scenario import files_of

    paths = files_of(args.files or [str(DEFAULT_DIR)])
    if not paths:
        print("no perft files found")
        return 1
    bad = seen = 0
    for path in paths:
        try:
            pf = load_perft(path)
        except ScenarioError as e:
            print(f"ERROR {e}")
            bad += 1
            continue
        if args.ruleset is not None and pf.state.config.get("ruleset", DEFAULT_RULESET) != args.ruleset:
            continue
        seen += 1
        print(f"{path}: {pf.title}")
        if args.update:
            _update(path, {d: perft(pf.state, d) for d in sorted(pf.counts)}, pf.counts)
            continue
        for d, want in sorted(pf.counts.items()):
            if args.depth is not None and d > args.depth:
                continue
            t0 = time.perf_counter()
            got = perft(pf.state, d)
            dt = time.perf_counter() - t0
            mark = "ok" if got == want else "MISMATCH"
            print(f"  depth {d}: {got} (expected {want}) {mark}  [{dt:.2f}s]")
            if got != want or args.divide:
                bad += got != want
                for text, n in divide(pf.state, d).items():
                    print(f"    {text}: {n}")
    if args.update:
        print(f"{len(paths) - bad} file(s) brought up to date")
        return 0 if not bad else 1
    if not seen and not bad:
        print(f"no perft file of the ruleset {args.ruleset}")
        return 1
    print(f"all counts match ({seen} files)" if not bad else f"{bad} mismatch(es)")
    return 0 if not bad else 1


def _update(path: Path | str, counts: dict[int, int], old: dict[int, int]) -> None:
    """Replace the ``[counts]`` table (the last table of a perft file) and say what changed."""
    text = Path(path).read_text(encoding="utf-8")
    head, sep, _ = text.rpartition("[counts]")
    if not sep:
        raise SystemExit(f"{path}: no [counts] table to update")
    body = "".join(f"{d} = {n}\n" for d, n in counts.items())
    Path(path).write_text(f"{head}[counts]\n{body}", encoding="utf-8")
    for d, n in counts.items():
        note = "" if old.get(d) == n else f" (was {old.get(d)})"
        print(f"  depth {d}: {n}{note}")
