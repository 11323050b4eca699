"""Each seat's chance of winning, from one seat's view: ``win_chances(view)``.

The table's win-chance bar, its end-of-game chart and research evaluators read it. It sees only
what the view shows (``engine.view.state_from_view`` samples the rest, and the evaluation reads
no hidden part). A finished game gives the winner 1 (a draw splits evenly). Otherwise the
seats' scores by the ruleset's hand evaluation (``evaluate.hand_for``) go through a softmax at
``TEMPERATURE`` points: a seat one victory card (120 points) ahead of its only rival gets about
0.82. A learned model (``newdawn train``) takes the place of the hand scores where one is shipped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

from ..engine import GameState
from ..engine.view import state_from_view
from .evaluate import hand_for

TEMPERATURE: Final = 80.0
"""Score points per unit of log-odds between two seats."""


def softmax(values: Sequence[float], temperature: float = 1.0) -> list[float]:
    """Probabilities proportional to exp(value / temperature)."""
    top = max(values)
    w = [math.exp((v - top) / temperature) for v in values]
    total = sum(w)
    return [x / total for x in w]


def chances_in(st: GameState) -> list[float]:
    """Each seat's chance of winning in a (sampled) full state, by the hand scores."""
    if st.winner >= 0:
        return [1.0 if p == st.winner else 0.0 for p in range(st.n)]
    if st.winner == -2:
        return [1.0 / st.n] * st.n
    return softmax(hand_for(st.ruleset).scores(st), TEMPERATURE)


def win_chances(view: dict[str, Any]) -> dict[int, float]:
    """Seat -> its chance of winning (the values sum to 1), from ``view`` (a ``player_view``)."""
    st = state_from_view(view, 0)
    return dict(enumerate(chances_in(st)))
