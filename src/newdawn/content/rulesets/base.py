"""The base game (no Terra Incognita) as a second ruleset: load and validate its content.

``load_content("base")`` comes here: this module registers the base ruleset (:func:`build_base_content`).
The base content is built from three sources:

- the shared record files (``focus_cards.json``, ``wonders.json``...): every record whose ``box``
  is ``"both"`` or ``"base"``; those files are not changed, so loading Terra Incognita is
  unaffected by anything in this module;
- ``ruleset_base.json``: the base numbers (fields named as in ``ruleset_ti.json``), the base-only
  setup and options (``base_rules``), the leaders' five-card base start rows (``leaders``) and the
  few base card readings that differ from the shared record (``card_overrides``);
- ``automated_player.json``: the official solo Automated Player (:mod:`newdawn.content.rulesets.base_automa`).

The result is a :class:`BaseContent`: a :class:`~newdawn.content.loader.Content` holding only the
base game's records (20 focus cards, 24 wonders, 8 leaders, 8 city-states, 8 natural wonders,
5 victory cards, 4 player diplomacy cards, 16 tiles) plus :class:`BaseRules` and the Automated
Player. Ruleset fields that exist only in Terra Incognita (districts, governments, forts, armies
at start) are left out of the file and take their empty value
(:data:`newdawn.content.ruleset_reader.OPTIONAL_FIELDS`).

Every failure raises :class:`~newdawn.content.errors.ContentError` naming the file and entry.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, NoReturn

from newdawn.content.checks import _count_off, _deck_gap, _wonder_gap, check_supply
from newdawn.content.errors import ContentError
from newdawn.content.files import DataFiles
from newdawn.content.model import Content
from newdawn.content.records import (
    NOTE_KEYS,
    _effect,
    _placements,
    _read_records,
    _reading,
    _Rec,
    _uses_op,
)
from newdawn.content.ruleset_reader import COMBAT_KEYS, OPTIONAL_FIELDS, read_ruleset
from newdawn.content.rulesets import RulesetSpec, register
from newdawn.content.rulesets.base_automa import AutomatedPlayer, build_automated_player
from newdawn.content.schema import (
    ERAS,
    Effect,
    FocusCard,
    Leader,
    Reading,
    Ruleset,
    TileDef,
)
from newdawn.content.vocab import (
    EFFECT_OPS,
    PRIMARY_RESOURCE,
    TILE_SIDES,
    Arg,
)

__all__ = [
    "BASE_BOXES",
    "BASE_COUNTS",
    "BASE_EFFECT_OPS",
    "MISSING_IN_ENGINE",
    "AdvancedMap",
    "BaseContent",
    "BaseRules",
    "FirstGameMap",
    "GameOption",
    "build_base_content",
]

RULESET_FILE: Final = "ruleset_base.json"
BASE_BOXES: Final[tuple[str, ...]] = ("both", "base")
BASE_FOCUS_TYPES: Final[tuple[str, ...]] = ("culture", "science", "economy", "industry", "military")
#: When a card's trade tokens are spent (R Trade Tokens, Performing Attacks, Building a Wonder).
SPEND_WHEN: Final[tuple[str, ...]] = ("resolve", "wonder_payment", "combat")
#: Tie-break criteria the victory rules may name (R "Winning the Game").
TIE_BREAKS: Final[tuple[str, ...]] = ("wonders", "friendly_spaces")

#: How many records of each kind the base box has (R component list; content.md 11.1).
BASE_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "focus_cards": 20,
        "wonders": 24,
        "leaders": 8,
        "city_states": 8,
        "natural_wonders": 8,
        "victory_cards": 5,
        "player_diplomacy": 4,
        "tiles": 16,
    }
)
#: Caravans unlocked by each level of the base economy cards (AP caravan icons, TW, NK).
BASE_CARAVANS: Mapping[int, int] = MappingProxyType({1: 1, 2: 2, 3: 2, 4: 3})

#: The effect vocabulary of the base records: the shared :data:`EFFECT_OPS` plus what only a base
#: card needs. ``build.range_from_caravan``: the city's range may also be counted from one of
#: your caravans (base Animal Husbandry).
BASE_EFFECT_OPS: Mapping[str, Mapping[str, Arg]] = MappingProxyType(
    {
        **EFFECT_OPS,
        "build": {**EFFECT_OPS["build"], "range_from_caravan": Arg("bool", required=False)},
    }
)

#: What the base content uses that the engine has no rules code for yet (the coverage ledger
#: lists each as "missing: rules code next"); ``new_game`` refuses the ruleset while this names
#: anything. Kept here so a test can check that every entry is really used by the base data.
#: Empty since the engine plays every base rule (docs/rules-coverage.md, B11).
MISSING_IN_ENGINE: Mapping[str, str] = MappingProxyType({})
#: Seat kinds of the base game that the engine cannot seat yet (they do not block the ruleset:
#: a game without such seats plays by the rules above).
MISSING_SEAT_KINDS: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class GameOption:
    """A setup option of the base game: its default and the values it may take."""

    id: str
    default: Any
    choices: tuple[Any, ...]


#: The readings the engine reads (``BaseRules.readings``), each with the values it supports.
READINGS: Mapping[str, tuple[Any, ...]] = MappingProxyType(
    {
        "attack_count_through_taken_space": (True, False),
        "map_first_placer": ("random_player", "first_player"),
        "map_no_legal_placement": ("touch_any",),
        "event_trade_order": ("from_first_player",),
    }
)


@dataclass(frozen=True)
class AdvancedMap:
    """Advanced map building (R "Advanced Map Building" steps 1-7)."""

    capital_tiles_per_player: int
    core_kinds: Mapping[str, int]
    tiles_per_player: int
    touch_min: int
    must_touch: str
    holes: str
    core_markers_removed: bool


@dataclass(frozen=True)
class FirstGameMap:
    """The predetermined first-game map (R p.3): A sides only, tiles by player count, each
    player's capital on the capital icon of a capital tile.

    ``placements[tile] = (k, (q, r))`` places the tile as the core placements do (rotation ``k``
    times 60 degrees clockwise, then translation). ``capitals[n]`` lists the capital tiles of an
    ``n``-player game in seat order.
    """

    side: str
    tiles: Mapping[int, tuple[int, ...]]
    placements: Mapping[int, tuple[int, tuple[int, int]]]
    capitals: Mapping[int, tuple[int, ...]]


@dataclass(frozen=True)
class BaseRules:
    """What only the base game has, beside the shared :class:`Ruleset` fields."""

    start_caravan_card: str
    """Focus type of the card that holds the starting caravan ("one caravan on Foreign Trade")."""
    trade_tokens: Mapping[str, Any]
    """Trade-token rules beside ``Ruleset.trade_cap``/``trade_effect`` (R Trade Tokens, FAQ):
    ``city_state_tokens_count_to_cap`` (false), ``city_state_token_uses_per_turn`` (1),
    ``move_with_replaced_card`` (true) and ``spend_when`` by focus type (``resolve``: when the
    card resolves; ``wonder_payment``: while paying for a wonder; ``combat``: during an attack)."""
    wonder_remove_by_players: Mapping[int, Mapping[str, int]]
    """Wonder cards of each era returned to the box from every type's pile, by player count."""
    victory_cards: Mapping[str, int]
    """Victory cards next to the map: ``standard`` (3) and with the epic option (4)."""
    tie_breaks: tuple[str, ...]
    """Among tied winners, in order: most world wonders, then most friendly spaces (R)."""
    options: Mapping[str, GameOption]
    advanced_map: AdvancedMap
    first_game_map: FirstGameMap
    card_overrides: Mapping[str, Mapping[str, str]]
    """Source, confidence and alternative of each base card reading that replaces a shared record."""
    readings: Mapping[str, Reading]
    """Rules the sources leave open, as the engine plays them (``READINGS``)."""
    provenance: Mapping[str, Mapping[str, str]]
    """Source, confidence and alternative of every uncertain value of ``ruleset_base.json``."""


