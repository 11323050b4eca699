"""Every step kind has its declared shape (``engine/frames.py``), its handlers declare it, and
the frames of played games have exactly that shape (mypy checks the engine's source; this
checks what it cannot see: frames spread from others, the registries, and play)."""

from __future__ import annotations

import inspect
import random
from typing import Any, Literal

import pytest

from newdawn.engine import api, apply, decisions, flow, legal_actions, new_game  # noqa: F401
from newdawn.engine.state import GameState
from newdawn.scenario.frame_shapes import MEMBERS, class_name, frame_problem, type_hints


def registered_kinds() -> set[str]:
    return set(flow.AUTO) | set(flow.CHOICE)


def test_every_registered_kind_has_its_class_and_every_class_a_kind() -> None:
    missing = sorted(k for k in registered_kinds() if class_name(k) not in MEMBERS)
    assert not missing, f"step kinds without a class in engine/frames.py (and in Frame): {missing}"
    stale = sorted(n for n in MEMBERS if n not in {class_name(k) for k in registered_kinds()})
    assert not stale, f"classes in Frame for no registered kind: {stale}"
    for kind in registered_kinds():
        hints = type_hints(MEMBERS[class_name(kind)])
        assert hints["kind"] == Literal[kind], f"{class_name(kind)}.kind is not Literal[{kind!r}]"


def _frame_param(fn: Any) -> str | None:
    params = list(inspect.signature(fn).parameters.values())
    if len(params) < 2:
        return None
    ann = params[1].annotation
    return ann if isinstance(ann, str) else getattr(ann, "__name__", None)


def test_handlers_declare_the_class_of_their_kind() -> None:
    wrong = []
    for kind in sorted(registered_kinds()):
        want = class_name(kind)
        fns: list[Any] = []
        if kind in decisions.SHAPE:
            if decisions.SHAPE[kind].__name__ != want:
                wrong.append(f"{kind}: factory shape {decisions.SHAPE[kind].__name__}")
            continue
        if kind in flow.AUTO:
            fns.append(flow.AUTO[kind])
        if kind in flow.CHOICE:
            fns.extend(flow.CHOICE[kind])
        if kind in flow.EXPLAIN:
            fns.append(flow.EXPLAIN[kind])
        for fn in fns:
            if fn is flow._no_act:
                continue
            got = _frame_param(fn)
            if got != want:
                wrong.append(f"{kind}: {fn.__module__}.{fn.__qualname__} declares {got}")
    assert not wrong, "handlers whose frame parameter is not their kind's class:\n" + "\n".join(wrong)


# ---------------------------------------------------------------- shapes of played frames
# (the checker is newdawn.scenario.frame_shapes, which checks a scenario file's frames too)


def test_the_checker_finds_a_wrong_frame() -> None:
    assert frame_problem({"kind": "place", "seat": 0, "left": 1, "near": "city", "max": 2}) is None
    assert frame_problem({"kind": "place", "seat": 0, "left": 1, "near": "city"}) == "place: missing key(s) max"
    assert frame_problem({"kind": "place", "seat": 0, "left": "1", "near": "city", "max": 2}) == \
        "place: left = '1' is not int"
    assert "undeclared key(s) lft" in str(
        frame_problem({"kind": "place", "seat": 0, "left": 1, "near": "city", "max": 2, "lft": 1}))
    assert frame_problem({"kind": "no_such_kind"}) == "unknown step kind 'no_such_kind' (engine/frames.py declares the kinds)"
    assert "needs \"kind\"" in str(frame_problem(dict(k="turn")))  # the key before state format 3
    assert frame_problem({"kind": "turn"}) is None
    assert frame_problem({"kind": "caravans", "seat": 0, "slot": 1, "move": 2, "water": False, "barb": "none",
                          "moved": [1]}) is None
    assert frame_problem({"kind": "caravans", "seat": 0, "slot": 1, "move": 2, "water": False, "barb": "none",
                          "moved": ["1"]}) == "caravans: moved = ['1'] is not list[int]"


def _play(config: dict[str, Any], seed: int, plies: int) -> list[str]:
    rnd = random.Random(seed)
    st: GameState = new_game(config, seed)
    problems: list[str] = []
    for _ in range(plies):
        for f in st.stack_frames:
            p = frame_problem(f)
            if p is not None:
                problems.append(f"{p}: {f}")
        if st.winner != -1:
            break
        st = apply(st, rnd.choice(legal_actions(st)))
    return problems


@pytest.mark.parametrize(("config", "seed"), [
    ({"players": 3}, 5), ({"players": 4}, 11), ({"players": 2, "ruleset": "base"}, 3),
    ({"players": 3, "ruleset": "base"}, 8),
])
def test_frames_of_random_games_have_their_declared_shapes(config: dict[str, Any], seed: int) -> None:
    problems = _play(config, seed, 1500)
    assert not problems, "\n".join(sorted(set(problems))[:20])
