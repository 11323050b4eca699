"""Economy cards: moving caravans one space at a time, trade with city-states and rival
cities, and diplomacy cards taken on arrival (unified rules: Economy Focus Cards, Trade)."""

from __future__ import annotations

from ..content.schema import RESOURCES, Effect
from . import hooks
from .actions import Action, action, coord_at
from .board import Placement
from .decisions import item_choice, space_choice
from .explore import can_explore, start_exploration
from .flow import (
    act,
    add_trade_to_type,
    auto,
    card_of,
    choice,
    effective_slot,
    explain,
    log,
    pop,
    push,
    replace_top,
    row_key,
    row_keys,
)
from .frames import (
    CapitalismFrame,
    CapitalismPickFrame,
    CaravansFrame,
    CaravanStartFrame,
    CaravanStepFrame,
    DiplTakeFrame,
    FxShipWaterFrame,
    SwapResourceFrame,
)
from .hexgrid import neighbours
from .movement import (
    figure_options,
    figure_refusal,
    figure_start_refusal,
    figure_starts,
    neighbour_steps,
    step_refusal,
    terrain_steps,
)
from .ops import op
from .pieces import take_player_card
from .refusal import Refusal
from .spaces import barb_at, space_actions, space_at, supply_left, supply_resources, too_hard
from .state import ON_CARD, Frame, GameState, content_for


@op("caravans")
def op_caravans(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "caravans", "seat": seat, "slot": slot, "move": e.int("move") + bonus, "water": e.bool("water"), "barb": e.str("barbarian", "none"), "moved": []}], True


def _step_frame(f: CaravansFrame, i: int) -> CaravanStepFrame:
    """The frame caravan ``i`` moves in when ``f``'s player picks it (on its card, the same
    facts under ``caravan_start``)."""
    return {"kind": "caravan_step", "seat": f["seat"], "figure": i, "left": f["move"], "explored": False,
            "slot": f["slot"], "water": f["water"], "barb": f["barb"]}


def _stranded(st: GameState, f: CaravansFrame, i: int, at: int) -> bool:
    """Caravan ``i`` stands in a city or city-state (a city built on its space shares it, rules:
    Industry) that a caravan already reached this turn, so it may neither trade nor stop there,
    and its card lets it step nowhere: it has no move to make (it stays where it is)."""
    return at >= 0 and at in st.turn.get("arrivals", ()) and not caravan_step_options(st, _step_frame(f, i))


@choice("caravans")
def caravans_options(st: GameState, f: CaravansFrame) -> list[Action]:
    returned = st.turn.get("returned_caravans", [])
    return figure_options(st, f["seat"], "caravan", st.players[f["seat"]].caravans,
                          lambda i, at: i in f["moved"] or i in returned or _stranded(st, f, i, at))


@explain("caravans")
def caravans_explain(st: GameState, f: CaravansFrame, a: Action) -> Refusal | None:
    if a.verb != "caravan":
        return None

    def no_move(i: int) -> Refusal | None:
        if i in st.turn.get("returned_caravans", []):
            return Refusal("figure_returned", piece="caravan", number=i)
        at = st.players[f["seat"]].caravans[i]
        if _stranded(st, f, i, at):
            return Refusal("caravan_stranded", piece="caravan", number=i, space=at)
        return None

    return figure_refusal(st, f["seat"], "caravan", st.players[f["seat"]].caravans, a.n,
                          f["moved"], no_move)


