"""Culture cards: placing control tokens next to friendly cities (the ``place`` step, which
other effects push too), moving one (``shift``) and Mass Media (unified rules: Culture Focus
Cards)."""

from __future__ import annotations

from ..content.schema import Effect
from . import hooks
from .actions import Action, action
from .decisions import space_choice
from .flow import act, choice, count_down, explain, log, pop
from .frames import MassMediaFrame, PlaceFrame, ShiftFrame
from .ops import op
from .pieces import claim_wonder_token, place_control, remove_control, replace_control
from .refusal import Refusal
from .spaces import (
    army_on,
    control_reason,
    coord,
    friendly_spaces,
    is_empty,
    own_tokens,
    place_targets,
    space_actions,
    space_at,
    space_to,
    unused_control,
    within,
)
from .state import Frame, GameState, without


@choice("place")
def place_options(st: GameState, f: PlaceFrame) -> list[Action]:
    seat = f["seat"]
    if unused_control(st, seat) <= 0:
        return [*space_actions("remove", st, own_tokens(st, seat)), action("done")]
    extra = hooks.extra_options(st, seat, "place", f)  # Chichen Itza
    return [*space_actions("place", st, place_targets(st, seat, f["near"], f["max"])), *extra, action("done")]


@act("place")
def place_act(st: GameState, f: PlaceFrame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    s = space_at(st, a)
    if a.verb == "remove":
        remove_control(st, s)
        log(st, {"kind": "take_back", "seat": f['seat'], "space": s})
        return
    # The frame is updated first, so steps the placement triggers (Stonehenge) come next.
    count_down(st, f)
    place_control(st, f["seat"], s)


@explain("place")
def place_explain(st: GameState, f: PlaceFrame, a: Action) -> Refusal | None:
    if a.verb != "place":
        return None
    s = space_at(st, a)
    seat = f["seat"]
    if unused_control(st, seat) <= 0:
        return Refusal("no_unused_control", space=s, seat=seat)
    reason = control_reason(st, seat, s, f["max"])
    if reason:
        return reason
    where, _, anchor = f["near"].partition(":")  # "city", "space"...; "at:<space>", "within2:<space>"
    if anchor:
        return Refusal("not_near", space=s, item="anchor", near=int(anchor), number=2 if where == "within2" else 1)
    return Refusal("not_near", space=s, item=where)


@op("place_control")
def op_place_control(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    uses = e.bool("trade", True)
    n = e.int("count") + (bonus if uses else 0)
    # ``std``: the standard placement of a culture card (Chichen Itza applies to it only).
    return [{"kind": "place", "seat": seat, "left": n, "near": e.str("near", "city"), "max": slot, "standard": uses}], uses


@op("shift_control")
def op_shift(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "shift", "seat": seat}], False


def _is_empty_land(st: GameState, s: int) -> bool:
    return not st.board.is_water[s] and is_empty(st, s)


@choice("shift")
def shift_options(st: GameState, f: ShiftFrame) -> list[Action]:
    seat = f["seat"]
    b = st.board
    opts = []
    for s in sorted(s for s, o in st.ctl.items() if o == seat):
        if army_on(st, s):
            continue
        for n in b.nbrs[s]:
            if _is_empty_land(st, n):
                opts.append(action("shift", f"{coord(st, s)}>{coord(st, n)}"))
    opts.sort()
    opts.append(action("done"))
    return opts


@act("shift")
def shift_act(st: GameState, f: ShiftFrame, a: Action) -> None:
    pop(st)
    if a.verb == "done":
        return
    s, t = space_at(st, a), space_to(st, a)
    seat = st.ctl[s]
    reinforced = s in st.reinforced
    dist = st.district.get(s, "")
    remove_control(st, s)
    st.mark_agendas()
    st.ctl_mut()[t] = seat
    if reinforced:
        st.reinforced_mut().add(t)
    if dist:
        st.district[t] = dist
    log(st, {"kind": "move_token", "seat": seat, "src": s, "dst": t})


@op("mass_media")
def op_mass_media(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "mass_media", "seat": seat, "range": e.int("range", 2)}], False


def _mass_media_targets(st: GameState, f: MassMediaFrame) -> list[int]:
    seat = f["seat"]
    ctl = st.ctl
    near = within(st, friendly_spaces(st, seat), f["range"])
    rival = [s for s in near.intersection(ctl) if ctl[s] != seat]
    if not rival:
        return rival
    armies: set[int] = set()
    for ps in st.players:
        armies.update(ps.armies)
    can_swap = unused_control(st, seat) > 0
    reinforced = st.reinforced
    return [s for s in rival if s not in armies and (s in reinforced or can_swap)]


def _mass_media_why(st: GameState, f: MassMediaFrame, s: int) -> Refusal | None:
    seat = f["seat"]
    if st.ctl.get(s, seat) == seat:
        return Refusal("not_rival_token", space=s)
    if army_on(st, s):
        return Refusal("army_on_token", space=s)
    if s not in within(st, friendly_spaces(st, seat), f["range"]):
        return Refusal("out_of_range", space=s, number=f["range"])
    return Refusal("swap_needs_token", space=s)


def _mass_media_do(st: GameState, f: Frame, s: int, where: str) -> None:
    if s in st.reinforced:
        st.mark_agendas("reinforced")
        st.reinforced_mut().discard(s)
        log(st, {"kind": "unreinforce", "seat": st.ctl.get(s), "space": s})
    else:
        replace_control(st, f["seat"], s)
        w = st.wonder_at.get(s)
        if w is not None and st.ctl.get(s) == f["seat"]:
            # The swapped token stood on a wonder token: its wonder changes hands with it.
            claim_wonder_token(st, f["seat"], s)
        elif w is not None:
            # No unused token to put there: nobody holds the space, so nobody controls the wonder.
            for p, ps in enumerate(st.players):
                if w in ps.wonders:
                    st.mark_agendas()
                    ps = st.player_mut(p)
                    ps.wonders = without(ps.wonders, w)
                    st.cs_aside_wonders = (*st.cs_aside_wonders, w)


space_choice("mass_media", MassMediaFrame,
             "target", _mass_media_targets, _mass_media_do, skip="done", why=_mass_media_why)


# ---------------------------------------------------------------- science
