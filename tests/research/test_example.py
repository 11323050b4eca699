"""examples/train_pg.py: its game loop and its policy-gradient step (the learning curve itself is
measured by running the example; docs/research.md has the figures)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_pg.py"


@pytest.fixture(scope="module")
def pg() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_pg", EXAMPLE)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_groups_cover_every_id(pg: ModuleType) -> None:
    groups, n = pg.action_groups()
    assert groups.min() == 0 and groups.max() == n - 1
    assert len(np.unique(groups)) == n


def test_a_positive_advantage_makes_the_choices_more_likely(pg: ModuleType) -> None:
    policy = pg.Policy(np.random.default_rng(0))
    r = pg.play(policy, seed=3, learner=0, max_rounds=2, learn=True)
    assert r["trace"], "the learner made no choice with two or more options"
    step = next(t for t in r["trace"] if len(set(t[0].tolist())) > 1)  # options of different groups
    g, p, k = step
    before = p[k]
    for _ in range(5):
        policy.update([step], 1.0, lr=0.05)
    z = policy.theta[g]
    after = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
    assert after[k] > before
    assert r["winner"] in (-2, 0, 1) and r["reward"] in (0.0, 1.0, -1.0)
