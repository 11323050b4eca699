"""Every line of one seat's turn: does some line reach a goal?

A *turn* runs from the seat's focus choice until the next turn begins (``turn_of`` changes: the
next seat's turn, or the seat's own next turn after a seat the engine plays) or the game ends.
``search`` walks the decisions of that turn depth first: an OR over the seat's own options
(``back`` left out: it only re-opens a choice) and an AND over a rival's options inside the
turn (a defender's trade tokens), so a line it returns reaches the goal whatever the rivals
answer. Dice and tile draws come from the state's generator: a line is a line *for these dice*
(``chance`` re-samples them with ``engine.determinize``).

A transposition table keyed by the state's JSON (less what cannot change in a turn) merges the
orders in which the same pieces are placed. The options are tried best first by the goal's
own measure (``Goal.progress``), and the walk stops after ``budget`` actions applied: the
answer is then *unknown* unless a line was found.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import GameState, apply, decision_seat, determinize, legal_actions, rulesets
from ..engine.state import content_for
from ..engine.victory import agenda_progress, card_counts

WIN, LOSS, UNKNOWN = "winning", "losing", "unknown"
_STATIC = frozenset({"format", "config", "ruleset", "placements", "core_count", "events", "version",
                     "victory_cards", "removed_wonders"})


def cards_to_win(st: GameState) -> int:
    """Victory cards a seat must hold at the end of a round to win (the game's ruleset)."""
    need_fn = rulesets.code_for(st.ruleset).victory_need
    return need_fn(st) if need_fn is not None else content_for(st).ruleset.victory_cards_to_win


def turn_of(st: GameState) -> tuple[int, int]:
    """The turn a state belongs to: (round, seat whose turn it is)."""
    return st.round, st.current


@dataclass(frozen=True)
class Goal:
    """What must hold once ``seat``'s turn is over.

    ``win``: the seat has won, or (the game going on) holds the cards a win needs.
    ``break``: ``rival`` no longer holds the cards a win needs and has not won."""

    kind: str
    seat: int
    rival: int = -1

    def met(self, st: GameState) -> bool:
        need = cards_to_win(st)
        if self.kind == "win":
            return st.winner == self.seat or (st.winner == -1 and card_counts(st)[self.seat] >= need)
        if self.kind == "break":
            return st.winner != self.rival and card_counts(st)[self.rival] < need
        raise ValueError(f"unknown goal {self.kind!r}")

    def progress(self, st: GameState) -> float:
        """A measure to try options by (higher first): cards held, then the nearest agenda of
        each card not yet held (win); the rival's cards and forts, negated (break)."""
        counts = card_counts(st)
        if self.kind == "break":
            return -10.0 * counts[self.rival] - _forts_of(st, self.rival)
        c = content_for(st)
        near = 0.0
        for vc in st.victory_cards:
            agendas = c.victory_cards[vc].agendas
            if any(self.seat in st.claims.get(ag.id, ()) for ag in agendas):
                continue
            best = 0.0
            for ag in agendas:
                have, need = agenda_progress(st, self.seat, ag)
                best = max(best, min(1.0, have / need) if need > 0 else 1.0)
            near = max(near, best)
        return 10.0 * counts[self.seat] + near


def _forts_of(st: GameState, seat: int) -> int:
    b = st.board
    n = 0
    for s in range(b.n):
        if b.is_fort[s] and (st.cities.get(s, st.ctl.get(s)) == seat):
            n += 1
    return n


def state_key(st: GameState) -> str:
    d = st.to_json()
    return json.dumps({k: v for k, v in d.items() if k not in _STATIC}, sort_keys=True, separators=(",", ":"))


class _Budget(Exception):
    pass


@dataclass
class Outcome:
    status: str
    """``WIN`` (``line`` reaches the goal), ``LOSS`` (no line does: the whole turn was walked) or
    ``UNKNOWN`` (no line found within the budget)."""
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    """Actions applied."""
    random: bool = False
    """Whether a walked line rolled a die or drew from a hidden pile (so other dice may differ)."""


def search(st: GameState, goal: Goal, budget: int = 4000, turn: tuple[int, int] | None = None) -> Outcome:
    """Whether some line of the rest of the turn ``turn`` (default: the turn of ``st``) reaches
    ``goal``, the rivals' answers inside the turn taken adversarially."""
    turn = turn_of(st) if turn is None else turn
    seat = goal.seat
    seen: dict[str, list[str] | None] = {}
    nodes = [0]
    rng0, stack0 = st.rng, st.stack
    rand = [False]

    def done(s: GameState) -> bool:
        return s.winner != -1 or turn_of(s) != turn

    def rec(s: GameState) -> list[str] | None:
        if s.rng != rng0 or s.stack != stack0:
            rand[0] = True
        if done(s):
            return [] if goal.met(s) else None
        k = state_key(s)
        if k in seen:
            return seen[k]
        opts = [a for a in legal_actions(s) if a.verb != "back"]
        nodes[0] += len(opts)
        if nodes[0] > budget:
            raise _Budget
        kids = [(a, apply(s, a)) for a in opts]
        res: list[str] | None
        if decision_seat(s) == seat:
            kids.sort(key=lambda ak: -goal.progress(ak[1]))
            res = None
            for a, kid in kids:
                r = rec(kid)
                if r is not None:
                    res = [str(a), *r]
                    break
        else:
            res = []
            for a, kid in kids:
                r = rec(kid)
                if r is None:
                    res = None
                    break
                if not res:
                    res = [str(a), *r]
        seen[k] = res
        return res

    try:
        line = rec(st)
    except _Budget:
        return Outcome(UNKNOWN, [], nodes[0], rand[0])
    return Outcome(WIN if line is not None else LOSS, line or [], nodes[0], rand[0])


def focus_outcomes(st: GameState, goal: Goal, budget: int = 4000) -> dict[str, Outcome]:
    """Each focus option at ``st`` (the seat's focus choice) -> the outcome of its turn."""
    turn = turn_of(st)
    out = {}
    for a in legal_actions(st):
        o = search(apply(st, a), goal, budget, turn)
        o.line = [str(a), *o.line] if o.status == WIN else []
        out[str(a)] = o
    return out


def chance(st: GameState, goal: Goal, options: list[str], samples: int, budget: int,
           seed: int = 0, progress: Callable[[int], Any] | None = None) -> dict[str, float]:
    """For each focus option, the share of ``samples`` re-sampled positions (dice, tile stack,
    wonder decks below their tops: ``engine.determinize`` from the seat's view) in which some
    line of its turn reaches the goal (an unknown counts as not reaching it)."""
    wins = dict.fromkeys(options, 0)
    for k in range(samples):
        d = determinize(st, goal.seat, seed * 1000 + k)
        turn = turn_of(d)
        for opt in options:
            if search(apply(d, opt), goal, budget, turn).status == WIN:
                wins[opt] += 1
        if progress is not None:
            progress(k)
    return {o: w / samples for o, w in wins.items()}


def is_turn_start(st: GameState) -> bool:
    """Whether ``st`` waits for its current seat's focus choice (the start of a turn)."""
    return st.winner == -1 and bool(st.stack_frames) and st.stack_frames[-1]["kind"] == "focus" \
        and decision_seat(st) == st.current
