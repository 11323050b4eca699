"""Environment overhead: random play through the engine, the OpenSpiel game and the PettingZoo
environment, measured side by side in one process (``tools/bench_research.py``).

All three loops play the same random policy as ``newdawn bench`` (``RandomBot``: options that
make progress nine times in ten), 4-player games capped at 200 rounds, seeds ``1..games``:

- engine: ``newdawn.cli.common.play_random``, the loop ``newdawn bench`` times;
- OpenSpiel: ``state.legal_actions()`` and ``state.apply_action(id)`` on ``python_newdawn``
  (the setup chance outcome is the seed, so the setups match the engine loop's);
- PettingZoo: the ``agent_iter`` loop with ``env.last(observe=False)`` and the legal ids from
  ``infos`` (a random player needs no observation); ``observe=True`` (tensor and mask every
  step) is timed separately over a few hundred decisions, and so is Shimmy's wrapper of the
  OpenSpiel game (``shimmy``), which builds every seat's tensor at every step.

The engine loop and the environments' loops pick from differently ordered option lists, so
they play different games of the same kind; ``engine_same_games`` replays the environments'
games through the engine alone (``legal_actions`` + ``apply_in_place``) to give the overhead on
identical games as well. Runs are interleaved (engine, OpenSpiel, PettingZoo, engine, ...) and each figure is the median
over the runs, so a machine shared with other work affects all three alike; compare ratios.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..bots.random_bot import PASSIVE_VERBS
from ..cli.common import play_random
from ..engine import Action, game_config
from .codec import codec

PLAYERS = 4
MAX_ROUNDS = 200


def id_chooser(rng: random.Random, passive: float = 0.1) -> Callable[[Sequence[int]], int]:
    """``RandomBot``'s policy over action ids: an option that makes progress with probability
    ``1 - passive`` (when there is one), else any option."""
    c = codec()
    passive_ids = frozenset(c.encode(v) for v in PASSIVE_VERBS)

    def choose(ids: Sequence[int]) -> int:
        if len(ids) > 1 and rng.random() >= passive:
            active = [i for i in ids if i not in passive_ids]
            if active:
                return active[int(rng.random() * len(active))]
        return ids[int(rng.random() * len(ids))]

    return choose


def engine_run(seeds: Sequence[int], players: int, max_rounds: int) -> tuple[int, float]:
    config = game_config(players, max_rounds=max_rounds)
    n = 0
    t0 = time.perf_counter()
    for s in seeds:
        n += play_random(config, s)[1]
    return n, time.perf_counter() - t0


def same_games(seeds: Sequence[int], players: int, max_rounds: int) -> list[list[Action]]:
    """The action lists of the games the OpenSpiel and PettingZoo loops play (untimed)."""
    from ..engine import apply_in_place, legal_actions, new_game

    c = codec()
    out = []
    for s in seeds:
        choose = id_chooser(random.Random(s))
        st = new_game(game_config(players, max_rounds=max_rounds), s)
        acts: list[Action] = []
        while st.winner == -1:
            a = c.decode(choose(sorted(c.encode_all(legal_actions(st)))))
            apply_in_place(st, a)
            acts.append(a)
        out.append(acts)
    return out


def engine_replay_run(seeds: Sequence[int], players: int, max_rounds: int,
                      games: list[list[Action]]) -> tuple[int, float]:
    """The engine alone (``legal_actions`` + ``apply_in_place``) on the environments' games."""
    from ..engine import apply_in_place, legal_actions, new_game

    config = game_config(players, max_rounds=max_rounds)
    n = 0
    t0 = time.perf_counter()
    for s, acts in zip(seeds, games, strict=True):
        st = new_game(config, s)
        for a in acts:
            legal_actions(st)
            apply_in_place(st, a)
        n += len(acts)
    return n, time.perf_counter() - t0


