"""The puzzle suite (tests/puzzles/*.toml, docs/bots.md "Puzzles"): every file is a position of
a real game whose stated solution still reaches its goal, the suite has the mix it promises,
and each bot level solves its share of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from newdawn.strength.puzzles import check_solution, load_puzzle, run_suite, summary

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*.toml"))

LEVELS: dict[str, tuple[str, float]] = {
    "hard": ("hard:200i", 0.95),
    "normal": ("normal", 0.80),
}
"""Level -> (the spec that plays it, the share of the suite it must solve: issue 38, Hard at
least 95%, Normal at least 80%). Hard plays with its own budget, a second a turn of CPU time
(``hard:200i``: an iteration budget stands for as many half-milliseconds), so a busy machine
does not shorten it; at half that, with another test process on the other core, it solved 45
of 48 where it solves 47 alone."""
SUITE_SIZE = 40


@pytest.fixture(scope="module")
def suite() -> list[object]:
    return [load_puzzle(p) for p in FILES]


@pytest.mark.xfail(len(FILES) < SUITE_SIZE, strict=True,
                   reason=f"the suite has {len(FILES)} of {SUITE_SIZE} positions: tools/mine_puzzles.py mines more")
def test_the_suite_is_large_and_mixed(suite: list) -> None:  # type: ignore[type-arg]
    assert len(suite) >= SUITE_SIZE
    labels = {(p.ruleset, p.players) for p in suite}
    assert {("ti", 2), ("ti", 4), ("base", 2)} <= labels, labels
    kinds = {p.kind for p in suite}
    assert {"fort attack", "agenda"} <= kinds, kinds
    for p in suite:
        assert p.winning and p.losing, f"{p.path}: a puzzle has a winning and a provably losing choice"
        assert p.solution[0] in p.winning and p.chance >= 0.6


@pytest.mark.xfail(not any("_break_" in p.name for p in FILES), strict=True,
                   reason="no break position mined yet: in the games searched so far no seat could take the fort back")
def test_the_suite_has_break_positions(suite: list) -> None:  # type: ignore[type-arg]
    assert any(p.goal.kind == "break" and p.kind == "break" for p in suite)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_stated_solution_reaches_the_goal(path: Path) -> None:
    assert check_solution(load_puzzle(path)) is None


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_each_level_solves_its_share(suite: list, level: str) -> None:  # type: ignore[type-arg]
    spec, share = LEVELS[level]
    assert spec.partition(":")[0] == level
    res = summary(run_suite(suite, spec))
    failed = "\n".join(f"{f['path']}: {' / '.join(f['line'])}" for f in res["failures"])
    assert res["share"] >= share, f"{spec} solved {res['solved']}/{res['total']}; failed:\n{failed}"
