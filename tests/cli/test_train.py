"""``newdawn train`` at a tiny scale: the same code as the shipped models' run (self-play,
resume, fit, model file and card), on 9 games of the base game (2 players: greedy against the
Automated Player, and greedy against greedy)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from newdawn.bots.model import FORMAT, MAX_BYTES, read_model
from newdawn.cli import jobs
from newdawn.cli.main import main
from newdawn.learn.dataset import load_games, split
from newdawn.learn.fit import Data
from newdawn.learn.recipes import RECIPES
from newdawn.learn.selfplay import read_games

SCALE = "0.015"
RECIPE = "base-2p"
SRC = Path(__file__).resolve().parents[2] / "src"


def _args(tmp: Path, *more: str) -> list[str]:
    return ["train", "--recipes", RECIPE, "--scale", SCALE, "--data", str(tmp / "data"), "--out",
            str(tmp / "models"), "--workers", "1", "--compiled", "", *more]


def _kept(tmp: Path) -> list[dict[str, Any]]:
    return [g for f in sorted((tmp / "data" / RECIPE).glob("*.jsonl")) for g in read_games(f)]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A run stopped after its first game, a line torn by the kill, then the same command again."""
    tmp = tmp_path_factory.mktemp("train")
    mp = pytest.MonkeyPatch()
    real = jobs.run_jobs

    def stop_after_first(fn, todo, on_done, stop, workers=1, ray_address=None):  # type: ignore[no-untyped-def]
        def once(res):  # type: ignore[no-untyped-def]
            on_done(res)
            stop.set()
        return real(fn, todo, once, stop, workers, ray_address)

    mp.setattr(jobs, "run_jobs", stop_after_first)
    try:
        stopped = main(_args(tmp))
    finally:
        mp.undo()
    first = _kept(tmp)
    torn = tmp / "data" / RECIPE / f"{first[0]['lineup']}.jsonl"
    with torn.open("a") as f:
        f.write('{"recipe":"base-2p","lineup":"greedy-ap","seed":')
    resumed = main(_args(tmp))
    return {"tmp": tmp, "stopped": stopped, "first": first, "resumed": resumed, "kept": _kept(tmp)}


def test_a_stopped_run_keeps_its_games_and_the_same_command_goes_on(run: dict[str, Any]) -> None:
    assert run["stopped"] == 130 and len(run["first"]) == 1
    assert run["resumed"] == 0
    seeds = [g["seed"] for g in run["kept"]]
    planned = sum(max(2, round(lu.games * float(SCALE))) for lu in RECIPES[RECIPE].lineups)
    assert len(seeds) == len(set(seeds)) == planned
    assert run["first"][0] in run["kept"]  # the finished game was not played again
    for f in (run["tmp"] / "data" / RECIPE).glob("*.jsonl"):
        assert f.read_text().endswith("\n")  # the torn line was cut off


def test_the_model_file_is_small_plain_json_with_its_card(run: dict[str, Any]) -> None:
    path = run["tmp"] / "models" / "base-2p.json"
    assert path.stat().st_size <= MAX_BYTES
    d = json.loads(path.read_text())
    assert d["format"] == FORMAT and d["ruleset"] == "base" and d["players"] == 2
    assert len(d["features"]) == len(d["weights"])
    card = d["card"]
    assert card["command"] == f"newdawn train --recipes {RECIPE} --scale {SCALE} --seed 1"
    assert len(card["data_sha256"]) == 64
    assert card["games"]["used"] == card["games"]["training"] + card["games"]["held_out"] >= 5
    firsts = [lu["first_seed"] for lu in card["lineups"].values()]
    assert len(set(firsts)) == 2 and min(firsts) >= 10_000_000  # never the seeds of the measured figures
    for who in ("model", "constant", "hand"):
        fig = card["held_out"][who]
        assert fig["log_loss"] > 0 and 0 <= fig["accuracy"] <= 1 and len(fig["calibration"]) == 5
    assert set(card["libraries"]) >= {"python", "numpy", "scipy"}


def test_the_learned_model_beats_a_constant_on_held_out_games(run: dict[str, Any]) -> None:
    """Recomputed from the held-out games with the model as the table reads it (pure Python)."""
    import math

    tmp = run["tmp"]
    model = read_model(tmp / "models" / "base-2p.json")
    games, _ = load_games(RECIPES[RECIPE], tmp / "data", 1, float(SCALE))
    train, test = split(games)
    assert test and not {g.seed for g in train} & {g.seed for g in test}
    wins = [10.0 + sum(1 for g in train if g.winner == s) for s in range(2)]
    const = [w / sum(wins) for w in wins]
    data = Data(test, 2)
    ll_model = ll_const = 0.0
    for rows, y in zip(data.x.tolist(), data.y.tolist(), strict=True):
        ll_model -= math.log(model.chances_of_rows(rows)[y])
        ll_const -= math.log(const[y])
    assert ll_model / len(data) == pytest.approx(model.card["held_out"]["model"]["log_loss"], abs=1e-3)
    assert ll_model < ll_const


def test_sigterm_stops_a_run_on_worker_processes_and_keeps_the_finished_games(tmp_path: Path) -> None:
    """A real kill of a run on two worker processes: it ends (the workers with it) and what was
    finished is kept."""
    cmd = [sys.executable, "-m", "newdawn.cli.main", *_args(tmp_path, "--play-only")]
    cmd[cmd.index("--workers") + 1] = "2"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 300
        while not _kept(tmp_path) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert proc.poll() is None, "the run ended before it was stopped"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "run the same command to go on" in err
    assert len(_kept(tmp_path)) >= 1
