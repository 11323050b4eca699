"""Helpers shared by the CLI commands: errors for the user, labels, the random-play loop."""

from __future__ import annotations

from typing import Any

from ..bots import random_bot
from ..content import load_content
from ..content.rulesets import ruleset_ids
from ..content.schema import Agenda
from ..engine import Action, GameState, config_options, content_for, new_game

RULESETS = ruleset_ids()
"""The rulesets ``--ruleset`` may name, the default first (docs/rulesets.md)."""


def ruleset_option_keys(ruleset: str) -> set[str]:
    """The ruleset's own ``new_game`` options (``map``, ``epic``, ``automa`` in the base game)."""
    return set(config_options(ruleset, load_content(ruleset)))


class CliError(Exception):
    """A problem to report to the user as one line on stderr (exit status 2)."""


def start_game(config: dict[str, Any], seed: int) -> GameState:
    try:
        return new_game(config, seed)
    except ValueError as e:
        raise CliError(f"bad game configuration: {e}") from None


def leader_label(st: GameState, seat: int) -> str:
    """``Cleopatra (Egypt)`` for the leader in ``seat``."""
    lead = content_for(st).leaders[st.players[seat].leader]
    return f"{lead.leader} ({lead.civ})"


def claimed_agendas(st: GameState, seat: int) -> list[Agenda]:
    """The agendas ``seat`` holds a control token on, in victory-card order."""
    c = content_for(st)
    return [ag for vc in st.victory_cards for ag in c.victory_cards[vc].agendas if seat in st.claims.get(ag.id, ())]


def winner_agendas(st: GameState) -> list[tuple[str, str]]:
    """(id, name) of every agenda the winner claimed, in victory-card order."""
    if st.winner < 0:
        return []
    return [(ag.id, ag.name) for ag in claimed_agendas(st, st.winner)]


def claimed_agenda_names(st: GameState, seat: int) -> list[str]:
    """Names of the agendas ``seat`` holds a control token on."""
    return [ag.name for ag in claimed_agendas(st, seat)]


def play_random(config: dict[str, Any], seed: int,
                keep_actions: bool = False) -> tuple[GameState, int, list[Action | str]]:
    """``bots.random_bot.play_random``, with a bad configuration reported as a ``CliError``."""
    try:
        return random_bot.play_random(config, seed, keep_actions)
    except ValueError as e:
        raise CliError(f"bad game configuration: {e}") from None
