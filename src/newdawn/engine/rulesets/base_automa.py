"""The official Automated Player (AP) of the base game as a seat the engine plays itself
(``shared/reference/automated-player.md``; data: ``content/data/automated_player.json``).

With the base option ``automa`` the last seat is the AP. It is not a policy over the human
action space: each turn it resolves the card in its slot 5 by the AP card of the same type and
level (``ap_turn``), then resets that card to slot 1. Its row holds the ids of the base focus
cards (so every shared rule that reads a row reads it as usual); ``AutomatedPlayer.card(type,
level)`` gives the AP card to resolve.

The AP card effects are built from the engine's shared steps wherever a human card has the same
step (placing control tokens, moving caravans, building, attacking from the card, reinforcing)
and from a few AP-only auto steps (``ap_*`` frames). Every decision the AP meets, its own or one
the shared rules give any player (placing a trade token, defending, a leader or wonder ability),
is taken by :func:`decide`, called by ``flow.advance`` through ``flow.SEAT_POLICY``: the option
the AP card's priority list prefers, lexicographically, ties broken by the state's generator
(golden rule 2: any choice left is made at random). A replay repeats every choice.

Every open point of the AP rules is an ``APParameter`` of the data (value and alternative, listed
in docs/rules-coverage.md B9); this module reads the values used.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ...content.schema import RESOURCES
from .. import hooks, rng
from ..actions import Action, action
from ..economy import destination_owner
from ..flow import (
    CHOICE,
    SEAT_POLICY,
    act,
    add_trade,
    auto,
    choice,
    explain,
    log,
    pop,
    push_all,
    spend,
    spendable,
)
from ..frames import (
    BuildFrame,
    CaravansFrame,
    CaravanStartFrame,
    CaravanStepFrame,
    CombatFrame,
    DiplTakeFrame,
    PayFrame,
    PlaceFrame,
    PlunderFrame,
    ReinforceFrame,
    TradePlaceFrame,
    WonderCityFrame,
)
from ..industry import wonder_cost
from ..military import defender_of, defense_value
from ..pieces import gain_card, remove_control
from ..refusal import Refusal
from ..science import advance_dial
from ..spaces import (
    city_spaces,
    friendly_spaces,
    space_actions,
    space_at,
    start_cities,
    supply_resources,
    unused_control,
)
from ..state import ON_CARD, Frame, GameState, without
from . import code_for, register
from .base_frames import (
    ApDefeatBarbariansFrame,
    ApDialFrame,
    ApGainResourceFrame,
    ApGainTradeFrame,
    ApNukeBeginFrame,
    ApNukeEndFrame,
    ApNukeFrame,
    ApReinforceFrame,
    ApResolveFrame,
    ApStripFrame,
    ApTurnFrame,
    ApUpgradeCardFrame,
    ApUpgradeCheckFrame,
    CardAttackFrame,
)
from .base_military import target_at
from .base_setup import ap_seat, base_content

if TYPE_CHECKING:
    from ...content.rulesets.base_automa import AutomatedPlayer
    from ...content.schema import Effect

SPEND_ON_RESOLVE: Final = ("culture", "science", "economy")
"""Card types whose trade tokens the AP spends when it resolves the card (parameter
``trade_spend`` = all_on_resolve); industry tokens are spent paying for a wonder and military
tokens in combat, as a player spends them."""


def automa(st: GameState) -> AutomatedPlayer:
    return base_content(st).automated_player


def turn_step(st: GameState, seat: int) -> str:
    """The first step of a seat's turn: the AP resolves its slot-5 card, a player chooses."""
    return "ap_turn" if seat == ap_seat(st) else "focus"


T = TypeVar("T")


def _pick(st: GameState, items: Sequence[T], key: Callable[[T], Any] | None = None) -> T:
    """The item with the highest ``key`` (lexicographic), ties broken by the state's generator."""
    if key is not None:
        best = max(key(x) for x in items)
        items = [x for x in items if key(x) == best]
    if len(items) == 1:
        return items[0]
    st.rng, i = rng.below(st.rng, len(items))
    return items[i]


# ---------------------------------------------------------------- the AP's turn


@auto("ap_turn")
def run_ap_turn(st: GameState, f: ApTurnFrame) -> None:
    seat = f["seat"]
    resolve(st, seat, st.players[seat].row[-1], reset=True)


