"""Environment overhead: random play through the engine, the OpenSpiel game and the PettingZoo
environment, and the Gymnasium environment's learner steps beside catanatron-gym's, measured
side by side (``tools/bench_research.py``).

The engine and environment loops play the same random policy as ``newdawn bench``
(``RandomBot``: options that make progress nine times in ten), 4-player games capped at 200
rounds, seeds ``1..games``:

- engine: ``newdawn.bots.random_bot.play_random``, the loop ``newdawn bench`` times;
- OpenSpiel: ``state.legal_actions()`` and ``state.apply_action(id)`` on ``python_newdawn``
  (the setup chance outcome is the seed, so the setups match the engine loop's);
- PettingZoo: the ``agent_iter`` loop of the environment as shipped (compact observation,
  option actions) with ``env.last(observe=False)``, picking among ``env.options`` (a random
  player needs no observation); ``pettingzoo_observe`` asks for the observation at every step
  (the compact observation and the mask), as a learning agent does; Shimmy's wrapper of the
  OpenSpiel game (``shimmy``), which builds every seat's full tensor at every step, is timed
  over a few decisions.

The loops pick from differently ordered option lists (the engine's with ``back``, OpenSpiel's
ids in order, the environment's shown options), so they play different games of the same
kind; ``engine_same_games`` replays the PettingZoo loops' games through the engine alone
(``legal_actions`` + ``apply_in_place``) to give the overhead on identical games as well.

Learner steps: ``gym`` is ``newdawn/Newdawn-v0`` as shipped (two players, the random bot in the
other seat, compact observation, option actions, forced decisions skipped) with a learner
that picks uniformly among ``info["legal_actions"]``; ``catanatron_gym`` is catanatron-gym's
``catanatron-v1`` (one learner against catanatron's random player) with a learner that picks
uniformly among ``info["valid_actions"]``, run by another interpreter (its own virtualenv,
README "Speed") in a subprocess on the same CPU.

Runs are interleaved and each figure is the median over the runs, so a machine shared with
other work affects all loops alike; compare ratios. Times are CPU times of the process
(``time.process_time``), which other processes do not inflate.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..bots.random_bot import PASSIVE_VERBS, pick, play_random
from ..engine import Action, apply_in_place, game_config, legal_actions, new_game, player_view
from .codec import codec

PLAYERS = 4
MAX_ROUNDS = 200
clock = time.process_time
"""The timer of every loop: the process's CPU time."""


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
    t0 = clock()
    for s in seeds:
        n += play_random(config, s)[1]
    return n, clock() - t0


def same_games(seeds: Sequence[int], players: int, max_rounds: int) -> list[list[Action]]:
    """The action lists of the games the OpenSpiel and PettingZoo loops play (untimed)."""
    # late import: the environments (numpy) come with the research extra, which `newdawn bench` does not need
    from .compact import agent_options

    c = codec()
    out = []
    for s in seeds:
        choose = id_chooser(random.Random(s))
        st = new_game(game_config(players, max_rounds=max_rounds), s)
        acts: list[Action] = []
        while st.winner == -1:
            a = c.decode(choose(sorted(c.encode_all(agent_options(st)))))
            apply_in_place(st, a)
            acts.append(a)
        out.append(acts)
    return out


def engine_replay_run(seeds: Sequence[int], players: int, max_rounds: int,
                      games: list[list[Action]]) -> tuple[int, float]:
    """The engine alone (``legal_actions`` + ``apply_in_place``) on the environments' games."""
    config = game_config(players, max_rounds=max_rounds)
    n = 0
    t0 = clock()
    for s, acts in zip(seeds, games, strict=True):
        st = new_game(config, s)
        for a in acts:
            legal_actions(st)
            apply_in_place(st, a)
        n += len(acts)
    return n, clock() - t0


def openspiel_run(seeds: Sequence[int], players: int, max_rounds: int) -> tuple[int, float]:
    # late import: OpenSpiel (pyspiel) comes with the research extra
    from .openspiel_game import load

    game = load(players=players, max_rounds=max_rounds, seed=0)
    n = 0
    t0 = clock()
    for s in seeds:
        choose = id_chooser(random.Random(s))
        state = game.new_initial_state()
        state.apply_action(s)  # the setup chance node: engine seed s
        while not state.is_terminal():
            state.apply_action(choose(state.legal_actions()))
            n += 1
    return n, clock() - t0


def option_chooser(rng: random.Random, passive: float = 0.1) -> Callable[[Sequence[Action]], int]:
    """``RandomBot``'s policy (``bots.random_bot.pick``) over the shown options: the index of
    the option it picks."""
    def choose(options: Sequence[Action]) -> int:
        return options.index(pick(rng, options, passive))

    return choose


