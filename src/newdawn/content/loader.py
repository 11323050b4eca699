"""Load and validate the content data files in ``newdawn/content/data``.

``load_content()`` is the entry point for the engine (cached). ``load_content_from()`` does the
same work uncached and accepts another directory and/or replacement documents, which is how the
tests feed the validator broken data.

Validation is strict: every record must have exactly the keys of its dataclass, every enum value
must be known, every effect op and argument must be in :data:`EFFECT_OPS`, every agenda kind and
argument in :data:`AGENDA_KINDS`, and cross references (start rows, unique cards, tiles,
natural wonders, city-states, victory cards) must resolve. Any problem raises
:class:`~newdawn.content.errors.ContentError` naming the file and the entry.
"""

from __future__ import annotations

import functools
import json
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn

from newdawn.content.errors import ContentError
from newdawn.content.schema import (
    DISTRICTS,
    ERAS,
    FOCUS_TYPES,
    RESOURCES,
    TERRAINS,
    WONDER_TYPES,
    Agenda,
    CityState,
    Effect,
    FocusCard,
    Government,
    Leader,
    NaturalWonder,
    PlayerDiplomacyCard,
    Ruleset,
    TileDef,
    TileSpace,
    VictoryCard,
    Wonder,
)

__all__ = [
    "AGENDA_KINDS",
    "EFFECT_OPS",
    "SPECIAL_ARGS",
    "Content",
    "load_content",
    "load_content_from",
    "read_raw",
]

DATA_PACKAGE = "newdawn.content"
DATA_DIR = "data"

CONFIDENCES: tuple[str, ...] = ("high", "medium", "low")
BOXES: tuple[str, ...] = ("both", "base", "ti")
RULESET_BOXES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"ti": ("both", "ti"), "base": ("both", "base")}
)
CITY_STATE_FRAMES: tuple[str, ...] = ("diamond", "circle", "star")
TILE_KINDS: tuple[str, ...] = ("natural_wonder", "city_state", "capital", "plain")
TILE_SIDES: tuple[str, ...] = ("A", "B")
SPACES_PER_SIDE = 10
BARBARIAN_LETTERS: tuple[str, ...] = tuple("ABCDEFGHIJK")
PRIMARY_RESOURCE: Mapping[str, str] = MappingProxyType(
    {"cultural": "marble", "economic": "diamond", "scientific": "mercury", "militaristic": "oil"}
)
VICTORY_CHECKS: tuple[str, ...] = ("before_event_dial", "after_event_dial")
AGENDA_TIMINGS: tuple[str, ...] = ("on_completion", "end_of_turn")
EVENT_ICONS: tuple[str, ...] = ("spawn", "barb_move", "districts", "government", "wonder", "trade")
TRADE_EFFECTS: tuple[str, ...] = (
    "control_token",
    "dial_space",
    "caravan_move",
    "production",
    "combat_or_reroll",
    "combat",
    "reinforce",
)
PASS_THROUGH: tuple[str, ...] = ("control", "caravan", "barbarian", "city_state")
COUNT_THROUGH: tuple[str, ...] = ("water", "rival", "barbarian", "city_state")

# Expected sizes of the record files (the TI box plus the base box).
EXPECTED_COUNTS: Mapping[str, int] = MappingProxyType(
    {"city_states": 12, "natural_wonders": 12, "leaders": 18, "player_diplomacy": 5, "tiles": 21}
)
# Wonders per (type, era) in the wonder set of each ruleset.
WONDERS_PER_TYPE_ERA: Mapping[str, int] = MappingProxyType({"ti": 3, "base": 2})


# --------------------------------------------------------------------------- vocabularies


@dataclass(frozen=True)
class Arg:
    """Specification of one effect / agenda argument.

    ``kind`` is one of ``int``, ``bool``, ``str``, ``strs`` (list of strings) or ``options``
    (a list of effect lists, only for the ``choose`` op).
    """

    kind: str
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int = 0


_INT = Arg("int")
_POS = Arg("int", minimum=1)
_BOOL = Arg("bool")

#: Effect operations the engine implements, with their argument names.
#: Notes on meaning: ``place_control.near`` is what the new token must be adjacent to;
#: ``trade`` false = trade tokens do not add to that step; ``armies.vs_barbarian`` and
#: ``attack_from_card.vs_barbarian`` are added on top of ``combat`` against barbarians;
#: ``special.handler`` names card-specific code in the engine (the card or wonder id).
EFFECT_OPS: Mapping[str, Mapping[str, Arg]] = MappingProxyType(
    {
        "place_control": {
            "count": _POS,
            "near": Arg("str", choices=("city", "space", "district")),
            "trade": Arg("bool", required=False),
        },
        "shift_control": {},
        "mass_media": {"range": _POS},
        "advance_dial": {},
        "gain_trade": {"count": _POS},
        "gain_missing_resource": {},
        "nuke": {"min_slot": _POS},
        "caravans": {
            "move": _POS,
            "water": _BOOL,
            "barbarian": Arg("str", choices=("none", "defeat_stop", "defeat_continue")),
        },
        "swap_resource": {},
        "capitalism": {},
        "build": {
            "city_range": _POS,
            "count_water": _BOOL,
            "on_figure": _BOOL,
            "wonder_slot5_production": _INT,
            "after_city_control": _INT,
            # unique cards: Industrialization adds your districts to a wonder's production,
            # Construction builds no city and counts each resource as 3.
            "production_per_district": Arg("bool", required=False),
            "cities": Arg("bool", required=False),
            "resource_value": Arg("int", required=False, minimum=1),
        },
        "armies": {
            "move": _POS,
            "water": _BOOL,
            "combat": _INT,
            "vs_barbarian": _INT,
            "pass_through": Arg("strs", choices=PASS_THROUGH),
            "reattack": _BOOL,
        },
        "attack_from_card": {
            "attacks": _POS,
            "range": _POS,
            "combat": _INT,
            "vs_barbarian": _INT,
            "count_through": Arg("strs", choices=COUNT_THROUGH),
        },
        "reinforce": {},
        "choose": {"options": Arg("options")},
        "district": {},
        "globalization": {},
        # ``reinforced``: the side a token placed by the effect shows (England: the sources
        # conflict, so the reading is kept here, in data).
        "special": {"handler": Arg("str"), "reinforced": Arg("bool", required=False)},
    }
)