@auto("ap_resolve")
def run_ap_resolve(st: GameState, f: ApResolveFrame) -> None:
    """Capitalism resolves the card now in slot 5 without resetting it; Urbanization resolves the
    culture card as if in slot 5 and resets it (the AP cards' after-reset effects)."""
    seat = f["seat"]
    row = st.players[seat].row
    c = base_content(st)
    if f["what"] == "slot":
        cid = row[-1]
    else:
        cid = next(x for x in row if c.focus_cards[x].type == f["what"])
    resolve(st, seat, cid, reset=f["reset"])


def resolve(st: GameState, seat: int, cid: str, reset: bool) -> None:
    """Resolve row card ``cid`` by its AP card, as from slot 5."""
    c = base_content(st)
    hc = c.focus_cards[cid]
    card = automa(st).card(hc.type, hc.level)
    bonus = 0
    if hc.type in SPEND_ON_RESOLVE and automa(st).param("trade_spend") == "all_on_resolve":
        bonus = spendable(st, seat, hc.type)
        if bonus:
            spend(st, seat, hc.type, bonus)
    st.turn["ap"] = {"attacks": 0, "reinforced": 0, "built": 0}
    log(st, {"kind": "resolve", "seat": seat, "card": cid, "slot": 5, "tokens": bonus})
    frames: list[Frame] = []
    after: list[Frame] = []
    for e in card.effects:
        fs, used = _effect_frames(st, seat, e, hc.type, bonus)
        if used:
            bonus = 0
        (after if e.op == "ap_after_reset" else frames).extend(fs)
    if automa(st).param("leader_ability") == "used":
        # Leader abilities that add to a resolved card (France's extra control tokens).
        frames.extend(hooks.collect("card_extra", st, seat, hc.type, _ceiling(st)))
    if reset:
        frames.append({"kind": "reset", "seat": seat, "type": hc.type})
    frames.append({"kind": "ap_upgrade_check", "seat": seat, "type": hc.type})
    push_all(st, [*frames, *after])


def _effect_frames(st: GameState, seat: int, e: Effect, ftype: str, bonus: int) -> tuple[list[Frame], bool]:
    a = e.args
    op = e.op
    if op == "ap_place_control":
        return [{"kind": "place", "seat": seat, "left": int(a["count"]) + bonus, "near": a["near"], "max": _ceiling(st), "ap": list(a["priority"]), "ap_card": ftype}], True
    if op == "ap_strip_rivals":
        return [{"kind": "ap_strip", "seat": seat}], False
    if op == "ap_caravans":
        return [{"kind": "caravans", "seat": seat, "slot": _ceiling(st), "move": int(a["move"]) + bonus, "water": bool(a["water"]), "barb": "none", "moved": [], "ap": list(a["destinations"])}], True
    if op == "ap_defeat_barbarians":
        return [{"kind": "ap_defeat_barbarians", "seat": seat}], False
    if op == "ap_gain_resource":
        return [{"kind": "ap_gain_resource", "seat": seat}], False
    if op == "ap_after_reset":
        return [{"kind": "ap_resolve", "seat": seat, "what": a["resolve"], "reset": bool(a["reset"])}], False
    if op == "ap_build_wonder":
        return [{"kind": "build", "seat": seat, "slot": _ceiling(st), "range": 0, "water": False, "on_figure": False, "slot5_production": int(a["production"]), "after": 0, "no_city": True, "ap": "wonder"}], False
    if op == "ap_build_city":
        f: BuildFrame = {"kind": "build", "seat": seat, "slot": _ceiling(st), "range": int(a["range"]), "water": bool(a["count_water"]), "on_figure": False, "slot5_production": 0, "after": 0, "ap": "city"}
        if a["from_caravan"]:
            f["from_caravans"] = True
        return [f], False
    if op == "ap_attack":
        combat = int(a["combat"])
        vsb = int(a.get("combat_vs_barbarian") or combat) - combat
        return [{"kind": "card_attack", "seat": seat, "slot": combat, "left": int(a["attacks"]), "range": int(a["range"]), "combat": 0, "vs_barbarian": vsb, "through": list(a["count_through"]), "passes": [], "ap": [dict(t) for t in a["targets"]]}], False
    if op == "ap_reinforce":
        return [{"kind": "ap_reinforce", "seat": seat, "base": int(a["base"]), "per_attack": int(a["per_attack"])}], False
    if op == "ap_advance_dial":
        return [{"kind": "ap_dial", "seat": seat, "steps": int(a["steps"]) + bonus}], True
    if op == "ap_gain_trade":
        return [{"kind": "ap_gain_trade", "seat": seat, "count": int(a["count"])}], False
    if op == "ap_upgrade_card":
        return [{"kind": "ap_upgrade_card", "seat": seat}], False
    if op == "ap_nuke_humans":
        return [{"kind": "ap_nuke_begin", "seat": seat}], False
    raise NotImplementedError(f"Automated Player op {op!r} has no handler")


