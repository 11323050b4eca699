"""Perft counts from fixed positions (start of a game for 2-5 players, mid-game positions after
seeded random walks, scenario positions) must match the files in tests/perft/."""

from __future__ import annotations

from pathlib import Path

import pytest

from newdawn.cli.main import main
from newdawn.engine import apply, legal_actions, new_game
from newdawn.scenario.perft import divide, load_perft, perft

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_perft_counts(path: Path) -> None:
    pf = load_perft(path)
    assert pf.counts, "a perft file lists at least one depth"
    for depth, want in sorted(pf.counts.items()):
        assert perft(pf.state, depth) == want, f"depth {depth}: {divide(pf.state, depth)}"


def test_every_player_count_has_a_start_position() -> None:
    names = {p.name for p in FILES}
    assert {f"start_{n}p.toml" for n in (2, 3, 4, 5)} <= names
    assert sum(1 for n in names if n.startswith("mid_")) >= 3


def test_divide_sums_to_perft_and_depth_one_is_the_option_count() -> None:
    st = new_game({"players": 3}, 4)
    assert perft(st, 1) == len(legal_actions(st))
    parts = divide(st, 2)
    assert sum(parts.values()) == perft(st, 2)
    first = str(legal_actions(st)[0])
    assert parts[first] == len(legal_actions(apply(st, first)))


def test_a_wrong_count_is_reported_with_the_breakdown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.toml"
    f.write_text('[position]\nplayers = 2\nseed = 1\n[counts]\n1 = 12\n2 = 119\n')
    assert main(["perft", str(f)]) == 1
    out = capsys.readouterr().out
    assert "depth 2: 120 (expected 119) MISMATCH" in out
    assert "fort " in out and "1 mismatch" in out
