"""Masked policy gradient with numpy on the PettingZoo environment: one seat learns to beat the
random bot in two-player newdawn. CPU only, no downloads, a few minutes.

Usage::

    python examples/train_pg.py [--episodes 1000] [--eval-games 100] [--seed 1] [--reference] [--json]
                                [--shaping agendas|greedy] [--start uniform|random-bot]

The policy is a softmax over the legal action ids of the pending decision (the action mask):
the logit of an id is a learned weight of its *group*: one weight shared by the options that
make no progress (``done``, ``skip``, ``back``...), one for each focus card type (``focus
culture``...), and 0 for every other id. Few weights, each fed by many decisions, so it learns
in minutes what matters most against a random player: when to stop and which cards to play.
It is trained with REINFORCE (advantages normalised over batches of ``--batch`` episodes,
Adam) against ``RandomBot``'s policy in short games (``--train-rounds``), rewarded for winning
and, to make the signal denser, for the victory agendas it claimed beyond the opponent's when
the short game stops (``--shaping greedy``: for how it stands by the greedy bot's static
evaluation instead; a training signal only, the policy sees nothing but the mask).
``--start random-bot`` starts from about the random bot's policy (options that make progress
ten times as likely) instead of uniform. Before and after training it plays ``--eval-games``
complete games (200 rounds at most) against the random bot, seats alternating, on seeds it
never trained on, and reports the win rate, the agendas claimed and the time taken;
``--reference`` also evaluates the random bot itself in the learner's seat.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np

from newdawn.bots.evaluate import value
from newdawn.bots.random_bot import PASSIVE_VERBS
from newdawn.content.schema import FOCUS_TYPES
from newdawn.research.bench import id_chooser
from newdawn.research.codec import codec
from newdawn.research.pettingzoo_env import env as make_env
from newdawn.research.pettingzoo_env import outcome_rewards


def action_groups() -> tuple[np.ndarray, int]:
    """Group index of every action id and the number of groups: 0 for every option that makes
    no progress (``done``, ``skip``, ``back``, ``pass``, ``keep``, ``none``, ``stop``), 1-6 for
    the six ``focus <type>`` ids, 7 for every other id (its weight stays 0: the reference)."""
    c = codec()
    groups = np.full(c.num_actions, 7, np.int32)
    for verb in PASSIVE_VERBS:
        groups[c.encode(verb)] = 0
    for first, end, form in c.blocks:
        if form == "focus <focus>":
            groups[first:end] = np.arange(1, 1 + end - first)
    return groups, 8


class Policy:
    def __init__(self, rng: np.random.Generator) -> None:
        self.groups, n = action_groups()
        self.theta = np.zeros(n)
        self.rng = rng
        self.m = np.zeros(n)
        self.v = np.zeros(n)
        self.t = 0

    def probs(self, ids: list[int]) -> tuple[np.ndarray, np.ndarray]:
        g = self.groups[ids]
        z = self.theta[g]
        p = np.exp(z - z.max())
        return g, p / p.sum()

    def act(self, ids: list[int], trace: list[tuple[np.ndarray, np.ndarray, int]] | None) -> int:
        if len(ids) == 1:
            return ids[0]
        g, p = self.probs(ids)
        k = int(self.rng.choice(len(ids), p=p))
        if trace is not None:
            trace.append((g, p, k))
        return ids[k]

    def update(self, trace: list[tuple[np.ndarray, np.ndarray, int]], advantages: list[float] | float,
               lr: float) -> None:
        """One REINFORCE step: each choice's advantage times the gradient of its
        log-probability (for a softmax, one-hot of the choice minus the probabilities)."""
        if isinstance(advantages, float):
            advantages = [advantages] * len(trace)
        grad = np.zeros_like(self.theta)
        for (g, p, k), adv in zip(trace, advantages, strict=True):
            np.add.at(grad, g, -adv * p)
            grad[g[k]] += adv
        grad /= max(1, len(trace))
        # Adam (ascent)
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        mh = self.m / (1 - 0.9 ** self.t)
        vh = self.v / (1 - 0.999 ** self.t)
        self.theta += lr * mh / (np.sqrt(vh) + 1e-8)
        self.theta[-1] = 0.0  # the reference group


def play(policy: Policy | RandomPolicy, seed: int, learner: int, max_rounds: int, learn: bool) -> dict[str, Any]:
    """One two-player game through the AEC environment (no observations needed)."""
    env = make_env(players=2, max_rounds=max_rounds)
    env.reset(seed=seed)
    opponent = id_chooser(random.Random(seed))
    trace: list[tuple[np.ndarray, np.ndarray, int]] | None = [] if learn else None
    me = f"player_{learner}"
    for agent in env.agent_iter():
        _obs, _rew, term, trunc, info = env.last(observe=False)
        if term or trunc:
            env.step(None)
            continue
        ids = info["legal_actions"]
        env.step(policy.act(ids, trace) if agent == me else opponent(ids))
    st = env.st
    assert st is not None
    claims = [sum(1 for seats in st.claims.values() if p in seats) for p in range(2)]
    standing = value(st, learner) if learn else 0.0
    return {"standing": standing, "winner": st.winner, "won": st.winner == learner, "margin": claims[learner] - claims[1 - learner],
            "claims": claims[learner], "trace": trace,
            "reward": outcome_rewards(st)[learner]}


class RandomPolicy:
    """``RandomBot``'s policy in the learner's seat, for reference."""

    def __init__(self, seed: int) -> None:
        self.choose = id_chooser(random.Random(seed))

    def act(self, ids: list[int], trace: Any) -> int:
        return self.choose(ids)


def evaluate(policy: Policy | RandomPolicy, games: int, first_seed: int) -> dict[str, float]:
    wins = ends = 0
    claims = 0.0
    for i in range(games):
        r = play(policy, first_seed + i, learner=i % 2, max_rounds=200, learn=False)
        wins += r["won"]
        ends += r["winner"] >= 0
        claims += r["claims"]
    return {"win_rate": wins / games, "wins": wins, "games": games, "decided": ends,
            "mean_claims": claims / games}


def main() -> None:
    ap = argparse.ArgumentParser(description="masked policy gradient against the random bot")
    ap.add_argument("--episodes", type=int, default=1000)
    ap.add_argument("--train-rounds", type=int, default=60)
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--batch", type=int, default=4, help="episodes per update")
    ap.add_argument("--shaping", choices=("agendas", "greedy"), default="agendas")
    ap.add_argument("--start", choices=("uniform", "random-bot"), default="uniform")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reference", action="store_true",
                    help="also evaluate the random bot itself in the learner's seat")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    t0 = time.perf_counter()
    policy = Policy(np.random.default_rng(args.seed))
    if args.start == "random-bot":
        # Start from (about) the random bot: options that make progress ten times as likely.
        policy.theta[0] = -np.log(10.0)
    eval_seed = 1_000_000 + args.seed * 10_000  # evaluation games never seen in training
    before = evaluate(policy, args.eval_games, eval_seed)
    t_eval = time.perf_counter() - t0
    if not args.json:
        print(f"before: win rate {before['win_rate']:.0%} ({before['wins']}/{before['games']}), "
              f"mean agendas claimed {before['mean_claims']:.2f}  [{t_eval:.0f} s]", flush=True)

    t1 = time.perf_counter()
    batch: list[tuple[list[tuple[np.ndarray, np.ndarray, int]], float]] = []
    recent: list[float] = []
    for ep in range(args.episodes):
        r = play(policy, args.seed * 100_000 + ep, learner=ep % 2, max_rounds=args.train_rounds, learn=True)
        # The episode's return: the win reward plus how the learner stands against the
        # opponent when the short game stops (the greedy bot's evaluation, in hundreds).
        if args.shaping == "greedy":
            ret = 2.0 * r["reward"] + r["standing"] / 100.0
        else:  # the agendas claimed beyond the opponent's
            ret = 2.0 * r["reward"] + 0.5 * r["margin"]
        batch.append((r["trace"], ret))
        recent.append(ret)
        if len(batch) == args.batch:
            # Advantage: the return minus the batch mean, scaled by the batch's spread.
            rets = np.array([x for _, x in batch])
            adv = (rets - rets.mean()) / (rets.std() + 1e-6)
            trace = [step for tr, _ in batch for step in tr]
            per_step = [float(a) for (tr, _), a in zip(batch, adv, strict=True) for _ in tr]
            policy.update(trace, per_step, args.lr)
            batch = []
        if not args.json and (ep + 1) % 50 == 0:
            print(f"  episode {ep + 1}: mean return of the last 50 {np.mean(recent[-50:]):+.2f}", flush=True)
    t_train = time.perf_counter() - t1

    after = evaluate(policy, args.eval_games, eval_seed)
    minutes = (time.perf_counter() - t0) / 60  # training and the two evaluations
    reference = evaluate(RandomPolicy(args.seed), args.eval_games, eval_seed) if args.reference else None
    result = {"before": before, "after": after, "reference_random_bot": reference, "episodes": args.episodes,
              "train_rounds": args.train_rounds, "train_minutes": t_train / 60, "total_minutes": minutes}
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"after:  win rate {after['win_rate']:.0%} ({after['wins']}/{after['games']}), "
          f"mean agendas claimed {after['mean_claims']:.2f}")
    if reference is not None:
        print(f"random bot in the learner's seat: win rate {reference['win_rate']:.0%} "
              f"({reference['wins']}/{reference['games']}), mean agendas claimed {reference['mean_claims']:.2f}")
    print(f"{args.episodes} training episodes in {t_train / 60:.1f} min; {minutes:.1f} min in all")
    names = ["options that make no progress", *(f"focus {t}" for t in FOCUS_TYPES)]
    for name, w in zip(names, policy.theta, strict=False):
        print(f"  weight of {name}: {w:+.2f}")


if __name__ == "__main__":
    main()
