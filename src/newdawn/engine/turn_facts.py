"""What the current turn remembers (``GameState.turn``): the facts a rule needs within one
turn, cleared when the next turn starts (``turn.start_turn``; the base game's map building
keeps the tile hands here while it lasts). Every key is declared, so mypy checks each read and
write; the state's JSON holds the same dictionary."""

from __future__ import annotations

from typing import TypedDict


class APTurn(TypedDict, total=False):
    """The Automated Player's bookkeeping within its turn (``rulesets/base_automa.py``)."""

    attacks: int
    """Attacks made from its card this turn."""
    reinforced: int
    """Control tokens it reinforced this turn."""
    built: int
    """1 when its industry card built a city or a wonder this turn."""
    gave_up: int
    """1 when its industry card found nothing to build (it then upgrades the card)."""


class TurnFacts(TypedDict, total=False):
    """``GameState.turn``: each key present only once something of its kind happened."""

    once: list[str]
    """Once-a-turn abilities already used (a wonder's key, ``cartography``, ``raze``,
    ``capitalism``)."""
    fx: list[str]
    """Leader and card effects active for the rest of the turn (``hooks.active_handlers``)."""
    colossus: int
    """Caravan steps the Colossus granted this turn."""
    sankore: int
    """1 once Sankore's bonus was taken this turn."""
    won_attacks: int
    """Attacks the current player won this turn."""
    defeated_armies: list[int]
    """The current player's armies defeated this turn (by figure index)."""
    arrivals: list[int]
    """Spaces a caravan arrived at this turn."""
    returned_caravans: list[int]
    """Caravans (by figure index) returned to their card this turn."""
    cs_used: list[str]
    """City-state trade tokens spent this turn."""
    nw_used: list[str]
    """Natural-wonder tokens spent on wonders this turn."""
    taken: list[int]
    """Spaces taken by the base game's card attacks this turn."""
    hands: list[list[int]]
    """The base game's map building: each seat's tile hand."""
    ap: APTurn
    """The Automated Player's turn."""
    ap_nuked: list[int]
    """Spaces hit by the Automated Player's nuclear strike while it resolves."""
    ap_dest: dict[str, int]
    """The Automated Player's caravan destinations, by figure index."""
