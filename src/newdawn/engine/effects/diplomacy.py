"""City-state and player diplomacy cards (content.md §4–5; FAQ "City-States and Diplomacy
Cards", Carthage, Embassy, Seoul errata).

A seat's held cards (``PlayerState.dipl``: ``cs:<id>`` or ``p<giver>:<id>``) are active
effects through ``hooks.active_handlers``; a seat never holds its own cards, so they never
work for it. Holding rules (one card per other player and per city-state, cards returned on
attacking their giver) live in ``pieces.take_player_card`` and ``pieces.return_diplomacy``.
"""

from __future__ import annotations

from typing import Any

from .. import hooks
from ..actions import Action, action
from ..decisions import item_choice
from ..flow import act, add_trade, card_of, card_type, choice, key_of_type, log, pop, push, row_keys
from ..frames import FxEmbassyFrame, FxGenevaFrame, FxNapFrame, FxSeoulFrame
from ..hooks import printed_number
from ..pieces import push_any_resource
from ..spaces import is_empty, is_mature, mature_cities, space_at, within
from ..state import Frame, GameState, content_for, without


def givers(st: GameState, seat: int, card: str) -> list[int]:
    """Seats whose ``card`` ``seat`` holds."""
    out: list[int] = []
    for d in st.players[seat].dipl:
        if d[0] == "p" and d.endswith(":" + card):
            out.append(int(d[1:d.index(":")]))
    return out


def resolving(st: GameState) -> str:
    """Type of the focus card being resolved now (its reset step waits below), or ""."""
    for f in st.stack_frames[::-1]:  # not reversed(): mypyc 1.x fails on it over a union of TypedDicts
        if f["kind"] in ("reset", "commit") and "type" in f:
            return str(f["type"])
    return ""


# ---------------------------------------------------------------- city-states: passive

@hooks.register("difficulty", "kumasi")
def kumasi_difficulty(st: GameState, seat: int, s: int, purpose: str) -> int | None:
    """Kumasi: while resolving your industry or culture card, forests are difficulty 1."""
    key = resolving(st) if st.board.terrain[s] == "forest" else ""
    if key and card_type(st, st.current, key) in ("industry", "culture"):
        return printed_number(st, "kumasi", "difficulty")
    return None


@hooks.register("difficulty", "mohenjo_daro")
def mohenjo_difficulty(st: GameState, seat: int, s: int, purpose: str) -> int | None:
    """Mohenjo Daro: placing control tokens, every space is 1 easier."""
    return st.board.diff[s] - printed_number(st, "mohenjo_daro", "easier") if purpose == "control" else None


@hooks.register("difficulty", "auckland")
def auckland_difficulty(st: GameState, seat: int, s: int, purpose: str) -> int | None:
    """Auckland: building a city, spaces next to water are difficulty 1."""
    b = st.board
    if purpose == "city" and any(b.is_water[n] for n in b.nbrs[s]):
        return printed_number(st, "auckland", "difficulty")
    return None


@hooks.register("allows", "auckland")
def auckland_allows(st: GameState, seat: int, what: str) -> bool:
    """Auckland: building a city, you may count through water."""
    return what == "city_count_water"


@hooks.register("wonder_cost", "buenos_aires")
def buenos_aires_cost(st: GameState, seat: int, wonder: str) -> int:
    """Buenos Aires: 2 less for a wonder of a type you do not have yet (R)."""
    ws = content_for(st).wonders
    t = ws[wonder].type
    return 0 if any(ws[w].type == t for w in st.players[seat].wonders) else -printed_number(st, "buenos_aires", "discount")


@hooks.register("wonder_cost", "brussels")
def brussels_cost(st: GameState, seat: int, wonder: str) -> int:
    """Brussels: 1 less per mature city you have."""
    return -printed_number(st, "brussels", "per_city") * len(mature_cities(st, seat))


@hooks.register("combat_bonus", "kabul")
def kabul_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    """Kabul: +3 attacking a city or a city-state other than Kabul."""
    if ctx["role"] != "attacker":
        return 0
    if ctx["target"] == "city" or (ctx["target"] == "cs" and st.cs_at.get(ctx["space"]) != "kabul"):
        return printed_number(st, "kabul", "attack")
    return 0