#: Printed numbers of the irregular effects, by ``special`` handler name: the arguments each
#: handler reads from data (all required, so a record that lacks one fails validation). A
#: corrected number is a one-line change in the JSON file, never in the engine.
SPECIAL_ARGS: Mapping[str, Mapping[str, Arg]] = MappingProxyType(
    {
        # wonders (wonders.json)
        "terracotta_army": {"attack": _POS},
        "alhambra": {"bonus": _POS},
        "ruhr_valley": {"defence": _POS},
        "petra": {"defence": _POS},
        "pentagon": {"attack": _POS},
        "pentagon_base": {"attack": _POS},
        "big_ben": {"per_caravan": _POS},
        "kremlin": {"attack": _POS},
        "huey_teocalli": {"per_water": _POS},
        "jebel_barkal": {"per_resource": _POS},
        "taj_mahal": {"per_wonder": _POS},
        "machu_picchu": {"max_slot": _POS, "shift": _POS},
        "machu_picchu_base": {"max_slot": _POS, "as_slot": _POS},
        "hanging_gardens": {"max_difficulty": _POS},
        "eiffel_tower": {"named": _POS},
        "great_zimbabwe": {"store": _POS},
        "colossus": {"steps": _POS},
        "kilwa_kisiwani": {"trade": _POS},
        "pyramids": {"cards": _POS, "level": _POS},
        "porcelain_tower": {"cards": _POS},
        "potala_palace": {"take": _POS, "hold": _POS},
        "cristo_redentor": {"range": _POS},
        "amundsen_scott_research_station": {"tokens": _POS},
        "venetian_arsenal": {"slot": _POS},
        # leaders (leaders.json)
        "scythia": {"bonus": _POS, "terrains": Arg("strs", choices=TERRAINS)},
        "egypt": {"discount": _POS},
        "china": {"extra_per_token": _POS},
        "japan": {"difficulty": _POS},
        "georgia": {"slots": _POS},
        "ottoman": {"bonus": _POS},
        "zulu": {"trade": _POS, "trade_city": _POS},
        "france": {"ancient": _POS, "medieval": _POS, "modern": _POS},
        # unique focus cards (focus_cards.json)
        "writing": {"steps": _POS},
        "craftsmanship": {"steps": _POS},
        "state_workforce": {"min_slot": _POS},
        "radio": {"min_slot": _POS, "range": _POS},
        "cartography": {"min_distance": _POS, "range": _POS},
        "siege_tactics": {"per_token": _POS},
        # city-states (city_states.json)
        "kumasi": {"difficulty": _POS},
        "mohenjo_daro": {"easier": _POS},
        "auckland": {"difficulty": _POS},
        "buenos_aires": {"discount": _POS},
        "brussels": {"per_city": _POS},
        "kabul": {"attack": _POS},
        "carthage": {"per_piece": _POS, "range": _POS},
        # player diplomacy cards (player_diplomacy.json)
        "joint_war": {"attack": _POS},
        "defensive_pact": {"defence": _POS},
    }
)

