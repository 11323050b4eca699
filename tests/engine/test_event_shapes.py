"""Events are facts of declared shapes (``engine/event.py``): the events of random games of both
rulesets have exactly the keys and types their kind's class declares, every declared kind has
its words in ``describe/event_words.py``, and no event carries a sentence."""

from __future__ import annotations

import json
import random
import typing
from typing import Any

import pytest

from newdawn.describe.event_words import EVENT_WORDS
from newdawn.engine import apply, legal_actions, new_game
from newdawn.engine.event import Event
from newdawn.engine.state import GameState
from newdawn.scenario.frame_shapes import EVENT_MEMBERS, class_name, event_problem


def _kinds() -> set[str]:
    out = set()
    for cls in typing.get_args(Event):
        (kind,) = typing.get_args(typing.get_type_hints(cls)["kind"])
        assert class_name(kind, "Event") == cls.__name__, f"{cls.__name__} is not named after its kind {kind!r}"
        out.add(kind)
    return out


def test_every_event_class_is_named_after_its_kind_and_has_words() -> None:
    kinds = _kinds()
    assert len(kinds) == len(EVENT_MEMBERS)
    assert kinds == set(EVENT_WORDS), (f"without words: {sorted(kinds - set(EVENT_WORDS))}; "
                                       f"words of no kind: {sorted(set(EVENT_WORDS) - kinds)}")


def test_the_checker_finds_a_wrong_event() -> None:
    assert event_problem({"kind": "place", "seat": 0, "space": 3, "district": ""}) is None
    assert event_problem("seat 0 places a control token") is not None  # type: ignore[arg-type]
    assert event_problem({"kind": "placed", "seat": 0}) == "unknown event kind 'placed' (engine/event.py declares the kinds)"
    assert event_problem({"kind": "place", "seat": 0, "space": 3}) == "place: missing key(s) district"
    assert event_problem({"kind": "place", "seat": 0, "space": "3,1", "district": ""}) == "place: space = '3,1' is not int"
    assert event_problem({"kind": "place", "seat": 0, "space": 3, "district": "", "text": "x"}) is not None


def _play(config: dict[str, Any], seed: int, plies: int) -> tuple[list[str], set[str]]:
    rnd = random.Random(seed)
    st: GameState = new_game(config, seed)
    problems: list[str] = []
    seen: set[str] = set()
    for _ in range(plies):
        for e in st.events:
            p = event_problem(e)
            if p is not None:
                problems.append(f"{p}: {e}")
            else:
                seen.add(e["kind"])
                json.dumps(e)  # plain JSON: the server stores them
        if st.winner != -1:
            break
        st = apply(st, rnd.choice(legal_actions(st)))
    return problems, seen


@pytest.mark.parametrize(("config", "seed"), [
    ({"players": 3}, 5), ({"players": 4}, 12), ({"players": 2, "ruleset": "base"}, 3),
    ({"players": 3, "ruleset": "base"}, 8),
])
def test_events_of_random_games_have_their_declared_shapes(config: dict[str, Any], seed: int) -> None:
    problems, seen = _play(config, seed, 1500)
    assert not problems, "\n".join(sorted(set(problems))[:20])
    assert len(seen) >= 12, sorted(seen)  # the games met many kinds
