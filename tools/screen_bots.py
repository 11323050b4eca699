"""Paired screens of mcts evaluations against greedy bots (a benchmark, not a test).

Usage::

    python tools/screen_bots.py --players 4 --games 200 --seed 1 --spec mcts:1i \
        [--strike 0.6] [--risk 0.6] [--depth 1] [--chance 4] --out screen.jsonl
    python tools/screen_bots.py --compare a.jsonl b.jsonl

The first form plays the games of ``newdawn sim --players SPEC,greedy,...`` (game *i* has
seed ``seed + i``, the seats rotated by *i*, each seat's bot seeded from the game seed and the
seat), with the mcts seat judging every decision by ``Evaluation(strike, risk)`` (the
defaults are ``evaluate.FORTS``; ``--strike 0 --risk 0`` is greedy's table; the shipped bot
judges its focus search by the table and, with 4 players, its other decisions by ``FORTS``:
``mcts.TACTICS``, which a screen does not reproduce) and
searching ``--depth`` own turns ahead (mcts's ``DEPTH`` by player count when not given) and
judging a decision around an attack over ``--chance`` determinizations (``CHANCE_SAMPLES``). One
JSON line per finished game is appended to ``--out``, so a stopped screen resumes where it stopped. With an
iteration budget the mcts bot is deterministic, so two screens of the same seeds differ only
by the evaluation and the depth. With ``--depth 1`` an iteration is a round of determinizations.

``--compare`` counts the wins of two screens on their common seeds, the games won by only
one of them, and the two-sided sign test on those.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from newdawn.bots import MctsBot, make_bot
from newdawn.bots.base import Bot, play_game
from newdawn.bots.evaluate import W_FORT_RISK, W_STRIKE, Evaluation
from newdawn.bots.mcts import CHANCE_SAMPLES
from newdawn.bots.registry import parse_budget
from newdawn.bots.tournament import Job, bot_seed, job_config, schedule
from newdawn.engine import new_game, rounds_played


def play(job: Job, spec: str, strike: float, risk: float, depth: int | None = None,
         chance: int = CHANCE_SAMPLES) -> dict[str, Any]:
    st = new_game(job_config(job), job.seed)
    bots: list[Bot] = []
    for s, sp in enumerate(job.seats):
        if sp == spec:
            secs, iters = parse_budget(spec.partition(":")[2] or "1s")
            bots.append(MctsBot(random.Random(bot_seed(job.seed, s)), time_s=secs, iterations=iters,
                                ev=Evaluation(strike, risk), depth=depth, chance_samples=chance))
        else:
            bots.append(make_bot(sp, bot_seed(job.seed, s)))
    st, _ = play_game(st, bots)
    seat = job.seats.index(spec)
    return {"seed": job.seed, "seat": seat, "winner": st.winner, "win": st.winner == seat,
            "rounds": rounds_played(st), "strike": strike, "risk": risk, "depth": depth, "chance": chance}


def _star(args: tuple[Job, str, float, float, int | None, int]) -> dict[str, Any]:
    return play(*args)


def screen(a: argparse.Namespace) -> None:
    if not a.spec.startswith("mcts"):
        raise SystemExit("--spec must be an mcts bot (mcts:1i, mcts:1s...)")
    out = Path(a.out)
    done = {json.loads(line)["seed"] for line in out.read_text().splitlines()} if out.exists() else set()
    specs = [a.spec] + ["greedy"] * (a.players - 1)
    jobs = [(j, a.spec, a.strike, a.risk, a.depth, a.chance) for j in schedule(specs, a.games, a.seed, a.max_rounds)
            if j.seed not in done]
    n = wins = 0
    t0 = time.time()
    with get_context("spawn").Pool(a.workers) as pool, out.open("a") as f:
        for r in pool.imap_unordered(_star, jobs):
            f.write(json.dumps(r) + "\n")
            f.flush()
            n += 1
            wins += r["win"]
            print(f"\r{n}/{len(jobs)} games, {wins} won by {a.spec}, {time.time() - t0:.0f} s",
                  end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)


def sign_test(k: int, n: int) -> float:
    """Two-sided binomial test of k successes in n at one half."""
    if n == 0:
        return 1.0
    k = min(k, n - k)
    return min(1.0, 2.0 * sum(math.comb(n, i) for i in range(k + 1)) / float(2 ** n))


def compare(first: str, second: str) -> None:
    def load(p: str) -> dict[int, bool]:
        return {r["seed"]: bool(r["win"]) for r in map(json.loads, Path(p).read_text().splitlines())}

    a, b = load(first), load(second)
    common = sorted(set(a) & set(b))
    if not common:
        raise SystemExit("no common seeds")
    wa, wb = sum(a[s] for s in common), sum(b[s] for s in common)
    only_a = sum(a[s] and not b[s] for s in common)
    only_b = sum(b[s] and not a[s] for s in common)
    n = len(common)
    print(f"{n} common games: {first} won {wa} ({wa / n:.1%}), {second} won {wb} ({wb / n:.1%}); "
          f"won only by the first {only_a}, only by the second {only_b}; "
          f"sign test p = {sign_test(only_a, only_a + only_b):.3f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--compare", nargs=2, metavar="FILE")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--spec", default="mcts:1i")
    p.add_argument("--strike", type=float, default=W_STRIKE)
    p.add_argument("--risk", type=float, default=W_FORT_RISK)
    p.add_argument("--depth", type=int, choices=(1, 2), help="own turns the search looks ahead "
                   "(default: mcts's table by player count)")
    p.add_argument("--chance", type=int, default=CHANCE_SAMPLES, help="determinizations a decision "
                   "around an attack is judged over (mcts's CHANCE_SAMPLES when not given)")
    p.add_argument("--max-rounds", type=int, default=200)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out")
    a = p.parse_args()
    if a.compare:
        compare(*a.compare)
    elif a.out:
        screen(a)
    else:
        p.error("give --out FILE to screen, or --compare A B")


if __name__ == "__main__":
    main()
