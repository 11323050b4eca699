"""Every step kind has its declared shape (``engine/frames.py``), its handlers declare it, and
the frames of played games have exactly that shape (mypy checks the engine's source; this
checks what it cannot see: frames spread from others, the registries, and play)."""

from __future__ import annotations

import inspect
import random
import typing
from typing import Any, Literal, NotRequired, Required

import pytest
from typing_extensions import ReadOnly

from newdawn.engine import api, apply, decisions, flow, frames, legal_actions, new_game  # noqa: F401
from newdawn.engine.state import GameState

MEMBERS: dict[str, type] = {cls.__name__: cls for cls in typing.get_args(frames.Frame)}


def class_name(kind: str) -> str:
    return "".join(p.capitalize() for p in kind.split("_")) + "Frame"


def registered_kinds() -> set[str]:
    return set(flow.AUTO) | set(flow.CHOICE)


def test_every_registered_kind_has_its_class_and_every_class_a_kind() -> None:
    missing = sorted(k for k in registered_kinds() if class_name(k) not in MEMBERS)
    assert not missing, f"step kinds without a class in engine/frames.py (and in Frame): {missing}"
    stale = sorted(n for n in MEMBERS if n not in {class_name(k) for k in registered_kinds()})
    assert not stale, f"classes in Frame for no registered kind: {stale}"
    for kind in registered_kinds():
        hints = typing.get_type_hints(MEMBERS[class_name(kind)], localns={"ReadOnly": ReadOnly})
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

def _unwrap(t: Any) -> tuple[Any, bool | None]:
    """The type inside ReadOnly/Required/NotRequired, and whether the key is required (None:
    not said)."""
    required: bool | None = None
    while typing.get_origin(t) in (ReadOnly, Required, NotRequired):
        if typing.get_origin(t) is NotRequired:
            required = False
        elif typing.get_origin(t) is Required:
            required = True
        t = typing.get_args(t)[0]
    return t, required


def _fits(v: Any, t: Any) -> bool:
    origin = typing.get_origin(t)
    if t is Any:
        return True
    if origin is Literal:
        return v in typing.get_args(t)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return any(_fits(v, x) for x in typing.get_args(t))
    if t is type(None):
        return v is None
    if origin is list:
        (item,) = typing.get_args(t)
        return isinstance(v, list) and all(_fits(x, item) for x in v)
    if origin is dict:
        kt, vt = typing.get_args(t)
        return isinstance(v, dict) and all(_fits(a, kt) and _fits(b, vt) for a, b in v.items())
    if t is bool:
        return isinstance(v, bool)
    if t is int:
        return isinstance(v, int)  # a bool is an int too (counts written as True/False)
    return isinstance(v, t)


_SHAPES: dict[str, dict[str, tuple[Any, bool]]] = {}


def shape(kind: str) -> dict[str, tuple[Any, bool]]:
    """Key -> (type, required) of the kind's class."""
    if kind not in _SHAPES:
        cls = MEMBERS[class_name(kind)]
        hints = typing.get_type_hints(cls, localns={"ReadOnly": ReadOnly}, include_extras=True)
        out = {}
        for key, t in hints.items():
            inner, req = _unwrap(t)
            out[key] = (inner, key in cls.__required_keys__ if req is None else req)
        _SHAPES[kind] = out
    return _SHAPES[kind]


def frame_problem(f: dict[str, Any]) -> str | None:
    kind = f.get("kind")
    if not isinstance(kind, str) or class_name(kind) not in MEMBERS:
        return f"no declared kind: {f}"
    want = shape(kind)
    extra = sorted(set(f) - set(want))
    if extra:
        return f"{kind}: undeclared keys {extra} in {f}"
    missing = sorted(k for k, (_, req) in want.items() if req and k not in f)
    if missing:
        return f"{kind}: missing keys {missing} in {f}"
    for k, v in f.items():
        if not _fits(v, want[k][0]):
            return f"{kind}: {k}={v!r} is not {want[k][0]}"
    return None


def test_the_checker_finds_a_wrong_frame() -> None:
    assert frame_problem({"kind": "place", "seat": 0, "left": 1, "near": "city", "max": 2}) is None
    assert frame_problem({"kind": "place", "seat": 0, "left": 1, "near": "city"}) is not None  # max missing
    assert frame_problem({"kind": "place", "seat": 0, "left": "1", "near": "city", "max": 2}) is not None
    assert frame_problem({"kind": "place", "seat": 0, "left": 1, "near": "city", "max": 2, "lft": 1}) is not None
    assert frame_problem({"kind": "no_such_kind"}) is not None


def _play(config: dict[str, Any], seed: int, plies: int) -> list[str]:
    rnd = random.Random(seed)
    st: GameState = new_game(config, seed)
    problems: list[str] = []
    for _ in range(plies):
        for f in st.stack_frames:
            p = frame_problem(dict(f))
            if p is not None:
                problems.append(p)
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
