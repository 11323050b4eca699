"""Information-set Monte Carlo tree search over whole turns (single-observer ISMCTS,
Cowling et al. 2012, with macro-actions).

A turn of A New Dawn is one real choice (which focus card to resolve) followed by a chain of
smaller ones (where to place, which army moves, which card to take...). The search therefore
branches on focus cards and lets the greedy default policy (``greedy.greedy_step``) take the
small choices; every search node is a *turn*:

* the root is the bot's focus choice now; its children are the focus cards;
* below each child, after the rest of the bot's turn (greedy) and the rivals' turns (played by
  one-ply greedy on their own score with 2 or 4 players, else by the rollout policy:
  ``RIVALS``), come the bot's focus choices of its *next* turn.

So the bot plans two of its own turns ahead: it can leave a card to climb the focus row this
turn because it is worth more from a higher slot next turn, which one step of lookahead
(greedy) never sees. Each iteration searches a fresh determinization (``engine.determinize``:
the tile stack, the wonder decks below their tops and the generator are re-sampled, so dice
and draws differ), so the tree never depends on what the seat cannot see. One tree serves all
determinizations; UCB uses each child's availability count. At the root each card starts with
a progressive bias: greedy's value of it (the card with its chain), squashed to [0, 1], divided
by 1 + its visits. A leaf is valued by the evaluation (logistic of the seat's score minus the
best rival's, scale ``SCALE``; 1/0 for a finished game), with ``TEMPO_SHAPING`` times greedy's
tempo bonus of each focus choice on the path added before squashing. The bot answers with the
most visited card. The search's judgements (leaves, priors, the greedy choices of the
simulated turns) use the bot's evaluation ``ev``, by player count (``EVALUATIONS``): greedy's
``evaluate.HAND``; in Terra Incognita with 2 players (``LEARNED_LEAVES``) the leaves and priors
are judged by the shipped learned model while the hand table plays the simulated turns out
(``policy``). The bot's own decisions after the focus card use ``TACTICS``, also
by player count: ``evaluate.FORTS`` (the table plus the fort terms: the odds of the next
military turn's capture, and of losing a fort held) with 4 players, ``ev`` otherwise. The
search's depth is also by player count (``DEPTH``: two own turns for all); ``depth=1`` on the bot
gives the one-turn search (``_mean_best``: no rivals simulated, greedy's value of each card
averaged over determinizations).

Budget: ``time_s`` seconds or ``iterations`` per *turn*. The bot keeps the turn's clock across
its decisions: the focus choice gets what the turn has left minus a reserve (``RESERVE``, by
player count) for the choices that follow. Decisions outside the focus choice are greedy's,
except those around an attack, judged by greedy's values averaged over ``CHANCE_SAMPLES``
determinizations (greedy sees one roll of the dice). Once the turn's time is spent, what is
left of the turn is answered by one ply (``greedy_step``, no chains: milliseconds), so a turn
with many army steps still ends close to its budget. The clock is wall time by default (what a
player waits); ``clock=time.thread_time`` (spec ``mcts:1s-cpu``) counts the bot's own CPU time,
so a tournament on a busy machine plays the searches an idle one would. With an iteration
budget the bot is deterministic for its seed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..content.rulesets import DEFAULT_RULESET
from ..engine import (
    Action,
    GameState,
    apply,
    apply_in_place,
    decision_seat,
    determinize,
    legal_actions,
    state_from_view,
)
from .base import derive_seed, samplings
from .evaluate import FORTS, HAND, Judge, own_evaluation
from .greedy import GreedyBot, TurnStart, focus_values, greedy_step, in_combat, tempo, useful_only
from .model import LearnedEvaluation, learned_for
from .random_bot import pick
from .tactics import decisive_choice

SCALE = 40.0
"""Score difference worth about 0.73 of a win (logistic squashing of the evaluation)."""
ROOT_VERB = "focus"
"""The verb of the options the search branches on (the focus card choice)."""
RESERVE = {2: 0.15}
"""Share of a time budget kept for the turn's decisions after the focus choice, by player
count (``RESERVE_OTHERWISE`` for more). With more players an army step around an attack
(values averaged over ``CHANCE_SAMPLES`` determinizations, every seat scored) is slow, so more
of the turn is kept for it. Measurements: docs/experiments/bots-history.md."""
RESERVE_OTHERWISE = 0.35
TURN_STEP_LIMIT = 400
"""Safety bound on the decisions played inside one simulated turn."""


TEMPO_SHAPING = 2.0
"""Each focus choice on a simulated path adds this multiple of greedy's tempo bonus
(``greedy.tempo``: per slot of the card, less the repeat penalty) to the leaf's evaluation.
The evaluation cannot tell one order of the focus row from another; without this the search
values two turns' gains alone and chooses worse than greedy, whose choice carries the bonus.
The value was chosen by screens against greedy (docs/experiments/bots-history.md)."""

RIVALS = {2: "greedy", 4: "greedy"}
"""How the search plays the rivals' turns, by player count (``RIVALS_OTHERWISE`` for counts not
listed): one of ``RIVAL_POLICIES``. Greedy rivals expect the attacks a greedy opponent makes;
"random" is cheaper and leaves the search more iterations. 3 players are not measured.
Measurements: docs/experiments/bots-history.md."""
RIVALS_OTHERWISE = "random"
RIVAL_POLICIES = ("greedy", "hostile", "random")
"""The ways ``RIVALS`` (or a bot's ``rivals=``) can name: "hostile" is one-ply greedy judging as
the greedy bot judges (``value``: the rival's score minus its best rival's, so the simulated
rivals turn on whoever leads, the searching seat included), "greedy" the same on the rival's
own score alone (a quarter of the evaluation work with 4 players)."""

EVALUATIONS: dict[int, Judge] = {}
"""The evaluation the bot's focus search judges by, by player count (``EVALUATION_OTHERWISE``
for counts not listed), unless one is given: greedy's table (``HAND``) for all. The fort terms
(``FORTS``) help a one-iteration search but made the 1-second search weaker, so they are used
only for the decisions after the focus card (``TACTICS``). Measurements:
docs/experiments/bots-history.md."""
EVALUATION_OTHERWISE = HAND

LEARNED_LEAVES: frozenset[tuple[str, int]] = frozenset({("ti", 2)})
"""The games (ruleset, player count) whose focus search judges its leaves and its root's priors by
the shipped learned model (``model.shipped_model``), where there is one, unless the bot is given
an evaluation; the simulated turns are still played out, and the bot's other decisions taken,
by the hand table the search would otherwise judge by (``policy``, ``TACTICS``): the model costs
the search little there (docs/learning.md). Measurements: docs/experiments/bots-history.md."""

TACTICS: dict[int, Judge] = {4: FORTS}
"""The evaluation the bot's own decisions outside the focus search are judged by, by player
count (counts not listed: the bot's evaluation, ``EVALUATIONS``): the rest of its turn (where to
place, which army moves and where), the decisions around an attack and the one-ply fallback.
The focus search (priors, simulated turns, leaves) keeps the bot's evaluation. With 4 players
the fort terms steer the armies (into reach of a fort before the attack, onto a fort held)
while the focus card is still chosen by greedy's table. The one-turn search (``DEPTH`` 1)
judges the focus card by it too, being greedy's judgement averaged."""

