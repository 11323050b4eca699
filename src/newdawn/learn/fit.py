"""The fit of a win-chance model: a conditional logit over the seats, its held-out figures and
the model file with its card.

P(seat s wins | position) = softmax_s(w . x_s). The weights minimise the mean log loss over
the training positions plus an L2 pull towards the hand evaluation's weights (``features.HAND``
over the temperature that fits the hand scores best), within the signs of
``features.SIGNS``, by L-BFGS-B (scipy). The pull's strength is chosen by cross-validation
over the training games (folds by game). The held-out games give the figures of the card: log loss, accuracy (the
likeliest seat won) and calibration in 5 bins, beside two baselines: a constant (each seat's
share of the training wins) and the hand evaluation (a softmax of its scores).
"""

from __future__ import annotations

import platform
import sys
from pathlib import Path
from typing import Any

import numpy as np
import scipy
from scipy.optimize import minimize

from ..bots.features import FEATURES, HAND, SIGNS
from ..bots.model import WinModel, model_name, write_model
from .dataset import Game, data_hash, load_games, split
from .recipes import Recipe

LAMBDAS = (1e-2, 1e-1, 1.0, 10.0, 100.0)
"""The pull strengths tried (per standardised weight, against the mean log loss); the largest
keeps the hand evaluation at its fitted temperature, which few games cannot beat."""
FOLDS = 5
BINS = 5
CONSTANT_PRIOR = 10.0


class Data:
    """Positions as arrays: ``x`` (positions, seats, features), ``y`` the winner's seat,
    ``game`` each position's game number."""

    def __init__(self, games: list[Game], players: int) -> None:
        xs, ys, gs = [], [], []
        for i, g in enumerate(games):
            for _round, _mover, rows in g.positions:
                xs.append(rows)
                ys.append(g.winner)
                gs.append(i)
        f = len(FEATURES)
        self.x = np.asarray(xs, dtype=np.float64).reshape(-1, players, f)
        self.y = np.asarray(ys, dtype=np.int64)
        self.game = np.asarray(gs, dtype=np.int64)
        self.games = games

    def __len__(self) -> int:
        return int(self.y.shape[0])


def _log_probs(z: np.ndarray) -> np.ndarray:
    m = z.max(axis=1, keepdims=True)
    return z - m - np.log(np.exp(z - m).sum(axis=1, keepdims=True))  # type: ignore[no-any-return]


def _loss_grad(v: np.ndarray, x: np.ndarray, y: np.ndarray, v0: np.ndarray, lam: float) -> tuple[float, np.ndarray]:
    z = x @ v
    lp = _log_probs(z)
    n = len(y)
    loss = -lp[np.arange(n), y].mean() + 0.5 * lam * float(((v - v0) ** 2).sum())
    p = np.exp(lp)
    p[np.arange(n), y] -= 1.0
    grad = np.einsum("ps,psf->f", p, x) / n + lam * (v - v0)
    return float(loss), grad


def fit_weights(x: np.ndarray, y: np.ndarray, v0: np.ndarray, lam: float) -> np.ndarray:
    """Standardised weights minimising the penalised log loss within the signs."""
    bounds = [(0.0, None) if SIGNS[f] > 0 else (None, 0.0) if SIGNS[f] < 0 else (None, None) for f in FEATURES]
    start = np.clip(v0, [b[0] if b[0] is not None else -np.inf for b in bounds],
                    [b[1] if b[1] is not None else np.inf for b in bounds])
    res = minimize(_loss_grad, start, args=(x, y, v0, lam), jac=True, method="L-BFGS-B", bounds=bounds,
                   options={"maxiter": 500})
    return np.asarray(res.x)


def hand_scores(x: np.ndarray) -> np.ndarray:
    w = np.array([HAND.get(f, 0.0) for f in FEATURES])
    return x @ w  # type: ignore[no-any-return]


def fit_temperature(x: np.ndarray, y: np.ndarray) -> float:
    """The temperature T for which softmax(hand score / T) fits the winners best (log grid)."""
    s = hand_scores(x)
    best, best_t = np.inf, 1.0
    for t in np.geomspace(2.0, 2000.0, 61):
        ll = log_loss(np.exp(_log_probs(s / t)), y)
        if ll < best:
            best, best_t = ll, float(t)
    return best_t


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    return float(-np.log(np.clip(p[np.arange(len(y)), y], 1e-12, 1.0)).mean())


