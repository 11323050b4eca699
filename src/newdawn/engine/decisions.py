"""Decision factories: the common shapes of a decision registered in one call.

``space_choice`` is the most common shape: pick one space from a list (``<verb> q,r``), or
decline (``skip``, ``done``, ``none``) when the effect is optional; the decision then ends and
the chosen space's effect runs. ``item_choice`` is the same with named options (card keys,
resources, seats) instead of spaces. Both keep the one source of legality: the options are
the targets, and ``explain`` (when given) says why another target is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from .actions import Action, action
from .flow import F, act, choice, explain, pop
from .refusal import Refusal
from .spaces import space_actions, space_at
from .state import GameState

# ``F`` is the frame class of the decision's kind (``frames.py``), given as ``shape``: mypy
# then checks the frame keys that ``targets``, ``effect`` and ``why`` read. A decision's question
# is worded in ``describe/questions.py``.
SpaceTargets = Callable[[GameState, F], Iterable[int]]
SpaceEffect = Callable[[GameState, F, int, str], None]
SpaceWhy = Callable[[GameState, F, int], Refusal | None]
ItemTargets = Callable[[GameState, F], Iterable[str]]
ItemEffect = Callable[[GameState, F, Action], None]

MADE: Final[dict[str, tuple[Callable[..., Any], ...]]] = {}
"""Decision kind -> the functions a factory made it from (targets, effect, explanation), so
tools can name a decision's own code (``flow.CHOICE`` holds the factory's generic functions)."""

SHAPE: Final[dict[str, type[Any]]] = {}
"""Decision kind -> the frame class a factory was given for it (checked against the kind by
``tests/engine/test_frames.py``)."""


def space_choice(kind: str, shape: type[F], verb: str,
                 targets: SpaceTargets[F], effect: SpaceEffect[F],
                 *, skip: str | None = "skip", why: SpaceWhy[F] | None = None) -> None:
    """Register decision ``kind``: ``<verb> q,r`` for each space of ``targets`` (in space
    order), then ``skip`` (another word, or None when the choice is compulsory). Choosing ends
    the decision; a chosen space then runs ``effect(st, frame, space, "q,r")``. ``why(st,
    frame, space)`` explains a refused ``<verb>`` (None: no explanation of its own)."""
    MADE[kind] = (targets, effect) if why is None else (targets, effect, why)
    _register(kind, shape, verb, skip,
              lambda st, f: space_actions(verb, st, list(targets(st, f))),
              lambda st, f, a: effect(st, f, space_at(st, a), a.arg))
    if why is not None:
        refuse = why

        @explain(kind)
        def explain_space(st: GameState, f: F, a: Action) -> Refusal | None:
            if a.verb != verb:
                return None
            return refuse(st, f, space_at(st, a))


def item_choice(kind: str, shape: type[F], verb: str,
                targets: ItemTargets[F], effect: ItemEffect[F],
                *, skip: str | None = "skip") -> None:
    """Register decision ``kind``: ``<verb> <item>`` for each item of ``targets`` (in the order
    given), then ``skip`` (another word, or None). Choosing ends the decision; a chosen item
    then runs ``effect(st, frame, action)``, which reads the item from the action's fields."""
    MADE[kind] = (targets, effect)
    _register(kind, shape, verb, skip, lambda st, f: [action(verb, x) for x in targets(st, f)], effect)


def _register(kind: str, shape: type[F], verb: str, skip: str | None,
              offer: Callable[[GameState, F], list[Action]], run: ItemEffect[F]) -> None:
    """The decision both factories make: the offered actions, then ``skip``; choosing pops the
    step, and ``<verb> <arg>`` runs ``run(st, frame, action)``."""
    SHAPE[kind] = shape
    decline = action(skip) if skip is not None else None

    @choice(kind)
    def options(st: GameState, f: F) -> list[Action]:
        opts = offer(st, f)
        if decline is not None:
            opts.append(decline)
        return opts

    @act(kind)
    def do(st: GameState, f: F, a: Action) -> None:
        pop(st)
        if a.verb == verb:
            run(st, f, a)
