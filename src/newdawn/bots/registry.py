"""Bots by name: ``make_bot(spec, seed)`` for the CLI, the server and Python.

The levels a player chooses (``LEVELS``): ``easy``, ``normal``, ``hard`` (``hard:2s``,
``hard:1s-cpu``, ``hard:300i`` with another budget). The bots by kind: ``random``, ``greedy``, ``mcts`` (1 s a turn), ``mcts:1s`` / ``mcts:250ms`` (time
budget, wall clock), ``mcts:1s-cpu`` (time budget in the bot's own CPU time, for tournaments on
a shared machine), ``mcts:500i`` (iteration budget).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..content.rulesets import DEFAULT_RULESET
from ..engine import Action
from .base import Bot
from .greedy import GreedyBot
from .mcts import MctsBot
from .random_bot import RandomBot
from .turnbot import TurnBot

HARD_WALK: Final = 4000
"""Actions applied by each of Hard's decisive walks (``tactics.decisive_choice``)."""
HARD_WALK_SAMPLES: Final = 3
"""Re-samplings of the dice Hard looks for a decisive line in."""
HARD_REST: Final = 0.25
"""The share of a turn's budget Hard gives each decision inside its turn to play its options'
rest of the turn out (``TurnBot.rest_s``, where ``turnbot.plays_rest`` holds: the games with the
Automated Player, and the 2-player games of ``turnbot.REST_GAMES``)."""
HARD_MAX: Final = 1.5
"""The most CPU time one of Hard's decisions takes in the base game, in turns' budgets
(``TurnBot.max_s``): a second a turn keeps every decision within 2 s, the level's promise."""


class HardBot:
    """The Hard level: by the game (``HARD_TURN``), Normal's judgement with the time spent on
    re-sampled dice at the focus choice and on longer walks, or mcts with decisive walks. Against
    the Automated Player, whose turn runs inside an action, mcts's second simulated turn planned
    on one sample of the AP's random choices and lost to it far more often than Normal did; in
    Terra Incognita with 2 players, where Normal judges by the learned model, Normal with time
    beat mcts."""

    name = "hard"
    needs_view = True

    def __init__(self, rng: random.Random | None = None, time_s: float | None = 1.0,
                 iterations: int | None = None, clock: Callable[[], float] = time.thread_time) -> None:
        # Every argument has a default: the compiled build restores a pickled bot (the server's
        # pool sends bots to its workers) by calling the class with none.
        rng = rng or random.Random(0)
        self.rng, self._time_s, self.iterations, self.clock = rng, time_s, iterations, clock
        self.bot: Bot | None = None

    @property
    def time_s(self) -> float | None:
        """Seconds a turn (None: an iteration budget); the server may lower it while it is busy."""
        return self._time_s

    @time_s.setter
    def time_s(self, secs: float | None) -> None:
        self._time_s = secs
        if isinstance(self.bot, MctsBot):
            self.bot.time_s = secs
        elif isinstance(self.bot, TurnBot) and secs is not None:
            self.bot.walk_s, self.bot.focus_s, self.bot.max_s = secs / 2, secs * 0.8, secs * HARD_MAX
            self.bot.rest_s, self.bot.walk_in_s = secs * HARD_REST, secs / 2

    @property
    def last_iterations(self) -> int:
        return getattr(self.bot, "last_iterations", 0)

    def _make(self, ruleset: str, players: int) -> Bot:
        if (ruleset, 0) in HARD_TURN or (ruleset, players) in HARD_TURN:
            # An iteration budget stands for about as many milliseconds of the pure build.
            secs = self.time_s if self.time_s is not None else (self.iterations or 100) / 200
            return TurnBot(self.rng, walk=HARD_WALK, walk_samples=HARD_WALK_SAMPLES, walk_s=secs / 2,
                           focus_s=secs * 0.8, max_s=secs * HARD_MAX, rest_s=secs * HARD_REST,
                           walk_in_s=secs / 2)
        return MctsBot(self.rng, time_s=self.time_s, iterations=self.iterations, clock=self.clock, walk=HARD_WALK,
                       walk_samples=HARD_WALK_SAMPLES)

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        if self.bot is None:
            self.bot = (self._make(str(view["ruleset"]), len(view["players"])) if view is not None
                        else self._make(DEFAULT_RULESET, 0))
        return self.bot.choose(view, legal)


