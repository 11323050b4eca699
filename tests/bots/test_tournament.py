"""Tournament bookkeeping: seat rotation, Wilson intervals, aggregation, the CLI, and a short
run on a local Ray cluster."""

from __future__ import annotations

import json
import math
import os
import signal
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from newdawn.bots import tournament as tournament_mod
from newdawn.bots.tournament import aggregate, bot_seed, play_job, rotation, schedule, wilson
from newdawn.cli import jobs, sim
from newdawn.cli.main import main
from newdawn.cli.sim import tournament


def test_rotation_puts_every_bot_in_every_seat() -> None:
    specs = ["mcts:1s", "greedy", "greedy", "random"]
    seats = [rotation(specs, i) for i in range(4)]
    for s in range(4):
        assert Counter(g[s] for g in seats) == Counter(specs)
    for g in seats:
        assert Counter(g) == Counter(specs)
    assert rotation(specs, 0) == tuple(specs)
    assert rotation(specs, 5) == rotation(specs, 1)
    jobs = schedule(["a", "b"], 5, 10, 50)
    assert [j.seed for j in jobs] == [10, 11, 12, 13, 14]
    assert [j.seats for j in jobs] == [("a", "b"), ("b", "a")] * 2 + [("a", "b")]
    assert bot_seed(1, 0) != bot_seed(1, 1) and bot_seed(1, 0) == bot_seed(1, 0)


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    # Narrows like 1/sqrt(n).
    w1 = wilson(100, 200)
    w2 = wilson(400, 800)
    assert math.isclose((w1[1] - w1[0]) / (w2[1] - w2[0]), 2.0, rel_tol=0.02)


def _fake(seats: list[str], leaders: list[str], winner: int | None, rounds: int) -> dict[str, Any]:
    return {"index": 0, "seed": 0, "seats": seats, "leaders": leaders, "leader_labels": leaders,
            "winner": winner, "winner_bot": None if winner is None else seats[winner], "rounds": rounds,
            "decisions": 10, "seconds": 0.1, "agendas": [["A"] if s == winner else [] for s in range(len(seats))]}


def test_aggregate_counts_per_seat_played() -> None:
    games = [
        _fake(["greedy", "greedy", "random"], ["x", "y", "z"], 0, 10),
        _fake(["random", "greedy", "greedy"], ["y", "z", "x"], 0, 20),
        _fake(["greedy", "random", "greedy"], ["z", "x", "y"], None, 30),
    ]
    t = aggregate(games)
    assert t["games"] == 3 and t["with_winner"] == 2
    assert t["rounds_mean"] == 20.0
    assert t["bots"]["greedy"]["games"] == 6 and t["bots"]["greedy"]["wins"] == 1
    assert t["bots"]["random"]["games"] == 3 and t["bots"]["random"]["wins"] == 1
    assert t["bots"]["greedy"]["win_rate"] == pytest.approx(1 / 6)
    assert t["leaders"]["x"]["wins"] == 1 and t["leaders"]["y"]["wins"] == 1 and t["leaders"]["z"]["wins"] == 0
    assert t["bots"]["random"]["ci95"] == list(wilson(1, 3))
    assert t["agendas_by_bot"] == {"greedy": {"A": 1}, "random": {"A": 1}}


def test_play_job_is_deterministic_and_seat_rotated() -> None:
    jobs = schedule(["greedy", "random"], 2, 7, 4)
    a, b = play_job(jobs[0]), play_job(jobs[0])
    for k in ("winner", "rounds", "decisions", "leaders", "agendas"):
        assert a[k] == b[k]
    c = play_job(jobs[1])
    assert c["seats"] == ["random", "greedy"] and c["rounds"] <= 4


def test_tournament_in_parallel_matches_serial() -> None:
    serial = tournament(["greedy", "random"], 2, 3, 3, workers=1)
    para = tournament(["greedy", "random"], 2, 3, 3, workers=2)
    strip = [{k: v for k, v in g.items() if k != "seconds"} for g in serial]
    assert strip == [{k: v for k, v in g.items() if k != "seconds"} for g in para]


def test_sim_cli_tournament_json_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png = tmp_path / "r.png"
    assert main(["sim", "--players", "greedy,random", "--games", "2", "--max-rounds", "3",
                 "--workers", "1", "--json", "--plot", str(png)]) == 0
    cap = capsys.readouterr()
    out = json.loads(cap.out)
    # the JSON owns stdout, so the per-game progress lines go to stderr
    assert [ln.split(":")[0] for ln in cap.err.splitlines() if ln.startswith("game")] == [
        "game    1/2 seed 1", "game    2/2 seed 2"]
    assert out["players"] == ["greedy", "random"] and len(out["games"]) == 2
    assert out["totals"]["bots"]["greedy"]["games"] == 2
    assert png.stat().st_size > 1000 and png.read_bytes()[:4] == b"\x89PNG"


def test_sim_cli_rejects_bad_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--players", "greedy,alphazero", "--games", "1"]) == 2
    assert "alphazero" in capsys.readouterr().err
    assert main(["sim", "--players", "greedy", "--games", "1"]) == 2
    assert main(["sim", "--players", "2", "--games", "1", "--plot", "x.png"]) == 2


def test_ray_local_cluster() -> None:
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'newdawn[bots]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        res = tournament(["greedy", "random"], 2, 5, 2, ray_address="auto")
    finally:
        ray.shutdown()
    assert [g["index"] for g in res] == [0, 1]
    assert [g["seats"] for g in res] == [["greedy", "random"], ["random", "greedy"]]
    local = tournament(["greedy", "random"], 2, 5, 2, workers=1)
    assert [g["decisions"] for g in res] == [g["decisions"] for g in local]


def test_an_interrupted_tournament_keeps_the_games_it_finished() -> None:
    seen: list[int] = []

    def stop_after_two(res: dict[str, Any]) -> None:
        seen.append(res["index"])
        if len(seen) == 2:
            raise KeyboardInterrupt

    with pytest.raises(sim.Stopped) as e:
        tournament(["greedy", "random"], 4, 3, 3, workers=1, on_done=stop_after_two)
    assert [g["index"] for g in e.value.results] == [0, 1]


@pytest.mark.parametrize("sig", jobs.STOP_SIGNALS)
def test_sim_cli_killed_reports_the_games_played(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch, sig: int) -> None:
    """Ctrl-C, a kill (SIGTERM) or the terminal closing (SIGHUP) during the second game: the
    handler only sets the stop flag, the game in progress ends at its next decision and is
    dropped, the run prints the first game's results with ``stopped`` and exits 130; the
    handler found is restored."""
    real = tournament_mod.play_job

    def killed_in_second(job: Any, stop: Any) -> Any:
        if job.index == 1:
            os.kill(os.getpid(), sig)
            assert stop(), "the signal did not reach the stop flag"
        return real(job, stop)

    def unhandled(signum: int, frame: Any) -> None:
        raise AssertionError("the run left the signal to the handler it found")

    original = signal.signal(sig, unhandled)
    try:
        monkeypatch.setattr(tournament_mod, "play_job", killed_in_second)
        code = main(["sim", "--players", "greedy,random", "--games", "4", "--max-rounds", "3",
                     "--workers", "1", "--json"])
        assert signal.getsignal(sig) is unhandled
    finally:
        signal.signal(sig, original)
    assert code == 130
    cap = capsys.readouterr()
    out = json.loads(cap.out)
    assert out["stopped"] is True and out["games_planned"] == 4 and len(out["games"]) == 1
    assert out["totals"]["games"] == 1
    assert "stopped after 1 of 4 games" in cap.err
