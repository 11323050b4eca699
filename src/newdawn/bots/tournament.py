"""Tournaments between bots: seat rotation, one game per job, and the bookkeeping (win rates
with Wilson 95% intervals per bot and per leader, rounds, agendas).

Pure functions over plain data, so jobs run the same in this process, in a multiprocessing
pool or on a Ray cluster (``newdawn sim --players greedy,random`` drives them).
"""

from __future__ import annotations

import hashlib
import math
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from ..content.rulesets import DEFAULT_RULESET
from ..engine import content_for, game_config, new_game, rounds_played
from .base import play_game
from .registry import make_bot

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Job:
    """One game: its seed and which spec sits in which seat."""

    index: int
    seed: int
    seats: tuple[str, ...]
    max_rounds: int | None
    ruleset: str = DEFAULT_RULESET
    options: tuple[tuple[str, Any], ...] = ()
    """The ruleset's own config options (base: map, epic, automa)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its fields, given to the constructor: ``newdawn sim`` and ``newdawn train``
        send jobs to worker processes (on the compiled build while the parent may run pure),
        and the compiled build's frozen dataclass refuses the attribute-by-attribute restore
        pickle does by default (``newdawn train --compiled`` stopped at its first game)."""
        return Job, (self.index, self.seed, self.seats, self.max_rounds, self.ruleset, self.options)


AUTOMATED_PLAYER = "ap"
"""The spec of the base game's Automated Player seat: the engine plays it (option ``automa``),
always in the last seat; the other specs rotate over the seats before it."""


def rotation(specs: list[str], i: int) -> tuple[str, ...]:
    """Seats of game ``i``: the list rotated by ``i`` places, so over ``len(specs)`` games
    every spec sits in every seat once (seat balance). An Automated Player stays last."""
    if AUTOMATED_PLAYER in specs:
        rest = [s for s in specs if s != AUTOMATED_PLAYER]
        return (*rotation(rest, i), AUTOMATED_PLAYER)
    n = len(specs)
    r = i % n
    return tuple(specs[(s - r) % n] for s in range(n))


def schedule(specs: list[str], games: int, seed: int, max_rounds: int | None, ruleset: str = DEFAULT_RULESET,
             options: dict[str, Any] | None = None) -> list[Job]:
    opts = dict(options or {})
    if AUTOMATED_PLAYER in specs:
        opts["automa"] = True
    frozen = tuple(sorted(opts.items()))
    return [Job(i, seed + i, rotation(specs, i), max_rounds, ruleset, frozen) for i in range(games)]


def bot_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot gets its own generator, fixed by the game seed and the seat."""
    h = hashlib.sha256(f"{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(h[:8], "big")


def job_config(job: Job) -> dict[str, Any]:
    """The game configuration of a tournament game."""
    return {**game_config(len(job.seats), max_rounds=job.max_rounds, ruleset=job.ruleset), **dict(job.options)}


def play_job(job: Job, stop: Callable[[], bool] | None = None) -> dict[str, Any] | None:
    """Play one game and summarise it (JSON-ready). ``stop`` is asked before every decision:
    when it turns true the game is abandoned and None returned (an interrupted run keeps only
    finished games)."""
    st = new_game(job_config(job), job.seed)
    # The Automated Player's seat is played by the engine: its bot is never asked.
    bots = [make_bot("random" if spec == AUTOMATED_PLAYER else spec, bot_seed(job.seed, s))
            for s, spec in enumerate(job.seats)]
    t0 = time.perf_counter()
    st, n = play_game(st, bots, stop=None if stop is None else (lambda _st: stop()))
    if stop is not None and stop():
        return None
    dt = time.perf_counter() - t0
    c = content_for(st)
    claims: list[list[str]] = [[] for _ in job.seats]
    for vc in st.victory_cards:
        for ag in c.victory_cards[vc].agendas:
            for p in st.claims.get(ag.id, ()):
                claims[p].append(ag.name)
    w = st.winner
    return {
        **asdict(job),
        "seats": list(job.seats),
        "leaders": [p.leader for p in st.players],
        "leader_labels": [f"{c.leaders[p.leader].leader} ({c.leaders[p.leader].civ})" for p in st.players],
        "winner": w if w >= 0 else None,
        "winner_bot": job.seats[w] if w >= 0 else None,
        "rounds": rounds_played(st),
        "decisions": n,
        "seconds": dt,
        "agendas": claims,
    }


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default); (0, 1) with no trials."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def _rates(appear: Counter[str], wins: Counter[str]) -> dict[str, dict[str, Any]]:
    out = {}
    for k in sorted(appear, key=lambda k: (-wins[k] / appear[k], k)):
        lo, hi = wilson(wins[k], appear[k])
        out[k] = {"games": appear[k], "wins": wins[k], "win_rate": wins[k] / appear[k],
                  "ci95": [lo, hi]}
    return out


def aggregate(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals over game summaries. A bot spec (or leader) playing several seats of one game
    counts once per seat: its win rate is wins per seat played."""
    bot_games: Counter[str] = Counter()
    bot_wins: Counter[str] = Counter()
    leader_games: Counter[str] = Counter()
    leader_wins: Counter[str] = Counter()
    labels: dict[str, str] = {}
    agendas_by_bot: dict[str, Counter[str]] = {}
    for g in results:
        for s, spec in enumerate(g["seats"]):
            bot_games[spec] += 1
            leader_games[g["leaders"][s]] += 1
            labels[g["leaders"][s]] = g["leader_labels"][s]
            agendas_by_bot.setdefault(spec, Counter()).update(g["agendas"][s])
        if g["winner"] is not None:
            bot_wins[g["winner_bot"]] += 1
            leader_wins[g["leaders"][g["winner"]]] += 1
    rounds = [g["rounds"] for g in results]
    leaders = _rates(leader_games, leader_wins)
    for k, v in leaders.items():
        v["label"] = labels[k]
    n = len(results)
    return {
        "games": n,
        "with_winner": sum(1 for g in results if g["winner"] is not None),
        "rounds_mean": statistics.fmean(rounds) if rounds else 0.0,
        "rounds_median": statistics.median(rounds) if rounds else 0,
        "decisions": sum(g["decisions"] for g in results),
        "seconds": sum(g["seconds"] for g in results),
        "bots": _rates(bot_games, bot_wins),
        "leaders": leaders,
        "agendas_per_game": {k: sum(v.values()) / bot_games[k] for k, v in sorted(agendas_by_bot.items())},
        "agendas_by_bot": {k: dict(v.most_common()) for k, v in sorted(agendas_by_bot.items())},
    }
