"""Every decision's question is worded in ``describe/questions.py`` from its frame: each kind the
engine registers has one, and the questions met in random games of both rulesets read as the
table's words (seats from 1, names, no data ids)."""

from __future__ import annotations

import re

from newdawn.describe.questions import QUESTIONS, question
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
