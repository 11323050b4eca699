"""Tactics: every line of one seat's turn, searched for one that wins the game or stops a rival's win.

The bots look for such a line before anything else (``decisive_choice``); the puzzle suite
(``newdawn.strength``) uses the same walk as its ground truth.

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
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..engine import (
    Action,
    GameState,
    agenda_progress,
    apply,
    card_counts,
    content_for,
    decision_seat,
    determinize,
    legal_actions,
    victory_cards_needed,
)

WIN, LOSS, UNKNOWN = "winning", "losing", "unknown"
_STATIC: Final = frozenset({"format", "config", "ruleset", "placements", "core_count", "events", "version",
                     "victory_cards", "removed_wonders"})


def cards_to_win(st: GameState) -> int:
    """Victory cards a seat must hold at the end of a round to win (the game's ruleset)."""
    return victory_cards_needed(st)


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


def search(st: GameState, goal: Goal, budget: int = 4000, turn: tuple[int, int] | None = None,
           clock: Callable[[], float] | None = None, stop: float | None = None) -> Outcome:
    """Whether some line of the rest of the turn ``turn`` (default: the turn of ``st``) reaches
    ``goal``, the rivals' answers inside the turn taken adversarially. The walk gives up (unknown)
    past ``budget`` actions applied, or past ``stop`` on ``clock``."""
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
        if nodes[0] > budget or (stop is not None and clock is not None and clock() > stop):
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


def is_turn_start(st: GameState) -> bool:
    """Whether ``st`` waits for its current seat's focus choice (the start of a turn)."""
    return st.winner == -1 and bool(st.stack_frames) and st.stack_frames[-1]["kind"] == "focus" \
        and decision_seat(st) == st.current


FIRST_SHARE: Final = 64
"""Actions applied per option in the first pass of a decisive walk (``decisive_line``)."""


def goals_for(st: GameState, seat: int) -> list[Goal]:
    """The goals worth a walk at ``seat``'s decision: its own win when one victory card short of
    the cards a win needs (or holding them), and stopping each rival who holds them (it wins
    when the round ends). Empty most of the game, so the walk costs nothing then."""
    if st.winner != -1:
        return []
    need = cards_to_win(st)
    counts = card_counts(st)
    goals = [Goal("win", seat)] if counts[seat] >= need - 1 else []
    goals += [Goal("break", seat, q) for q in range(st.n) if q != seat and counts[q] >= need]
    return goals


def certain(st: GameState, line: Sequence[str]) -> bool:
    """Whether ``line`` reaches its end from ``st`` without a die rolled or a hidden card or
    tile drawn (so it works whatever the dice and draws: the seat's sampling of them does not
    matter)."""
    s = st
    for a in line:
        s = apply(s, a)
        if s.rng != st.rng or s.stack != st.stack:
            return False
    return True


def decisive_line(st: GameState, goal: Goal, budget: int, clock: Callable[[], float] | None = None,
                  stop: float | None = None) -> tuple[list[str], bool] | None:
    """A line of the rest of this turn that reaches ``goal`` for the dice of ``st`` (its first
    action is one of the seat's options now) and whether it is ``certain`` (no die, no hidden
    draw), or None when none was found within ``budget`` actions applied. Passes over the options
    still open, each pass with twice the share of the last (``FIRST_SHARE`` first): an option
    whose turn is walked to the end without a line is dropped, so a line behind a wide first
    choice (a focus card with many placements) is still found when the other options are
    narrow. A line that needs the dice is kept while the other options are searched for a
    certain one."""
    turn = turn_of(st)
    kids = [(a, apply(st, a)) for a in legal_actions(st) if a.verb != "back"]
    open_: list[tuple[Action, GameState]] = []
    for a, kid in kids:
        if kid.winner != -1 or turn_of(kid) != turn:
            if goal.met(kid):
                return [str(a)], certain(st, [str(a)])
        else:
            open_.append((a, kid))
    lucky: list[str] | None = None
    spent, share = len(kids), FIRST_SHARE
    while open_ and spent < budget:
        still = []
        for a, kid in open_:
            o = search(kid, goal, min(share, max(1, budget - spent)), turn, clock, stop)
            spent += o.nodes
            if o.status == WIN:
                line = [str(a), *o.line]
                if certain(st, line):
                    return line, True
                lucky = lucky or line
            elif o.status == UNKNOWN:
                still.append((a, kid))
            if spent >= budget or (stop is not None and clock is not None and clock() > stop):
                return (lucky, False) if lucky else None
        open_, share = still, share * 2
    return (lucky, False) if lucky else None


def decisive_choice(st: GameState, seat: int, legal: Sequence[Action], budget: int, samples: int = 1,
                    rng: random.Random | None = None, clock: Callable[[], float] | None = None,
                    stop: float | None = None) -> Action | None:
    """At ``seat``'s decision in its own turn: the option that starts a line winning the game (or
    stopping a rival who would win when the round ends): the first line found that needs no
    dice, else the option whose line was found in the most of ``samples`` re-samplings of the
    dice and hidden draws (the first is ``st`` itself); None when no line was found. ``budget``
    actions applied per walk; with ``stop`` (a ``clock`` value) the walks end there."""
    if st.current != seat or decision_seat(st) != seat or len(legal) < 2:
        return None
    for goal in goals_for(st, seat):
        votes: dict[str, int] = {}
        for k in range(samples):
            if k and clock is not None and stop is not None and clock() > stop:
                break
            d = st if k == 0 or rng is None else determinize(st, seat, rng.getrandbits(62))
            found = decisive_line(d, goal, budget, clock, stop)
            if found is None:
                continue
            line, sure = found
            if sure:
                votes = {line[0]: samples}
                break
            votes[line[0]] = votes.get(line[0], 0) + 1
        if votes:
            best = max(votes, key=lambda t: votes[t])
            return next((a for a in legal if str(a) == best), None)
    return None
