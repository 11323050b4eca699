"""``newdawn sim``: random bots play complete games; per-game lines and totals."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections import Counter
from typing import Any

from ..content.rulesets import DEFAULT_RULESET
from ..engine import game_config, make_record, rounds_played
from .common import CliError, leader_label, play_random, ruleset_option_keys, winner_agendas
from .jobs import StopFlag, default_workers, run_jobs, stop_signals


def game_summary(st: Any, seed: int, decisions: int, seconds: float) -> dict[str, Any]:
    """One game's entry: JSON-ready."""
    w = st.winner
    return {
        "seed": seed,
        "winner": w if w >= 0 else None,
        "winner_leader": st.players[w].leader if w >= 0 else None,
        "winner_label": leader_label(st, w) if w >= 0 else None,
        "leaders": [p.leader for p in st.players],
        "rounds": rounds_played(st),
        "decisions": decisions,
        "seconds": seconds,
        "agendas": [{"id": i, "name": n} for i, n in winner_agendas(st)],
    }


def game_line(g: dict[str, Any]) -> str:
    head = f"seed {g['seed']:>6}  "
    tail = f"rounds {g['rounds']:>3}  decisions {g['decisions']:>6}"
    if g["winner"] is None:
        return f"{head}no winner (round limit)  {tail}"
    agendas = ", ".join(a["name"] for a in g["agendas"])
    return f"{head}winner seat {g['winner']} {g['winner_label']}  {tail}  agendas: {agendas}"


def totals(games: list[dict[str, Any]], names: dict[str, str]) -> dict[str, Any]:
    """Totals over the per-game entries (``names``: agenda id -> name)."""
    n = len(games)
    won = [g for g in games if g["winner"] is not None]
    rounds = [g["rounds"] for g in games]
    decisions = sum(g["decisions"] for g in games)
    seconds = sum(g["seconds"] for g in games)
    per_seat = Counter(g["winner"] for g in won)
    per_leader = Counter(g["winner_leader"] for g in won)
    agendas = Counter(a["id"] for g in won for a in g["agendas"])
    return {
        "games": n,
        "with_winner": len(won),
        "winner_share": len(won) / n if n else 0.0,
        "rounds_median": statistics.median(rounds) if rounds else 0,
        "rounds_mean": statistics.fmean(rounds) if rounds else 0.0,
        "decisions": decisions,
        "seconds": seconds,
        "decisions_per_s": decisions / seconds if seconds > 0 else 0.0,
        "wins_per_seat": {str(s): per_seat[s] for s in sorted(per_seat)},
        "wins_per_leader": dict(sorted(per_leader.items(), key=lambda kv: (-kv[1], kv[0]))),
        "agenda_claims_by_winners": {
            k: {"name": names[k], "count": v} for k, v in sorted(agendas.items(), key=lambda kv: (-kv[1], kv[0]))
        },
    }


def _totals_text(t: dict[str, Any], labels: dict[str, str]) -> list[str]:
    lines = [
        "",
        f"games {t['games']}, with a winner {t['with_winner']} ({t['winner_share']:.0%})",
        f"rounds: median {t['rounds_median']}, mean {t['rounds_mean']:.1f}",
        f"decisions {t['decisions']} in {t['seconds']:.2f} s: {t['decisions_per_s']:,.0f} decisions/s",
    ]
    if t["wins_per_seat"]:
        lines.append("wins per seat: " + ", ".join(f"seat {s}: {c}" for s, c in t["wins_per_seat"].items()))
        lines.append("wins per leader: " + ", ".join(f"{labels[k]}: {c}" for k, c in t["wins_per_leader"].items()))
        lines.append("agendas claimed by winners: " + ", ".join(
            f"{a['name']}: {a['count']}" for a in t["agenda_claims_by_winners"].values()))
    return lines


def _write_record(directory: str, record: dict[str, Any], seed: int) -> None:
    path = os.path.join(directory, f"game-{seed}.json")
    try:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(record, fh, separators=(",", ":"))
    except OSError as e:
        raise CliError(f"cannot write record {path}: {e.strerror}") from None