@hooks.register("combat_bonus", "carthage")
def carthage_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    """Carthage: defending, or attacking anything but Carthage, +1 per city-state and per
    friendly city within 2 spaces of the defending space (a city-state counts itself, FAQ)."""
    s = ctx["space"]
    if ctx["role"] == "attacker" and st.cs_at.get(s) == "carthage":
        return 0
    near = within(st, [s], printed_number(st, "carthage", "range"))
    return printed_number(st, "carthage", "per_piece") * sum(1 for t in near if t in st.cs_at or st.cities.get(t) == seat)


# ---------------------------------------------------------------- city-states: start of turn

@hooks.register("start_of_turn", "seoul")
def seoul_start(st: GameState, seat: int) -> None:
    """Seoul (FAQ errata): you may move 1 barbarian to an adjacent empty non-water space."""
    if seoul_moves(st):
        push(st, {"kind": "fx_seoul", "seat": seat})


def seoul_moves(st: GameState) -> list[str]:
    b = st.board
    out = []
    for letter, s in sorted(st.barbs.items()):
        for n in b.nbrs[s]:
            if not b.is_water[n] and is_empty(st, n):
                out.append(f"{letter}>{b.coords[n][0]},{b.coords[n][1]}")
    return out


def _seoul_do(st: GameState, f: Frame, a: Action) -> None:
    letter = a.key
    st.barbs[letter] = space_at(st, a)
    log(st, {"kind": "barb_moved", "seat": f['seat'], "letter": letter, "dst": st.barbs[letter]})


item_choice("fx_seoul", FxSeoulFrame,
            "barb", lambda st, f: seoul_moves(st), _seoul_do)


@hooks.register("start_of_turn", "geneva")
def geneva_start(st: GameState, seat: int) -> None:
    """Geneva: you may give back one card taken from a player and take a different one of
    theirs."""
    if geneva_swaps(st, seat):
        push(st, {"kind": "fx_geneva", "seat": seat})


def geneva_swaps(st: GameState, seat: int) -> list[str]:
    out: list[str] = []
    for d in st.players[seat].dipl:
        if d[0] != "p":
            continue
        p = int(d[1:d.index(":")])
        out.extend(f"{d}>{x}" for x in st.players[p].own_dipl)
    return out


def _geneva_do(st: GameState, f: Frame, a: Action) -> None:
    p, card, new = a.n, a.key, a.key2  # p<n>:<card>, the card held from seat n
    held = f"p{p}:{card}"
    ps, rp = st.player_mut(f["seat"]), st.player_mut(p)
    st.mark_agendas()
    ps.dipl = without(ps.dipl, held)
    rp.own_dipl = (*rp.own_dipl, card)
    rp.own_dipl = without(rp.own_dipl, new)
    ps.dipl = (*ps.dipl, f"p{p}:{new}")
    log(st, {"kind": "exchange_diplomacy", "seat": f["seat"], "other": p, "held": held, "new": new})


item_choice("fx_geneva", FxGenevaFrame,
            "exchange", lambda st, f: geneva_swaps(st, f["seat"]), _geneva_do)


# ---------------------------------------------------------------- player diplomacy cards

@hooks.register("combat_bonus", "joint_war")
def joint_war_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    """Joint War: +2 attacking, unless attacking its giver (each card held counts)."""
    if ctx["role"] != "attacker":
        return 0
    return printed_number(st, "joint_war", "attack") * sum(1 for g in givers(st, seat, "joint_war") if g != ctx["other"])


@hooks.register("combat_bonus", "defensive_pact")
def defensive_pact_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    """Defensive Pact: +2 defending, unless its giver attacks."""
    if ctx["role"] != "defender":
        return 0
    n = sum(1 for g in givers(st, seat, "defensive_pact") if g != ctx["other"])
    return printed_number(st, "defensive_pact", "defence") * n


@hooks.register("after_arrival", "embassy")
def embassy_arrival(st: GameState, seat: int, s: int, rival: int) -> None:
    """Embassy: a caravan reaching the giver's capital (even the trip that takes the card back,
    FAQ) puts a supply trade token on a card of the giver's row (one with fewer than 3 if
    possible), then takes a resource of your choice."""
    if rival < 0 or st.capitals[rival] != s or rival not in givers(st, seat, "embassy"):
        return
    push_any_resource(st, seat)
    push(st, {"kind": "fx_embassy", "seat": seat, "giver": rival})


