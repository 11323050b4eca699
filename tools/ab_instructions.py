"""A/B of the pure engine's speed between two source trees, by instructions executed (a
benchmark command, not a test).

Usage (from the repository root; needs valgrind)::

    python tools/ab_instructions.py [--games 3] REV_A [REV_B]

``REV_A`` and ``REV_B`` are git revisions (``REV_B`` defaults to the work tree, uncommitted
changes included) or directories to put on ``PYTHONPATH`` as they are: two compiled builds
(``build/mypyc`` after ``make fast``, and a copy of an earlier one) compare the same way. Each tree plays the same random games (``play_random``, 4 players, seeds
1..games) under valgrind's instruction counter (cachegrind without cache simulation), with
``PYTHONHASHSEED=0`` so that both runs make the same choices; the instructions of starting
Python and importing the package (a run with no game) are subtracted. On this shared machine
timings of a few per cent are lost in noise (rounds differ by up to 1.6x), while instruction
counts repeat to a few thousand in billions: a change that saves 2% shows as 2%. Instructions
are not seconds (a cache miss costs more than an addition), so a change's final figure is
still the timed side-by-side run (``tools/bench_side_by_side.py``); this tells which of two
variants to keep. It takes about 10 s per game and tree.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = r"""
import sys
from newdawn.bots.random_bot import play_random
from newdawn.engine import game_config
config = game_config(4, max_rounds=200)
print(sum(play_random(config, s)[1] for s in range(1, 1 + int(sys.argv[1]))))
"""


def _tree(rev: str | None, into: Path) -> Path:
    """The ``src`` directory of ``rev`` (None: the work tree's own); a directory is taken as it
    is (a compiled build such as ``build/mypyc``, or a copy of one)."""
    if rev is None:
        return ROOT / "src"
    if Path(rev).is_dir():
        return Path(rev).resolve()
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", rev, "src"], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def _instructions(src: Path, games: int) -> tuple[int, int]:
    """(instructions, decisions) of ``games`` random games with the engine in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", GAMES, str(games)],
        capture_output=True, text=True, check=True, env=env,
    )
    m = re.findall(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if not m:
        raise SystemExit(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
    return int(m[-1].replace(",", "")), int(run.stdout.strip() or 0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev_a")
    ap.add_argument("rev_b", nargs="?", default=None, help="default: the work tree")
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for name, rev in (("A", args.rev_a), ("B", args.rev_b)):
            src = _tree(rev, Path(tmp) / name)
            base, _ = _instructions(src, 0)
            total, decisions = _instructions(src, args.games)
            rows.append((name, rev or "work tree", total - base, decisions))
            print(f"{name} {rev or 'work tree'}: {total - base:,} instructions, {decisions:,} decisions, "
                  f"{(total - base) / max(decisions, 1):,.0f} per decision", flush=True)
    (_, _, ia, da), (_, _, ib, db) = rows
    if da != db:
        print(f"the trees played different games ({da} and {db} decisions): compare per decision")
    print(f"B/A instructions per decision: {(ib / db) / (ia / da):.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
