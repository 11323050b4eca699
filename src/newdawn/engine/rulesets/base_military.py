"""Attacks made from a base military card, without armies (base rulebook, Military: "Performing
Attacks"; FAQ errata and "Attacking").

The card's ``attack_from_card`` effect lets the player make up to ``attacks`` attacks. Each
attack picks a target (a barbarian, a city-state, a rival city or a rival control token) within
``range`` spaces of a friendly space, counting through neither water, rival spaces, barbarians
nor city-states unless the card's ``count_through`` names them; a space the player attacked and
took this turn is not a space to attack from. The combat itself (values, trade tokens, outcomes)
is the shared combat of ``engine/military.py``.

Steps: ``card_attack`` (decision: ``attack q,r`` or ``done``) and ``card_attack_after`` (auto:
after a combat, records a space taken and offers the next attack).
"""

from __future__ import annotations

from typing import Final

from ...content.rulesets.base import BaseContent
from ...content.schema import Effect
from .. import hooks
from ..actions import Action, action
from ..flow import act, auto, choice, explain, log, pop, push
from ..military import start_combat
from ..ops import op
from ..refusal import Refusal
from ..spaces import barb_at, reach, space_actions, space_at
from ..state import Frame, GameState, content_for
from .base_frames import CardAttackAfterFrame, CardAttackFrame

ATTACK_ANYWHERE: Final = "attack_anywhere"
"""A rule change an effect may grant (base Pentagon): attacks may target any space."""


@op("attack_from_card")
def op_attack_from_card(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [{"kind": "card_attack", "seat": seat, "slot": slot, "left": e.int("attacks"), "range": e.int("range"), "combat": e.int("combat"), "vs_barbarian": e.int("vs_barbarian"), "through": list(e.strs("count_through")), "passes": []}], False


def target_at(st: GameState, seat: int, s: int) -> str | None:
    """What an attack on ``s`` by ``seat`` fights: ``barb``, ``cs``, ``city`` or ``ctl``. A
    barbarian in a city-state's space is the target there: the city-state cannot be attacked (FAQ)."""
    if barb_at(st, s) is not None:
        return "barb"
    if s in st.cs_at:
        return "cs"
    o = st.cities.get(s)
    if o is not None:
        return "city" if o != seat and hooks.attack_allowed(st, seat, o) else None
    o = st.ctl.get(s)
    if o is not None and o != seat and hooks.attack_allowed(st, seat, o):
        return "ctl"
    return None


def _friendly(st: GameState, seat: int, s: int) -> bool:
    return st.cities.get(s) == seat or st.ctl.get(s) == seat


def targets(st: GameState, f: CardAttackFrame) -> list[int]:
    """Spaces the attack may target now."""
    seat = f["seat"]
    b = st.board
    if hooks.grants(st, seat, ATTACK_ANYWHERE):
        return [s for s in range(b.n) if target_at(st, seat, s) is not None]
    taken = set(st.turn.get("taken", []))
    sources = [s for s, o in st.cities.items() if o == seat and s not in taken]
    sources += [s for s, o in st.ctl.items() if o == seat and s not in taken]
    through = set(f["through"])

    def passable(t: int) -> bool:
        if b.is_water[t]:
            return "water" in through
        if barb_at(st, t) is not None:
            return "barbarian" in through
        if t in st.cs_at:
            return "city_state" in through
        if st.cities.get(t, seat) != seat or st.ctl.get(t, seat) != seat:
            return "rival" in through
        return t not in taken or through_taken

    c = content_for(st)
    assert isinstance(c, BaseContent)  # attack_from_card is a base card effect
    through_taken = bool(c.rules.readings["attack_count_through_taken_space"].value)

    near = reach(st, sources, f["range"], passable)
    return sorted(s for s in near if target_at(st, seat, s) is not None)


@choice("card_attack")
def card_attack_options(st: GameState, f: CardAttackFrame) -> list[Action]:
    return [*space_actions("attack", st, targets(st, f)), action("done")]


@explain("card_attack")
def card_attack_explain(st: GameState, f: CardAttackFrame, a: Action) -> Refusal | None:
    if a.verb != "attack":
        return None
    s = space_at(st, a)
    if target_at(st, f["seat"], s) is None:  # no barbarian, city-state, rival city or rival control token
        return Refusal("no_target", space=s)
    # Counted from a friendly space not taken this turn, through no water, rival space,
    # barbarian or city-state the card does not allow.
    return Refusal("out_of_range", space=s, number=f["range"], piece="attack")


@act("card_attack")
def card_attack_act(st: GameState, f: CardAttackFrame, a: Action) -> None:
    pop(st)
    if a.verb == "done":
        return
    s = space_at(st, a)
    seat = f["seat"]
    target = target_at(st, seat, s)
    assert target is not None
    push(st, {**f, "kind": "card_attack_after", "space": s})
    start_combat(st, {"seat": seat, "slot": f["slot"], "combat": f["combat"], "vs_barbarian": f["vs_barbarian"], "passes": f["passes"],
                      "space": s}, target)


@auto("card_attack_after")
def run_card_attack_after(st: GameState, f: CardAttackAfterFrame) -> None:
    """A space the attacker now holds is not a space to attack from this turn; then the next
    attack, if the card has one left."""
    seat, s = f["seat"], f["space"]
    if _friendly(st, seat, s):
        st.turn["taken"] = [*st.turn.get("taken", []), s]
        log(st, {"kind": "no_attack_from", "seat": seat, "space": s})
    left = f["left"] - 1
    if left > 0:
        nxt: CardAttackFrame = {"kind": "card_attack", "seat": seat, "slot": f["slot"], "combat": f["combat"], "vs_barbarian": f["vs_barbarian"],
                                "passes": f["passes"], "range": f["range"], "through": f["through"], "left": left}
        if "ap" in f:
            nxt["ap"] = f["ap"]
        push(st, nxt)


@hooks.register("grants", "pentagon_base")
def _pentagon_base_grants(st: GameState, seat: int) -> frozenset[str]:
    return frozenset({ATTACK_ANYWHERE})