@act("caravans")
def caravans_act(st: GameState, f: CaravansFrame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    i = a.n
    replace_top(st, {**f, "moved": [*f["moved"], i]})
    step = _step_frame(f, i)
    if st.players[f["seat"]].caravans[i] == ON_CARD:
        push(st, {**step, "kind": "caravan_start"})
    else:
        push(st, step)


def _caravan_start_do(st: GameState, f: CaravanStartFrame, s: int, where: str) -> None:
    st.player_mut(f["seat"]).caravans[f["figure"]] = s
    push(st, {**f, "kind": "caravan_step"})


space_choice("caravan_start", CaravanStartFrame,
             "start", lambda st, f: caravan_starts(st, f["seat"]), _caravan_start_do, skip=None,
             why=lambda st, f, s: figure_start_refusal("caravan", s))


def caravan_starts(st: GameState, seat: int) -> list[int]:
    return figure_starts(st, seat, "caravan")


def destination_owner(st: GameState, seat: int, s: int) -> str:
    """'cs' for a city-state, 'city' for a rival city (a conquered city-state counts as the
    conqueror's city), '' otherwise."""
    if s in st.cs_at:
        return "cs"
    o = st.cities.get(s)
    if o is not None and o != seat:
        return "city"
    return ""


def _terrain_reason(st: GameState, f: CaravanStartFrame | CaravanStepFrame, s: int, barbs: set[int]) -> Refusal | None:
    """Whether the caravan's card lets it step onto ``s`` at all (terrain, water, barbarians)."""
    b = st.board
    if b.is_water[s]:
        if not f["water"] and not hooks.allows(st, f["seat"], "caravan_water"):
            return Refusal("water_closed", space=s, piece="caravan")
    elif b.diff[s] > f["slot"] and hooks.difficulty(st, f["seat"], s, "move") > f["slot"]:
        return too_hard(st, s, f["slot"])
    if f["barb"] == "none" and s in barbs:
        return Refusal("barbarian_blocks", space=s, piece="caravan")
    return None


def _closed(st: GameState, seat: int, s: int) -> bool:
    """A city or city-state where the caravan may not end its move: one caravan already
    reached it this turn, and caravans cannot stop in such spaces (rules: Economy)."""
    return s in st.turn.get("arrivals", ()) and bool(destination_owner(st, seat, s))


def caravan_nbrs(st: GameState, seat: int, here: int) -> tuple[int, ...]:
    """Spaces a caravan of ``seat`` at ``here`` may step to: the neighbours, plus, for
    Indonesia (``allows`` "edge_water"), every other map-edge water space from such a space."""
    b = st.board
    nb: tuple[int, ...] = b.nbrs[here]
    if b.is_water[here] and b.edge[here] and hooks.allows(st, seat, "edge_water"):
        more = tuple(t for t in range(b.n) if t != here and b.is_water[t] and b.edge[t] and t not in nb)
        return nb + more
    return nb


def _can_leave(st: GameState, f: CaravanStartFrame | CaravanStepFrame, s: int, left: int, barbs: set[int]) -> bool:
    """From ``s`` with ``left`` movement, the caravan can reach a space where it may end."""
    seen = {s}
    frontier = [s]
    for _ in range(left):
        nxt = []
        for x in frontier:
            for t in caravan_nbrs(st, f["seat"], x):
                if t in seen or _terrain_reason(st, f, t, barbs) is not None:
                    continue
                if not _closed(st, f["seat"], t):
                    return True
                seen.add(t)
                nxt.append(t)
        frontier = nxt
    return False


def caravan_enter_reason(st: GameState, f: CaravanStartFrame | CaravanStepFrame, s: int,
                         barbs: set[int] | None = None) -> Refusal | None:
    if barbs is None:
        barbs = set(st.barbs.values())
    reason = _terrain_reason(st, f, s, barbs)
    if reason is not None:
        return reason
    if _closed(st, f["seat"], s) and not _can_leave(st, f, s, f["left"] - 1, barbs):
        # Another caravan reached it this turn, and this one could not move on from it.
        return Refusal("caravan_stuck", space=s, piece="caravan")
    return None


def _caravan_steps(st: GameState, f: CaravanStepFrame, here: int) -> list[Action]:
    """The ``to`` options of the spaces ``caravan_enter_reason`` lets the caravan enter, in
    space order, without refusal texts."""
    seat = f["seat"]
    nb = caravan_nbrs(st, seat, here)
    if nb is st.board.nbrs[here]:
        steps = neighbour_steps(st, here)
    else:  # Indonesia: map-edge water spaces too
        order = sorted(nb)
        steps = tuple(zip(order, space_actions("to", st, order), strict=True))
    barbs = set(st.barbs.values())
    no_barb = f["barb"] == "none"
    arrivals = st.turn.get("arrivals", ())
    out: list[Action] = []
    for s, a in terrain_steps(st, seat, steps, f["slot"], f["water"], "caravan_water"):
        if no_barb and s in barbs:
            continue
        if (s in arrivals and destination_owner(st, seat, s)
                and not _can_leave(st, f, s, f["left"] - 1, barbs)):
            continue
        out.append(a)
    return out


@choice("caravan_step")
def caravan_step_options(st: GameState, f: CaravanStepFrame) -> list[Action]:
    seat = f["seat"]
    here = st.players[seat].caravans[f["figure"]]
    opts: list[Action] = []
    if f["left"] > 0:
        opts = _caravan_steps(st, f, here)
        if not f["explored"] and can_explore(st, here):
            opts.append(action("explore"))
    opts.extend(hooks.extra_options(st, seat, "caravan_step", f))  # Colossus
    if destination_owner(st, seat, here):
        if here not in st.turn.get("arrivals", []):
            opts.append(action("trade"))
    else:
        opts.append(action("stop"))
    return opts


@explain("caravan_step")
def caravan_step_explain(st: GameState, f: CaravanStepFrame, a: Action) -> Refusal | None:
    here = st.players[f["seat"]].caravans[f["figure"]]
    if a.verb == "trade":
        if not destination_owner(st, f["seat"], here):
            return Refusal("trade_nowhere", space=here, piece="caravan")
        return Refusal("trade_done_here", space=here, piece="caravan")
    if a.verb == "stop":
        return Refusal("must_trade", space=here, piece="caravan")
    return step_refusal(st, f, a, "caravan", lambda: caravan_nbrs(st, f["seat"], here),
                        lambda s: caravan_enter_reason(st, f, s))


@act("caravan_step")
def caravan_step_act(st: GameState, f: CaravanStepFrame, a: Action) -> None:
    seat, i = f["seat"], f["figure"]
    ps = st.player_mut(seat)
    if a.verb == "stop":
        pop(st)
        return
    if a.verb not in ("to", "trade", "explore") and hooks.extra_act(st, seat, "caravan_step", f, a):
        return
    if a.verb == "trade":
        pop(st)
        arrive(st, seat, i, ps.caravans[i])
        return
    if a.verb == "explore":
        replace_top(st, {**f, "left": f["left"] - 1, "explored": True})
        if hooks.allows(st, seat, "water_before_explore") and water_spots(st, ps.caravans[i]):
            push(st, {"kind": "fx_ship_water", "seat": seat, "space": ps.caravans[i]})  # Shipbuilding
        else:
            start_exploration(st, seat, ps.caravans[i])
        return
    s = space_at(st, a)
    ps.caravans[i] = s
    f = {**f, "left": f["left"] - 1}
    replace_top(st, f)
    letter = barb_at(st, s)
    if letter is not None:
        # Currency: the caravan defeats the barbarian (no trade token).
        del st.barbs[letter]
        log(st, {"kind": "caravan_barb", "seat": seat, "letter": letter, "space": s})
        if f["barb"] == "defeat_stop":
            pop(st)  # before the hook: a frame it pushes (Sumeria's resource) must stay
        # Defeating a barbarian with a caravan counts for Sumeria (FAQ).
        hooks.fire("after_combat", st, seat, {"won": True, "target": "barb", "space": s, "other": -1, "caravan": True})
        if f["barb"] == "defeat_stop" and destination_owner(st, seat, s):
            # Its move ends in a city-state or rival city, where a caravan cannot remain (U,
            # Economy Focus Cards): it has reached that space and trades there; if a caravan
            # already traded there this turn, it goes back to its card.
            if s in st.turn.get("arrivals", []):
                ps.caravans[i] = ON_CARD
                st.turn["returned_caravans"] = [*st.turn.get("returned_caravans", []), i]
                log(st, {"kind": "caravan_home", "seat": seat, "space": s})
            else:
                arrive(st, seat, i, s)


def arrive(st: GameState, seat: int, i: int, s: int) -> None:
    """Trade: the caravan returns to its card, then trade tokens and a diplomacy card."""
    c = content_for(st)
    ps = st.player_mut(seat)
    ps.caravans[i] = ON_CARD
    # After a caravan returns to its card it cannot move again that turn (FAQ: Caravans).
    st.turn["returned_caravans"] = [*st.turn.get("returned_caravans", []), i]
    st.turn["arrivals"] = [*st.turn.get("arrivals", []), s]
    n = c.ruleset.caravan_trade_tokens
    if s in st.cs_at:
        cs = st.cs_at[s]
        add_trade_to_type(st, seat, c.city_states[cs].type, n)
        card = "cs:" + cs
        took = False
        if st.cs_cards.get(cs, 0) > 0 and card not in ps.dipl:
            st.cs_cards[cs] -= 1
            st.mark_agendas()
            ps.dipl = (*ps.dipl, card)
            took = True
        log(st, {"kind": "caravan_cs", "seat": seat, "cs": cs, "n": n, "space": s, "card": took})
        hooks.fire("after_arrival", st, seat, s, -1)
        return
    rival = st.cities[s]
    log(st, {"kind": "caravan_city", "seat": seat, "other": rival, "space": s})
    push(st, {"kind": "dipl_take", "seat": seat, "rival": rival})
    push(st, {"kind": "trade_place", "seat": seat, "left": n})
    # Effects of arriving (Embassy: before its card may be given back, FAQ) come first.
    hooks.fire("after_arrival", st, seat, s, rival)
    hooks.fire("visited", st, rival, s, seat)


item_choice("dipl_take", DiplTakeFrame,
            "dipl", lambda st, f: st.players[f["rival"]].own_dipl,
            lambda st, f, a: take_player_card(st, f["seat"], f["rival"], a.key), skip="none")


@op("swap_resource")
def op_swap(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "swap_resource", "seat": seat}], False