@dataclass(frozen=True, eq=False, repr=False)
class BaseContent(Content):
    """The base game's content: only its own records, its ruleset and the Automated Player."""

    rules: BaseRules
    automated_player: AutomatedPlayer

    def missing_rules(self) -> tuple[str, ...]:
        return tuple(MISSING_IN_ENGINE.values())


def _fail(entry: str, msg: str, file: str = RULESET_FILE) -> NoReturn:
    raise ContentError(f"{file}: {entry}: {msg}")


# --------------------------------------------------------------------------- effects


def base_effects(file: str, entry: str, obj: object, where: str) -> tuple[Effect, ...]:
    """Effects checked against :data:`BASE_EFFECT_OPS` by the shared reader, without ``choose``."""
    if not isinstance(obj, list) or not obj:
        _fail(entry, f"{where}: must be a non-empty list of effects", file)
    out: list[Effect] = []
    for i, e in enumerate(obj):
        w = f"{where}[{i}]"
        if isinstance(e, dict) and e.get("op") == "choose":
            _fail(entry, f"{w}: 'choose' is not allowed in a base override (use the shared loader)", file)
        out.append(_effect(file, entry, e, w, BASE_EFFECT_OPS))
    return tuple(out)


# --------------------------------------------------------------------------- ruleset