HARD_TURN: Final[frozenset[tuple[str, int]]] = frozenset({("base", 0), ("ti", 2)})
"""The games (ruleset, player count; 0 for every count) Hard plays by Normal's judgement with
time (``HardBot``); mcts in the others. Measurements: docs/bots.md, Strength, and
docs/experiments/bots-history.md."""


@dataclass(frozen=True)
class Level:
    """A level a player chooses in the lobby: its name in specs, its label, and what it
    measurably does (docs/bots.md, "Strength": the figures come from ``newdawn ladder``)."""

    spec: str
    label: str
    description: str


LEVELS: Final[dict[str, Level]] = {
    "easy": Level("easy", "Easy",
                  "Looks one move ahead; the Automated Player beats it about 6 games in 10. Answers at once."),
    "normal": Level("normal", "Normal",
                    "Plays each focus card's whole turn out and goes for winning lines: against Easy wins more "
                    "than 8 games in 10 in Terra Incognita and 6 in 10 in the base game; against the Automated "
                    "Player about half. Answers in about 30 milliseconds."),
    "hard": Level("hard", "Hard",
                  "Thinks about a second a turn: in Terra Incognita wins more than 8 games in 10 against Easy; "
                  "against the Automated Player about 6 in 10."),
}
"""The levels offered to players, weakest first."""

KINDS = (*LEVELS, "random", "greedy", "mcts")


def parse_budget(text: str) -> tuple[float | None, int | None]:
    """``1s``, ``0.5s``, ``250ms`` -> (seconds, None); ``500i`` -> (None, 500). A ``-cpu``
    suffix (``1s-cpu``) is the clock's, read by ``make_bot``."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(ms|s|i)(-cpu)?", text.strip())
    if not m or (m.group(3) and m.group(2) == "i"):
        raise ValueError(f"bad budget {text!r}: expected e.g. 1s, 250ms, 1s-cpu or 500i")
    v, unit = float(m.group(1)), m.group(2)
    if unit == "i":
        if v < 1 or v != int(v):
            raise ValueError(f"bad budget {text!r}: iterations must be a whole number of at least 1")
        return None, int(v)
    secs = v / 1000 if unit == "ms" else v
    if secs <= 0:
        raise ValueError(f"bad budget {text!r}: must be positive")
    return secs, None


def make_bot(spec: str, seed: int) -> Bot:
    """A new bot from its spec, with its own generator seeded by ``seed``."""
    kind, _, arg = spec.strip().lower().partition(":")
    rng = random.Random(seed)
    if kind == "random" and not arg:
        return RandomBot(rng)
    if kind in ("greedy", "easy") and not arg:
        return GreedyBot(rng)
    if kind == "normal" and not arg:
        return TurnBot(rng)
    if kind in ("mcts", "hard"):
        secs, iters = parse_budget(arg) if arg else (1.0, None)
        clock: Callable[[], float] = time.thread_time if arg.strip().endswith("-cpu") else time.perf_counter
        if kind == "hard":
            return HardBot(rng, secs, iters, clock)
        return MctsBot(rng, time_s=secs, iterations=iters, clock=clock)
    raise ValueError(f"unknown bot {spec!r}: expected one of easy, normal, hard, hard:2s, hard:1s-cpu, random, "
                     "greedy, mcts, mcts:1s, mcts:1s-cpu, mcts:500i")


def validate_spec(spec: str) -> str:
    """The spec, checked (raises ValueError naming the problem)."""
    make_bot(spec, 0)
    return spec.strip().lower()
