"""The ladder: a round robin of bot specs in two-player games, rated by Bradley–Terry (Elo).

Every pair of specs plays the same seeds, each seed twice with the seats swapped (a pair with
the base game's Automated Player, which always sits last, plays twice as many seeds instead).
A game reports, per seat, the bot's decisions and their CPU time (``time.thread_time`` around
each ``choose``; a decision with one option is not asked) and its empty turns
(``strength.empty``). ``table`` turns the games into the ratings and the per-bot figures, and
``markdown`` into the "Strength" section of docs/bots.md. The command is ``newdawn ladder``
(``cli/ladder.py``: plan, resume, workers, progress).
"""

from __future__ import annotations

import itertools
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.base import Bot, play_game
from ..bots.registry import make_bot
from ..bots.tournament import AUTOMATED_PLAYER, bot_seed
from ..content import load_content
from ..content.rulesets import DEFAULT_RULESET
from ..engine import game_config, new_game, rounds_played
from . import ratings
from .empty import EmptyTurns


@dataclass(frozen=True)
class LadderJob:
    key: str
    seed: int
    seats: tuple[str, ...]
    ruleset: str = DEFAULT_RULESET
    options: tuple[tuple[str, Any], ...] = ()
    max_rounds: int | None = 200


def schedule(specs: Sequence[str], first_seed: int, seeds: int, ruleset: str = DEFAULT_RULESET,
             options: dict[str, Any] | None = None, max_rounds: int | None = 200) -> list[LadderJob]:
    """Every pair of ``specs`` on seeds ``first_seed`` .. ``first_seed + seeds - 1``, each twice
    with the seats swapped; a pair with the Automated Player (always last) plays once each on
    twice as many seeds (``first_seed`` .. ``first_seed + 2 seeds - 1``)."""
    jobs = []
    opts = tuple(sorted((options or {}).items()))
    for a, b in itertools.combinations(specs, 2):
        if AUTOMATED_PLAYER in (a, b):
            me = b if a == AUTOMATED_PLAYER else a
            o = tuple(sorted({**dict(opts), "automa": True}.items()))
            for s in range(first_seed, first_seed + 2 * seeds):
                jobs.append(LadderJob(f"{me} v ap seed {s}", s, (me, AUTOMATED_PLAYER), ruleset, o, max_rounds))
            continue
        for s in range(first_seed, first_seed + seeds):
            jobs.append(LadderJob(f"{a} v {b} seed {s}", s, (a, b), ruleset, opts, max_rounds))
            jobs.append(LadderJob(f"{b} v {a} seed {s}", s, (b, a), ruleset, opts, max_rounds))
    return jobs