def _player_counts(r: _Rec, key: str, players: tuple[int, int]) -> dict[int, object]:
    d = r.get_dict(key)
    want = [str(n) for n in range(players[0], players[1] + 1)]
    if sorted(d, key=lambda k: (len(k), k)) != want:
        r.fail(f"{key!r} needs exactly the player counts {want}, got {sorted(d)}")
    return {int(k): v for k, v in d.items()}


_BASE_KEYS: Final = ("base_rules", "leaders", "card_overrides")


def _ruleset(doc: object) -> tuple[Ruleset, dict[str, object]]:
    """The shared :class:`Ruleset` of ``ruleset_base.json`` (the one reader), what only the base
    game requires of it, and its base-only sections."""
    raw_rules = doc.get("base_rules") if isinstance(doc, dict) else None
    own_provenance = [f"base_rules.{k}" for k in raw_rules] if isinstance(raw_rules, dict) else []
    if isinstance(doc, dict) and doc.get("focus_types") != list(BASE_FOCUS_TYPES):
        _fail("ruleset", f"'focus_types' must be {list(BASE_FOCUS_TYPES)} (the base game has no growth cards)")
    ruleset, r = read_ruleset(RULESET_FILE, doc, "base", _BASE_KEYS, own_provenance)
    present = sorted(k for k in OPTIONAL_FIELDS if k in r.obj)
    if present:
        r.fail(f"the base game has no forts, districts, armies or governments: unknown key(s) {present}")
    if tuple(ruleset.boxes) != BASE_BOXES:
        r.fail(f"'boxes' must be {list(BASE_BOXES)}")
    if list(ruleset.row_slots) != list(range(1, ruleset.slot_cap + 1)):
        r.fail(f"'row_slots' must be the slots 1..{ruleset.slot_cap}, one card each, got {list(ruleset.row_slots)}")
    if ruleset.components["armies"] != 0:
        r.fail("the base game has no armies: components['armies'] must be 0")
    if ruleset.start_caravans < 1:
        r.fail("'start_caravans' = 0 is below 1")
    if set(ruleset.combat) != set(COMBAT_KEYS):
        r.fail(f"'combat' keys {sorted(ruleset.combat)} must be exactly {sorted(COMBAT_KEYS)}")
    for i, section in enumerate(ruleset.event_dial):
        if any(x in ("districts", "government", "wonder") for x in section):
            r.fail(f"event_dial[{i}] has a Terra Incognita icon: {list(section)!r}")
    if ruleset.event_dial[0] != ("spawn",):
        r.fail("the base event dial starts on the barbarian-spawn section (the helmet with the star)")
    if sorted(set(ruleset.tech_levels.values())) != [2, 3, 4]:
        r.fail("'tech_levels' must reach levels II, III and IV")
    if ruleset.victory_random_cards < 1:
        r.fail("'victory_random_cards' = 0 is below 1")
    if ruleset.victory_cards_to_win != ruleset.victory_random_cards:
        r.fail("base victory: one agenda on each victory card, so victory_cards_to_win = victory_random_cards")
    return ruleset, {k: r.raw(k) for k in _BASE_KEYS}


