"""Refusals name the broken rule: a verb of the pending decision's own vocabulary that is not
on offer now is explained by the decision, not answered with the list of offered verbs."""

from __future__ import annotations

import pytest
from helpers import after_setup, text

from newdawn.engine import Action, IllegalActionError, apply, legal_actions, why_illegal
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
    push(st, "place", seat=seat, left=1, near="city", max=2, std=True)
    st._legal = None
    return st, seat


def test_place_without_control_tokens_names_the_rule() -> None:
    st, seat = out_of_control_tokens()
    assert {a.verb for a in legal_actions(st)} == {"remove", "done"}
    target = next(n for c in st.cities if st.cities[c] == seat for n in st.board.nbrs[c]
                  if n not in st.ctl and not st.board.is_water[n])
    reason = why_illegal(st, Action("place", text(st, target)))
    assert reason is not None and "no unused control tokens" in reason, reason
    assert "allows" not in reason
    with pytest.raises(IllegalActionError, match="no unused control tokens"):
        apply(st, Action("place", text(st, target)))


def test_a_verb_foreign_to_the_decision_still_lists_the_verbs() -> None:
    st, _ = out_of_control_tokens()
    reason = why_illegal(st, Action("attack"))
    assert reason is not None and "allows: done, remove" in reason, reason
