"""Printed effects of the world wonders (content.md section 3, FAQ "Wonders").

Each wonder in ``content/data/wonders.json`` names its handler (``{"op": "special",
"handler": "<wonder id>"}``); this module registers those handlers at the hook points of
``engine/hooks.py``. A handler only ever runs for a seat that controls the wonder (hooks ask
the seat's active handlers), so seats without it pay nothing beyond the hook lookup.

Decisions the wonders add are frames named ``w_<wonder>``; every one can be declined
(``skip``/``done``). "When you build this wonder" effects run from ``wonder_gained`` with
``how == "built"``, which happens once per game (a wonder is built once); "when built or
captured" effects (Cristo Redentor, Apadana) also run when the wonder changes hands.
"""

from __future__ import annotations

from typing import Any, Final

from .. import hooks
from ..actions import Action, action
from ..decisions import item_choice, space_choice
from ..explore import start_exploration
from ..flow import (
    act,
    add_trade,
    auto,
    card_for,
    card_of,
    card_type,
    choice,
    count_down,
    effective_slot,
    key_of_type,
    log,
    pop,
    push,
    replace_top,
    row_key,
    row_keys,
    slot_of,
)
from ..frames import (
    WAmundsenFrame,
    WApadanaClaimFrame,
    WApadanaFrame,
    WApadanaNewFrame,
    WColosseumFrame,
    WCristoRedentorFrame,
    WEiffelPickFrame,
    WEiffelTowerFrame,
    WEstadioFrame,
    WForbiddenCityFrame,
    WGreatLibraryFrame,
    WGreatZimbabweFrame,
    WOracleFrame,
    WOrszaghazFrame,
    WPotalaPalaceFrame,
    WSankoreFrame,
    WStonehengeFrame,
    WUpgradeFrame,
    WVenetianArsenalFrame,
)
from ..hooks import printed_number
from ..industry import city_targets
from ..pieces import (
    build_city,
    claim_wonder_token,
    conquer_city_state,
    gain_card,
    occupy,
    place_control,
    remove_control,
    replace_control,
    take_player_card,
)
from ..science import unique_offer
from ..spaces import (
    army_on,
    city_reason,
    city_spaces,
    control_reason,
    friendly_spaces,
    is_empty,
    place_targets,
    space_actions,
    space_at,
    stands_for_city,
    unused_cities,
    unused_control,
    within,
)
from ..state import Frame, GameState, content_for

# Wonder type -> the focus type whose card it speeds up (Taj Mahal): the printed type icons.
FOCUS_OF_WONDER_TYPE: Final = {
    "cultural": "culture", "economic": "economy", "scientific": "science", "militaristic": "military",
}


def _once(st: GameState, key: str) -> bool:
    """True the first time ``key`` is asked this turn (and records it)."""
    once = st.turn.get("once", [])
    if key in once:
        return False
    st.turn["once"] = [*once, key]
    return True


def _used(st: GameState, key: str) -> bool:
    return key in st.turn.get("once", [])


# ---------------------------------------------------------------- 1. combat bonuses

