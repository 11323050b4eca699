"""The puzzle suite: positions from real games where one choice wins the game this turn, or
stops a rival who would otherwise win when the round ends (docs/bots.md, "Puzzles").

A puzzle is a scenario file (docs/scenarios.md) whose position is a real game's, reached by its
record's actions (``[game] actions``), with a ``[puzzle]`` table:

    [puzzle]
    seat = "blue"              # the seat to move, at its focus choice
    goal = "win"               # or "break" (with rival = "red")
    kind = "fort attack"       # what the winning line does: fort attack, agenda, break
    winning = ["focus military"]            # focus choices with a line reaching the goal
    losing = ["focus science", ...]         # whole turn searched: no line reaches it
    unknown = []                            # search budget spent without a line
    chance = 0.875             # share of re-sampled dice and draws in which the best choice still wins
    solution = ["focus military", "resolve", ...]   # a line that reaches the goal with these dice
    source = "ti2_greedy.jsonl: seed 1000003, action 420"

A bot *solves* a puzzle when, playing the seat's whole turn from the position (the rivals'
few decisions inside it, a defender's trade tokens, by greedy), the goal holds once the turn is
over (``search.Goal``): ``win``, the seat has won or holds the cards a win needs; ``break``, the
rival no longer holds them. The goal is checked on the outcome, so a line other than the
solution counts when it reaches the goal too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots.base import Bot, play_game
from ..bots.registry import make_bot
from ..bots.tournament import bot_seed
from ..engine import GameState, IllegalActionError, NotationError, apply
from ..scenario import ScenarioError, load
from ..scenario.build import seat_of
from .search import Goal, is_turn_start, turn_of

GOALS = ("win", "break")
KINDS = ("fort attack", "agenda", "break")
PUZZLE_KEYS = {"seat", "goal", "rival", "kind", "winning", "losing", "unknown", "chance", "solution", "source"}
SUITE = Path(__file__).resolve().parents[3] / "tests" / "puzzles"
"""The shipped suite (a source checkout's tests/puzzles/)."""


@dataclass
class Puzzle:
    path: str
    title: str
    state: GameState
    goal: Goal
    kind: str
    ruleset: str
    players: int
    winning: list[str]
    losing: list[str]
    unknown: list[str]
    chance: float
    solution: list[str]
    source: str

    @property
    def label(self) -> str:
        return f"{self.ruleset}-{self.players}p {self.kind}"


def _texts(path: str, where: str, v: Any) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ScenarioError(path, f"puzzle.{where}", "expected a list of action texts")
    return list(v)


def load_puzzle(path: str | Path) -> Puzzle:
    """Read a puzzle file (a malformed one raises ``ScenarioError`` naming the field)."""
    import tomllib

    p = str(path)
    sc = load(p)
    data = tomllib.loads(Path(p).read_text(encoding="utf-8"))
    pz = data.get("puzzle")
    if not isinstance(pz, dict):
        raise ScenarioError(p, "puzzle", "a puzzle file has a [puzzle] table (seat, goal, solution)")
    extra = sorted(set(pz) - PUZZLE_KEYS)
    if extra:
        raise ScenarioError(p, "puzzle", f"unknown field(s) {', '.join(extra)}; allowed: {', '.join(sorted(PUZZLE_KEYS))}")
    st = sc.state
    try:
        seat = seat_of(st, pz.get("seat"))
        rival = seat_of(st, pz["rival"]) if "rival" in pz else -1
    except ValueError as e:
        raise ScenarioError(p, "puzzle.seat", str(e)) from None
    goal = pz.get("goal")
    if goal not in GOALS:
        raise ScenarioError(p, "puzzle.goal", f"expected one of {', '.join(GOALS)}, got {goal!r}")
    if goal == "break" and (rival < 0 or rival == seat):
        raise ScenarioError(p, "puzzle.rival", "a break puzzle names the rival who holds the winning cards")
    kind = pz.get("kind", "agenda")
    if kind not in KINDS:
        raise ScenarioError(p, "puzzle.kind", f"expected one of {', '.join(KINDS)}, got {kind!r}")
    if not is_turn_start(st) or st.current != seat:
        raise ScenarioError(p, "puzzle.seat", "the position must wait for that seat's focus choice")
    chance = pz.get("chance", 1.0)
    if not isinstance(chance, (int, float)) or not 0 <= chance <= 1:
        raise ScenarioError(p, "puzzle.chance", f"expected a share between 0 and 1, got {chance!r}")
    return Puzzle(p, sc.title, st, Goal(goal, seat, rival), kind, st.ruleset, st.n,
                  _texts(p, "winning", pz.get("winning", [])), _texts(p, "losing", pz.get("losing", [])),
                  _texts(p, "unknown", pz.get("unknown", [])), float(chance),
                  _texts(p, "solution", pz.get("solution", [])), str(pz.get("source", "")))


def puzzle_files(where: str | Path = SUITE) -> list[Path]:
    p = Path(where)
    return sorted(p.rglob("*.toml")) if p.is_dir() else [p]


def load_suite(where: str | Path = SUITE) -> list[Puzzle]:
    files = puzzle_files(where)
    if not files:
        raise ScenarioError(str(where), "", "no puzzle files (*.toml) there")
    return [load_puzzle(f) for f in files]


def play_turn(pz: Puzzle, line: Sequence[str]) -> GameState:
    """The state once the seat has played ``line`` (raises IllegalActionError on a refused action)."""
    st = pz.state
    for text in line:
        st = apply(st, text)
    return st


def check_solution(pz: Puzzle) -> str | None:
    """Why the stated solution does not reach the goal, or None when it does."""
    if not pz.solution:
        return "no solution line"
    turn = turn_of(pz.state)
    try:
        st = play_turn(pz, pz.solution)
    except (IllegalActionError, NotationError) as e:
        return f"the solution is refused: {e}"
    if st.winner == -1 and turn_of(st) == turn:
        return "the solution does not end the turn"
    if not pz.goal.met(st):
        return "the solution does not reach the goal"
    return None


@dataclass
class Attempt:
    path: str
    label: str
    solved: bool
    line: list[str] = field(default_factory=list)
    cpu_s: float = 0.0
    error: str = ""


class _Recorder:
    """Wraps the seat's bot to keep its CPU time."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.needs_view = bot.needs_view
        self.cpu = 0.0

    def choose(self, view: Any, legal: Any) -> Any:
        t0 = time.thread_time()
        try:
            return self.bot.choose(view, legal)
        finally:
            self.cpu += time.thread_time() - t0


def attempt(pz: Puzzle, spec: str, seed: int = 0) -> Attempt:
    """Let the bot ``spec`` play the seat's turn; the rivals' decisions inside it by greedy."""
    st = pz.state.copy()
    seat = pz.goal.seat
    base = bot_seed(seed, seat)
    me = _Recorder(make_bot(spec, base))
    bots: list[Bot] = [me if s == seat else make_bot("greedy", bot_seed(seed, s)) for s in range(st.n)]
    turn = turn_of(st)
    line: list[str] = []

    def keep(_st: GameState, who: int, a: Any) -> None:
        if who == seat:
            line.append(str(a))

    try:
        play_game(st, bots, before=keep, stop=lambda s: turn_of(s) != turn)
    except Exception as e:  # a bot crashing on a puzzle is a failure to report, not to hide
        return Attempt(pz.path, pz.label, False, line, me.cpu, f"{type(e).__name__}: {e}")
    return Attempt(pz.path, pz.label, pz.goal.met(st), line, me.cpu)


def run_suite(puzzles: Sequence[Puzzle], spec: str, seed: int = 0,
              progress: Callable[[Attempt], None] | None = None) -> list[Attempt]:
    out = []
    for pz in puzzles:
        a = attempt(pz, spec, seed)
        out.append(a)
        if progress is not None:
            progress(a)
    return out


def summary(attempts: Sequence[Attempt]) -> dict[str, Any]:
    """Solved/total, overall and by label (ruleset, players, kind)."""
    by: dict[str, list[int]] = {}
    for a in attempts:
        s = by.setdefault(a.label, [0, 0])
        s[0] += a.solved
        s[1] += 1
    solved = sum(a.solved for a in attempts)
    return {"solved": solved, "total": len(attempts), "share": solved / len(attempts) if attempts else 0.0,
            "by_label": {k: {"solved": v[0], "total": v[1]} for k, v in sorted(by.items())},
            "cpu_s": sum(a.cpu_s for a in attempts),
            "failures": [{"path": a.path, "label": a.label, "line": a.line, "error": a.error}
                         for a in attempts if not a.solved]}
