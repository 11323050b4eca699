"""The official Automated Player (AP) of the base game, as validated data.

``automated_player.json`` holds the AP's setup, turn loop, tech-upgrade rule, self-upgrade
chains, start rows and its 20 cards. An AP card is not a human focus card: it resolves from
slot 5 with fixed numbers, builds a wonder *and* a city, turns unplaceable tokens into trade
tokens, and picks targets by lexicographic priority lists. Its effects use their own op
vocabulary (:data:`AP_OPS`, every op prefixed ``ap_``), checked here; the engine has no code
for any of them yet (see ``docs/rules-coverage.md``, Base game).

Every point the sources leave open is a :class:`APParameter`: the value used, the values the
engine may be asked to support, its source, confidence and the alternative reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, NoReturn

from newdawn.content.checks import _deck_gap
from newdawn.content.errors import ContentError
from newdawn.content.records import _check_args, _field_names, _filled, _reading, _Rec
from newdawn.content.schema import Effect, Reading
from newdawn.content.vocab import COUNT_THROUGH, TRADE_EFFECTS, Arg

if TYPE_CHECKING:
    from newdawn.content.model import Content

__all__ = ["AP_OPS", "APCard", "APParameter", "AutomatedPlayer", "build_automated_player"]

FILE: Final = "automated_player.json"
AP_TYPES: Final[tuple[str, ...]] = ("culture", "science", "economy", "industry", "military")

PLACE_CRITERIA: Final[tuple[str, ...]] = (
    "natural_wonder",
    "resource",
    "barbarian_spawn",
    "adjacent_token_or_spawn",
    "most_adjacent_cities",
    "city_closest_to_maturity",
    "adjacent_rival_space",
    "highest_terrain",
)
DESTINATIONS: Final[tuple[str, ...]] = ("city_state_without_diplomacy", "rival_city", "city_state")
WONDER_CRITERIA: Final[tuple[str, ...]] = ("closest_to_agenda", "lowest_cost")
CITY_CRITERIA: Final[tuple[str, ...]] = ("most_adjacent_tokens", "barbarian_spawn", "highest_defence")
REINFORCE_CRITERIA: Final[tuple[str, ...]] = ("closest_to_barbarian_or_rival", "highest_terrain")
TARGET_KINDS: Final[tuple[str, ...]] = (
    "barbarian",
    "barbarian_adjacent_friendly",
    "rival_city",
    "rival_city_with_wonder",
    "city_state",
    "rival_control",
)
UPGRADE_WHEN: Final[tuple[str, ...]] = ("built_nothing", "no_attack_no_reinforce")

_POS = Arg("int", minimum=1)
_BOOL = Arg("bool")

#: The AP's effect operations and their arguments. ``ap_attack.targets`` is a list of
#: ``{"kind", "max_defence"?}`` objects checked separately (:func:`_targets`).
AP_OPS: Mapping[str, Mapping[str, Arg]] = MappingProxyType(
    {
        "ap_place_control": {
            "count": _POS,
            "near": Arg("str", choices=("city", "space")),
            "priority": Arg("strs", choices=PLACE_CRITERIA),
            "unplaceable": Arg("str", choices=("trade_on_card",)),
        },
        "ap_strip_rivals": {"near": Arg("str", choices=("space",))},
        "ap_caravans": {
            "move": _POS,
            "water": _BOOL,
            "destinations": Arg("strs", choices=DESTINATIONS),
            "tie": Arg("str", choices=("shortest_distance",)),
            "distinct": _BOOL,
        },
        "ap_defeat_barbarians": {"near": Arg("str", choices=("space",)), "trade": _BOOL},
        "ap_gain_resource": {"choice": Arg("str", choices=("random",))},
        "ap_after_reset": {
            "resolve": Arg("str", choices=("slot", *AP_TYPES)),
            "slot": _POS,
            "reset": _BOOL,
        },
        "ap_build_wonder": {
            "production": _POS,
            "priority": Arg("strs", choices=WONDER_CRITERIA),
            "placement": Arg("str", choices=("highest_defence",)),
        },
        "ap_build_city": {
            "range": _POS,
            "count_water": _BOOL,
            "from_caravan": _BOOL,
            "priority": Arg("strs", choices=CITY_CRITERIA),
        },
        "ap_attack": {
            "attacks": _POS,
            "range": _POS,
            "combat": _POS,
            "combat_vs_barbarian": Arg("int", required=False, minimum=1),
            "count_through": Arg("strs", choices=COUNT_THROUGH),
            "tie": Arg("str", choices=("lowest_defence",)),
        },
        "ap_reinforce": {"base": _POS, "per_attack": _POS, "priority": Arg("strs", choices=REINFORCE_CRITERIA)},
        "ap_advance_dial": {"steps": _POS},
        "ap_gain_trade": {"count": _POS, "target": Arg("str", choices=("fewest_tokens_highest_in_row",))},
        "ap_upgrade_card": {"pick": Arg("str", choices=("lowest_level_highest_in_row",))},
        "ap_nuke_humans": {"target": Arg("str", choices=("non_capital_city",))},
    }
)


@dataclass(frozen=True)
class APCard:
    id: str
    name: str
    type: str
    level: int
    caravans: int
    effects: tuple[Effect, ...]
    text: str
    source: str
    confidence: str


APParameter = Reading
"""An open point of the AP rules: the value used and the values it could take."""


@dataclass(frozen=True)
class SelfUpgrade:
    """A card that did nothing is replaced by the next card of ``chain`` (R: Pottery →
    Animal Husbandry → ...), then reset to slot 1."""

    type: str
    chain: tuple[str, ...]
    when: str
    then: str


@dataclass(frozen=True)
class AutomatedPlayer:
    cards: Mapping[str, APCard]
    start_rows: Mapping[str, tuple[str, ...]]
    """Leader id → the focus types of slots 1..5."""
    setup: Mapping[str, Any]
    turn: Mapping[str, int]
    tech_upgrade: Mapping[str, Any]
    self_upgrades: Mapping[str, SelfUpgrade]
    trade_effect: Mapping[str, str]
    parameters: Mapping[str, APParameter]

    def card(self, type: str, level: int) -> APCard:
        """The AP card of a focus type and level."""
        for c in self.cards.values():
            if c.type == type and c.level == level:
                return c
        raise KeyError(f"no AP {type} card of level {level}")

    def start_row(self, leader: str) -> tuple[str, ...]:
        """AP card ids of the leader's start row, slots 1..5 (all level I)."""
        return tuple(self.card(t, 1).id for t in self.start_rows[leader])

    def param(self, pid: str) -> Any:
        return self.parameters[pid].value

    def check_against(self, content: Content) -> None:
        """Cross-check with the base content: names, leaders and caravan counts."""
        for cid, card in self.cards.items():
            try:
                human = content.focus_cards[content.card_for(card.type, card.level)]
            except KeyError:
                _fail(repr(cid), f"no base {card.type} card of level {card.level}")
            if human.name != card.name:
                _fail(repr(cid), f"name {card.name!r} differs from the base card {human.name!r}")
            if card.caravans != human.caravans:
                _fail(repr(cid), f"{card.caravans} caravans, the base card has {human.caravans}")
        if set(self.start_rows) != set(content.leaders):
            _fail("start_rows", f"needs exactly the base leaders {sorted(content.leaders)}")
        if set(self.trade_effect.items()) != set(content.ruleset.trade_effect.items()):
            _fail("trade_effect", "differs from the base ruleset's trade-token effects")


