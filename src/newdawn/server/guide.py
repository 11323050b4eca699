"""The guided first game (issue 39 §1): the lobby's "Learn to play".

The game is a real one, from a scenario file (``newdawn/scenario/guide.toml`` for Terra
Incognita, ``guide_base.toml`` for the base game: a seed, the leaders and the setup chosen for a
newcomer), the learner in seat 1 against the Easy bot. Its
steps and their words are ``describe/guide.py``'s; the server keeps the learner's progress with
the game (``GameRecord.guide``: ``step``, ``since`` (actions in the log when the step began),
``left``), so a reload finds the same step. Nothing here changes the game itself.

A step with a goal (``describe.guide.GOALS``: resolve a card, spread, attack, build a wonder) is
read from the game's own events, never from clicks: the step moves on by itself when an action
of the learner's does what it asks (``after_action``; undoing that action brings the step back,
``after_undo``), and a goal met earlier (the learner went ahead of the guide) lets "Next" go on
at once.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from ..bots.registry import LEVELS
from ..content import load_content
from ..content.rulesets import DEFAULT_RULESET
from ..describe.guide import GUIDE, GUIDE_BUTTON, GUIDE_INVITATION, goal_done, guide_record
from ..engine import Event, GameConfig, GameState
from ..scenario import parse
from .errors import GameError
from .store import GameRecord

GUIDE_FILE = "guide.toml"
"""The default ruleset's guided game, shipped with ``newdawn.scenario``; every ``guide*.toml``
there is a guided game, one per ruleset (the ruleset its ``[game]`` plays)."""
GUIDE_BOT = "easy"
LEARNER = 0
"""The learner's seat (the scenario's first colour); the other seat is the bot's."""


def _read(name: str) -> tuple[GameConfig, int, tuple[str, ...]]:
    text = files("newdawn.scenario").joinpath(name).read_text(encoding="utf-8")
    sc = parse(text, name)
    g = tomllib.loads(text)["game"]
    config = sc.state.config.copy()
    config.pop("seed", None)  # the record keeps it beside the configuration
    return config, int(g["seed"]), tuple(str(a) for a in g.get("actions", ()))


@cache
def guide_games() -> dict[str, tuple[GameConfig, int, tuple[str, ...]]]:
    """Ruleset id -> (config, seed, actions) of its guided game, read from the scenario files, the
    default ruleset's first. Building a scenario checks it (every action legal, its steps as
    stated) before any game starts from it."""
    names = sorted(f.name for f in files("newdawn.scenario").iterdir()
                   if f.name.startswith("guide") and f.name.endswith(".toml"))
    games = {}
    for name in [GUIDE_FILE, *(n for n in names if n != GUIDE_FILE)]:
        config, seed, actions = _read(name)
        games[config["ruleset"]] = (config, seed, actions)
    return games


def guide_game(ruleset: str = DEFAULT_RULESET) -> tuple[GameConfig, int, tuple[str, ...]]:
    """(config, seed, actions) of the guided game of ``ruleset``."""
    games = guide_games()
    if ruleset not in games:
        raise GameError(400, f"ruleset must be one of {list(games)} for a guided game")
    return games[ruleset]


def invitations() -> list[dict[str, Any]]:
    """The lobby's "Learn to play" buttons (``GET /api/options`` ``guides``), the default ruleset's
    first: ``{ruleset, label, text}``, the button's words and the line beside it."""
    level = LEVELS[GUIDE_BOT].label if GUIDE_BOT in LEVELS else GUIDE_BOT
    games = guide_games()
    out = []
    for rid, (config, _, _) in games.items():
        name = load_content(rid).ruleset.name
        out.append({"ruleset": rid, "label": GUIDE_BUTTON.format(name=name) if len(games) > 1 else "Learn to play",
                    "text": GUIDE_INVITATION.format(rounds=config.get("max_rounds") or "no limit of", level=level)})
    return out