def option_games(seeds: Sequence[int], players: int, max_rounds: int) -> list[list[Action]]:
    """The action lists of the games the PettingZoo loops play (untimed): the options the
    environment shows (``agent_options``, at most ``OPTIONS`` drawn by its generator, seeded
    with the game seed) and ``option_chooser``'s pick."""
    # late import: numpy and the environments come with the research extra, which `newdawn bench` does not need
    import numpy as np

    # late import: as above (numpy)
    from .compact import agent_options, shown_options

    out = []
    for s in seeds:
        choose = option_chooser(random.Random(s))
        rng = np.random.default_rng(s)
        st = new_game(game_config(players, max_rounds=max_rounds), s)
        acts: list[Action] = []
        while st.winner == -1:
            shown = shown_options(agent_options(st), rng)
            a = shown[choose(shown)]
            apply_in_place(st, a)
            acts.append(a)
        out.append(acts)
    return out


def pettingzoo_run(seeds: Sequence[int], players: int, max_rounds: int, observe: bool = False,
                   limit: int | None = None) -> tuple[int, float]:
    """The AEC loop of the environment as shipped (compact observation, option actions): the
    agent to act reads ``env.last(observe=observe)`` and picks among ``env.options``."""
    # late import: PettingZoo comes with the research extra
    from .pettingzoo_env import env as make_env

    env = make_env(players=players, max_rounds=max_rounds)
    n = 0
    t0 = clock()
    for s in seeds:
        choose = option_chooser(random.Random(s))
        env.reset(seed=s)
        for _agent in env.agent_iter():
            _obs, _rew, term, trunc, _info = env.last(observe=observe)
            if term or trunc:
                env.step(None)
                continue
            env.step(choose(env.options))
            n += 1
            if limit is not None and n >= limit:
                return n, clock() - t0
    return n, clock() - t0


def shimmy_run(seeds: Sequence[int], players: int, max_rounds: int, limit: int) -> tuple[int, float]:
    """Random play through Shimmy's wrapper of the OpenSpiel game (first ``limit`` decisions)."""
    # late import: PettingZoo and Shimmy come with the research extra
    from .pettingzoo_env import shimmy_env

    env = shimmy_env(players=players, max_rounds=max_rounds)
    n = 0
    t0 = clock()
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
                return n, clock() - t0
    return n, clock() - t0


def gym_run(seeds: Sequence[int], max_rounds: int) -> tuple[int, float]:
    """Learner steps of ``newdawn/Newdawn-v0`` as shipped (2 players, the random bot), a
    learner picking uniformly among the legal actions; one episode per seed."""
    # late import: Gymnasium comes with the research extra
    from .gym_env import NewdawnGymEnv

    env = NewdawnGymEnv(players=2, opponents="random", max_rounds=max_rounds)
    n = 0
    t0 = clock()
    for s in seeds:
        rng = random.Random(s)
        _obs, info = env.reset(seed=s)
        done = False
        while not done:
            legal = info["legal_actions"]
            _obs, _r, terminated, truncated, info = env.step(legal[int(rng.random() * len(legal))])
            n += 1
            done = terminated or truncated
    return n, clock() - t0


CATANATRON_GYM_LOOP = """
import json, random, sys, time
import gymnasium as gym
import catanatron_gym  # noqa: F401  (registers catanatron-v1)
env = gym.make("catanatron_gym:catanatron-v1")
rng = random.Random(0)
env.reset(seed=0)
steps = 0
t0 = time.process_time()
for g in range(int(sys.argv[1])):
    obs, info = env.reset(seed=g + 1)
    done = False
    while not done:
        obs, r, te, tr, info = env.step(rng.choice(info["valid_actions"]))
        steps += 1
        done = te or tr
print(json.dumps({"steps": steps, "seconds": time.process_time() - t0}))
"""
"""catanatron-gym's loop, run by the peers' interpreter: a uniform learner, timed after one
untimed reset (imports and the first game's setup)."""


def catanatron_gym_run(python: str, games: int) -> tuple[int, float]:
    """Learner steps of catanatron-gym (``games`` episodes) in a subprocess of ``python``."""
    out = subprocess.run([python, "-c", CATANATRON_GYM_LOOP, str(games)], capture_output=True, text=True,
                         check=True)
    r = json.loads(out.stdout.strip().splitlines()[-1])
    return int(r["steps"]), float(r["seconds"])


def peers_python(repo: Path) -> str | None:
    """The interpreter of the peers' virtualenv (README "Speed"), if it is there."""
    for base in (repo, *repo.parents):
        p = base / ".venv-peers" / "bin" / "python"
        if p.exists():
            return str(p)
    return None