_N = {"n": _POS}
#: Victory-card agenda kinds and their arguments.
AGENDA_KINDS: Mapping[str, Mapping[str, Arg]] = MappingProxyType(
    {
        "mature_cities": _N,
        "natural_wonders": _N,
        "warmonger": {"capitals": _POS, "city_states": _POS},
        "wonders_of_type": {"type": Arg("str", choices=WONDER_TYPES), "n": _POS},
        "cities_on_map": _N,
        "coastal_spaces": _N,
        "tech_dial_space": _N,
        "level_iv_cards": _N,
        "reinforced_tokens": _N,
        "attack_value": _N,
        "diplomacy_sources": _N,
        "resources": _N,
        "mature_city_tiles": _N,
        "wonder_types": _N,
        "all_districts": {},
        "wonder_each_era": {},
        "city_tiles": _N,
        "wonders_same_era": _N,
        "forts": _N,
    }
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
        if ruleset in RULESET_BOXES:
            return RULESET_BOXES[ruleset]
        raise KeyError(f"unknown ruleset {ruleset!r}")

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


# --------------------------------------------------------------------------- low-level readers


class _Rec:
    """A JSON object being read into a record; every failure names file and entry."""

    def __init__(self, file: str, entry: str, obj: object, keys: Iterable[str], optional: Iterable[str] = ()):
        self.file = file
        self.entry = entry
        if not isinstance(obj, dict):
            self.fail(f"expected an object, got {type(obj).__name__}")
        self.obj: dict[str, object] = obj
        required = set(keys)
        allowed = required | set(optional)
        unknown = sorted(set(obj) - allowed)
        if unknown:
            self.fail(f"unknown key(s) {unknown}")
        missing = sorted(required - set(obj))
        if missing:
            self.fail(f"missing key(s) {missing}")

    def fail(self, msg: str) -> NoReturn:
        raise ContentError(f"{self.file}: {self.entry}: {msg}")

    def raw(self, key: str) -> object:
        return self.obj.get(key)

    def get_str(self, key: str, choices: Iterable[str] | None = None) -> str:
        v = self.obj.get(key)
        if not isinstance(v, str) or not v:
            self.fail(f"{key!r} must be a non-empty string, got {v!r}")
        if choices is not None:
            opts = tuple(choices)
            if v not in opts:
                self.fail(f"{key!r} = {v!r} is not one of {list(opts)}")
        return v

    def get_opt_str(self, key: str, choices: Iterable[str] | None = None) -> str | None:
        if self.obj.get(key) is None:
            return None
        return self.get_str(key, choices)

    def get_int(self, key: str, minimum: int | None = None, maximum: int | None = None) -> int:
        v = self.obj.get(key)
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(f"{key!r} must be an integer, got {v!r}")
        if minimum is not None and v < minimum:
            self.fail(f"{key!r} = {v} is below {minimum}")
        if maximum is not None and v > maximum:
            self.fail(f"{key!r} = {v} is above {maximum}")
        return v

    def get_bool(self, key: str) -> bool:
        v = self.obj.get(key)
        if not isinstance(v, bool):
            self.fail(f"{key!r} must be true or false, got {v!r}")
        return v

    def get_list(self, key: str) -> list[object]:
        v = self.obj.get(key)
        if not isinstance(v, list):
            self.fail(f"{key!r} must be a list, got {v!r}")
        return v

    def get_dict(self, key: str) -> dict[str, object]:
        v = self.obj.get(key)
        if not isinstance(v, dict):
            self.fail(f"{key!r} must be an object, got {v!r}")
        return v

    def get_strs(self, key: str, choices: Iterable[str] | None = None) -> tuple[str, ...]:
        out: list[str] = []
        opts = tuple(choices) if choices is not None else None
        for i, v in enumerate(self.get_list(key)):
            if not isinstance(v, str) or not v:
                self.fail(f"{key}[{i}] must be a non-empty string, got {v!r}")
            if opts is not None and v not in opts:
                self.fail(f"{key}[{i}] = {v!r} is not one of {list(opts)}")
            out.append(v)
        return tuple(out)

    def get_ints(self, key: str) -> tuple[int, ...]:
        out: list[int] = []
        for i, v in enumerate(self.get_list(key)):
            if not isinstance(v, int) or isinstance(v, bool):
                self.fail(f"{key}[{i}] must be an integer, got {v!r}")
            out.append(v)
        return tuple(out)

    def get_int_map(self, key: str, keys: Iterable[str] | None = None, minimum: int = 0) -> Mapping[str, int]:
        d = self.get_dict(key)
        if keys is not None:
            want = set(keys)
            if set(d) != want:
                self.fail(f"{key!r} keys {sorted(d)} must be exactly {sorted(want)}")
        out: dict[str, int] = {}
        for k, v in d.items():
            if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
                self.fail(f"{key}[{k!r}] must be an integer >= {minimum}, got {v!r}")
            out[k] = v
        return MappingProxyType(out)

    def confidence(self, key: str = "confidence") -> str:
        return self.get_str(key, CONFIDENCES)


def _field_names(cls: type[Any], *, exclude: Iterable[str] = ()) -> tuple[str, ...]:
    skip = set(exclude)
    return tuple(f.name for f in fields(cls) if f.name not in skip)


def _entry_id(obj: object, index: int) -> str:
    if isinstance(obj, dict):
        v = obj.get("id")
        if isinstance(v, str | int) and not isinstance(v, bool):
            return f"{v!r} (#{index})"
    return f"#{index}"


# --------------------------------------------------------------------------- effects and agendas


def _check_args(
    file: str, entry: str, where: str, args: dict[str, object], spec: Mapping[str, Arg]
) -> dict[str, Any]:
    def fail(msg: str) -> NoReturn:
        raise ContentError(f"{file}: {entry}: {where}: {msg}")

    unknown = sorted(set(args) - set(spec))
    if unknown:
        fail(f"unknown argument(s) {unknown}; allowed {sorted(spec)}")
    out: dict[str, Any] = {}
    for name, arg in spec.items():
        if name not in args:
            if arg.required:
                fail(f"missing argument {name!r}")
            continue
        v = args[name]
        if arg.kind == "int":
            if not isinstance(v, int) or isinstance(v, bool) or v < arg.minimum:
                fail(f"argument {name!r} must be an integer >= {arg.minimum}, got {v!r}")
            out[name] = v
        elif arg.kind == "bool":
            if not isinstance(v, bool):
                fail(f"argument {name!r} must be true or false, got {v!r}")
            out[name] = v
        elif arg.kind == "str":
            if not isinstance(v, str) or not v:
                fail(f"argument {name!r} must be a non-empty string, got {v!r}")
            if arg.choices and v not in arg.choices:
                fail(f"argument {name!r} = {v!r} is not one of {list(arg.choices)}")
            out[name] = v
        elif arg.kind == "strs":
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                fail(f"argument {name!r} must be a list of strings, got {v!r}")
            bad = [x for x in v if arg.choices and x not in arg.choices]
            if bad:
                fail(f"argument {name!r} has unknown value(s) {bad}; allowed {list(arg.choices)}")
            if len(set(v)) != len(v):
                fail(f"argument {name!r} repeats a value: {v!r}")
            out[name] = tuple(v)
        elif arg.kind == "options":
            if not isinstance(v, list) or len(v) < 2:
                fail(f"argument {name!r} must be a list of at least 2 effect lists")
            options: list[tuple[Effect, ...]] = []
            for i, opt in enumerate(v):
                options.append(_effects(file, entry, opt, f"{where}.{name}[{i}]", allow_empty=False))
            out[name] = tuple(options)
        else:  # pragma: no cover - vocabulary table error
            fail(f"bad vocabulary kind {arg.kind!r}")
    return out


def _effect(file: str, entry: str, obj: object, where: str) -> Effect:
    if not isinstance(obj, dict):
        raise ContentError(f"{file}: {entry}: {where}: an effect must be an object, got {obj!r}")
    op = obj.get("op")
    if not isinstance(op, str) or op not in EFFECT_OPS:
        raise ContentError(f"{file}: {entry}: {where}: unknown effect op {op!r}; known: {sorted(EFFECT_OPS)}")
    args = {k: v for k, v in obj.items() if k != "op"}
    spec = EFFECT_OPS[op]
    if op == "special" and isinstance(args.get("handler"), str):
        spec = {**spec, **SPECIAL_ARGS.get(str(args["handler"]), {})}
    checked = _check_args(file, entry, f"{where} ({op})", args, spec)
    return Effect(op=op, args=MappingProxyType(checked))


def _effects(
    file: str, entry: str, obj: object, where: str, *, allow_empty: bool = True
) -> tuple[Effect, ...]:
    if not isinstance(obj, list):
        raise ContentError(f"{file}: {entry}: {where}: must be a list of effects, got {obj!r}")
    if not obj and not allow_empty:
        raise ContentError(f"{file}: {entry}: {where}: must not be empty")
    return tuple(_effect(file, entry, e, f"{where}[{i}]") for i, e in enumerate(obj))


# --------------------------------------------------------------------------- record builders

_COMMON = ("source", "confidence")


def _focus_card(file: str, entry: str, obj: object) -> FocusCard:
    r = _Rec(file, entry, obj, _field_names(FocusCard))
    card = FocusCard(
        id=r.get_str("id"),
        name=r.get_str("name"),
        type=r.get_str("type", FOCUS_TYPES),
        level=r.get_int("level", 1, 4),
        box=r.get_str("box", BOXES),
        caravans=r.get_int("caravans", 0, 3),
        armies=r.get_int("armies", 0, 2),
        effects=_effects(file, entry, r.raw("effects"), "effects", allow_empty=False),
        unique_of=r.get_opt_str("unique_of"),
        text=r.get_str("text"),
        source=r.get_str("source"),
        confidence=r.confidence(),
    )
    if card.caravans and card.type != "economy":
        r.fail(f"only economy cards carry caravans, {card.type} card has {card.caravans}")
    if card.armies and card.type != "military":
        r.fail(f"only military cards carry armies, {card.type} card has {card.armies}")
    if card.type == "economy" and card.caravans == 0:
        r.fail("an economy card needs at least 1 caravan")
    has_armies_op = _uses_op(card.effects, "armies")
    if has_armies_op and card.armies == 0:
        r.fail("a card with an 'armies' effect needs at least 1 army")
    return card


def _uses_op(effects: Iterable[Effect], op: str) -> bool:
    for e in effects:
        if e.op == op:
            return True
        if e.op == "choose":
            options: tuple[tuple[Effect, ...], ...] = e.args["options"]
            if any(_uses_op(opt, op) for opt in options):
                return True
    return False


def _wonder(file: str, entry: str, obj: object) -> Wonder:
    r = _Rec(file, entry, obj, _field_names(Wonder))
    res = r.get_strs("resources", RESOURCES)
    if len(res) != 2 or res[0] == res[1]:
        r.fail(f"'resources' must be 2 different resources [primary, other], got {list(res)}")
    w = Wonder(
        id=r.get_str("id"),
        name=r.get_str("name"),
        type=r.get_str("type", WONDER_TYPES),
        era=r.get_str("era", ERAS),
        cost=r.get_int("cost", 1, 30),
        resources=(res[0], res[1]),
        box=r.get_str("box", BOXES),
        text=r.get_str("text"),
        effects=_effects(file, entry, r.raw("effects"), "effects"),
        source=r.get_str("source"),
        confidence=r.confidence(),
    )
    if res[0] != PRIMARY_RESOURCE[w.type]:
        r.fail(f"first resource of a {w.type} wonder must be {PRIMARY_RESOURCE[w.type]!r}, got {res[0]!r}")
    return w


def _city_state(file: str, entry: str, obj: object) -> CityState:
    r = _Rec(file, entry, obj, _field_names(CityState))
    return CityState(
        id=r.get_str("id"),
        name=r.get_str("name"),
        type=r.get_str("type", FOCUS_TYPES),
        frame=r.get_str("frame", CITY_STATE_FRAMES),
        box=r.get_str("box", BOXES),
        tile=r.get_int("tile", 1),
        text=r.get_str("text"),
        effects=_effects(file, entry, r.raw("effects"), "effects"),
        source=r.get_str("source"),
        confidence=r.confidence(),
    )


def _leader(file: str, entry: str, obj: object) -> Leader:
    r = _Rec(file, entry, obj, _field_names(Leader))
    return Leader(
        id=r.get_str("id"),
        civ=r.get_str("civ"),
        leader=r.get_str("leader"),
        ability=r.get_str("ability"),
        text=r.get_str("text"),
        box=r.get_str("box", BOXES),
        start_row=r.get_strs("start_row"),
        unique_card=r.get_str("unique_card"),
        effects=_effects(file, entry, r.raw("effects"), "effects"),
        source=r.get_str("source"),
        confidence=r.confidence(),
    )


def _agenda(file: str, entry: str, obj: object) -> Agenda:
    r = _Rec(file, entry, obj, _field_names(Agenda))
    kind = r.get_str("kind", AGENDA_KINDS)
    args = _check_args(
        file, entry, f"agenda {r.raw('id')!r} ({kind})", r.get_dict("args"), AGENDA_KINDS[kind]
    )
    return Agenda(
        id=r.get_str("id"),
        name=r.get_str("name"),
        kind=kind,
        args=MappingProxyType(args),
        text=r.get_str("text"),
    )


def _victory_card(file: str, entry: str, obj: object) -> VictoryCard:
    r = _Rec(file, entry, obj, _field_names(VictoryCard))
    fort = r.get_bool("fort")
    agendas = tuple(_agenda(file, entry, a) for a in r.get_list("agendas"))
    want = 1 if fort else 2
    if len(agendas) != want:
        r.fail(f"a {'fort' if fort else 'standard'} victory card has {want} agenda(s), got {len(agendas)}")
    if fort and agendas[0].kind != "forts":
        r.fail(f"a fort card's agenda must be of kind 'forts', got {agendas[0].kind!r}")
    return VictoryCard(
        id=r.get_str("id"),
        box=r.get_str("box", BOXES),
        fort=fort,
        agendas=agendas,
        source=r.get_str("source"),
        confidence=r.confidence(),
    )


def _natural_wonder(file: str, entry: str, obj: object) -> NaturalWonder:
    r = _Rec(file, entry, obj, _field_names(NaturalWonder))
    return NaturalWonder(
        id=r.get_str("id"),
        name=r.get_str("name"),
        resource=r.get_str("resource", RESOURCES),
        tile=r.get_int("tile", 1),
        box=r.get_str("box", BOXES),
        source=r.get_str("source"),
        confidence=r.confidence(),
    )


def _player_diplomacy(file: str, entry: str, obj: object) -> PlayerDiplomacyCard:
    r = _Rec(file, entry, obj, _field_names(PlayerDiplomacyCard))
    return PlayerDiplomacyCard(
        id=r.get_str("id"),
        name=r.get_str("name"),
        box=r.get_str("box", BOXES),
        text=r.get_str("text"),
        effects=_effects(file, entry, r.raw("effects"), "effects"),
        source=r.get_str("source"),
        confidence=r.confidence(),
    )


def _tile_space(file: str, entry: str, obj: object) -> TileSpace:
    r = _Rec(file, entry, obj, _field_names(TileSpace))
    sp = TileSpace(
        index=r.get_int("index", 0, SPACES_PER_SIDE - 1),
        q=r.get_int("q"),
        r=r.get_int("r"),
        terrain=r.get_str("terrain", TERRAINS),
        resource=r.get_opt_str("resource", RESOURCES),
        natural_wonder=r.get_opt_str("natural_wonder"),
        barbarian=r.get_opt_str("barbarian", BARBARIAN_LETTERS),
        city_state=r.get_opt_str("city_state"),
        capital=r.get_bool("capital"),
        confidence=r.confidence(),
    )
    if (sp.terrain == "natural_wonder") != (sp.natural_wonder is not None):
        r.fail("a natural wonder id goes exactly on a 'natural_wonder' terrain space")
    tokens = [x for x in (sp.resource, sp.barbarian, sp.city_state) if x is not None] + (
        ["capital"] if sp.capital else []
    )
    if len(tokens) > 1:
        r.fail(f"a space holds at most one printed token, got {tokens}")
    if tokens and sp.terrain in ("water", "natural_wonder"):
        r.fail(f"no printed token may sit on {sp.terrain}")
    return sp


def _tile(file: str, entry: str, obj: object) -> TileDef:
    r = _Rec(file, entry, obj, _field_names(TileDef))
    tid = r.get_int("id", 1)
    sides_obj = r.get_dict("sides")
    if sorted(sides_obj) != list(TILE_SIDES):
        r.fail(f"'sides' must be exactly {list(TILE_SIDES)}, got {sorted(sides_obj)}")
    sides: dict[str, tuple[TileSpace, ...]] = {}
    for name in TILE_SIDES:
        raw = sides_obj[name]
        if not isinstance(raw, list) or len(raw) != SPACES_PER_SIDE:
            r.fail(f"side {name} must list {SPACES_PER_SIDE} spaces")
        spaces = tuple(_tile_space(file, f"{entry} side {name} space #{i}", s) for i, s in enumerate(raw))
        if [s.index for s in spaces] != list(range(SPACES_PER_SIDE)):
            r.fail(f"side {name} space indices must be 0..{SPACES_PER_SIDE - 1} in order")
        if len({(s.q, s.r) for s in spaces}) != SPACES_PER_SIDE:
            r.fail(f"side {name} has repeated coordinates")
        sides[name] = spaces
    return TileDef(
        id=tid, box=r.get_str("box", BOXES), kind=r.get_str("kind", TILE_KINDS), sides=MappingProxyType(sides)
    )


# --------------------------------------------------------------------------- ruleset


def _ruleset(file: str, obj: object) -> Ruleset:
    r = _Rec(file, "ruleset", obj, _field_names(Ruleset), optional=("meta",))
    rid = r.get_str("id")
    players = r.get_ints("players")
    if len(players) != 2 or not 1 <= players[0] <= players[1]:
        r.fail(f"'players' must be [min, max], got {list(players)}")
    colors = r.get_strs("colors")
    if len(colors) < players[1] or len(set(colors)) != len(colors):
        r.fail(f"'colors' must be {players[1]} or more distinct colours")
    focus_types = r.get_strs("focus_types", FOCUS_TYPES)
    if list(focus_types) != [t for t in FOCUS_TYPES if t in focus_types]:
        r.fail("'focus_types' must follow the schema order of FOCUS_TYPES")
    slot_cap = r.get_int("slot_cap", 1)
    row_slots = r.get_ints("row_slots")
    if (
        not row_slots
        or any(not 1 <= s <= slot_cap for s in row_slots)
        or list(row_slots) != sorted(row_slots)
    ):
        r.fail(f"'row_slots' must be non-decreasing slot numbers within 1..{slot_cap}")
    if len(row_slots) != len(focus_types):
        r.fail("'row_slots' must have one slot per focus type")
    start_row_length = r.get_int("start_row_length", 1)
    if start_row_length != len(row_slots):
        r.fail("'start_row_length' must equal the number of row slots")
    terrain = r.get_int_map("terrain_difficulty", TERRAINS, minimum=1)
    trade_effect_raw = r.get_dict("trade_effect")
    if set(trade_effect_raw) != set(focus_types):
        r.fail("'trade_effect' must have exactly one entry per focus type")
    for k, v in trade_effect_raw.items():
        if v not in TRADE_EFFECTS:
            r.fail(f"trade_effect[{k!r}] = {v!r} is not one of {list(TRADE_EFFECTS)}")
    trade_effect = MappingProxyType({str(k): str(v) for k, v in trade_effect_raw.items()})

    core_raw = r.get_int_map("core_tiles", minimum=1)
    core_tiles: dict[int, int] = {}
    for k, v in core_raw.items():
        if not k.isdigit() or not players[0] <= int(k) <= players[1]:
            r.fail(f"core_tiles key {k!r} must be a player count in {list(players)}")
        core_tiles[int(k)] = v
    if sorted(core_tiles) != list(range(players[0], players[1] + 1)):
        r.fail("'core_tiles' needs an entry for every player count")
    side_a = r.get_ints("core_side_a_rolls")
    if not side_a or any(not 1 <= x <= 6 for x in side_a):
        r.fail("'core_side_a_rolls' must be die faces 1..6")

    placements_raw = r.get_dict("core_placements")
    if sorted(placements_raw) != list(TILE_SIDES):
        r.fail(f"'core_placements' must have sides {list(TILE_SIDES)}")
    placements: dict[str, tuple[tuple[int, tuple[int, int]], ...]] = {}
    for side, lst in placements_raw.items():
        if not isinstance(lst, list) or len(lst) != max(core_tiles.values()):
            r.fail(f"core_placements[{side!r}] must list {max(core_tiles.values())} placements")
        rows: list[tuple[int, tuple[int, int]]] = []
        for i, item in enumerate(lst):
            ok = (
                isinstance(item, list)
                and len(item) == 2
                and isinstance(item[0], int)
                and 0 <= item[0] <= 5
                and isinstance(item[1], list)
                and len(item[1]) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in item[1])
            )
            if not ok:
                r.fail(f"core_placements[{side!r}][{i}] must be [k (0..5), [q, r]], got {item!r}")
            rows.append((int(item[0]), (int(item[1][0]), int(item[1][1]))))
        placements[side] = tuple(rows)

    components = r.get_int_map("components", ("cities", "armies", "caravans", "control_tokens"), minimum=1)
    districts = r.get_strs("districts", DISTRICTS)
    if sorted(districts) != sorted(DISTRICTS):
        r.fail(f"'districts' must be exactly {list(DISTRICTS)}")
    combat = r.get_int_map(
        "combat",
        (
            "city_state",
            "fort",
            "friendly_army",
            "reinforced_self",
            "reinforced_adjacent",
            "city_terrain_multiplier",
            "barbarian_trade_tokens",
            "capital_trade_take",
        ),
    )
    barb = _Rec(file, "ruleset.barbarians", r.raw("barbarians"), ("capital_discard", "die_to_direction"))
    capital_discard = barb.get_int("capital_discard", 0)
    directions = barb.get_ints("die_to_direction")
    if sorted(directions) != list(range(6)):
        barb.fail("'die_to_direction' must map the 6 die faces to the 6 directions 0..5")
    barbarians = MappingProxyType({"capital_discard": capital_discard, "die_to_direction": directions})

    dial_raw = r.get_list("event_dial")
    if not dial_raw:
        r.fail("'event_dial' must have at least one section")
    dial: list[tuple[str, ...]] = []
    for i, section in enumerate(dial_raw):
        if not isinstance(section, list) or not all(isinstance(x, str) and x in EVENT_ICONS for x in section):
            r.fail(f"event_dial[{i}] must be a list of icons from {list(EVENT_ICONS)}, got {section!r}")
        if len(set(section)) != len(section):
            r.fail(f"event_dial[{i}] repeats an icon")
        if "wonder" in section and section[-1] != "wonder":
            r.fail(f"event_dial[{i}]: the wonder icon must be listed last (it resolves after the others)")
        dial.append(tuple(str(x) for x in section))

    dial_max = r.get_int("tech_dial_max", 1)
    dial_wrap = r.get_int("tech_dial_wrap", 0, dial_max)
    levels_raw = r.get_int_map("tech_levels", minimum=2)
    tech_levels: dict[int, int] = {}
    for k, v in levels_raw.items():
        if not k.isdigit() or not 1 <= int(k) <= dial_max or v > 4:
            r.fail(f"tech_levels[{k!r}] = {v}: keys must be dial spaces 1..{dial_max}, levels 2..4")
        tech_levels[int(k)] = v

    govs: list[Government] = []
    for i, g in enumerate(r.get_list("governments")):
        gr = _Rec(file, f"ruleset.governments[{i}]", g, _field_names(Government))
        govs.append(
            Government(
                id=gr.get_str("id"),
                name=gr.get_str("name"),
                type=gr.get_str("type", focus_types),
                arrows=gr.get_int("arrows", 1, slot_cap),
                confidence=gr.confidence(),
            )
        )
    if sorted(g.type for g in govs) != sorted(focus_types):
        r.fail("'governments' must have exactly one government per focus type")
    if len({g.id for g in govs}) != len(govs):
        r.fail("'governments' ids must be distinct")

    wonder_remove = r.get_int_map("wonder_remove", minimum=0)
    bad_eras = sorted(set(wonder_remove) - set(ERAS))
    if bad_eras:
        r.fail(f"'wonder_remove' has unknown era(s) {bad_eras}")

    prov = r.get_dict("provenance")
    ruleset_fields = set(_field_names(Ruleset))
    provenance: dict[str, Any] = {}
    for k, v in prov.items():
        if k not in ruleset_fields:
            r.fail(f"provenance key {k!r} is not a Ruleset field")
        pr = _Rec(file, f"ruleset.provenance[{k!r}]", v, ("source", "confidence", "alternative"))
        provenance[k] = MappingProxyType(
            {
                "source": pr.get_str("source"),
                "confidence": pr.confidence(),
                "alternative": pr.get_str("alternative"),
            }
        )

    boxes = r.get_strs("boxes", BOXES)
    if "both" not in boxes:
        r.fail("'boxes' must include 'both'")

    return Ruleset(
        id=rid,
        players=(players[0], players[1]),
        colors=colors,
        focus_types=focus_types,
        row_slots=row_slots,
        slot_cap=slot_cap,
        terrain_difficulty=terrain,
        fort_terrain=r.get_str("fort_terrain", TERRAINS),
        city_state_terrain=r.get_str("city_state_terrain", TERRAINS),
        trade_cap=r.get_int("trade_cap", 1),
        trade_effect=trade_effect,
        core_tiles=MappingProxyType(core_tiles),
        core_side_a_rolls=side_a,
        core_placements=MappingProxyType(placements),
        fort_touch_core_min=r.get_int("fort_touch_core_min", 1),
        capital_touch_min=r.get_int("capital_touch_min", 1),
        capital_touch_fallback=r.get_bool("capital_touch_fallback"),
        explore_touch_min=r.get_int("explore_touch_min", 1),
        components=components,
        districts=districts,
        start_armies=r.get_int("start_armies", 0, components["armies"]),
        start_caravans=r.get_int("start_caravans", 0, components["caravans"]),
        start_row_length=start_row_length,
        combat=combat,
        barbarians=barbarians,
        event_dial=tuple(dial),
        tech_dial_max=dial_max,
        tech_dial_wrap=dial_wrap,
        tech_levels=MappingProxyType(tech_levels),
        governments=tuple(govs),
        wonder_remove=wonder_remove,
        victory_cards_to_win=r.get_int("victory_cards_to_win", 1),
        victory_random_cards=r.get_int("victory_random_cards", 0),
        victory_fixed=r.get_strs("victory_fixed"),
        victory_check=r.get_str("victory_check", VICTORY_CHECKS),
        agenda_timing=r.get_str("agenda_timing", AGENDA_TIMINGS),
        caravan_trade_tokens=r.get_int("caravan_trade_tokens", 0),
        provenance=MappingProxyType(provenance),
        boxes=boxes,
    )


