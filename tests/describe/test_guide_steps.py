"""The guided game's steps (describe/guide.py): each step's words are filled in from the game
(no brace left, the learner's own cards named), each points at a part of the table the table
knows, and a step that asks the learner to do something waits until the game shows it done (or,
past its turns, lets the learner go on without it)."""

from __future__ import annotations

import re
from importlib.resources import files

from newdawn.describe.guide import GOAL_DONE, GOAL_WAIT, GOALS, GUIDE, GUIDE_TARGETS, goal_done, guide_record
from newdawn.describe.names import card_name
from newdawn.scenario import parse


def _start() -> object:
    return parse(files("newdawn.scenario").joinpath("guide.toml").read_text(encoding="utf-8"), "guide.toml").state


def test_every_step_is_filled_in_from_the_game_and_points_at_a_known_part() -> None:
    st = _start()
    ids = [s.id for s in GUIDE]
    assert len(set(ids)) == len(ids)
    for n, s in enumerate(GUIDE):
        r = guide_record(st, 0, n, False)  # type: ignore[arg-type]
        assert r["step"] == n and r["count"] == len(GUIDE) and r["last"] == (n == len(GUIDE) - 1)
        assert r["heading"] == f"Guide · step {n + 1} of {len(GUIDE)}"  # the panel's heading, made here (issue 41)
        assert s.target in GUIDE_TARGETS
        assert not re.search(r"[{}]", r["text"]), r["text"]
        assert "_" not in r["text"], r["text"]
    row = st.players[0].row  # type: ignore[attr-defined]
    text = guide_record(st, 0, 1, False)["text"]  # type: ignore[arg-type]
    assert card_name(st, row[0]) in text and card_name(st, row[-1]) in text  # type: ignore[arg-type]
    assert "both count as slot 1" in text  # Terra Incognita's row has two slot-1 cards


def test_a_step_with_a_goal_waits_for_it() -> None:
    st = _start()
    waits = [(n, s) for n, s in enumerate(GUIDE) if s.goal]
    assert [s.goal for _, s in waits] == list(GOALS), "the learner does each thing once, in this order"
    for n, s in waits:
        assert s.goal is not None
        r = guide_record(st, 0, n, False, 0)  # type: ignore[arg-type]
        assert not r["ready"] and not r["done"] and r["wait"] == GOAL_WAIT[s.goal]
        r = guide_record(st, 0, n, True, 0)  # type: ignore[arg-type]
        assert r["ready"] and r["done"] and r["wait"] == GOAL_DONE[s.goal]
        r = guide_record(st, 0, n, False, s.turns)  # type: ignore[arg-type]
        assert r["ready"] and not r["done"] and "press Next" in r["wait"]
    for n, s in enumerate(GUIDE):
        if s.goal is None:
            r = guide_record(st, 0, n, False)  # type: ignore[arg-type]
            assert r["ready"] and r["wait"] is None and not r["done"]


def test_goals_are_read_from_the_learners_own_events() -> None:
    assert goal_done("resolve", {"kind": "resolve", "seat": 0, "card": "pottery", "slot": 5, "tokens": 0}, 0)
    assert not goal_done("resolve", {"kind": "resolve", "seat": 1, "card": "pottery", "slot": 5, "tokens": 0}, 0)
    assert goal_done("spread", {"kind": "place", "seat": 0, "space": 3, "district": ""}, 0)
    assert goal_done("spread", {"kind": "city", "seat": 0, "space": 3}, 0)
    assert not goal_done("spread", {"kind": "attack", "seat": 0}, 0)
    assert goal_done("attack", {"kind": "attack", "seat": 0, "target": "barb", "space": 3, "defender": -1}, 0)
    assert goal_done("wonder", {"kind": "wonder_built", "seat": 0, "wonder": "stonehenge", "prod": 6, "cost": 6}, 0)
    assert not goal_done("wonder", {"kind": "wonder_control", "seat": 0, "wonder": "stonehenge"}, 0)


def test_the_steps_point_the_learner_at_what_the_position_offers() -> None:
    """Egypt's first turn: Early Empire in slot 5, the diamond on the mountain beside the capital,
    wonders a step cheaper; the barbarian named by its place, never by coordinates."""
    st = _start()
    texts = {s.id: guide_record(st, 0, n, False)["text"] for n, s in enumerate(GUIDE)}  # type: ignore[arg-type]
    assert "Resolve Early Empire, your culture card, in slot 5" in texts["first_turn"]
    assert "Put one on the mountain beside your capital: it holds a diamond." in texts["control"]
    assert "as Egypt, every wonder costs you 1 less" in texts["wonder"]
    assert "the barbarian on the" in texts["attack"]
    assert not re.search(r"-?\d+,-?\d+", " ".join(texts.values()))


def test_a_barbarian_near_the_capital_is_named_from_the_learners_side() -> None:
    st = _start()
    st.barbs["G"] = st.board.index[(-3, -4)]  # type: ignore[attr-defined]
    text = guide_record(st, 0, [s.id for s in GUIDE].index("attack"), False)["text"]  # type: ignore[arg-type]
    assert "the barbarian on the forest two spaces north-west of your capital" in text, text
