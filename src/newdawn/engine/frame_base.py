"""What every pending step has (``frames.FrameBase``): kept apart from ``frames.py`` so that a
ruleset's own step shapes (``rulesets/base_frames.py``) extend it without importing the union
of all shapes that includes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

if TYPE_CHECKING:
    from typing_extensions import ReadOnly


class FrameBase(TypedDict):
    """What every frame has: its kind, and (most kinds) the seat it belongs to."""

    kind: ReadOnly[str]
    """The step kind: the key of its handlers in ``flow.AUTO`` / ``flow.CHOICE``."""
    seat: ReadOnly[NotRequired[int]]
    """The seat that decides (or whose step runs); ``flow.decision_seat`` falls back to the
    current player."""
