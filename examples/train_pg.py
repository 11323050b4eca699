"""Masked policy gradient on the PettingZoo environment: one seat of two-player newdawn learns to
beat the random bot. numpy only, one CPU, a few minutes, no downloads.

Usage::

    python examples/train_pg.py [--episodes 600] [--eval-games 150] [--seed 1] [--reference] [--json]

**The policy** is a softmax over the legal ids of the pending decision (the action mask). The
logit of an option is ``theta . features(option, observation)``, three features any agent can
read from the environment:

- ``passive``: 1 for the options that make no progress (``done``, ``skip``, ``back``...);
- for a focus card (``focus <type>``), read from the seat's own row of the observation tensor
  (``named_views(obs)["players"][0]``): the card's ``slot`` in the focus row (0 for the first
  slot, 1 for the last; a card resolves with more strength the further right it stands) and
  its ``level`` (0 for I, 1 for IV);
- 0 for every other option, so among those the choice stays uniform.

The agent asks for the observation tensor (``env.observe``) only at decisions that offer a
focus card; everywhere else it needs just the legal ids (``env.last(observe=False)``).

**The start** is about the random bot's policy (``passive`` = -log 10: options that make
progress ten times as likely; the other weights 0).

**Training** is REINFORCE against ``RandomBot``'s policy, seats alternating, in games cut at
``--train-rounds`` (60) rounds. An episode's return is the outcome (+1 win, -1 loss, 0 with no
winner) plus ``--agenda-bonus`` times the agendas claimed beyond the opponent's when the game
stops (a denser signal); the advantage is the return minus the batch mean, scaled by the
batch's spread, over batches of ``--batch`` episodes; Adam.

**Evaluation**: before and after training, ``--eval-games`` complete games (at most 200
rounds) against the random bot, seats alternating, on seeds never used in training (the same
seeds before and after; ``--reference`` also plays the random bot itself in the learner's seat
on them). A game that reaches the round limit ends with no winner (the engine's rule), and
many random games do, so the report counts wins, losses and games without a winner, gives a
Wilson 95% interval of the win rate and a two-sided two-proportion z-test of the change.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from typing import Any

import numpy as np

from newdawn.bots.random_bot import PASSIVE_VERBS
from newdawn.bots.tournament import wilson  # Wilson score interval of a win rate
from newdawn.content.schema import FOCUS_TYPES
from newdawn.research.bench import id_chooser
from newdawn.research.codec import codec
from newdawn.research.observation import MAX_LEVEL, ROW_SLOTS, named_views, player_feature_names
from newdawn.research.pettingzoo_env import env as make_env
from newdawn.research.pettingzoo_env import outcome_rewards

FEATURES = ("passive", "slot", "level")
TRAIN_SEED_BASE = 100_000
EVAL_SEED_BASE = 10_000_000
"""Training uses seeds ``seed * 100_000 + episode``, evaluation ``10_000_000 + seed * 10_000 + i``:
disjoint for every ``--seed`` below 100 and fewer than 100,000 episodes."""

Step = tuple[np.ndarray, np.ndarray, int]
"""One choice of the learner: the options' feature rows, their probabilities, the one taken."""


class Features:
    """The feature rows of a decision's options (``features``), from the legal ids and, at a
    focus choice, the seat's own row of the observation tensor."""

    def __init__(self) -> None:
        c = codec()
        self.passive = np.zeros(c.num_actions, bool)
        for verb in PASSIVE_VERBS:
            self.passive[c.encode(verb)] = True
        self.focus_type = np.full(c.num_actions, -1, np.int32)  # focus <type> -> index of type
        for i, t in enumerate(FOCUS_TYPES):
            self.focus_type[c.encode(f"focus {t}")] = i
        names = {n: j for j, n in enumerate(player_feature_names())}
        # columns of the focus row in a player row: [slot, type] one-hot and [slot] level
        self.row_type = np.array([[names[f"row{s + 1}:{t}"] for t in FOCUS_TYPES] for s in range(ROW_SLOTS)])
        self.row_level = np.array([names[f"row{s + 1}:level"] for s in range(ROW_SLOTS)])

    def needs_observation(self, ids: list[int]) -> bool:
        return bool((self.focus_type[ids] >= 0).any())

    def features(self, ids: list[int], obs: np.ndarray | None) -> np.ndarray:
        f = np.zeros((len(ids), len(FEATURES)))
        f[:, 0] = self.passive[ids]
        if obs is not None:
            me = named_views(obs)["players"][0]
            types = me[self.row_type]                       # (slot, type) one-hot
            held = types.sum(axis=1) > 0
            n = max(1, int(held.sum()) - 1)
            slot_of = types.argmax(axis=0)                   # the slot of each type's card
            level = me[self.row_level]
            for j, t in enumerate(self.focus_type[ids]):
                if t >= 0 and types[:, t].any():
                    s = slot_of[t]
                    f[j, 1] = s / n
                    f[j, 2] = (level[s] * MAX_LEVEL - 1) / (MAX_LEVEL - 1)
        return f