def _ceiling(st: GameState) -> int:
    """Every AP card resolves from slot 5: terrain up to difficulty 5 (parameter terrain_ceiling)."""
    return int(automa(st).param("terrain_ceiling"))


# ---------------------------------------------------------------- AP-only steps


@auto("ap_strip")
def run_strip(st: GameState, f: ApStripFrame) -> None:
    """Mass Media (AP): every rival control token adjacent to a friendly space is flipped to its
    unreinforced side, or removed if it already was."""
    seat = f["seat"]
    mine = set(friendly_spaces(st, seat))
    nbrs = st.board.nbrs
    for s in sorted(t for t, o in st.ctl.items() if o != seat and any(n in mine for n in nbrs[t])):
        if s in st.reinforced:
            st.mark_agendas("reinforced")
            st.reinforced_mut().discard(s)
            log(st, {"kind": "unreinforce", "seat": st.ctl[s], "space": s})
        else:
            log(st, {"kind": "token_removed", "seat": st.ctl[s], "space": s, "by": "automa", "actor": seat})
            remove_control(st, s)


@auto("ap_defeat_barbarians")
def run_defeat_barbarians(st: GameState, f: ApDefeatBarbariansFrame) -> None:
    """Currency (AP): every barbarian adjacent to a friendly space is defeated, without trade
    tokens. Each counts as a barbarian defeated for the leader abilities that say so (Sumeria:
    a resource, as for a player's Currency caravan, FAQ; parameter leader_ability)."""
    seat = f["seat"]
    mine = set(friendly_spaces(st, seat))
    for letter, s in sorted(st.barbs.items()):
        if any(n in mine for n in st.board.nbrs[s]):
            del st.barbs[letter]
            log(st, {"kind": "caravan_barb", "seat": seat, "letter": letter, "space": s})
            if automa(st).param("leader_ability") == "used":
                hooks.fire("after_combat", st, seat, {"won": True, "target": "barb", "space": s, "other": -1,
                                                      "caravan": True})


@auto("ap_gain_resource")
def run_gain_resource(st: GameState, f: ApGainResourceFrame) -> None:
    """Steam Power (AP): one resource from the supply, of a random type (parameter
    steam_power_resource = random)."""
    seat = f["seat"]
    ps = st.player_mut(seat)
    kinds = supply_resources(st, RESOURCES)  # the box's limit: none left, nothing gained
    if not kinds:
        return
    if automa(st).param("steam_power_resource") == "missing_type":
        kinds = [r for r in kinds if not ps.resources.get(r)] or kinds
    r = _pick(st, kinds)
    st.mark_agendas()
    ps.resources[r] = ps.resources.get(r, 0) + 1
    log(st, {"kind": "take_token", "seat": seat, "token": r})


def _fewest_highest(st: GameState, seat: int) -> str:
    """The row card with the fewest trade tokens, highest in the row (parameters trade_placement,
    highest_in_row): its type."""
    c = base_content(st)
    ps = st.players[seat]
    row = ps.row if automa(st).param("highest_in_row") == "highest_slot" else list(reversed(ps.row))
    types = [c.focus_cards[x].type for x in row]
    fewest = min(ps.trade.get(t, 0) for t in types)
    return [t for t in types if ps.trade.get(t, 0) == fewest][-1]


@auto("ap_gain_trade")
def run_gain_trade(st: GameState, f: ApGainTradeFrame) -> None:
    """Mathematics (AP): trade tokens onto the card with the fewest, highest in the row."""
    for _ in range(f["count"]):
        t = _fewest_highest(st, f["seat"])
        add_trade(st, f["seat"], t, 1)
        log(st, {"kind": "trade", "seat": f['seat'], "card": t})


