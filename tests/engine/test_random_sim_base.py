"""Random-play conformance for the base ruleset: the checks of ``test_random_sim`` (options,
JSON round trip, apply-copy, player view, replay, component limits and placement rules) on
games of the base game with 2, 3 and 4 players, with both map options, the epic game and an
Automated Player in the last seat (which no bot ever decides for: ``flow.advance`` plays it).

The games are played by ``test_random_sim.play`` with its ``config`` replaced for the test,
so the two suites share one definition of every invariant."""

from __future__ import annotations

from typing import Any

import pytest
import test_random_sim as sim

PLAYER_COUNTS = (2, 3, 4)
FULL_SEEDS = range(9000, 9002)
SAMPLED_SEEDS = range(9100, 9150)
CHUNK = 5
OPTIONS: tuple[dict[str, Any], ...] = ({}, {"map": "first_game"}, {"epic": True}, {"automa": True},
                                       {"automa": True, "map": "first_game"})


def _use(monkeypatch: pytest.MonkeyPatch, options: dict[str, Any]) -> None:
    monkeypatch.setattr(sim, "config", lambda players: {"players": players, "max_rounds": sim.MAX_ROUNDS,
                                                         "ruleset": "base", **options})


def _label(options: dict[str, Any]) -> str:
    return "-".join(f"{k}={v}" for k, v in options.items()) or "default"


FULL_CASES = [pytest.param(p, s, id=f"p{p}-s{s}") for p in PLAYER_COUNTS for s in FULL_SEEDS]
SAMPLED_CASES = [
    pytest.param(p, tuple(SAMPLED_SEEDS[i:i + CHUNK]), OPTIONS[(i // CHUNK) % len(OPTIONS)],
                 id=f"p{p}-s{SAMPLED_SEEDS[i]}-{_label(OPTIONS[(i // CHUNK) % len(OPTIONS)])}")
    for p in PLAYER_COUNTS for i in range(0, len(SAMPLED_SEEDS), CHUNK)
]


@pytest.mark.parametrize(("players", "seed"), FULL_CASES)
def test_base_full_checks(players: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, {})
    out = sim.play(players, seed, full=True)
    assert out["steps"] > 0


@pytest.mark.parametrize(("players", "seeds", "options"), SAMPLED_CASES)
def test_base_sampled_checks(players: int, seeds: tuple[int, ...], options: dict[str, Any],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, options)
    failures = []
    for seed in seeds:
        try:
            sim.play(players, seed, full=False)
        except AssertionError as e:
            failures.append(str(e).splitlines()[0])
    assert not failures, "\n".join(failures)


def test_base_game_count() -> None:
    """At least 150 base games: every player count, every map option, the epic game, the AP."""
    assert len(PLAYER_COUNTS) * (len(FULL_SEEDS) + len(SAMPLED_SEEDS)) >= 150
    assert {tuple(o) for _, _, o in (c.values for c in SAMPLED_CASES)} == {tuple(o) for o in OPTIONS}