def _fail(entry: str, msg: str) -> NoReturn:
    raise ContentError(f"{FILE}: {entry}: {msg}")


def _targets(entry: str, raw: object) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(raw, list) or not raw:
        _fail(entry, "'targets' must be a non-empty list")
    out: list[Mapping[str, Any]] = []
    for i, t in enumerate(raw):
        r = _Rec(FILE, f"{entry} targets[{i}]", t, ("kind",), optional=("max_defence",))
        kind = r.get_str("kind", TARGET_KINDS)
        item: dict[str, Any] = {"kind": kind}
        if "max_defence" in r.obj:
            item["max_defence"] = r.get_int("max_defence", 1)
        out.append(MappingProxyType(item))
    kinds = [t["kind"] for t in out]
    if len(set(map(repr, out))) != len(out):
        _fail(entry, f"'targets' repeats an entry: {kinds}")
    return tuple(out)


def ap_effects(entry: str, raw: object) -> tuple[Effect, ...]:
    if not isinstance(raw, list) or not raw:
        _fail(entry, "'effects' must be a non-empty list")
    out: list[Effect] = []
    for i, e in enumerate(raw):
        where = f"effects[{i}]"
        if not isinstance(e, dict):
            _fail(entry, f"{where}: an effect must be an object")
        op = e.get("op")
        if not isinstance(op, str) or op not in AP_OPS:
            _fail(entry, f"{where}: unknown AP op {op!r}; known: {sorted(AP_OPS)}")
        args = {k: v for k, v in e.items() if k not in ("op", "targets")}
        checked = _check_args(FILE, entry, f"{where} ({op})", args, AP_OPS[op])
        if op == "ap_attack":
            checked["targets"] = _targets(f"{entry} {where}", e.get("targets"))
        elif "targets" in e:
            _fail(entry, f"{where}: only ap_attack has 'targets'")
        if "priority" in checked and len(checked["priority"]) == 0:
            _fail(entry, f"{where}: 'priority' must not be empty")
        out.append(Effect(op=op, args=MappingProxyType(checked)))
    return tuple(out)