@hooks.register("combat_bonus", "terracotta_army")
def _terracotta(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    return printed_number(st, "terracotta_army", "attack") if ctx["role"] == "attacker" else 0


@hooks.register("combat_bonus", "alhambra")
def _alhambra(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    return printed_number(st, "alhambra", "bonus")


@hooks.register("combat_bonus", "ruhr_valley")
def _ruhr(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    return printed_number(st, "ruhr_valley", "defence") if ctx["role"] == "defender" else 0


@hooks.register("combat_bonus", "petra")
def _petra(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    return printed_number(st, "petra", "defence") if ctx["role"] == "defender" else 0


@hooks.register("combat_bonus", "pentagon")
def _pentagon(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    return printed_number(st, "pentagon", "attack") if ctx["role"] == "attacker" else 0


@hooks.register("combat_bonus", "pentagon_base")
def _pentagon_base(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    return printed_number(st, "pentagon_base", "attack") if ctx["role"] == "attacker" else 0


@hooks.register("combat_bonus", "big_ben")
def _big_ben(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    nb = st.board.nbrs[ctx["space"]]
    n = sum(1 for at in st.players[seat].caravans if at >= 0 and at in nb)
    return printed_number(st, "big_ben", "per_caravan") * n


def reinforced_tokens(st: GameState, seat: int) -> int:
    return sum(1 for s in st.reinforced if st.ctl.get(s) == seat)


@hooks.register("combat_bonus", "kremlin")
def _kremlin(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    other = ctx["other"]
    if ctx["role"] != "attacker" or other < 0:
        return 0
    return printed_number(st, "kremlin", "attack") if reinforced_tokens(st, seat) > reinforced_tokens(st, other) else 0


@hooks.register("combat_bonus", "huey_teocalli")
def _huey(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    if ctx["role"] != "defender":
        return 0
    b = st.board
    return printed_number(st, "huey_teocalli", "per_water") * sum(1 for n in b.nbrs[ctx["space"]] if b.is_water[n])


# ---------------------------------------------------------------- 1. slots and maturity

def _gov_arrows(st: GameState, seat: int, ftype: str) -> int:
    gov = st.players[seat].gov
    if not gov:
        return 0
    for g in content_for(st).ruleset.governments:
        if g.id == gov and g.type == ftype:
            return g.arrows
    return 0


@hooks.register("slot_bonus", "taj_mahal")
def _taj_mahal(st: GameState, seat: int, ftype: str, slot: int) -> int:
    ws = content_for(st).wonders
    n = sum(1 for w in st.players[seat].wonders if FOCUS_OF_WONDER_TYPE[ws[w].type] == ftype)
    return n * printed_number(st, "taj_mahal", "per_wonder")


@hooks.register("slot_bonus", "machu_picchu")
def _machu_picchu(st: GameState, seat: int, ftype: str, slot: int) -> int:
    """Reprint: a card in the first or second slot resolves 2 slots farther right."""
    base = slot - _gov_arrows(st, seat, ftype)
    return printed_number(st, "machu_picchu", "shift") if 1 <= base <= printed_number(st, "machu_picchu", "max_slot") else 0


@hooks.register("slot_bonus", "machu_picchu_base")
def _machu_picchu_base(st: GameState, seat: int, ftype: str, slot: int) -> int:
    """Base card (not in a Terra Incognita game): slot 1 or 2 resolves as slot 3."""
    base = slot - _gov_arrows(st, seat, ftype)
    if 1 <= base <= printed_number(st, "machu_picchu_base", "max_slot"):
        return max(0, printed_number(st, "machu_picchu_base", "as_slot") - base)
    return 0


_SYDNEY: Final = frozenset({"maturity_any_control"})


@hooks.register("grants", "sydney_opera_house")
def _sydney(st: GameState, seat: int) -> frozenset[str]:
    return _SYDNEY


# ---------------------------------------------------------------- 2. start-of-turn decisions

@hooks.register("start_of_turn", "hanging_gardens")
def _hanging_gardens(st: GameState, seat: int) -> None:
    most = printed_number(st, "hanging_gardens", "max_difficulty")
    if unused_control(st, seat) > 0 and place_targets(st, seat, "city", most):
        push(st, {"kind": "place", "seat": seat, "left": 1, "near": "city", "max": most})


def _colosseum_targets(st: GameState, seat: int) -> list[int]:
    nbrs = st.board.nbrs
    near = {n for c in city_spaces(st, seat) for n in nbrs[c]}
    return [s for s in near if st.ctl.get(s) == seat and s not in st.reinforced]


@hooks.register("start_of_turn", "colosseum")
def _colosseum(st: GameState, seat: int) -> None:
    if _colosseum_targets(st, seat):
        push(st, {"kind": "w_colosseum", "seat": seat})


def _colosseum_do(st: GameState, f: Frame, s: int, where: str) -> None:
    st.mark_agendas("reinforced")
    st.reinforced_mut().add(s)
    log(st, {"kind": "reinforce", "seat": f["seat"], "space": s, "by": "colosseum"})


space_choice("w_colosseum", WColosseumFrame,
               "reinforce", lambda st, f: _colosseum_targets(st, f["seat"]), _colosseum_do)


def _forbidden_targets(st: GameState, seat: int) -> list[int]:
    nbrs = st.board.nbrs
    near = {n for s in friendly_spaces(st, seat) for n in nbrs[s]}
    return [
        s for s in near
        if st.ctl.get(s, seat) != seat and not army_on(st, s)
        and hooks.attack_allowed(st, seat, st.ctl[s])
    ]


@hooks.register("start_of_turn", "forbidden_city")
def _forbidden_city(st: GameState, seat: int) -> None:
    if _forbidden_targets(st, seat):
        push(st, {"kind": "w_forbidden_city", "seat": seat})


def _forbidden_do(st: GameState, f: Frame, s: int, where: str) -> None:
    log(st, {"kind": "token_removed", "seat": st.ctl[s], "space": s, "by": "forbidden_city", "actor": f["seat"]})
    remove_control(st, s)


space_choice("w_forbidden_city", WForbiddenCityFrame,
             "destroy", lambda st, f: _forbidden_targets(st, f["seat"]), _forbidden_do)


def _eiffel_targets(st: GameState, seat: int, owner: int) -> list[int]:
    """Rival tokens that may be named: only of a rival with enough such tokens (no army on them)."""
    need = printed_number(st, "eiffel_tower", "named")
    by: dict[int, list[int]] = {}
    for s, o in st.ctl.items():
        if o != seat and (owner < 0 or o == owner) and not army_on(st, s):
            by.setdefault(o, []).append(s)
    return [s for ss in by.values() if len(ss) >= need for s in ss]


@hooks.register("start_of_turn", "eiffel_tower")
def _eiffel(st: GameState, seat: int) -> None:
    if unused_control(st, seat) > 0 and _eiffel_targets(st, seat, -1):
        push(st, {"kind": "w_eiffel_tower", "seat": seat, "named": []})


@choice("w_eiffel_tower")
def eiffel_options(st: GameState, f: WEiffelTowerFrame) -> list[Action]:
    named = f["named"]
    owner = st.ctl[named[0]] if named else -1
    spaces = [s for s in _eiffel_targets(st, f["seat"], owner) if s not in named]
    return [*space_actions("name", st, spaces), *([] if named else [action("skip")])]


@act("w_eiffel_tower")
def eiffel_act(st: GameState, f: WEiffelTowerFrame, a: Action) -> None:
    if a.verb == "skip":
        pop(st)
        return
    named = [*f["named"], space_at(st, a)]
    if len(named) < printed_number(st, "eiffel_tower", "named"):
        replace_top(st, {**f, "named": named})
        return
    pop(st)
    push(st, {"kind": "w_eiffel_pick", "seat": st.ctl[named[0]], "by": f["seat"], "named": named})


def _eiffel_give(st: GameState, f: WEiffelPickFrame, s: int, where: str) -> None:
    replace_control(st, f["by"], s)
    if st.ctl.get(s) == f["by"]:
        claim_wonder_token(st, f["by"], s)


space_choice("w_eiffel_pick", WEiffelPickFrame,
             "give", lambda st, f: f["named"], _eiffel_give, skip=None)


def _row_types(st: GameState, seat: int) -> list[str]:
    """Keys of the row cards (their types, unless Oxford University re-keyed one)."""
    return row_keys(st, seat)


@hooks.register("start_of_turn", "oracle")
def _oracle(st: GameState, seat: int) -> None:
    push(st, {"kind": "w_oracle", "seat": seat})


def _oracle_pairs(st: GameState, f: Frame) -> list[str]:
    t = _row_types(st, f["seat"])
    return [f"{t[i]},{t[i + 1]}" for i in range(len(t) - 1)]


item_choice("w_oracle", WOracleFrame,
            "swap", _oracle_pairs, lambda st, f, a: _swap_types(st, f["seat"], a))


def _swap_types(st: GameState, seat: int, a: Action) -> None:
    x, y = a.key, a.key2
    t = _row_types(st, seat)
    i, j = t.index(x), t.index(y)
    row = st.player_mut(seat).row
    row[i], row[j] = row[j], row[i]  # (the same cards in another order: no agenda mark)
    log(st, {"kind": "swap_cards", "seat": seat, "a": x, "b": y, "by": "wonder"})


ZIMBABWE: Final = "great_zimbabwe"


@hooks.register("start_of_turn", "great_zimbabwe")
def _zimbabwe_start(st: GameState, seat: int) -> None:
    if st.players[seat].flags.get(ZIMBABWE, 0) > 0:
        push(st, {"kind": "w_great_zimbabwe", "seat": seat})


@choice("w_great_zimbabwe")
def zimbabwe_options(st: GameState, f: WGreatZimbabweFrame) -> list[Action]:
    ps = st.players[f["seat"]]
    cap = content_for(st).ruleset.trade_cap
    types = [t for t in content_for(st).ruleset.focus_types if ps.trade.get(t, 0) < cap]
    return [*(action("move", t) for t in types), action("done")]


@act("w_great_zimbabwe")
def zimbabwe_act(st: GameState, f: WGreatZimbabweFrame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    ps = st.player_mut(f["seat"])
    add_trade(st, f["seat"], a.key, 1)
    ps.flags[ZIMBABWE] -= 1
    if ps.flags[ZIMBABWE] <= 0:
        del ps.flags[ZIMBABWE]
        pop(st)


@hooks.register("options", "great_zimbabwe")
def _zimbabwe_options(st: GameState, seat: int, kind: str, f: Frame) -> list[Action]:
    if kind == "trade_place" and st.players[seat].flags.get(ZIMBABWE, 0) < printed_number(st, ZIMBABWE, "store"):
        return [action("trade", ZIMBABWE)]
    return []


@hooks.register("act", "great_zimbabwe")
def _zimbabwe_act(st: GameState, seat: int, kind: str, f: Frame, a: Action) -> bool:
    if f["kind"] != "trade_place" or a.key != ZIMBABWE:
        return False
    ps = st.player_mut(seat)
    ps.flags[ZIMBABWE] = ps.flags.get(ZIMBABWE, 0) + 1
    count_down(st, f)
    return True


# ---------------------------------------------------------------- 3. when built (once per game)

def _upgrade_targets(st: GameState, seat: int, f: WUpgradeFrame) -> list[str]:
    """Keys of the row cards that may go one level up (their types in a row of one card per
    type)."""
    cards = content_for(st).focus_cards
    row = st.players[seat].row
    out = []
    for cid in row:
        card = cards[cid]
        key = row_key(st, seat, cid)
        if key in f["done"]:
            continue
        if f["only_level"] and card.level != f["only_level"]:
            continue
        try:
            if card_for(st, card.type, card.level + 1) in row:
                continue  # the next card is in the row already (two cards of one type)
        except KeyError:
            continue  # no higher level of this type
        out.append(key)
    return out


@hooks.register("wonder_gained", "pyramids")
def _pyramids(st: GameState, seat: int, w: str, how: str) -> None:
    if w == "pyramids" and how == "built":
        push(st, {"kind": "w_upgrade", "seat": seat, "wonder": w, "left": printed_number(st, w, "cards"), "only_level": printed_number(st, w, "level"), "done": []})


@hooks.register("wonder_gained", "porcelain_tower")
def _porcelain(st: GameState, seat: int, w: str, how: str) -> None:
    if w == "porcelain_tower" and how == "built":
        push(st, {"kind": "w_upgrade", "seat": seat, "wonder": w, "left": printed_number(st, w, "cards"), "only_level": 0, "done": []})


def _upgrade_unique(st: GameState, seat: int, f: WUpgradeFrame) -> str:
    """The seat's level II+ unique card, offered instead of the standard card when the wonder
    upgrades the row card of the unique card's type to the unique card's level ("" if none)."""
    cards = content_for(st).focus_cards
    for cid in st.players[seat].row:
        card = cards[cid]
        if row_key(st, seat, cid) in f["done"] or (f["only_level"] and card.level != f["only_level"]):
            continue
        u = unique_offer(st, seat, card.level + 1)
        if u and cards[u].type == card.type:
            return u
    return ""


@choice("w_upgrade")
def upgrade_options(st: GameState, f: WUpgradeFrame) -> list[Action]:
    u = _upgrade_unique(st, f["seat"], f)
    take = [action("take", u)] if u else []
    return [*(action("upgrade", t) for t in _upgrade_targets(st, f["seat"], f)), *take, action("done")]


@act("w_upgrade")
def upgrade_act(st: GameState, f: WUpgradeFrame, a: Action) -> None:
    seat = f["seat"]
    cards = content_for(st).focus_cards
    u = _upgrade_unique(st, seat, f)
    ended = a.verb == "done" or f["left"] <= 1
    if ended:
        pop(st)
    passed = False
    if a.verb != "done":
        if a.verb == "take":
            key = key_of_type(st, seat, cards[a.key].type) or cards[a.key].type
            new = a.key
        else:
            key = a.key
            old = cards[card_of(st, seat, key)]
            new = card_for(st, old.type, old.level + 1)
        if not ended:
            replace_top(st, {**f, "left": f["left"] - 1, "done": [*f["done"], key]})
        gain_card(st, seat, new, key)
        passed = bool(u) and cards[new].type == cards[u].type
    if u and (ended or passed):
        # As at the tech dial, the unique card is gone once taken or passed over: taken, its
        # type upgraded to the standard card instead, or the wonder's upgrades over.
        st.player_mut(seat).flags["unique_gone"] = 1


@hooks.register("wonder_gained", "potala_palace")
def _potala_built(st: GameState, seat: int, w: str, how: str) -> None:
    if w == "potala_palace" and how == "built":
        push(st, {"kind": "w_potala_palace", "seat": seat, "left": printed_number(st, w, "take")})


@hooks.register("diplomacy_limit", "potala_palace")
def diplomacy_limit(st: GameState, seat: int, rival: int) -> int:
    """Diplomacy cards ``seat`` may hold from each other player (Potala Palace: 4)."""
    return printed_number(st, "potala_palace", "hold")


@choice("w_potala_palace")
def potala_options(st: GameState, f: WPotalaPalaceFrame) -> list[Action]:
    seat = f["seat"]
    opts = [action("dipl", f"{p}:{card}") for p, ps in enumerate(st.players) if p != seat for card in ps.own_dipl]
    return [*opts, action("done")]


@act("w_potala_palace")
def potala_act(st: GameState, f: WPotalaPalaceFrame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    count_down(st, f)
    take_player_card(st, f["seat"], a.n, a.key)


def _wonder_space(st: GameState, w: str) -> int:
    return next((s for s, x in st.wonder_at.items() if x == w), -1)


def _cristo_targets(st: GameState, seat: int) -> list[int]:
    at = _wonder_space(st, "cristo_redentor")
    if at < 0 or unused_cities(st, seat) <= 0:
        return []
    near = within(st, [at], printed_number(st, "cristo_redentor", "range"))
    return [
        s for s, o in st.cities.items()
        if o != seat and s in near and s != st.capitals[o] and not army_on(st, s)
        and not stands_for_city(st, s)
    ]


@hooks.register("wonder_gained", "cristo_redentor")
def _cristo(st: GameState, seat: int, w: str, how: str) -> None:
    if w == "cristo_redentor" and _cristo_targets(st, seat):
        push(st, {"kind": "w_cristo_redentor", "seat": seat})


def _cristo_do(st: GameState, f: Frame, s: int, where: str) -> None:
    log(st, {"kind": "replace_city", "seat": f["seat"], "other": st.cities[s], "space": s, "by": "cristo_redentor"})
    occupy(st, f["seat"], s)


space_choice("w_cristo_redentor", WCristoRedentorFrame,
             "replace", lambda st, f: _cristo_targets(st, f["seat"]), _cristo_do)


@hooks.register("wonder_gained", "apadana")
def _apadana(st: GameState, seat: int, w: str, how: str) -> None:
    if w == "apadana" and st.stack:
        push(st, {"kind": "w_apadana", "seat": seat})


def _apadana_explore(st: GameState, f: Frame, s: int, where: str) -> None:
    if not st.stack:
        return
    push(st, {"kind": "w_apadana_new", "seat": f["seat"], "before": st.board.n})
    start_exploration(st, f["seat"], s)


space_choice("w_apadana", WApadanaFrame, "explore",
             lambda st, f: [s for s in range(st.board.n) if st.board.edge[s]], _apadana_explore)


def _apadana_spaces(st: GameState, f: WApadanaClaimFrame | WApadanaNewFrame) -> list[int]:
    return [
        s for s in range(f["before"], st.board.n)
        if not st.board.is_water[s] and is_empty(st, s) and control_reason(st, f["seat"], s, None) is None
    ]


@auto("w_apadana_new")
def run_apadana_new(st: GameState, f: WApadanaNewFrame) -> None:
    if unused_control(st, f["seat"]) > 0 and _apadana_spaces(st, f):
        push(st, {"kind": "w_apadana_claim", "seat": f["seat"], "before": f["before"]})


space_choice("w_apadana_claim", WApadanaClaimFrame,
               "place", _apadana_spaces, lambda st, f, s, where: place_control(st, f["seat"], s))


def _amundsen_targets(st: GameState, seat: int) -> list[int]:
    if unused_cities(st, seat) <= 0:
        return []
    b = st.board
    return [s for s in range(b.n) if b.edge[s] and city_reason(st, seat, s, None) is None]


@hooks.register("wonder_gained", "amundsen_scott_research_station")
def _amundsen(st: GameState, seat: int, w: str, how: str) -> None:
    if w == "amundsen_scott_research_station" and how == "built" and _amundsen_targets(st, seat):
        push(st, {"kind": "w_amundsen", "seat": seat})


def _amundsen_do(st: GameState, f: Frame, s: int, where: str) -> None:
    seat = f["seat"]
    w = "amundsen_scott_research_station"
    old = _wonder_space(st, w)
    build_city(st, seat, s)
    if old >= 0:
        del st.wonder_at[old]
    st.wonder_at[s] = w
    log(st, {"kind": "wonder_moved", "seat": seat, "wonder": w, "space": s})
    push(st, {"kind": "place", "seat": seat, "left": printed_number(st, w, "tokens"), "near": f"at:{s}", "max": None})


space_choice("w_amundsen", WAmundsenFrame,
             "city", lambda st, f: _amundsen_targets(st, f["seat"]), _amundsen_do)


# ---------------------------------------------------------------- 4. rule changers

@hooks.register("after_placement", "stonehenge")
def _stonehenge(st: GameState, seat: int, s: int, how: str) -> None:
    """FAQ: placing only (not moving or replacing a token) triggers it; it chains."""
    if how == "control" and st.board.terrain[s] == "hills" and _stonehenge_targets(st, seat, s):
        push(st, {"kind": "w_stonehenge", "seat": seat, "at": s})


def _stonehenge_targets(st: GameState, seat: int, at: int) -> list[int]:
    if unused_control(st, seat) <= 0:
        return []
    b = st.board
    return [n for n in b.nbrs[at] if b.terrain[n] == "hills" and control_reason(st, seat, n, None) is None]


@choice("w_stonehenge")
def stonehenge_options(st: GameState, f: WStonehengeFrame) -> list[Action]:
    return [*space_actions("place", st, _stonehenge_targets(st, f["seat"], f["at"])), action("done")]


@act("w_stonehenge")
def stonehenge_act(st: GameState, f: WStonehengeFrame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    place_control(st, f["seat"], space_at(st, a))  # may push the chain's next step on top


@hooks.register("options", "chichen_itza")
def _chichen_options(st: GameState, seat: int, kind: str, f: Frame) -> list[Action]:
    """FAQ: only the standard placement of culture cards (``std`` frames), on empty forests,
    within the slot's difficulty; the usual adjacency to a friendly city is waived."""
    if f["kind"] != "place" or not f.get("standard") or unused_control(st, seat) <= 0:
        return []

    b = st.board
    usual = place_targets(st, seat, f["near"], f["max"])
    extra = [
        s for s in range(b.n)
        if b.terrain[s] == "forest" and s not in usual and is_empty(st, s)
        and control_reason(st, seat, s, f["max"]) is None
    ]
    return space_actions("place", st, extra)


@hooks.register("options", "great_lighthouse")
def _lighthouse_options(st: GameState, seat: int, kind: str, f: Frame) -> list[Action]:
    """FAQ: empty map-edge spaces as if within range; every other city rule still applies."""
    if f["kind"] != "build" or unused_cities(st, seat) <= 0:
        return []

    b = st.board
    usual = city_targets(st, seat, f["slot"], f["range"], f["water"])
    extra = [
        s for s in range(b.n)
        if b.edge[s] and s not in usual and is_empty(st, s) and city_reason(st, seat, s, f["slot"]) is None
    ]
    return space_actions("city", st, extra)


_PETRA: Final = frozenset({"turn_back_barbarians"})


@hooks.register("grants", "petra")
def _petra_grants(st: GameState, seat: int) -> frozenset[str]:
    return _PETRA


_OXFORD: Final = frozenset({"replace_any_non_science"})


@hooks.register("grants", "oxford_university")
def _oxford_grants(st: GameState, seat: int) -> frozenset[str]:
    """Oxford University: a card gained on the tech dial may replace any non-science card
    instead of the card of its type (``science.tech_options``: ``take <card>@<key>``), so the
    row may hold two cards of one type; row cards are then named by key (``flow.row_key``)."""
    return _OXFORD


_PENTAGON: Final = frozenset({"army_unlimited_move"})


@hooks.register("grants", "pentagon")
def _pentagon_grants(st: GameState, seat: int) -> frozenset[str]:
    return _PENTAGON


@hooks.register("options", "colossus")
def _colossus_options(st: GameState, seat: int, kind: str, f: Frame) -> list[Action]:
    if kind == "caravan_step" and st.turn.get("colossus", 0) < printed_number(st, "colossus", "steps"):
        return [action("colossus")]
    return []


@hooks.register("act", "colossus")
def _colossus_act(st: GameState, seat: int, kind: str, f: Frame, a: Action) -> bool:
    if f["kind"] != "caravan_step" or a.verb != "colossus":
        return False
    st.turn["colossus"] = st.turn.get("colossus", 0) + 1
    replace_top(st, {**f, "left": f["left"] + 1})
    log(st, {"kind": "colossus", "seat": seat, "figure": f["figure"]})
    return True


@hooks.register("after_arrival", "kilwa_kisiwani")
def _kilwa(st: GameState, seat: int, s: int, rival: int) -> None:
    if rival < 0:
        push(st, {"kind": "trade_place", "seat": seat, "left": printed_number(st, "kilwa_kisiwani", "trade")})


@hooks.register("after_arrival", "orszaghaz")
def _orszaghaz(st: GameState, seat: int, s: int, rival: int) -> None:
    if rival < 0 and s in st.cs_at:
        push(st, {"kind": "w_orszaghaz", "seat": seat, "space": s})


@choice("w_orszaghaz")
def orszaghaz_options(st: GameState, f: WOrszaghazFrame) -> list[Action]:
    return [action("conquer"), action("skip")] if f["space"] in st.cs_at else [action("skip")]


@act("w_orszaghaz")
def orszaghaz_act(st: GameState, f: WOrszaghazFrame, a: Action) -> None:
    pop(st)
    if a.verb == "conquer":
        conquer_city_state(st, f["seat"], f["space"])


def _library_cards(st: GameState, seat: int, rival: int) -> list[str]:
    cards = content_for(st).focus_cards
    mine = st.players[seat].row
    out = []
    for cid in st.players[rival].row:
        card = cards[cid]
        try:
            std = card_for(st, card.type, card.level)
        except KeyError:
            continue
        if std not in mine and std not in out and key_of_type(st, seat, card.type) is not None:
            out.append(std)
    return out


@hooks.register("after_arrival", "great_library")
def _library(st: GameState, seat: int, s: int, rival: int) -> None:
    if rival >= 0 and _library_cards(st, seat, rival):
        push(st, {"kind": "w_great_library", "seat": seat, "rival": rival})


item_choice("w_great_library", WGreatLibraryFrame,
            "take", lambda st, f: _library_cards(st, f["seat"], f["rival"]),
            lambda st, f, a: gain_card(st, f["seat"], a.key))


@hooks.register("card_gained", "university_of_sankore")
def _sankore_gained(st: GameState, seat: int, card: str) -> None:
    if seat == st.current:
        st.turn["sankore"] = 1


@hooks.register("end_of_turn", "university_of_sankore")
def _sankore(st: GameState, seat: int) -> None:
    if st.turn.get("sankore"):
        push(st, {"kind": "w_sankore", "seat": seat})


def _sankore_pairs(st: GameState, f: Frame) -> list[str]:
    t = [x for x in _row_types(st, f["seat"]) if card_type(st, f["seat"], x) != "science"]
    return [f"{t[i]},{t[j]}" for i in range(len(t)) for j in range(i + 1, len(t))]


item_choice("w_sankore", WSankoreFrame,
            "swap", _sankore_pairs, lambda st, f, a: _swap_types(st, f["seat"], a))


@hooks.register("before_occupy", "statue_of_liberty")
def _liberty(st: GameState, seat: int, s: int) -> None:
    for n in st.board.nbrs[s]:
        o = st.ctl.get(n)
        if o is not None and o != seat:
            replace_control(st, seat, n)
            if st.ctl.get(n) == seat:
                claim_wonder_token(st, seat, n)


@hooks.register("options", "jebel_barkal")
def _jebel_options(st: GameState, seat: int, kind: str, f: Frame) -> list[Action]:
    if kind != "combat":
        return []
    res = st.players[seat].resources
    return [action("spend", r) for r in sorted(res) if res[r] > 0]


@hooks.register("act", "jebel_barkal")
def _jebel_act(st: GameState, seat: int, kind: str, f: Frame, a: Action) -> bool:
    if f["kind"] != "combat" or a.verb != "spend":
        return False
    st.mark_agendas()
    st.player_mut(seat).resources[a.key] -= 1
    plus = printed_number(st, "jebel_barkal", "per_resource")
    if f["stage"] == "attacker":
        replace_top(st, {**f, "attack_plus": f["attack_plus"] + plus})
    else:
        replace_top(st, {**f, "defence_plus": f["defence_plus"] + plus})
    log(st, {"kind": "jebel_barkal", "seat": seat, "resource": a.key, "plus": plus})
    return True


@hooks.register("after_resolve", "venetian_arsenal")
def _venetian(st: GameState, seat: int, ftype: str, slot: int) -> None:
    if slot == printed_number(st, "venetian_arsenal", "slot") and not _used(st, "venetian_arsenal"):
        push(st, {"kind": "w_venetian_arsenal", "seat": seat, "type": ftype})


@choice("w_venetian_arsenal")
def venetian_options(st: GameState, f: WVenetianArsenalFrame) -> list[Action]:
    return [action("resolve"), action("skip")]


@act("w_venetian_arsenal")
def venetian_act(st: GameState, f: WVenetianArsenalFrame, a: Action) -> None:
    pop(st)
    if a.verb == "skip" or not _once(st, "venetian_arsenal"):
        return
    seat, ftype = f["seat"], f["type"]
    first = content_for(st).ruleset.row_slots[0]
    push(st, {"kind": "commit", "seat": seat, "type": ftype, "card": card_of(st, seat, ftype), "slot": effective_slot(st, seat, ftype, first), "by_effect": True})


@hooks.register("after_resolve", "estadio_do_maracana")
def _estadio(st: GameState, seat: int, ftype: str, slot: int) -> None:
    if (card_type(st, seat, ftype) != "economy" and key_of_type(st, seat, "economy") is not None
            and not _used(st, "estadio_do_maracana")):
        push(st, {"kind": "w_estadio", "seat": seat})


@choice("w_estadio")
def estadio_options(st: GameState, f: WEstadioFrame) -> list[Action]:
    return [action("resolve"), action("skip")]


@act("w_estadio")
def estadio_act(st: GameState, f: WEstadioFrame, a: Action) -> None:
    pop(st)
    if a.verb == "skip" or not _once(st, "estadio_do_maracana"):
        return
    seat = f["seat"]
    key = key_of_type(st, seat, "economy")
    if key is None:
        return
    # FAQ: the economy card resolves and resets before the other card resets.
    push(st, {"kind": "reset", "seat": seat, "type": key})
    push(st, {"kind": "commit", "seat": seat, "type": key, "card": card_of(st, seat, key), "slot": effective_slot(st, seat, key, slot_of(st, seat, key)), "by_effect": True})


__all__ = ["diplomacy_limit", "reinforced_tokens"]