# --------------------------------------------------------------------------- files


class _Files:
    """Reads data documents from a directory (or the package), with optional replacements."""

    def __init__(self, root: Traversable | Path, overrides: Mapping[str, object] | None):
        self.root = root
        self.overrides = dict(overrides or {})

    def doc(self, stem: str) -> object:
        if stem in self.overrides:
            return self.overrides[stem]
        path = self.root / f"{stem}.json"
        if not path.is_file():
            raise ContentError(f"{stem}.json: file not found in {self.root}")
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ContentError(f"{stem}.json: invalid JSON: {exc}") from exc

    def records(self, stem: str) -> list[object]:
        doc = self.doc(stem)
        r = _Rec(f"{stem}.json", "top level", doc, (stem,), optional=("meta",))
        if "meta" in r.obj:
            r.get_dict("meta")
        return r.get_list(stem)


def _by_id(file: str, raw: list[object], build: Any) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for i, obj in enumerate(raw):
        entry = _entry_id(obj, i)
        rec = build(file, entry, obj)
        rid = rec.id
        if rid in out:
            raise ContentError(f"{file}: {entry}: duplicate id {rid!r}")
        out[rid] = rec
    return out


def _fail(file: str, entry: str, msg: str) -> NoReturn:
    raise ContentError(f"{file}: {entry}: {msg}")


