"""Hook points for printed effects (leaders, unique cards, wonders, diplomacy cards).

Content records name their effects (``{"op": "special", "handler": "<name>"}``); a handler
module registers functions for the hook points below under that name. The engine calls the
hook points at fixed moments and sums or collects what the active effects of a seat answer.
With no handlers registered, every hook is neutral: this keeps the standard rules free of
card-name tests.

Hook points:
- ``start_of_turn(st, seat)``: may push frames (optional start-of-turn abilities).
- ``end_of_turn(st, seat)``: may push frames.
- ``after_reset(st, seat, ftype)``: after a focus card is reset (Aztec, Capitalism...).
- ``after_placement(st, seat, space, how)``: after a control token/district/city is placed.
- ``combat_bonus(st, seat, ctx) -> int``: added to that seat's combat value; ``ctx`` holds
  ``role`` ("attacker"/"defender"), ``space``, ``target`` and the other side's seat.
- ``wonder_cost(st, seat, wonder) -> int``: added to a wonder's cost (negative = cheaper).
- ``slot_bonus(st, seat, ftype, slot) -> int``: slots a card resolves farther right.
- ``replaced(st, seat, space, what)``: a piece of ``seat`` was removed or replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import GameState

HOOK_POINTS = (
    "start_of_turn", "end_of_turn", "after_reset", "after_placement", "combat_bonus",
    "wonder_cost", "slot_bonus", "replaced",
)

# hook point -> handler name -> function
REGISTRY: dict[str, dict[str, Callable[..., Any]]] = {h: {} for h in HOOK_POINTS}


def register(point: str, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    if point not in REGISTRY:
        raise KeyError(f"unknown hook point {point}")

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        REGISTRY[point][name] = fn
        return fn
    return deco


def active_handlers(st: GameState, seat: int) -> list[str]:
    """Handler names of the effects that work for ``seat`` now."""
    from .state import content_for

    c = content_for(st)
    ps = st.players[seat]
    names: list[str] = []
    for e in c.leaders[ps.leader].effects:
        if e.op == "special":
            names.append(e.str("handler"))
    for w in ps.wonders:
        for e in c.wonders[w].effects:
            if e.op == "special":
                names.append(e.str("handler"))
    return names


def _call(point: str, st: GameState, seat: int, *args: Any) -> list[Any]:
    table = REGISTRY[point]
    if not table:
        return []
    return [table[h](st, seat, *args) for h in active_handlers(st, seat) if h in table]


def combat_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    return sum(_call("combat_bonus", st, seat, ctx))


def wonder_cost(st: GameState, seat: int, wonder: str) -> int:
    return sum(_call("wonder_cost", st, seat, wonder))


def slot_bonus(st: GameState, seat: int, ftype: str, slot: int) -> int:
    return sum(_call("slot_bonus", st, seat, ftype, slot))


def fire(point: str, st: GameState, seat: int, *args: Any) -> None:
    _call(point, st, seat, *args)