def _upgrade(st: GameState, seat: int, cid: str, level: int) -> None:
    c = base_content(st)
    new = c.card_for(c.focus_cards[cid].type, level)
    gain_card(st, seat, new)
    log(st, {"kind": "ap_replace", "seat": seat, "card": new, "old": cid})


@auto("ap_upgrade_card")
def run_upgrade_card(st: GameState, f: ApUpgradeCardFrame) -> None:
    """Replaceable Parts (AP): the card with the lowest tech level, highest in the row, becomes
    the next-level card of its type."""
    c = base_content(st)
    seat = f["seat"]
    row = st.players[seat].row
    order = row if automa(st).param("highest_in_row") == "highest_slot" else list(reversed(row))
    low = min(c.focus_cards[x].level for x in row)
    if low >= 4:
        return
    cid = [x for x in order if c.focus_cards[x].level == low][-1]
    _upgrade(st, seat, cid, low + 1)


@auto("ap_dial")
def run_dial(st: GameState, f: ApDialFrame) -> None:
    """The AP's science cards advance its dial; at each tech level space reached or passed, a
    random card among those of the lowest level becomes the card of that space's level (one
    level higher if it already has it)."""

    seat = f["seat"]
    c = base_content(st)
    levels = advance_dial(st, seat, f["steps"])
    log(st, {"kind": "dial_advance", "seat": seat, "steps": f['steps'], "to": st.players[seat].dial})
    top = int(automa(st).tech_upgrade.get("max_level", 4))
    for lvl in levels:
        row = st.players[seat].row
        low = min(c.focus_cards[x].level for x in row)
        cid = _pick(st, [x for x in row if c.focus_cards[x].level == low])
        to = lvl if low < lvl else low + 1
        if to <= top:
            _upgrade(st, seat, cid, to)


@auto("ap_reinforce")
def run_reinforce(st: GameState, f: ApReinforceFrame) -> None:
    """After its attacks the AP reinforces (base - per_attack x attacks made) control tokens, the
    ones closest to a barbarian or a rival space first, then on the hardest terrain."""
    seat = f["seat"]
    info = st.turn.get("ap", {})
    n = max(0, f["base"] - f["per_attack"] * info.get("attacks", 0))
    own = [s for s, o in st.ctl.items() if o == seat and s not in st.reinforced]
    if not n or not own:
        return
    dist = _distances(st, [s for s in range(st.board.n) if _threat(st, seat, s)])
    done = 0
    while own and done < n:
        s = _pick(st, sorted(own), lambda x: (-dist.get(x, 999), st.board.diff[x]))
        own.remove(s)
        st.mark_agendas("reinforced")
        st.reinforced_mut().add(s)
        done += 1
        log(st, {"kind": "reinforce", "seat": seat, "space": s})
    st.turn["ap"] = {**info, "reinforced": info.get("reinforced", 0) + done}


def _threat(st: GameState, seat: int, s: int) -> bool:
    o = st.cities.get(s, st.ctl.get(s, seat))
    return s in st.barbs.values() or o != seat


def _distances(st: GameState, sources: Sequence[int]) -> dict[int, int]:
    """Steps from the nearest source, counting through every space."""
    nbrs = st.board.nbrs
    dist = {s: 0 for s in sources}
    frontier = list(sources)
    while frontier:
        nxt = []
        for s in frontier:
            for t in nbrs[s]:
                if t not in dist:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return dist


@auto("ap_upgrade_check")
def run_upgrade_check(st: GameState, f: ApUpgradeCheckFrame) -> None:
    """A card that did nothing becomes the next card of its chain (Pottery → Animal Husbandry →
    Nationalism → Urbanization when it builds nothing; Masonry → Iron Working → Mass Production
    when it neither attacks nor reinforces); the new card stays in slot 1, where the old one was
    reset."""
    seat, ftype = f["seat"], f["type"]
    up = automa(st).self_upgrades.get(ftype)
    info = st.turn.get("ap", {})
    if up is None:
        return
    idle = not info.get("built") if up.when == "built_nothing" else not (info.get("attacks") or info.get("reinforced"))
    if not idle:
        return
    c = base_content(st)
    cid = next((x for x in st.players[seat].row if c.focus_cards[x].type == ftype), None)
    if cid is None:
        return
    ids = [automa(st).cards[x] for x in up.chain]
    levels = [x.level for x in ids]
    lvl = c.focus_cards[cid].level
    if lvl in levels and levels.index(lvl) + 1 < len(levels):
        _upgrade(st, seat, cid, levels[levels.index(lvl) + 1])


