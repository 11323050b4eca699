"""sb3-contrib's MaskablePPO, default settings, trains on newdawn against the random bot.

Usage::

    python examples/train_maskable_ppo.py [--wall-minutes 30] [--minutes M] [--timesteps 5000000]
        [--eval-games 200] [--eval-first 0] [--seed 1] [--shaping 1.0] [--order value|engine]
        [--no-values] [--n-envs 1] [--subproc] [--save model.zip] [--load model.zip] [--json]

The environment is ``newdawn/Newdawn-v0`` (docs/research.md): two players, the learner's seat
drawn anew each episode, the random bot (``newdawn.bots.make_bot("random")``) in the other
seat, the compact observation (2,148 numbers in [0, 1]) and the option action space
(``Discrete(16)`` with ``action_masks()``), games of at most 200 rounds. Four settings differ
from the environment's defaults (each is an option of the environment, documented there):

- ``values=True``: each shown option's value in the bots' evaluation (``bots/evaluate.py``),
  judged as the greedy bot judges its options on a copy whose hidden parts are drawn anew, is
  part of the observation (``value_best``, ``value_gap``);
- ``order="value"``: the shown options are listed best first by that value, so an index means
  the same thing at every decision ("the k-th best by the evaluation") instead of a place in
  the engine's list (``--order engine`` keeps the engine's order);
- ``previews=True``: each option's effect on the agenda progress (``preview_gain``/``_loss``);
- ``shaping=1.0``, ``shaping_gamma=0.99`` (PPO's gamma): each step is also rewarded with
  ``0.99 * phi(s') - phi(s)``, phi the learner's agenda progress minus its rival's
  (potential-based shaping, which leaves the best policy unchanged), so the signal does not
  wait for the end of a game of hundreds of steps.

``MaskablePPO("MlpPolicy", env, seed=seed)``: every hyperparameter is sb3-contrib's default
(n_steps 2048, batch 64, 10 epochs, learning rate 3e-4, gamma 0.99, two hidden layers of 64).
``--n-envs`` (1) environments are stepped together, in this process (``DummyVecEnv``) or, with
``--subproc``, each in a worker process (``SubprocVecEnv``: both cores); each collects n_steps
= 2048 per rollout. Training stops after ``--timesteps`` steps or ``--wall-minutes`` (30) of
wall time, whichever comes first, or, with ``--minutes``, once this process and its environment
workers have used that much CPU time (read from ``/proc`` while they run). With ``--save`` the
model is saved there after every CPU minute (and a line of progress goes to stderr), and at the
end. Torch uses one thread (the machine is shared). The wall and CPU time of training are
printed.

Evaluation: ``--eval-games`` complete games against the random bot on seeds never used in
training, the learner in seat 0 in even games and seat 1 in odd ones, the policy's most likely
legal option at each decision. A game that reaches the round limit has no winner (the engine's
rule), so wins, losses and games without a winner are counted; the win rate is wins over all
games, with a Wilson 95% interval. ``--load`` evaluates a saved model without training;
``--eval-first`` and ``--eval-games`` split an evaluation over several processes (games
``first .. first + games - 1``); ``--reference random`` plays the random bot itself in the
learner's seat on the same games (what a policy that learned nothing would score), and
``--reference features`` a fixed rule over the observation (with the value previews: an option
marked ``value_best``; without them: the option whose agenda preview gains most, at a focus
choice the card furthest along the row): what the features make learnable.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecEnv

from newdawn.bots import make_bot
from newdawn.bots.tournament import wilson
from newdawn.engine import player_view
from newdawn.research.compact import compact_views, option_names
from newdawn.research.gym_env import NewdawnGymEnv

EVAL_SEED_BASE = 10_000_000
"""Evaluation games use game seeds ``EVAL_SEED_BASE + i``; training draws its game seeds from
the environment's generator (62-bit numbers), so the two never meet in practice."""


