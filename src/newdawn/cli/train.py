"""``newdawn train``: rebuild the shipped win-chance models from self-play (docs/learning.md).

One command plays every recipe's games (``newdawn.learn.recipes``) on ``--workers`` processes
or a Ray cluster, keeps each finished game in ``DATA/<recipe>/<lineup>.jsonl`` (a stopped run
loses only the games in progress; the same command goes on from there), then fits each
recipe's model and writes ``OUT/<ruleset>-<players>p.json`` with its model card. The worker
processes play on the compiled build (``build/mypyc``) when it is present and up to date.
"""

from __future__ import annotations

import argparse
import importlib.util
import shlex
import sys
from pathlib import Path
from typing import Any

from ..buildinfo import engine_build
from .common import CliError

DEFAULT_SEED = 1
DEFAULT_DATA = "build/train-data"
DEFAULT_OUT = "src/newdawn/bots/models"
DEFAULT_COMPILED = "build/mypyc"


def add_parser(sub: Any) -> None:
    # late import: the learning stack loads only when the command runs, not when the CLI parses
    from ..learn.recipes import RECIPES

    p = sub.add_parser("train", help="self-play games and the fit of the win-chance models (resumable)")
    p.add_argument("--recipes", default=None, metavar="NAME,...",
                   help=f"the models to rebuild (default all: {', '.join(RECIPES)})")
    p.add_argument("--scale", type=float, default=1.0,
                   help="share of each recipe's games to play (default 1: the full run; 0.01 for a quick one)")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the run's seed (default {DEFAULT_SEED})")
    p.add_argument("--data", default=DEFAULT_DATA, help=f"folder of the self-play games (default {DEFAULT_DATA})")
    p.add_argument("--out", default=DEFAULT_OUT, help=f"folder the models are written to (default {DEFAULT_OUT})")
    p.add_argument("--workers", type=int, default=None, help="parallel processes (default: all cores)")
    p.add_argument("--ray", metavar="ADDRESS", help="play the games on the Ray cluster at ADDRESS ('auto', 'local')")
    p.add_argument("--compiled", default=DEFAULT_COMPILED, metavar="DIR",
                   help=f"the compiled build the workers play on when present and up to date (default "
                        f"{DEFAULT_COMPILED}; '' for none)")
    p.add_argument("--play-only", action="store_true", help="play the games, do not fit")
    p.add_argument("--fit-only", action="store_true", help="fit on the games kept so far, play none")
    p.add_argument("--note", default="", help="how the games were actually played, for the model card (e.g. a "
                   "run stopped early and fitted at the scale it reached)")


def command_line(args: argparse.Namespace) -> str:
    """The command that reproduces this run's games and models (the model card's)."""
    parts = ["newdawn", "train", "--recipes", ",".join(_recipe_names(args)), "--scale", f"{args.scale:g}",
             "--seed", str(args.seed)]
    return " ".join(shlex.quote(x) for x in parts)


def _recipe_names(args: argparse.Namespace) -> list[str]:
    # late import: the learning stack loads only when the command runs, not when the CLI parses
    from ..learn.recipes import RECIPES

    if not args.recipes:
        return list(RECIPES)
    names = [n.strip() for n in args.recipes.split(",") if n.strip()]
    bad = [n for n in names if n not in RECIPES]
    if bad or not names:
        raise CliError(f"unknown recipe {', '.join(bad) or '(none)'}: expected some of {', '.join(RECIPES)}")
    return names


def compiled_dir(given: str) -> str | None:
    """The compiled build to play on: ``given`` when it holds a build of the sources in use
    (its ``SOURCES_HASH`` matches, ``tools/build_fast.py``), else None. None too when this
    process already runs compiled (its workers do as well)."""

    if not given or engine_build() == "compiled":
        return None
    stamp = Path(given) / "SOURCES_HASH"
    tool = Path(__file__).resolve().parents[3] / "tools" / "build_fast.py"
    if not stamp.is_file() or not tool.is_file():
        return None
    spec = importlib.util.spec_from_file_location("_newdawn_build_fast", tool)
    if spec is None or spec.loader is None:
        return None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    if stamp.read_text().strip() != mod.sources_hash():
        print(f"the compiled build in {given} is out of date (make fast): playing on the pure build",
              file=sys.stderr)
        return None
    return str(Path(given).resolve())


def main(args: argparse.Namespace) -> int:
    # late import: the learning stack loads only when the command runs, not when the CLI parses
    from ..learn.recipes import RECIPES

    if args.scale <= 0:
        raise CliError("--scale must be positive")
    if args.play_only and args.fit_only:
        raise CliError("--play-only and --fit-only exclude each other")
    recipes = [RECIPES[n] for n in _recipe_names(args)]
    data = Path(args.data)
    stopped = False
    if not args.fit_only:
        stopped = _play(recipes, data, args)
    if stopped or args.play_only:
        return 130 if stopped else 0
    # late import: the learning stack loads only when the command runs, not when the CLI parses
    from ..learn.fit import train_models

    try:
        train_models(recipes, data, Path(args.out), args.seed, args.scale, command_line(args), args.note)
    except ImportError as e:
        raise CliError(f"fitting needs numpy and scipy ({e}): pip install 'newdawn[train]'") from None
    return 0


def _play(recipes: list[Any], data: Path, args: argparse.Namespace) -> bool:
    """Play the games not yet kept; True when the run was stopped before the end."""
    # late import: the learning stack loads only when the command runs, not when the CLI parses
    from ..learn.selfplay import Writers, play_selfplay, todo
    from .jobs import GameProgress, StopFlag, default_workers, run_jobs, stop_signals

    jobs, kept = todo(recipes, data, args.seed, args.scale)
    if not jobs:
        print(f"all {kept} games are played ({data})", file=sys.stderr)
        return False
    workers = args.workers or default_workers()
    fast = None if args.ray else compiled_dir(args.compiled)
    print(f"{kept + len(jobs)} games planned, {kept} kept in {data}, {len(jobs)} to play on "
          f"{'Ray' if args.ray else f'{workers} processes'}"
          f"{' (compiled build ' + fast + ')' if fast else ''}", file=sys.stderr)
    if fast is not None:
        # The workers are spawned with this process's path: the compiled build first. This
        # process keeps the modules it has loaded (the pure ones), which only write lines.
        sys.path.insert(0, fast)
        workers = max(workers, 2) if len(jobs) > 1 else workers
    out = Writers(data)
    try:
        with stop_signals(StopFlag()) as flag, \
                GameProgress("self-play", kept + len(jobs), kept, _game_text, every=10) as tick:
            def keep(res: dict[str, Any]) -> None:
                out.write(res)
                tick(res)

            stopped = run_jobs(play_selfplay, jobs, keep, flag, workers, args.ray)
    finally:
        out.close()
        if fast is not None:
            sys.path.remove(fast)
    if stopped:
        print(f"stopped; the finished games are kept in {data}: run the same command to go on", file=sys.stderr)
    return stopped


def _game_text(res: dict[str, Any]) -> str:
    return f"{res['recipe']} {res['lineup']} seed {res['seed']}: {res['rounds']} rounds, {res['cpu_s']:.0f} s"
