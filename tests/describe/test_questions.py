"""Every decision's question is worded in ``describe/questions.py`` from its frame: each kind the
engine registers has one, and the questions met in random games of both rulesets read as the
table's words (seats from 1, names, no data ids)."""

from __future__ import annotations

import re
from collections import Counter

from newdawn.describe.questions import QUESTIONS, question, question_spaces
from newdawn.engine.flow import CHOICE

from .conftest import Game


def test_every_decision_kind_has_its_question() -> None:
    assert set(CHOICE) == set(QUESTIONS), (f"without a question: {sorted(set(CHOICE) - set(QUESTIONS))}; "
                                           f"questions of no decision: {sorted(set(QUESTIONS) - set(CHOICE))}")


def test_questions_of_random_games_read_as_the_tables_words(games: list[Game], base_games: list[Game]) -> None:
    seen: set[str] = set()
    for g in [*games, *base_games]:
        for st in g.states:
            q = question(st)
            assert q and q[:1].isupper(), q
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", q), q
            assert not re.search(r"\bseat \d|\b(army|caravan) \d", q), q
            if st.winner == -1:
                seen.add(st.stack_frames[-1]["kind"])
    assert len(seen) > 15, sorted(seen)


def test_questions_carry_the_spaces_they_talk_about(games: list[Game], base_games: list[Game]) -> None:
    """Issue 39 §3: a question about a place ("spend military trade tokens?" on a fight, an army's
    step, "next to that mountain") carries its space ids for the table to highlight: the fight's
    space, where the moving army or caravan stands, the anchor of a placement."""
    seen: Counter[str] = Counter()
    for g in [*games, *base_games]:
        for st in g.states:
            if st.winner != -1:
                continue
            f = st.stack_frames[-1]
            got = question_spaces(st)
            assert all(0 <= s < st.board.n for s in got) and got == sorted(set(got)), got
            if f["kind"] == "combat":
                assert f["space"] in got, (f, got)
            elif f["kind"] == "army_step":
                assert st.players[f["seat"]].armies[f["figure"]] in got, (f, got)
            elif f["kind"] == "caravan_step":
                assert st.players[f["seat"]].caravans[f["figure"]] in got, (f, got)
            elif f["kind"] in ("focus", "commit", "tech", "government"):
                assert got == [], (f["kind"], got)  # questions that name no place
            if got:
                seen[f["kind"]] += 1
    assert seen["army_step"] and seen["caravan_step"] and seen["combat"], seen


def test_the_decisions_heading_is_said_to_each_viewer_in_words() -> None:
    """Issue 41: the decision panel's heading and the hot-seat hand-over line are made here."""
    from newdawn.describe.names import seat_full
    from newdawn.describe.questions import decider_words
    from newdawn.engine import new_game

    st = new_game({"players": 3}, 2)
    name = seat_full(st, 1)
    w = decider_words(st, 1, bot=True)
    assert w is not None
    assert w["waiting"] == f"Waiting for {name} (bot)" and w["yours_named"] == f"{name}, your decision"
    assert w["card_named"] == f"{name}, your card" and w["pass"] == f"{name} decides now: pass the screen."
    assert (w["yours"], w["card"]) == ("Your decision", "Your card")
    human = decider_words(st, 1, bot=False)
    assert human is not None and human["waiting"] == f"Waiting for {name}"
    assert decider_words(st, -1, bot=False) is None
