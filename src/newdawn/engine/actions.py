"""Actions: frozen values with a canonical short text form.

An action is a verb and an argument (``focus culture``, ``place 2,-1``, ``pay nw:pantanal``,
``done``), and the argument read once into typed fields: ``at`` and ``to`` (spaces, as their
axial coordinates ``(q, r)``, which stay the same while the map grows), ``key`` and ``key2``
(names: a card, a focus type, a resource, a mode...), ``n`` and ``n2`` (numbers: a figure, a
seat, a tile's rotation...). Each verb's argument takes one of the forms :data:`FORMS` declares
for it, and the text is the record: ``str(action)`` is the canonical text and
``parse_action(text)`` reads it back, the same value. Handlers read the fields; the text is
kept for records, logs and the table.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, NamedTuple

from .errors import NotationError

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # an install without mypy: the decorator only instructs the compiler (mypyc)
    def mypyc_attr(*_: Any, **__: Any) -> Callable[[type], type]:  # type: ignore[misc]
        return lambda c: c

Coord = tuple[int, int]
"""A space named by its axial coordinates ``(q, r)``."""


class _Fields(NamedTuple):
    verb: str
    arg: str
    at: Coord | None
    to: Coord | None
    key: str
    key2: str
    n: int
    n2: int


@mypyc_attr(native_class=False)  # a tuple: compared, hashed and read as fast as one
class Action(_Fields):
    """``verb`` and ``arg`` (the text), and the typed fields read from ``arg`` (absent: None,
    ``""`` or -1). Two actions are equal when their texts are (the fields follow from it)."""

    __slots__ = ()

    def __new__(cls, verb: str, arg: str = "") -> Action:
        return action(verb, arg)

    def __getnewargs__(self) -> tuple[str, str]:
        return (self.verb, self.arg)

    def __repr__(self) -> str:
        return f"Action({self.verb!r}, {self.arg!r})"

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb

    def to_text(self) -> str:
        return str(self)


# ---------------------------------------------------------------- the forms of each verb

FORMS: Final[dict[str, tuple[str, ...]]] = {
    # no argument
    "accept": ("",), "back": ("",), "boost": ("",), "build": ("",), "colossus": ("",),
    "conquer": ("",), "done": ("",), "explore": ("", "{at}"), "keep": ("",), "liberate": ("",),
    "none": ("",), "pass": ("",), "raze": ("",), "reroll": ("",), "skip": ("",),
    "stop": ("",),
    # a space
    "city": ("{at}",), "defeat": ("{at}",), "destroy": ("{at}",), "fort": ("{at}",),
    "nuke": ("{at}",), "place": ("{at}",), "reinforce": ("{at}",),
    "remove": ("{at}",), "replace": ("{at}", ""), "start": ("{at}",), "to": ("{at}",),
    "under": ("{at}",), "water": ("{at}",),
    "attack": ("{at}", ""),
    # a number: a figure (army, caravan), a tile in a hand or a stack, a step's count
    "army": ("{n}", "{at}"), "caravan": ("{n}",), "bottom": ("{n}",), "top": ("{n}",), "pick": ("{n}",),
    # a name: a focus type, a card, a resource, a government, a mode, a wonder
    "discard": ("{key}",), "spend": ("{key}",), "focus": ("{key}",), "gov": ("{key}",), "mode": ("{key}",),
    "nw": ("{key}",), "upgrade": ("{key}",), "wonder": ("{key}",),
    "trade": ("{key}", ""),
    "take": ("{key}", "{key}@{key2}"),  # a card (@ the focus type it goes under), a resource
    "pay": ("{key}", "{key}:{key2}"),  # a resource, ``trade``, or ``nw:<natural wonder>``
    # several parts
    "district": ("{key} {at}", "{key}", "{at}"),  # a district type and its space
    "tile": ("{key}{n} {at}", "{n2}:{key}{n} {at}"),  # side, rotation, space (n2: which tile looked at)
    "barb": ("{key}>{at}",),  # a barbarian's letter and the space it moves to
    "move": ("{at}>{to}", "{key}"),
    "shift": ("{at}>{to}",),
    "swap": ("{key}>{key2}", "{key},{key2}", "{key}+{key2}", "{key}"),
    "exchange": ("p{n}:{key}>{key2}",),  # a seat's card for one's own
    "dipl": ("{key}", "{n}:{key}"),  # a card (n: the seat holding it)
    "target": ("{at}", "{key}", "{key}:{n}"),  # a space, or what to attack (``ctl``, ``army:1``: a seat's)
    "name": ("{at}", "{key}"),  # a space, or a district type
    "give": ("{at}", "{n}"),
    "resolve": ("", "{at}", "{n}"),
}
"""Verb -> the forms its argument takes, tried in order: a template of literal text and
fields. ``{at}``/``{to}`` is a space ``q,r``, ``{key}``/``{key2}`` a name (letters, digits,
``_``), ``{n}``/``{n2}`` a number. A verb not listed here has its argument kept as text alone
(no fields): no option of the engine takes it."""

_FIELD_RE: Final = {"at": r"(-?\d+),(-?\d+)", "to": r"(-?\d+),(-?\d+)",
                    "key": r"([A-Za-z_][A-Za-z0-9_]*?)", "key2": r"([A-Za-z_][A-Za-z0-9_]*?)",
                    "n": r"(\d+)", "n2": r"(\d+)"}
_SLOT: Final = re.compile(r"\{(\w+)\}")


class _Form(NamedTuple):
    template: str
    shape: str  # "", "{at}", "{n}", "{key}": read without a pattern; any other: by ``pattern``
    pattern: re.Pattern[str]
    slots: tuple[str, ...]


_FAST: Final = ("", "{at}", "{n}", "{key}")


def _compile(template: str) -> _Form:
    slots = tuple(_SLOT.findall(template))
    parts = _SLOT.split(template)  # literal, slot, literal, slot, ..., literal
    rx = "".join(re.escape(p) if i % 2 == 0 else _FIELD_RE[p] for i, p in enumerate(parts))
    return _Form(template, template if template in _FAST else "*", re.compile(rx), slots)


_COMPILED: Final[dict[str, tuple[_Form, ...]]] = {v: tuple(_compile(t) for t in ts) for v, ts in FORMS.items()}
_KEY: Final = re.compile(_FIELD_RE["key"])
_DIGITS: Final = frozenset("0123456789")


_COORD_OF: Final[dict[str, Coord]] = {}
"""``q,r`` -> ``(q, r)``: the spaces of the map are named by many verbs (``to``, ``place``...)."""


def _int(text: str) -> int | None:
    """``text`` as an integer written as in ``coord_text`` (an optional minus, digits), or None."""
    body = text[1:] if text.startswith("-") else text
    return int(text) if body and _DIGITS.issuperset(body) else None


def decode(verb: str, arg: str) -> tuple[str, Action] | None:
    """The form of ``verb`` that ``arg`` takes and the action read from it, or None when it
    takes none of them (an unknown verb, or text no option has). Each action is read once
    (``action`` keeps it), but a game makes a few thousand: the most common forms are read
    without a pattern."""
    for form in _COMPILED.get(verb, ()):
        shape = form.shape
        if shape == "":
            if arg:
                continue
            return "", _tuple_new(Action, (verb, arg, None, None, "", "", -1, -1))
        if shape == "{at}":
            c = _COORD_OF.get(arg)
            if c is None:
                q, sep, r = arg.partition(",")
                qi, ri = _int(q), _int(r)
                if not sep or qi is None or ri is None:
                    continue
                c = (qi, ri)
                if len(_COORD_OF) < 100_000:
                    _COORD_OF[arg] = c
            return shape, _tuple_new(Action, (verb, arg, c, None, "", "", -1, -1))
        if shape == "{n}":
            if not arg or not _DIGITS.issuperset(arg):
                continue
            return shape, _tuple_new(Action, (verb, arg, None, None, "", "", int(arg), -1))
        if shape == "{key}":
            if _KEY.fullmatch(arg) is None:
                continue
            return shape, _tuple_new(Action, (verb, arg, None, None, arg, "", -1, -1))
        m = form.pattern.fullmatch(arg)
        if m is None:
            continue
        at: Coord | None = None
        to: Coord | None = None
        key = key2 = ""
        n = n2 = -1
        groups = iter(m.groups())
        for slot in form.slots:
            g = next(groups)
            if slot == "at":
                at = (int(g), int(next(groups)))
            elif slot == "to":
                to = (int(g), int(next(groups)))
            elif slot == "key":
                key = g
            elif slot == "key2":
                key2 = g
            elif slot == "n":
                n = int(g)
            else:
                n2 = int(g)
        return form.template, _tuple_new(Action, (verb, arg, at, to, key, key2, n, n2))
    return None


def encode(template: str, a: Action) -> str:
    """The argument text of form ``template`` for the fields of ``a`` (the canonical text)."""
    def slot(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in ("at", "to"):
            c = a.at if name == "at" else a.to
            if c is None:
                raise NotationError(f"{a.verb}: no {name} for {template!r}")
            return coord_text(*c)
        v = getattr(a, name)
        return str(v)
    return _SLOT.sub(slot, template)


# ---------------------------------------------------------------- making and reading actions

_tuple_new: Final = tuple.__new__


_MADE: Final[dict[str, dict[str, Action]]] = {}
"""verb -> arg -> the action: each action ``action`` made, kept (actions are immutable values, and
a game has a few thousand distinct ones). Its fields are read once, when it is first made."""


def action(verb: str, arg: str = "") -> Action:
    """The action ``verb arg``, made once and then handed out again (two dict lookups), its
    argument read into fields by the verb's forms the first time."""
    by_arg = _MADE.get(verb)
    if by_arg is None:
        by_arg = _MADE[verb] = {}
    a = by_arg.get(arg)
    if a is None:
        if len(by_arg) > 20_000:  # a bound, should args ever be unbounded text
            by_arg.clear()
        got = decode(verb, arg)
        a = by_arg[arg] = got[1] if got is not None else _tuple_new(Action, (verb, arg, None, None, "", "", -1, -1))
    return a


def parse_action(text: str) -> Action:
    """Parse the canonical text of an action (surrounding blanks are ignored)."""
    t = " ".join(text.split())
    if not t:
        raise NotationError("empty action text")
    verb, _, arg = t.partition(" ")
    if not verb.replace("_", "").isalnum():
        raise NotationError(f"bad action verb {verb!r}")
    return action(verb, arg)


def coord_at(a: Action) -> Coord:
    """``a.at``, the space ``a`` names; raises NotationError when it names none."""
    c = a.at
    if c is None:
        raise NotationError(f"expected a space as q,r, got {a.arg!r}")
    return c


def coord_text(q: int, r: int) -> str:
    return f"{q},{r}"


def parse_coord(arg: str) -> tuple[int, int]:
    try:
        q, r = arg.split(",")
        return int(q), int(r)
    except ValueError:
        raise NotationError(f"expected a space as q,r, got {arg!r}") from None
