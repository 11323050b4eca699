"""``newdawn ladder``: a round robin of bot specs, rated (Bradley–Terry/Elo), resumable.

The run lives in a folder (``--out``): ``plan.json`` (the specs, the ruleset, the seeds: chosen
before the first game and kept), ``games.jsonl`` (one line per finished game, appended as it
finishes, so a stopped run loses only the games in progress), and once the games are played
``ladder.md`` (the Markdown table, docs/bots.md "Strength") and ``ladder.png`` (the plot).
Running the same command again resumes: the games already in ``games.jsonl`` are not replayed.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from ..buildinfo import engine_build
from ..content.rulesets import DEFAULT_RULESET
from .common import RULESETS, CliError, ruleset_option_keys

DEFAULT_BOTS = "greedy,random"


def add_parser(sub: Any) -> None:
    p = sub.add_parser("ladder", help="round robin of bots on fresh seeds, rated by Bradley-Terry (Elo); resumable")
    p.add_argument("--bots", default=None, metavar="BOT,BOT,...",
                   help=f"bot specs to rank (make_bot; 'ap' for the base game's Automated Player); default {DEFAULT_BOTS}")
    p.add_argument("--ruleset", choices=RULESETS, default=None, help=f"{' or '.join(RULESETS)} (default {DEFAULT_RULESET})")
    p.add_argument("--seeds", type=int, default=None, help="seeds per pair, each played twice with the seats swapped (default 50)")
    p.add_argument("--seed", type=int, default=None, help="the first seed (default 700000)")
    p.add_argument("--max-rounds", type=int, default=None, help="round limit per game (default 200)")
    p.add_argument("--out", default="ladder", help="the run's folder: plan, games, table and plot (default ./ladder)")
    p.add_argument("--workers", type=int, default=None, help="parallel processes (default: all cores)")
    p.add_argument("--ray", metavar="ADDRESS", help="run the games on the Ray cluster at ADDRESS ('auto', 'local')")
    p.add_argument("--anchor", default=None, help="the bot rated 0 (default random when it plays, else the first)")
    p.add_argument("--report", action="store_true", help="only write the table and plot of the games played so far")
    p.add_argument("--json", action="store_true", help="print the table as JSON instead of Markdown")


PLAN_KEYS = ("specs", "ruleset", "seed", "seeds", "max_rounds")


def _plan(args: argparse.Namespace, out: Path) -> dict[str, Any]:
    """The run's plan: the one in ``out`` (the options given must agree with it), or a new one."""
    # late import: bots and games load only when the command runs, not when the CLI parses
    from ..bots.registry import validate_spec
    from ..bots.tournament import AUTOMATED_PLAYER

    given = {"specs": args.bots, "ruleset": args.ruleset, "seed": args.seed, "seeds": args.seeds,
             "max_rounds": args.max_rounds}
    path = out / "plan.json"
    if path.exists():
        try:
            plan: dict[str, Any] = json.loads(path.read_text())
        except (OSError, ValueError) as e:
            raise CliError(f"cannot read the run's plan {path}: {e}") from None
        if given["specs"] is not None:
            given["specs"] = [s.strip().lower() for s in given["specs"].split(",") if s.strip()]
        differ = [k for k in PLAN_KEYS if given[k] is not None and given[k] != plan[k]]
        if differ:
            raise CliError(f"{out} holds a run planned with other {', '.join(differ)} "
                           f"({', '.join(f'{k}={plan[k]}' for k in differ)}): resume it without them, "
                           "or choose another --out")
        return plan
    if args.report:
        raise CliError(f"no run in {out} (no plan.json)")
    specs = [s.strip().lower() for s in (args.bots or DEFAULT_BOTS).split(",") if s.strip()]
    if len(specs) < 2 or len(set(specs)) != len(specs):
        raise CliError("a ladder needs at least two different bot specs, e.g. --bots greedy,random")
    ruleset = args.ruleset or DEFAULT_RULESET
    try:
        for s in specs:
            if s == AUTOMATED_PLAYER:
                if "automa" not in ruleset_option_keys(ruleset):
                    raise CliError(f"'ap' (the Automated Player) is not a seat of the {ruleset!r} ruleset: "
                                   "add --ruleset base")
            else:
                validate_spec(s)
    except ValueError as e:
        raise CliError(str(e)) from None
    seeds = args.seeds if args.seeds is not None else 50
    if seeds < 1:
        raise CliError("--seeds must be at least 1")
    plan = {"specs": specs, "ruleset": ruleset, "seed": args.seed if args.seed is not None else 700000,
            "seeds": seeds, "max_rounds": args.max_rounds if args.max_rounds is not None else 200}
    plan["command"] = "newdawn ladder " + " ".join(
        shlex.quote(x) for x in ["--bots", ",".join(specs), "--ruleset", ruleset, "--seeds", str(seeds),
                                 "--seed", str(plan["seed"]), "--max-rounds", str(plan["max_rounds"])])
    try:
        out.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(plan, indent=1) + "\n")
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror}") from None
    return plan