def _build(files: _Files, ruleset_id: str) -> Content:
    focus: dict[str, FocusCard] = _by_id("focus_cards.json", files.records("focus_cards"), _focus_card)
    wonders: dict[str, Wonder] = _by_id("wonders.json", files.records("wonders"), _wonder)
    city_states: dict[str, CityState] = _by_id("city_states.json", files.records("city_states"), _city_state)
    leaders: dict[str, Leader] = _by_id("leaders.json", files.records("leaders"), _leader)
    victory: dict[str, VictoryCard] = _by_id(
        "victory_cards.json", files.records("victory_cards"), _victory_card
    )
    nws: dict[str, NaturalWonder] = _by_id(
        "natural_wonders.json", files.records("natural_wonders"), _natural_wonder
    )
    pdip: dict[str, PlayerDiplomacyCard] = _by_id(
        "player_diplomacy.json", files.records("player_diplomacy"), _player_diplomacy
    )
    tiles: dict[int, TileDef] = _by_id("tiles.json", files.records("tiles"), _tile)
    ruleset_file = f"ruleset_{ruleset_id}.json"
    ruleset = _ruleset(ruleset_file, files.doc(f"ruleset_{ruleset_id}"))
    if ruleset.id != ruleset_id:
        _fail(ruleset_file, "ruleset", f"'id' is {ruleset.id!r}, expected {ruleset_id!r}")

    content = Content(
        focus_cards=MappingProxyType(focus),
        wonders=MappingProxyType(wonders),
        city_states=MappingProxyType(city_states),
        leaders=MappingProxyType(leaders),
        victory_cards=MappingProxyType(victory),
        natural_wonders=MappingProxyType(nws),
        player_diplomacy=MappingProxyType(pdip),
        tiles=MappingProxyType(tiles),
        ruleset=ruleset,
    )
    _cross_check(content, ruleset_file)
    return content


