"""The declared shape of each step kind (``engine/frames.py``), read at run time to check a
frame the engine did not build: the ``frames`` a scenario file writes by hand (checked when it
loads, ``build.py``), and in the tests the frames of played games (``tests/engine/
test_frames.py``). mypy checks the frames the engine's source builds; this checks the others.

A frame fits its kind when its ``kind`` names a class of ``Frame``, it has every required key
of that class, no other key, and each value has the declared type (``Literal``, unions,
``list[...]``, ``dict[...]``, ``bool``, ``int``, ``str``...).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, Required

from ..engine import event, frames


class _ReadOnly:
    """Stands for ``typing_extensions.ReadOnly`` (imported by ``frames.py`` for mypy only) when
    the annotations are evaluated: the key's type, as written inside it."""

    def __class_getitem__(cls, item: Any) -> Any:
        return item


MEMBERS: dict[str, type] = {cls.__name__: cls for cls in typing.get_args(frames.Frame)}
"""Class name -> class, for every member of ``Frame``."""
EVENT_MEMBERS: dict[str, type] = {cls.__name__: cls for cls in typing.get_args(event.Event)}
"""Class name -> class, for every member of ``Event`` (``engine/event.py``)."""


def class_name(kind: str, suffix: str = "Frame") -> str:
    """The class of a step kind: ``"caravan_step"`` -> ``CaravanStepFrame`` (of an event kind,
    with ``suffix`` "Event": ``"take_token"`` -> ``TakeTokenEvent``)."""
    return "".join(p.capitalize() for p in kind.split("_")) + suffix


def type_hints(cls: type) -> dict[str, Any]:
    """The class's keys and their annotations (``ReadOnly`` taken off, ``NotRequired`` kept)."""
    return typing.get_type_hints(cls, localns={"ReadOnly": _ReadOnly}, include_extras=True)


def _unwrap(t: Any) -> tuple[Any, bool | None]:
    """The type inside Required/NotRequired, and whether the key is required (None: not said)."""
    required: bool | None = None
    while typing.get_origin(t) in (Required, NotRequired):
        required = typing.get_origin(t) is Required
        t = typing.get_args(t)[0]
    return t, required


_SHAPES: dict[tuple[str, str], dict[str, tuple[Any, bool]]] = {}


def shape(kind: str, suffix: str = "Frame") -> dict[str, tuple[Any, bool]] | None:
    """Key -> (type, required) of the kind's class; None when no class of ``Frame`` has it
    (of ``Event``, with ``suffix`` "Event")."""
    got = _SHAPES.get((kind, suffix))
    if got is None:
        cls = (EVENT_MEMBERS if suffix == "Event" else MEMBERS).get(class_name(kind, suffix))
        if cls is None:
            return None
        got = {}
        required_keys: frozenset[str] = getattr(cls, "__required_keys__", frozenset())
        for key, t in type_hints(cls).items():
            inner, req = _unwrap(t)
            got[key] = (inner, key in required_keys if req is None else req)
        _SHAPES[kind, suffix] = got
    return got


def fits(v: Any, t: Any) -> bool:
    """Whether the JSON value ``v`` has the declared type ``t``."""
    origin = typing.get_origin(t)
    if t is Any:
        return True
    if origin is Literal:
        return v in typing.get_args(t)
    if origin is typing.Union or origin is types.UnionType:
        return any(fits(v, x) for x in typing.get_args(t))
    if t is type(None):
        return v is None
    if origin is list:
        (item,) = typing.get_args(t)
        return isinstance(v, list) and all(fits(x, item) for x in v)
    if origin is dict:
        kt, vt = typing.get_args(t)
        return isinstance(v, dict) and all(fits(a, kt) and fits(b, vt) for a, b in v.items())
    if t is bool:
        return isinstance(v, bool)
    if t is int:
        return isinstance(v, int)  # a bool is an int too (counts written as True/False)
    return isinstance(v, t)


def type_text(t: Any) -> str:
    """A declared type as written: ``int``, ``list[str]``, ``Literal['city', 'any']``."""
    return t.__name__ if isinstance(t, type) and not typing.get_args(t) else str(t).replace("typing.", "")


def frame_problem(f: Mapping[str, Any]) -> str | None:
    """What is wrong with the frame ``f`` (a sentence naming the kind and the key), None when it
    has its kind's declared shape."""
    kind = f.get("kind")
    if not isinstance(kind, str):
        return "no step kind: a frame needs \"kind\""
    want = shape(kind)
    if want is None:
        return f"unknown step kind {kind!r} (engine/frames.py declares the kinds)"
    return _problem(kind, f, want)


def event_problem(e: Mapping[str, Any]) -> str | None:
    """What is wrong with the event ``e`` (``engine/event.py``), None when it has its kind's
    declared shape."""
    kind = e.get("kind") if isinstance(e, Mapping) else None
    if not isinstance(kind, str):
        return f"not an event of a declared kind: {e!r}"
    want = shape(kind, "Event")
    if want is None:
        return f"unknown event kind {kind!r} (engine/event.py declares the kinds)"
    return _problem(kind, e, want)


def _problem(kind: str, f: Mapping[str, Any], want: dict[str, tuple[Any, bool]]) -> str | None:
    extra = sorted(set(f) - set(want))
    if extra:
        return f"{kind}: undeclared key(s) {', '.join(extra)}; its keys: {', '.join(sorted(want))}"
    missing = sorted(k for k, (_, req) in want.items() if req and k not in f)
    if missing:
        return f"{kind}: missing key(s) {', '.join(missing)}"
    for k, v in f.items():
        if not fits(v, want[k][0]):
            return f"{kind}: {k} = {v!r} is not {type_text(want[k][0])}"
    return None
