"""Each seat's chance of winning, as the table shows it (issue 38, part 5): the ``insight``
field of a view message and the chart of chances by round.

The numbers are the bots' evaluation (``newdawn.bots.chances_in``) of a copy of the state whose
hidden facts (the order of the tile stack, the wonder decks below their tops, the wonders removed
unseen, the generator) are re-sampled from a fixed seed (``engine.determinize``), never of the
state itself, so they cannot carry a hidden fact (the fair-play tests re-sample the hidden state
and compare). They are the same for every viewer: a seat's view adds only its own options to the
spectator's, which the evaluation does not read; so a state's chances are made once
(``state_chances``, in ``views.shared_parts``) for all its viewers. Words are made in
``describe/advice.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bots.chances import chances_in
from ..describe.advice import chances_json, chart_json
from ..engine import GameState, apply, determinize

HIDDEN_SEED = 0
"""The seed the hidden facts are re-sampled from before the evaluation (any fixed one: the
evaluation reads none of them; a fixed seed keeps a state's numbers the same every time)."""


def state_chances(st: GameState) -> dict[int, float]:
    """Each seat's chance of winning in ``st`` as any viewer may know it (the same for every
    seat and the spectator). ``bots.win_chances(player_view(st, seat))`` gives the same numbers
    for every ``seat``; rebuilding a state from the view cost three times the evaluation."""
    got = chances_in(determinize(st, -1, HIDDEN_SEED))
    return {s: float(got[s]) for s in range(st.n)}


def against_bots(seats: Sequence[Mapping[str, Any]], seat: int) -> bool:
    """A practice game for ``seat``: every other seat is a bot (or the Automated Player)."""
    humans = [s["seat"] for s in seats if s.get("kind") == "human"]
    return seat >= 0 and humans == [seat]


def insight_json(st: GameState, seat: int, seats: Sequence[Mapping[str, Any]],
                 chances: Mapping[int, float] | None = None) -> dict[str, Any]:
    """The view message's ``insight`` (``schema.Insight``): the seats' chances of winning
    (``chances``: ``state_chances(st)`` if made already) with the words for ``seat`` (-1: a
    spectator), whether this is a practice game for the viewer (the bar is on by default there,
    and a hint is offered)."""
    practice = against_bots(seats, seat)
    return {
        "chances": chances_json(st, state_chances(st) if chances is None else chances, seat),
        "against_bots": practice,
        "hint": practice and st.winner == -1,
    }


def extend_points(st: GameState, actions: Sequence[str], done: int,
                  points: list[tuple[int, int, dict[int, float]]]
                  ) -> tuple[GameState, int, list[tuple[int, int, dict[int, float]]]]:
    """(round, actions played, chances) at the start of every round of the game that ``actions``
    play, from the public view (a spectator's), found from ``st``, the state after ``done``
    actions, with ``points`` the round starts found before it (none: ``st`` is the start).
    Returns the state after every action, their number and the round starts: the chart of a
    game still going on is extended, not made again, when it has moved on."""
    points = list(points)
    if not points:
        points.append((st.round, done, _public(st)))
    for j in range(done, len(actions)):
        nxt = apply(st, actions[j])
        if nxt.round != st.round and nxt.winner == -1:
            points.append((nxt.round, j + 1, _public(nxt)))
        st = nxt
    return st, len(actions), points


def _public(st: GameState) -> dict[int, float]:
    return state_chances(st)


def chart_json_of(st: GameState, points: list[tuple[int, int, dict[int, float]]], n: int) -> dict[str, Any]:
    """The chart's record (``schema.Chart``): the round starts and the position after the
    ``n`` actions of ``st`` as the last point."""
    last = (st.round, n, _public(st))
    return chart_json(st, points + [last] if not points or points[-1][1] != n else points)
