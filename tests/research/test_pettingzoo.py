"""The PettingZoo environments: PettingZoo's own API, seed, render and parallel tests, masks,
bounded episodes, the registry."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import (  # noqa: E402
    api_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)

from newdawn.engine import IllegalActionError, decision_seat  # noqa: E402
from newdawn.research import pettingzoo_env  # noqa: E402
from newdawn.research.codec import codec  # noqa: E402
from newdawn.research.compact import OPTIONS, agent_options, compact_size  # noqa: E402

# A dict observation with an action mask is PettingZoo's own convention for board games
# (chess, go); api_test still warns about it.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize(("players", "observation", "actions"),
                         [(2, "compact", "options"), (4, "compact", "options"), (2, "full", "ids")])
def test_api_test(players: int, observation: str, actions: str) -> None:
    api_test(pettingzoo_env.env(players=players, max_rounds=2, observation=observation, actions=actions),
             num_cycles=40)


def test_seed_test() -> None:
    seed_test(lambda: pettingzoo_env.env(players=3, max_rounds=2), num_cycles=40)


def test_render_test_in_every_mode(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: pettingzoo_env.env(players=2, max_rounds=2, render_mode=render_mode))
    assert "Decision:" in capsys.readouterr().out  # "human" printed the decision text


def test_parallel_api_and_seed_tests() -> None:
    parallel_api_test(pettingzoo_env.parallel_env(players=3, max_rounds=2), num_cycles=200)
    parallel_seed_test(lambda: pettingzoo_env.parallel_env(players=2, max_rounds=2), num_cycles=50)


def test_parallel_env_plays_only_the_deciding_agents_action() -> None:
    env = pettingzoo_env.parallel_env(players=2, max_rounds=2)
    obs, infos = env.reset(seed=4)
    steps = 0
    while env.agents:
        active = infos[env.agents[0]]["active_agent"]
        assert list(np.flatnonzero(obs[active]["action_mask"])) == infos[active]["legal_actions"]
        idle = next(a for a in env.agents if a != active)
        assert not obs[idle]["action_mask"].any()
        obs, rewards, term, trunc, infos = env.step({active: 0, idle: OPTIONS - 1})  # the idle action is ignored
        assert all(term.values()) or not any(term.values())
        steps += 1
    assert steps > 10 and (all(term.values()) or all(trunc.values()))


def test_make_through_the_registry() -> None:
    if not hasattr(pettingzoo, "make"):
        pytest.skip("this PettingZoo has no registry")
    env = pettingzoo.make("aec", pettingzoo_env.ENV_ID, players=3, max_rounds=2)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]


def test_mask_and_infos_name_the_engine_options() -> None:
    env = pettingzoo_env.env(players=2, max_rounds=2, actions="ids")
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
        ids = sorted(codec().encode(a) for a in agent_options(st))
        assert info["legal_actions"] == ids
        assert list(np.flatnonzero(obs["action_mask"])) == ids
        env.step(int(rng.choice(ids)))
        steps += 1
    assert steps > 10
    assert sum(env._cumulative_rewards.values()) == pytest.approx(0.0)


def test_the_option_space_masks_the_shown_options_in_the_observation() -> None:
    env = pettingzoo_env.env(players=3, max_rounds=2)
    env.reset(seed=6)
    agent = env.agent_selection
    obs = env.observe(agent)
    assert obs["observation"].shape == (compact_size(),) and env.observation_space(agent).contains(obs)
    n = len(env.options)
    assert obs["action_mask"].tolist() == [1] * n + [0] * (OPTIONS - n)
    assert env.infos[agent]["legal_actions"] == list(range(n))
    other = next(a for a in env.agents if a != agent)
    assert not env.observe(other)["action_mask"].any()


@pytest.mark.parametrize("actions", ["options", "ids"])
def test_an_illegal_action_is_penalised_or_raises_and_changes_nothing(actions: str) -> None:
    env = pettingzoo_env.env(players=2, max_rounds=2, actions=actions, illegal_reward=-0.5)
    env.reset(seed=2)
    before = env.st.copy()
    agent = env.agent_selection
    legal = env.infos[agent]["legal_actions"]
    bad = next(i for i in range(OPTIONS) if i not in legal)
    env.step(bad)
    assert env.st == before and env.agent_selection == agent
    assert env.rewards[agent] == -0.5 and "illegal_action" in env.infos[agent]
    strict = pettingzoo_env.env(players=2, max_rounds=2, actions=actions, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(bad)
    assert strict.st == before


def test_take_backs_are_not_offered_and_the_decision_cap_truncates() -> None:
    env = pettingzoo_env.env(players=2, max_decisions=60)
    env.reset(seed=3)
    seen = 0
    for _agent in env.agent_iter():
        _obs, _r, term, trunc, info = env.last(observe=False)
        if term or trunc:
            env.step(None)
            continue
        texts = [str(a) for a in env.options]
        assert "back" not in texts or texts == ["back"]
        env.step(info["legal_actions"][0] if texts[0] != "back" or len(texts) == 1 else 1)
        seen += 1
    assert seen == 60 and all(env.truncations.values()) and env.st.winner == -1


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
