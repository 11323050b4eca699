"""What the learned evaluation costs a search (a benchmark, not a test: the figures depend on
the machine; docs/learning.md has them for both builds).

    python -m newdawn.learn.speed [--positions 8] [--budget 0.5] [--ruleset ti] [--players 2]

Positions: the focus choices of a greedy game. Per call: the CPU time of ``value(st, seat)``
of the hand evaluation and of the learned one (``model.LearnedEvaluation``: features and a dot
product). In a search: mcts with each evaluation, alternating on the same positions, each
choice given ``--budget`` seconds of CPU time, and mcts with the model at its leaves while the
hand table plays the simulated turns out (``learned_leaves``, what Hard does in Terra Incognita
with 2 players); the figure is iterations per CPU second.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any, cast

from ..bots.base import play_game
from ..bots.evaluate import hand_for
from ..bots.greedy import GreedyBot
from ..bots.mcts import MctsBot
from ..bots.model import LearnedEvaluation, shipped_model
from ..buildinfo import engine_build
from ..content.rulesets import DEFAULT_RULESET
from ..engine import GameState, decision_seat, game_config, legal_actions, new_game, player_view
from .selfplay import is_position


def positions(ruleset: str, players: int, count: int, seed: int) -> list[GameState]:
    st = new_game(game_config(players, max_rounds=100, ruleset=ruleset), seed)
    got: list[GameState] = []
    bots = [GreedyBot(random.Random(seed + s)) for s in range(players)]

    def keep(state: GameState, seat: int, a: Any) -> None:
        if is_position(state) and len(legal_actions(state)) > 1 and state.round >= 3:
            got.append(state.copy())

    play_game(st, bots, before=keep)
    step = max(1, len(got) // count)
    return got[::step][:count]


def per_call(states: list[GameState], ev: Any, repeat: int = 20) -> float:
    """Median CPU microseconds of one ``ev.value`` call."""
    times = []
    for st in states:
        seat = decision_seat(st)
        ev.value(st, seat)  # caches of the board
        t0 = time.process_time()
        for _ in range(repeat):
            ev.value(st, seat)
        times.append((time.process_time() - t0) / repeat)
    return 1e6 * statistics.median(times)


def iterations_per_cpu_s(states: list[GameState], evs: dict[str, Any], budget: float,
                         policies: dict[str, Any] | None = None) -> dict[str, float]:
    """mcts iterations per CPU second with each of ``evs`` (its simulated turns played by the
    same evaluation, or by ``policies[name]`` where given)."""
    its: dict[str, int] = dict.fromkeys(evs, 0)
    cpu: dict[str, float] = dict.fromkeys(evs, 0.0)
    policies = policies or {}
    for i, st in enumerate(states):
        seat = decision_seat(st)
        view, legal = player_view(st, seat), legal_actions(st)
        names = list(evs) if i % 2 == 0 else list(reversed(evs))
        for name in names:
            bot = MctsBot(random.Random(i), time_s=budget, clock=time.thread_time, ev=cast(Any, evs[name]),
                          policy=policies.get(name))
            t0 = time.thread_time()
            bot.choose(view, legal)
            cpu[name] += time.thread_time() - t0
            its[name] += bot.last_iterations
    return {k: its[k] / cpu[k] for k in evs}


def main(argv: list[str] | None = None) -> int:

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--budget", type=float, default=0.5, help="CPU seconds per mcts choice (default 0.5)")
    ap.add_argument("--ruleset", default=DEFAULT_RULESET)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=880001)
    args = ap.parse_args(argv)
    model = shipped_model(args.ruleset, args.players)
    if model is None:
        raise SystemExit(f"no shipped model for {args.ruleset} with {args.players} players")
    states = positions(args.ruleset, args.players, args.positions, args.seed)
    hand, learned = hand_for(args.ruleset), LearnedEvaluation(model)
    evs = {"hand": hand, "learned": learned, "learned_leaves": learned}
    out = {
        "build": engine_build(), "positions": len(states), "budget_cpu_s": args.budget,
        "value_us": {k: round(per_call(states, ev), 1) for k, ev in evs.items() if k != "learned_leaves"},
        "mcts_iterations_per_cpu_s": {k: round(v, 1) for k, v in
                                      iterations_per_cpu_s(states, evs, args.budget,
                                                           {"learned_leaves": hand}).items()},
    }
    it = out["mcts_iterations_per_cpu_s"]
    out["learned_over_hand"] = round(it["learned"] / it["hand"], 3) if it["hand"] else None
    out["learned_leaves_over_hand"] = round(it["learned_leaves"] / it["hand"], 3) if it["hand"] else None
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