def run(players: int, games: int, seed: int, max_rounds: int | None, as_json: bool, records: str | None,
        ruleset: str = DEFAULT_RULESET, options: dict[str, Any] | None = None) -> int:
    if games < 1:
        raise CliError("--games must be at least 1")
    config = {**game_config(players, max_rounds=max_rounds, ruleset=ruleset), **(options or {})}
    if records:
        try:
            os.makedirs(records, exist_ok=True)
        except OSError as e:
            raise CliError(f"cannot create records directory {records}: {e.strerror}") from None

    entries: list[dict[str, Any]] = []
    names: dict[str, str] = {}
    labels: dict[str, str] = {}
    keep = records is not None

    def one(i: int) -> dict[str, Any]:
        s = seed + i
        t0 = time.perf_counter()
        st, n, actions = play_random(config, s, keep_actions=keep)
        dt = time.perf_counter() - t0
        if records:
            _write_record(records, make_record(config, s, actions), s)
        g = game_summary(st, s, n, dt)
        for a in g["agendas"]:
            names[a["id"]] = a["name"]
        if g["winner_leader"] is not None:
            labels[g["winner_leader"]] = g["winner_label"]
        entries.append(g)
        return g

    if as_json:
        for i in range(games):
            one(i)
    elif sys.stdout.isatty():
        # late import: rich's progress bar loads only when drawn on a terminal
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        with Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn()) as prog:
            task = prog.add_task("sim", total=games)
            for i in range(games):
                prog.console.print(game_line(one(i)), markup=False, highlight=False)
                prog.advance(task)
    else:
        for i in range(games):
            print(game_line(one(i)), flush=True)

    t = totals(entries, names)
    if as_json:
        out = {"players": players, "seed": seed, "max_rounds": max_rounds, "games": entries, "totals": t}
        print(json.dumps(out, indent=1))
    else:
        print("\n".join(_totals_text(t, labels)))
    return 0


# ---------------------------------------------------------------- tournaments between bots


def main(args: Any) -> int:
    """``newdawn sim``: a whole number of players keeps the random-bot simulation above; a
    comma-separated list of bot specs runs a tournament."""
    text = str(args.players).strip()
    ruleset = getattr(args, "ruleset", DEFAULT_RULESET)
    options = ruleset_options(args)
    if text.isdigit():
        for opt in ("ray", "plot"):
            if getattr(args, opt, None):
                raise CliError(f"--{opt} needs a tournament: give --players a list of bots, e.g. greedy,random")
        return run(int(text), args.games, args.seed, args.max_rounds, args.json, args.records, ruleset, options)
    if args.records:
        raise CliError("--records is only for random games (--players N)")
    return run_tournament(text, args.games, args.seed, args.max_rounds, args.json,
                          getattr(args, "workers", None), getattr(args, "ray", None), getattr(args, "plot", None),
                          ruleset, options)


def ruleset_options(args: Any) -> dict[str, Any]:
    """The base game's options given on the command line (``--first-game-map``, ``--epic``)."""
    opts: dict[str, Any] = {}
    if getattr(args, "first_game_map", False):
        opts["map"] = "first_game"
    if getattr(args, "epic", False):
        opts["epic"] = True
    ruleset = getattr(args, "ruleset", DEFAULT_RULESET)
    if not set(opts) <= ruleset_option_keys(ruleset):
        raise CliError(f"--first-game-map and --epic are options of the base game, not of {ruleset!r}: "
                       "add --ruleset base")
    return opts


def parse_players(text: str, ruleset: str = DEFAULT_RULESET) -> list[str]:
    # late import: bots load only when the command runs, not when the CLI parses
    from ..bots.registry import validate_spec
    from ..bots.tournament import AUTOMATED_PLAYER

    specs = [s.strip() for s in text.split(",") if s.strip()]
    if not 2 <= len(specs) <= 5:
        raise CliError(f"a tournament needs 2 to 5 bots (one per seat), got {len(specs)}")
    aps = sum(1 for s in specs if s.lower() == AUTOMATED_PLAYER)
    if aps and ("automa" not in ruleset_option_keys(ruleset) or aps > 1):
        raise CliError("'ap' (the Automated Player) is one seat of a base game: --ruleset base, at most one 'ap'")
    try:
        return [AUTOMATED_PLAYER if s.lower() == AUTOMATED_PLAYER else validate_spec(s) for s in specs]
    except ValueError as e:
        raise CliError(str(e)) from None


