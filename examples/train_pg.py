"""Masked policy gradient with numpy on the PettingZoo environment: one seat learns to beat the
random bot in two-player newdawn. CPU only, no downloads, a few minutes.

Usage::

    python examples/train_pg.py [--episodes 400] [--eval-games 40] [--seed 1] [--json]

The policy is a softmax over the legal action ids of the pending decision (the action mask):
the logit of an id is a learned weight of its *group*. Ids of small forms (the codec's blocks
of at most 64 ids: ``focus culture``, ``take currency``, ``done``...) each form a group; each
large form (``place <space>``, ``tile <side_rot> <space>``...) is one group. So the policy
learns which kinds of options to prefer, whatever the map. It is trained with REINFORCE
(a running-mean baseline, Adam) against ``RandomBot``'s policy in short games (``--train-rounds``),
rewarded for winning and, to make the signal denser, for the victory agendas it claims minus
those the opponent claims at the end. Before and after training it plays ``--eval-games``
complete games (200 rounds at most) against the random bot, seats alternating, and reports the
win rate, the agendas claimed and the time taken.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np

from newdawn.research.bench import id_chooser
from newdawn.research.codec import codec
from newdawn.research.pettingzoo_env import env as make_env
from newdawn.research.pettingzoo_env import outcome_rewards

SMALL_FORM = 64


def action_groups() -> tuple[np.ndarray, int]:
    """Group index of every action id (see the module docstring) and the number of groups."""
    c = codec()
    groups = np.zeros(c.num_actions, np.int32)
    g = 0
    for first, end, _form in c.blocks:
        if end - first <= SMALL_FORM:
            groups[first:end] = np.arange(g, g + end - first)
            g += end - first
        else:
            groups[first:end] = g
            g += 1
    return groups, g


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


def play(policy: Policy, seed: int, learner: int, max_rounds: int, learn: bool) -> dict[str, Any]:
    """One two-player game through the AEC environment (no observations needed)."""
    env = make_env(players=2, max_rounds=max_rounds)
    env.reset(seed=seed)
    opponent = id_chooser(random.Random(seed))
    trace: list[tuple[np.ndarray, np.ndarray, int]] | None = [] if learn else None
    margins: list[int] = []  # the claims margin when each traced choice was made
    me = f"player_{learner}"
    for agent in env.agent_iter():
        _obs, _rew, term, trunc, info = env.last(observe=False)
        if term or trunc:
            env.step(None)
            continue
        ids = info["legal_actions"]
        if agent == me:
            if trace is not None and len(ids) > 1:
                margins.append(claims_margin(env, learner))
            env.step(policy.act(ids, trace))
        else:
            env.step(opponent(ids))
    st = env.st
    assert st is not None
    claims = [sum(1 for seats in st.claims.values() if p in seats) for p in range(2)]
    return {"winner": st.winner, "won": st.winner == learner, "margin": claims[learner] - claims[1 - learner],
            "claims": claims[learner], "trace": trace, "margins": margins,
            "reward": outcome_rewards(st)[learner]}


def claims_margin(env: Any, seat: int) -> int:
    """Agendas claimed by ``seat`` minus those of its opponent (public: every view shows them)."""
    claims = env.st.claims
    mine = sum(1 for seats in claims.values() if seat in seats)
    theirs = sum(1 for seats in claims.values() if 1 - seat in seats)
    return mine - theirs


def evaluate(policy: Policy, games: int, first_seed: int) -> dict[str, float]:
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
    ap.add_argument("--episodes", type=int, default=400)
    ap.add_argument("--train-rounds", type=int, default=60)
    ap.add_argument("--eval-games", type=int, default=40)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    t0 = time.perf_counter()
    policy = Policy(np.random.default_rng(args.seed))
    eval_seed = 1_000_000 + args.seed * 10_000  # evaluation games never seen in training
    before = evaluate(policy, args.eval_games, eval_seed)
    t_eval = time.perf_counter() - t0
    if not args.json:
        print(f"before: win rate {before['win_rate']:.0%} ({before['wins']}/{before['games']}), "
              f"mean agendas claimed {before['mean_claims']:.2f}  [{t_eval:.0f} s]", flush=True)

    baseline = 0.0
    t1 = time.perf_counter()
    for ep in range(args.episodes):
        r = play(policy, args.seed * 100_000 + ep, learner=ep % 2, max_rounds=args.train_rounds, learn=True)
        # Return of each choice: the win reward plus the claims margin gained from then on
        # (potential-based shaping: a choice gets no credit for agendas claimed before it).
        ret = 2.0 * r["reward"] + 0.5 * r["margin"]
        togo = [2.0 * r["reward"] + 0.5 * (r["margin"] - m) for m in r["margins"]]
        mean_togo = float(np.mean(togo)) if togo else 0.0
        baseline += 0.05 * (mean_togo - baseline)
        policy.update(r["trace"], [x - baseline for x in togo], args.lr)
        if not args.json and (ep + 1) % 50 == 0:
            print(f"  episode {ep + 1}: return {ret:+.2f}, baseline {baseline:+.2f}", flush=True)
    t_train = time.perf_counter() - t1

    after = evaluate(policy, args.eval_games, eval_seed)
    minutes = (time.perf_counter() - t0) / 60
    result = {"before": before, "after": after, "episodes": args.episodes, "train_rounds": args.train_rounds,
              "train_minutes": t_train / 60, "total_minutes": minutes}
    if args.json:
        print(json.dumps(result, indent=1))
        return
    print(f"after:  win rate {after['win_rate']:.0%} ({after['wins']}/{after['games']}), "
          f"mean agendas claimed {after['mean_claims']:.2f}")
    print(f"{args.episodes} training episodes in {t_train / 60:.1f} min; {minutes:.1f} min in all")
    c = codec()
    large = {int(policy.groups[first]): form for first, end, form in c.blocks if end - first > SMALL_FORM}
    for g in np.argsort(policy.theta)[::-1][:8]:
        label = large.get(int(g)) or str(c.decode(int(np.flatnonzero(policy.groups == g)[0])))
        print(f"  prefers {label!r}: {policy.theta[g]:+.2f}")


if __name__ == "__main__":
    main()