def _option(entry: str, oid: str, obj: object) -> GameOption:
    r = _Rec(RULESET_FILE, f"{entry}[{oid!r}]", obj, ("default", "choices"))
    choices = tuple(r.get_list("choices"))
    if len(choices) < 2 or len(set(map(repr, choices))) != len(choices):
        r.fail("'choices' must list at least 2 distinct values")
    default = r.raw("default")
    if default not in choices or type(default) is not type(choices[choices.index(default)]):
        r.fail(f"'default' {default!r} is not one of the choices {list(choices)}")
    return GameOption(id=oid, default=default, choices=choices)


def _first_game_map(obj: object, players: tuple[int, int], tiles: Mapping[int, TileDef]) -> FirstGameMap:
    entry = "base_rules.first_game_map"
    r = _Rec(RULESET_FILE, entry, obj, ("side", "tiles", "placements", "capitals", "source", "confidence", "alternative"))
    side = r.get_str("side", TILE_SIDES)
    by_n: dict[int, tuple[int, ...]] = {}
    for n, lst in _player_counts(r, "tiles", players).items():
        if not isinstance(lst, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in lst):
            r.fail(f"tiles[{n}] must be a list of tile numbers")
        if len(set(lst)) != len(lst):
            r.fail(f"tiles[{n}] repeats a tile")
        unknown = [t for t in lst if t not in tiles]
        if unknown:
            r.fail(f"tiles[{n}] names tiles {unknown} that are not base tiles")
        by_n[n] = tuple(lst)
    counts = sorted(by_n)
    for a, b in zip(counts, counts[1:], strict=False):
        if not set(by_n[a]) < set(by_n[b]):
            r.fail(f"the {b}-player map must hold every tile of the {a}-player map and more")
    caps: dict[int, tuple[int, ...]] = {}
    for n, lst in _player_counts(r, "capitals", players).items():
        if not isinstance(lst, list) or len(lst) != n or len(set(lst)) != n:
            r.fail(f"capitals[{n}] must list {n} different capital tiles, one per seat")
        for t in lst:
            if t not in by_n[n] or tiles[t].kind != "capital":
                r.fail(f"capitals[{n}]: tile {t!r} is not a capital tile of the {n}-player map")
        caps[n] = tuple(lst)
    for n, lst in by_n.items():
        spare = [t for t in lst if tiles[t].kind == "capital" and t not in caps[n]]
        if spare:
            r.fail(f"the {n}-player map has capital tiles {spare} that no seat uses")
    place_raw = r.get_dict("placements")
    all_tiles = set(by_n[counts[-1]])
    if {str(t) for t in all_tiles} != set(place_raw):
        r.fail("'placements' needs exactly one entry per tile of the largest map")
    rows = _placements(r, [place_raw[str(t)] for t in sorted(all_tiles)], "placements", len(all_tiles))
    placements = dict(zip(sorted(all_tiles), rows, strict=True))
    seen: dict[tuple[int, int], int] = {}
    for t, (k, (tq, tr)) in placements.items():
        for sp in tiles[t].sides[side]:
            q, rr = sp.q, sp.r
            for _ in range(k):
                q, rr = -rr, q + rr
            cell = (q + tq, rr + tr)
            if cell in seen:
                r.fail(f"tiles {seen[cell]} and {t} overlap at {cell}")
            seen[cell] = t
    r.confidence()
    r.get_str("source")
    r.get_str("alternative")
    return FirstGameMap(
        side=side,
        tiles=MappingProxyType(by_n),
        placements=MappingProxyType(placements),
        capitals=MappingProxyType(caps),
    )