@choice("fx_embassy")
def embassy_options(st: GameState, f: FxEmbassyFrame) -> list[Action]:
    c = content_for(st)
    cap = c.ruleset.trade_cap
    t = st.players[f["giver"]].trade
    types = list(c.ruleset.focus_types)
    room = [x for x in types if t.get(x, 0) < cap]
    return [action("trade", x) for x in (room or types)]


@act("fx_embassy")
def embassy_act(st: GameState, f: FxEmbassyFrame, a: Action) -> None:
    pop(st)
    add_trade(st, f["giver"], a.key, 1)
    log(st, {"kind": "embassy", "seat": f["seat"], "giver": f["giver"], "focus": a.key})


@hooks.register("friendly_seats", "open_borders")
def open_borders_friends(st: GameState, seat: int) -> list[int]:
    """Open Borders: the giver's cities and control tokens are friendly for your maturity."""
    return givers(st, seat, "open_borders")


@hooks.register("attack_allowed", "non_aggression_pact")
def nap_allowed(st: GameState, seat: int, other: int) -> bool:
    """Non-Aggression Pact: you may not attack the giver's pieces."""
    return other not in givers(st, seat, "non_aggression_pact")


@hooks.register("allows", "akkad")
def akkad_allows(st: GameState, seat: int, what: str) -> bool:
    """Akkad: your armies may move through spaces holding rival control tokens."""
    return what == "pass_rival_control"


@hooks.register("attacked", "non_aggression_pact")
def nap_attacked(st: GameState, seat: int, ctx: dict[str, Any]) -> None:
    """Non-Aggression Pact: if its giver attacks you, you may return the card to swap your
    military card with another card of your row."""
    if ctx["other"] in givers(st, seat, "non_aggression_pact"):
        push(st, {"kind": "fx_nap", "seat": seat, "giver": ctx["other"]})


def _nap_keys(st: GameState, f: Frame) -> list[str]:
    mil = key_of_type(st, f["seat"], "military")
    if mil is None:
        return []
    return [t for t in row_keys(st, f["seat"]) if t != mil]


def _nap_do(st: GameState, f: FxNapFrame, a: Action) -> None:
    seat, giver, key = f["seat"], f["giver"], a.key
    ps = st.player_mut(seat)
    st.mark_agendas()
    ps.dipl = without(ps.dipl, f"p{giver}:non_aggression_pact")
    gp = st.player_mut(giver)
    gp.own_dipl = (*gp.own_dipl, "non_aggression_pact")
    row = ps.row
    i = row.index(card_of(st, seat, key_of_type(st, seat, "military") or ""))
    j = row.index(card_of(st, seat, key))
    row[i], row[j] = row[j], row[i]
    log(st, {"kind": "pact_return", "seat": seat, "focus": key})


item_choice("fx_nap", FxNapFrame,
            "swap", _nap_keys, _nap_do, skip="keep")


@hooks.register("allows", "palenque")
def palenque_allows(st: GameState, seat: int, what: str) -> bool:
    """Palenque: resource tokens (not natural-wonder tokens) may be spent as trade tokens on
    the card you resolve (``flow.spendable``/``flow.spend``)."""
    return what == "resources_as_trade"


@hooks.register("extra_starts", "antananarivo")
def antananarivo_city(st: GameState, seat: int, kind: str) -> list[int]:
    """Antananarivo: during your turn it counts as one of your cities (kind "city": placing
    control tokens and districts next to your cities, ``spaces.anchors``,
    ``growth.district_targets``; your armies pass it without attacking, ``military.targets_at``,
    and may not end their move there). Armies may leave their card from it when it is mature
    like a city (kind "army"). For your caravans it stays a city-state (trade; no start)."""
    if seat != st.current or kind == "caravan":
        return []
    spaces = [s for s, cs in st.cs_at.items() if cs == "antananarivo"]
    if kind == "army":
        return [s for s in spaces if is_mature(st, seat, s)]
    return spaces
