"""Entry point of the ``newdawn`` console script: argparse subcommands."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ..content.rulesets import DEFAULT_RULESET
from .common import RULESETS, CliError


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {v}")
    return v


def _rounds(text: str) -> int | None:
    """A round limit; 0 or 'none' means no limit."""
    if text.lower() in ("0", "none"):
        return None
    return _positive(text)


def _delay(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if v < 0:
        raise argparse.ArgumentTypeError("the delay cannot be negative")
    return v


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="newdawn", description="Civilization: A New Dawn + Terra Incognita engine tools")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("sim", help="bots play complete games: random games, or a tournament between bots")
    s.add_argument("--players", default="4", metavar="N|BOT,BOT,...",
                   help="a number of random bots (2-5, default 4), or a tournament's bots, one per seat, "
                        "e.g. mcts:1s,greedy,greedy,random (seats rotate from game to game); with "
                        "--ruleset base, 'ap' seats the Automated Player (last seat), e.g. greedy,ap")
    s.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    s.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i (default 1)")
    s.add_argument("--max-rounds", type=_rounds, default=200,
                   help="round limit per game, 0 for none (default 200)")
    s.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    s.add_argument("--records", metavar="DIR", help="save each game's record as DIR/game-SEED.json")
    s.add_argument("--workers", type=_positive, default=None,
                   help="tournament: parallel processes (default: all cores)")
    s.add_argument("--ray", metavar="ADDRESS", help="tournament: run the games on the Ray cluster at ADDRESS "
                   "('auto' for the one this machine belongs to, 'local' to start one here)")
    s.add_argument("--plot", metavar="FILE.png", help="tournament: draw win rates and game lengths (matplotlib)")
    _ruleset_arg(s, options=True)

    b = sub.add_parser("bench", help="engine speed on one core (medians over several runs)")
    b.add_argument("--json", action="store_true", help="print JSON instead of a table")
    b.add_argument("--runs", type=_positive, default=5, help="runs per measure; the median is reported (default 5)")
    b.add_argument("--games", type=_positive, default=10, help="complete games per run (default 10)")
    b.add_argument("--cpu-time", action="store_true",
                   help="time with this process's CPU time instead of the wall clock (steadier on a loaded machine)")
    _ruleset_arg(b)

    r = sub.add_parser("replay", help="replay a record and print the game log")
    r.add_argument("record", metavar="RECORD.json")
    r.add_argument("--to", type=int, metavar="N", help="stop after the first N actions")

    g = sub.add_parser("play", help="watch a complete game between random bots")
    g.add_argument("--players", type=int, default=4, help="players, 2-5 (default 4)")
    g.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    g.add_argument("--delay", type=_delay, default=0.0, help="seconds to pause before each turn (default 0)")
    g.add_argument("--max-rounds", type=_rounds, default=200,
                   help="round limit, 0 for none (default 200)")
    _ruleset_arg(g)
    return p


def _ruleset_arg(p: argparse.ArgumentParser, options: bool = False) -> None:
    p.add_argument("--ruleset", choices=RULESETS, default=DEFAULT_RULESET,
                   help="ti (A New Dawn with Terra Incognita, the default) or base (the base game, 2-4 players)")
    if options:
        p.add_argument("--first-game-map", action="store_true", help="base game: the printed first-game map")
        p.add_argument("--epic", action="store_true", help="base game: the epic game (four victory cards)")


PLUGINS: tuple[str, ...] = ("scenario", "perft", "serve", "puzzles", "ladder", "train")
"""Modules of ``newdawn.cli`` that add a subcommand of their own: each defines
``add_parser(sub)`` (adding one subparser) and ``main(args) -> int``. A new command is a new
module and one name here, so commands grow without touching each other's code."""


def _run_builtin(args: argparse.Namespace) -> int:
    if args.command == "sim":
        # late import: only the command that runs is loaded (`newdawn --help` stays quick)
        from . import sim

        return sim.main(args)
    if args.command == "bench":
        # late import: only the command that runs is loaded (`newdawn --help` stays quick)
        from . import bench

        return bench.run(args.json, args.runs, args.games, args.ruleset, args.cpu_time)
    if args.command == "replay":
        # late import: only the command that runs is loaded (`newdawn --help` stays quick)
        from . import replay

        return replay.run(args.record, args.to)
    # late import: only the command that runs is loaded (`newdawn --help` stays quick)
    from . import play

    return play.run(args.players, args.seed, args.delay, args.max_rounds, args.ruleset)


def _plugins() -> dict[str, object]:
    # late import: a command module is found by name only when it runs
    import importlib

    return {name: importlib.import_module(f"{__package__}.{name}") for name in PLUGINS}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    plugins = _plugins()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    owners: dict[str, object] = {}
    for mod in plugins.values():
        before = set(sub.choices)
        mod.add_parser(sub)  # type: ignore[attr-defined]
        for name in set(sub.choices) - before:
            owners[name] = mod
    args = parser.parse_args(argv)
    try:
        mod = owners.get(args.command)
        if mod is not None:
            return int(mod.main(args))  # type: ignore[attr-defined]
        return _run_builtin(args)
    except CliError as e:
        print(f"newdawn {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"newdawn {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # e.g. `newdawn replay x.json | head`: the reader went away; not an error of ours.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