CHANCE_SAMPLES = 4
"""Determinizations a decision around an attack (one that opens an attack, or a combat answer)
is judged over: greedy's value of each option, averaged. One sample sees one roll of the dice,
so an attack whose odds are even was made in about half of them whatever it stood to win."""

DEPTH: dict[int, int] = {}
"""How many of the bot's own turns the focus search looks ahead, by player count (``DEPTH_OTHERWISE``
for counts not listed), unless the bot is given a depth. 2: the tree of this turn's and the next
turn's focus cards, with the rivals' turns simulated between them. 1: this turn only, no rivals
simulated (``_mean_best``: every focus card judged as greedy judges it, ``option_values``,
averaged over determinizations, all cards on the same draws); it did no better with 4 players
(docs/experiments/bots-history.md)."""
DEPTH_OTHERWISE = 2

POOL = 3
"""Positions kept per root option after the bot's turn is played out (each in its own
determinization); later iterations re-sample the hidden parts of one of them instead of
playing the turn again."""


def learned_leaves(ruleset: str, players: int) -> LearnedEvaluation | None:
    """The learned evaluation the search's leaves are judged by in these games (``LEARNED_LEAVES``
    and a shipped model, read once), or None."""
    return learned_for(LEARNED_LEAVES, ruleset, players)


