"""The option record of the ``view`` message (``decision.choices[]``), declared once.

``describe.options`` builds these records and ``server/schema.py`` validates the message with
them (Pydantic reads a standard dataclass as a model; ``__pydantic_config__`` forbids unknown
keys as the other models of the contract do). They are plain dataclasses so that ``describe``
needs no Pydantic: it runs without the ``server`` extra (the command line, the bots).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Literal

FORBID_EXTRA: dict[str, Any] = {"extra": "forbid"}
"""Pydantic's configuration of each record here (as ``server/schema.py``'s models)."""

OptionKind = Literal[
    "focus",     # play a focus card of the row (card, slot set)
    "space",     # a space of the map is the target (spaces = [it])
    "move",      # something goes from src to dst (a step, a token moved, a barbarian moved)
    "choice",    # pick one of several named things (a card, a mode, a resource, a district)
    "pay",       # pay toward a wonder (a resource, a trade token)
    "tokens",    # spend n trade tokens (resolve a card with n tokens)
    "confirm",   # go ahead (resolve without tokens, accept a combat result, build now)
    "skip",      # decline an optional step (done, pass, keep, skip, stop, none)
    "back",      # take back the focus card choice
    "tile",      # place a map tile (spaces = the spaces it would cover, dst = its anchor)
]


@dataclass
class Hex:
    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID_EXTRA

    q: int
    r: int


@dataclass
class Cell:
    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID_EXTRA

    q: int
    r: int
    terrain: str | None = None
    mark: str | None = None
    """``"capital"``: the capital will stand there (a capital tile's star)."""


@dataclass
class Option:
    """One legal option of the pending decision."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID_EXTRA

    action: str
    """The engine's action text: what the table POSTs (never shown, never parsed)."""
    label: str
    """Human words for the button ("Army 2 to the hills at 3,-1", "Resolve with 2 trade tokens")."""
    kind: OptionKind
    spaces: list[int] = field(default_factory=list)
    """Every space the option names (for highlighting on the map)."""
    src: int | None = None
    dst: int | None = None
    hint: str | None = None
    """A short explanation in plain words (what it does, what it costs, what it adds)."""
    warning: str | None = None
    """Set when the option is legal but unwise to take blindly ("would do nothing")."""
    group: str | None = None
    """Options with the same group share a space or a menu (all ways to use one space)."""
    card: str | None = None
    """Focus card id for focus options (and cards taken or named)."""
    slot: int | None = None
    """The slot the card would resolve in (after governments and other bonuses)."""
    amount: int | None = None
    """A number the option chooses (trade tokens spent)."""
    at: Hex | None = None
    """The hex the option names when it is not a space of the map yet (a fort spot, a tile's
    anchor, a water token); None otherwise."""
    cells: list[Cell] = field(default_factory=list)
    """For tile options: the hexes the tile would cover, with their terrain (a preview)."""

    def as_dict(self) -> dict[str, Any]:
        """The record as the message carries it (JSON): the fields of :class:`Option` only."""
        out = {name: getattr(self, name) for name in OPTION_FIELDS}
        out["at"] = None if self.at is None else {"q": self.at.q, "r": self.at.r}
        out["cells"] = [{"q": c.q, "r": c.r, "terrain": c.terrain, **({"mark": c.mark} if c.mark else {})} for c in self.cells]
        return out


OPTION_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Option))
"""The keys of an option record in the message, in order."""
