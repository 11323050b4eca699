"""The rulesets as the lobby offers them: their names, player counts, leaders and options, in
words (issue 25). The server sends these records from ``GET /api/options`` (``rulesets``); the
lobby shows them as they are and sends back the ``value`` of each choice.

The option keys and their allowed values come from the engine (``rulesets.config_options``),
each ruleset's name and one line from its data (``Ruleset.name``, ``summary``); only the
options' words are made here. An option without words here is offered with its key and values.
"""

from __future__ import annotations

from typing import Any

from ..content import load_content
from ..content.rulesets import ruleset_ids
from ..engine.rulesets import config_options

OPTIONS: dict[str, tuple[str, dict[Any, str]]] = {
    "map": ("Map", {"advanced": "Advanced map building (players place the tiles)",
                    "first_game": "First game map (a fixed layout)"}),
    "epic": ("Length", {False: "Standard game (3 victory cards to win)", True: "Epic game (4 victory cards to win)"}),
}
"""Label of each game option and the words of its values. ``automa`` is not listed: the lobby
offers it as the Automated Player seat (``AUTOMA``)."""

AUTOMA_NAME = "Automated Player"
"""How the table and the lobby name the Automated Player's seat."""

AUTOMA = ("Add the Automated Player",
          "The official solo opponent of the base game: it takes the last seat and plays its own "
          "deck of cards by fixed priorities, asking nobody. Play alone against it, or add it as an "
          "extra opponent in a 2 or 3 player game.")
"""Label and one line for the lobby's Automated Player choice."""


def _glossary_text(rid: str, leader: str) -> str:
    from .glossary import glossary

    return str(next(e["text"] for e in glossary(rid) if e["id"] == f"leader:{leader}"))


def ruleset_records() -> list[dict[str, Any]]:
    """``[{id, name, description, players: [lo, hi], leaders: [{id, leader, civ, ability}], options:
    [{key, label, default, choices: [{value, label}]}], automa: {label, description} | None}]``."""
    out = []
    for rid in ruleset_ids():  # the lobby's order: the default first
        c = load_content(rid)
        name, text = c.ruleset.name, c.ruleset.summary
        opts = config_options(rid, c)
        options = []
        for key, opt in opts.items():
            if key == "automa":
                continue
            label, words = OPTIONS.get(key, (key, {}))
            options.append({"key": key, "label": label, "default": opt.default,
                            "choices": [{"value": v, "label": words.get(v, str(v))} for v in opt.choices]})
        leaders = sorted(({"id": lead.id, "leader": lead.leader, "civ": lead.civ,
                           "ability": f"{lead.ability}: {_glossary_text(rid, lead.id)}"} for lead in c.leaders.values()),
                         key=lambda x: (x["civ"], x["leader"]))
        out.append({"id": rid, "name": name, "description": text, "players": list(c.ruleset.players),
                    "leaders": leaders, "options": options,
                    "automa": {"label": AUTOMA[0], "description": AUTOMA[1], "name": AUTOMA_NAME}
                    if "automa" in opts else None})
    return out
