"""Refusals: why an action is not legal now, as a fact.

``api.why_not`` answers with a ``Refusal``: a kind from ``RefusalKind`` and the facts the
reason names (a space id, a seat, a piece, a data id, numbers), never words. Players read the
words ``describe/refusal_words.py`` makes of it (one entry per kind, places by name);
``api.why_illegal`` gives developers a plain one-line form (``plain``). mypy holds every kind
the engine writes to the declared ones, and ``tests/describe/test_refusal_words.py`` checks that
each declared kind has its words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

RefusalKind = Literal[
    # The space itself (pieces: "control", "city", "district").
    "water", "fort", "too_hard", "holds_city", "holds_city_state", "holds_control", "holds_barbarian",
    "holds_rival_army", "holds_token", "holds_rival_control", "city_state_space", "next_to_city",
    "next_to_fort", "not_a_space", "not_near", "out_of_range", "not_a_mountain",
    # Control tokens, cities, districts, wonders.
    "no_unused_control", "no_unused_city", "not_own_token", "already_reinforced", "not_rival_token",
    "army_on_token", "swap_needs_token", "not_a_district", "district_used", "holds_district",
    "stands_for_city", "wonders_only", "wonder_not_on_top", "no_wonder_city", "wonder_unaffordable",
    "not_own_non_capital",
    # Cards, trade tokens, resources.
    "not_a_card", "card_in_row", "card_level", "oxford_only", "not_a_focus_type", "no_focus_card",
    "no_trade_tokens", "not_a_resource", "supply_empty", "resource_held",
    # Figures (pieces: "army", "caravan") and their steps.
    "bad_figure", "figure_locked", "figure_moved", "figure_returned", "no_start_city", "not_a_start",
    "no_move_left", "explore_no_move", "explored_already", "stack_empty", "explore_not_edge",
    "not_adjacent", "water_closed", "barbarian_blocks", "caravan_stuck", "caravan_stranded", "pact", "nothing_to_attack",
    "must_attack", "no_target", "trade_nowhere", "trade_done_here", "must_trade",
    # Setting up the map.
    "fort_on_map", "fort_planned", "fort_few_core", "fort_next_fort", "fort_next_city_state",
    "not_your_tile", "last_tile", "tile_placement",
    # The decision as a whole.
    "game_over", "notation", "no_argument", "verb_not_offered", "not_an_option",
]


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused: ``kind`` and the facts its reason names (a field a kind does
    not use keeps its default)."""

    kind: RefusalKind
    space: int = -1
    """The space refused (a space id), -1 when the reason names none."""
    near: int = -1
    """A second space the reason names (the city next door, the mountain), -1 when none."""
    seat: int = -1
    """A seat the reason names (the pact's giver, the defender), -1 when none."""
    piece: str = ""
    """The piece or figure concerned: "control", "city", "district", "army", "caravan"."""
    item: str = ""
    """A data id or word: a card id, focus type, resource, district type, tile, verb; for
    ``not_near`` what the space must be next to ("city", "space", "district", "theater")."""
    number: int = -1
    """A number: a figure's index, a difficulty, a range, a card's level, a count."""
    limit: int = -1
    """The bound the number breaks: a slot, the tech dial's level, the fewest spaces touched."""
    names: tuple[str, ...] = ()
    """The ids the decision accepts instead (focus types, verbs, resources, tiles)."""
    hex: tuple[int, int] | None = None
    """A hex off the map (a fort spot), as axial coordinates."""

    def facts(self) -> dict[str, object]:
        """The fields that carry a fact (defaults left out), for JSON: ``{"kind": ...}``."""
        out: dict[str, object] = {"kind": self.kind}
        for key, value in (("space", self.space), ("near", self.near), ("seat", self.seat),
                           ("number", self.number), ("limit", self.limit)):
            if value != -1:
                out[key] = value
        if self.piece:
            out["piece"] = self.piece
        if self.item:
            out["item"] = self.item
        if self.names:
            out["names"] = list(self.names)
        if self.hex is not None:
            out["hex"] = list(self.hex)
        return out


def plain(r: Refusal, coords: Sequence[tuple[int, int]] | None = None) -> str:
    """The developer's one-line form: ``too_hard (space 3,-2, number 2, limit 1)``, spaces as
    coordinates when ``coords`` (the board's) is given."""
    parts: list[str] = []
    for key, value in r.facts().items():
        if key == "kind":
            continue
        if key in ("space", "near") and coords is not None and isinstance(value, int) and 0 <= value < len(coords):
            q, rr = coords[value]
            parts.append(f"{key} {q},{rr}")
        elif isinstance(value, list):
            parts.append(f"{key} {','.join(str(x) for x in value)}")
        else:
            parts.append(f"{key} {value}")
    return f"{r.kind} ({', '.join(parts)})" if parts else r.kind