def _base_rules(
    obj: object, ruleset: Ruleset, tiles: Mapping[int, TileDef], overrides: Mapping[str, Mapping[str, str]]
) -> BaseRules:
    keys = (
        "start_caravan_card", "trade_tokens", "wonder_remove_by_players", "victory_cards", "tie_breaks", "options",
        "advanced_map", "readings", "first_game_map",
    )
    r = _Rec(RULESET_FILE, "base_rules", obj, keys)
    start_card = r.get_str("start_caravan_card", ruleset.focus_types)
    tt = _Rec(RULESET_FILE, "base_rules.trade_tokens", r.raw("trade_tokens"),
              ("city_state_tokens_count_to_cap", "city_state_token_uses_per_turn", "move_with_replaced_card", "spend_when"))
    tt.get_bool("city_state_tokens_count_to_cap")
    tt.get_int("city_state_token_uses_per_turn", 1)
    tt.get_bool("move_with_replaced_card")
    spend = tt.get_dict("spend_when")
    if set(spend) != set(ruleset.focus_types) or any(v not in SPEND_WHEN for v in spend.values()):
        tt.fail(f"'spend_when' needs one of {list(SPEND_WHEN)} per focus type")
    remove: dict[int, Mapping[str, int]] = {}
    for n, v in _player_counts(r, "wonder_remove_by_players", ruleset.players).items():
        sub = _Rec(RULESET_FILE, f"base_rules.wonder_remove_by_players[{n}]", {"eras": v}, ("eras",))
        eras = sub.get_int_map("eras", minimum=0)
        bad = sorted(set(eras) - set(ERAS))
        if bad:
            sub.fail(f"unknown era(s) {bad}")
        remove[n] = eras
    vc = r.get_int_map("victory_cards", ("standard", "epic"), minimum=1)
    if vc["standard"] != ruleset.victory_random_cards:
        r.fail("victory_cards['standard'] must equal victory_random_cards")
    if vc["epic"] <= vc["standard"]:
        r.fail("the epic game places more victory cards than the standard game")
    tie_breaks = r.get_strs("tie_breaks", TIE_BREAKS)
    if len(set(tie_breaks)) != len(tie_breaks):
        r.fail("'tie_breaks' repeats a criterion")
    options = {oid: _option("base_rules.options", oid, v) for oid, v in r.get_dict("options").items()}
    if set(options) != {"map", "epic", "automa"}:
        r.fail(f"'options' must be exactly ['automa', 'epic', 'map'], got {sorted(options)}")
    if set(options["map"].choices) != {"advanced", "first_game"}:
        r.fail("options['map'] chooses between 'advanced' and 'first_game'")
    am = _Rec(RULESET_FILE, "base_rules.advanced_map", r.raw("advanced_map"),
              [f.name for f in dataclasses.fields(AdvancedMap)])
    core_kinds = am.get_int_map("core_kinds", ("natural_wonder", "city_state"), minimum=1)
    if sum(core_kinds.values()) != max(ruleset.core_tiles.values()):
        am.fail("'core_kinds' must add up to the number of core tiles")
    advanced = AdvancedMap(
        capital_tiles_per_player=am.get_int("capital_tiles_per_player", 1, 1),
        core_kinds=core_kinds,
        tiles_per_player=am.get_int("tiles_per_player", 1),
        touch_min=am.get_int("touch_min", 1),
        must_touch=am.get_str("must_touch", ("core_or_tile_touching_core",)),
        holes=am.get_str("holes", ("water",)),
        core_markers_removed=am.get_bool("core_markers_removed"),
    )
    if advanced.touch_min != ruleset.explore_touch_min:
        am.fail("'touch_min' must equal the ruleset's explore_touch_min")
    return BaseRules(
        start_caravan_card=start_card,
        trade_tokens=MappingProxyType({**tt.obj, "spend_when": MappingProxyType(dict(spend))}),
        wonder_remove_by_players=MappingProxyType(remove),
        victory_cards=vc,
        tie_breaks=tie_breaks,
        options=MappingProxyType(options),
        advanced_map=advanced,
        first_game_map=_first_game_map(r.raw("first_game_map"), ruleset.players, tiles),
        card_overrides=overrides,
        readings=_readings(r.raw("readings")),
        provenance=ruleset.provenance,
    )


def _readings(obj: object) -> Mapping[str, Reading]:
    entry = "base_rules.readings"
    if not isinstance(obj, dict) or set(obj) != set(READINGS):
        _fail(entry, f"must name exactly the readings {sorted(READINGS)}")
    out: dict[str, Reading] = {}
    for rid, raw in obj.items():
        r, reading = _reading(RULESET_FILE, f"{entry}[{rid!r}]", rid, raw)
        supported = READINGS[rid]
        if any(c not in supported for c in reading.choices):
            r.fail(f"'choices' may only name values the engine supports: {list(supported)}")
        if reading.value not in reading.choices:
            r.fail(f"'value' {reading.value!r} is not one of the choices {list(reading.choices)}")
        out[rid] = reading
    return MappingProxyType(out)


