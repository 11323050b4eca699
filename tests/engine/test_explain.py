"""Refusals name the broken rule: a verb of the pending decision's own vocabulary that is not
on offer now is explained by the decision, not answered with the list of offered verbs."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import after_setup, text

from newdawn.bots import RandomBot
from newdawn.content.schema import RESOURCES
from newdawn.engine import (
    Action,
    IllegalActionError,
    Refusal,
    apply,
    apply_in_place,
    legal_actions,
    new_game,
    why_not,
)
from newdawn.engine.flow import push
from newdawn.engine.spaces import unused_control
from newdawn.engine.state import GameState


def out_of_control_tokens() -> tuple[GameState, int]:
    """A culture placement for a seat whose control tokens are all used (claimed by agendas)."""
    st = after_setup()
    seat = st.current
    capital = next(c for c, o in st.cities.items() if o == seat)
    own = next(n for n in st.board.nbrs[capital] if n not in st.ctl and not st.board.is_water[n])
    st.ctl[own] = seat  # one token on the map, to take back
    for i in range(unused_control(st, seat)):
        st.claims[f"test{i}"] = [seat]
    assert unused_control(st, seat) == 0
    push(st, {"kind": "place", "seat": seat, "left": 1, "near": "city", "max": 2, "standard": True})
    st._legal = None
    return st, seat


def test_place_without_control_tokens_names_the_rule() -> None:
    st, seat = out_of_control_tokens()
    assert {a.verb for a in legal_actions(st)} == {"remove", "done"}
    target = next(n for c in st.cities if st.cities[c] == seat for n in st.board.nbrs[c]
                  if n not in st.ctl and not st.board.is_water[n])
    reason = why_not(st, Action("place", text(st, target)))
    assert reason is not None and reason.kind == "no_unused_control", reason
    with pytest.raises(IllegalActionError, match="no_unused_control") as e:
        apply(st, Action("place", text(st, target)))
    assert e.value.refusal == reason  # the error carries the fact


def test_a_verb_foreign_to_the_decision_still_lists_the_verbs() -> None:
    st, _ = out_of_control_tokens()
    reason = why_not(st, Action("attack"))
    assert reason is not None and reason.kind == "verb_not_offered" and reason.names == ("done", "remove"), reason


# ---------------------------------------------------------------- random walk

VOCABULARY: dict[str, dict[str, str]] = {
    # decision kind -> verb -> the kind of argument it takes
    "focus": {"focus": "type"},
    "place": {"place": "space"},
    "build": {"city": "space"},
    "armies": {"army": "index"},
    "army_start": {"start": "space"},
    "army_step": {"to": "space", "attack": "", "stop": "", "explore": ""},
    "caravans": {"caravan": "index"},
    "caravan_start": {"start": "space"},
    "caravan_step": {"to": "space", "trade": "", "stop": "", "explore": ""},
    "plunder": {"take": "type"},
    "trade_place": {"trade": "type"},
    "tech": {"take": "card"},
    "reinforce": {"reinforce": "space"},
    "theater": {"place": "space"},
    "zone_city": {"city": "space"},
    "fx_mountain": {"place": "space"},
    "missing_resource": {"take": "resource"},
    "district": {"district": "district"},
    "mass_media": {"target": "space"},
}
"""The decisions whose refusals must name a rule, and their verbs."""

GENERIC = ("verb_not_offered", "not_an_option")


def candidate_args(st: GameState, kind: str, rnd: random.Random) -> list[str]:
    c = st._c
    if kind == "space":
        return [f"{q},{r}" for q, r in rnd.sample(list(st.board.coords), 6)]
    if kind == "district":
        return [f"{rnd.choice(c.ruleset.districts)} {q},{r}" for q, r in rnd.sample(list(st.board.coords), 4)]
    if kind == "index":
        return ["0", "1", "2"]
    if kind == "type":
        return [*c.ruleset.focus_types, "wheat"]
    if kind == "resource":
        return list(RESOURCES)
    if kind == "card":
        f = st.stack_frames[-1]
        return [c.card_for(t, f["level"]) for t in c.ruleset.focus_types] + [c.card_for("culture", 1)]
    return [""]


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5)])
def test_refusals_of_the_decisions_own_verbs_name_a_rule(players: int, seed: int) -> None:
    """Walk a random game; at sampled decisions, every plausible action of the decision's own
    verbs that is not an option is refused with a reason other than the generic answers."""
    rnd = random.Random(seed)
    st = new_game({"players": players, "max_rounds": 200}, seed)
    bot = RandomBot(random.Random(seed))
    checked: Counter[str] = Counter()
    while st.winner == -1:
        opts = legal_actions(st)
        kind = st.stack_frames[-1]["kind"]
        if kind in VOCABULARY and rnd.random() < 0.25:
            for verb, argkind in VOCABULARY[kind].items():
                for arg in candidate_args(st, argkind, rnd):
                    a = Action(verb, arg)
                    if a in opts:
                        continue
                    reason = why_not(st, a)
                    assert reason is not None, a
                    assert reason.kind not in GENERIC, (kind, str(a), reason)
                    checked[kind] += 1
        apply_in_place(st, bot.choose(None, opts))
    # The walk reached the main decisions (a test that checks nothing cannot fail).
    for kind in ("focus", "place", "build", "armies", "army_step", "caravans", "caravan_step", "trade_place",
                 "reinforce", "district", "mass_media", "tech"):
        assert checked[kind] > 0, (kind, checked)


def test_an_argument_to_a_bare_verb_is_refused_as_such() -> None:
    st, _ = out_of_control_tokens()
    reason = why_not(st, "done now")
    assert reason == Refusal("no_argument", item="done"), reason