def start() -> dict[str, Any]:
    """A new guided game's progress: its first step, begun now."""
    return {"step": 0, "since": 0, "left": False}


def turns_since(rec: GameRecord, since: int, seat: int) -> int:
    """The turns ``seat`` has finished from action ``since`` on: each focus card it chose, once
    another seat has acted after it or it chose its next card."""
    done, later = 0, False  # later: another seat acted, or this seat chose a card, after this action
    for s, text in reversed(rec.actions[since:]):
        if s == seat and text.startswith("focus "):
            done += later
            later = True
        elif s != seat:
            later = True
    return done


def goal_met(events: Sequence[Sequence[Event]], step: int, seat: int) -> bool:
    """Whether ``seat`` has done what guide step ``step`` asks, in any action of the game so far
    (``events``: each action's events, ``LiveGame.events``); False for a step with no goal."""
    goal = GUIDE[step].goal
    return goal is not None and any(goal_done(goal, e, seat) for evs in events for e in evs)


def guide_view(rec: GameRecord, st: GameState, seat: int,
               events: Sequence[Sequence[Event]] = ()) -> dict[str, Any] | None:
    """The view's ``guide``: the step the learner is at, in words (``describe.guide``), or None
    (no guided game, another viewer, or the learner left the guide)."""
    g = rec.guide
    if g is None or g.get("left") or seat != LEARNER:
        return None
    step = int(g["step"])
    return guide_record(st, seat, step, goal_met(events, step, seat), turns_since(rec, int(g["since"]), seat))


def after_action(rec: GameRecord, events: Sequence[Event]) -> dict[str, Any] | None:
    """The progress once an action with ``events`` is played (``rec.actions`` holds it): the
    next step when the action did what the current step asks of the learner, else None (no
    change). A guide the learner left stays where it was."""
    g = rec.guide
    if g is None or g.get("left"):
        return None
    step = int(g["step"])
    goal = GUIDE[step].goal
    if goal is None or step + 1 >= len(GUIDE) or not any(goal_done(goal, e, LEARNER) for e in events):
        return None
    return {"step": step + 1, "since": len(rec.actions), "left": False, "before": g}


def after_undo(rec: GameRecord) -> dict[str, Any] | None:
    """The progress once an action is taken back (``rec.actions`` no longer holds it): the step
    before when the action taken back is the one that moved the guide on by itself (the game no
    longer shows the goal done), else None (no change)."""
    g = rec.guide
    if g is None or "before" not in g or len(rec.actions) >= int(g["since"]):
        return None
    return {**g["before"], "left": bool(g.get("left"))}


def next_progress(rec: GameRecord, st: GameState, body: dict[str, Any],
                  events: Sequence[Sequence[Event]] = ()) -> dict[str, Any]:
    """The progress after the learner's request: ``{"step": n}`` goes to the step after the current
    one (once that is ready; the current step again changes nothing); ``{"leave": true}`` leaves the guide (the game goes
    on as a normal one); ``{"resume": true}`` takes it up again where it was."""
    g = rec.guide
    if g is None:
        raise GameError(400, "this game is not a guided game")
    if body.get("leave") is True:
        return {**g, "left": True}
    if body.get("resume") is True:
        return {**g, "left": False}
    step = body.get("step")
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(GUIDE):
        raise GameError(400, f"step must be a whole number from 0 to {len(GUIDE) - 1}")
    if g.get("left"):
        raise GameError(400, "the guide was left: resume it first")
    now = int(g["step"])
    if step not in (now, now + 1):
        raise GameError(400, f"the guide goes one step at a time: it is at step {now}")
    if step == now + 1:
        cur = guide_view(rec, st, LEARNER, events) or {}
        if not cur.get("ready"):
            raise GameError(400, cur.get("wait") or "this step is not done yet")
    if step == now:
        return dict(g)
    return {"step": step, "since": len(rec.actions), "left": False}
