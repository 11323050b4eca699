"""The Normal level: greedy's judgement, with each focus card's whole turn played out, the
dice around an attack averaged, and a look for a winning line first. Where a learned model is
shipped for the game and listed in ``LEARNED_JUDGE`` (Terra Incognita, 2 players), that model
is the judgement, in every decision of the turn; elsewhere the ruleset's hand table.

Its differences from ``GreedyBot``, each cheap:

* **Decisive lines first** (``tactics.decisive_choice``): when the seat is one victory card
  short of a win, or a rival holds the cards a win needs, every line of the rest of the turn is
  walked (``walk`` actions applied at most, ``walk_samples`` re-samplings of the dice) for one
  that wins, or that takes the rival's card away. Most of the game no seat is that close, and
  the walk costs nothing; once it is, every decision walks, the focus choice for up to
  ``WALK_S`` and each decision after it for up to ``WALK_IN_S`` (``WALK_S`` again once a walk
  of the turn has found a line).
* **The whole turn of every focus card**: greedy stops playing a card's follow-up once its work
  budget is spent, so a card listed late in the row was judged by the position before it did
  anything. Here each focus card's turn is played to its end by greedy's own choices
  (``greedy.focus_values``), and a card whose turn changes nothing is never chosen while
  another changes something (``greedy.useful_only``: no empty turns), and the turn is not ended
  with nothing done while an active option is on offer (``greedy.TurnStart.not_idle``). The rest of
  the turn is greedy's own choices, which judge each option by its follow-up (following the
  played-out line instead, whose steps were judged one ply each, lost to greedy).
* **Chance around an attack**: a decision that opens or answers an attack is judged by greedy's
  values averaged over ``chance_samples`` re-samplings of the dice (greedy sees one roll).

* **The rest of the turn against the Automated Player** (``plays_rest``): the AP's whole turn
  runs inside the action that ends the seat's turn, so each option of a decision inside the
  turn is judged by its rest of the turn played out by greedy's choices, the AP's reply
  included (``rest_best``, ``REST_S`` of CPU a decision): a wonder the AP needs for its last
  victory card is built first.
* **The rest of the turn in 2-player games** (``REST_GAMES``: Terra Incognita and the base game):
  the same, each line ending with the seat's own turn.

Every other decision is greedy's. No deeper search: a decision takes tens of milliseconds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, Final

from ..engine import Action, GameState, apply, decision_seat, state_from_view
from .base import derive_seed, samplings
from .evaluate import Judge, hand_for
from .greedy import TURN_STEPS, GreedyBot, TurnStart, chain_value, focus_values, settle, tempo, useful_only
from .mcts import around_attack
from .model import learned_for
from .tactics import decisive_choice, is_turn_start, turn_of

LEARNED_JUDGE: Final[frozenset[tuple[str, int]]] = frozenset({("ti", 2)})
"""The games (ruleset, player count) Normal judges by the shipped learned model
(``model.shipped_model``) where there is one, unless the bot is given an evaluation: its focus
cards' played-out turns and every decision of its turn. Elsewhere the ruleset's hand table
(``evaluate.hand_for``). Measurements: docs/experiments/bots-history.md."""


def own_judge(ruleset: str, players: int) -> Judge:
    """What Normal judges by in these games: the learned model (``LEARNED_JUDGE``), else the
    ruleset's hand table."""
    return learned_for(LEARNED_JUDGE, ruleset, players) or hand_for(ruleset)


REST_GAMES: Final[frozenset[tuple[str, int]]] = frozenset({("ti", 2), ("base", 2)})
"""The games (ruleset, player count) without the Automated Player where Normal also judges the
decisions inside its turn by their rest of the turn played out (``plays_rest``): there the line
ends with the seat's own turn. Measurements: docs/experiments/bots-history.md."""


def plays_rest(st: GameState) -> bool:
    """Whether Normal judges the decisions inside its turn by their rest of the turn played out
    (``rest_best``): in a game with the Automated Player, whose whole turn runs inside the
    action that ends the seat's turn, so a rest of the turn played out ends after the AP's
    reply; and in the games of ``REST_GAMES``, where it ends with the seat's own turn.
    Elsewhere greedy's values, a few steps of follow-up each. Measurements:
    docs/experiments/bots-history.md."""
    return bool(st.config.get("automa")) or (st.ruleset, st.n) in REST_GAMES