def _card(entry: str, obj: object) -> APCard:
    r = _Rec(FILE, entry, obj, _field_names(APCard))
    card = _filled(
        APCard,
        r,
        type=r.get_str("type", AP_TYPES),
        level=r.get_int("level", 1, 4),
        caravans=r.get_int("caravans", 0, 3),
        effects=ap_effects(entry, r.raw("effects")),
    )
    if not card.id.startswith("ap_"):
        r.fail("AP card ids start with 'ap_'")
    ops = [e.op for e in card.effects]
    if card.type == "economy":
        if card.caravans == 0 or "ap_caravans" not in ops:
            r.fail("an AP economy card moves at least 1 caravan ('ap_caravans')")
    elif card.caravans:
        r.fail(f"only economy cards carry caravans, {card.type} card has {card.caravans}")
    if card.type == "science" and ops[-1:] != ["ap_advance_dial"]:
        r.fail("an AP science card ends by advancing the dial")
    if card.type == "military" and ops != ["ap_attack", "ap_reinforce"]:
        r.fail("an AP military card attacks, then reinforces")
    if card.type == "industry" and ops[:2] != ["ap_build_wonder", "ap_build_city"]:
        r.fail("an AP industry card builds a wonder and then a city")
    return card


def _parameter(pid: str, obj: object) -> APParameter:
    r, p = _reading(FILE, f"parameters[{pid!r}]", pid, obj)
    if not p.choices or len(set(map(repr, p.choices))) != len(p.choices):
        r.fail("'choices' must list distinct values")
    if not any(p.value == c and type(p.value) is type(c) for c in p.choices):
        r.fail(f"'value' {p.value!r} is not one of the choices {list(p.choices)}")
    return p


#: Parameters the rules code will read; each must be present.
REQUIRED_PARAMETERS: Final[tuple[str, ...]] = (
    "leftover_choice",
    "leader_ability",
    "trade_placement",
    "trade_spend",
    "trade_cap",
    "highest_in_row",
    "diplomacy_use",
    "defence_trade",
    "victory",
    "difficulty",
    "maturity_measure",
    "defence_measure",
    "city_defence",
    "terrain_ceiling",
    "core_diagram",
    "nuke_tokens",
    "steam_power_resource",
    "attack_trade",
    "wonder_payment",
    "wonder_agenda",
    "after_resolve_wonders",
)