class Policy:
    def __init__(self, rng: np.random.Generator) -> None:
        self.theta = np.zeros(len(FEATURES))
        self.theta[0] = -math.log(10.0)  # about the random bot: progress ten times as likely
        self.rng = rng
        self.feat = Features()
        self.m = np.zeros_like(self.theta)
        self.v = np.zeros_like(self.theta)
        self.t = 0

    def act(self, ids: list[int], observe: Any, trace: list[Step] | None) -> int:
        """Pick one of ``ids``; ``observe()`` gives the observation tensor when needed."""
        if len(ids) == 1:
            return ids[0]
        if self.feat.needs_observation(ids):
            f = self.feat.features(ids, observe())
        else:
            passive = self.feat.passive[ids]
            if passive.all() or not passive.any():  # the options are alike: uniform
                return ids[int(self.rng.integers(len(ids)))]
            f = self.feat.features(ids, None)
        if not (f != f[0]).any():  # every option alike: uniform, nothing to learn
            return ids[int(self.rng.integers(len(ids)))]
        z = f @ self.theta
        p = np.exp(z - z.max())
        p /= p.sum()
        k = int(self.rng.choice(len(ids), p=p))
        if trace is not None:
            trace.append((f, p, k))
        return ids[k]

    def update(self, steps: list[Step], advantages: list[float], lr: float) -> None:
        """One REINFORCE step: each choice's advantage times the gradient of its
        log-probability (the chosen option's features minus their expectation), then Adam."""
        grad = np.zeros_like(self.theta)
        for (f, p, k), adv in zip(steps, advantages, strict=True):
            grad += adv * (f[k] - p @ f)
        grad /= max(1, len(steps))
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        mh = self.m / (1 - 0.9 ** self.t)
        vh = self.v / (1 - 0.999 ** self.t)
        self.theta += lr * mh / (np.sqrt(vh) + 1e-8)


class RandomPolicy:
    """``RandomBot``'s policy in the learner's seat, for reference."""

    def __init__(self, seed: int) -> None:
        self.choose = id_chooser(random.Random(seed))

    def act(self, ids: list[int], observe: Any, trace: Any) -> int:
        return self.choose(ids)


def play(policy: Policy | RandomPolicy, seed: int, learner: int, max_rounds: int = 200,
         learn: bool = False) -> dict[str, Any]:
    """One two-player game through the AEC environment against ``RandomBot``'s policy: the fixed
    ids and the full observation, with ``back`` offered as it was when the figures in
    docs/research.md were made."""
    env = make_env(players=2, max_rounds=max_rounds, observation="full", actions="ids", take_backs=True,
                   illegal="raise")
    env.reset(seed=seed)
    opponent = id_chooser(random.Random(seed))
    trace: list[Step] | None = [] if learn else None
    me = f"player_{learner}"
    for agent in env.agent_iter():
        _obs, _rew, term, trunc, info = env.last(observe=False)
        if term or trunc:
            env.step(None)
            continue
        ids = info["legal_actions"]
        if agent == me:
            env.step(policy.act(ids, lambda: env.observe(me)["observation"], trace))
        else:
            env.step(opponent(ids))
    st = env.st
    assert st is not None
    claims = [sum(1 for seats in st.claims.values() if p in seats) for p in range(2)]
    return {"winner": st.winner, "won": st.winner == learner, "lost": st.winner == 1 - learner,
            "claims": claims[learner], "margin": claims[learner] - claims[1 - learner],
            "reward": outcome_rewards(st)[learner], "trace": trace}