def read_games(path: Path) -> list[dict[str, Any]]:
    """The finished games; a line cut short by a kill while being written is skipped."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


def main(args: argparse.Namespace) -> int:
    # late import: bots and games load only when the command runs, not when the CLI parses
    from ..strength.ladder import play_ladder_game, schedule
    from .jobs import GameProgress, StopFlag, default_workers, run_jobs, stop_signals

    out = Path(args.out)
    plan = _plan(args, out)
    games_path = out / "games.jsonl"
    jobs = schedule(plan["specs"], plan["seed"], plan["seeds"], plan["ruleset"], max_rounds=plan["max_rounds"])
    done = {g["key"] for g in read_games(games_path)}
    todo = [j for j in jobs if j.key not in done]
    stopped = False
    if todo and not args.report:
        print(f"{len(jobs)} games planned, {len(done)} already played, {len(todo)} to play "
              f"({out}/games.jsonl)", file=sys.stderr)
        with stop_signals(StopFlag()) as flag, games_path.open("a") as f, \
                GameProgress("ladder", len(jobs), len(done), _game_text) as tick:
            build = engine_build()

            def keep(res: dict[str, Any]) -> None:
                f.write(json.dumps({**res, "build": build}) + "\n")
                f.flush()
                tick(res)

            stopped = run_jobs(play_ladder_game, todo, keep, flag, args.workers or default_workers(), args.ray)
        if stopped:
            print(f"stopped: {len(read_games(games_path))} of {len(jobs)} games kept in {games_path}; "
                  "run the same command to go on", file=sys.stderr)
    return _report(plan, read_games(games_path), out, args, stopped)


def builds_played(results: list[dict[str, Any]]) -> str:
    """The build the games were played on, as each game line records it ("pure and compiled"
    when they differ; "unrecorded" for lines written before games kept it): a report redrawn
    later, on another build, still names the one that played."""
    seen = sorted({str(g["build"]) for g in results if "build" in g})
    if any("build" not in g for g in results):
        seen.append("unrecorded")
    return " and ".join(seen)


def _game_text(res: dict[str, Any]) -> str:
    return f"{res['key']}: {res['winner_bot'] or 'no winner'}, {res['rounds']} rounds"


def _report(plan: dict[str, Any], results: list[dict[str, Any]], out: Path, args: argparse.Namespace,
            stopped: bool) -> int:
    # late import: bots and games load only when the command runs, not when the CLI parses
    from ..strength.ladder import markdown, plot, table

    if not results:
        print("no games played yet", file=sys.stderr)
        return 130 if stopped else 0
    t = table(plan["specs"], results, args.anchor)
    meta = {**plan, "build": builds_played(results)}
    md = markdown(t, meta)
    (out / "ladder.md").write_text(md)
    try:
        plot(str(out / "ladder.png"), t, f"{plan['ruleset']}, {t['games']} games")
    except ImportError:
        print("no plot: matplotlib is not installed (pip install 'newdawn[bots]')", file=sys.stderr)
    if args.json:
        print(json.dumps({"plan": plan, "table": t, "stopped": stopped}, indent=1))
    else:
        print(md)
    return 130 if stopped else 0