def figures(p: np.ndarray, y: np.ndarray) -> dict[str, Any]:
    """Log loss, accuracy and calibration (``BINS`` equal bins of the predicted chance, over
    every seat of every position: mean predicted chance, share that won, count)."""
    won = np.zeros_like(p)
    won[np.arange(len(y)), y] = 1.0
    flat_p, flat_w = p.ravel(), won.ravel()
    bins: list[dict[str, float | int | None]] = []
    ece = 0.0
    for b in range(BINS):
        lo, hi = b / BINS, (b + 1) / BINS
        sel = (flat_p >= lo) & ((flat_p < hi) if b < BINS - 1 else (flat_p <= hi))
        k = int(sel.sum())
        if k:
            mp, mw = float(flat_p[sel].mean()), float(flat_w[sel].mean())
            ece += k / len(flat_p) * abs(mp - mw)
            bins.append({"from": lo, "to": hi, "predicted": round(mp, 4), "won": round(mw, 4), "count": k})
        else:
            bins.append({"from": lo, "to": hi, "predicted": None, "won": None, "count": 0})
    return {"log_loss": round(log_loss(p, y), 4), "accuracy": round(float((p.argmax(axis=1) == y).mean()), 4),
            "calibration_error": round(ece, 4), "calibration": bins}


def choose_lambda(train: Data, v0: np.ndarray, scale: np.ndarray) -> float:
    """The pull strength with the best log loss over ``FOLDS`` folds of the training games
    (by game); the strongest when there are too few games to fold."""
    if len(train.games) < 2 * FOLDS:
        return LAMBDAS[-1]
    best, best_lam = np.inf, LAMBDAS[-1]
    x = train.x / scale
    for lam in LAMBDAS:
        ll = 0.0
        for k in range(FOLDS):
            out = train.game % FOLDS == k
            v = fit_weights(x[~out], train.y[~out], v0, lam)
            ll += log_loss(np.exp(_log_probs(x[out] @ v)), train.y[out]) * int(out.sum())
        if ll < best:
            best, best_lam = ll, lam
    return best_lam


def fit_recipe(recipe: Recipe, data: Path, seed: int, run_scale: float, command: str, note: str = "") -> WinModel:
    """Fit one recipe's model on its kept games; the model with its card."""
    games, seeds = load_games(recipe, data, seed, run_scale)
    train_games, test_games = split(games)
    if not train_games or not test_games:
        raise ValueError(f"{recipe.name}: {len(games)} games with a winner: too few to fit and hold out")
    n = recipe.players
    train, test = Data(train_games, n), Data(test_games, n)
    scale = train.x.reshape(-1, len(FEATURES)).std(axis=0)
    scale[scale < 1e-9] = 1.0
    temp = fit_temperature(train.x, train.y)
    v0 = np.array([HAND.get(f, 0.0) for f in FEATURES]) / temp * scale
    lam = choose_lambda(train, v0, scale)
    v = fit_weights(train.x / scale, train.y, v0, lam)
    w = v / scale
    p_model = np.exp(_log_probs(test.x @ w))
    # The constant: each seat's share of the training games' wins, from CONSTANT_PRIOR games
    # of each seat on top (the seats rotate, so a share away from 1/n is mostly noise unless
    # the lineup is unequal: a seat of the Automated Player).
    wins = np.bincount([g.winner for g in train_games], minlength=n).astype(np.float64) + CONSTANT_PRIOR
    p_const = np.tile(wins / wins.sum(), (len(test), 1))
    p_hand = np.exp(_log_probs(hand_scores(test.x) / temp))
    card = {
        "command": command,
        **({"note": note} if note else {}),
        "recipe": recipe.name,
        "lineups": seeds,
        "max_rounds": recipe.max_rounds,
        "games": {"used": len(games), "training": len(train_games), "held_out": len(test_games)},
        "positions": {"training": len(train), "held_out": len(test)},
        "position": "each seat's focus choice (one per turn)",
        "data_sha256": data_hash(games),
        "self_play_cpu_s": round(sum(g.cpu_s for g in games), 1),
        "fit": {"method": "conditional logit, L-BFGS-B within the signs of features.SIGNS, L2 pull to the "
                          "hand weights over the hand temperature",
                "l2": lam, "hand_temperature": round(temp, 3)},
        "held_out": {"model": figures(p_model, test.y), "constant": figures(p_const, test.y),
                     "hand": figures(p_hand, test.y)},
        "libraries": {"python": platform.python_version(), "numpy": np.__version__, "scipy": scipy.__version__},
    }
    weights = {f: round(float(x), 6) for f, x in zip(FEATURES, w, strict=True)}
    return WinModel(weights, recipe.ruleset, n, card)


def train_models(recipes: list[Recipe], data: Path, out: Path, seed: int, run_scale: float, command: str,
                 note: str = "") -> None:
    out.mkdir(parents=True, exist_ok=True)
    for r in recipes:
        model = fit_recipe(r, data, seed, run_scale, command, note)
        path = out / model_name(r.ruleset, r.players)
        size = write_model(model, path)
        h = model.card["held_out"]
        print(f"{r.name}: {model.card['games']['used']} games ({model.card['games']['held_out']} held out); "
              f"held-out log loss {h['model']['log_loss']:.3f} (constant {h['constant']['log_loss']:.3f}, "
              f"hand {h['hand']['log_loss']:.3f}), accuracy {h['model']['accuracy']:.1%}; {path} ({size} bytes)",
              file=sys.stderr, flush=True)
