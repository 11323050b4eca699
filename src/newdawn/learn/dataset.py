"""The positions of a recipe's self-play games, as the fit reads them.

A position is a seat's focus choice (one per turn): the round, the seat to move and every
seat's row of ``features.FEATURES``; its label is the game's winner. The rows stored with a
game are used when they were made with today's features, else the game is replayed from its
choices (``selfplay``) and the rows computed again. Games without a winner (the round limit)
are left out. The split into training and held-out games is by game, never by position: the
positions of one game are alike, and a held-out figure must be about games not seen.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots.features import FEATURES
from ..engine import apply_in_place, legal_actions, new_game
from .recipes import Recipe, scaled
from .selfplay import data_file, is_position, position, read_games, repair

HELD_OUT_EVERY = 5
"""One game in this many is held out (chosen by a hash of its seed: the same games whatever
the order they were played in)."""


@dataclass
class Game:
    lineup: str
    seed: int
    seats: list[str]
    winner: int
    positions: list[list[Any]]
    """[round, seat to move, rows] per position."""
    cpu_s: float
    digest: str
    """sha256 of the game's line without its timing (the same game gives the same digest)."""


def game_positions(line: dict[str, Any]) -> list[list[Any]]:
    """The positions of a kept game: the stored ones if made with today's features, else
    replayed."""
    if line.get("features") == list(FEATURES) and "positions" in line:
        return list(line["positions"])
    st = new_game(line["config"], line["seed"])
    out = []
    for idx in line["picks"]:
        if is_position(st):
            out.append(position(st))
        apply_in_place(st, legal_actions(st)[idx])
    return out


def _digest(line: dict[str, Any]) -> str:
    keep = {k: v for k, v in line.items() if k not in ("cpu_s", "positions", "features")}
    return hashlib.sha256(json.dumps(keep, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def load_games(recipe: Recipe, data: Path, seed: int, scale: float) -> tuple[list[Game], dict[str, Any]]:
    """The recipe's kept games among those planned at ``scale`` (with a winner), in (lineup,
    seed) order, and what was planned and found per lineup (the model card's ``seeds``)."""
    games: list[Game] = []
    seeds: dict[str, Any] = {}
    for k, lu in enumerate(recipe.lineups):
        first = recipe.seed_base(seed, k)
        planned = scaled(lu.games, scale)
        path = data_file(data, recipe.name, lu.name)
        repair(path)
        kept = {g["seed"]: g for g in read_games(path) if first <= g["seed"] < first + planned}
        no_winner = 0
        for s in sorted(kept):
            line = kept[s]
            if line["winner"] is None:
                no_winner += 1
                continue
            games.append(Game(lu.name, s, line["seats"], int(line["winner"]), game_positions(line),
                              float(line.get("cpu_s", 0.0)), _digest(line)))
        seeds[lu.name] = {"specs": list(lu.specs), "first_seed": first, "planned": planned, "played": len(kept),
                          "no_winner": no_winner,
                          "missing": [s for s in range(first, first + planned) if s not in kept][:10]}
    return games, seeds


def data_hash(games: list[Game]) -> str:
    """sha256 over the games used (their digests in lineup and seed order)."""
    h = hashlib.sha256()
    for g in games:
        h.update(f"{g.lineup}:{g.seed}:{g.digest}\n".encode())
    return h.hexdigest()


def split(games: list[Game]) -> tuple[list[Game], list[Game]]:
    """(training, held-out) games: every ``HELD_OUT_EVERY``-th game in the order of a hash of
    its seed (at least one held out when there are two games or more)."""
    order = sorted(games, key=lambda g: hashlib.sha256(f"held-out:{g.seed}".encode()).hexdigest())
    test = {id(g) for i, g in enumerate(order) if i % HELD_OUT_EVERY == 0 and len(games) > 1}
    return [g for g in games if id(g) not in test], [g for g in games if id(g) in test]
