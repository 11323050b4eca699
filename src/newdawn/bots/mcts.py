"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The bot rebuilds a full state from its view (``state_from_view``), and every iteration works
on a fresh determinization of it (``engine.determinize``: tile stack, wonder decks below their
tops and the generator re-sampled), so the search never depends on what the seat cannot see.
One tree is shared by all determinizations; a child's UCB uses the number of times it was
*available* (legal in the iteration's determinization) instead of its parent's visits.

Each iteration selects down the tree, expands one untried option, then plays a truncated
rollout (``horizon`` decisions, 20 by default, of a cheap progress-seeking random policy) and values the
position with the greedy evaluation for every seat at once; each node is credited from the
point of view of the seat that chose its option (max^n style, fitting 2-5 players).

At the root each option starts with a progressive bias from greedy's evaluation (its value
after the option and its chain), which fades as the option is visited: with a tiny budget the
bot plays about like greedy, with more it can overrule the evaluation.

Budget: ``time_s`` seconds (checked between iterations, which are short) or ``iterations``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from ..engine import Action, GameState, apply, decision_seat, determinize, legal_actions
from ..engine.api import apply_in_place
from ..engine.view import state_from_view
from .base import derive_seed
from .evaluate import scores, value
from .greedy import CHAIN_STEPS, GREEDY_BUDGET, chain_value
from .random_bot import PASSIVE_VERBS

SCALE = 40.0
"""Score difference worth about 0.73 of a win (logistic squashing of the evaluation)."""


class Node:
    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


def outcome(st: GameState) -> list[float]:
    """A value in [0, 1] for every seat: 1/0 when the game is over, otherwise each seat's
    evaluation against its best rival, squashed."""
    n = st.n
    if st.winner >= 0:
        return [1.0 if p == st.winner else 0.0 for p in range(n)]
    if st.winner == -2:
        return [0.5] * n
    sc = scores(st)
    out = []
    for p in range(n):
        rival = max(sc[q] for q in range(n) if q != p)
        d = max(-30.0, min(30.0, (sc[p] - rival) / SCALE))
        out.append(1.0 / (1.0 + math.exp(-d)))
    return out


class MctsBot:
    name = "mcts"
    needs_view = True

    def __init__(self, rng: random.Random | None = None, time_s: float | None = 1.0,
                 iterations: int | None = None, horizon: int = 20, c: float = 0.7,
                 prior: float = 1.0) -> None:
        self.rng = rng or random.Random(0)
        self.time_s = time_s if iterations is None else None
        self.iterations = iterations
        self.horizon = horizon
        self.c = c
        self.prior = prior
        self.last_iterations = 0

    def _rollout_choice(self, legal: Sequence[Action]) -> Action:
        r = self.rng
        if len(legal) > 1 and r.random() >= 0.1:
            active = [a for a in legal if a.verb not in PASSIVE_VERBS]
            if active:
                return active[int(r.random() * len(active))]
        return legal[int(r.random() * len(legal))]

    def _priors(self, base: GameState, seat: int, legal: Sequence[Action],
                stop_chains: float | None = None) -> dict[Action, float]:
        """Greedy's value of each root option (with its chain), squashed to [0, 1]: a
        progressive bias that fades as an option collects visits, so a small budget plays
        about like greedy and a larger one can overrule it."""
        if self.prior <= 0:
            return {}
        out: dict[Action, float] = {}
        work = [len(legal)]
        for a in legal:
            nxt = apply(base, a)
            late = stop_chains is not None and time.perf_counter() > stop_chains
            if nxt.winner == -1 and decision_seat(nxt) == seat and work[0] < GREEDY_BUDGET and not late:
                v = chain_value(nxt, seat, CHAIN_STEPS, work, stop_chains)
            else:
                v = value(nxt, seat)
            d = max(-30.0, min(30.0, v / SCALE))
            out[a] = 1.0 / (1.0 + math.exp(-d))
        return out

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        if len(legal) == 1 or view is None:
            return legal[0]
        t0 = time.perf_counter()
        base = state_from_view(view, derive_seed(self.rng))
        return self.search(base, view["viewer"], legal, t0)

    def search(self, base: GameState, seat: int, legal: Sequence[Action], t0: float | None = None) -> Action:
        t0 = time.perf_counter() if t0 is None else t0
        root = Node()
        deadline = t0 + self.time_s if self.time_s is not None else None
        # The priors may use at most a quarter of a time budget.
        priors = self._priors(base, seat, legal, t0 + self.time_s / 4 if self.time_s is not None else None)
        # Keep a margin for the last iteration: stop when the average iteration would overrun.
        it = 0
        rng = self.rng
        while True:
            if self.iterations is not None and it >= self.iterations:
                break
            if deadline is not None:
                now = time.perf_counter()
                avg = (now - t0) / it if it else 0.0
                if now + 1.5 * avg > deadline:
                    break
            it += 1
            st = determinize(base, seat, derive_seed(rng))
            node = root
            path: list[tuple[Node, int]] = []
            # Selection and expansion.
            while st.winner == -1:
                if deadline is not None and time.perf_counter() > deadline:
                    break
                opts = legal_actions(st)
                mover = decision_seat(st)
                if len(opts) == 1:
                    apply_in_place(st, opts[0])
                    continue
                untried = [a for a in opts if a not in node.children]
                for a in opts:
                    ch = node.children.get(a)
                    if ch is not None:
                        ch.avail += 1
                if untried:
                    if node is root:  # the most promising option by the greedy evaluation first
                        a = max(untried, key=lambda x: priors.get(x, 0.0))
                    else:
                        a = untried[int(rng.random() * len(untried))]
                    child = Node()
                    child.avail = 1
                    node.children[a] = child
                    apply_in_place(st, a)
                    path.append((child, mover))
                    break
                best_a = opts[0]
                best_u = -1.0
                for a in opts:
                    ch = node.children[a]
                    u = ch.reward / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if node is root:
                        u += self.prior * priors.get(a, 0.0) / (1 + ch.visits)
                    if u > best_u:
                        best_u, best_a = u, a
                node = node.children[best_a]
                apply_in_place(st, best_a)
                path.append((node, mover))
            # Truncated rollout.
            for k in range(self.horizon):
                if st.winner != -1:
                    break
                # A slow iteration (a loaded machine) is cut short rather than overrun.
                if deadline is not None and k % 8 == 7 and time.perf_counter() > deadline:
                    break
                apply_in_place(st, self._rollout_choice(legal_actions(st)))
            res = outcome(st)
            for n, mover in path:
                n.visits += 1
                n.reward += res[mover]
        self.last_iterations = it
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         root.children[a].reward if a in root.children else 0.0))
        return best
