"""The guided game's steps (describe/guide.py): each step's words are filled in from the game
(no brace left, the learner's own cards named), each points at a part of the table the table
knows, and a step that asks for turns waits for exactly that many."""

from __future__ import annotations

import re
from importlib.resources import files

from newdawn.describe.guide import GUIDE, GUIDE_TARGETS, guide_record
from newdawn.describe.names import card_name
from newdawn.scenario import parse


def _start() -> object:
    return parse(files("newdawn.scenario").joinpath("guide.toml").read_text(encoding="utf-8"), "guide.toml").state


def test_every_step_is_filled_in_from_the_game_and_points_at_a_known_part() -> None:
    st = _start()
    ids = [s.id for s in GUIDE]
    assert len(set(ids)) == len(ids)
    for n, s in enumerate(GUIDE):
        r = guide_record(st, 0, n, 0)  # type: ignore[arg-type]
        assert r["step"] == n and r["count"] == len(GUIDE) and r["last"] == (n == len(GUIDE) - 1)
        assert s.target in GUIDE_TARGETS
        assert not re.search(r"[{}]", r["text"]), r["text"]
        assert "_" not in r["text"], r["text"]
    row = st.players[0].row  # type: ignore[attr-defined]
    text = guide_record(st, 0, 1, 0)["text"]  # type: ignore[arg-type]
    assert card_name(st, row[0]) in text and card_name(st, row[-1]) in text  # type: ignore[arg-type]
    assert "both count as slot 1" in text  # Terra Incognita's row has two slot-1 cards


def test_a_step_that_asks_for_turns_waits_for_them() -> None:
    st = _start()
    waits = [(n, s) for n, s in enumerate(GUIDE) if s.turns]
    assert waits, "the learner plays during the guide"
    for n, s in waits:
        for done in range(s.turns):
            r = guide_record(st, 0, n, done)  # type: ignore[arg-type]
            left = s.turns - done
            assert not r["ready"] and r["wait"] == ("Play a turn to go on." if left == 1 else f"Play {left} turns to go on.")
        r = guide_record(st, 0, n, s.turns)  # type: ignore[arg-type]
        assert r["ready"] and r["wait"] is None
