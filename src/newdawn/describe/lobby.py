"""The lobby's words about games (issue 41): each seat's line among the links its creator gets,
and each game's players and status in the list of games. The server adds them to its answers
(``server/lobby.py``: ``links``, ``list_games``); the lobby and the table place them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ..content import load_content
from ..content.rulesets import ruleset_ids
from .names import AUTOMA_NAME, seat_name, words

SETTINGS: dict[str, str] = {
    "max_rounds": "If nobody has won by the end of that round, the game ends there and nobody wins. "
                  "Without a limit the game goes on until someone wins.",
    "turn_limit": "How long each player has to decide on their turn. Whoever runs out of time has "
                  "their seat played by a bot until they take it back.",
    "seed": "Leave it empty for a new random game. A number deals the same map, leaders, cards and dice "
            "every time it is used: a practice game, since whoever knows the seed knows every roll to come.",
    "hotseat": "One screen for every human seat: the table passes from player to player.",
}
"""What each setting of the lobby's form means (``GET /api/options`` ``settings``), under it."""


def seat_link_words(seat: int, kind: str, own: bool, invite: bool) -> dict[str, str | None]:
    """A seat's words among its game's links: ``name`` ("Seat 2") and ``label``, the line of its
    link ("Seat 1 (human): your seat", "Seat 2 (human): invite link, ..."); None without a link."""
    label = None
    if kind == "human" and own:
        label = f"{seat_name(seat)} (human): your seat"
    elif invite:
        label = (f"{seat_name(seat)} (human): invite link, send it to that player "
                 "(the first to open it takes the seat)")
    return {"name": seat_name(seat), "label": label}


@cache
def _leader_names() -> dict[str, str]:
    """Leader id -> name, over every ruleset (a leader id means one leader in all of them)."""
    out: dict[str, str] = {}
    for rid in ruleset_ids():
        for lid, ld in load_content(rid).leaders.items():
            out.setdefault(lid, ld.leader)
    return out


def leader_twice_words(leader: str) -> str:
    """The lobby's refusal of a leader chosen for two seats: "Gandhi is chosen for two seats"."""
    return f"{_leader_names().get(leader, words(leader))} is chosen for two seats: each leader can lead one"


def player_words(seat: Mapping[str, Any]) -> str:
    """One seat in the list of games: "Gandhi", "Cleopatra (bot greedy)", "Automated Player"."""
    if seat.get("kind") == "ap":
        return AUTOMA_NAME
    lid = seat.get("leader")
    name = _leader_names().get(lid, words(lid)) if lid else "?"
    if seat.get("kind") == "bot":
        return f"{name} (bot {seat.get('bot') or ''})".replace(" )", ")")
    return name


def game_row_words(row: Mapping[str, Any]) -> dict[str, str]:
    """A game's words in the lobby's list: ``players_text`` ("Gandhi, Cleopatra (bot greedy)")
    and ``status_text`` ("playing", "won by Seat 2", "over", with " (practice)" for a game
    whose seed someone knows)."""
    seats: Sequence[Mapping[str, Any]] = row.get("seats") or []
    winner = row.get("winner")
    if row.get("status") == "over":
        status = f"won by {seat_name(winner)}" if isinstance(winner, int) and winner >= 0 else "over"
    else:
        status = "playing"
    if row.get("practice"):
        status += " (practice)"
    return {"players_text": ", ".join(player_words(s) for s in seats), "status_text": status}