# --------------------------------------------------------------------------- cross-file checks


def _check_counts(content: Content) -> None:
    sizes = {
        "city_states": len(content.city_states),
        "natural_wonders": len(content.natural_wonders),
        "leaders": len(content.leaders),
        "player_diplomacy": len(content.player_diplomacy),
        "tiles": len(content.tiles),
    }
    for stem, want in EXPECTED_COUNTS.items():
        if sizes[stem] != want:
            _fail(f"{stem}.json", "all entries", f"expected {want} entries, found {sizes[stem]}")


def _check_decks(content: Content) -> None:
    file = "focus_cards.json"
    for rid, boxes in RULESET_BOXES.items():
        types = FOCUS_TYPES if rid == "ti" else tuple(t for t in FOCUS_TYPES if t != "growth")
        seen: Counter[tuple[str, int]] = Counter(
            (c.type, c.level) for c in content.focus_cards.values() if c.unique_of is None and c.box in boxes
        )
        for t in types:
            for lvl in range(1, 5):
                if seen[(t, lvl)] != 1:
                    _fail(
                        file,
                        f"{rid} deck",
                        f"needs exactly one standard {t} level-{lvl} card, found {seen[(t, lvl)]}",
                    )
        extra = sorted(k for k in seen if k[0] not in types)
        if extra:
            _fail(file, f"{rid} deck", f"has cards of types outside the ruleset: {extra}")