def _swaps(st: GameState, f: Frame) -> list[str]:
    have = st.players[f["seat"]].resources
    gets = supply_resources(st, RESOURCES)  # a type the supply no longer holds cannot be taken
    return [f"{a}>{b}" for a in RESOURCES if have.get(a) for b in gets if b != a]


def _swap_do(st: GameState, f: Frame, a: Action) -> None:
    give, take = a.key, a.key2
    res = st.player_mut(f["seat"]).resources
    st.mark_agendas()
    res[give] -= 1
    res[take] = res.get(take, 0) + 1


item_choice("swap_resource", SwapResourceFrame, "swap", _swaps, _swap_do)


@op("capitalism")
def op_capitalism(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "capitalism", "seat": seat}], False


@auto("capitalism")
def run_capitalism(st: GameState, f: CapitalismFrame) -> None:
    """After this card resets, resolve another card as if in the first slot, without resetting it."""
    # The card's after-resolve step (wonders) and its reset run before the pick.
    later: list[Frame] = []
    for kind in ("after_resolve", "reset"):
        if st.stack_frames and st.stack_frames[-1]["kind"] == kind:
            later.append(st.stack_frames.pop())
    if "capitalism" in st.turn.get("once", []):
        st.stack_frames.extend(reversed(later))
        return
    st.turn["once"] = [*st.turn.get("once", []), "capitalism"]
    push(st, {"kind": "capitalism_pick", "seat": f["seat"]})
    st.stack_frames.extend(reversed(later))


