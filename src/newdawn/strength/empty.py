"""Empty turns: a focus card resolved that did nothing while another would have done something.

Definitions (docs/bots.md, "Empty turns"):

* A seat's **turn** runs from its focus choice (state ``S0``: whatever its start-of-turn effects
  did is before it) to the end of its own turn: its end-of-turn effects and agenda checks
  included, the next turn's event dial and start not. ``turn_end`` finds that state ``S1`` by
  replaying the turn's actions on a copy of ``S0`` with a stop step (a decision of the seat's)
  put under the turn's ``end_turn`` step, where the next turn would otherwise begin.
* The turn **changed something** when ``S1`` differs from ``S0`` in anything but: the order of
  the seat's focus row (the resolved card moves to slot 1), trade tokens the seat lost (spent
  on the card without anything else changing, which makes the turn no less empty), and the
  bookkeeping of the turn itself (whose turn and decision it is, the round, the turn's facts,
  the log). A die rolled or a tile drawn changes the generator and counts as something done
  (a lost attack is a risk taken, not an empty turn).
* The turn is **empty** when it changed nothing and another focus card of the row (another
  ``focus`` option at ``S0``) has a line of the same turn that changes something (found by a
  short search: ``useful``). A turn where no card could do anything is not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..bots.greedy import can_change as useful
from ..bots.greedy import changed, turn_end
from ..engine import GameState, legal_actions


def is_empty(s0: GameState, seat: int, actions: Sequence[str], budget: int = 400) -> bool:
    """Whether the turn that started at ``S0`` and played ``actions`` was an empty turn."""
    if changed(s0, turn_end(s0, seat, actions), seat):
        return False
    chosen = actions[0] if actions else ""
    return any(useful(s0, seat, str(f), budget) for f in legal_actions(s0) if str(f) != chosen)


class EmptyTurns:
    """Counts the empty turns of each seat while a game is played: give ``before`` and ``after``
    to ``bots.play_game``. ``seats`` limits the count (the Automated Player's turns are the
    engine's)."""

    def __init__(self, n: int, seats: Sequence[int] | None = None, budget: int = 400) -> None:
        self.counts = [0] * n
        self.turns = [0] * n
        self.seats = set(range(n) if seats is None else seats)
        self.budget = budget
        self._start: GameState | None = None
        self._seat = -1
        self._turn: tuple[int, int] = (-1, -1)
        self._actions: list[str] = []

    def before(self, st: GameState, seat: int, a: Any) -> None:
        f = st.stack_frames[-1]
        if self._start is None and f["kind"] == "focus" and seat == st.current and seat in self.seats:
            self._start, self._seat, self._turn = st.copy(), seat, (st.round, st.current)
            self._actions = []
        if self._start is not None:
            self._actions.append(str(a))

    def after(self, st: GameState, seat: int, a: Any) -> None:
        if self._start is None:
            return
        if st.winner != -1 or (st.round, st.current) != self._turn:
            s0, who, acts = self._start, self._seat, self._actions
            self._start = None
            self.turns[who] += 1
            if is_empty(s0, who, acts, self.budget):
                self.counts[who] += 1