def _check_leaders(content: Content, ruleset_file: str) -> None:
    rs = content.ruleset
    deck = set(content.deck_ids(rs))
    growth_one = content.card_for("growth", 1, rs) if "growth" in rs.focus_types else None
    for lid, leader in content.leaders.items():
        entry = repr(lid)
        row = leader.start_row
        if len(row) != rs.start_row_length:
            _fail("leaders.json", entry, f"start_row has {len(row)} cards, expected {rs.start_row_length}")
        types: list[str] = []
        for cid in row:
            card = content.focus_cards.get(cid)
            if card is None:
                _fail("leaders.json", entry, f"start_row card {cid!r} does not exist in focus_cards.json")
            if cid not in deck or card.level != 1:
                _fail(
                    "leaders.json", entry, f"start_row card {cid!r} is not a level-I card of the {rs.id} deck"
                )
            types.append(card.type)
        if len(set(types)) != len(types):
            _fail("leaders.json", entry, f"start_row repeats a focus type: {types}")
        if growth_one is not None and row[0] != growth_one:
            _fail("leaders.json", entry, f"start_row must begin with {growth_one!r}, got {row[0]!r}")
        unique = content.focus_cards.get(leader.unique_card)
        if unique is None:
            _fail(
                "leaders.json",
                entry,
                f"unique_card {leader.unique_card!r} does not exist in focus_cards.json",
            )
        if unique.unique_of != lid:
            _fail(
                "leaders.json",
                entry,
                f"unique_card {leader.unique_card!r} has unique_of={unique.unique_of!r}",
            )
    for cid, card in content.focus_cards.items():
        if card.unique_of is None:
            continue
        owner = content.leaders.get(card.unique_of)
        if owner is None:
            _fail("focus_cards.json", repr(cid), f"unique_of {card.unique_of!r} is not a leader id")
        if owner.unique_card != cid:
            _fail(
                "focus_cards.json",
                repr(cid),
                f"leader {owner.id!r} names {owner.unique_card!r} as its unique card",
            )


