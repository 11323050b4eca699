"""Leader abilities and the unique focus cards (content.md §1; FAQ for America, France, Japan,
Sumeria).

Leaders name their ability as ``{"op": "special", "handler": <leader id>}``; the functions
below are registered for hook points under that name (``hooks.register``), so a seat whose
leader lacks an ability never runs its code. Unique cards use the ``special`` effect op:
``CARD_FX`` maps a handler name to a builder that returns the steps of that effect, like any
other op. A unique card whose effect works for the rest of the turn (Wheel, Banking, Siege
Tactics) names itself in ``st.turn["fx"]``, which ``hooks.active_handlers`` reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ...content.schema import RESOURCES, Effect
from .. import hooks
from ..actions import Action, action, coord_at, coord_text
from ..board import Placement, tile_placements
from ..decisions import item_choice, space_choice
from ..districts import ability_frames
from ..explore import add_tile
from ..flow import (
    act,
    add_trade_to_type,
    auto,
    card_of,
    choice,
    log,
    pop,
    push,
    push_all,
    replace_top,
    row_keys,
)
from ..frames import (
    AnyResourceFrame,
    FxAmericaFrame,
    FxAstronomyFrame,
    FxAstronomyRestFrame,
    FxCartographyFrame,
    FxCraftsmanshipFrame,
    FxEnglandFrame,
    FxHumanismFrame,
    FxIbrahimFrame,
    FxMilEngFrame,
    FxMountainFrame,
    FxMysticismFrame,
    FxNubiaFrame,
    FxPolandFrame,
    FxRadioFrame,
    FxRazeFrame,
    FxSwapFrame,
)
from ..hooks import printed_number
from ..ops import OpBuilder, op
from ..pieces import (
    build_city,
    capture_control,
    defeat_figures_at,
    occupy,
    place_control,
    push_any_resource,
    remove_control,
    take_off_control,
    take_player_card,
)
from ..refusal import Refusal
from ..spaces import (
    army_on,
    city_reason,
    city_spaces,
    control_reason,
    coord,
    friendly_spaces,
    mature_cities,
    space_actions,
    space_at,
    space_to,
    stands_for_city,
    supply_resources,
    unused_cities,
    unused_control,
    within,
)
from ..state import ON_CARD, Frame, GameState, content_for

CARD_FX: Final[dict[str, OpBuilder]] = {}


def card_fx(name: str) -> Callable[[OpBuilder], OpBuilder]:
    def deco(fn: OpBuilder) -> OpBuilder:
        CARD_FX[name] = fn
        return fn
    return deco


@op("special")
def op_special(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    name = e.str("handler")
    fn = CARD_FX.get(name)
    if fn is None:
        # Listed as missing in docs/rules-coverage.md: the card's other effects still work.
        log(st, {"kind": "not_implemented", "effect": name})
        return [], False
    return fn(st, seat, e, slot, bonus)


def turn_fx(st: GameState, name: str) -> None:
    """Make the effect ``name`` active for the current seat until the end of the turn."""
    fx = st.turn.get("fx", [])
    if name not in fx:
        st.turn["fx"] = [*fx, name]


# ---------------------------------------------------------------- unique cards: acquisition


# ---------------------------------------------------------------- unique cards: effects

@card_fx("writing")
def fx_writing(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    """Writing: one more dial step if you control a world wonder."""
    if st.players[seat].wonders:
        return [{"kind": "dial", "seat": seat, "steps": e.int("steps")}], False
    return [], False


def resource_types(st: GameState, seat: int) -> int:
    c = content_for(st)
    ps = st.players[seat]
    kinds = {r for r, k in ps.resources.items() if k > 0}
    kinds.update(c.natural_wonders[n].resource for n in ps.nws)
    return len(kinds)


@card_fx("natural_history")
def fx_natural_history(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    """Natural History: one more dial step per resource type you own (NW tokens count)."""
    n = resource_types(st, seat)
    return ([{"kind": "dial", "seat": seat, "steps": n}] if n else []), False


@card_fx("humanism")
def fx_humanism(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "fx_humanism", "seat": seat}], False


@auto("fx_humanism")
def run_humanism(st: GameState, f: FxHumanismFrame) -> None:
    """Humanism: after its tokens are placed, a supply trade token per mature city."""
    n = len(mature_cities(st, f["seat"]))
    if n:
        push(st, {"kind": "trade_place", "seat": f["seat"], "left": n})


@card_fx("craftsmanship")
def fx_craftsmanship(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "fx_craftsmanship", "seat": seat, "had": len(st.players[seat].wonders), "steps": e.int("steps")}], False


@auto("fx_craftsmanship")
def run_craftsmanship(st: GameState, f: FxCraftsmanshipFrame) -> None:
    """Craftsmanship: after building a wonder with it, advance the tech dial 1."""
    if len(st.players[f["seat"]].wonders) > f["had"]:
        push(st, {"kind": "dial", "seat": f["seat"], "steps": f["steps"]})


@card_fx("state_workforce")
def fx_state_workforce(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    """State Workforce: from the 5th slot, one more token on a mountain next to a friendly space."""
    if slot < e.int("min_slot"):
        return [], False
    return [{"kind": "fx_mountain", "seat": seat, "near": -1}], False


def mountain_targets(st: GameState, seat: int, near: int) -> list[int]:
    if unused_control(st, seat) <= 0:
        return []
    b = st.board
    anchors = [near] if near >= 0 else friendly_spaces(st, seat)
    cand = {n for a in anchors for n in b.nbrs[a]}
    if near >= 0:
        return sorted(s for s in cand if control_reason(st, seat, s, None) is None)
    return sorted(s for s in cand if b.terrain[s] == "mountain" and control_reason(st, seat, s, None) is None)


def _mountain_why(st: GameState, f: FxMountainFrame, s: int) -> Refusal | None:
    seat = f["seat"]
    if unused_control(st, seat) <= 0:
        return Refusal("no_unused_control", space=s, seat=seat)
    reason = control_reason(st, seat, s, None)
    if reason:
        return reason
    if f["near"] >= 0:
        return Refusal("not_near", space=s, item="anchor", near=f["near"], number=1)
    if st.board.terrain[s] != "mountain":
        return Refusal("not_a_mountain", space=s)
    return Refusal("not_near", space=s, item="space")


space_choice("fx_mountain", FxMountainFrame,
             "place", lambda st, f: mountain_targets(st, f["seat"], f["near"]),
             lambda st, f, s, where: place_control(st, f["seat"], s), why=_mountain_why)


@card_fx("radio")
def fx_radio(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    if slot < e.int("min_slot"):
        return [], False
    return [{"kind": "fx_radio", "seat": seat, "range": e.int("range")}], False


def radio_targets(st: GameState, seat: int, rng: int) -> list[int]:
    if unused_cities(st, seat) <= 0:
        return []
    near = within(st, city_spaces(st, seat), rng)
    # Approximated: a city on a conquered city-state or a fort is left out (taking those is
    # a conquest with rules of its own).
    return sorted(
        s for s, o in st.cities.items()
        if o != seat and s in near and s not in st.capitals and not stands_for_city(st, s)
        and not army_on(st, s)
    )


space_choice("fx_radio", FxRadioFrame,
             "replace", lambda st, f: radio_targets(st, f["seat"], f["range"]),
             lambda st, f, s, where: occupy(st, f["seat"], s))


@card_fx("wheel")
def fx_wheel(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    turn_fx(st, "wheel")
    return [], False


@hooks.register("after_arrival", "wheel")
def wheel_arrival(st: GameState, seat: int, s: int, rival: int) -> None:
    """Wheel: a caravan reaching a city-state or rival city also takes a resource."""
    push_any_resource(st, seat)


@card_fx("banking")
def fx_banking(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    turn_fx(st, "banking")
    return [], False


@hooks.register("after_arrival", "banking")
def banking_arrival(st: GameState, seat: int, s: int, rival: int) -> None:
    """Banking: reaching the capital of the Ibrahim holder also takes a resource."""
    holder = st.players[seat].flags.get("ibrahim", 0) - 1
    if rival >= 0 and rival == holder and st.capitals[rival] == s:
        push_any_resource(st, seat)


@card_fx("shipbuilding")
def fx_shipbuilding(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    turn_fx(st, "shipbuilding")
    return [], False


@hooks.register("allows", "shipbuilding")
def shipbuilding_allows(st: GameState, seat: int, what: str) -> bool:
    """Shipbuilding: before one of your caravans explores you may lay a water token touching
    its space (``economy.ship_water_*``)."""
    return what == "water_before_explore"


@card_fx("astronomy")
def fx_astronomy(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "fx_astronomy", "seat": seat}], False


def _astronomy_looked(st: GameState) -> list[int]:
    """Tiles looked at: up to 2 from the bottom of the stack (the end of ``st.stack``),
    numbered 1 (bottom-most) and 2 in the options."""
    return [st.stack[-k] for k in range(1, min(2, len(st.stack)) + 1)]


def astronomy_placements(st: GameState, seat: int, tile: int) -> list[tuple[str, int, tuple[int, int]]]:
    """Placements of ``tile`` as if exploring from any edge space of ``seat``'s capital tile."""
    b = st.board
    cap = st.capitals[seat]
    if cap < 0:
        return []
    c = content_for(st)
    out: set[tuple[str, int, tuple[int, int]]] = set()
    for s in range(b.n):
        if b.edge[s] and b.tile_of[s] == b.tile_of[cap]:
            out.update(tile_placements(b, c.tiles[tile], min_touch=c.ruleset.explore_touch_min,
                                       counted=None, must_touch=s))
    return sorted(out)


