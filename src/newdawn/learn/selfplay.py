"""Self-play games for training, kept so that an interrupted run loses nothing it finished.

Each lineup of a recipe has its own file, ``DATA/<recipe>/<lineup>.jsonl``: one line per
finished game (its seed, seats, winner, every choice as an index into that decision's legal
options, and the positions the model learns from: each seat's features at every focus choice),
appended and flushed as the game ends. Running again plays only the seeds not in the
file; a line cut short by a kill while it was written is cut off first (``repair``). A game is
its configuration, seed and choices, so the positions are rebuilt exactly when the features change
(``dataset``) without playing again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots.base import play_game
from ..bots.features import FEATURES, seat_features
from ..bots.registry import make_bot
from ..bots.tournament import AUTOMATED_PLAYER, Job, bot_seed, job_config, schedule
from ..engine import Action, GameState, legal_actions, new_game, rounds_played
from .recipes import Recipe, scaled


@dataclass(frozen=True)
class GameJob:
    """One self-play game: the tournament job (seed, seats, configuration) and where it goes."""

    recipe: str
    lineup: str
    job: Job


def data_file(data: Path, recipe: str, lineup: str) -> Path:
    return data / recipe / f"{lineup}.jsonl"


def plan(recipe: Recipe, seed: int, scale: float) -> list[GameJob]:
    """The recipe's games at ``scale``, lineup by lineup, in seed order."""
    out: list[GameJob] = []
    for k, lu in enumerate(recipe.lineups):
        jobs = schedule(list(lu.specs), scaled(lu.games, scale), recipe.seed_base(seed, k), recipe.max_rounds,
                        recipe.ruleset)
        out.extend(GameJob(recipe.name, lu.name, j) for j in jobs)
    return out


def interleave(jobs: list[GameJob], totals: dict[tuple[str, str], int]) -> list[GameJob]:
    """Jobs ordered so that every lineup advances at the same pace (a run stopped early has a
    share of each): by the game's place within its lineup over the lineup's size."""
    return sorted(jobs, key=lambda g: (g.job.index / totals[(g.recipe, g.lineup)], g.recipe, g.lineup))


def play_selfplay(g: GameJob, stop: Callable[[], bool] | None = None) -> dict[str, Any] | None:
    """Play one game; its line (JSON-ready), or None when stopped before the end."""
    job = g.job
    st = new_game(job_config(job), job.seed)
    bots = [make_bot("random" if spec == AUTOMATED_PLAYER else spec, bot_seed(job.seed, s))
            for s, spec in enumerate(job.seats)]
    picks: list[int] = []
    positions: list[list[Any]] = []

    def before(state: GameState, seat: int, a: Action) -> None:
        if is_position(state):
            positions.append(position(state))
        picks.append(legal_actions(state).index(a))

    t0 = time.process_time()
    st, n = play_game(st, bots, before=before, stop=None if stop is None else (lambda _st: stop()))
    if stop is not None and stop():
        return None
    return {
        "recipe": g.recipe, "lineup": g.lineup, "seed": job.seed, "index": job.index, "seats": list(job.seats),
        "config": job_config(job), "winner": st.winner if st.winner >= 0 else None, "rounds": rounds_played(st),
        "decisions": n, "cpu_s": round(time.process_time() - t0, 3), "picks": picks,
        "features": list(FEATURES), "positions": positions,
    }


def is_position(st: GameState) -> bool:
    """A position the model learns from: a seat's focus choice (one per turn)."""
    frames = st.stack_frames
    return bool(frames) and frames[-1].get("kind") == "focus"


def position(st: GameState) -> list[Any]:
    """[round, seat to move, the seats' feature rows (``FEATURES``, 4 decimals)]."""
    rows = [[round(x, 4) for x in row] for row in seat_features(st)]
    return [st.round, st.current, rows]


def repair(path: Path) -> int:
    """Cut a last line left unfinished by a kill (no newline at the end); the bytes removed."""
    if not path.exists():
        return 0
    with path.open("rb+") as f:
        data = f.read()
        if not data or data.endswith(b"\n"):
            return 0
        keep = data.rfind(b"\n") + 1
        f.truncate(keep)
        return len(data) - keep


def read_games(path: Path) -> list[dict[str, Any]]:
    """The finished games of one file (a torn line, if any, skipped)."""
    if not path.exists():
        return []
    out = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
    return out


class Writers:
    """The open data files of a run, one per lineup, each line flushed as it is written."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.files: dict[tuple[str, str], Any] = {}

    def write(self, res: dict[str, Any]) -> None:
        key = (res["recipe"], res["lineup"])
        f = self.files.get(key)
        if f is None:
            path = data_file(self.data, *key)
            path.parent.mkdir(parents=True, exist_ok=True)
            f = self.files[key] = path.open("a", encoding="utf-8")
        f.write(json.dumps(res, separators=(",", ":")) + "\n")
        f.flush()

    def close(self) -> None:
        for f in self.files.values():
            f.close()


def todo(recipes: Iterable[Recipe], data: Path, seed: int, scale: float) -> tuple[list[GameJob], int]:
    """The games still to play (torn lines repaired first) and how many are already kept."""
    jobs: list[GameJob] = []
    totals: dict[tuple[str, str], int] = {}
    kept = 0
    for r in recipes:
        planned = plan(r, seed, scale)
        for lu in r.lineups:
            path = data_file(data, r.name, lu.name)
            repair(path)
            done = {g["seed"] for g in read_games(path)}
            mine = [g for g in planned if g.lineup == lu.name]
            totals[(r.name, lu.name)] = len(mine)
            kept += sum(1 for g in mine if g.job.seed in done)
            jobs.extend(g for g in mine if g.job.seed not in done)
    return interleave(jobs, totals), kept