REST_S: Final = 0.02
"""CPU seconds Normal gives a decision inside its turn where ``plays_rest`` holds: about one
sampling of each option's rest of the turn (the first always runs, its lines cut short past
twice this)."""

WALK_S: Final = 0.25
"""CPU seconds at most for the decisive walks of a focus choice: where the Automated Player's whole
turn runs inside an action, 3,000 actions applied took seconds."""

WALK_IN_S: Final = 0.05
"""CPU seconds at most for the decisive walks of a decision inside the turn, after its focus
choice, in a turn whose walks have found no line yet (after one has, ``WALK_S``: the line is
walked again at each step). Once a seat is one card short every decision walks, and in long
base-game end games most of Normal's time went to walks that ran their whole budget and found
nothing; the lines they did find were found within 30 ms of the pure build's CPU but two.
Measurements: docs/experiments/bots-history.md."""

CHANCE_S: Final = 0.25
"""CPU seconds after which no further re-sampling of the dice around an attack starts."""


class TurnBot:
    name = "normal"
    needs_view = True

    def __init__(self, rng: random.Random | None = None, walk: int = 3000, walk_samples: int = 2,
                 chance_samples: int = 4, ev: Judge | None = None, walk_s: float = WALK_S,
                 focus_s: float = 0.0, chance_s: float = CHANCE_S, max_s: float | None = None,
                 rest_s: float = REST_S, walk_in_s: float = WALK_IN_S) -> None:
        self.rng = rng or random.Random(0)
        self.rest_s = rest_s
        """CPU seconds for a decision inside the turn where ``plays_rest`` holds: each option's
        rest of the turn (and the turn of a seat the engine plays after it) is played out and
        judged at its end (``rest_best``; 0: greedy's own values)."""
        self.max_s = max_s
        """CPU seconds a decision may take at most, its walks included (None: no cap). The focus
        choice's first pass stops playing cards out at this mark (a card left is judged by its
        position so far and checked for doing something, ``greedy.focus_values``), and the dice
        around an attack are not re-sampled past it."""
        self.focus_s = focus_s
        """CPU seconds for the focus choice: each card's whole turn is judged again on fresh
        samplings of the dice and hidden draws while they last (0: the one sampled position)."""
        self.walk = walk
        """Actions applied at most by each decisive walk (0: no walk)."""
        self.walk_samples = walk_samples
        """Re-samplings of the dice a decisive line is looked for in (the move most found wins)."""
        self.chance_samples = chance_samples
        self.chance_s = chance_s
        """CPU seconds after which no further re-sampling of the dice around an attack starts."""
        self.walk_s = walk_s
        """CPU seconds the decisive walks of a focus choice may take (``WALK_S``)."""
        self.walk_in_s = walk_in_s
        """CPU seconds the decisive walks of a decision inside the turn may take (``WALK_IN_S``),
        unless a walk found a line earlier in the same turn (``lined``): then ``walk_s``."""
        self.lined: tuple[int, int] | None = None
        """The turn (``tactics.turn_of``) in which a decisive walk last found a line."""
        self.fixed_ev = ev
        self._greedy = GreedyBot(self.rng, ev=ev)
        self.turn_start = TurnStart()
        """The view at the turn's focus choice (``greedy.TurnStart.not_idle``)."""

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or view is None:
            return legal[0]
        st = state_from_view(view, derive_seed(self.rng))
        return self.choose_in(st, int(view["viewer"]), legal, view)

    def choose_in(self, st: GameState, seat: int, legal: Sequence[Action],
                  view: dict[str, Any] | None = None) -> Action:
        """The choice in a (sampled) full state (``view``: the seat's view it was sampled from)."""
        ev = self.fixed_ev or own_judge(st.ruleset, st.n)
        # the rest of the turn is judged alike (greedy would take up its ruleset's hand table)
        self._greedy.ev = self._greedy.fixed_ev = ev
        t_in = time.thread_time()
        cap = None if self.max_s is None else t_in + self.max_s
        root = is_turn_start(st) and st.current == seat
        if root:
            # before the walk: a focus card taken for a decisive line that the dice then deny
            # still leaves a turn that must not end idle
            self.turn_start.set(st, view)
        if self.walk > 0:
            full = root or turn_of(st) == self.lined
            move = decisive_choice(st, seat, legal, self.walk, self.walk_samples, self.rng, time.thread_time,
                                   t_in + (self.walk_s if full else self.walk_in_s))
            if move is not None:
                self.lined = turn_of(st)
                return move
        if root:
            totals: dict[Action, float] = {}
            # the first pass is the sampled position itself; the re-samplings' share counts from
            # the decision's start, its walks included
            for k, d in enumerate(samplings(st, seat, self.rng, time.thread_time, t_in + self.focus_s)):
                if k == 0:
                    for x in useful_only(focus_values(d, seat, legal, ev, time.thread_time, cap)):
                        totals[x.action] = x.value
                else:
                    for x in focus_values(d, seat, [a for a in legal if a in totals], ev):
                        totals[x.action] = totals.get(x.action, 0.0) + x.value
            top = max(totals.values())
            best = [a for a, v in totals.items() if v > top - 1e-9]
            return best[int(self.rng.random() * len(best))]
        legal = self._greedy.path.onward(st, seat, legal)
        rest_s = 0.0
        if self.rest_s > 0 and st.current == seat and plays_rest(st):
            rest_s = self.rest_s if cap is None else min(self.rest_s, cap - time.thread_time())
        if rest_s > 0:
            # (with the decision's cap spent, greedy's own chains judge better than lines cut at once)
            choice = rest_best(st, seat, legal, ev, self.rng, rest_s)
        elif self.chance_samples > 1 and around_attack(st, legal):
            # The dice averaged can advise against the attack its card's mode was chosen for; a
            # turn that has done nothing still does not end there ("done" while an attack or a
            # reinforcement was on offer was Normal's last kind of empty turn in the base game).
            chance_s = self.chance_s if cap is None else max(0.0, min(self.chance_s, cap - time.thread_time()))
            choice = mean_best(self._greedy, st, seat, legal, self.chance_samples, self.rng, chance_s)
        else:
            choice = self._greedy.choose_in(st, seat, legal)
        return self.turn_start.not_idle(self._greedy, st, seat, legal, choice, view)


