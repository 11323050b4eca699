"""Actions: frozen values with a canonical short text form.

An action is a verb and an optional argument, both plain strings, e.g. ``focus culture``,
``place 2,-1``, ``pay marble``, ``done``. Spaces are named by their axial coordinates ``q,r``,
which stay the same while the map grows. ``str(action)`` is the canonical text and
``parse_action(text)`` reads it back.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .errors import NotationError


class Action(NamedTuple):
    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb

    def to_text(self) -> str:
        return str(self)


_tuple_new: Final = tuple.__new__


_MADE: Final[dict[str, dict[str, Action]]] = {}
"""verb -> arg -> the action: each action ``action`` made, kept (actions are immutable values, and
a game has a few thousand distinct ones)."""


def action(verb: str, arg: str = "") -> Action:
    """``Action(verb, arg)``, made once and then handed out again (two dict lookups instead of a
    new tuple), never through the named tuple's constructor, which runs as Python code even in
    the compiled build: the options of the frequent decisions are made with it."""
    by_arg = _MADE.get(verb)
    if by_arg is None:
        by_arg = _MADE[verb] = {}
    a = by_arg.get(arg)
    if a is None:
        if len(by_arg) > 20_000:  # a bound, should args ever be unbounded text
            by_arg.clear()
        a = by_arg[arg] = _tuple_new(Action, (verb, arg))
    return a


def parse_action(text: str) -> Action:
    """Parse the canonical text of an action (surrounding blanks are ignored)."""
    t = " ".join(text.split())
    if not t:
        raise NotationError("empty action text")
    verb, _, arg = t.partition(" ")
    if not verb.replace("_", "").isalnum():
        raise NotationError(f"bad action verb {verb!r}")
    return Action(verb, arg)


def coord_text(q: int, r: int) -> str:
    return f"{q},{r}"


def parse_coord(arg: str) -> tuple[int, int]:
    try:
        q, r = arg.split(",")
        return int(q), int(r)
    except ValueError:
        raise NotationError(f"expected a space as q,r, got {arg!r}") from None
