"""Reading ``ruleset_<id>.json`` into a :class:`~newdawn.content.schema.Ruleset`, one part of
the file at a time: the one reader of every ruleset's settings (:func:`read_ruleset`); a
ruleset's module (``content/rulesets/``) reads its own sections and checks what only it
requires."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Final

from newdawn.content.records import NOTE_KEYS, _field_names, _placements, _Rec
from newdawn.content.rulesets import SHARED_BOX, known_boxes
from newdawn.content.schema import DISTRICTS, ERAS, FOCUS_TYPES, TERRAINS, Government, Ruleset
from newdawn.content.vocab import (
    AGENDA_TIMINGS,
    CITY_STATE_TOKEN_SPENDS,
    EVENT_ICONS,
    TILE_SIDES,
    TRADE_EFFECTS,
    VICTORY_CHECKS,
)

CorePlacements = Mapping[str, tuple[tuple[int, tuple[int, int]], ...]]


OPTIONAL_FIELDS: Mapping[str, Any] = MappingProxyType(
    {
        "fort_terrain": "",
        "fort_touch_core_min": 0,
        "districts": (),
        "start_armies": 0,
        "governments": (),
        "victory_fixed": (),
    }
)
"""Ruleset fields a ruleset without forts, districts, armies at start or governments (the base
game) leaves out of its file, and the empty value they then take."""


def read_ruleset(
    file: str, obj: object, rid: str, own_keys: Iterable[str] = (), own_provenance: Iterable[str] = ()
) -> tuple[Ruleset, _Rec]:
    """The one reader of every ruleset file: the shared :class:`Ruleset` fields, each checked on
    its own (in file order), and the :class:`_Rec` for the ruleset's own sections (``own_keys``,
    read by the ruleset's module; ``own_provenance`` are the other keys its provenance may name)."""
    own = tuple(own_keys)
    fields = [f for f in _field_names(Ruleset) if f not in OPTIONAL_FIELDS]
    r = _Rec(file, "ruleset", obj, (*fields, *own), optional=("meta", *OPTIONAL_FIELDS))
    if r.get_str("id") != rid:
        r.fail(f"'id' is {r.raw('id')!r}, expected {rid!r}")
    players = _players(r)
    colors = r.get_strs("colors")
    if len(colors) < players[1] or len(set(colors)) != len(colors):
        r.fail(f"'colors' must be {players[1]} or more distinct colours")
    focus_types, slot_cap, row_slots, start_row_length = _focus_row(r)
    terrain = r.get_int_map("terrain_difficulty", TERRAINS, minimum=1)
    trade_effect = _trade_effect(r, focus_types)
    core_tiles, side_a, placements = _core(r, players)
    components = r.get_int_map("components", ("cities", "armies", "caravans", "control_tokens"))
    for k in ("cities", "caravans", "control_tokens"):
        if components[k] < 1:
            r.fail(f"components[{k!r}] must be at least 1")
    districts: tuple[str, ...] = ()
    if "districts" in r.obj:
        districts = r.get_strs("districts", DISTRICTS)
        if sorted(districts) != sorted(DISTRICTS):
            r.fail(f"'districts' must be exactly {list(DISTRICTS)}")
    combat = _combat(r)
    barbarians = _barbarians(file, r)
    dial = _event_dial(r)
    dial_max, dial_wrap, tech_levels = _tech_dial(r)
    govs = _governments(file, r, focus_types, slot_cap) if "governments" in r.obj else ()
    wonder_remove = _wonder_remove(r)
    allowed = [*(f for f in _field_names(Ruleset) if f not in OPTIONAL_FIELDS or f in r.obj), *own, *own_provenance]
    provenance = _provenance(file, r, allowed, "ruleset.provenance", f"is not a field of this ruleset; allowed {sorted(allowed)}")
    boxes = r.get_strs("boxes", known_boxes())
    if SHARED_BOX not in boxes:
        r.fail(f"'boxes' must include {SHARED_BOX!r}")

    ruleset = Ruleset(
        id=rid,
        players=players,
        colors=colors,
        focus_types=focus_types,
        row_slots=row_slots,
        slot_cap=slot_cap,
        terrain_difficulty=terrain,
        fort_terrain=r.get_str("fort_terrain", TERRAINS) if "fort_terrain" in r.obj else "",
        **_plain_fields(r),
        trade_effect=trade_effect,
        core_tiles=MappingProxyType(core_tiles),
        core_side_a_rolls=side_a,
        core_placements=MappingProxyType(dict(placements)),
        fort_touch_core_min=r.get_int("fort_touch_core_min", 1) if "fort_touch_core_min" in r.obj else 0,
        components=components,
        districts=districts,
        start_armies=r.get_int("start_armies", 0, components["armies"]) if "start_armies" in r.obj else 0,
        start_caravans=r.get_int("start_caravans", 0, components["caravans"]),
        start_row_length=start_row_length,
        combat=combat,
        barbarians=barbarians,
        event_dial=dial,
        tech_dial_max=dial_max,
        tech_dial_wrap=dial_wrap,
        tech_levels=MappingProxyType(tech_levels),
        governments=govs,
        wonder_remove=wonder_remove,
        victory_random_cards=r.get_int("victory_random_cards", 0),
        victory_fixed=r.get_strs("victory_fixed") if "victory_fixed" in r.obj else (),
        provenance=MappingProxyType(provenance),
        boxes=boxes,
    )
    return ruleset, r


