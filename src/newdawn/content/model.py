"""``Content``: all content of one ruleset, as read-only mappings by id (what the loader
returns and the engine reads)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from newdawn.content.schema import (
    ERAS,
    FOCUS_TYPES,
    WONDER_TYPES,
    CityState,
    FocusCard,
    Leader,
    NaturalWonder,
    PlayerDiplomacyCard,
    Ruleset,
    TileDef,
    VictoryCard,
    Wonder,
)

# --------------------------------------------------------------------------- Content


@dataclass(frozen=True, eq=False, repr=False)
class Content:
    """All content of one ruleset, as read-only mappings by id."""

    focus_cards: Mapping[str, FocusCard]
    wonders: Mapping[str, Wonder]
    city_states: Mapping[str, CityState]
    leaders: Mapping[str, Leader]
    victory_cards: Mapping[str, VictoryCard]
    natural_wonders: Mapping[str, NaturalWonder]
    player_diplomacy: Mapping[str, PlayerDiplomacyCard]
    tiles: Mapping[int, TileDef]
    ruleset: Ruleset

    def missing_rules(self) -> tuple[str, ...]:
        """Rules of this ruleset the engine cannot play yet, in words (none for Terra Incognita)."""
        return ()

    def _boxes(self, ruleset: Ruleset | str | None) -> tuple[str, ...]:
        if ruleset is None:
            return self.ruleset.boxes
        if isinstance(ruleset, Ruleset):
            return ruleset.boxes
        if ruleset == self.ruleset.id:
            return self.ruleset.boxes
        raise KeyError(f"ruleset {ruleset!r} is not the ruleset of this content ({self.ruleset.id!r})")

    def deck_ids(self, ruleset: Ruleset | str | None = None) -> tuple[str, ...]:
        """Standard focus-card ids of one player's deck (24 for TI), ordered by type then level."""
        boxes = self._boxes(ruleset)
        cards = [c for c in self.focus_cards.values() if c.unique_of is None and c.box in boxes]
        cards.sort(key=lambda c: (FOCUS_TYPES.index(c.type), c.level))
        return tuple(c.id for c in cards)

    def wonder_ids(self, ruleset: Ruleset | str | None = None) -> tuple[str, ...]:
        """Wonder ids in play (36 for TI), ordered by type, era, then file order."""
        boxes = self._boxes(ruleset)
        ws = [w for w in self.wonders.values() if w.box in boxes]
        ws.sort(key=lambda w: (WONDER_TYPES.index(w.type), ERAS.index(w.era)))
        return tuple(w.id for w in ws)

    def card_for(self, type: str, level: int, ruleset: Ruleset | str | None = None) -> str:
        """Id of the standard focus card of this type and level in the ruleset's deck."""
        for cid in self.deck_ids(ruleset):
            card = self.focus_cards[cid]
            if card.type == type and card.level == level:
                return cid
        raise KeyError(f"no standard {type} card of level {level}")

    def __repr__(self) -> str:
        return (
            f"Content(ruleset={self.ruleset.id!r}, focus_cards={len(self.focus_cards)}, "
            f"wonders={len(self.wonders)}, city_states={len(self.city_states)}, leaders={len(self.leaders)}, "
            f"victory_cards={len(self.victory_cards)}, natural_wonders={len(self.natural_wonders)}, "
            f"player_diplomacy={len(self.player_diplomacy)}, tiles={len(self.tiles)})"
        )

    def unique_card(self, leader_id: str) -> FocusCard:
        """The unique focus card of a leader."""
        return self.focus_cards[self.leaders[leader_id].unique_card]


