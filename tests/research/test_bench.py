"""The research benchmark's loops play what they claim (speed itself is measured by
tools/bench_research.py, never by a test)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from newdawn.bots.random_bot import RandomBot  # noqa: E402
from newdawn.research.bench import id_chooser, measure, same_games  # noqa: E402
from newdawn.research.codec import codec  # noqa: E402


def test_the_loops_play_the_same_games() -> None:
    r = measure(runs=1, games=2, players=3, max_rounds=2, observe_decisions=12)
    d = r["decisions_per_run"]
    games = same_games([1, 2], 3, 2)
    assert d["openspiel"] == d["pettingzoo"] == d["engine_same_games"] == sum(len(g) for g in games)
    assert d["engine"] > 0 and d["pettingzoo_observe"] <= 12 and 0 < d["shimmy"] <= 4
    assert set(r["ratio_to_engine"]) == {"engine_same_games", "openspiel", "pettingzoo", "pettingzoo_observe",
                                         "shimmy"}


def test_the_id_chooser_is_the_random_bots_policy() -> None:
    """Over the same option list (in id order) it picks what RandomBot picks."""
    c = codec()
    options = sorted(["done", "place 1,1", "place 2,0", "skip", "focus culture"], key=c.encode)
    ids = [c.encode(o) for o in options]
    choose = id_chooser(random.Random(3))
    bot = RandomBot(random.Random(3))
    for _ in range(50):
        assert str(c.decode(choose(ids))) == str(bot.choose(None, [c.decode(i) for i in ids]))
