"""newdawn's bots as opponents in the research APIs, and a view evaluation as OpenSpiel's.

Bots are taken by spec through ``newdawn.bots.make_bot(spec, seed)`` (``random``, ``greedy``,
``mcts:200ms``, ``mcts:50i``... and any level the registry gains), so a new level works here
the day it lands. A bot sees what it sees at the table: its seat's ``player_view`` and the
options it may choose from.

- ``SpielBot(game, player, spec, seed)``: an OpenSpiel ``pyspiel.Bot`` for ``python_newdawn``
  (use it with ``open_spiel.python.algorithms.evaluate_bots`` or any loop that calls
  ``bot.step(state)``).
- ``BotPolicy(spec, seed)``: a PettingZoo opponent: ``policy(env, agent)`` is the action
  (index or id, whichever the environment uses) the bot chooses for ``agent`` at the pending
  decision.
- ``ViewEvaluator(win_probability)``: an OpenSpiel MCTS evaluator from a function
  ``win_probability(view) -> float`` (the probability that the view's seat wins). The learned
  evaluation is looked up by ``learned_win_probability()``: the hook is the name
  ``LEARNED_HOOK`` (``win_probability``) exported by ``newdawn.bots``; until it exists,
  ``ViewEvaluator.learned()`` says so.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from .. import bots
from ..bots import Bot, make_bot
from ..engine import Action, player_view
from .codec import codec
from .openspiel_game import NewdawnGame, NewdawnState

LEARNED_HOOK = "win_probability"
"""The name under which ``newdawn.bots`` exports the learned evaluation of a view."""
WinProbability = Callable[[dict[str, Any]], float]


def choose(bot: Bot, view: Callable[[], dict[str, Any]], options: Sequence[Action]) -> Action:
    """The bot's choice among ``options`` (a single option is taken without asking a bot that
    needs a view, as ``bots.play_game`` does)."""
    if len(options) == 1 and bot.needs_view:
        return options[0]
    return bot.choose(view() if bot.needs_view else None, options)


class SpielBot(pyspiel.Bot):  # type: ignore[misc]
    """A newdawn bot as an OpenSpiel bot for ``python_newdawn``."""

    def __init__(self, game: NewdawnGame, player: int, spec: str, seed: int = 0) -> None:
        super().__init__()
        self.player = player
        self.spec = spec
        self.bot = make_bot(spec, seed)

    def step(self, state: NewdawnState) -> int:
        st = state.engine_state
        if st is None:
            raise ValueError("the setup chance node is not a bot's decision")
        c = codec()
        options = [c.decode(i) for i in state.legal_actions(self.player)]
        if not options:
            raise ValueError(f"player {self.player} has no decision here")
        return c.encode(choose(self.bot, lambda: player_view(st, self.player), options))

    def restart_at(self, state: NewdawnState) -> None:
        pass

    def inform_action(self, state: NewdawnState, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


class BotPolicy:
    """A newdawn bot as a PettingZoo opponent: ``policy(env, agent)`` -> the action to step."""

    def __init__(self, spec: str, seed: int = 0) -> None:
        self.spec = spec
        self.bot = make_bot(spec, seed)

    def __call__(self, env: Any, agent: str) -> int:
        inner = env.unwrapped
        st = inner.st
        seat = inner.agent_name_mapping[agent]
        options: list[Action] = inner.options
        if not options:
            raise ValueError(f"{agent} has no decision here")
        a = choose(self.bot, lambda: player_view(st, seat), options)
        k = options.index(a)
        return k if inner.game.action_kind == "options" else codec().encode(a)


def learned_win_probability() -> WinProbability | None:
    """The learned evaluation of a view, once ``newdawn.bots`` exports it (None until then)."""
    fn = getattr(bots, LEARNED_HOOK, None)
    return fn if callable(fn) else None


def returns_from(probs: Sequence[float]) -> np.ndarray[Any, np.dtype[np.float64]]:
    """Expected returns (+1 for the winner, ``-1/(n-1)`` for the others) from each seat's win
    probability, normalised to sum to 1 (a game stopped without a winner counts as a loss for
    nobody: probabilities that sum to less than 1 are scaled down, never up)."""
    p = np.clip(np.asarray(probs, np.float64), 0.0, 1.0)
    total = p.sum()
    if total > 1.0:
        p = p / total
    n = len(p)
    out: np.ndarray[Any, np.dtype[np.float64]] = p - (p.sum() - p) / (n - 1)
    return out


class ViewEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """OpenSpiel MCTS evaluator: each seat's expected return from ``win_probability`` of its
    own view; uniform priors over the legal actions."""

    def __init__(self, win_probability: WinProbability) -> None:
        self.win_probability = win_probability

    @classmethod
    def learned(cls) -> ViewEvaluator:
        fn = learned_win_probability()
        if fn is None:
            raise LookupError(f"newdawn.bots exports no {LEARNED_HOOK}(view) yet: pass a function to ViewEvaluator")
        return cls(fn)

    def evaluate(self, state: NewdawnState) -> np.ndarray[Any, np.dtype[np.float64]]:
        if state.is_terminal():
            return np.asarray(state.returns(), np.float64)
        n = state.num_players()
        return returns_from([self.win_probability(state.view(p)) for p in range(n)])

    def prior(self, state: NewdawnState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))