def _plain_fields(r: _Rec) -> dict[str, Any]:
    """The ruleset fields that every ruleset reads the same way, each checked on its own."""
    return {
        "name": r.get_str("name"),
        "summary": r.get_str("summary"),
        "city_state_terrain": r.get_str("city_state_terrain", TERRAINS),
        "trade_cap": r.get_int("trade_cap", 1),
        "capital_touch_min": r.get_int("capital_touch_min", 1),
        "capital_touch_fallback": r.get_bool("capital_touch_fallback"),
        "explore_touch_min": r.get_int("explore_touch_min", 1),
        "victory_cards_to_win": r.get_int("victory_cards_to_win", 1),
        "victory_check": r.get_str("victory_check", VICTORY_CHECKS),
        "agenda_timing": r.get_str("agenda_timing", AGENDA_TIMINGS),
        "caravan_trade_tokens": r.get_int("caravan_trade_tokens", 0),
        "city_state_token_spend": r.get_str("city_state_token_spend", CITY_STATE_TOKEN_SPENDS),
        "supply": _supply(r),
    }


SUPPLY_KEYS: Final = (
    "trade_tokens", "trade_tokens_limited", "resources_per_type", "water_tokens", "barbarians",
    "natural_wonders", "city_states", "forts", "player_diplomacy_per_color", "city_state_diplomacy_each",
)
"""The box's count of each component kept outside ``components`` (rules: "All components except
trade tokens are limited to the quantities included in the box"); ``trade_tokens_limited`` is
false in both rulesets."""


def _supply(r: _Rec) -> Mapping[str, int]:
    sr = _Rec(r.file, "ruleset.supply", r.raw("supply"), SUPPLY_KEYS)
    out = {k: sr.get_int(k, 0) for k in SUPPLY_KEYS if k != "trade_tokens_limited"}
    out["trade_tokens_limited"] = int(sr.get_bool("trade_tokens_limited"))
    return MappingProxyType(out)


COMBAT_KEYS: Final = (
    "city_state",
    "reinforced_self",
    "reinforced_adjacent",
    "city_terrain_multiplier",
    "barbarian_trade_tokens",
    "capital_trade_take",
)
"""The numbers of ``combat`` every ruleset has (rules: Combat)."""
COMBAT_OPTIONAL: Final = ("fort", "friendly_army")
"""The numbers of ``combat`` of a ruleset with forts and armies (Terra Incognita)."""


def _combat(r: _Rec) -> Mapping[str, int]:
    raw = r.get_dict("combat")
    keys = [*COMBAT_KEYS, *(k for k in COMBAT_OPTIONAL if k in raw)]
    return r.get_int_map("combat", keys)


def _players(r: _Rec) -> tuple[int, int]:
    players = r.get_ints("players")
    if len(players) != 2 or not 1 <= players[0] <= players[1]:
        r.fail(f"'players' must be [min, max], got {list(players)}")
    return players[0], players[1]


def _focus_row(r: _Rec) -> tuple[tuple[str, ...], int, tuple[int, ...], int]:
    """Focus types, slot cap, row slots and start-row length."""
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
    return focus_types, slot_cap, row_slots, start_row_length