@auto("ap_nuke_begin")
def run_nuke_begin(st: GameState, f: ApNukeBeginFrame) -> None:
    """Nuclear Power (AP): each player chooses one of their non-capital cities, if able; those
    cities and every control token adjacent to them are destroyed."""
    seat = f["seat"]
    frames: list[Frame] = [{"kind": "ap_nuke", "seat": p, "ap_seat": seat} for p in range(st.n)
              if p != seat and _non_capitals(st, p)]
    st.turn["ap_nuked"] = []
    push_all(st, [*frames, {"kind": "ap_nuke_end", "seat": seat}])


def _non_capitals(st: GameState, seat: int) -> list[int]:
    return [s for s in city_spaces(st, seat) if s != st.capitals[seat]]


def _register_nuke() -> None:

    @choice("ap_nuke")
    def nuke_options(st: GameState, f: ApNukeFrame) -> list[Action]:
        return space_actions("city", st, _non_capitals(st, f["seat"]))

    @explain("ap_nuke")
    def nuke_explain(st: GameState, f: ApNukeFrame, a: Action) -> Refusal | None:
        return Refusal("not_own_non_capital", space=space_at(st, a)) if a.verb == "city" else None

    @act("ap_nuke")
    def nuke_act(st: GameState, f: ApNukeFrame, a: Action) -> None:
        pop(st)
        st.turn["ap_nuked"] = [*st.turn.get("ap_nuked", []), space_at(st, a)]


_register_nuke()


@auto("ap_nuke_end")
def run_nuke_end(st: GameState, f: ApNukeEndFrame) -> None:
    nbrs = st.board.nbrs
    hit = list(st.turn.get("ap_nuked", []))
    tokens: set[int] = set()
    for s in hit:
        st.mark_agendas()
        owner = st.cities.pop(s, None)
        if owner is None:
            continue
        log(st, {"kind": "nuke_hit", "seat": owner, "space": s, "piece": "city"})
        hooks.fire("replaced", st, owner, s, "city")
        w = st.wonder_at.get(s)
        if w is not None and w in st.players[owner].wonders:
            po = st.player_mut(owner)
            po.wonders = without(po.wonders, w)
            st.cs_aside_wonders = (*st.cs_aside_wonders, w)
        for n in nbrs[s]:
            if n in st.ctl and (automa(st).param("nuke_tokens") == "all_adjacent" or st.ctl[n] == owner):
                tokens.add(n)
    for n in sorted(tokens):
        log(st, {"kind": "nuke_hit", "seat": st.ctl[n], "space": n, "piece": "control token"})
        remove_control(st, n)
    st.turn.pop("ap_nuked", None)


# ---------------------------------------------------------------- decisions the AP meets


def decide(st: GameState, f: Frame) -> Action | None:
    """The AP's choice for the pending decision, or None when it is not the AP's."""
    seat = f.get("seat", st.current)
    if seat != ap_seat(st) or seat < 0:
        return None
    opts = CHOICE[f["kind"]][0](st, f)
    if not opts:
        return None
    fn = POLICIES.get(f["kind"])
    a = fn(st, f, opts) if fn is not None else None
    return a if a is not None else _pick(st, opts)


def _verb(opts: Sequence[Action], verb: str) -> list[Action]:
    return [a for a in opts if a.verb == verb]


def _space(st: GameState, a: Action) -> int:
    return space_at(st, a)


def _printed_letter(st: GameState, s: int) -> bool:
    p = st.board.printed[s]
    return p is not None and bool(p.barbarian) and p.barbarian not in st.barbs


