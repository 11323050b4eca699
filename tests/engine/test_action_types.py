"""Typed actions: every option of random games of both rulesets takes one of its verb's declared
forms, its fields written back in that form give its text again, and its text read back is the
same value (``str`` and ``parse_action`` round-trip)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from newdawn.bots.random_bot import pick
from newdawn.engine import apply_in_place, legal_actions, new_game, parse_action
from newdawn.engine.actions import FORMS, Action, action, decode, encode

CONFIGS: tuple[dict[str, Any], ...] = (
    {"players": 4}, {"players": 2}, {"players": 3, "leaders": None},
    {"players": 4, "ruleset": "base"}, {"players": 3, "ruleset": "base", "automa": True},
    {"players": 2, "ruleset": "base", "map": "first_game"},
)


def _check(a: Action) -> str:
    """The form ``a`` takes, after checking the round trips; fails on an undeclared form."""
    assert a.verb in FORMS, f"verb {a.verb!r} of {a} has no declared forms"
    got = decode(a.verb, a.arg)
    assert got is not None, f"{a} takes none of the forms of {a.verb!r}: {FORMS[a.verb]}"
    form, b = got
    assert b == a and encode(form, a) == a.arg
    assert parse_action(str(a)) is action(a.verb, a.arg) == a
    for slot, value in (("at", a.at), ("to", a.to)):
        assert (value is not None) == ("{" + slot + "}" in form)
        assert value is None or all(isinstance(x, int) for x in value)
    assert (a.n >= 0) == ("{n}" in form) and (a.n2 >= 0) == ("{n2}" in form)
    assert bool(a.key) == ("{key}" in form) and bool(a.key2) == ("{key2}" in form)
    return form


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_every_option_round_trips(config: dict[str, Any]) -> None:
    seen: set[Action] = set()
    forms: set[tuple[str, str]] = set()
    for seed in (1, 2):
        st = new_game({**config, "max_rounds": 40}, seed)
        r = random.Random(seed)
        while st.winner == -1:
            legal = legal_actions(st)
            for a in legal:
                if a not in seen:
                    seen.add(a)
                    forms.add((a.verb, _check(a)))
            apply_in_place(st, pick(r, legal))
    assert len(seen) > 300 and len(forms) > 15  # the games reached many decisions


def test_fields_of_each_shape() -> None:
    assert parse_action("place 2,-1").at == (2, -1)
    assert parse_action("focus culture").key == "culture"
    assert parse_action("army 3").n == 3
    t = parse_action("tile 3:B12 -4,7")
    assert (t.n2, t.key, t.n, t.at) == (3, "B", 12, (-4, 7))
    m = parse_action("move 1,0>2,-1")
    assert (m.at, m.to) == ((1, 0), (2, -1))
    p = parse_action("pay nw:pantanal")
    assert (p.key, p.key2) == ("nw", "pantanal") and parse_action("pay marble").key2 == ""
    e = parse_action("exchange p2:embassy>joint_war")
    assert (e.n, e.key, e.key2) == (2, "embassy", "joint_war")
    assert parse_action("resolve").at is None and parse_action("resolve 4").n == 4
    assert parse_action("target army:1")[2:] == (None, None, "army", "", 1, -1)


def test_an_action_is_one_value_however_made() -> None:
    a = Action("place", "2,-1")
    assert a is action("place", "2,-1") is parse_action("  place   2,-1 ")
    assert pickle.loads(pickle.dumps(a)) is a and copy.deepcopy(a) is a
    assert hash(a) == hash(parse_action("place 2,-1")) and a != Action("place", "2,-2")
    assert Action("done") == parse_action("done") and str(Action("done")) == "done"
    assert repr(a) == "Action('place', '2,-1')" and a[0] == a.verb == "place"


def test_text_no_form_takes_keeps_its_text_alone() -> None:
    """An unknown verb or an argument of no declared form (a typo) is still an action, so that
    ``why_illegal`` can say why it is refused; it has no fields."""
    for text in ("place here", "frobnicate 2,-1", "army x"):
        a = parse_action(text)
        assert str(a) == text and a[2:] == (None, None, "", "", -1, -1)
