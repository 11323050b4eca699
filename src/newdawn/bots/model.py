"""The learned win-chance model: plain JSON data and a dot product per seat.

A model file (``FORMAT``) names its features (``features.FEATURES``, in any order: a model
keeps reading a file whose features are a subset of today's), their weights, the ruleset and
the player count it was fitted for, and a model card (how it was made and how well it
predicts held-out games: docs/learning.md). A seat's score is ``w . x``; the chances are the
softmax of the scores over the seats (a conditional logit). No numpy: one call costs about as
much as the features themselves, so a search can call it at every leaf.

The shipped models are package data, ``newdawn/bots/models/<ruleset>-<players>p.json``;
``NEWDAWN_MODELS`` may name another folder (``newdawn train --out``'s).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ..engine import GameState
from .evaluate import WIN, hand_for
from .features import FEATURES, INDEX, SKIPPABLE, seat_features, seat_row

FORMAT: Final = "newdawn-model/1"
MODELS_ENV: Final = "NEWDAWN_MODELS"
MAX_BYTES: Final = 1_000_000
"""The largest model file allowed (a model is a few dozen numbers and its card)."""


class WinModel:
    """A conditional-logit model over the seats' ``FEATURES`` rows."""

    def __init__(self, weights: dict[str, float], ruleset: str, players: int,
                 card: dict[str, Any] | None = None) -> None:
        unknown = sorted(set(weights) - set(FEATURES))
        if unknown:
            raise ValueError(f"model weights for unknown features: {', '.join(unknown)}")
        self.weights = dict(weights)
        self.ruleset = ruleset
        self.players = players
        self.card: dict[str, Any] = dict(card or {})
        self._w: list[float] = [float(weights.get(f, 0.0)) for f in FEATURES]
        self._used: list[tuple[int, float]] = [(i, w) for i, w in enumerate(self._w) if w != 0.0]
        """The features with a weight (a search sums only these)."""
        self.skip: frozenset[str] = frozenset(f for f in SKIPPABLE if self._w[INDEX[f]] == 0.0)
        """The costly features this model does not weigh (``features.seat_features`` leaves them out)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its constructor's arguments: the server's bot pool sends bots (a search
        holding a model) to its workers, and the compiled build's classes are restored by calling
        the class."""
        return WinModel, (self.weights, self.ruleset, self.players, self.card)

    def scores(self, rows: list[list[float]]) -> list[float]:
        used = self._used
        out = []
        for row in rows:
            s = 0.0
            for i, w in used:
                s += w * row[i]
            out.append(s)
        return out

    def chances_of_rows(self, rows: list[list[float]]) -> list[float]:
        return softmax(self.scores(rows))

    def chances(self, st: GameState) -> list[float]:
        """Each seat's chance of winning from ``st`` (a finished game: 1 for the winner)."""
        if st.winner >= 0:
            return [1.0 if p == st.winner else 0.0 for p in range(st.n)]
        return self.chances_of_rows(seat_features(st, self.skip))

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "ruleset": self.ruleset, "players": self.players,
                "features": [f for f in FEATURES if f in self.weights],
                "weights": [self.weights[f] for f in FEATURES if f in self.weights], "card": self.card}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> WinModel:
        if d.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} model (format {d.get('format')!r})")
        names, weights = d["features"], d["weights"]
        if len(names) != len(weights):
            raise ValueError("a model needs one weight per feature")
        return cls({str(k): float(v) for k, v in zip(names, weights, strict=True)}, str(d["ruleset"]),
                   int(d["players"]), d.get("card") or {})


def softmax(values: Sequence[float], temperature: float = 1.0) -> list[float]:
    """Probabilities proportional to exp(value / temperature)."""
    top = max(values)
    w = [math.exp((v - top) / temperature) for v in values]
    total = sum(w)
    return [x / total for x in w]


def model_name(ruleset: str, players: int) -> str:
    return f"{ruleset}-{players}p.json"


def read_model(path: str | Path) -> WinModel:
    p = Path(path)
    if p.stat().st_size > MAX_BYTES:
        raise ValueError(f"{p} is larger than a model may be ({MAX_BYTES} bytes)")
    return WinModel.from_json(json.loads(p.read_text(encoding="utf-8")))


def write_model(model: WinModel, path: str | Path) -> int:
    """Write the model's JSON; its size in bytes."""
    text = json.dumps(model.to_json(), indent=1) + "\n"
    if len(text.encode()) > MAX_BYTES:
        raise ValueError(f"the model would be larger than {MAX_BYTES} bytes")
    Path(path).write_text(text, encoding="utf-8")
    return len(text.encode())


_CACHE: Final[dict[tuple[str, str, int], WinModel | None]] = {}


def shipped_model(ruleset: str, players: int) -> WinModel | None:
    """The model for games of ``ruleset`` with ``players`` seats: from ``NEWDAWN_MODELS`` when
    set, else the package's; None when there is none (read once per folder)."""
    folder = os.environ.get(MODELS_ENV, "")
    key = (folder, ruleset, players)
    if key in _CACHE:
        return _CACHE[key]
    name = model_name(ruleset, players)
    got: WinModel | None = None
    if folder:
        path = Path(folder) / name
        if path.is_file():
            got = read_model(path)
    else:
        res = resources.files("newdawn.bots").joinpath("models", name)
        if res.is_file():
            got = WinModel.from_json(json.loads(res.read_text(encoding="utf-8")))
    _CACHE[key] = got
    return got


def learned_for(games: frozenset[tuple[str, int]], ruleset: str, players: int) -> LearnedEvaluation | None:
    """The shipped model of these games as an evaluation, when (ruleset, players) is one of
    ``games`` and a model is shipped for it; else None (the bots' tables of where a model judges:
    ``mcts.LEARNED_LEAVES``, ``turnbot.LEARNED_JUDGE``)."""
    model = shipped_model(ruleset, players) if (ruleset, players) in games else None
    return LearnedEvaluation(model) if model is not None else None


class LearnedEvaluation:
    """The model as a search's evaluation (an ``evaluate.Judge``, as ``evaluate.Evaluation`` is:
    ``value``/``scores``), in the hand evaluation's points: a seat's score is its model score
    times the temperature the hand scores fitted at (the card's), so a search tuned to the
    hand's scale reads it on the same scale."""

    def __init__(self, model: WinModel) -> None:
        self.model = model
        fit = model.card.get("fit", {})
        self.temperature = float(fit.get("hand_temperature", 80.0))
        self.tempo = hand_for(model.ruleset).tempo
        """Bonus per slot of the focus card chosen: the ruleset's hand evaluation's
        (``evaluate.Evaluation.tempo``; the base game's is ``evaluate.BASE_TEMPO``)."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its model (``WinModel.__reduce__``)."""
        return LearnedEvaluation, (self.model,)

    def scores(self, st: GameState) -> list[float]:
        t = self.temperature
        return [t * s for s in self.model.scores(seat_features(st, self.model.skip))]

    def score(self, st: GameState, p: int) -> float:
        return self.temperature * self.model.scores([seat_row(st, p, self.model.skip)])[0]

    def value(self, st: GameState, seat: int) -> float:
        if st.winner >= 0:
            return WIN if st.winner == seat else -WIN
        s = self.scores(st)
        return s[seat] - max((s[q] for q in range(st.n) if q != seat), default=0.0)