def _place_key(st: GameState, seat: int, priority: Sequence[str]) -> Callable[[Action], tuple[int, ...]]:
    b = st.board
    mine = set(city_spaces(st, seat))
    friends = set(friendly_spaces(st, seat))

    def maturity(city: int) -> int:
        return sum(1 for n in b.nbrs[city] if n in friends or b.is_water[n])

    def crit(name: str, s: int) -> int:
        tok = st.tokens.get(s, "")
        if name == "natural_wonder":
            return int(tok.startswith("nw:"))
        if name == "resource":
            return int(bool(tok) and not tok.startswith("nw:"))
        if name == "barbarian_spawn":
            return int(_printed_letter(st, s))
        if name == "adjacent_token_or_spawn":
            return int(any(n in st.tokens or _printed_letter(st, n) for n in b.nbrs[s]))
        if name == "most_adjacent_cities":
            return sum(1 for n in b.nbrs[s] if n in mine)
        if name == "city_closest_to_maturity":
            return max((maturity(n) for n in b.nbrs[s] if n in mine), default=0)
        if name == "adjacent_rival_space":
            return int(any(_threat(st, seat, n) and n not in st.barbs.values() for n in b.nbrs[s]))
        if name == "highest_terrain":
            return int(b.diff[s])
        raise ValueError(name)

    return lambda a: tuple(crit(p, _space(st, a)) for p in priority)


DEFAULT_PLACE: Final = ("natural_wonder", "resource", "barbarian_spawn", "most_adjacent_cities", "city_closest_to_maturity",
                 "highest_terrain")


def _place(st: GameState, f: PlaceFrame, opts: list[Action]) -> Action | None:
    seat = f["seat"]
    places = _verb(opts, "place")
    if places and unused_control(st, seat) > 0:
        return _pick(st, places, _place_key(st, seat, f.get("ap", DEFAULT_PLACE)))
    if "ap_card" in f and f["left"] > 0:
        # AP culture cards: each token it cannot place is a trade token on the card.
        add_trade(st, seat, f["ap_card"], f["left"])
        log(st, {"kind": "ap_cannot_place", "seat": seat, "left": f["left"], "card": f["ap_card"]})
    return action("done")


def _trade_place(st: GameState, f: TradePlaceFrame, opts: list[Action]) -> Action | None:
    if automa(st).param("trade_placement") == "random_card":
        return None
    return action("trade", _fewest_highest(st, f["seat"]))


def _combat(st: GameState, f: CombatFrame, opts: list[Action]) -> Action | None:
    attacker = f["stage"] == "attacker"
    if action("boost") not in opts:
        return action("accept")
    if attacker:
        behind = f["attack_die"] + f["attack_base"] + f["attack_plus"] <= f["defence_die"] + f["defence_base"] + f["defence_plus"]
        spends = automa(st).param("attack_trade") == "spend_all" or behind
    else:
        spends = automa(st).param("defence_trade") == "spend_all"
    return action("boost") if spends else action("accept")


def _wonder_key(st: GameState, seat: int) -> Callable[[Action], tuple[int, int]]:
    """Wonder priority: the one that brings the AP closest to an agenda, then the lowest cost.
    Parameter ``wonder_agenda``: ``fewest_missing`` ranks a wonder by the fewest wonders still
    missing, after it, for a wonders-of-type agenda on a victory card the AP has not claimed;
    ``wanted_type`` ranks every wonder of a type such an agenda asks for alike."""

    c = base_content(st)
    held = [c.wonders[w].type for w in st.players[seat].wonders]
    need: dict[str, int] = {}
    for vc in st.victory_cards:
        card = c.victory_cards[vc]
        if any(seat in st.claims.get(ag.id, []) for ag in card.agendas):
            continue
        for ag in card.agendas:
            if ag.kind == "wonders_of_type":
                t = str(ag.args.get("type", ""))
                left = max(0, int(ag.args.get("n", 1)) - held.count(t) - 1)
                need[t] = min(need.get(t, left), left)
    fewest = automa(st).param("wonder_agenda") == "fewest_missing"

    def key(a: Action) -> tuple[int, int]:
        w = a.key
        t = c.wonders[w].type
        rank = (-need[t] if fewest else 0) if t in need else -99
        return (rank, -wonder_cost(st, seat, w))

    return key


def _build(st: GameState, f: BuildFrame, opts: list[Action]) -> Action | None:
    seat = f["seat"]
    if f.get("ap") == "wonder":
        wonders = _verb(opts, "wonder")
        if wonders and not st.turn.get("ap", {}).get("gave_up"):
            st.turn["ap"] = {**st.turn.get("ap", {}), "built": 1}
            return _pick(st, wonders, _wonder_key(st, seat))
        return action("done")
    if f.get("ap") == "city":
        cities = _verb(opts, "city")
        if cities:
            st.turn["ap"] = {**st.turn.get("ap", {}), "built": 1}
            return _pick(st, cities, _city_key(st, seat))
        return action("done")
    return None