class Stopped(Exception):
    """The tournament was interrupted; ``results`` holds the games finished by then, in game
    order (a long run stopped by Ctrl-C or a kill keeps what it has played)."""

    def __init__(self, results: list[dict[str, Any]]) -> None:
        super().__init__(f"stopped after {len(results)} games")
        self.results = results


def tournament(specs: list[str], games: int, seed: int, max_rounds: int | None,
               workers: int | None = None, ray_address: str | None = None,
               on_done: Any = None, ruleset: str = DEFAULT_RULESET, options: dict[str, Any] | None = None,
               stop: StopFlag | None = None) -> list[dict[str, Any]]:
    """Play the tournament's games (in parallel) and return their summaries in game order.
    Stopped (``stop`` set by a signal, or ``on_done`` raising KeyboardInterrupt), it raises
    ``Stopped`` with the games finished so far."""
    # late import: bots load only when the command runs, not when the CLI parses
    from ..bots.tournament import play_job, schedule

    jobs = schedule(specs, games, seed, max_rounds, ruleset, options)
    results: list[dict[str, Any]] = []

    def done(res: dict[str, Any]) -> None:
        results.append(res)
        if on_done is not None:
            on_done(res)

    flag = stop if stop is not None else StopFlag()
    stopped = run_jobs(play_job, jobs, done, flag, workers or default_workers(), ray_address)
    results.sort(key=lambda g: g["index"])
    if stopped:
        raise Stopped(results)
    return results


def _finished_games(specs: list[str], games: int, seed: int, max_rounds: int | None, workers: int | None,
                    ray_address: str | None, on_done: Any, ruleset: str = DEFAULT_RULESET,
                    options: dict[str, Any] | None = None, stop: StopFlag | None = None,
                    ) -> tuple[list[dict[str, Any]], bool]:
    """``tournament``'s games and whether it was stopped before the end."""
    try:
        return tournament(specs, games, seed, max_rounds, workers, ray_address, on_done, ruleset, options,
                          stop), False
    except Stopped as e:
        return e.results, True


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _tournament_text(specs: list[str], t: dict[str, Any]) -> None:
    # late import: rich loads only when a table is printed to a terminal
    from rich.console import Console
    from rich.table import Table

    con = Console(highlight=False)
    head = (f"{t['games']} games of {', '.join(specs)}: {t['with_winner']} with a winner; "
            f"rounds mean {t['rounds_mean']:.1f}, median {t['rounds_median']}")
    con.print(head)
    bt = Table(title="Win rate per bot (per seat played; 95% Wilson interval)")
    for col in ("bot", "seats played", "wins", "win rate", "95% CI", "agendas / game"):
        bt.add_column(col, justify="left" if col == "bot" else "right")
    for k, v in t["bots"].items():
        lo, hi = v["ci95"]
        bt.add_row(k, str(v["games"]), str(v["wins"]), _pct(v["win_rate"]), f"{_pct(lo)} - {_pct(hi)}",
                   f"{t['agendas_per_game'][k]:.2f}")
    con.print(bt)
    lt = Table(title="Win rate per leader")
    for col in ("leader", "games", "wins", "win rate", "95% CI"):
        lt.add_column(col, justify="left" if col == "leader" else "right")
    for v in t["leaders"].values():
        lo, hi = v["ci95"]
        lt.add_row(v["label"], str(v["games"]), str(v["wins"]), _pct(v["win_rate"]), f"{_pct(lo)} - {_pct(hi)}")
    con.print(lt)
    for k, ags in t["agendas_by_bot"].items():
        if ags:
            con.print(f"agendas claimed by {k}: " + ", ".join(f"{a} {n}" for a, n in ags.items()))