# --------------------------------------------------------------------------- records


def _base_records(files: DataFiles) -> dict[str, dict[Any, Any]]:
    """The shared records whose box belongs to the base game, by file stem."""
    out = {
        stem: {k: v for k, v in every.items() if v.box in BASE_BOXES} for stem, every in _read_records(files).items()
    }
    # Unique focus cards are a Terra Incognita component, whatever their box says.
    out["focus_cards"] = {k: v for k, v in out["focus_cards"].items() if v.unique_of is None}
    return out


def _apply_overrides(cards: dict[str, FocusCard], raw: object) -> Mapping[str, Mapping[str, str]]:
    if not isinstance(raw, dict):
        _fail("card_overrides", f"must be an object, got {raw!r}")
    notes: dict[str, Mapping[str, str]] = {}
    for cid, obj in raw.items():
        entry = f"card_overrides[{cid!r}]"
        r = _Rec(RULESET_FILE, entry, obj, ("text", "effects", *NOTE_KEYS))
        card = cards.get(cid)
        if card is None:
            r.fail("is not a focus card of the base deck")
        if card.box != "base":
            r.fail(f"overrides a card shared with Terra Incognita (box {card.box!r}); only base-box cards may differ")
        cards[cid] = dataclasses.replace(
            card,
            text=r.get_str("text"),
            effects=base_effects(RULESET_FILE, entry, r.raw("effects"), "effects"),
            source=r.get_str("source"),
            confidence=r.confidence(),
        )
        notes[cid] = r.note()
    return MappingProxyType(notes)


def _base_leaders(leaders: dict[str, Leader], raw: object, cards: Mapping[str, FocusCard]) -> dict[str, Leader]:
    if not isinstance(raw, dict):
        _fail("leaders", f"must be an object, got {raw!r}")
    if set(raw) != set(leaders):
        _fail("leaders", f"needs a start row for exactly the base leaders {sorted(leaders)}, got {sorted(raw)}")
    out: dict[str, Leader] = {}
    for lid, leader in leaders.items():
        r = _Rec(RULESET_FILE, f"leaders[{lid!r}]", raw[lid], ("start_row",))
        row = r.get_strs("start_row")
        types: list[str] = []
        for cid in row:
            card = cards.get(cid)
            if card is None or card.level != 1:
                r.fail(f"start_row card {cid!r} is not a level-I card of the base deck")
            types.append(card.type)
        if sorted(types) != sorted(BASE_FOCUS_TYPES):
            r.fail(f"start_row must hold one card of each focus type, got {types}")
        out[lid] = dataclasses.replace(leader, start_row=row, unique_card="")
    return out


# --------------------------------------------------------------------------- cross checks