def _city_key(st: GameState, seat: int) -> Callable[[Action], tuple[int, int, int]]:
    """City priority: adjacent to the most natural-wonder and resource tokens, then a barbarian
    spawn point, then the highest defence (parameter ``city_defence``: the terrain difficulty,
    or the defence a city there would have by the base formula)."""
    b = st.board
    terrain = automa(st).param("city_defence") == "terrain"

    def key(a: Action) -> tuple[int, int, int]:
        s = _space(st, a)
        defence = int(b.diff[s]) if terrain else defense_value(st, "city", s, seat, -1)
        return (sum(1 for n in b.nbrs[s] if n in st.tokens), int(_printed_letter(st, s)), defence)

    return key


def _pay(st: GameState, f: PayFrame, opts: list[Action]) -> Action | None:
    """Industry trade tokens first, then resources and natural wonders, until the cost is met
    (parameter ``wonder_payment``; ``resources_then_trade`` the other way round).
    (A wonder is offered only when all of these can meet its cost; should they not, the AP
    gives up building a wonder this turn rather than choose it again.)"""
    if action("build") in opts:
        return action("build")
    pays = _verb(opts, "pay")
    trade_first = automa(st).param("wonder_payment") == "trade_then_resources"
    if pays:
        return min(pays, key=lambda a: (a.key == "trade") != trade_first)
    st.turn["ap"] = {**st.turn.get("ap", {}), "gave_up": 1, "built": 0}
    return action("back")


def _wonder_city(st: GameState, f: WonderCityFrame, opts: list[Action]) -> Action | None:
    """The wonder goes under the AP's city with the highest defence."""

    seat = f["seat"]
    return _pick(st, _verb(opts, "under") or opts,
                 lambda a: defense_value(st, "city", _space(st, a), seat, -1) if a.verb == "under" else 0)


def _card_attack(st: GameState, f: CardAttackFrame, opts: list[Action]) -> Action | None:
    """AP attacks: the first target kind of the card's list with a target in range (and within its
    defence limit); among those the lowest defence, ties at random."""

    if "ap" not in f:
        return None
    seat = f["seat"]
    mine = set(friendly_spaces(st, seat))
    cands = [(a, _space(st, a)) for a in _verb(opts, "attack")]
    for want in f["ap"]:
        kind = want["kind"]
        limit = want.get("max_defence")
        fits = []
        for a, s in cands:
            t = target_at(st, seat, s)
            ok = (
                (kind == "barbarian" and t == "barb")
                or (kind == "barbarian_adjacent_friendly" and t == "barb" and any(n in mine for n in st.board.nbrs[s]))
                or (kind == "rival_city" and t == "city")
                or (kind == "rival_city_with_wonder" and t == "city" and s in st.wonder_at)
                or (kind == "city_state" and t == "cs")
                or (kind == "rival_control" and t == "ctl")
            )
            if not ok or t is None:
                continue
            d = defense_value(st, t, s, defender_of(st, t, s), seat)
            if limit is None or d <= int(limit):
                fits.append((a, d))
        if fits:
            low = min(d for _, d in fits)
            st.turn["ap"] = {**st.turn.get("ap", {}), "attacks": st.turn.get("ap", {}).get("attacks", 0) + 1}
            return _pick(st, [a for a, d in fits if d == low])
    return action("done")


def _reinforce(st: GameState, f: ReinforceFrame, opts: list[Action]) -> Action | None:
    seat = f["seat"]
    own = _verb(opts, "reinforce")
    if not own:
        return action("done")
    dist = _distances(st, [s for s in range(st.board.n) if _threat(st, seat, s)])
    return _pick(st, own, lambda a: (-dist.get(_space(st, a), 999), st.board.diff[_space(st, a)]))


# Caravans: each heads for its own destination (city-state without its diplomacy card › rival
# city › other city-state; tie: the shortest distance), along a shortest path.


def _caravan_ok(st: GameState, f: CaravansFrame | CaravanStartFrame | CaravanStepFrame, s: int) -> bool:
    b = st.board
    if b.is_water[s] and not f["water"]:
        return False
    return s not in st.barbs.values() or f.get("barb", "none") != "none"


