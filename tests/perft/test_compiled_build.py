"""The compiled build (``make fast``, mypyc) plays exactly the games of the pure-Python build.

Both builds run ``build_digest.py`` in a subprocess each: the pure one with ``src/`` first on
the path, the compiled one with the build directory first. They walk every perft tree and
replay a set of recorded games, and every state (its JSON and its legal actions) must be the
same. Skips, saying why, when the compiled build is absent or older than the sources.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from newdawn.bots.greedy import GreedyBot
from newdawn.bots.random_bot import play_random
from newdawn.engine import (
    Action,
    apply_in_place,
    decision_seat,
    game_config,
    legal_actions,
    make_record,
    new_game,
)
from repo_scripts import load_script

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SRC = ROOT / "src"
FAST_DIR = Path(os.environ.get("NEWDAWN_FAST_DIR", ROOT / "build" / "mypyc"))
PERFT_FILES = sorted(HERE.glob("*.toml"))


def _skip_unless_built() -> None:
    stamp = FAST_DIR / "SOURCES_HASH"
    if not stamp.is_file():
        pytest.skip(f"no compiled build in {FAST_DIR} (build it with `make fast`)")
    if stamp.read_text().strip() != load_script("tools/build_fast.py").sources_hash():
        pytest.skip(f"the compiled build in {FAST_DIR} is older than the sources (run `make fast`)")


def _run(build: str, *args: str) -> dict[str, Any]:
    path = FAST_DIR if build == "compiled" else SRC
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run([sys.executable, str(HERE / "build_digest.py"), *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, f"{build} build failed:\n{done.stderr[-4000:]}"
    out: dict[str, Any] = json.loads(done.stdout)
    assert out.pop("build") == build, f"the {build} run did not use the {build} engine"
    return out


def _records() -> list[dict[str, Any]]:
    """Random games of 2-5 players (some to the round limit) and a greedy 2-player game."""
    records: list[dict[str, Any]] = []
    for players, seed, rounds in ((2, 3, 40), (3, 5, 30), (4, 1, 200), (5, 11, 25), (4, 21, 60)):
        config = game_config(players, max_rounds=rounds)
        _st, _n, actions = play_random(config, seed, keep_actions=True)
        records.append(make_record(config, seed, actions))
    config = game_config(2, max_rounds=20)
    st = new_game(config, 8)
    bot = GreedyBot(random.Random(8))
    moves: list[Action | str] = []
    while st.winner == -1:
        legal = legal_actions(st)
        moves.append(legal[0] if len(legal) == 1 else bot.choose_in(st, decision_seat(st), legal))
        apply_in_place(st, moves[-1])
    records.append(make_record(config, 8, moves))
    return records


def test_compiled_build_walks_the_same_perft_trees() -> None:
    _skip_unless_built()
    files = [str(p) for p in PERFT_FILES]
    pure = _run("pure", "perft", *files)
    compiled = _run("compiled", "perft", *files)
    assert pure["perft"].keys() == compiled["perft"].keys()
    for name, want in pure["perft"].items():
        assert compiled["perft"][name] == want, f"{name}: the builds differ"


def test_compiled_build_replays_recorded_games_state_by_state(tmp_path: Path) -> None:
    _skip_unless_built()
    path = tmp_path / "records.json"
    records = _records()
    path.write_text(json.dumps(records))
    pure = _run("pure", "replay", str(path))["games"]
    compiled = _run("compiled", "replay", str(path))["games"]
    assert len(pure) == len(compiled) == len(records)
    for g, (a, b) in enumerate(zip(pure, compiled, strict=True)):
        assert len(a) == len(b) == len(records[g]["actions"]) + 1
        if a == b:
            continue
        ply = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
        left = _run("pure", "dump", str(path), str(g), str(ply))
        right = _run("compiled", "dump", str(path), str(g), str(ply))
        assert right == left, f"game {g}: the builds differ first after {ply} actions"


def test_compiled_build_bots_choose_the_same_actions() -> None:
    _skip_unless_built()
    pure = _run("pure", "bots")["actions"]
    compiled = _run("compiled", "bots")["actions"]
    assert len(pure) > 40
    assert compiled == pure


def test_bots_survive_the_trip_to_a_pool_worker_in_both_builds() -> None:
    """The server's bot pool pickles a bot to a worker process and back: in the compiled build a
    frozen dataclass (the evaluation) once refused to be restored, and every pooled choice
    timed out."""
    _skip_unless_built()
    pure = _run("pure", "pickle")["bots"]
    compiled = _run("compiled", "pickle")["bots"]
    assert len(pure) == 14
    assert {k: v for k, v in pure.items() if v != "ok"} == {}
    assert {k: v for k, v in compiled.items() if v != "ok"} == {}


def test_compiled_build_reads_the_same_frame_shapes() -> None:
    """A scenario file's hand-written frames are checked against the declared shapes read at
    run time: the compiled build must read the same (engine/frames.py stays Python for it)."""
    _skip_unless_built()
    pure = _run("pure", "shapes")["shapes"]
    compiled = _run("compiled", "shapes")["shapes"]
    assert len(pure) > 100 and "kind: typing.Literal['turn']" in pure["TurnFrame"]
    assert compiled == pure


@pytest.mark.parametrize("build", ["pure", "compiled"])
def test_a_killed_tournament_keeps_its_finished_games(build: str) -> None:
    """SIGTERM in the middle of a search: the run stops at its next decision, prints the games
    it finished (``stopped``) and exits 130. The compiled build once died here with "fatal: out
    of memory" and printed nothing: its signal handler raised into native code."""
    if build == "compiled":
        _skip_unless_built()
    path = FAST_DIR if build == "compiled" else SRC
    env = {**os.environ, "PYTHONPATH": str(path)}
    cmd = [sys.executable, "-m", "newdawn.cli.main", "sim", "--players", "mcts:30ms-cpu,greedy", "--games", "50",
           "--seed", "95001", "--max-rounds", "4", "--workers", "1", "--json"]
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()  # "game 1/50 ...": one game is finished, the next is searching
        assert line.startswith("game    1/50"), line
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 130, err[-2000:]
    res = json.loads(out)
    assert res["stopped"] is True and res["games_planned"] == 50
    assert 1 <= len(res["games"]) < 50
    assert "stopped after" in err