def cpu_seconds() -> float:
    """CPU time so far of this process (all its threads) and of its finished child processes
    (the environments' workers with ``--subproc``, once closed)."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        r = resource.getrusage(who)
        total += r.ru_utime + r.ru_stime
    return total


def worker_cpu_seconds(env: VecEnv | None) -> float:
    """CPU time so far of the running worker processes of a ``SubprocVecEnv`` (0 for others),
    read from ``/proc`` (Linux); a finished worker is counted by ``cpu_seconds`` instead."""
    total = 0.0
    for proc in getattr(env, "processes", []):
        try:
            with open(f"/proc/{proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


class CpuLimit(BaseCallback):
    """Stops training once this process and its environment workers have used ``seconds`` of
    CPU time (the budget of a run on a shared machine, where wall time says little), and saves
    the model every ``every_s`` CPU seconds to ``checkpoint`` if given."""

    def __init__(self, seconds: float, checkpoint: str | None = None, every_s: float = 60.0,
                 wall_s: float | None = None) -> None:
        super().__init__()
        self.seconds, self.checkpoint, self.every_s = seconds, checkpoint, every_s
        self.c0 = cpu_seconds()
        self.t0 = time.monotonic()
        self.wall_s = wall_s
        self.next_save = every_s

    def used(self) -> float:
        return cpu_seconds() - self.c0 + worker_cpu_seconds(self.training_env)

    def _on_step(self) -> bool:
        used = self.used()
        if used >= self.next_save:
            if self.checkpoint:
                self.model.save(self.checkpoint)
            print(f"{self.model.num_timesteps:,} steps, {used / 60:.1f} min of CPU, "
                  f"{(time.monotonic() - self.t0) / 60:.1f} min", file=sys.stderr, flush=True)
            self.next_save += self.every_s
        if self.wall_s is not None and time.monotonic() - self.t0 >= self.wall_s:
            return False
        return used < self.seconds


def make_envs(n: int, seed: int, shaping: float, max_rounds: int = 200, subproc: bool = False,
              values: bool = True, gamma: float = 0.99, order: str = "engine") -> VecEnv:
    """``n`` environments stepped together (one policy call per step of all), in this process
    or, with ``subproc``, each in a worker process of its own."""
    def one(k: int) -> Callable[[], Monitor[Any, Any]]:
        def make() -> Monitor[Any, Any]:
            env = NewdawnGymEnv(players=2, opponents="random", seat=None, max_rounds=max_rounds, shaping=shaping,
                                shaping_gamma=gamma, previews=True, values=values, order=order)
            env.reset(seed=seed * 1000 + k)
            return Monitor(env)
        return make
    fns = [one(k) for k in range(n)]
    # fork: the workers are this process's children, so their CPU time is counted once they end
    return SubprocVecEnv(fns, start_method="fork") if subproc else DummyVecEnv(fns)


def train(model: MaskablePPO, timesteps: int, minutes: float, checkpoint: str | None = None,
          wall_minutes: float | None = None) -> dict[str, Any]:
    t0, c0 = time.monotonic(), cpu_seconds()
    model.learn(total_timesteps=timesteps,
                callback=CpuLimit(minutes * 60, checkpoint, wall_s=None if wall_minutes is None else wall_minutes * 60))
    wall = time.monotonic() - t0
    env = model.get_env()
    if env is not None:
        env.close()  # the workers end, so their CPU time is counted
    return {"timesteps": int(model.num_timesteps), "wall_s": wall, "cpu_s": cpu_seconds() - c0}


def evaluate(model: MaskablePPO | BotModel | FeatureRule, games: int, max_rounds: int = 200, first: int = 0,
             values: bool = True, order: str = "engine") -> dict[str, Any]:
    """``games`` complete games against the random bot (game ``i`` for ``i`` from ``first``:
    seed ``EVAL_SEED_BASE + i``, the learner in seat ``i % 2``)."""
    t0, c0 = time.monotonic(), cpu_seconds()
    wins = losses = none = 0
    for i in range(first, first + games):
        bot = isinstance(model, BotModel)  # a bot reads no observation: skip the previews
        env = NewdawnGymEnv(players=2, opponents="random", seat=i % 2, max_rounds=max_rounds, previews=not bot,
                            values=values and not bot, order=order if values and not bot else "engine")
        if isinstance(model, BotModel):
            model.env = env
        obs, _info = env.reset(seed=EVAL_SEED_BASE + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _r, terminated, truncated, _info = env.step(int(action))
            done = terminated or truncated
        assert env.st is not None
        if env.st.winner == env.seat:
            wins += 1
        elif env.st.winner >= 0:
            losses += 1
        else:
            none += 1
    lo, hi = wilson(wins, games)
    return {"games": games, "first": first, "wins": wins, "losses": losses, "no_winner": none,
            "win_rate": wins / games if games else 0.0, "interval": [lo, hi], "wall_s": time.monotonic() - t0,
            "cpu_s": cpu_seconds() - c0}


class BotModel:
    """A newdawn bot in the learner's seat, with ``predict`` as a model has (``--reference``):
    the same games, seats and opponents as the evaluation of a trained model."""

    def __init__(self, spec: str, seed: int) -> None:
        self.bot = make_bot(spec, seed)
        self.env: NewdawnGymEnv | None = None

    def predict(self, obs: Any, action_masks: Any = None, deterministic: bool = True) -> tuple[int, None]:
        env = self.env
        assert env is not None and env.st is not None
        a = self.bot.choose(player_view(env.st, env.seat) if self.bot.needs_view else None, env.options)
        return env.options.index(a), None


class FeatureRule:
    """The rule the observation makes easy to learn (``--reference features``), read from the
    observation alone: the option whose preview gains most agenda progress; at a focus choice
    the card furthest along the row; a passive option last; ties at random."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        names = {n: i for i, n in enumerate(option_names())}
        self.gain, self.loss = names["preview_gain"], names["preview_loss"]
        self.slot, self.passive = names["focus_slot"], names["passive"]
        self.best = names["value_best"]

    def predict(self, obs: Any, action_masks: Any = None, deterministic: bool = True) -> tuple[int, None]:
        opts = compact_views(np.asarray(obs, np.float32))["options"]
        if opts[:, self.best].any():  # the value previews are on: the bots' evaluation's best
            score = opts[:, self.best].astype(np.float64)
        else:
            score = 10 * (opts[:, self.gain] - opts[:, self.loss]) + opts[:, self.slot] - opts[:, self.passive]
        score = score + 1e-3 * self.rng.random(len(score))
        score[~np.asarray(action_masks, bool)] = -np.inf
        return int(np.argmax(score)), None


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wall-minutes", type=float, default=30.0, help="wall-time limit of training")
    ap.add_argument("--minutes", type=float, default=float("inf"),
                    help="also stop once training has used this much CPU time (this process and its environment "
                         "workers)")
    ap.add_argument("--timesteps", type=int, default=5_000_000)
    ap.add_argument("--eval-games", type=int, default=200, help="0: train (and save) only")
    ap.add_argument("--eval-first", type=int, default=0,
                    help="the first evaluation game (to split an evaluation over processes)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shaping", type=float, default=1.0)
    ap.add_argument("--n-envs", type=int, default=1, help="environments stepped together")
    ap.add_argument("--order", default="value", choices=["engine", "value"],
                    help="the shown options in the engine's order, or best first by the value previews")
    ap.add_argument("--no-values", dest="values", action="store_false",
                    help="without the value previews (value_best / value_gap)")
    ap.add_argument("--subproc", action="store_true", help="each environment in a worker process")
    ap.add_argument("--max-rounds", type=int, default=200, help="round limit of training and evaluation games")
    ap.add_argument("--save", help="save the trained model here")
    ap.add_argument("--load", help="evaluate this saved model instead of training one")
    ap.add_argument("--reference", metavar="BOT",
                    help="evaluate this newdawn bot (e.g. random) in the learner's seat instead, or "
                         "'features': the rule the observation makes easy to learn")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not args.values:
        args.order = "engine"  # the value order needs the value previews
    torch.set_num_threads(1)
    model: MaskablePPO | BotModel | FeatureRule
    if args.reference == "features":
        model = FeatureRule(args.seed)
        trained: dict[str, Any] = {}
    elif args.reference:
        model = BotModel(args.reference, args.seed)
        trained = {}
    elif args.load:
        model = MaskablePPO.load(args.load)
        trained = {}
    else:
        env = make_envs(args.n_envs, args.seed, args.shaping, args.max_rounds, args.subproc, args.values, order=args.order)
        model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0)
        trained = train(model, args.timesteps, args.minutes, args.save, args.wall_minutes)
        if args.save:
            model.save(args.save)
    result = {"train": trained, "eval": evaluate(model, args.eval_games, args.max_rounds, args.eval_first, args.values, args.order),
              "params": int(sum(p.numel() for p in model.policy.parameters())) if isinstance(model, MaskablePPO) else 0,
              "seed": args.seed,
              "shaping": args.shaping, "n_envs": args.n_envs, "subproc": args.subproc}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        if trained:
            print(f"trained {trained['timesteps']:,} steps in {trained['wall_s'] / 60:.1f} min "
                  f"({trained['cpu_s'] / 60:.1f} min of CPU); policy {result['params']:,} parameters")
        e = result["eval"]
        if e["games"]:
            print(f"against the random bot, {e['games']} games, seats alternating: {e['wins']} wins "
                  f"= {e['win_rate']:.0%} ({e['interval'][0]:.0%}-{e['interval'][1]:.0%}), {e['losses']} losses, "
                  f"{e['no_winner']} without a winner ({e['wall_s'] / 60:.1f} min, {e['cpu_s'] / 60:.1f} min of CPU)")
    return result


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    main()