def _path_lengths(st: GameState, f: CaravansFrame | CaravanStartFrame | CaravanStepFrame, dest: int) -> dict[int, int]:
    """Steps from each space to ``dest`` along spaces a caravan of this card may enter."""
    nbrs = st.board.nbrs
    dist = {dest: 0}
    frontier = [dest]
    while frontier:
        nxt = []
        for s in frontier:
            for t in nbrs[s]:
                if t not in dist and _caravan_ok(st, f, t):
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return dist


def _destinations(st: GameState, f: CaravansFrame, seat: int) -> list[tuple[int, int]]:
    """(rank, space) of the places the AP's caravans may head for this turn."""

    ps = st.players[seat]
    taken = set(st.turn.get("arrivals", [])) | set(st.turn.get("ap_dest", {}).values())
    out = []
    for s in range(st.board.n):
        kind = destination_owner(st, seat, s)
        if not kind or s in taken:
            continue
        if kind == "cs":
            rank = 0 if "cs:" + st.cs_at[s] not in ps.dipl else 2
        else:
            rank = 1
        if s in st.barbs.values():
            continue
        out.append((rank, s))
    return out


def _caravans(st: GameState, f: CaravansFrame, opts: list[Action]) -> Action | None:
    if "ap" not in f:
        return None
    seat = f["seat"]
    ps = st.players[seat]

    for a in _verb(opts, "caravan"):
        i = a.n
        here = ps.caravans[i]
        starts = [here] if here != ON_CARD else start_cities(st, seat)
        best: tuple[int, int, int] | None = None
        for rank, d in _destinations(st, f, seat):
            dist = _path_lengths(st, f, d)
            reach = min((dist[s] for s in starts if s in dist), default=None)
            if reach is None:
                continue
            cand = (rank, reach, d)
            if best is None or cand[:2] < best[:2]:
                best = cand
        if best is not None:
            st.turn["ap_dest"] = {**st.turn.get("ap_dest", {}), str(i): best[2]}
            return a
    return action("done")


def _dest_of(st: GameState, f: CaravanStartFrame | CaravanStepFrame) -> int | None:
    d = st.turn.get("ap_dest", {}).get(str(f["figure"]))
    return int(d) if d is not None else None


def _caravan_start(st: GameState, f: CaravanStartFrame, opts: list[Action]) -> Action | None:
    d = _dest_of(st, f)
    if d is None:
        return None
    dist = _path_lengths(st, f, d)
    return _pick(st, opts, lambda a: -dist.get(_space(st, a), 999))


def _caravan_step(st: GameState, f: CaravanStepFrame, opts: list[Action]) -> Action | None:
    d = _dest_of(st, f)
    if d is None:
        return None
    here = st.players[f["seat"]].caravans[f["figure"]]
    if here == d and action("trade") in opts:
        return action("trade")
    dist = _path_lengths(st, f, d)
    steps = [a for a in _verb(opts, "to") if _space(st, a) in dist]
    if steps:
        best = min(dist[_space(st, a)] for a in steps)
        if best < dist.get(here, 999):
            return _pick(st, [a for a in steps if dist[_space(st, a)] == best])
    for v in ("stop", "trade"):
        if Action(v) in opts:
            return Action(v)
    return None


def _take_card(st: GameState, f: DiplTakeFrame, opts: list[Action]) -> Action | None:
    """A caravan in a rival city: the AP takes one of that player's cards (at random), never none."""
    cards = _verb(opts, "dipl")
    return _pick(st, cards) if cards else None


def _plunder(st: GameState, f: PlunderFrame, opts: list[Action]) -> Action | None:
    """A defeated capital: the AP takes the most it may, from the card with the most tokens."""
    takes = _verb(opts, "take")
    if not takes:
        return None
    t = st.players[f["defender"]].trade
    return _pick(st, takes, lambda a: t.get(a.key, 0))


POLICIES: Final[dict[str, Callable[[GameState, Any, list[Action]], Action | None]]] = {
    "place": _place,
    "trade_place": _trade_place,
    "combat": _combat,
    "build": _build,
    "pay": _pay,
    "wonder_city": _wonder_city,
    "card_attack": _card_attack,
    "reinforce": _reinforce,
    "caravans": _caravans,
    "caravan_start": _caravan_start,
    "caravan_step": _caravan_step,
    "dipl_take": _take_card,
    "plunder": _plunder,
}
"""The AP's preference at decisions it meets; the others are decided at random (golden rule 2)."""

SEAT_POLICY["base"] = decide
register("base", dataclasses.replace(code_for("base"), turn_step=turn_step))