def build_automated_player(doc: object) -> AutomatedPlayer:
    """Validate ``automated_player.json`` (parsed) into an :class:`AutomatedPlayer`."""
    keys = ("setup", "turn", "tech_upgrade", "self_upgrades", "trade_effect", "start_rows", "parameters", "cards")
    r = _Rec(FILE, "top level", doc, keys, optional=("meta",))
    cards: dict[str, APCard] = {}
    for i, obj in enumerate(r.get_list("cards")):
        rid = obj.get("id") if isinstance(obj, dict) else None
        card = _card(f"{rid!r} (#{i})" if rid else f"#{i}", obj)
        if card.id in cards:
            _fail(repr(card.id), "duplicate id")
        cards[card.id] = card
    gap = _deck_gap(((c.type, c.level) for c in cards.values()), AP_TYPES)
    if gap is not None:
        t, lvl, found = gap
        _fail("cards", f"needs exactly one {t} level-{lvl} card, found {found}")
    # one card per type and level: the 20 AP cards

    rows: dict[str, tuple[str, ...]] = {}
    for lid, row in r.get_dict("start_rows").items():
        rr = _Rec(FILE, f"start_rows[{lid!r}]", {"row": row}, ("row",))
        types = rr.get_strs("row", AP_TYPES)
        if sorted(types) != sorted(AP_TYPES):
            rr.fail(f"a start row holds each focus type once, got {list(types)}")
        rows[lid] = types

    setup = _Rec(FILE, "setup", r.raw("setup"),
                 ("ap_seats", "humans", "leader", "colour", "tiles_dealt", "capital_tile", "first_player"))
    humans = setup.get_ints("humans")
    if len(humans) != 2 or not 1 <= humans[0] <= humans[1]:
        setup.fail("'humans' must be [min, max]")
    if setup.get_int("ap_seats", 1) + humans[1] > 4:
        setup.fail("the base game seats at most 4")
    setup.get_str("leader", ("random_base_leader",))
    setup.get_str("colour", ("unused",))
    setup.get_int("tiles_dealt", 0, 0)
    setup.get_str("capital_tile", ("core_c",))
    setup.get_str("first_player", ("normal",))

    turn = _Rec(FILE, "turn", r.raw("turn"), ("resolve_slot", "reset_to_slot"))
    turn_map = MappingProxyType({"resolve_slot": turn.get_int("resolve_slot", 1, 5), "reset_to_slot": turn.get_int("reset_to_slot", 1, 5)})

    tu = _Rec(FILE, "tech_upgrade", r.raw("tech_upgrade"), ("trigger", "pick", "to_level", "if_at_level", "max_level"))
    tu.get_str("trigger", ("reach_or_pass_level_space",))
    tu.get_str("pick", ("random_lowest_level",))
    tu.get_str("to_level", ("space_level",))
    tu.get_str("if_at_level", ("next_level",))
    tu.get_int("max_level", 4, 4)

    ups: dict[str, SelfUpgrade] = {}
    for t, obj in r.get_dict("self_upgrades").items():
        ur = _Rec(FILE, f"self_upgrades[{t!r}]", obj, ("chain", "when", "then"))
        if t not in AP_TYPES:
            ur.fail(f"{t!r} is not a focus type")
        chain = ur.get_strs("chain")
        for a, cid in enumerate(chain):
            c = cards.get(cid)
            if c is None or c.type != t or c.level != a + 1:
                ur.fail(f"chain[{a}] = {cid!r} must be the level-{a + 1} {t} AP card")
        ups[t] = SelfUpgrade(type=t, chain=chain, when=ur.get_str("when", UPGRADE_WHEN), then=ur.get_str("then", ("reset_to_slot_1",)))

    te = r.get_dict("trade_effect")
    if set(te) != set(AP_TYPES) or any(v not in TRADE_EFFECTS for v in te.values()):
        _fail("trade_effect", f"needs one trade effect from {list(TRADE_EFFECTS)} per focus type")

    params = {pid: _parameter(pid, obj) for pid, obj in r.get_dict("parameters").items()}
    missing = sorted(set(REQUIRED_PARAMETERS) - set(params))
    if missing:
        _fail("parameters", f"missing parameter(s) {missing}")

    return AutomatedPlayer(
        cards=MappingProxyType(cards),
        start_rows=MappingProxyType(rows),
        setup=MappingProxyType(dict(setup.obj)),
        turn=turn_map,
        tech_upgrade=MappingProxyType(dict(tu.obj)),
        self_upgrades=MappingProxyType(ups),
        trade_effect=MappingProxyType({str(k): str(v) for k, v in te.items()}),
        parameters=MappingProxyType(params),
    )