def measure(runs: int = 3, games: int = 3, players: int = PLAYERS, max_rounds: int = MAX_ROUNDS,
            shimmy_decisions: int = 100, gym_games: int = 2, catanatron_games: int = 5,
            catanatron_python: str | None = None) -> dict[str, Any]:
    """Decisions/s of each loop and learner steps/s of the Gymnasium loops (medians over
    ``runs``), and the ratios: each environment to the engine, ``gym`` to ``catanatron_gym``
    (when ``catanatron_python`` is given)."""
    codec()  # built once, outside the timings
    seeds = list(range(1, games + 1))
    replays = option_games(seeds, players, max_rounds)
    loops: dict[str, Callable[[], tuple[int, float]]] = {
        "engine": lambda: engine_run(seeds, players, max_rounds),
        "engine_same_games": lambda: engine_replay_run(seeds, players, max_rounds, replays),
        "openspiel": lambda: openspiel_run(seeds, players, max_rounds),
        "pettingzoo": lambda: pettingzoo_run(seeds, players, max_rounds),
        "pettingzoo_observe": lambda: pettingzoo_run(seeds, players, max_rounds, observe=True),
        "shimmy": lambda: shimmy_run(seeds[:1], players, max_rounds, limit=shimmy_decisions),
        "gym": lambda: gym_run(list(range(1, gym_games + 1)), max_rounds),
    }
    if catanatron_python:
        py = catanatron_python
        loops["catanatron_gym"] = lambda: catanatron_gym_run(py, catanatron_games)
    rates: dict[str, list[float]] = {k: [] for k in loops}
    counts: dict[str, int] = {}
    for _ in range(runs):
        for name, fn in loops.items():
            n, dt = fn()
            counts[name] = n
            rates[name].append(n / dt)
    med = {k: statistics.median(v) for k, v in rates.items()}
    decisions = {k: v for k, v in med.items() if k not in ("gym", "catanatron_gym")}
    out: dict[str, Any] = {
        "runs": runs, "games": games, "players": players, "max_rounds": max_rounds, "clock": "cpu",
        "counts_per_run": counts,
        "decisions_per_s": decisions,
        "ratio_to_engine": {k: decisions[k] / med["engine"] for k in decisions if k != "engine"},
        "ratio_to_engine_same_games": {k: decisions[k] / med["engine_same_games"] for k in decisions
                                       if k not in ("engine", "engine_same_games")},
        "learner_steps_per_s": {k: med[k] for k in ("gym", "catanatron_gym") if k in med},
        "num_distinct_actions": codec().num_actions,
    }
    if "catanatron_gym" in med:
        out["gym_to_catanatron_gym"] = med["gym"] / med["catanatron_gym"]
    return out


def space_figures(games: int = 20, max_rounds: int = 200, every: int = 25) -> dict[str, Any]:
    """The figures of docs/research.md "Which spaces", measured: the sizes of both observations
    and of the id space; ``games`` two-player games of the Gymnasium environment as shipped (a
    learner picking uniformly among the shown options against the random bot, episode seeds
    ``1..games``): the share of the learner's decisions (forced ones skipped) with more than
    ``OPTIONS`` options, and the share of non-zero numbers in the compact observation (at every
    learner step) and in the full one (the learner's view at every ``every``-th step)."""
    # late import: numpy and the environments come with the research extra, which `newdawn bench` does not need
    import numpy as np

    # late import: as above (numpy, Gymnasium)
    from .compact import OPTIONS, agent_options, compact_size
    from .gym_env import NewdawnGymEnv
    from .observation import Observation, observation_size

    env = NewdawnGymEnv(players=2, opponents="random", max_rounds=max_rounds)
    full = Observation()
    steps = over = 0
    compact_nz: list[float] = []
    full_nz: list[float] = []
    for s in range(1, games + 1):
        rng = random.Random(s)
        obs, info = env.reset(seed=s)
        done = False
        while not done:
            assert env.st is not None
            steps += 1
            over += len(agent_options(env.st)) > OPTIONS
            compact_nz.append(float(np.count_nonzero(obs)) / obs.size)
            if steps % every == 0:
                t = full.set_from_view(player_view(env.st, env.seat))
                full_nz.append(float(np.count_nonzero(t)) / t.size)
            legal = info["legal_actions"]
            obs, _r, terminated, truncated, info = env.step(legal[int(rng.random() * len(legal))])
            done = terminated or truncated
    cz = np.array(compact_nz)
    return {
        "games": games, "compact_size": compact_size(), "full_size": observation_size(),
        "num_distinct_actions": codec().num_actions, "options": OPTIONS, "learner_steps": steps,
        "more_than_options": over / steps if steps else 0.0,
        "compact_nonzero_mean": float(cz.mean()) if steps else 0.0,
        "compact_nonzero_p10_p90": [float(np.percentile(cz, 10)), float(np.percentile(cz, 90))] if steps else [],
        "full_nonzero_mean": float(np.mean(full_nz)) if full_nz else 0.0,
    }


def maskable_ppo_parameters() -> int:
    """The weights of sb3-contrib's ``MaskablePPO("MlpPolicy", env)`` (default settings) over the
    Gymnasium environment as shipped (needs the ``learn`` extra)."""
    # late import: sb3-contrib comes with the learn extra, Gymnasium with the research extra
    from sb3_contrib import MaskablePPO

    # late import: as above
    from .gym_env import NewdawnGymEnv

    model = MaskablePPO("MlpPolicy", NewdawnGymEnv(players=2, opponents="random"), seed=0)
    return int(sum(p.numel() for p in model.policy.parameters()))
