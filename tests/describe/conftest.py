"""Random games whose every state and log record the describe tests read."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from newdawn.bots.random_bot import RandomBot
from newdawn.describe import action_entries, setup_entries
from newdawn.engine import GameState, apply, decision_seat, legal_actions, new_game


@dataclass
class Game:
    states: list[GameState] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    """(seat, action) leading from ``states[i]`` to ``states[i + 1]``."""
    groups: list[dict[str, Any]] = field(default_factory=list)
    """Log groups as the server keeps them (``groups[0]``: the setup)."""


def play(players: int, seed: int, max_rounds: int = 25, **config: Any) -> Game:
    st = new_game({"players": players, "max_rounds": max_rounds, **config}, seed)
    bot = RandomBot(random.Random(seed))
    g = Game([st], [], [{"n": 0, "seat": -1, "action": "setup", "events": list(st.events),
                         "entries": setup_entries(st)}])
    while st.winner == -1:
        seat = decision_seat(st)
        a = str(bot.choose(None, legal_actions(st)))
        nxt = apply(st, a)
        n = len(g.groups)
        g.groups.append({"n": n, "seat": seat, "action": a, "events": list(nxt.events),
                         "entries": action_entries(st, seat, a, nxt, n)})
        g.actions.append((seat, a))
        g.states.append(nxt)
        st = nxt
    return g


@pytest.fixture(scope="package")
def games() -> list[Game]:
    return [play(2, 1), play(3, 2), play(4, 3), play(4, 8, 40)]


@pytest.fixture(scope="package")
def base_games() -> list[Game]:
    """Base games with the Automated Player (its turns run inside the humans' actions)."""
    return [play(2, 4, 30, ruleset="base", automa=True), play(3, 5, 30, ruleset="base", automa=True)]
