"""Small random games for the research conformance tests (modest sizes: they run in make test)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from newdawn.engine import GameState, apply_in_place, legal_actions, new_game


def random_states(players: int, seed: int, max_rounds: int = 3, every: int = 1) -> Iterator[GameState]:
    """Every ``every``-th state of a random game (the states are live: copy to keep one)."""
    st = new_game({"players": players, "max_rounds": max_rounds}, seed)
    rng = random.Random(seed)
    k = 0
    while st.winner == -1:
        if k % every == 0:
            yield st
        apply_in_place(st, rng.choice(legal_actions(st)))
        k += 1
    yield st
