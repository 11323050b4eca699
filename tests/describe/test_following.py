"""What the other seats did reaches the player whole (issue 39 §5): the summaries since the
player's last turn, the Automated Player's turns as turns of their own, seats by their numbers."""

from __future__ import annotations

from newdawn.describe.names import plain_sentence
from newdawn.engine import new_game
from newdawn.server.views import decision_text

from .conftest import Game


def test_a_question_that_names_a_seat_by_its_number_keeps_that_number() -> None:
    """After trading at Seat 3's capital, the question said "Seat 4's diplomacy cards": the
    engine's "Seat 3" (already counted from 1) was counted up again."""
    st = new_game({"players": 3}, 2)
    st.stack_frames = [*st.stack_frames, {"kind": "dipl_take", "seat": 0, "rival": 2}]
    assert "Seat 3's diplomacy cards" in decision_text(st)
    assert plain_sentence(st, "Seat 3 has no trade tokens on its culture card") == \
        "Seat 3 has no trade tokens on its culture card"
    assert plain_sentence(st, "seat 2 spends marble") == "Seat 3 spends marble"
