"""The rulesets as the lobby offers them: their names, player counts, leaders and options, in
words (issue 25). The server sends these records from ``GET /api/options`` (``rulesets``); the
lobby shows them as they are and sends back the ``value`` of each choice.

The option keys and their allowed values come from the engine (``rulesets.config_options``),
each ruleset's name and one line from its data (``Ruleset.name``, ``summary``); only the
options' words are made here. An option without words here is offered with its key and values.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

from ..content import load_content
from ..content.rulesets import ruleset_ids
from ..engine import config_options
from .glossary import glossary
from .names import AUTOMA_NAME

OPTIONS: dict[str, tuple[str, dict[Any, str], str]] = {
    "map": ("Map", {"advanced": "Advanced map building (players place the tiles)",
                    "first_game": "First game map (a fixed layout)"},
            "How the map is made: each player places tiles around their capital at the start, or the "
            "rulebook's fixed layout for a first game."),
    "epic": ("Length", {False: "Standard game (3 victory cards to win)", True: "Epic game (4 victory cards to win)"},
             "How many victory cards a player needs to win: an epic game lasts longer."),
}
"""Label of each game option, the words of its values and what the option means. ``automa``
is not listed: the lobby offers it as the Automated Player seat (``AUTOMA``)."""

AUTOMA = ("Add the Automated Player",
          "The official solo opponent of the base game: it takes the last seat and plays its own "
          "deck of cards by fixed priorities, asking nobody. Play alone against it, or add it as an "
          "extra opponent in a 2 or 3 player game.")
"""Label and one line for the lobby's Automated Player choice."""


@cache
def _lengths() -> dict[str, Any]:
    """``game_length.json``: rounds of games between bots, measured by ``tools/game_length.py``."""
    data: dict[str, Any] = json.loads(files("newdawn.describe").joinpath("game_length.json").read_text(encoding="utf-8"))
    return data


def _nearest(x: float, step: int) -> int:
    return max(step, int(step * round(x / step)))


def game_length(ruleset: str, players: int) -> str | None:
    """How long a game of ``players`` seats lasts, in words ("A whole game: about 35 rounds, 45–60
    minutes against bots."), from the measured rounds and the data's stated pace; None when not measured."""
    data = _lengths()
    row = next((r for r in data["lengths"] if r["ruleset"] == ruleset and r["players"] == players), None)
    if row is None:
        return None
    pace = data["pace"]
    rounds = float(row["median"])
    bots = (players - 1) * float(row["decisions_per_seat_round"]) * float(pace["bot_step_s"])
    lo, hi = (_nearest(rounds * (own + bots) / 60, 5) for own in pace["own_turn_s"])
    return f"A whole game: about {_nearest(rounds, 5)} rounds, {lo}–{hi} minutes against bots."


def _glossary_text(rid: str, leader: str) -> str:
    return str(next(e["text"] for e in glossary(rid) if e["id"] == f"leader:{leader}"))


ROUND_LIMITS: tuple[tuple[int | None, str], ...] = (
    (None, "no limit"), (6, "6 rounds (short)"), (10, "10 rounds"), (15, "15 rounds"))
"""The round limits the lobby offers (``max_rounds``), with their words."""


def ruleset_records() -> list[dict[str, Any]]:
    """``[{id, name, description, players: [lo, hi], lengths: {"2": "about 35 rounds, …"}, leaders: [{id, leader, civ, ability}], options:
    [{key, label, text, default, choices: [{value, label}]}], round_limits: [{value, label}], automa: {label, description} | None}]``."""
    out = []
    for rid in ruleset_ids():  # the lobby's order: the default first
        c = load_content(rid)
        name, text = c.ruleset.name, c.ruleset.summary
        opts = config_options(rid, c)
        options = []
        for key, opt in opts.items():
            if key == "automa":
                continue
            label, words, meaning = OPTIONS.get(key, (key, {}, ""))
            options.append({"key": key, "label": label, "text": meaning, "default": opt.default,
                            "choices": [{"value": v, "label": words.get(v, str(v))} for v in opt.choices]})
        leaders = sorted(({"id": lead.id, "leader": lead.leader, "civ": lead.civ,
                           "ability": f"{lead.ability}: {_glossary_text(rid, lead.id)}"} for lead in c.leaders.values()),
                         key=lambda x: (x["civ"], x["leader"]))
        lo, hi = c.ruleset.players
        lengths = {str(n): game_length(rid, n) for n in range(lo, hi + 1)}
        out.append({"id": rid, "name": name, "description": text, "players": list(c.ruleset.players),
                    "lengths": {n: t for n, t in lengths.items() if t},
                    "leaders": leaders, "options": options,
                    "round_limits": [{"value": v, "label": t} for v, t in ROUND_LIMITS],
                    "automa": {"label": AUTOMA[0], "description": AUTOMA[1], "name": AUTOMA_NAME}
                    if "automa" in opts else None})
    return out
