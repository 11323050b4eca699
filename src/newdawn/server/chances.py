"""Each seat's chance of winning, as the table shows it (issue 38, part 5): the ``insight``
field of a view message and the chart of chances by round.

The numbers are the bots' evaluation (``newdawn.bots.win_chances``) of a view a seat may see:
``engine.player_view`` of the viewing seat (a spectator's view for spectators and for the
chart), never the state itself, so they cannot carry a hidden fact (the fair-play test
re-samples the hidden state and compares). Words are made in ``describe/advice.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import win_chances
from ..describe.advice import chances_json, chart_json
from ..engine import GameState, apply, player_view


def chances_of(view: dict[str, Any], n: int) -> dict[int, float]:
    """Each of the ``n`` seats' chance of winning from ``view`` (a ``player_view``)."""
    got = win_chances(view)
    return {s: float(got.get(s, 0.0)) for s in range(n)}


def against_bots(seats: Sequence[Mapping[str, Any]], seat: int) -> bool:
    """A practice game for ``seat``: every other seat is a bot (or the Automated Player)."""
    humans = [s["seat"] for s in seats if s.get("kind") == "human"]
    return seat >= 0 and humans == [seat]


def insight_json(st: GameState, view: dict[str, Any], seat: int,
                 seats: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The view message's ``insight`` (``schema.Insight``): the seats' chances of winning seen
    as ``seat`` (-1: a spectator) sees the game, whether this is a practice game for the viewer
    (the bar is on by default there, and a hint is offered)."""
    practice = against_bots(seats, seat)
    return {
        "chances": chances_json(st, chances_of(view, st.n), seat),
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
    return chances_of(player_view(st, -1), st.n)


def chart_json_of(st: GameState, points: list[tuple[int, int, dict[int, float]]], n: int) -> dict[str, Any]:
    """The chart's record (``schema.Chart``): the round starts and the position after the
    ``n`` actions of ``st`` as the last point."""
    last = (st.round, n, _public(st))
    return chart_json(st, points + [last] if not points or points[-1][1] != n else points)