def _capitalism_keys(st: GameState, f: Frame) -> list[str]:
    """Another card than Capitalism (which has just reset into the leftmost slot)."""
    seat = f["seat"]
    mine = row_key(st, seat, "capitalism") if "capitalism" in st.players[seat].row else "economy"
    return [t for t in row_keys(st, seat) if t != mine]


def _capitalism_do(st: GameState, f: Frame, a: Action) -> None:
    seat, key = f["seat"], a.key
    slot = effective_slot(st, seat, key, content_for(st).ruleset.row_slots[0])
    push(st, {"kind": "commit", "seat": seat, "type": key, "card": card_of(st, seat, key), "slot": slot, "by_effect": True})


item_choice("capitalism_pick", CapitalismPickFrame,
            "focus", _capitalism_keys, _capitalism_do)


# ---------------------------------------------------------------- Shipbuilding's water token

def water_spots(st: GameState, s: int) -> list[tuple[int, int]]:
    """Empty hexes touching space ``s``, where a water token may be laid (none when the supply
    holds no water token)."""
    if supply_left(st, "water_tokens") <= 0:
        return []
    idx = st.board.index
    return [c for c in neighbours(st.board.coords[s]) if c not in idx]


@choice("fx_ship_water")
def ship_water_options(st: GameState, f: FxShipWaterFrame) -> list[Action]:
    return [*(action("water", f"{q},{r}") for q, r in water_spots(st, f["space"])), action("skip")]


@act("fx_ship_water")
def ship_water_act(st: GameState, f: FxShipWaterFrame, a: Action) -> None:
    """The water token becomes a water space of the map (like those filling holes); then the
    caravan explores from its space as usual."""
    pop(st)
    if a.verb == "water":
        q, r = coord_at(a)  # a hex off the map
        st.placements = (*st.placements, Placement("water", 0, "", 0, q, r))
        st.placements_changed()
        log(st, {"kind": "water_token", "seat": f["seat"], "space": st.board.index[(q, r)]})
    start_exploration(st, f["seat"], f["space"])