def _check_wonders(content: Content) -> None:
    for rid, boxes in RULESET_BOXES.items():
        want = WONDERS_PER_TYPE_ERA[rid]
        seen: Counter[tuple[str, str]] = Counter(
            (w.type, w.era) for w in content.wonders.values() if w.box in boxes
        )
        for t in WONDER_TYPES:
            for era in ERAS:
                if seen[(t, era)] != want:
                    _fail(
                        "wonders.json",
                        f"{rid} wonder set",
                        f"needs {want} {t} {era} wonders, found {seen[(t, era)]}",
                    )


def _check_map(content: Content) -> None:
    nw_at: dict[str, list[int]] = {}
    cs_at: dict[str, list[int]] = {}
    for tid, tile in content.tiles.items():
        kinds: set[str] = set()
        for side, spaces in tile.sides.items():
            for sp in spaces:
                entry = f"tile {tid} side {side} space #{sp.index}"
                if sp.natural_wonder is not None:
                    if sp.natural_wonder not in content.natural_wonders:
                        _fail("tiles.json", entry, f"unknown natural wonder {sp.natural_wonder!r}")
                    nw_at.setdefault(sp.natural_wonder, []).append(tid)
                    kinds.add("natural_wonder")
                if sp.city_state is not None:
                    if sp.city_state not in content.city_states:
                        _fail("tiles.json", entry, f"unknown city-state {sp.city_state!r}")
                    if sp.terrain != content.ruleset.city_state_terrain:
                        _fail(
                            "tiles.json",
                            entry,
                            f"city-state on {sp.terrain}, expected {content.ruleset.city_state_terrain}",
                        )
                    cs_at.setdefault(sp.city_state, []).append(tid)
                    kinds.add("city_state")
                if sp.capital:
                    kinds.add("capital")
        expected = "plain"
        for k in ("natural_wonder", "city_state", "capital"):
            if k in kinds:
                expected = k
                break
        if len(kinds) > 1 or tile.kind != expected:
            _fail(
                "tiles.json", f"tile {tid}", f"kind {tile.kind!r} does not match its features {sorted(kinds)}"
            )
    for nid, nw in content.natural_wonders.items():
        if nw_at.get(nid) != [nw.tile]:
            _fail(
                "natural_wonders.json",
                repr(nid),
                f"tile {nw.tile} but the map has it on {nw_at.get(nid, [])}",
            )
    for cid, cs in content.city_states.items():
        if cs_at.get(cid) != [cs.tile]:
            _fail("city_states.json", repr(cid), f"tile {cs.tile} but the map has it on {cs_at.get(cid, [])}")
        if cs.type not in content.ruleset.focus_types:
            _fail("city_states.json", repr(cid), f"type {cs.type!r} is not a focus type of the ruleset")


def _check_victory(content: Content, ruleset_file: str) -> None:
    rs = content.ruleset
    agenda_ids: set[str] = set()
    for vid, card in content.victory_cards.items():
        for a in card.agendas:
            if a.id in agenda_ids:
                _fail("victory_cards.json", repr(vid), f"duplicate agenda id {a.id!r}")
            agenda_ids.add(a.id)
    for fid in rs.victory_fixed:
        fixed = content.victory_cards.get(fid)
        if fixed is None or not fixed.fort or fixed.box not in rs.boxes:
            _fail(ruleset_file, "victory_fixed", f"{fid!r} is not a fort victory card of this ruleset")
    standard = [c for c in content.victory_cards.values() if not c.fort and c.box in rs.boxes]
    if len(standard) < rs.victory_random_cards:
        _fail(
            ruleset_file,
            "victory_random_cards",
            f"only {len(standard)} standard victory cards in the ruleset",
        )
    if rs.victory_cards_to_win > rs.victory_random_cards + len(rs.victory_fixed):
        _fail(ruleset_file, "victory_cards_to_win", "more cards needed than are in play")


def _cross_check(content: Content, ruleset_file: str) -> None:
    _check_counts(content)
    _check_decks(content)
    _check_leaders(content, ruleset_file)
    _check_wonders(content)
    _check_map(content)
    _check_victory(content, ruleset_file)


# --------------------------------------------------------------------------- public API


def _package_root() -> Traversable:
    return resources.files(DATA_PACKAGE).joinpath(DATA_DIR)


def _root(directory: str | os.PathLike[str] | Traversable | None) -> Traversable | Path:
    if directory is None:
        return _package_root()
    if isinstance(directory, str | os.PathLike):
        return Path(directory)
    return directory


def read_raw(stem: str, directory: str | os.PathLike[str] | Traversable | None = None) -> Any:
    """Parsed JSON of one data file (e.g. ``"focus_cards"``), a fresh copy each call; for tools and tests."""
    return _Files(_root(directory), None).doc(stem)


def load_content_from(
    directory: str | os.PathLike[str] | Traversable | None = None,
    ruleset: str = "ti",
    overrides: Mapping[str, object] | None = None,
) -> Content:
    """Load and validate content without caching.

    ``directory`` defaults to the packaged data. ``overrides`` maps a file stem (``"wonders"``,
    ``"ruleset_ti"``...) to a parsed JSON document that replaces that file.
    """
    files = _Files(_root(directory), overrides)
    if ruleset == "base":
        # The base game is built by its own module (shared records filtered by box, plus
        # ruleset_base.json and automated_player.json); Terra Incognita does not go there.
        from newdawn.content.base import build_base_content

        return build_base_content(files)
    return _build(files, ruleset)


def load_content(ruleset: str = "ti") -> Content:
    """The packaged, validated content of ``ruleset`` (cached: loaded once per process)."""
    return _load_cached(ruleset)


@functools.lru_cache(maxsize=4)
def _load_cached(ruleset: str) -> Content:
    return load_content_from(None, ruleset)
