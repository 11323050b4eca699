"""Mine the puzzle suite (tests/puzzles/) from real games.

Usage::

    # games to mine (one JSON object per line: config, seed, actions, winner), appended as
    # they finish, so a stopped run resumes:
    python tools/mine_puzzles.py play --ruleset base --bots greedy,ap --games 60 --seed 96000 --out games.jsonl
    # candidates and their ground truth, then the scenario files:
    python tools/mine_puzzles.py mine GAMES.jsonl... --out tests/puzzles/ [--limit 60] [--budget 4000]

``mine`` replays every game (``engine.replay``) and looks at each seat's focus choice for

* **win**: the seat holds one victory card fewer than a win needs, and some focus card claims
  the last one this turn;
* **break**: the seat plays the last turn of the round and a rival already holds the winning
  number of cards through a fort agenda: unless the seat takes a fort from it this turn, the
  rival wins when the round ends.

The ground truth comes from ``newdawn.strength.search`` (every line of the seat's own turn,
the rivals' answers inside it taken adversarially, with a transposition table and a node
budget), never from a bot: each focus card is *winning* (a line found), *losing* (the whole
turn searched, no line) or *unknown* (the budget ran out). The same search on re-sampled dice
and draws (``engine.determinize``, ``--samples`` of them) measures how much a winning card
hangs on luck; a position is kept only when its best card wins in at least ``--min-chance``
of the samples as well as with the game's own generator, at least one card provably loses, and
the winning line replays. Each kept position becomes a scenario file (docs/scenarios.md,
"Puzzles"): the record's configuration and seed, its actions up to the position, and a
``[puzzle]`` table with the goal, the focus cards by status, the chance and a solution line.
Run it with the compiled build (``PYTHONPATH=build/mypyc``) and ``nice``: it is CPU-heavy.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from newdawn.bots.base import Bot, play_game
from newdawn.bots.registry import make_bot
from newdawn.bots.tournament import AUTOMATED_PLAYER, bot_seed
from newdawn.engine import GameState, apply, game_config, new_game
from newdawn.engine.api import apply_in_place, record_config
from newdawn.engine.state import content_for
from newdawn.engine.victory import card_counts
from newdawn.strength.puzzles import check_solution, load_puzzle
from newdawn.strength.search import (
    LOSS,
    UNKNOWN,
    WIN,
    Goal,
    cards_to_win,
    chance,
    focus_outcomes,
    is_turn_start,
)


class _Eps:
    """A bot that plays a uniformly random option (never ``back``) with chance ``eps``:
    self-play games with a few mistakes in them leave more won and lost chances to mine."""

    needs_view = True
    name = "eps"

    def __init__(self, inner: Bot, eps: float, rng: random.Random) -> None:
        self.inner, self.eps, self.rng = inner, eps, rng

    def choose(self, view: Any, legal: Any) -> Any:
        if len(legal) > 1 and self.rng.random() < self.eps:
            opts = [a for a in legal if a.verb != "back"] or legal
            return opts[self.rng.randrange(len(opts))]
        return self.inner.choose(view, legal)


def play_one(args: tuple[int, str, list[str], float, int]) -> dict[str, Any]:
    seed, ruleset, specs, eps, max_rounds = args
    cfg = game_config(len(specs), ruleset=ruleset, max_rounds=max_rounds)
    if AUTOMATED_PLAYER in specs:
        cfg["automa"] = True
    st = new_game(cfg, seed)
    bots: list[Bot] = []
    for s, spec in enumerate(specs):
        b = make_bot("random" if spec == AUTOMATED_PLAYER else spec, bot_seed(seed, s))
        bots.append(_Eps(b, eps, random.Random(bot_seed(seed, s) + 1)) if eps else b)
    actions: list[str] = []
    t0 = time.process_time()
    st, _n = play_game(st, bots, after=lambda _s, _seat, a: actions.append(str(a)))
    return {"config": cfg, "seed": seed, "actions": actions, "winner": st.winner, "bots": specs, "eps": eps,
            "cpu_s": round(time.process_time() - t0, 2)}


def cmd_play(a: argparse.Namespace) -> int:
    out = Path(a.out)
    done: set[int] = set()
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip():
                done.add(json.loads(line)["seed"])
    specs = a.bots.split(",")
    todo = [(s, a.ruleset, specs, a.eps, a.max_rounds) for s in range(a.seed, a.seed + a.games) if s not in done]
    print(f"{len(todo)} games to play ({len(done)} already in {out})", file=sys.stderr)
    with out.open("a") as f:
        for i, job in enumerate(todo):
            g = play_one(job)
            f.write(json.dumps(g) + "\n")
            f.flush()
            print(f"{i + 1}/{len(todo)} seed {g['seed']} winner {g['winner']} {g['cpu_s']} s", file=sys.stderr)
    return 0


def read_games(paths: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """(source label, record) of every game in JSON-lines files or newdawn record files."""
    out = []
    for p in paths:
        text = Path(p).read_text()
        name = Path(p).name
        if p.endswith(".jsonl"):
            out += [(name, json.loads(line)) for line in text.splitlines() if line.strip()]
        else:
            out.append((name, json.loads(text)))
    return out


def config_of(rec: dict[str, Any]) -> dict[str, Any]:
    """A record's configuration; a self-play line (no ``format``) was played with the engine's
    default generator."""
    return record_config(rec) if "format" in rec else dict(rec["config"])


def _holds_fort_card(st: GameState, seat: int) -> bool:
    c = content_for(st)
    return any(c.victory_cards[vc].fort and any(seat in st.claims.get(ag.id, ()) for ag in c.victory_cards[vc].agendas)
               for vc in st.victory_cards)


def candidates(rec: dict[str, Any], per_game: int) -> list[tuple[int, Goal, bool]]:
    """(action index, goal, whether the real game reached it) of the positions worth searching:
    every turn start from which the seat claimed its last card (a witness exists), up to
    ``per_game`` other turn starts a card short (the latest first: chances the game missed),
    and every break position (the seat plays the round's last turn while a rival holds the
    winning cards through a fort agenda)."""
    st = new_game(config_of(rec), rec["seed"])
    acts = rec["actions"]
    starts: list[tuple[int, int, list[int], int]] = []  # (index, seat, counts, need)
    for i, a in enumerate(acts):
        if is_turn_start(st):
            starts.append((i, st.current, card_counts(st), cards_to_win(st)))
            seat = st.current
            if (seat + 1) % st.n == st.first:
                counts = card_counts(st)
                need = cards_to_win(st)
                for r in range(st.n):
                    if r != seat and counts[r] >= need and _holds_fort_card(st, r):
                        starts[-1] = (i, seat, counts, -r - 1)  # marks a break position
        apply_in_place(st, a)
    out: list[tuple[int, Goal, bool]] = []
    missed: list[tuple[int, Goal, bool]] = []
    ends = [k for k, _s, _c, _n in starts] + [len(acts)]
    final = card_counts(st)
    for j, (i, seat, counts, need) in enumerate(starts):
        if need < 0:
            out.append((i, Goal("break", seat, -need - 1), False))
            continue
        if counts[seat] != need - 1:
            continue
        nxt = ends[j + 1]
        after = starts[j + 1][2] if j + 1 < len(starts) else final
        reached = after[seat] >= need or (nxt == len(acts) and rec.get("winner") == seat)
        (out if reached else missed).append((i, Goal("win", seat), reached))
    return out + missed[::-1][:per_game]


def state_at(rec: dict[str, Any], index: int) -> GameState:
    st = new_game(config_of(rec), rec["seed"])
    for a in rec["actions"][:index]:
        apply_in_place(st, a)
    return st.copy()


def classify(st: GameState, goal: Goal, a: argparse.Namespace) -> dict[str, Any]:
    """The ground truth of one position, or ``{"why": ...}`` when it is no puzzle."""
    # A break needs a whole military turn (armies to march, an attack): no quick look.
    quick = focus_outcomes(st, goal, a.quick if goal.kind == "win" else a.budget)
    if not any(o.status == WIN for o in quick.values()):
        return {"why": "no winning line found" + (" quickly" if goal.kind == "win" else "")}
    full = quick if goal.kind == "break" else focus_outcomes(st, goal, a.budget)
    for k, o in quick.items():  # a line the quick walk found stands
        if o.status == WIN and full[k].status != WIN:
            full[k] = o
    wins = [k for k, o in full.items() if o.status == WIN]
    losing = [k for k, o in full.items() if o.status == LOSS]
    if not losing:
        return {"why": "no choice provably fails"}
    sampled = [k for k, o in full.items() if o.status != LOSS or o.random]
    shares = chance(st, goal, sampled, a.samples, a.sample_budget, seed=st.round) if sampled else {}
    shares.update({k: 0.0 for k in full if k not in shares})
    best = max(wins, key=lambda k: (shares[k], -len(full[k].line)))
    if shares[best] < a.min_chance:
        return {"why": f"the best choice wins in only {shares[best]:.2f} of the samples"}
    if any(shares[k] >= shares[best] for k in losing):
        return {"why": "a choice that fails with these dice does as well over all dice"}
    return {"winning": wins, "losing": losing, "unknown": [k for k, o in full.items() if o.status == UNKNOWN],
            "chance": shares[best], "chances": shares, "solution": full[best].line,
            "nodes": sum(o.nodes for o in full.values())}


def _kind(st: GameState, goal: Goal, line: list[str]) -> str:
    if goal.kind == "break":
        return "break"
    after = st
    for t in line:
        after = apply(after, t)
    c = content_for(st)
    for vc in st.victory_cards:
        card = c.victory_cards[vc]
        ids = [ag.id for ag in card.agendas]
        had = any(goal.seat in st.claims.get(i, ()) for i in ids)
        has = any(goal.seat in after.claims.get(i, ()) for i in ids)
        if has and not had:
            return "fort attack" if card.fort else "agenda"
    return "agenda"


def _toml_list(items: list[str], indent: str = "    ", width: int = 100) -> str:
    lines, cur = [], ""
    for it in items:
        tok = json.dumps(it) + ","
        if cur and len(indent) + len(cur) + 1 + len(tok) > width:
            lines.append(indent + cur)
            cur = tok
        else:
            cur = f"{cur} {tok}" if cur else tok
    if cur:
        lines.append(indent + cur)
    return "[\n" + "\n".join(lines) + "\n]"


def puzzle_text(source: str, rec: dict[str, Any], index: int, st: GameState, goal: Goal, kind: str,
                truth: dict[str, Any]) -> str:
    cfg = config_of(rec)
    colors = [p.color for p in st.players]
    who = colors[goal.seat]
    need = cards_to_win(st)
    ruleset = cfg.get("ruleset", "ti")
    if goal.kind == "win":
        title = f"{who} holds {need - 1} of {need} victory cards: win this turn ({kind}, round {st.round})"
        rule = ("unified-rules-terra-incognita-rev7.txt: Winning the Game" if ruleset == "ti"
                else "base-game-rulebook.txt: Winning the Game")
    else:
        title = (f"{colors[goal.rival]} holds {need} victory cards through a fort: {who} plays the round's last turn "
                 f"and must take a fort back (round {st.round})")
        rule = "unified-rules-terra-incognita-rev7.txt: Fort Victory Cards"
    where = f"{source}: seed {rec['seed']}, action {index}"
    out = [f"title = {json.dumps(title)}", f"rule = {json.dumps(rule)}",
           f"notes = {json.dumps('Mined by tools/mine_puzzles.py from ' + where)}",
           "", "[game]", f"players = {cfg['players']}", f"seed = {rec['seed']}",
           f"generator = {json.dumps(cfg.get('generator', 'blake2b'))}"]
    if cfg.get("max_rounds") is not None:
        out.append(f"max_rounds = {cfg['max_rounds']}")
    if ruleset != "ti":
        out.append(f"ruleset = {json.dumps(ruleset)}")
    opts = {k: v for k, v in cfg.items() if k not in ("players", "ruleset", "leaders", "colors", "max_rounds", "generator")}
    if opts:
        out.append("options = { " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in sorted(opts.items())) + " }")
    if cfg.get("leaders"):
        out.append(f"leaders = {json.dumps(cfg['leaders'])}")
    out.append("actions = " + _toml_list(rec["actions"][:index]))
    out += ["", "[puzzle]", f"seat = {json.dumps(who)}", f"goal = {json.dumps(goal.kind)}"]
    if goal.kind == "break":
        out.append(f"rival = {json.dumps(colors[goal.rival])}")
    out += [f"kind = {json.dumps(kind)}", f"winning = {json.dumps(truth['winning'])}",
            f"losing = {json.dumps(truth['losing'])}", f"unknown = {json.dumps(truth['unknown'])}",
            f"chance = {truth['chance']:.3f}", "solution = " + _toml_list(truth["solution"]),
            f"source = {json.dumps(where)}", ""]
    return "\n".join(out)


def cmd_mine(a: argparse.Namespace) -> int:
    games = read_games(a.games)
    outdir = Path(a.out)
    outdir.mkdir(parents=True, exist_ok=True)
    log = Path(a.log) if a.log else outdir / "mined.jsonl"
    seen = set()
    if log.exists():
        for line in log.read_text().splitlines():
            if line.strip():
                d = json.loads(line)
                seen.add((d["source"], d["seed"], d["index"]))
    t0 = time.process_time()
    for gi, (source, rec) in enumerate(games):
        if time.process_time() - t0 > a.cpu_limit:
            print(f"CPU limit reached after {gi} games", file=sys.stderr)
            break
        if rec.get("winner") is None or rec["seed"] % a.shards != a.shard:
            continue
        for index, goal, reached in candidates(rec, a.per_game):
            if (source, rec["seed"], index) in seen:
                continue
            st = state_at(rec, index)
            t1 = time.process_time()
            truth = classify(st, goal, a)
            entry: dict[str, Any] = {"source": source, "seed": rec["seed"], "index": index, "goal": goal.kind,
                                     "seat": goal.seat, "rival": goal.rival, "reached": reached,
                                     "ruleset": st.ruleset, "players": st.n, "cpu_s": round(time.process_time() - t1, 1)}
            if "why" in truth:
                entry["why"] = truth["why"]
            else:
                kind = _kind(st, goal, truth["solution"])
                name = f"{st.ruleset}{st.n}_{kind.replace(' ', '_')}_{rec['seed']}_{index}.toml"
                path = outdir / name
                path.write_text(puzzle_text(source, rec, index, st, goal, kind, truth))
                problem = check_solution(load_puzzle(path))
                if problem:
                    path.unlink()
                    entry["rejected"] = problem
                else:
                    entry.update(file=name, kind=kind, **{k: truth[k] for k in ("winning", "losing", "unknown", "chance", "nodes")})
            with log.open("a") as f:
                f.write(json.dumps(entry) + "\n")
            seen.add((source, rec["seed"], index))
            print(f"{source} seed {rec['seed']} action {index} {goal.kind}: "
                  f"{entry.get('file') or entry.get('rejected') or 'no puzzle: ' + entry.get('why', '')} ({entry['cpu_s']} s)", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("play", help="play games to mine, appended to --out as they finish")
    pp.add_argument("--ruleset", default="ti")
    pp.add_argument("--bots", default="greedy,greedy", help="one spec per seat (ap: the Automated Player)")
    pp.add_argument("--games", type=int, default=50)
    pp.add_argument("--seed", type=int, default=96000)
    pp.add_argument("--eps", type=float, default=0.05, help="chance of a random move per decision")
    pp.add_argument("--max-rounds", type=int, default=120)
    pp.add_argument("--out", required=True)
    pm = sub.add_parser("mine", help="find puzzle positions in games and write them as scenario files")
    pm.add_argument("games", nargs="+", help="JSON-lines game files (config, seed, actions, winner) or record files")
    pm.add_argument("--out", default="tests/puzzles/mined")
    pm.add_argument("--log", help="one JSON line per position searched (default OUT/mined.jsonl); a rerun skips them")
    pm.add_argument("--per-game", type=int, default=6, help="turn starts a card short to search per game, besides those the game won from")
    pm.add_argument("--quick", type=int, default=400, help="budget (actions applied) of the first look for a winning line")
    pm.add_argument("--budget", type=int, default=6000, help="budget (actions applied) per focus choice of the full search")
    pm.add_argument("--samples", type=int, default=8, help="re-sampled dice and draws for the chance")
    pm.add_argument("--sample-budget", type=int, default=1500)
    pm.add_argument("--min-chance", type=float, default=0.6)
    pm.add_argument("--shard", type=int, default=0, help="mine only games whose seed %% SHARDS is SHARD")
    pm.add_argument("--shards", type=int, default=1, help="split the games for parallel runs (each with its own --log)")
    pm.add_argument("--cpu-limit", type=float, default=3000.0, help="stop starting games after this many CPU seconds")
    a = p.parse_args(argv)
    if a.cmd == "play":
        return cmd_play(a)
    if a.cmd == "mine":
        return cmd_mine(a)
    return 2


if __name__ == "__main__":
    sys.exit(main())
