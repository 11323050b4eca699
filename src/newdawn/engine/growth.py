"""Growth cards: reinforcing control tokens, placing districts and Globalization (unified
rules: Growth Focus Cards, Districts)."""

from __future__ import annotations

from ..content.schema import Effect
from . import hooks
from .actions import Action, action
from .districts import ability_frames
from .flow import act, choice, count_down, explain, pop, push_all
from .frames import DistrictFrame, GlobalizationFrame, ReinforceFrame
from .ops import op
from .pieces import place_control
from .refusal import Refusal
from .spaces import (
    city_spaces,
    control_legal,
    control_reason,
    coord_texts,
    difficulty,
    space_actions,
    space_at,
    space_of,
    stands_for_city,
    too_hard,
    used_districts,
)
from .state import Frame, GameState, content_for


@op("reinforce")
def op_reinforce(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "reinforce", "seat": seat, "left": slot + bonus}], True



@choice("reinforce")
def reinforce_options(st: GameState, f: ReinforceFrame) -> list[Action]:
    seat = f["seat"]
    own = [s for s, o in st.ctl.items() if o == seat and s not in st.reinforced]
    return [*space_actions("reinforce", st, own), action("done")]



@explain("reinforce")
def reinforce_explain(st: GameState, f: ReinforceFrame, a: Action) -> Refusal | None:
    if a.verb != "reinforce":
        return None
    s = space_at(st, a)
    if st.ctl.get(s) != f["seat"]:
        return Refusal("not_own_token", space=s)
    if s in st.reinforced:
        return Refusal("already_reinforced", space=s)
    return None



@act("reinforce")
def reinforce_act(st: GameState, f: ReinforceFrame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    s = space_at(st, a)
    st.mark_agendas("reinforced")
    st.reinforced_mut().add(s)
    count_down(st, f)



@op("district")
def op_district(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "district", "seat": seat, "max": slot}], False



def district_targets(st: GameState, seat: int, max_diff: int) -> list[int]:
    """Spaces adjacent to a friendly city where a district may go: legal for a control token,
    or holding one of your (non-district) control tokens that it replaces."""
    b = st.board
    cities = [*city_spaces(st, seat), *hooks.collect("extra_starts", st, seat, "city")]
    cand = {n for a in cities for n in b.nbrs[a]}
    ctl = st.ctl
    district = st.district
    diff = b.diff
    out = []
    others = []
    for s in cand:
        if ctl.get(s) == seat and s not in district:
            if not stands_for_city(st, s) and diff[s] <= max_diff:
                out.append(s)
        else:
            others.append(s)
    out.extend(control_legal(st, seat, others, max_diff))
    return sorted(out)



@choice("district")
def district_options(st: GameState, f: DistrictFrame) -> list[Action]:
    seat = f["seat"]
    rs = content_for(st).ruleset
    used = used_districts(st, seat)
    free = [d for d in rs.districts if d not in used]
    spaces = district_targets(st, seat, f["max"]) if free else []
    texts = coord_texts(st)
    opts = [action("district", f"{d} {texts[s]}") for d in free for s in spaces]
    opts.append(action("skip"))
    return opts



@explain("district")
def district_explain(st: GameState, f: DistrictFrame, a: Action) -> Refusal | None:
    if a.verb != "district":
        return None
    rs = content_for(st).ruleset
    d, _, where = a.arg.partition(" ")
    if d not in rs.districts:
        return Refusal("not_a_district", item=d, names=tuple(rs.districts))
    seat = f["seat"]
    if d in used_districts(st, seat):
        return Refusal("district_used", item=d)
    s = space_of(st, where)
    if st.ctl.get(s) == seat and s in st.district:
        return Refusal("holds_district", space=s, item=st.district[s])
    if st.ctl.get(s) != seat:
        reason = control_reason(st, seat, s, f["max"])
        if reason:
            return reason
    elif stands_for_city(st, s):
        return Refusal("stands_for_city", space=s)
    elif difficulty(st, s) > f["max"]:
        return too_hard(st, s, f["max"])
    return Refusal("not_near", space=s, item="city", piece="district")



@act("district")
def district_act(st: GameState, f: DistrictFrame, a: Action) -> None:
    pop(st)
    if a.verb == "skip":
        return
    d, s = a.key, space_at(st, a)
    seat = f["seat"]
    if st.ctl.get(s) == seat:
        # The district replaces your token and goes down unreinforced (rules: Districts).
        st.mark_agendas()
        st.ctl_mut().pop(s)
        if s in st.reinforced:
            st.reinforced_mut().discard(s)
    place_control(st, seat, s, d)



@op("globalization")
def op_globalization(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "globalization", "seat": seat}], False



@choice("globalization")
def globalization_options(st: GameState, f: GlobalizationFrame) -> list[Action]:
    return [action("name", d) for d in content_for(st).ruleset.districts]



@act("globalization")
def globalization_act(st: GameState, f: GlobalizationFrame, a: Action) -> None:
    pop(st)
    frames: list[Frame] = []
    named = sorted(s for s, d in st.district.items() if d == a.key)
    for k in range(st.n):
        p = (f["seat"] + k) % st.n
        for s in named:
            if st.ctl.get(s) == p:
                frames.extend(ability_frames(st, p, s, a.key))
    frames.append({"kind": "agendas", "seats": list(range(st.n))})
    push_all(st, frames)
