"""The single-agent Gymnasium environment: Gymnasium's env checker with the defaults, bots by
spec, masks (``action_masks()`` and ``info``), bounded episodes, shaped rewards."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from newdawn.engine import IllegalActionError, decision_seat  # noqa: E402
from newdawn.research.codec import codec  # noqa: E402
from newdawn.research.compact import (  # noqa: E402
    OPTIONS,
    agent_options,
    compact_size,
    compact_views,
    goal_potential,
    option_names,
)
from newdawn.research.gym_env import ENV_ID, NewdawnGymEnv  # noqa: E402


def test_check_env_with_the_defaults() -> None:
    env = NewdawnGymEnv(max_rounds=2)
    check_env(env, skip_render_check=True)
    assert env.observation_space.shape == (compact_size(),) and env.action_space.n == OPTIONS


def test_check_env_with_the_full_spaces() -> None:
    check_env(NewdawnGymEnv(max_rounds=2, observation="full", actions="ids"), skip_render_check=True)


@pytest.mark.parametrize("opponents", ["random", "greedy", ["mcts:3i", "random"]])
def test_plays_to_the_end_against_bots_with_the_masks(opponents: str | list[str]) -> None:
    players = 2 if isinstance(opponents, str) else 3
    env = gym.make(ENV_ID, players=players, opponents=opponents, max_rounds=2, seat=None)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(1)
    done, steps = False, 0
    while not done:
        inner = env.unwrapped
        assert decision_seat(inner.st) == inner.seat  # only the learner's decisions reach the agent
        assert list(np.flatnonzero(inner.action_masks())) == info["legal_actions"] == list(range(len(inner.options)))
        assert info["options"] == [str(a) for a in agent_options(inner.st)][:OPTIONS]
        obs, reward, term, trunc, info = env.step(int(rng.choice(info["legal_actions"])))
        assert env.observation_space.contains(obs)
        done = term or trunc
        steps += 1
    assert steps > 3
    assert reward in (0.0, 1.0, -1.0, -0.5)
    assert not inner.action_masks().any()


def test_ids_actions_name_the_codec_ids() -> None:
    env = NewdawnGymEnv(max_rounds=2, actions="ids")
    _obs, info = env.reset(seed=2)
    ids = sorted(codec().encode(a) for a in agent_options(env.st))
    assert info["legal_actions"] == ids and list(np.flatnonzero(env.action_masks())) == ids
    env.step(ids[0])


def test_illegal_actions_are_penalised_or_raise_without_changing_the_game() -> None:
    env = NewdawnGymEnv(players=2, max_rounds=2, illegal_reward=-0.5)
    _obs, info = env.reset(seed=4)
    bad = next(i for i in range(OPTIONS) if i not in info["legal_actions"])
    before = env.st.copy()
    _o, reward, term, trunc, info = env.step(bad)
    assert reward == -0.5 and not term and not trunc and "not offered" in info["illegal_action"]
    assert env.st == before
    strict = NewdawnGymEnv(players=2, max_rounds=2, illegal="raise")
    strict.reset(seed=4)
    with pytest.raises(IllegalActionError):
        strict.step(bad)
    assert strict.st == before and strict.steps == 0


def test_episodes_are_bounded_take_backs_are_not_offered() -> None:
    """An agent that always takes the first option never loops: ``back`` is not offered (it
    would be the first option after choosing a card in some decisions), and ``max_steps``
    truncates."""
    env = NewdawnGymEnv(players=2, max_steps=40)
    _obs, info = env.reset(seed=1)
    steps, done = 0, False
    while not done:
        assert "back" not in info["options"] or info["options"] == ["back"]
        _obs, _r, term, trunc, info = env.step(0)
        done = term or trunc
        steps += 1
    assert steps == 40 and trunc and not term
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_shaped_rewards_add_up_to_the_change_in_goal_potential() -> None:
    env = NewdawnGymEnv(players=2, max_rounds=3, shaping=2.0)
    _obs, info = env.reset(seed=6)
    start = goal_potential(env.st, env.seat)
    total, done = 0.0, False
    rng = np.random.default_rng(0)
    while not done:
        _obs, r, term, trunc, info = env.step(int(rng.choice(info["legal_actions"])))
        total += r
        done = term or trunc
    outcome = 0.0 if env.st.winner < 0 else (1.0 if env.st.winner == env.seat else -1.0)
    assert total == pytest.approx(outcome + 2.0 * (goal_potential(env.st, env.seat) - start))
    plain = NewdawnGymEnv(players=2, max_rounds=3)
    _o, info = plain.reset(seed=6)
    assert plain.step(info["legal_actions"][0])[1] == 0.0  # off by default


def test_shaping_with_a_discount_is_gamma_times_the_new_potential_less_the_old() -> None:
    env = NewdawnGymEnv(players=2, max_rounds=3, shaping=2.0, shaping_gamma=0.5)
    _obs, info = env.reset(seed=6)
    rng = np.random.default_rng(1)
    for _ in range(30):
        before = goal_potential(env.st, env.seat)
        _obs, r, term, trunc, info = env.step(int(rng.choice(info["legal_actions"])))
        if term or trunc:
            break
        assert r == pytest.approx(2.0 * (0.5 * goal_potential(env.st, env.seat) - before))


def test_value_order_lists_the_options_best_first() -> None:
    """``order="value"``: the shown options sorted by ``preview_values`` (best first), so the
    first option's row is marked ``value_best``; the same options as the engine's order."""
    j = option_names().index("value_best")
    env = NewdawnGymEnv(players=2, max_rounds=3, values=True, order="value")
    plain = NewdawnGymEnv(players=2, max_rounds=3)
    obs, info = env.reset(seed=4)
    plain.reset(seed=4)
    assert sorted(map(str, env.options)) == sorted(map(str, plain.options))
    for _ in range(20):
        assert env._values == sorted(env._values, reverse=True)
        assert compact_views(obs)["options"][0, j] == 1.0
        obs, _r, term, trunc, info = env.step(0)
        if term or trunc:
            break
    with pytest.raises(ValueError, match="order"):
        NewdawnGymEnv(order="value")


def test_render_is_the_decision_in_the_tables_words() -> None:
    env = NewdawnGymEnv(players=2, max_rounds=2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text is not None and "Decision:" in text and "1. " in text


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        NewdawnGymEnv(opponents="oracle")
    with pytest.raises(ValueError, match="opponent specs"):
        NewdawnGymEnv(players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat"):
        NewdawnGymEnv(players=2, seat=2)
    with pytest.raises(ValueError, match="observation"):
        NewdawnGymEnv(observation="pixels")
    with pytest.raises(ValueError, match="max_steps"):
        NewdawnGymEnv(max_steps=0)
