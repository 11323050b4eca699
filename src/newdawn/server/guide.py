"""The guided first game (issue 39 §1): the lobby's "Learn to play".

The game is a real one, from a scenario file (``newdawn/scenario/guide.toml``: a seed, the
leaders and the setup chosen for a newcomer), the learner in seat 1 against the Easy bot. Its
steps and their words are ``describe/guide.py``'s; the server keeps the learner's progress with
the game (``GameRecord.guide``: ``step``, ``since`` (actions in the log when the step began),
``left``), so a reload finds the same step. Nothing here changes the game itself.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from ..bots.registry import LEVELS
from ..describe.guide import GUIDE, GUIDE_INVITATION, guide_record
from ..engine import GameState
from ..scenario import parse
from .errors import GameError
from .store import GameRecord

GUIDE_FILE = "guide.toml"
"""The guided game's scenario, shipped with ``newdawn.scenario``."""
GUIDE_BOT = "easy"
LEARNER = 0
"""The learner's seat (the scenario's first colour); the other seat is the bot's."""


@cache
def guide_game() -> tuple[dict[str, Any], int, tuple[str, ...]]:
    """(config, seed, actions) of the guided game, read from its scenario file. Building the
    scenario checks it (every action legal, its steps as stated) before any game starts from it."""
    import tomllib

    text = files("newdawn.scenario").joinpath(GUIDE_FILE).read_text(encoding="utf-8")
    sc = parse(text, GUIDE_FILE)
    g = tomllib.loads(text)["game"]
    config = {k: v for k, v in sc.state.config.items() if k != "seed"}
    return config, int(g["seed"]), tuple(str(a) for a in g.get("actions", ()))


def invitation() -> str:
    """The lobby's words beside "Learn to play" (``GET /api/options`` ``guide``)."""
    config, _, _ = guide_game()
    level = LEVELS[GUIDE_BOT].label if GUIDE_BOT in LEVELS else GUIDE_BOT
    return GUIDE_INVITATION.format(rounds=config.get("max_rounds") or "no limit of", level=level)


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


def guide_view(rec: GameRecord, st: GameState, seat: int) -> dict[str, Any] | None:
    """The view's ``guide``: the step the learner is at, in words (``describe.guide``), or None
    (no guided game, another viewer, or the learner left the guide)."""
    g = rec.guide
    if g is None or g.get("left") or seat != LEARNER:
        return None
    return guide_record(st, seat, int(g["step"]), turns_since(rec, int(g["since"]), seat))


def next_progress(rec: GameRecord, st: GameState, body: dict[str, Any]) -> dict[str, Any]:
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
        cur = guide_record(st, LEARNER, now, turns_since(rec, int(g["since"]), LEARNER))
        if not cur["ready"]:
            raise GameError(400, cur["wait"] or "this step is not done yet")
    if step == now:
        return dict(g)
    return {"step": step, "since": len(rec.actions), "left": False}
