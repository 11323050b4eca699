"""The single-agent Gymnasium environment: Gymnasium's env checker, bots, masks."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from newdawn.engine import IllegalActionError, decision_seat  # noqa: E402
from newdawn.research.gym_env import ENV_ID, NewdawnGymEnv  # noqa: E402


def test_check_env() -> None:
    check_env(NewdawnGymEnv(players=2, opponents="random", max_rounds=2, illegal="penalize"),
              skip_render_check=True)


@pytest.mark.parametrize("opponents", ["random", "greedy", ["mcts:3i", "random"]])
def test_plays_to_the_end_against_bots_with_the_mask_in_info(opponents: str | list[str]) -> None:
    players = 2 if isinstance(opponents, str) else 3
    env = gym.make(ENV_ID, players=players, opponents=opponents, max_rounds=2, seat=None)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(1)
    done, steps = False, 0
    while not done:
        inner = env.unwrapped
        assert decision_seat(inner.st) == inner.seat  # only the learner's decisions reach the agent
        assert list(np.flatnonzero(info["action_mask"])) == info["legal_actions"]
        obs, reward, term, trunc, info = env.step(int(rng.choice(info["legal_actions"])))
        assert env.observation_space.contains(obs)
        done = term or trunc
        steps += 1
    assert steps > 3
    assert reward in (0.0, 1.0, -1.0, -0.5)


def test_illegal_actions_raise_or_are_penalised_without_changing_the_game() -> None:
    env = NewdawnGymEnv(players=2, max_rounds=2)
    _obs, info = env.reset(seed=4)
    bad = next(i for i in range(1000) if i not in info["legal_actions"])
    before = env.st.copy()
    with pytest.raises(IllegalActionError):
        env.step(bad)
    soft = NewdawnGymEnv(players=2, max_rounds=2, illegal="penalize", illegal_reward=-0.5)
    soft.reset(seed=4)
    _o, reward, term, trunc, info = soft.step(bad)
    assert reward == -0.5 and not term and not trunc and "illegal_action" in info
    assert soft.st == before


def test_bad_configuration_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        NewdawnGymEnv(opponents="oracle")
    with pytest.raises(ValueError, match="opponent specs"):
        NewdawnGymEnv(players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat"):
        NewdawnGymEnv(players=2, seat=2)
