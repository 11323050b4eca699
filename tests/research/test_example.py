"""examples/train_pg.py: its features, its policy-gradient step, its game loop and its statistics
(the learning curve itself is measured by running the example; docs/research.md has the figures)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from repo_scripts import load_script

pytest.importorskip("pettingzoo")

from newdawn.engine import new_game, player_view  # noqa: E402
from newdawn.research.codec import codec  # noqa: E402
from newdawn.research.observation import Observation  # noqa: E402


@pytest.fixture(scope="module")
def pg() -> ModuleType:
    return load_script("examples/train_pg.py")


def test_focus_features_read_the_slot_and_level_from_the_observation(pg: ModuleType) -> None:
    st = new_game({"players": 2}, seed=5)
    row = st.players[0].row
    from newdawn.engine.state import content_for
    cards = content_for(st).focus_cards
    types = [cards[cid].type for cid in row]
    obs = Observation().set_from_view(player_view(st, 0)).copy()
    c = codec()
    ids = [c.encode(f"focus {t}") for t in types] + [c.encode("done")]
    f = pg.Features().features(ids, obs)
    names = list(pg.FEATURES)
    slot, passive = names.index("slot"), names.index("passive")
    assert f[:len(types), slot].tolist() == pytest.approx([i / (len(types) - 1) for i in range(len(types))])
    assert f[:, passive].tolist() == [0.0] * len(types) + [1.0]
    for j in range(len(types)):
        assert f[j, names.index("level")] == pytest.approx((cards[row[j]].level - 1) / 3)
    assert not f[-1, 1:].any()


def test_a_positive_advantage_makes_the_choice_more_likely(pg: ModuleType) -> None:
    policy = pg.Policy(np.random.default_rng(0))
    r = pg.play(policy, seed=3, learner=0, max_rounds=2, learn=True)
    assert r["trace"], "the learner made no choice between options that differ"
    f, p, k = next(s for s in r["trace"] if (s[0] != s[0][s[2]]).any())
    for _ in range(5):
        policy.update([(f, p, k)], [1.0], lr=0.05)
    z = f @ policy.theta
    after = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
    assert after[k] > p[k]
    assert r["winner"] in (-2, -1, 0, 1) and r["reward"] in (0.0, 1.0, -1.0)


def test_the_slot_weight_alone_plays_the_last_slot(pg: ModuleType) -> None:
    """A large weight on the slot makes the policy pick the card in the last slot."""
    policy = pg.Policy(np.random.default_rng(0))
    policy.theta[list(pg.FEATURES).index("slot")] = 50.0
    st = new_game({"players": 2}, seed=8)
    from newdawn.engine.state import content_for
    cards = content_for(st).focus_cards
    types = [cards[cid].type for cid in st.players[0].row]
    obs = Observation().set_from_view(player_view(st, 0)).copy()
    c = codec()
    ids = [c.encode(f"focus {t}") for t in types]
    assert policy.act(ids, lambda: obs, None) == c.encode(f"focus {types[-1]}")


def test_wilson_interval_and_two_proportion_test(pg: ModuleType) -> None:
    lo, hi = pg.wilson(30, 100)
    assert lo == pytest.approx(0.219, abs=1e-3) and hi == pytest.approx(0.396, abs=1e-3)
    assert pg.two_proportion_p(30, 100, 30, 100) == pytest.approx(1.0)
    assert pg.two_proportion_p(60, 100, 30, 100) < 1e-4 < pg.two_proportion_p(36, 100, 30, 100)


def test_a_tiny_maskable_ppo_run() -> None:
    """examples/train_maskable_ppo.py end to end: one rollout of MaskablePPO with its default
    settings on the environment as shipped, then two evaluation games against the random bot
    (the learning curve is measured by running the example: docs/research.md)."""
    pytest.importorskip("sb3_contrib")
    ppo = load_script("examples/train_maskable_ppo.py")
    # without the value previews (3 ms a step; test_gym and test_compact cover them): the run stays short
    r = ppo.main(["--timesteps", "64", "--eval-games", "2", "--max-rounds", "2", "--n-envs", "1", "--no-values",
                  "--json"])
    assert r["train"]["timesteps"] == 2048  # one rollout of sb3's default n_steps
    assert r["train"]["cpu_s"] > 0 and r["params"] > 0
    e = r["eval"]
    assert e["games"] == 2 and e["wins"] + e["losses"] + e["no_winner"] == 2


def test_the_maskable_ppo_run_stops_on_its_cpu_budget(tmp_path: Path) -> None:
    """``--minutes`` is CPU time: a budget smaller than one step's stops training at once, long
    before the first rollout ends, and the model is saved."""
    pytest.importorskip("sb3_contrib")
    ppo = load_script("examples/train_maskable_ppo.py")
    model = tmp_path / "model.zip"
    r = ppo.main(["--minutes", "0.00001", "--eval-games", "0", "--max-rounds", "2", "--n-envs", "1",
                  "--save", str(model), "--json"])
    assert 0 < r["train"]["timesteps"] < 2048 and model.exists()
