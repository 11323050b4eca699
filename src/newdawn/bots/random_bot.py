"""The random bot: it picks among the legal options at random.

Uniform random play rarely finishes a game of A New Dawn (about 3 games in 10 within 200
rounds with 4 players), because many decisions offer a way to stop early ("done", "back",
"skip"...). By default the bot therefore picks among the options that make progress, and
only with probability ``passive`` (0.1) among all options; ``passive=1.0`` is uniform play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..engine import Action, GameState, new_game
from .base import play_game

PASSIVE_VERBS: Final = frozenset({"done", "back", "skip", "pass", "keep", "none", "stop"})


def pick(r: random.Random, legal: Sequence[Action], passive: float = 0.1) -> Action:
    """A legal option at random from ``r``: among those that make progress (not in
    :data:`PASSIVE_VERBS`), or with probability ``passive`` among all of them."""
    if len(legal) > 1 and r.random() >= passive:
        active = [a for a in legal if a[0] not in PASSIVE_VERBS]  # a[0]: the verb (faster than .verb)
        if active:
            return active[int(r.random() * len(active))]
    return legal[int(r.random() * len(legal))]


class RandomBot:
    """Chooses a legal option at random from an injected generator."""

    name = "random"
    needs_view = False

    def __init__(self, rng: random.Random | None = None, passive: float = 0.1) -> None:
        self.rng = rng or random.Random(0)
        self.passive = passive

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        return pick(self.rng, legal, self.passive)


def play_random(config: dict[str, Any], seed: int,
                keep_actions: bool = False) -> tuple[GameState, int, list[Action | str]]:
    """A complete game between random bots (one generator for all seats, seeded with the game
    seed), played with the in-place fast path: what ``newdawn bench`` and ``newdawn sim`` time.
    Returns the final state, the number of decisions and, if asked, the actions (for a
    record). A bad ``config`` raises ``ValueError`` (``new_game``)."""
    st = new_game(config, seed)
    bot = RandomBot(random.Random(seed))
    actions: list[Action | str] = []

    def keep(_st: GameState, _seat: int, a: Action) -> None:
        actions.append(a)

    st, n = play_game(st, [bot] * st.n, before=keep if keep_actions else None)
    return st, n, actions
