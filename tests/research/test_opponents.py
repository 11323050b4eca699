"""newdawn's bots as OpenSpiel bots and PettingZoo opponents; a view evaluation as OpenSpiel's
MCTS evaluator (the hook for the learned evaluation)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

from newdawn import bots  # noqa: E402
from newdawn.bots.evaluate import value  # noqa: E402
from newdawn.engine.view import state_from_view  # noqa: E402
from newdawn.research.openspiel_game import load  # noqa: E402
from newdawn.research.opponents import (  # noqa: E402
    LEARNED_HOOK,
    BotPolicy,
    SpielBot,
    ViewEvaluator,
    learned_win_probability,
    logistic,
    returns_from,
)
from newdawn.research.pettingzoo_env import env as pz_env  # noqa: E402


def hand_win_probability(view: dict) -> float:  # type: ignore[type-arg]
    """A stand-in for the learned evaluation: the greedy bot's static value of the view."""
    return logistic(value(state_from_view(view, 0), view["viewer"]) / 200.0)


@pytest.mark.parametrize("specs", [("greedy", "random"), ("mcts:3i", "random")])
def test_bots_by_spec_play_openspiel_games(specs: tuple[str, str]) -> None:
    game = load(players=2, max_rounds=2, seed=2)
    state = game.new_initial_state()
    state.apply_action(3)
    players = [SpielBot(game, p, spec, seed=p) for p, spec in enumerate(specs)]
    returns = evaluate_bots.evaluate_bots(state, players, np.random.RandomState(0))
    assert len(returns) == 2 and sum(returns) == pytest.approx(0.0)


def test_an_unknown_spec_is_refused_by_the_registry() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        SpielBot(load(players=2), 0, "oracle")


@pytest.mark.parametrize("actions", ["options", "ids"])
def test_bots_as_pettingzoo_opponents(actions: str) -> None:
    env = pz_env(players=3, max_rounds=2, actions=actions)
    env.reset(seed=5)
    policies = {"player_0": BotPolicy("greedy", 1), "player_1": BotPolicy("random", 2),
                "player_2": BotPolicy("mcts:3i", 3)}
    steps = 0
    for agent in env.agent_iter():
        _obs, _r, term, trunc, info = env.last(observe=False)
        if term or trunc:
            env.step(None)
            continue
        a = policies[agent](env, agent)
        assert a in info["legal_actions"]
        env.step(a)
        steps += 1
    assert steps > 20 and env.st.winner != -1


def test_a_view_evaluation_guides_openspiels_mcts() -> None:
    game = load(players=2, max_rounds=2, seed=1)
    state = game.new_initial_state()
    state.apply_action(4)
    values = ViewEvaluator(hand_win_probability).evaluate(state)
    assert values.shape == (2,) and values.sum() == pytest.approx(0.0)
    bot = mcts.MCTSBot(game, 2.0, 8, ViewEvaluator(hand_win_probability), random_state=np.random.RandomState(0))
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    assert bot.step(state) in state.legal_actions()


def test_the_learned_evaluation_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    if learned_win_probability() is None:
        with pytest.raises(LookupError, match=LEARNED_HOOK):
            ViewEvaluator.learned()
    monkeypatch.setattr(bots, LEARNED_HOOK, hand_win_probability, raising=False)
    assert learned_win_probability() is hand_win_probability
    assert ViewEvaluator.learned().win_probability is hand_win_probability


def test_returns_from_win_probabilities() -> None:
    assert returns_from([1.0, 0.0]).tolist() == [1.0, -1.0]
    assert returns_from([0.5, 0.5, 0.0]).tolist() == pytest.approx([0.25, 0.25, -0.5])
    assert returns_from([0.2, 0.2]).tolist() == pytest.approx([0.0, 0.0])  # 60% no winner
    assert returns_from([0.9, 0.9]).tolist() == pytest.approx([0.0, 0.0])  # scaled to sum 1