@choice("fx_astronomy")
def astronomy_options(st: GameState, f: FxAstronomyFrame) -> list[Action]:
    opts = [
        action("tile", f"{k}:{side}{rot} {coord_text(*t)}")
        for k, tile in enumerate(_astronomy_looked(st), 1)
        for side, rot, t in astronomy_placements(st, f["seat"], tile)
    ]
    return [*opts, action("none")]


@act("fx_astronomy")
def astronomy_act(st: GameState, f: FxAstronomyFrame, a: Action) -> None:
    """The chosen tile is laid and populated like an explored tile; the other tiles looked
    at go back on top or bottom of the stack in the order the player chooses."""
    pop(st)
    looked = len(_astronomy_looked(st))
    if a.verb == "tile":
        i = len(st.stack) - a.n2  # n2: which tile looked at
        tile = st.stack[i]
        st.stack = st.stack[:i] + st.stack[i + 1:]
        log(st, {"kind": "astronomy", "seat": f["seat"], "end": ""})
        add_tile(st, Placement("tile", tile, a.key, a.n, *coord_at(a)))
        looked -= 1
    if looked:
        push(st, {"kind": "fx_astronomy_rest", "seat": f["seat"], "left": looked, "offset": 0})


@choice("fx_astronomy_rest")
def astronomy_rest_options(st: GameState, f: FxAstronomyRestFrame) -> list[Action]:
    ks = [str(k) for k in range(1, f["left"] + 1)]
    return [*(action("top", k) for k in ks), *(action("bottom", k) for k in ks)]


