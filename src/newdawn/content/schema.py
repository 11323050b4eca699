"""Typed, frozen views of the content data files.

Every class here is built by ``newdawn.content.loader`` from JSON in ``data/`` and validated
there; the engine reads content only through these classes and never holds card tables of its
own. Each record keeps ``source`` and ``confidence`` so that unsure facts can be listed in
``docs/rules-coverage.md`` and corrected with a one-line data change.
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

FOCUS_TYPES: Final[tuple[str, ...]] = ("culture", "science", "economy", "industry", "military", "growth")
TERRAINS: Final[tuple[str, ...]] = ("grassland", "hills", "forest", "desert", "mountain", "water", "natural_wonder")
RESOURCES: Final[tuple[str, ...]] = ("marble", "mercury", "oil", "diamond")
WONDER_TYPES: Final[tuple[str, ...]] = ("cultural", "economic", "scientific", "militaristic")
ERAS: Final[tuple[str, ...]] = ("ancient", "medieval", "modern")
DISTRICTS: Final[tuple[str, ...]] = ("campus", "commercial_hub", "encampment", "industrial_zone", "theater_square")


def _frozen(d: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(d or {}))


@dataclass(frozen=True)
class Effect:
    """One step of a card effect: an operation name from a small vocabulary and its arguments."""

    op: str
    args: Mapping[str, Any] = field(default_factory=lambda: _frozen(None))

    def int(self, key: str, default: int = 0) -> int:
        v = self.args.get(key, default)
        assert isinstance(v, int)
        return v

    def bool(self, key: str, default: bool = False) -> bool:
        v = self.args.get(key, default)
        assert isinstance(v, bool)
        return v

    def str(self, key: str, default: str = "") -> str:
        v = self.args.get(key, default)
        assert isinstance(v, str)
        return v

    def strs(self, key: builtins.str) -> tuple[builtins.str, ...]:
        v = self.args.get(key, ())
        return tuple(v)


@dataclass(frozen=True)
class FocusCard:
    id: str
    name: str
    type: str
    level: int
    box: str
    caravans: int
    armies: int
    effects: tuple[Effect, ...]
    unique_of: str | None
    text: str
    source: str
    confidence: str


@dataclass(frozen=True)
class Wonder:
    id: str
    name: str
    type: str
    era: str
    cost: int
    resources: tuple[str, str]
    box: str
    text: str
    effects: tuple[Effect, ...]
    source: str
    confidence: str


@dataclass(frozen=True)
class CityState:
    id: str
    name: str
    type: str
    frame: str
    box: str
    tile: int
    text: str
    effects: tuple[Effect, ...]
    source: str
    confidence: str


@dataclass(frozen=True)
class Leader:
    id: str
    civ: str
    leader: str
    ability: str
    text: str
    box: str
    start_row: tuple[str, ...]
    unique_card: str
    effects: tuple[Effect, ...]
    source: str
    confidence: str


@dataclass(frozen=True)
class Agenda:
    id: str
    name: str
    kind: str
    args: Mapping[str, Any]
    text: str


@dataclass(frozen=True)
class VictoryCard:
    id: str
    box: str
    fort: bool
    agendas: tuple[Agenda, ...]
    source: str
    confidence: str


@dataclass(frozen=True)
class NaturalWonder:
    id: str
    name: str
    resource: str
    tile: int
    box: str
    source: str
    confidence: str


@dataclass(frozen=True)
class PlayerDiplomacyCard:
    id: str
    name: str
    box: str
    text: str
    effects: tuple[Effect, ...]
    source: str
    confidence: str


@dataclass(frozen=True)
class TileSpace:
    index: int
    q: int
    r: int
    terrain: str
    resource: str | None
    natural_wonder: str | None
    barbarian: str | None
    city_state: str | None
    capital: bool
    confidence: str


@dataclass(frozen=True)
class TileDef:
    id: int
    box: str
    kind: str
    sides: Mapping[str, tuple[TileSpace, ...]]


@dataclass(frozen=True)
class Reading:
    """A rule the sources leave open, as played: the value used, the values it may take, the
    source, its confidence and the reading not taken (the base game's readings, the Automated
    Player's parameters)."""

    id: str
    value: Any
    choices: tuple[Any, ...]
    source: str
    confidence: str
    alternative: str


@dataclass(frozen=True)
class Government:
    id: str
    name: str
    type: str
    arrows: int
    confidence: str


@dataclass(frozen=True)
class Ruleset:
    """Numbers and structure of one ruleset (``content/data/ruleset_<id>.json``)."""

    id: str
    name: str
    """The ruleset's name as the lobby and reports print it ("Terra Incognita", "Base game")."""
    summary: str
    """One line on what sets the ruleset apart, for the lobby."""
    players: tuple[int, int]
    colors: tuple[str, ...]
    focus_types: tuple[str, ...]
    row_slots: tuple[int, ...]
    slot_cap: int
    terrain_difficulty: Mapping[str, int]
    fort_terrain: str
    city_state_terrain: str
    trade_cap: int
    trade_effect: Mapping[str, str]
    core_tiles: Mapping[int, int]
    core_side_a_rolls: tuple[int, ...]
    core_placements: Mapping[str, tuple[tuple[int, tuple[int, int]], ...]]
    fort_touch_core_min: int
    capital_touch_min: int
    capital_touch_fallback: bool
    """When a capital tile cannot touch enough core/fort spaces, count every map space."""
    explore_touch_min: int
    components: Mapping[str, int]
    districts: tuple[str, ...]
    start_armies: int
    start_caravans: int
    start_row_length: int
    combat: Mapping[str, int]
    barbarians: Mapping[str, Any]
    event_dial: tuple[tuple[str, ...], ...]
    tech_dial_max: int
    tech_dial_wrap: int
    tech_levels: Mapping[int, int]
    governments: tuple[Government, ...]
    wonder_remove: Mapping[str, int]
    victory_cards_to_win: int
    victory_random_cards: int
    victory_fixed: tuple[str, ...]
    victory_check: str
    """When the end-of-round victory check happens: "before_event_dial" (unified rules, Winning the
    Game) or "after_event_dial" (FAQ "Other": the dial still turns and resolves after the final round)."""
    agenda_timing: str
    """When a completed agenda is claimed: "on_completion" (unified rules, Winning the Game: "When a
    player completes an agenda, that player places one of his or her control tokens next to that
    agenda's victory card"; checked after every action) or "end_of_turn" (after each turn, the
    event dial and Globalization only)."""
    caravan_trade_tokens: int
    city_state_token_spend: str
    """When a city-state token on a focus card may be spent as a trade token:
    "resolving_focus_card" (R and U, City-States: "When a player resolves a focus card that has a
    city-state token on it"; never while defending) or "once_per_turn" (the Terra Incognita player
    aid: "can be spent as a Trade Token once per turn", defending included)."""
    supply: Mapping[str, int]
    """The box's counts (``ruleset_reader.SUPPLY_KEYS``): resource tokens of each type, water
    tokens, barbarians, natural wonders, city-states, forts, diplomacy cards; trade tokens are
    unlimited (``trade_tokens_limited`` 0). Cities, armies, caravans and control tokens per
    player are ``components``, districts ``districts`` (one of each)."""
    provenance: Mapping[str, Any]
    boxes: tuple[str, ...]
    """Which ``box`` values of the content files belong to this ruleset's components (the
    shared box and the ruleset's own)."""
