"""The command line with the base ruleset (``--ruleset base``), its options and the Automated
Player as a tournament seat (``ap``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from newdawn.cli.main import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(list(argv)) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_sim_plays_the_base_game_and_its_records_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = run_json(capsys, "sim", "--ruleset", "base", "--first-game-map", "--epic", "--games", "2", "--players", "3",
                   "--seed", "4", "--max-rounds", "30", "--json", "--records", str(tmp_path))
    assert out["totals"]["games"] == 2
    record = json.loads((tmp_path / "game-4.json").read_text())
    assert record["config"]["ruleset"] == "base"
    assert record["config"]["map"] == "first_game" and record["config"]["epic"] is True
    assert main(["replay", str(tmp_path / "game-4.json")]) == 0


def test_a_tournament_seats_the_automated_player_last(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "sim", "--ruleset", "base", "--players", "ap,random,random", "--games", "3",
                   "--max-rounds", "40", "--workers", "1", "--json")
    assert [g["seats"][-1] for g in out["games"]] == ["ap"] * 3
    assert sorted({tuple(g["seats"][:2]) for g in out["games"]}) == [("random", "random")]
    assert "ap" in out["totals"]["bots"]


@pytest.mark.parametrize(("argv", "message"), [
    (["sim", "--players", "greedy,ap", "--games", "1"], "'ap' (the Automated Player) is one seat of a base game"),
    (["sim", "--ruleset", "base", "--players", "ap,ap", "--games", "1"], "at most one 'ap'"),
    (["sim", "--epic", "--players", "2", "--games", "1"], "options of the base game"),
])
def test_base_options_are_checked(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_play_and_bench_take_the_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--ruleset", "base", "--players", "2", "--seed", "3", "--max-rounds", "2"]) == 0
    assert "places a map tile" in capsys.readouterr().out


def test_perft_takes_the_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    """``newdawn perft --ruleset base`` checks the base positions only (and ``ti`` the others)."""
    perft_dir = str(Path(__file__).resolve().parents[1] / "perft")
    assert main(["perft", perft_dir, "--ruleset", "base", "--depth", "1"]) == 0
    out = capsys.readouterr().out
    files = [line.split(":")[0] for line in out.splitlines() if line.startswith("/")]
    assert files and all(Path(f).name.startswith("base_") for f in files), out
    assert main(["perft", perft_dir, "--ruleset", "ti", "--depth", "1"]) == 0
    files = [line.split(":")[0] for line in capsys.readouterr().out.splitlines() if line.startswith("/")]
    assert files and not any(Path(f).name.startswith("base_") for f in files)