def two_proportion_p(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of the z-test that two win rates are equal (pooled variance)."""
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    return math.erfc(abs(k1 / n1 - k2 / n2) / se / math.sqrt(2))


def evaluate(policy: Policy | RandomPolicy, games: int, first_seed: int) -> dict[str, Any]:
    wins = losses = claims = 0
    t0 = time.perf_counter()
    for i in range(games):
        r = play(policy, first_seed + i, learner=i % 2)
        wins += r["won"]
        losses += r["lost"]
        claims += r["claims"]
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "losses": losses, "no_winner": games - wins - losses,
            "win_rate": wins / games, "win_rate_95": [lo, hi], "mean_agendas": claims / games,
            "minutes": (time.perf_counter() - t0) / 60}


def train(policy: Policy, episodes: int, seed: int, train_rounds: int, batch_size: int, lr: float,
          agenda_bonus: float, log: Any = None) -> list[float]:
    """REINFORCE against the random bot; returns the episodes' returns."""
    batch: list[tuple[list[Step], float]] = []
    returns: list[float] = []
    for ep in range(episodes):
        r = play(policy, seed * TRAIN_SEED_BASE + ep, learner=ep % 2, max_rounds=train_rounds, learn=True)
        ret = r["reward"] + agenda_bonus * r["margin"]
        batch.append((r["trace"], ret))
        returns.append(ret)
        if len(batch) == batch_size:
            rets = np.array([x for _, x in batch])
            adv = (rets - rets.mean()) / (rets.std() + 1e-6)
            steps = [s for tr, _ in batch for s in tr]
            per_step = [float(a) for (tr, _), a in zip(batch, adv, strict=True) for _ in tr]
            policy.update(steps, per_step, lr)
            batch = []
        if log is not None and (ep + 1) % 50 == 0:
            log(f"  episode {ep + 1}: mean return of the last 50 {np.mean(returns[-50:]):+.2f}, "
                + ", ".join(f"{n} {w:+.2f}" for n, w in zip(FEATURES, policy.theta, strict=True)))
    return returns


def _line(name: str, e: dict[str, Any]) -> str:
    lo, hi = e["win_rate_95"]
    return (f"{name:<34} wins {e['wins']:>3}/{e['games']} = {e['win_rate']:.0%} [95% {lo:.0%}-{hi:.0%}], "
            f"losses {e['losses']}, no winner {e['no_winner']}, agendas {e['mean_agendas']:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description="masked policy gradient against the random bot")
    ap.add_argument("--episodes", type=int, default=600)
    ap.add_argument("--train-rounds", type=int, default=60)
    ap.add_argument("--eval-games", type=int, default=150)
    ap.add_argument("--lr", type=float, default=0.2)
    ap.add_argument("--batch", type=int, default=8, help="episodes per update")
    ap.add_argument("--agenda-bonus", type=float, default=0.25)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference", action="store_true",
                    help="also evaluate the random bot itself in the learner's seat, on the same seeds")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 0 <= args.seed < 100 or args.episodes >= TRAIN_SEED_BASE:
        ap.error("--seed must be in 0..99 and --episodes below 100,000 (training and evaluation seeds stay apart)")
    say = None if args.json else (lambda s: print(s, flush=True))

    t0, c0 = time.perf_counter(), time.process_time()
    policy = Policy(np.random.default_rng(args.seed))
    eval_seed = EVAL_SEED_BASE + args.seed * 10_000
    reference = evaluate(RandomPolicy(args.seed), args.eval_games, eval_seed) if args.reference else None
    before = evaluate(policy, args.eval_games, eval_seed)
    if say:
        if reference is not None:
            say(_line("random bot in the learner's seat", reference))
        say(_line("before training", before))
    t1, c1 = time.perf_counter(), time.process_time()
    returns = train(policy, args.episodes, args.seed, args.train_rounds, args.batch, args.lr,
                    args.agenda_bonus, say)
    train_minutes = (time.perf_counter() - t1) / 60
    train_cpu_minutes = (time.process_time() - c1) / 60
    after = evaluate(policy, args.eval_games, eval_seed)
    p_before = two_proportion_p(after["wins"], after["games"], before["wins"], before["games"])
    p_random = (two_proportion_p(after["wins"], after["games"], reference["wins"], reference["games"])
                if reference is not None else None)
    result = {"reference_random_bot": reference, "before": before, "after": after,
              "p_after_vs_before": p_before, "p_after_vs_random_bot": p_random,
              "episodes": args.episodes, "train_rounds": args.train_rounds, "train_minutes": train_minutes,
              "train_cpu_minutes": train_cpu_minutes, "total_minutes": (time.perf_counter() - t0) / 60,
              "total_cpu_minutes": (time.process_time() - c0) / 60,
              "weights": dict(zip(FEATURES, policy.theta.round(3).tolist(), strict=True)),
              "mean_return_first_100": float(np.mean(returns[:100])),
              "mean_return_last_100": float(np.mean(returns[-100:]))}
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(_line("after training", after))
    print(f"change in win rate: p = {p_before:.2g} against before training"
          + (f", p = {p_random:.2g} against the random bot" if p_random is not None else "")
          + " (two-sided two-proportion z-test)")
    print(f"{args.episodes} training episodes in {train_minutes:.1f} min ({train_cpu_minutes:.1f} min of CPU); "
          f"{result['total_minutes']:.1f} min with the evaluations ({result['total_cpu_minutes']:.1f} min of CPU)")
    print("learned weights: " + ", ".join(f"{n} {w:+.2f}" for n, w in result["weights"].items()))


if __name__ == "__main__":
    main()