@act("fx_astronomy_rest")
def astronomy_rest_act(st: GameState, f: FxAstronomyRestFrame, a: Action) -> None:
    """``top k`` puts tile k on the very top; ``bottom k`` on the very bottom (drawn next)."""
    i = len(st.stack) - (f["offset"] + a.n)
    tile = st.stack[i]
    st.stack = st.stack[:i] + st.stack[i + 1:]
    if a.verb == "top":
        st.stack = (tile, *st.stack)
        offset = f["offset"]
    else:
        st.stack = (*st.stack, tile)
        offset = f["offset"] + 1
    if f["left"] <= 1:
        pop(st)
    else:
        replace_top(st, {**f, "left": f["left"] - 1, "offset": offset})
    log(st, {"kind": "astronomy", "seat": f["seat"], "end": a.verb})


@card_fx("cartography")
def fx_cartography(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    turn_fx(st, "cartography")
    return [], False


@hooks.register("after_arrival", "cartography")
def cartography_arrival(st: GameState, seat: int, s: int, rival: int) -> None:
    """Cartography: once per turn, a caravan reaching a rival city at least 8 spaces from
    your capital lets you build a city on a legal space within 2 of that city."""
    cap = st.capitals[seat]
    if rival < 0 or cap < 0 or "cartography" in st.turn.get("once", []):
        return
    if s in within(st, [cap], printed_number(st, "cartography", "min_distance") - 1):
        return
    if cartography_targets(st, seat, s):
        push(st, {"kind": "fx_cartography", "seat": seat, "space": s})


def cartography_targets(st: GameState, seat: int, s: int) -> list[int]:
    if unused_cities(st, seat) <= 0:
        return []
    near = within(st, [s], printed_number(st, "cartography", "range"))
    return sorted(t for t in near if city_reason(st, seat, t, None) is None)


def _cartography_do(st: GameState, f: Frame, s: int, where: str) -> None:
    st.turn["once"] = [*st.turn.get("once", []), "cartography"]
    build_city(st, f["seat"], s)


space_choice("fx_cartography", FxCartographyFrame, "city",
             lambda st, f: cartography_targets(st, f["seat"], f["space"]), _cartography_do)


@card_fx("siege_tactics")
def fx_siege(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    turn_fx(st, "siege_tactics")
    return [], False


@hooks.register("combat_bonus", "siege_tactics")
def siege_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    """Siege Tactics: reinforced tokens count 1 less for the defender this turn, applied as
    the same amount added to the attacker (approximated: same outcome of the comparison)."""
    if ctx["role"] != "attacker" or ctx["target"] not in ("ctl", "city"):
        return 0
    s, d = ctx["space"], ctx["other"]
    n = 1 if ctx["target"] == "ctl" and s in st.reinforced else 0
    n += sum(1 for t in st.board.nbrs[s] if st.ctl.get(t) == d and t in st.reinforced)
    return n * printed_number(st, "siege_tactics", "per_token")


@card_fx("scorched_earth")
def fx_scorched_earth(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    turn_fx(st, "scorched_earth")
    return [], False


@hooks.register("allows", "scorched_earth")
def scorched_allows(st: GameState, seat: int, what: str) -> bool:
    """Scorched Earth: once per turn a beaten control token may be razed instead."""
    return what == "raze" and "raze" not in st.turn.get("once", [])


@choice("fx_raze")
def raze_options(st: GameState, f: FxRazeFrame) -> list[Action]:
    return [action("raze"), action("replace")]


@act("fx_raze")
def raze_act(st: GameState, f: FxRazeFrame, a: Action) -> None:
    """Razing: the token goes back to its owner and the same army may move and attack again,
    with the card's full movement (approximated: "again" read as a fresh move)."""
    pop(st)
    seat, s = f["seat"], f["space"]
    if a.verb == "replace":
        capture_control(st, seat, s)
        return
    st.turn["once"] = [*st.turn.get("once", []), "raze"]
    remove_control(st, s)
    defeat_figures_at(st, s, seat)
    move = next(e.int("move") for e in content_for(st).focus_cards["scorched_earth"].effects if e.op == "armies")
    push(st, {"kind": "army_step", "seat": seat, "slot": f["slot"], "water": f["water"], "combat": f["combat"],
              "vs_barbarian": f["vs_barbarian"], "passes": f["passes"], "figure": f["figure"], "left": move, "explored": False, "prev": s})
    log(st, {"kind": "raze", "seat": seat, "space": s})


def _take_resource(st: GameState, f: Frame, a: Action) -> None:
    r = a.key
    res = st.player_mut(f["seat"]).resources
    st.mark_agendas()
    res[r] = res.get(r, 0) + 1
    log(st, {"kind": "take_resource", "seat": f["seat"], "resource": r})


item_choice("any_resource", AnyResourceFrame,
            "take", lambda st, f: supply_resources(st, RESOURCES), _take_resource, skip=None)


# ---------------------------------------------------------------- leaders: passive

@hooks.register("combat_bonus", "scythia")
def scythia_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    """Scythia: +3 attacking or defending a grassland or hills space."""
    if st.board.terrain[ctx["space"]] in hooks.printed(st, "scythia", "terrains"):
        return printed_number(st, "scythia", "bonus")
    return 0


@hooks.register("wonder_cost", "egypt")
def egypt_cost(st: GameState, seat: int, wonder: str) -> int:
    """Egypt: every wonder costs 1 less."""
    return -printed_number(st, "egypt", "discount")


@hooks.register("combat_bonus", "china")
def china_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    """China: defending, each reinforced token adds 2 instead of 1."""
    if ctx["role"] != "defender" or ctx["target"] not in ("ctl", "city"):
        return 0
    s = ctx["space"]
    n = 1 if ctx["target"] == "ctl" and s in st.reinforced else 0
    n += sum(1 for t in st.board.nbrs[s] if st.ctl.get(t) == seat and t in st.reinforced)
    return n * printed_number(st, "china", "extra_per_token")


@hooks.register("difficulty", "japan")
def japan_difficulty(st: GameState, seat: int, s: int, purpose: str) -> int | None:
    """Japan: on your turn, desert and mountain touching water or the map edge are
    difficulty 3 (natural wonders are not mountains, FAQ)."""
    b = st.board
    if seat == st.current and b.terrain[s] in ("desert", "mountain") and b.coastal[s]:
        return printed_number(st, "japan", "difficulty")
    return None


@hooks.register("extra_starts", "rome")
def rome_starts(st: GameState, seat: int, kind: str) -> list[int]:
    """Rome: a caravan may leave its card from any of your cities, mature or not."""
    if kind != "caravan":
        return []
    return [s for s, o in st.cities.items() if o == seat]


@hooks.register("slot_bonus", "georgia")
def georgia_slot(st: GameState, seat: int, ftype: str, slot: int) -> int:
    """Georgia: one slot farther right with a city-state diplomacy card of the card's type."""
    css = content_for(st).city_states
    for d in st.players[seat].dipl:
        if d.startswith("cs:") and css[d[3:]].type == ftype:
            return printed_number(st, "georgia", "slots")
    return 0


@hooks.register("after_combat", "sumeria")
def sumeria_combat(st: GameState, seat: int, ctx: dict[str, Any]) -> None:
    """Sumeria: defeating a barbarian (also with a Currency caravan, FAQ) gives a resource."""
    if ctx["won"] and ctx["target"] == "barb":
        push_any_resource(st, seat)


@hooks.register("after_combat", "zulu")
def zulu_combat(st: GameState, seat: int, ctx: dict[str, Any]) -> None:
    """Zulu: winning as attacker puts 1 supply trade token on the military card, 2 if the
    target was a rival city or a city-state."""
    if ctx["won"] and not ctx.get("caravan"):
        key = "trade_city" if ctx["target"] in ("city", "cs") else "trade"
        add_trade_to_type(st, seat, "military", printed_number(st, "zulu", key))


@hooks.register("card_extra", "france")
def france_extra(st: GameState, seat: int, ftype: str, slot: int) -> list[Frame]:
    """France: the culture card places 1/2/3 more tokens for the era of your latest wonder
    (placed by the usual rules, FAQ). They count as the card's standard placement (``std``):
    Chichen Itza applies to them (FAQ, Chichen Itza)."""
    if ftype != "culture":
        return []
    ws = content_for(st).wonders
    n = max((printed_number(st, "france", ws[w].era) for w in st.players[seat].wonders), default=0)
    return [{"kind": "place", "seat": seat, "left": n, "near": "city", "max": slot, "standard": True}] if n else []


# ---------------------------------------------------------------- leaders: decisions

@hooks.register("after_reset", "aztec")
def aztec_reset(st: GameState, seat: int, ftype: str) -> None:
    """Aztec: after the military card resets, having won an attack this turn, you may swap
    two cards of your row."""
    if ftype == "military" and st.turn.get("won_attacks", 0) > 0:
        push(st, {"kind": "fx_swap", "seat": seat})


def _aztec_pairs(st: GameState, f: Frame) -> list[str]:
    types = row_keys(st, f["seat"])
    return [f"{a}+{b}" for i, a in enumerate(types) for b in types[i + 1:]]


def _aztec_swap(st: GameState, f: Frame, a: Action) -> None:
    seat = f["seat"]
    row = st.player_mut(seat).row
    x, y = a.key, a.key2
    i, j = row.index(card_of(st, seat, x)), row.index(card_of(st, seat, y))
    row[i], row[j] = row[j], row[i]  # (the same cards in another order: no agenda mark)
    log(st, {"kind": "swap_cards", "seat": f["seat"], "a": x, "b": y, "by": "leader"})


item_choice("fx_swap", FxSwapFrame,
            "swap", _aztec_pairs, _aztec_swap)


@hooks.register("after_placement", "inca")
def inca_placement(st: GameState, seat: int, s: int, how: str) -> None:
    """Inca: after a control token goes on a mountain, you may place another next to it."""
    if how in ("control", "district") and st.board.terrain[s] == "mountain":
        push(st, {"kind": "fx_mountain", "seat": seat, "near": s})


@hooks.register("after_placement", "england")
def england_placement(st: GameState, seat: int, s: int, how: str) -> None:
    """England: after building a city that is the only city on its tile, you may put an
    unused control token next to it (its side is kept in data: leaders.json)."""
    if how != "city":
        return
    b = st.board
    tile = b.tile_of[s]
    if any(t != s and b.tile_of[t] == tile for t in st.cities):
        return
    push(st, {"kind": "fx_england", "seat": seat, "space": s})


def _england_reinforced(st: GameState) -> bool:
    for e in content_for(st).leaders["england"].effects:
        if e.op == "special":
            return e.bool("reinforced", False)
    return False


def _england_targets(st: GameState, f: FxEnglandFrame) -> list[int]:
    seat = f["seat"]
    if unused_control(st, seat) <= 0:
        return []
    return [n for n in st.board.nbrs[f["space"]] if control_reason(st, seat, n, None) is None]


def _england_do(st: GameState, f: Frame, s: int, where: str) -> None:
    place_control(st, f["seat"], s)
    if _england_reinforced(st):
        st.mark_agendas("reinforced")
        st.reinforced_mut().add(s)


space_choice("fx_england", FxEnglandFrame,
             "place", _england_targets, _england_do)


@hooks.register("after_reset", "nubia")
def nubia_reset(st: GameState, seat: int, ftype: str) -> None:
    """Nubia: after the growth card resets, resolve one of your districts."""
    if ftype == "growth" and any(o == seat for s, o in st.ctl.items() if s in st.district):
        push(st, {"kind": "fx_nubia", "seat": seat})


space_choice("fx_nubia", FxNubiaFrame, "district",
             lambda st, f: [s for s in st.district if st.ctl.get(s) == f["seat"]],
             lambda st, f, s, where: push_all(st, ability_frames(st, f["seat"], s, st.district[s])))


@hooks.register("start_of_turn", "ottoman")
def ottoman_start(st: GameState, seat: int) -> None:
    """Ottoman: at the start of your turn you may hand Ibrahim to another player."""
    push(st, {"kind": "fx_ibrahim", "seat": seat})


def _ibrahim_seats(st: GameState, f: Frame) -> list[str]:
    holder = st.players[f["seat"]].flags.get("ibrahim", 0) - 1
    return [str(p) for p in range(st.n) if p != f["seat"] and p != holder]


def _ibrahim_do(st: GameState, f: Frame, a: Action) -> None:
    st.player_mut(f["seat"]).flags["ibrahim"] = a.n + 1
    log(st, {"kind": "ibrahim", "seat": f["seat"], "other": a.n})


item_choice("fx_ibrahim", FxIbrahimFrame,
            "give", _ibrahim_seats, _ibrahim_do, skip="keep")


@hooks.register("combat_bonus", "ottoman")
def ottoman_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    """Ottoman: +2 attacking or defending against the Ibrahim holder."""
    holder = st.players[seat].flags.get("ibrahim", 0) - 1
    return printed_number(st, "ottoman", "bonus") if holder >= 0 and ctx["other"] == holder else 0


@hooks.register("visited", "ottoman")
def ottoman_visited(st: GameState, seat: int, s: int, visitor: int) -> None:
    """Ibrahim (TW): when its holder's caravan reaches an Ottoman city, both players put a
    supply trade token on one of their focus cards (the holder first)."""
    if st.players[seat].flags.get("ibrahim", 0) - 1 == visitor:
        push(st, {"kind": "trade_place", "seat": seat, "left": 1})
        push(st, {"kind": "trade_place", "seat": visitor, "left": 1})


@hooks.register("start_of_turn", "poland")
def poland_start(st: GameState, seat: int) -> None:
    """Poland: at the start of your first turn, take a diplomacy card of another player;
    you may then hold any number of that player's cards."""
    if "poland" not in st.players[seat].flags:
        st.player_mut(seat).flags["poland"] = 0
        push(st, {"kind": "fx_poland", "seat": seat})


def _poland_cards(st: GameState, f: Frame) -> list[str]:
    return [f"{p}:{d}" for p in range(st.n) if p != f["seat"] for d in st.players[p].own_dipl]


def _poland_do(st: GameState, f: Frame, a: Action) -> None:
    st.player_mut(f["seat"]).flags["poland"] = a.n + 1
    take_player_card(st, f["seat"], a.n, a.key)


item_choice("fx_poland", FxPolandFrame,
            "dipl", _poland_cards, _poland_do, skip="none")


@hooks.register("allows", "indonesia")
def indonesia_allows(st: GameState, seat: int, what: str) -> bool:
    """Indonesia: your caravans and armies may enter water; for caravan movement, water
    spaces on the map edge count as adjacent to one another (``economy.caravan_nbrs``)."""
    return what in ("army_water", "caravan_water", "edge_water")


@hooks.register("allows", "netherlands")
def netherlands_allows(st: GameState, seat: int, what: str) -> bool:
    """Netherlands: for your district abilities, water next to your districts counts as a
    friendly space of every terrain type."""
    return what == "polders"


@card_fx("military_engineering")
def fx_military_engineering(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "fx_mil_eng", "seat": seat}], False


@choice("fx_mil_eng")
def mil_eng_options(st: GameState, f: FxMilEngFrame) -> list[Action]:
    ps = st.players[f["seat"]]
    i = next((k for k, at in enumerate(ps.armies) if at == ON_CARD), -1)
    opts = space_actions("army", st, city_spaces(st, f["seat"])) if i >= 0 else []
    return [*opts, action("done")]


@act("fx_mil_eng")
def mil_eng_act(st: GameState, f: FxMilEngFrame, a: Action) -> None:
    """Each army on the card may go to a space holding one of your cities; then every
    control token of yours in or next to a space with a friendly army is reinforced."""
    seat = f["seat"]
    ps = st.player_mut(seat)
    if a.verb == "army":
        i = next(k for k, at in enumerate(ps.armies) if at == ON_CARD)
        ps.armies[i] = space_at(st, a)
        return
    pop(st)
    b = st.board
    near = {t for at in ps.armies if at >= 0 for t in (at, *b.nbrs[at])}
    for t in near:
        if st.ctl.get(t) == seat:
            st.mark_agendas("reinforced")
            st.reinforced_mut().add(t)
    log(st, {"kind": "reinforce_around", "seat": seat})


@card_fx("mysticism")
def fx_mysticism(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    had = sorted(s for s in st.district if st.ctl.get(s) == seat)
    return [{"kind": "fx_mysticism", "seat": seat, "had": had}], False


def _mysticism_moves(st: GameState, seat: int, had: list[int]) -> list[str]:
    new = [s for s in st.district if st.ctl.get(s) == seat and s not in had]
    if not new:
        return []
    d = new[0]
    b = st.board
    dests = [n for n in b.nbrs[d] if control_reason(st, seat, n, None) is None]
    srcs = [n for n in b.nbrs[d] if st.ctl.get(n) == seat and n not in st.district
            and not army_on(st, n)]
    return [f"{coord(st, x)}>{coord(st, y)}" for x in sorted(srcs) for y in sorted(dests)]


def _mysticism_do(st: GameState, f: Frame, a: Action) -> None:
    """Approximated: the token moved is one next to the district (within 1 space of it); it
    keeps its side."""
    s, t = space_at(st, a), space_to(st, a)
    seat = st.ctl[s]
    was = s in st.reinforced
    take_off_control(st, s)
    place_control(st, seat, t)  # takes a resource or natural wonder lying there
    if was:
        st.mark_agendas("reinforced")
        st.reinforced_mut().add(t)
    log(st, {"kind": "move_token", "seat": seat, "src": s, "dst": t})


item_choice("fx_mysticism", FxMysticismFrame,
            "move", lambda st, f: _mysticism_moves(st, f["seat"], f["had"]), _mysticism_do)


@hooks.register("allows", "america")
def america_allows(st: GameState, seat: int, what: str) -> bool:
    """America: a natural-wonder token on a focus card may be spent as a trade token of that
    card (``flow.cs_token_ready``); as a resource it works as for everyone."""
    return what == "nw_as_trade"


@hooks.register("after_placement", "america")
def america_placement(st: GameState, seat: int, s: int, how: str) -> None:
    """America: a natural-wonder token gained goes on a card of the row that has none yet
    (FAQ errata)."""
    if any(f"nwcard:{n}" not in st.players[seat].flags for n in st.players[seat].nws):
        push(st, {"kind": "fx_america", "seat": seat})


def _nw_free_types(st: GameState, seat: int) -> list[str]:
    ps = st.players[seat]
    taken = {v for k, v in ps.flags.items() if k.startswith("nwcard:")}
    types = content_for(st).ruleset.focus_types
    return [t for i, t in enumerate(types) if i + 1 not in taken]


@choice("fx_america")
def america_options(st: GameState, f: FxAmericaFrame) -> list[Action]:
    """The token goes on a card without one (FAQ errata: "on any card ... that does not already
    have a natural wonder token"); only when every card holds one is it kept off the row
    (``skip``: the rules are silent; rules-coverage, Leader abilities)."""
    free = _nw_free_types(st, f["seat"])
    return [action("nw", t) for t in free] if free else [action("skip")]


@act("fx_america")
def america_act(st: GameState, f: FxAmericaFrame, a: Action) -> None:
    pop(st)
    ps = st.player_mut(f["seat"])
    n = next((n for n in ps.nws if f"nwcard:{n}" not in ps.flags), None)
    if n is None:
        return
    if a.verb != "nw":
        ps.flags["nwcard:" + n] = 0  # kept off the row: asked no more
        return
    ps.flags["nwcard:" + n] = list(content_for(st).ruleset.focus_types).index(a.key) + 1
    log(st, {"kind": "nw_card", "seat": f["seat"], "nw": n, "focus": a.key})


@hooks.register("diplomacy_limit", "poland")
def poland_limit(st: GameState, seat: int, rival: int) -> int:
    """Poland holds any number of the cards of the player it chose."""
    return hooks.NO_LIMIT if st.players[seat].flags.get("poland", 0) == rival + 1 else 1


__all__ = ["CARD_FX"]
