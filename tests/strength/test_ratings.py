"""Bradley-Terry ratings (strength.ratings): known strengths are recovered, the intervals
cover them and shrink with more games, and a bot that won every game stays finite."""

from __future__ import annotations

import math
import random

from newdawn.strength.ratings import expected_score, fit, intervals


def _games(true: dict[str, float], n: int, seed: int = 1) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    names = list(true)
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for _ in range(n):
                out.append((a, b, 1.0 if rng.random() < expected_score(true[a], true[b]) else 0.0))
    return out


def test_known_strengths_are_recovered_within_their_intervals() -> None:
    true = {"random": 0.0, "greedy": 300.0, "hard": 500.0}
    games = _games(true, 400)
    r = fit(list(true), games, "random")
    ci = intervals(list(true), games, "random")
    assert r["random"] == 0 and ci["random"] == (0.0, 0.0)
    for b, v in true.items():
        lo, hi = ci[b]
        assert lo <= v <= hi, (b, v, ci[b])
        assert abs(r[b] - v) < 60
    assert r["hard"] > r["greedy"] > 0


def test_intervals_shrink_with_more_games() -> None:
    true = {"a": 0.0, "b": 200.0}
    few = intervals(["a", "b"], _games(true, 30), "a")["b"]
    many = intervals(["a", "b"], _games(true, 600), "a")["b"]
    assert many[1] - many[0] < (few[1] - few[0]) / 3


def test_a_bot_that_won_every_game_gets_a_finite_rating() -> None:
    games = [("x", "y", 1.0)] * 20
    r = fit(["x", "y"], games, "y")
    lo, hi = intervals(["x", "y"], games, "y")["x"]
    assert math.isfinite(r["x"]) and r["x"] > 400
    assert lo < r["x"] < hi and math.isfinite(hi)


def test_a_game_without_a_winner_counts_half() -> None:
    r = fit(["a", "b"], [("a", "b", 0.5)] * 10, "a")
    assert abs(r["b"]) < 1e-6
