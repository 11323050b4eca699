"""The command line, run in-process through ``main``."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from newdawn.cli.main import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(list(argv)) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_sim_json_totals_match_games(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "sim", "--games", "2", "--players", "2", "--seed", "1", "--json")
    games, t = out["games"], out["totals"]
    assert [g["seed"] for g in games] == [1, 2]
    assert t["games"] == 2
    won = [g for g in games if g["winner"] is not None]
    assert t["with_winner"] == len(won)
    assert t["winner_share"] == pytest.approx(len(won) / 2)
    assert t["decisions"] == sum(g["decisions"] for g in games) > 0
    assert t["rounds_mean"] == pytest.approx(sum(g["rounds"] for g in games) / 2)
    assert sum(t["wins_per_seat"].values()) == len(won)
    assert sum(t["wins_per_leader"].values()) == len(won)
    claims = Counter(a["id"] for g in won for a in g["agendas"])
    assert {k: v["count"] for k, v in t["agenda_claims_by_winners"].items()} == dict(claims)
    for g in games:
        assert len(g["leaders"]) == 2
        if g["winner"] is None:
            assert g["agendas"] == []
        else:
            assert g["winner_leader"] == g["leaders"][g["winner"]]
            assert g["agendas"]


def test_replay_of_sim_record_gives_same_result(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = run_json(capsys, "sim", "--games", "1", "--players", "2", "--seed", "2", "--json",
                   "--records", str(tmp_path))
    g = out["games"][0]
    path = tmp_path / "game-2.json"
    record = json.loads(path.read_text())
    assert record["format"] == "newdawn-record/2"
    assert len(record["actions"]) == g["decisions"]

    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    result = lines[-1]
    assert f"after {g['rounds']} rounds ({g['decisions']} actions)" in result
    if g["winner"] is None:
        assert "no winner" in result
    else:
        assert result.startswith(f"result: seat {g['winner']} ")
        assert ", ".join(a["name"] for a in g["agendas"]) in result
    assert any(line.split()[:1] == [str(g["decisions"])] for line in lines)

    assert main(["replay", str(path), "--to", "10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("result: game not over") and "10 actions" in lines[-1]


def test_replay_bad_json_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"config": ')
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "bad JSON" in err and "Traceback" not in err


def test_replay_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_replay_illegal_action_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = {"format": "newdawn-record/1", "config": {"players": 2, "max_rounds": 5}, "seed": 3,
              "actions": ["focus culture"]}  # the first decision is a fort placement
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "action 1" in err and "not legal" in err and "Traceback" not in err


def test_replay_bad_record_shape_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "shape.json"
    path.write_text(json.dumps({"config": {"players": 9}, "seed": 1, "actions": []}))
    assert main(["replay", str(path)]) == 2
    assert "players" in capsys.readouterr().err


BENCH_KEYS = ("decisions_per_s", "games_per_s", "apply_copy_decisions_per_s", "copies_per_s",
              "json_roundtrips_per_s", "late_state_json_bytes", "late_state_round", "decisions_per_run")


def test_bench_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "bench", "--runs", "1", "--games", "1", "--json")
    for k in BENCH_KEYS:
        assert out[k] > 0, k
    assert out["runs"] == 1 and out["games_per_run"] == 1
    # pytest imports the package from src/ unless the compiled build was put first on the path
    assert out["build"] == ("compiled" if "build/mypyc" in os.environ.get("PYTHONPATH", "") else "pure")
    assert out["clock"] == "wall"


def test_bench_cpu_time(capsys: pytest.CaptureFixture[str]) -> None:
    """``--cpu-time`` times with the process's CPU time and says so."""
    out = run_json(capsys, "bench", "--runs", "1", "--games", "1", "--json", "--cpu-time")
    assert out["clock"] == "cpu" and out["decisions_per_s"] > 0 and out["copies_per_s"] > 0


def test_play_runs_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "2", "--seed", "5", "--max-rounds", "3"]) == 0
    out = capsys.readouterr().out
    assert "round 1" in out and "result:" in out
