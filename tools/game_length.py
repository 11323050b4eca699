"""Measure how long games last, for the lobby's "about 35 rounds, 60–90 minutes against bots"
(issue 39 §2): plays games between Easy bots with ``newdawn sim`` for each ruleset and player
count, and writes the rounds they took (and the bots' decisions per round) to
``src/newdawn/describe/game_length.json``, which ``describe/rulesets.py`` turns into words.

    .venv/bin/python tools/game_length.py [--games 4] [--seed 501] [--workers 1] [--level easy]

The minutes are not measured: they are the measured rounds times a stated pace (the data file's
``pace``: seconds a person takes for a turn of their own, and the table's "fast" pause between
the bots' steps).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "newdawn" / "describe" / "game_length.json"
PACE = {"own_turn_s": [60, 90], "bot_step_s": 0.35,
        "note": "assumed: a person's own turn (about 5 clicks: tools/clicks_per_turn.py) takes 60 to 90 s; "
                "each bot step is shown after the table's 'fast' pause (350 ms)"}


def measure(ruleset: str, players: int, games: int, seed: int, workers: int, level: str) -> dict[str, object]:
    cmd = [sys.executable, "-m", "newdawn.cli.main", "sim", "--players", ",".join([level] * players),
           "--games", str(games), "--seed", str(seed), "--json", "--workers", str(workers), "--ruleset", ruleset]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    res = json.loads(out[out.index("{"):])
    rounds = sorted(int(g["rounds"]) for g in res["games"])
    decisions = sum(int(g["decisions"]) for g in res["games"])
    return {"ruleset": ruleset, "players": players, "bots": level, "games": len(rounds), "seed": seed,
            "rounds": rounds, "median": statistics.median(rounds),
            "decisions_per_seat_round": round(decisions / max(1, sum(rounds) * players), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=501)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--level", default="easy")
    args = ap.parse_args()
    rows = []
    for ruleset, counts in (("ti", range(2, 6)), ("base", range(2, 5))):
        for n in counts:
            row = measure(ruleset, n, args.games, args.seed, args.workers, args.level)
            print(json.dumps(row), flush=True)
            rows.append(row)
    data = {"about": "Rounds of games between bots, measured by tools/game_length.py; the lobby's game length.",
            "command": f"tools/game_length.py --games {args.games} --seed {args.seed} --level {args.level}",
            "pace": PACE, "lengths": rows}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