def plot(path: str, t: dict[str, Any], results: list[dict[str, Any]]) -> None:
    try:
        # late import: matplotlib loads only when a plot is drawn
        import matplotlib
    except ImportError:
        raise CliError("--plot needs matplotlib: pip install 'newdawn[bots]'") from None
    matplotlib.use("Agg")
    # late import: matplotlib loads only when a plot is drawn
    import matplotlib.pyplot as plt

    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4.5))
    names = list(t["bots"])
    rates = [t["bots"][k]["win_rate"] for k in names]
    lo = [r - t["bots"][k]["ci95"][0] for r, k in zip(rates, names, strict=True)]
    hi = [t["bots"][k]["ci95"][1] - r for r, k in zip(rates, names, strict=True)]
    a1.bar(names, rates, yerr=[lo, hi], capsize=6, color="#4c72b0")
    a1.set_ylim(0, 1)
    a1.set_ylabel("win rate per seat played")
    a1.set_title(f"Win rate with 95% CI ({t['games']} games)")
    rounds = [g["rounds"] for g in results]
    a2.hist(rounds, bins=min(30, max(5, len(set(rounds)))), color="#dd8452")
    a2.set_xlabel("rounds")
    a2.set_ylabel("games")
    a2.set_title(f"Game length (mean {t['rounds_mean']:.1f} rounds)")
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=110)
    except OSError as e:
        raise CliError(f"cannot write plot {path}: {e.strerror}") from None
    finally:
        plt.close(fig)


def run_tournament(players: str, games: int, seed: int, max_rounds: int | None, as_json: bool,
                   workers: int | None, ray_address: str | None, plot_path: str | None, ruleset: str = DEFAULT_RULESET,
                   options: dict[str, Any] | None = None) -> int:
    # late import: bots load only when the command runs, not when the CLI parses
    from ..bots.tournament import aggregate

    if games < 1:
        raise CliError("--games must be at least 1")
    specs = parse_players(players, ruleset)
    # Ctrl-C, a kill (SIGTERM) or a closed terminal (SIGHUP: the output may be redirected to a
    # file) stops the run between decisions: the games finished are reported.
    with stop_signals(StopFlag()) as flag:
        results, stopped = _play_tournament(specs, games, seed, max_rounds, as_json, workers, ray_address, ruleset,
                                            options, flag)
    if stopped:
        print(f"stopped after {len(results)} of {games} games: the results below are those games'",
              file=sys.stderr)
        if not results:
            if as_json:
                print(json.dumps({"players": specs, "seed": seed, "max_rounds": max_rounds, "games": [],
                                  "totals": None, "games_planned": games, "stopped": True}, indent=1))
            return 130
    t = aggregate(results)
    if plot_path:
        plot(plot_path, t, results)
    if as_json:
        print(json.dumps({"players": specs, "seed": seed, "max_rounds": max_rounds, "games": results,
                          "totals": t, "games_planned": games, "stopped": stopped}, indent=1))
    else:
        _tournament_text(specs, t)
        if plot_path:
            print(f"plot written to {plot_path}")
    return 130 if stopped else 0


def _play_tournament(specs: list[str], games: int, seed: int, max_rounds: int | None, as_json: bool,
                     workers: int | None, ray_address: str | None, ruleset: str = DEFAULT_RULESET,
                     options: dict[str, Any] | None = None, stop: StopFlag | None = None,
                     ) -> tuple[list[dict[str, Any]], bool]:
    """The games' summaries (with a live progress bar on a terminal) and whether the run was
    stopped before the end."""
    show_bar = sys.stderr.isatty()
    if show_bar:
        # late import: rich loads only when a table is printed to a terminal
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        wins: Counter[str] = Counter()
        with Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      TextColumn("{task.description}"), console=Console(stderr=True)) as prog:
            task = prog.add_task("", total=games)

            def tick(res: dict[str, Any]) -> None:
                if res["winner_bot"] is not None:
                    wins[res["winner_bot"]] += 1
                prog.update(task, advance=1,
                            description="wins: " + ", ".join(f"{k} {v}" for k, v in wins.most_common()))

            return _finished_games(specs, games, seed, max_rounds, workers, ray_address, tick, ruleset, options, stop)
    else:
        # Without a terminal, each finished game is a line: on stdout, or on stderr when the
        # JSON owns stdout (a long run redirected to files still shows how far it is).
        out = sys.stderr if as_json else sys.stdout

        def line(res: dict[str, Any]) -> None:
            w = res["winner_bot"] or "no winner"
            print(f"game {res['index'] + 1:>4}/{games} seed {res['seed']}: {w} "
                  f"(seats {','.join(res['seats'])}), {res['rounds']} rounds", file=out, flush=True)

        return _finished_games(specs, games, seed, max_rounds, workers, ray_address, line, ruleset, options, stop)