class TimedBot:
    """A bot whose every ``choose`` is timed in the thread's CPU time."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.needs_view = bot.needs_view
        self.times: list[float] = []

    def choose(self, view: Any, legal: Any) -> Any:
        t0 = time.thread_time()
        a = self.bot.choose(view, legal)
        self.times.append(time.thread_time() - t0)
        return a


def play_ladder_game(job: LadderJob, stop: Callable[[], bool] | None = None) -> dict[str, Any] | None:
    """Play one ladder game; None when ``stop`` turned true first (the game is abandoned)."""
    cfg = {**game_config(len(job.seats), max_rounds=job.max_rounds, ruleset=job.ruleset), **dict(job.options)}
    st = new_game(cfg, job.seed)
    bots = [TimedBot(make_bot("random" if spec == AUTOMATED_PLAYER else spec, bot_seed(job.seed, s)))
            for s, spec in enumerate(job.seats)]
    seats = [s for s, spec in enumerate(job.seats) if spec != AUTOMATED_PLAYER]
    empty = EmptyTurns(st.n, seats)
    t0 = time.process_time()
    st, n = play_game(st, bots, before=empty.before, after=empty.after,
                      stop=(lambda _s: stop()) if stop is not None else None)
    if stop is not None and stop() and st.winner == -1:
        return None
    w = st.winner
    return {
        "key": job.key, "seed": job.seed, "seats": list(job.seats), "ruleset": job.ruleset,
        "winner": w if w >= 0 else None, "winner_bot": job.seats[w] if w >= 0 else None,
        "rounds": rounds_played(st), "decisions": n, "cpu_s": round(time.process_time() - t0, 3),
        "stats": [None if spec == AUTOMATED_PLAYER else
                  {"decisions": len(b.times), "cpu_s": round(sum(b.times), 4),
                   "cpu_max_s": round(max(b.times, default=0.0), 4),
                   "turns": empty.turns[s], "empty": empty.counts[s]}
                  for s, (spec, b) in enumerate(zip(job.seats, bots, strict=True))],
    }


def pair_games(results: Sequence[dict[str, Any]]) -> list[ratings.Game]:
    out = []
    for g in results:
        a, b = g["seats"]
        w = g["winner"]
        out.append((a, b, 0.5 if w is None else 1.0 if w == 0 else 0.0))
    return out


def table(specs: Sequence[str], results: Sequence[dict[str, Any]], anchor: str | None = None) -> dict[str, Any]:
    """Ratings with 95% intervals and the per-bot figures of the games played."""
    present = [s for s in specs if any(s in g["seats"] for g in results)]
    if not present:
        return {"bots": {}, "head_to_head": {}, "games": 0}
    anchor = anchor if anchor in present else ("random" if "random" in present else present[0])
    games = pair_games(results)
    rating = ratings.fit(present, games, anchor)
    ci = ratings.intervals(present, games, anchor)
    rows: dict[str, Any] = {}
    for spec in present:
        mine = [(g, s) for g in results for s, x in enumerate(g["seats"]) if x == spec]
        wins = sum(1 for g, s in mine if g["winner"] == s)
        stats = [g["stats"][s] for g, s in mine if g["stats"][s] is not None]
        dec = sum(x["decisions"] for x in stats)
        turns = sum(x["turns"] for x in stats)
        empties = [x["empty"] for x in stats]
        rows[spec] = {
            "rating": rating[spec], "ci95": list(ci[spec]), "games": len(mine), "wins": wins,
            "win_rate": wins / len(mine),
            "decision_cpu_mean_s": sum(x["cpu_s"] for x in stats) / dec if dec else None,
            "decision_cpu_max_s": max((x["cpu_max_s"] for x in stats), default=None) if stats else None,
            "empty_turns_per_game": statistics.fmean(empties) if empties else None,
            "empty_turn_share": sum(empties) / turns if turns else None,
        }
    h2h: dict[str, dict[str, list[float]]] = {a: {} for a in present}
    for a, b, s in games:
        h2h[a].setdefault(b, [0.0, 0])[0] += s
        h2h[a][b][1] += 1
        h2h[b].setdefault(a, [0.0, 0])[0] += 1 - s
        h2h[b][a][1] += 1
    order = sorted(present, key=lambda k: -rating[k])
    return {"bots": {k: rows[k] for k in order}, "anchor": anchor, "head_to_head": h2h, "games": len(results),
            "rounds_mean": statistics.fmean(g["rounds"] for g in results)}


def _ms(x: float | None) -> str:
    if x is None:
        return "–"
    return f"{1000 * x:.0f} ms" if x < 10 else f"{x:.1f} s"


def markdown(t: dict[str, Any], meta: dict[str, Any]) -> str:
    """The "Strength" section: the plan, the ratings table, head to head, how to reproduce."""
    lines = ["## Strength", ""]
    ruleset = load_content(meta["ruleset"]).ruleset.name
    lo_seed, n = meta["seed"], meta["seeds"]
    lines.append(f"{ruleset}, 2 players: a round robin of {', '.join(f'`{s}`' for s in meta['specs'])}, "
                 f"{n} seeds per pair ({lo_seed}–{lo_seed + n - 1}, chosen before the run), each seed played "
                 f"twice with the seats swapped (a pair with the Automated Player plays twice as many seeds, the AP "
                 f"last); {t['games']} games, {meta['build']} build. Ratings are Bradley–Terry on the Elo scale "
                 f"(`{t['anchor']}` = 0) with 95% intervals (Fisher information); decision times are CPU time per decision "
                 f"asked; an empty turn resolved a focus card that changed nothing while another card would have "
                 f"done something.")
    lines += ["", "| bot | rating | 95% interval | games | win rate | decision CPU mean | max | empty turns / game |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for k, r in t["bots"].items():
        lo, hi = r["ci95"]
        ept = "–" if r["empty_turns_per_game"] is None else f"{r['empty_turns_per_game']:.2f}"
        lines.append(f"| `{k}` | {r['rating']:.0f} | {lo:.0f} to {hi:.0f} | {r['games']} | "
                     f"{100 * r['win_rate']:.1f}% | {_ms(r['decision_cpu_mean_s'])} | {_ms(r['decision_cpu_max_s'])} | "
                     f"{ept} |")
    names = list(t["bots"])
    lines += ["", "Head to head: the row's score against the column (wins, half a win for a game without a "
              "winner, of the games they played).", "",
              "| | " + " | ".join(f"`{n}`" for n in names) + " |", "| --- |" + " ---: |" * len(names)]
    for a in names:
        cells = []
        for b in names:
            v = t["head_to_head"].get(a, {}).get(b)
            cells.append("" if a == b or v is None else f"{v[0]:g}/{v[1]}")
        lines.append(f"| `{a}` | " + " | ".join(cells) + " |")
    lines += ["", f"Reproduce: `{meta['command']}`", ""]
    return "\n".join(lines)


def plot(path: str, t: dict[str, Any], title: str) -> None:
    """Ratings with their 95% intervals, best at the top (matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(t["bots"])[::-1]
    r = [t["bots"][k]["rating"] for k in names]
    lo = [x - t["bots"][k]["ci95"][0] for x, k in zip(r, names, strict=True)]
    hi = [t["bots"][k]["ci95"][1] - x for x, k in zip(r, names, strict=True)]
    fig, ax = plt.subplots(figsize=(7, 0.6 * len(names) + 1.6))
    ax.errorbar(r, range(len(names)), xerr=[lo, hi], fmt="o", capsize=5, color="#4c72b0")
    ax.set_yticks(range(len(names)), names)
    ax.axvline(0, color="#999", lw=0.8)
    ax.set_xlabel(f"Elo (Bradley–Terry; {t['anchor']} = 0), 95% interval")
    ax.set_title(title)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=110)
    finally:
        plt.close(fig)
