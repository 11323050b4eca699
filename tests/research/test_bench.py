"""The research benchmark's loops play what they claim (speed itself is measured by
tools/bench_research.py, never by a test)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from newdawn.bots.random_bot import RandomBot  # noqa: E402
from newdawn.engine.actions import parse_action  # noqa: E402
from newdawn.research.bench import id_chooser, measure, option_chooser, option_games, same_games  # noqa: E402
from newdawn.research.codec import codec  # noqa: E402


def test_the_loops_play_the_same_games() -> None:
    r = measure(runs=1, games=2, players=3, max_rounds=2, shimmy_decisions=4, gym_games=1)
    d = r["counts_per_run"]
    assert d["openspiel"] == sum(len(g) for g in same_games([1, 2], 3, 2))
    assert d["pettingzoo"] == d["pettingzoo_observe"] == d["engine_same_games"] \
        == sum(len(g) for g in option_games([1, 2], 3, 2))
    assert d["engine"] > 0 and 0 < d["shimmy"] <= 4 and d["gym"] > 0
    assert set(r["ratio_to_engine"]) == {"engine_same_games", "openspiel", "pettingzoo", "pettingzoo_observe",
                                         "shimmy"}
    assert set(r["learner_steps_per_s"]) == {"gym"} and "gym_to_catanatron_gym" not in r


def test_the_catanatron_loop_runs_in_the_peers_interpreter() -> None:
    from pathlib import Path

    from newdawn.research.bench import catanatron_gym_run, peers_python

    python = peers_python(Path(__file__).resolve().parents[2])
    if python is None:
        pytest.skip("no .venv-peers with catanatron-gym (README \"Speed\")")
    steps, seconds = catanatron_gym_run(python, 1)
    assert steps > 10 and seconds > 0


def test_the_id_chooser_is_the_random_bots_policy() -> None:
    """Over the same option list (in id order) it picks what RandomBot picks."""
    c = codec()
    options = sorted(["done", "place 1,1", "place 2,0", "skip", "focus culture"], key=c.encode)
    ids = [c.encode(o) for o in options]
    choose = id_chooser(random.Random(3))
    bot = RandomBot(random.Random(3))
    for _ in range(50):
        assert str(c.decode(choose(ids))) == str(bot.choose(None, [c.decode(i) for i in ids]))


def test_the_option_chooser_is_the_random_bots_policy() -> None:
    """Over the same shown options it picks what RandomBot picks."""
    acts = [parse_action(o) for o in ("done", "place 1,1", "place 2,0", "skip", "focus culture")]
    choose = option_chooser(random.Random(3))
    bot = RandomBot(random.Random(3))
    for _ in range(50):
        assert acts[choose(acts)] == bot.choose(None, acts)


def test_the_space_figures_count_what_the_environment_shows() -> None:
    from newdawn.research.bench import space_figures
    from newdawn.research.compact import OPTIONS, compact_size

    r = space_figures(games=1, max_rounds=3, every=2)
    assert r["compact_size"] == compact_size() and r["options"] == OPTIONS
    assert r["learner_steps"] > 0 and 0.0 <= r["more_than_options"] <= 1.0
    assert 0.0 < r["compact_nonzero_mean"] < 0.2 and 0.0 < r["full_nonzero_mean"] < 0.05
    lo, hi = r["compact_nonzero_p10_p90"]
    assert 0.0 < lo <= r["compact_nonzero_mean"] <= hi
