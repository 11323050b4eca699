"""A line of help under a decision a newcomer meets without context (the setup), in our words.

The decision's own text says what to do; this says why it matters. Kept short: the full rules
summary is the table's "How to play" page.
"""

from __future__ import annotations

from ..engine.state import GameState
from .names import pending_frame

HELP: dict[str, str] = {
    "setup_fort": (
        "A fort is an extra space at the edge of the core map (forest, difficulty 3). Nobody holds one at "
        "first: an army takes it by attack (the fort defends with +6) and a city goes there. The Fortified and "
        "Expeditionary victory cards ask for forts. A fort may not touch another fort or a city-state."),
    "setup_capital": (
        "Your home tile: it must touch at least four spaces of the core tiles or forts, and your capital goes on "
        "its star. Cities and control tokens spread from there, so room around it matters."),
}
"""Help by decision kind (the engine's frame kind)."""


def decision_help(st: GameState) -> str | None:
    """The help line of the pending decision, if it has one."""
    f = pending_frame(st)
    return None if f is None else HELP.get(f["kind"])