def openspiel_run(seeds: Sequence[int], players: int, max_rounds: int) -> tuple[int, float]:
    from .openspiel_game import load

    game = load(players=players, max_rounds=max_rounds, seed=0)
    n = 0
    t0 = time.perf_counter()
    for s in seeds:
        choose = id_chooser(random.Random(s))
        state = game.new_initial_state()
        state.apply_action(s)  # the setup chance node: engine seed s
        while not state.is_terminal():
            state.apply_action(choose(state.legal_actions()))
            n += 1
    return n, time.perf_counter() - t0


def pettingzoo_run(seeds: Sequence[int], players: int, max_rounds: int, observe: bool = False,
                   limit: int | None = None) -> tuple[int, float]:
    from .pettingzoo_env import env as make_env

    env = make_env(players=players, max_rounds=max_rounds)
    n = 0
    t0 = time.perf_counter()
    for s in seeds:
        choose = id_chooser(random.Random(s))
        env.reset(seed=s)
        for _agent in env.agent_iter():
            _obs, _rew, term, trunc, info = env.last(observe=observe)
            if term or trunc:
                env.step(None)
                continue
            env.step(choose(info["legal_actions"]))
            n += 1
            if limit is not None and n >= limit:
                return n, time.perf_counter() - t0
    return n, time.perf_counter() - t0


def shimmy_run(seeds: Sequence[int], players: int, max_rounds: int, limit: int) -> tuple[int, float]:
    """Random play through Shimmy's wrapper of the OpenSpiel game (first ``limit`` decisions)."""
    from .pettingzoo_env import shimmy_env

    env = shimmy_env(players=players, max_rounds=max_rounds)
    n = 0
    t0 = time.perf_counter()
    for s in seeds:
        choose = id_chooser(random.Random(s))
        env.reset(seed=s)
        for _agent in env.agent_iter():
            _obs, _rew, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(choose([int(i) for i in info["action_mask"].nonzero()[0]]))
            n += 1
            if n >= limit:
                return n, time.perf_counter() - t0
    return n, time.perf_counter() - t0


def measure(runs: int = 3, games: int = 3, players: int = PLAYERS, max_rounds: int = MAX_ROUNDS,
            observe_decisions: int = 300) -> dict[str, Any]:
    """Decisions/s of each loop (medians over ``runs``) and the ratios to the engine's."""
    codec()  # built once, outside the timings
    seeds = list(range(1, games + 1))
    replays = same_games(seeds, players, max_rounds)
    rates: dict[str, list[float]] = {k: [] for k in (
        "engine", "engine_same_games", "openspiel", "pettingzoo", "pettingzoo_observe", "shimmy")}
    decisions: dict[str, int] = {}
    loops: dict[str, Callable[[], tuple[int, float]]] = {
        "engine": lambda: engine_run(seeds, players, max_rounds),
        "engine_same_games": lambda: engine_replay_run(seeds, players, max_rounds, replays),
        "openspiel": lambda: openspiel_run(seeds, players, max_rounds),
        "pettingzoo": lambda: pettingzoo_run(seeds, players, max_rounds),
        "pettingzoo_observe": lambda: pettingzoo_run(seeds[:1], players, max_rounds, observe=True,
                                                     limit=observe_decisions),
        "shimmy": lambda: shimmy_run(seeds[:1], players, max_rounds, limit=max(1, observe_decisions // 3)),
    }
    for _ in range(runs):
        for name, fn in loops.items():
            n, dt = fn()
            decisions[name] = n
            rates[name].append(n / dt)
    med = {k: statistics.median(v) for k, v in rates.items()}
    return {
        "runs": runs, "games": games, "players": players, "max_rounds": max_rounds,
        "decisions_per_run": decisions,
        "decisions_per_s": med,
        "ratio_to_engine": {k: med[k] / med["engine"] for k in med if k != "engine"},
        "ratio_to_engine_same_games": {k: med[k] / med["engine_same_games"] for k in med
                                       if k not in ("engine", "engine_same_games")},
        "num_distinct_actions": codec().num_actions,
    }
