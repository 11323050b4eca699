"""The PettingZoo AEC environment: PettingZoo's own API and seed tests, masks, the registry."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from newdawn.engine import IllegalActionError, decision_seat, legal_actions  # noqa: E402
from newdawn.research import pettingzoo_env  # noqa: E402
from newdawn.research.codec import codec  # noqa: E402

# A dict observation with an action mask is PettingZoo's own convention for board games
# (chess, go); api_test still warns about it.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize("players", [2, 4])
def test_api_test(players: int) -> None:
    api_test(pettingzoo_env.env(players=players, max_rounds=2), num_cycles=40)


def test_seed_test() -> None:
    seed_test(lambda: pettingzoo_env.env(players=3, max_rounds=2), num_cycles=40)


def test_make_through_the_registry() -> None:
    if not hasattr(pettingzoo, "make"):
        pytest.skip("this PettingZoo has no registry")
    env = pettingzoo.make("aec", pettingzoo_env.ENV_ID, players=3, max_rounds=2)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]


def test_mask_and_infos_name_the_engine_options() -> None:
    env = pettingzoo_env.env(players=2, max_rounds=2)
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    steps = 0
    for agent in env.agent_iter():
        obs, _r, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        st = env.st
        assert agent == f"player_{decision_seat(st)}"
        ids = sorted(codec().encode(a) for a in legal_actions(st))
        assert info["legal_actions"] == ids
        assert list(np.flatnonzero(obs["action_mask"])) == ids
        env.step(int(rng.choice(ids)))
        steps += 1
    assert steps > 10
    assert sum(env._cumulative_rewards.values()) == pytest.approx(0.0)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = pettingzoo_env.env(players=2, max_rounds=2)
    env.reset(seed=2)
    before = env.st.copy()
    bad = next(i for i in range(codec().num_actions) if i not in env.infos[env.agent_selection]["legal_actions"])
    with pytest.raises(IllegalActionError):
        env.step(bad)
    assert env.st == before


def test_reset_with_a_seed_replays_the_same_game() -> None:
    a, b = pettingzoo_env.env(players=3), pettingzoo_env.env(players=3)
    a.reset(seed=8)
    b.reset(seed=8)
    assert a.st == b.st
    a.reset()
    assert a.seed_used == 9


@pytest.mark.filterwarnings("ignore:Agent's m")  # Shimmy declares unbounded observation spaces
def test_shimmy_route_passes_the_api_test_too() -> None:
    pytest.importorskip("shimmy")
    api_test(pettingzoo_env.shimmy_env(players=2, max_rounds=2), num_cycles=10)