def _check(content: BaseContent) -> None:
    off = _count_off(content, BASE_COUNTS)
    if off is not None:
        stem, want, found = off
        _fail("base records", f"expected {want} base {stem}, found {found}", f"{stem}.json")
    rs = content.ruleset
    gap = _deck_gap(((c.type, c.level) for c in content.focus_cards.values()), rs.focus_types)
    if gap is not None:
        t, lvl, found = gap
        _fail("base deck", f"needs exactly one {t} level-{lvl} card, found {found}", "focus_cards.json")
    for cid, card in content.focus_cards.items():
        if card.armies or any(_uses_op(card.effects, op) for op in ("armies", "district", "globalization")):
            _fail(repr(cid), "a base card cannot use armies or districts", "focus_cards.json")
        if card.type == "economy" and card.caravans != BASE_CARAVANS[card.level]:
            _fail(repr(cid), f"a level-{card.level} economy card unlocks {BASE_CARAVANS[card.level]} caravans", "focus_cards.json")
        if card.type == "military" and not _uses_op(card.effects, "attack_from_card"):
            _fail(repr(cid), "a base military card attacks from the card ('attack_from_card')", "focus_cards.json")
    wonder_gap = _wonder_gap(content.wonders.values(), 2)
    if wonder_gap is not None:
        wt, era, found = wonder_gap
        _fail("base wonder set", f"needs 2 {wt} {era} wonders, found {found}", "wonders.json")
    for wid, w in content.wonders.items():
        if w.resources[0] != PRIMARY_RESOURCE[w.type]:
            _fail(repr(wid), f"first resource must be {PRIMARY_RESOURCE[w.type]!r}", "wonders.json")
    for n, eras in content.rules.wonder_remove_by_players.items():
        for era, k in eras.items():
            if k >= 2:
                _fail(f"base_rules.wonder_remove_by_players[{n}]", f"removes all {era} wonders of a type")
    capitals = [t for t in content.tiles.values() if t.kind == "capital"]
    if len(capitals) < rs.players[1]:
        _fail("base tiles", f"{len(capitals)} capital tiles for up to {rs.players[1]} players", "tiles.json")
    kinds = Counter(t.kind for t in content.tiles.values())
    for kind, k in content.rules.advanced_map.core_kinds.items():
        if kinds[kind] < k:
            _fail("base_rules.advanced_map", f"needs {k} {kind} tiles, the base box has {kinds[kind]}")
    spare = len(content.tiles) - max(rs.core_tiles.values()) - len(capitals)
    if spare < rs.players[1] * content.rules.advanced_map.tiles_per_player:
        _fail("base_rules.advanced_map", "not enough tiles to deal to every player")
    for tid, tile in content.tiles.items():
        for side, spaces in tile.sides.items():
            for sp in spaces:
                where = f"tile {tid} side {side} space #{sp.index}"
                if sp.city_state is not None and sp.city_state not in content.city_states:
                    _fail(where, f"city-state {sp.city_state!r} is not a base city-state", "tiles.json")
                if sp.natural_wonder is not None and sp.natural_wonder not in content.natural_wonders:
                    _fail(where, f"natural wonder {sp.natural_wonder!r} is not a base natural wonder", "tiles.json")
    check_supply(content, RULESET_FILE)
    for cid, cs in content.city_states.items():
        if cs.tile not in content.tiles:
            _fail(repr(cid), f"tile {cs.tile} is not a base tile", "city_states.json")
        if cs.type not in rs.focus_types:
            _fail(repr(cid), f"type {cs.type!r} is not a base focus type", "city_states.json")
    for nid, nw in content.natural_wonders.items():
        if nw.tile not in content.tiles:
            _fail(repr(nid), f"tile {nw.tile} is not a base tile", "natural_wonders.json")
    standard = [v for v in content.victory_cards.values() if not v.fort]
    if len(standard) != len(content.victory_cards):
        _fail("base victory cards", "the base game has no fort cards", "victory_cards.json")
    if content.rules.victory_cards["epic"] > len(standard):
        _fail("base_rules.victory_cards", f"the epic game needs {content.rules.victory_cards['epic']} cards, the box has {len(standard)}")
    agendas = [a for v in standard for a in v.agendas]
    if any(a.kind in ("all_districts", "forts", "level_iv_cards") for a in agendas):
        _fail("base victory cards", "an agenda needs a Terra Incognita component", "victory_cards.json")
    content.automated_player.check_against(content)


# --------------------------------------------------------------------------- entry point


def build_base_content(files: DataFiles) -> BaseContent:
    """Load and validate the base game's content (see the module docstring)."""
    ruleset, extra = _ruleset(files.doc("ruleset_base"))
    recs = _base_records(files)
    cards: dict[str, FocusCard] = recs["focus_cards"]
    overrides = _apply_overrides(cards, extra["card_overrides"])
    leaders = _base_leaders(recs["leaders"], extra["leaders"], cards)
    recs["leaders"] = leaders
    rules = _base_rules(extra["base_rules"], ruleset, recs["tiles"], overrides)
    content = BaseContent(
        **{stem: MappingProxyType(by_id) for stem, by_id in recs.items()},
        ruleset=ruleset,
        rules=rules,
        automated_player=build_automated_player(files.doc("automated_player")),
    )
    _check(content)
    return content



register(RulesetSpec(id="base", build=build_base_content, order=1))
