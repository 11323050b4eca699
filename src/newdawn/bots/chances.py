"""Each seat's chance of winning, from one seat's view: ``win_chances(view)``.

The table's win-chance bar, its end-of-game chart and research evaluators read it. It sees only
what the view shows (``engine.view.state_from_view`` samples the rest, and the features read no
hidden part). A finished game gives the winner 1 (a draw splits evenly). Otherwise the shipped
learned model for the game's ruleset and player count gives the chances (``model``; trained by
``newdawn train``, docs/learning.md). Where none is shipped, the seats' scores by the ruleset's
hand evaluation (``evaluate.hand_for``) go through a softmax at ``TEMPERATURE`` points: a seat
one victory card (120 points) ahead of its only rival gets about 0.82.
"""

from __future__ import annotations

from typing import Any, Final

from ..engine import GameState, state_from_view
from .evaluate import hand_for
from .features import seat_features
from .model import shipped_model, softmax

__all__ = ["TEMPERATURE", "chances_in", "softmax", "win_chances"]

TEMPERATURE: Final = 80.0
"""Score points per unit of log-odds between two seats, without a model."""


def chances_in(st: GameState) -> list[float]:
    """Each seat's chance of winning in a (sampled) full state: the shipped model's, else the
    hand scores'."""
    if st.winner >= 0:
        return [1.0 if p == st.winner else 0.0 for p in range(st.n)]
    if st.winner == -2:
        return [1.0 / st.n] * st.n
    m = shipped_model(st.ruleset, st.n)
    if m is not None:
        return m.chances_of_rows(seat_features(st, m.skip))
    return softmax(hand_for(st.ruleset).scores(st), TEMPERATURE)


def win_chances(view: dict[str, Any]) -> dict[int, float]:
    """Seat -> its chance of winning (the values sum to 1), from ``view`` (a ``player_view``)."""
    st = state_from_view(view, 0)
    return dict(enumerate(chances_in(st)))
