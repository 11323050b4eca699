"""Engine speed of both builds against catanatron, and mcts of the compiled build against the
pure one, as ratios measured in one run (a benchmark command, not a test).

Usage (from the repository root, after ``make fast`` and with catanatron in .venv-peers, see
``../shared/bench/side_by_side.py``)::

    python tools/bench_side_by_side.py [--rounds 3] [--games 10] [--mcts-turns 10]

Each round runs, one after the other on one pinned CPU, ``newdawn bench --cpu-time`` on the
pure package (``src/``) and on the compiled build (``build/mypyc``), and catanatron's random
games and state copies (``../shared/bench/side_by_side.py``'s workload); then
``tools/bench_bots.py --mcts 100i`` on both builds (mcts iterations per CPU second: with an
iteration budget both builds play the same game). Every figure is timed in CPU time of its own
process, which the other processes of a loaded machine do not inflate (the wall clock of
``side_by_side.py`` does, unevenly), and each ratio is the median over the rounds, printed
with the rounds' lowest and highest.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATAN = r'''
import json, random, time
from catanatron import Game, RandomPlayer, Color
random.seed(0)
cs = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
t0 = time.process_time(); a = g = 0
while time.process_time() - t0 < 8.0:
    game = Game([RandomPlayer(c) for c in cs]); game.play(); a += len(game.state.actions); g += 1
dt = time.process_time() - t0
game = Game([RandomPlayer(c) for c in cs])
for _ in range(300):
    if game.winning_color() is not None: break
    game.play_tick()
n = 0; t1 = time.process_time()
while time.process_time() - t1 < 2.0:
    game.copy(); n += 1
print(json.dumps({"actions_per_s": a / dt, "copies_per_s": n / (time.process_time() - t1)}))
'''
BUILDS = {"pure": str(ROOT / "src"), "compiled": str(ROOT / "build" / "mypyc")}


def _run(cmd: list[str], pythonpath: str | None = None) -> str:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    return subprocess.run(cmd, capture_output=True, text=True, check=True, env=env, cwd=ROOT).stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=10, help="games per newdawn bench run (default 10)")
    ap.add_argument("--mcts-turns", type=int, default=10, help="own turns of the mcts measure (0: skip it)")
    args = ap.parse_args()
    py = str(ROOT / ".venv" / "bin" / "python")
    catan_py = os.environ.get("CATAN_PY", str(ROOT / ".venv-peers" / "bin" / "python"))
    if not (ROOT / "build" / "mypyc" / "SOURCES_HASH").is_file():
        print("no compiled build: run `make fast` first", file=sys.stderr)
        return 1
    cpu = str(max(os.sched_getaffinity(0)))
    pin = ["taskset", "-c", cpu]
    nd_cmd = [*pin, py, "-m", "newdawn.cli.main", "bench", "--runs", "1", "--games", str(args.games), "--json", "--cpu-time"]
    rows: list[dict[str, float]] = []
    for i in range(args.rounds):
        row: dict[str, float] = {}
        for build, path in BUILDS.items():
            r = json.loads(_run(nd_cmd, path))
            if r["build"] != build:
                raise SystemExit(f"asked for the {build} build, measured the {r['build']} one")
            row[f"{build}_dps"] = r["decisions_per_s"]
            row[f"{build}_copies"] = r["copies_per_s"]
        ca = json.loads(_run([*pin, catan_py, "-c", CATAN]))
        row["ca_aps"], row["ca_copies"] = ca["actions_per_s"], ca["copies_per_s"]
        rows.append(row)
        print(f"round {i + 1}: pure {row['pure_dps']:,.0f} decisions/s, {row['pure_copies']:,.0f} copies/s | "
              f"compiled {row['compiled_dps']:,.0f}, {row['compiled_copies']:,.0f} | "
              f"catanatron {row['ca_aps']:,.0f} actions/s, {row['ca_copies']:,.0f} copies/s (CPU time)", flush=True)

    def med(num: str, den: str) -> str:
        """The median ratio over the rounds, with the rounds' lowest and highest (a shared
        machine's speed moves from round to round)."""
        ratios = [r[num] / r[den] for r in rows]
        return f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})"

    print(f"against catanatron (median of {len(rows)} rounds, lowest-highest): pure decisions "
          f"{med('pure_dps', 'ca_aps')}, copies {med('pure_copies', 'ca_copies')}; compiled decisions "
          f"{med('compiled_dps', 'ca_aps')}, copies {med('compiled_copies', 'ca_copies')}")
    print(f"compiled against pure: decisions {med('compiled_dps', 'pure_dps')}, "
          f"copies {med('compiled_copies', 'pure_copies')}")
    if args.mcts_turns > 0:
        its: dict[str, float] = {}
        for build, path in BUILDS.items():
            out = _run([*pin, py, "tools/bench_bots.py", "--games", "0", "--mcts", "100i",
                        "--mcts-turns", str(args.mcts_turns)], path)
            m = re.search(r"(\d+) per CPU second", out)
            if m is None:
                raise SystemExit(f"no iteration rate in the output of bench_bots.py:\n{out}")
            its[build] = float(m.group(1))
        print(f"mcts:100i focus-choice iterations per CPU second: pure {its['pure']:.0f}, compiled "
              f"{its['compiled']:.0f} ({its['compiled'] / its['pure']:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