def around_attack(st: GameState, legal: Sequence[Action]) -> bool:
    """The decision answers a combat, or one of its options opens an attack."""
    return in_combat(st) or any(in_combat(apply(st, a)) for a in legal)


class Node:
    __slots__ = ("children", "visits", "reward", "avail", "pool")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.pool: list[GameState] = []


def squash(v: float) -> float:
    d = max(-30.0, min(30.0, v / SCALE))
    return 1.0 / (1.0 + math.exp(-d))


def leaf_value(st: GameState, seat: int, shaping: float = 0.0, ev: Judge = HAND) -> float:
    """A simulation's outcome for ``seat``: 1/0 for a finished game (0.5 for a draw), else the
    evaluation ``ev`` plus ``shaping`` (the tempo of the focus choices on the path), squashed."""
    if st.winner >= 0:
        return 1.0 if st.winner == seat else 0.0
    if st.winner == -2:
        return 0.5
    return squash(ev.value(st, seat) + shaping)


class MctsBot:
    name = "mcts"
    needs_view = True

    def __init__(self, rng: random.Random | None = None, time_s: float | None = 1.0,
                 iterations: int | None = None, c: float = 0.7, prior: float = 1.0,
                 rivals: str | None = None, tempo_w: float = TEMPO_SHAPING,
                 chance_samples: int = CHANCE_SAMPLES, ev: Judge | None = None,
                 depth: int | None = None, tactics: Judge | None = None,
                 clock: Callable[[], float] = time.perf_counter, walk: int = 0, walk_samples: int = 1,
                 policy: Judge | None = None) -> None:
        self.rng = rng or random.Random(0)
        self.clock = clock
        """What the time budget is measured by: ``time.perf_counter`` (wall time, what a player
        waits) or ``time.thread_time`` (this thread's CPU time: the same search whatever else
        the machine runs, for tournaments on a shared machine; spec ``mcts:1s-cpu``)."""
        self.time_s = time_s if iterations is None else None
        self.iterations = iterations
        self.c = c
        self.prior = prior
        self.rivals = rivals
        """How the rivals' turns are played in the search (``RIVAL_POLICIES``): "hostile"
        (``greedy_step``: one ply on their value, score minus best rival), "greedy" (one ply on
        their own score) or "random" (the rollout policy); None: by player count, ``RIVALS``."""
        self.tempo_w = tempo_w
        """Multiple of greedy's tempo bonus added per simulated focus choice (``TEMPO_SHAPING``)."""
        self.chance_samples = chance_samples
        """Determinizations for a decision around an attack (``CHANCE_SAMPLES``; 1: greedy's one)."""
        if rivals is not None and rivals not in RIVAL_POLICIES:
            raise ValueError(f"rivals must be one of {', '.join(RIVAL_POLICIES)}, not {rivals!r}")
        if depth not in (None, 1, 2):
            raise ValueError(f"depth must be 1 or 2 own turns, not {depth!r}")
        self.depth = depth
        """Own turns the focus search looks ahead (1 or 2), or None: by player count (``DEPTH``)."""
        self.fixed_ev = ev
        """The evaluation asked for, or None: by player count (``EVALUATIONS``)."""
        self.fixed_tactics = tactics
        """The evaluation asked for the decisions outside the focus search, or None: ``ev``
        when one is given, else by player count (``TACTICS``)."""
        self.ev = ev or EVALUATION_OTHERWISE
        """The evaluation the focus search of the current game is judged by (set from
        ``fixed_ev`` or the player count at each decision); the other decisions are judged by
        ``self._greedy.ev``."""
        self.fixed_policy = policy
        """The evaluation the search's simulated turns are played by, or None: ``ev``."""
        self.policy = policy or self.ev
        """The evaluation the one-ply choices of the simulated turns (the rest of each turn, the
        rivals' turns) are made by: ``fixed_policy``, else ``ev``. The leaves and the priors are
        judged by ``ev``; a learned evaluation at the leaves with the hand table playing the
        turns out costs the search little (docs/learning.md)."""
        self.walk = walk
        """Actions applied at most by each decisive walk before searching (``tactics.decisive_choice``;
        0: none)."""
        self.walk_samples = walk_samples
        """Re-samplings of the dice a decisive line is looked for in."""
        self.last_iterations = 0
        self._turn: tuple[int, int] | None = None
        self._spent = 0.0
        """Seconds spent on decisions of the current turn so far."""
        self._greedy = GreedyBot(self.rng, ev=self.ev)
        self.turn_start = TurnStart()
        """The view at the turn's focus choice (``greedy.TurnStart.not_idle``)."""
        """Takes the decisions other than the focus choice."""

    def _judge_by(self, players: int, ruleset: str = DEFAULT_RULESET) -> None:
        """Take up the evaluations asked for, or the ones for this ruleset (``own_evaluation``) or
        this many players: ``self.ev`` for the focus search, the greedy helper's for the other
        decisions (``TACTICS``; a ruleset's own evaluation serves for both)."""
        own = own_evaluation(ruleset)
        hand = own or EVALUATIONS.get(players, EVALUATION_OTHERWISE)
        learned = None if self.fixed_ev is not None else learned_leaves(ruleset, players)
        self.ev = self.fixed_ev or learned or hand
        self._greedy.ev = self.fixed_tactics or self.fixed_ev or own or TACTICS.get(players, hand)
        self.policy = self.fixed_policy or (hand if learned is not None else self.ev)

    # ------------------------------------------------------------------ policies
    def _rollout_choice(self, legal: Sequence[Action]) -> Action:
        return pick(self.rng, legal)

    def _finish_turn(self, st: GameState, seat: int, key: tuple[int, int]) -> None:
        """Play on until turn ``key`` is over: the seat's choices greedily, anyone else's
        (a district resolved during our turn...) by the rollout policy."""
        for _ in range(TURN_STEP_LIMIT):
            if st.winner != -1 or (st.round, st.current) != key:
                return
            legal = legal_actions(st)
            if not legal:  # a sampled position with no option: valued as it stands
                return
            if len(legal) == 1:
                apply_in_place(st, legal[0])
            elif decision_seat(st) == seat:
                apply_in_place(st, greedy_step(st, seat, legal, own_only=True, ev=self.policy))
            else:
                apply_in_place(st, self._rollout_choice(legal))

    def _to_next_turn(self, st: GameState, seat: int) -> list[Action] | None:
        """Play the rivals' turns (``self.rivals``; the seat's own odd decisions greedily) up to
        the seat's next focus choice. Its options, or None when the game ended first."""
        rivals = self.rivals or RIVALS.get(st.n, RIVALS_OTHERWISE)
        for _ in range(TURN_STEP_LIMIT * st.n):
            if st.winner != -1:
                return None
            legal = legal_actions(st)
            if not legal:
                return None
            mover = decision_seat(st)
            if mover == seat and st.current == seat and any(a.verb == ROOT_VERB for a in legal):
                return legal
            if len(legal) == 1:
                apply_in_place(st, legal[0])
            elif mover == seat or rivals == "greedy":
                apply_in_place(st, greedy_step(st, mover, legal, own_only=True, ev=self.policy))
            elif rivals == "hostile":
                apply_in_place(st, greedy_step(st, mover, legal, ev=self.policy))
            else:
                apply_in_place(st, self._rollout_choice(legal))
        return None

    # ------------------------------------------------------------------ priors
    def _priors(self, base: GameState, seat: int, legal: Sequence[Action],
                stop: float | None) -> dict[Action, float]:
        """Greedy's value of each root option's whole turn (``greedy.focus_values``), squashed to
        [0, 1]; only the options whose turn changes something, when any does (no empty turns).
        Without priors (``prior`` 0), every option with 0.5."""
        values = useful_only(focus_values(base, seat, legal, self.ev, self.clock, stop))
        if self.prior <= 0:
            return {x.action: 0.5 for x in values}
        return {x.action: squash(x.value) for x in values}

    # ------------------------------------------------------------------ choosing
    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or view is None:
            return legal[0]
        t0 = self.clock()
        key = (int(view["round"]), int(view["current"]))
        if key != self._turn:
            self._turn, self._spent = key, 0.0
        seat = int(view["viewer"])
        base = state_from_view(view, derive_seed(self.rng))
        self._judge_by(base.n, base.ruleset)
        try:
            late = self.time_s is not None and self._spent >= self.time_s
            root = seat == key[1] and any(a.verb == ROOT_VERB for a in legal)
            if root:
                # before the walk: a focus card taken for a decisive line that the dice then
                # deny still leaves a turn that must not end idle
                self.turn_start.set(base, view)
            if self.walk > 0 and not late:
                stop = None if self.time_s is None else t0 + self.time_s - self._spent
                move = decisive_choice(base, seat, legal, self.walk, self.walk_samples, self.rng, self.clock, stop)
                if move is not None:
                    return move
            if root:
                budget = None
                if self.time_s is not None:
                    keep = RESERVE.get(base.n, RESERVE_OTHERWISE)
                    budget = max(0.0, self.time_s * (1.0 - keep) - self._spent)
                return self.search(base, seat, legal, t0, budget)
            # a figure moving never steps back onto a space it stood on this move (greedy.Path),
            # in the one-ply fallback too: once the turn's time was gone, a caravan walked back
            # and forth and the turn ended where it began
            legal = self._greedy.path.onward(base, seat, legal)
            if self.chance_samples > 1 and around_attack(base, legal) and \
                    (self.time_s is None or self._spent < self.time_s):
                stop = None if self.time_s is None else t0 + self.time_s - self._spent
                # the averaged dice can advise "done" after the card's attack mode was chosen
                # for one roll: a turn that has done nothing still does not end there
                return self.turn_start.not_idle(self._greedy, base, seat, legal,
                                                self._expected_choice(base, seat, legal, stop), view)
            if self.time_s is not None and self._spent >= self.time_s:
                # the turn's time is gone: one ply, still never ending a turn that has done nothing
                return self.turn_start.not_idle(self._greedy, base, seat, legal,
                                                greedy_step(base, seat, legal, ev=self._greedy.ev), view)
            return self.turn_start.not_idle(self._greedy, base, seat, legal, self._greedy.choose_in(base, seat, legal), view)
        finally:
            self._spent += self.clock() - t0

    def _expected_choice(self, base: GameState, seat: int, legal: Sequence[Action],
                         stop: float | None = None) -> Action:
        """The option with the best mean greedy value over ``chance_samples`` determinizations
        (``_mean_best``)."""
        return self._mean_best(base, seat, legal, self.chance_samples, stop)[0]

    def _mean_best(self, base: GameState, seat: int, legal: Sequence[Action], samples: int | None,
                   stop: float | None) -> tuple[Action, int]:
        """The option with the best mean of greedy's value (``option_values``: its chain while
        the work budget lasts, plus the focus tempo) over ``samples`` determinizations (fresh
        dice and draws each; the first is ``base`` itself), and the number taken. Every option
        is judged on the same draw (common random numbers: two options are not told apart by
        which drew the better dice). With ``stop`` (a ``self.clock`` value), no new
        sample starts once the one just taken would end past it; ``samples`` None: as many as
        the time allows. Ties go to the first option. Also the one-turn search (``DEPTH`` 1)."""
        if samples is None and stop is None:
            samples = 1
        totals: dict[Action, float] = {}
        k = 0
        for st in samplings(base, seat, self.rng, self.clock, stop, samples):
            for a, v in self._greedy.option_values(st, seat, legal):
                totals[a] = totals.get(a, 0.0) + v
            k += 1
        return max(totals, key=lambda a: totals[a]), k

    def search(self, base: GameState, seat: int, legal: Sequence[Action], t0: float | None = None,
               budget: float | None = None) -> Action:
        """The most visited focus option after the search (``budget`` seconds from ``t0``, or
        ``self.iterations`` iterations when the bot has an iteration budget)."""
        t0 = self.clock() if t0 is None else t0
        self._judge_by(base.n, base.ruleset)
        if budget is None and self.iterations is None:
            budget = self.time_s
        deadline = t0 + budget if budget is not None else None
        if (self.depth or DEPTH.get(base.n, DEPTH_OTHERWISE)) == 1:
            best, self.last_iterations = self._mean_best(
                base, seat, legal, None if deadline is not None else self.iterations, deadline)
            return best
        key = (base.round, base.current)
        priors = self._priors(base, seat, legal, t0 + budget / 3 if budget is not None else None)
        legal = [a for a in legal if a in priors]
        root = Node()
        rng = self.rng
        it = 0
        while True:
            if self.iterations is not None and it >= self.iterations:
                break
            if deadline is not None:
                now = self.clock()
                avg = (now - t0) / it if it else 0.0
                if now + 1.2 * avg > deadline:
                    break
            it += 1
            # Level 1: this turn's focus card, then the rest of the turn greedily (played
            # POOL times per card in fresh determinizations, then re-sampled from those).
            a = self._select(root, legal, priors, rng)
            n1 = root.children[a]
            if len(n1.pool) < POOL:
                st = determinize(base, seat, derive_seed(rng))
                apply_in_place(st, a)
                self._finish_turn(st, seat, key)
                n1.pool.append(st.copy())
            else:
                st = determinize(n1.pool[it % POOL], seat, derive_seed(rng))
            path = [n1]
            shaping = self.tempo_w * tempo(base, seat, a, self.ev.tempo)
            # Level 2: the rivals' turns, then the next turn's focus card, played out greedily.
            opts = self._to_next_turn(st, seat)
            if opts is not None:
                b = self._select(n1, opts, {}, rng)
                path.append(n1.children[b])
                shaping += self.tempo_w * tempo(st, seat, b, self.ev.tempo)
                key2 = (st.round, st.current)
                apply_in_place(st, b)
                self._finish_turn(st, seat, key2)
            res = leaf_value(st, seat, shaping, self.ev)
            for n in path:
                n.visits += 1
                n.reward += res
        self.last_iterations = it
        if not root.children:  # no time for a single iteration: greedy's choice
            return max(legal, key=lambda x: priors.get(x, 0.0)) if priors else legal[0]
        return max(legal, key=lambda x: (root.children[x].visits if x in root.children else -1,
                                         root.children[x].reward if x in root.children else 0.0))

    def _select(self, node: Node, opts: Sequence[Action], priors: dict[Action, float],
                rng: random.Random) -> Action:
        """An untried option (best prior first, else at random), or the best by UCB with the
        availability count and the fading progressive bias."""
        untried = [a for a in opts if a not in node.children]
        for a in opts:
            ch = node.children.get(a)
            if ch is not None:
                ch.avail += 1
        if untried:
            if priors:
                a = max(untried, key=lambda x: priors.get(x, 0.0))
            else:
                a = untried[int(rng.random() * len(untried))]
            child = Node()
            child.avail = 1
            node.children[a] = child
            return a
        best_a = opts[0]
        best_u = -1.0
        for a in opts:
            ch = node.children[a]
            u = ch.reward / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
            if priors:
                u += self.prior * priors.get(a, 0.0) / (1 + ch.visits)
            if u > best_u:
                best_u, best_a = u, a
        return best_a