def _trade_effect(r: _Rec, focus_types: tuple[str, ...]) -> Mapping[str, str]:
    trade_effect_raw = r.get_dict("trade_effect")
    if set(trade_effect_raw) != set(focus_types):
        r.fail("'trade_effect' must have exactly one entry per focus type")
    for k, v in trade_effect_raw.items():
        if v not in TRADE_EFFECTS:
            r.fail(f"trade_effect[{k!r}] = {v!r} is not one of {list(TRADE_EFFECTS)}")
    return MappingProxyType({str(k): str(v) for k, v in trade_effect_raw.items()})


def _core(r: _Rec, players: tuple[int, int]) -> tuple[dict[int, int], tuple[int, ...], CorePlacements]:
    """Core tiles by player count, the die faces for side A, and each side's placements."""
    core_raw = r.get_int_map("core_tiles", minimum=1)
    core_tiles: dict[int, int] = {}
    for k, v in core_raw.items():
        if not k.isdigit() or not players[0] <= int(k) <= players[1]:
            r.fail(f"core_tiles key {k!r} must be a player count in {list(players)}")
        core_tiles[int(k)] = v
    if sorted(core_tiles) != list(range(players[0], players[1] + 1)):
        r.fail("'core_tiles' needs an entry for every player count")
    side_a = r.get_ints("core_side_a_rolls")
    if not side_a or any(not 1 <= x <= 6 for x in side_a) or len(set(side_a)) != len(side_a):
        r.fail("'core_side_a_rolls' must be distinct die faces 1..6")
    return core_tiles, side_a, _core_placements(r, max(core_tiles.values()))


def _core_placements(r: _Rec, n: int) -> CorePlacements:
    """Each tile side's placements of the ``n`` core tiles."""
    placements_raw = r.get_dict("core_placements")
    if sorted(placements_raw) != list(TILE_SIDES):
        r.fail(f"'core_placements' must have sides {list(TILE_SIDES)}")
    return {side: _placements(r, lst, f"core_placements[{side!r}]", n) for side, lst in placements_raw.items()}


def _barbarians(file: str, r: _Rec) -> Mapping[str, Any]:
    barb = _Rec(file, "ruleset.barbarians", r.raw("barbarians"), ("capital_discard", "die_to_direction"))
    capital_discard = barb.get_int("capital_discard", 0)
    directions = barb.get_ints("die_to_direction")
    if sorted(directions) != list(range(6)):
        barb.fail("'die_to_direction' must map the 6 die faces to the 6 directions 0..5")
    return MappingProxyType({"capital_discard": capital_discard, "die_to_direction": directions})


def _event_dial(r: _Rec) -> tuple[tuple[str, ...], ...]:
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
    return tuple(dial)


def _tech_dial(r: _Rec) -> tuple[int, int, dict[int, int]]:
    """The dial's last space, where it wraps to, and the level reached at each level space."""
    dial_max = r.get_int("tech_dial_max", 1)
    dial_wrap = r.get_int("tech_dial_wrap", 0, dial_max)
    levels_raw = r.get_int_map("tech_levels", minimum=2)
    tech_levels: dict[int, int] = {}
    for k, v in levels_raw.items():
        if not k.isdigit() or not 1 <= int(k) <= dial_max or v > 4:
            r.fail(f"tech_levels[{k!r}] = {v}: keys must be dial spaces 1..{dial_max}, levels 2..4")
        tech_levels[int(k)] = v
    return dial_max, dial_wrap, tech_levels


def _governments(file: str, r: _Rec, focus_types: tuple[str, ...], slot_cap: int) -> tuple[Government, ...]:
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
    return tuple(govs)


def _wonder_remove(r: _Rec) -> Mapping[str, int]:
    """Wonder cards of each era returned to the box from every type's pile."""
    wonder_remove = r.get_int_map("wonder_remove", minimum=0)
    bad_eras = sorted(set(wonder_remove) - set(ERAS))
    if bad_eras:
        r.fail(f"'wonder_remove' has unknown era(s) {bad_eras}")
    return wonder_remove


def _provenance(file: str, r: _Rec, allowed: Iterable[str], entry: str, not_allowed: str) -> dict[str, Any]:
    """Where each uncertain value of the file comes from, how sure it is, and the other reading;
    each key must be one of ``allowed`` (else the key and ``not_allowed`` are the error)."""
    prov = r.get_dict("provenance")
    fields = set(allowed)
    provenance: dict[str, Any] = {}
    for k, v in prov.items():
        if k not in fields:
            r.fail(f"provenance key {k!r} {not_allowed}")
        provenance[k] = _Rec(file, f"{entry}[{k!r}]", v, NOTE_KEYS).note()
    return provenance
