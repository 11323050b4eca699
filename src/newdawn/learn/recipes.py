"""The recipes of the shipped models: per ruleset and player count, which bots play the
self-play games, how many, from which seeds. ``newdawn train`` plays and fits them all (or
those named); ``--scale`` plays a share of each recipe's games (the first ones: a scaled run
is the start of the full run, and a larger scale later goes on from where it stopped)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Lineup:
    """One kind of self-play game: the bot specs by seat (rotated from game to game; ``ap`` is
    the base game's Automated Player, always last) and how many games a full run plays."""

    specs: tuple[str, ...]
    games: int

    @property
    def name(self) -> str:
        return "-".join(s.replace(":", "_") for s in self.specs)


@dataclass(frozen=True)
class Recipe:
    name: str
    ruleset: str
    players: int
    lineups: tuple[Lineup, ...]
    max_rounds: int = 100
    """Round limit: a game no greedy seat has won by then (rare; about 40 rounds is usual)
    teaches nothing and is left out of the fit."""

    def seed_base(self, seed: int, lineup: int) -> int:
        """The first game seed of lineup ``lineup`` for the run seed ``seed`` (game i plays
        seed_base + i). Far from the seeds of the measured figures (docs/bots.md: 9xxxx,
        700000 and up), which must never be trained on."""
        return seed * 10_000_000 + RECIPE_INDEX[self.name] * 1_000_000 + lineup * 100_000


RECIPES: Final[dict[str, Recipe]] = {r.name: r for r in (
    # Full sizes: greedy games took 3.0 to 3.2 s of CPU (2 players), 5.1 to 5.7 s (3) and 8.9 s
    # (4) on the pure build (docs/learning.md); these take about 5.7 hours of CPU, under 3 hours
    # on two cores, less on the compiled build.
    Recipe("ti-2p", "ti", 2, (Lineup(("greedy", "greedy"), 1600),)),
    Recipe("ti-3p", "ti", 3, (Lineup(("greedy", "greedy", "greedy"), 800),)),
    Recipe("ti-4p", "ti", 4, (Lineup(("greedy", "greedy", "greedy", "greedy"), 533),)),
    Recipe("base-2p", "base", 2, (Lineup(("greedy", "ap"), 800), Lineup(("greedy", "greedy"), 400))),
    Recipe("base-3p", "base", 3, (Lineup(("greedy", "greedy", "greedy"), 533),)),
)}
RECIPE_INDEX: Final[dict[str, int]] = {name: i + 1 for i, name in enumerate(
    ("ti-2p", "ti-3p", "ti-4p", "base-2p", "base-3p"))}


def scaled(games: int, scale: float) -> int:
    """A lineup's number of games at ``scale`` (at least 2, so a tiny run has a held-out game)."""
    return max(2, round(games * scale))
