"""Figure movement shared by caravans and armies: where a figure may leave its card from, which
figures may move now, and why a figure or a step is refused. The steps of each figure (trade,
combat) are the economy and military cards' own (``economy``, ``military``); exploring from the
map's edge is ``explore``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from . import hooks
from .actions import Action, action
from .errors import IllegalActionError
from .frames import ArmyStepFrame, CaravanStepFrame
from .refusal import Refusal
from .spaces import space_actions, space_at, start_cities
from .state import LOCKED, ON_CARD, GameState


def figure_index(n: int, figs: Sequence[int], what: str) -> int:
    """The figure named by its index ``n`` (an action's, -1 when it names no number); raises
    IllegalActionError naming the problem."""
    if not 0 <= n < len(figs):
        raise IllegalActionError(f"{what}s are named by their number, 0 to {len(figs) - 1}",
                                 Refusal("bad_figure", piece=what, number=len(figs)))
    return n



# Caravans and armies: the figures a focus card moves one at a time.
FIGURE_CARD: Final = {"caravan": "economy", "army": "military"}



def figure_starts(st: GameState, seat: int, kind: str) -> list[int]:
    """Where a ``kind`` figure leaving its card may start: the capital and mature cities,
    plus spaces effects add (Rome: any city for caravans; Antananarivo on your turn)."""
    out = start_cities(st, seat)
    more = hooks.collect("extra_starts", st, seat, kind)
    return sorted(set(out) | set(more)) if more else out



def figure_options(st: GameState, seat: int, kind: str, figs: Sequence[int],
                   spent: Callable[[int, int], bool]) -> list[Action]:
    """One option per figure that may move now, then ``done``. ``spent(i, at)`` says a
    figure has had its move; a figure on its card needs a start space."""
    opts = []
    starts = None
    for i, at in enumerate(figs):
        if at == LOCKED or spent(i, at):
            continue
        if at == ON_CARD:
            if starts is None:
                starts = figure_starts(st, seat, kind)
            if not starts:
                continue
        opts.append(action(kind, str(i)))
    opts.append(action("done"))
    return opts



def figure_refusal(st: GameState, seat: int, kind: str, figs: Sequence[int], n: int,
                   moved: list[int], more: Callable[[int], Refusal | None] | None = None) -> Refusal | None:
    """Why figure ``n`` may not move now (None when it may); ``more`` adds a card's own
    reason, asked after the common ones about its lock and this turn's moves."""
    i = figure_index(n, figs, kind)
    at = figs[i]
    if at == LOCKED:
        return Refusal("figure_locked", piece=kind, number=i, item=FIGURE_CARD[kind])
    if i in moved:
        return Refusal("figure_moved", piece=kind, number=i)
    why = more(i) if more else None
    if why:
        return why
    if at == ON_CARD and not figure_starts(st, seat, kind):
        return Refusal("no_start_city", piece=kind, number=i)
    return None



def figure_start_refusal(kind: str, s: int) -> Refusal:
    """Why space ``s`` is refused as the start of a ``kind`` figure leaving its card."""
    return Refusal("not_a_start", piece=kind, space=s)



def step_refusal(st: GameState, f: ArmyStepFrame | CaravanStepFrame, a: Action, kind: str,
                 nbrs: Callable[[], Iterable[int]],
                 enter_reason: Callable[[int], Refusal | None]) -> Refusal | None:
    """Why a moving figure may not explore, or step to ``a``'s space (None when it may, or
    for other verbs): movement left, one exploration a move, adjacency (``nbrs`` of its
    space), then the card's own ``enter_reason`` for the space."""
    if a.verb == "explore":
        if f["left"] <= 0:
            return Refusal("explore_no_move", piece=kind)
        if f["explored"]:
            return Refusal("explored_already", piece=kind)
        if not st.stack:
            return Refusal("stack_empty", piece=kind)
        return Refusal("explore_not_edge", piece=kind)
    if a.verb != "to":
        return None
    s = space_at(st, a)
    if f["left"] <= 0:
        return Refusal("no_move_left", piece=kind, space=s)
    if s not in nbrs():
        return Refusal("not_adjacent", piece=kind, space=s)
    return enter_reason(s)


def neighbour_steps(st: GameState, here: int) -> tuple[tuple[int, Action], ...]:
    """The neighbours of ``here`` in space order, each with its ``to`` action (as
    ``space_actions`` makes them), kept once per board and space: the step options of armies
    and caravans filter them at every step."""
    b = st.board
    memo: list[tuple[tuple[int, Action], ...] | None] | None = b.memo.get("nbr_steps")
    if memo is None:
        memo = b.memo["nbr_steps"] = [None] * b.n
    got = memo[here]
    if got is None:
        nb = sorted(b.nbrs[here])
        got = memo[here] = tuple(zip(nb, space_actions("to", st, nb), strict=True))
    return got


def terrain_steps(st: GameState, seat: int, steps: Sequence[tuple[int, Action]], slot: int, water: bool,
                  water_effect: str) -> list[tuple[int, Action]]:
    """The steps of ``steps`` onto spaces a figure moved with slot ``slot`` may enter by terrain
    (the first test of ``army_enter_reason`` and ``caravan_enter_reason``): water only with a
    card that allows it (``water``) or the effect ``water_effect``, a space printed above the
    slot only when one of the seat's ``difficulty`` effects lowers it to the slot. Each effect
    is asked once per list rather than per space, and no refusal text is made."""
    b = st.board
    is_water, diff = b.is_water, b.diff
    wet: bool | None = True if water else None
    easers: tuple[Callable[..., Any], ...] | None = None
    out: list[tuple[int, Action]] = []
    for step in steps:
        s = step[0]
        if is_water[s]:
            if wet is None:
                wet = hooks.allows(st, seat, water_effect)
            if not wet:
                continue
        elif diff[s] > slot:
            if easers is None:
                easers = hooks.handlers_at("difficulty", st, seat)
            if not _eased(st, seat, s, slot, easers):
                continue
        out.append(step)
    return out


def _eased(st: GameState, seat: int, s: int, slot: int, fns: tuple[Callable[..., Any], ...]) -> bool:
    """Whether ``hooks.difficulty(st, seat, s, "move")`` is at most ``slot`` for a space printed
    above it, given the seat's ``difficulty`` handlers ``fns``."""
    for fn in fns:
        v = fn(st, seat, s, "move")
        if v is not None and v <= slot:
            return True
    return False