def rest_best(base: GameState, seat: int, legal: Sequence[Action], ev: Judge, rng: random.Random,
              cpu_s: float) -> Action:
    """The option whose rest of the turn, played out by greedy's choices to the turn's end (a seat
    the engine plays after it included), is judged best on average over samplings of the dice
    and hidden draws (the first is ``base``; another starts while it would end within
    ``cpu_s``), every option judged on the same draws."""
    totals: dict[Action, float] = {}
    turn = turn_of(base)
    opts = [a for a in legal if a.verb != "back"] or list(legal)
    t0 = time.thread_time()
    for k, st in enumerate(samplings(base, seat, rng, time.thread_time, t0 + cpu_s)):
        work = [0]
        # the first sampling runs whatever the budget, its chains cut short past a late mark
        late = t0 + 2 * cpu_s if k == 0 else None
        for a in opts:
            nxt = apply(st, a)
            if nxt.winner == -1 and decision_seat(nxt) == seat and turn_of(nxt) == turn:
                v = chain_value(nxt, seat, TURN_STEPS, work, late, ev=ev, turn=turn, clock=time.thread_time)
            else:
                v = ev.value(settle(nxt, ev), seat)
            totals[a] = totals.get(a, 0.0) + v + tempo(st, seat, a, ev.tempo)
    top = max(totals.values())
    best = [a for a in opts if totals[a] >= top - 1e-9] or [max(opts, key=lambda a: totals[a])]
    return best[int(rng.random() * len(best))]


def mean_best(greedy: GreedyBot, base: GameState, seat: int, legal: Sequence[Action], samples: int,
              rng: random.Random, cpu_s: float | None = None) -> Action:
    """The option with the best mean of greedy's value over ``samples`` re-samplings of the dice
    and hidden draws (the first is ``base``), every option judged on the same draws. With
    ``cpu_s``, no further sampling starts once another would end past that many CPU seconds
    (an attack with a dozen targets, each played on, took seconds a sample)."""
    totals: dict[Action, float] = {}
    stop = None if cpu_s is None else time.thread_time() + cpu_s
    for st in samplings(base, seat, rng, time.thread_time, stop, samples):
        for a, v in greedy.option_values(st, seat, legal):
            totals[a] = totals.get(a, 0.0) + v
    return max(totals, key=lambda a: totals[a])
