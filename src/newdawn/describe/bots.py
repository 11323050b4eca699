"""The bot levels as the lobby shows them: a name, and one line of measured strength and speed.

The levels and their lines come from the bots package (``newdawn.bots.registry.LEVELS``: label,
spec, description; the description is what the ladder measured), handed here by the server.
The lobby lists them in that order; ``DEFAULT_LEVEL`` is the one a newcomer faces first. A
server whose bots package has no levels (an older one) offers its bot names with the plain lines
of ``FALLBACK`` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

DEFAULT_LEVEL = "easy"
"""The level the lobby chooses for a newcomer's first game (the player picks another in one click)."""

FALLBACK: dict[str, str] = {
    "greedy": "Good first opponent: plays the best move it sees right now; answers at once.",
    "random": "Weakest: picks any legal move; answers at once. For learning the moves.",
    "mcts": "Strongest: looks ahead by simulating games; thinks about a second per decision.",
}
"""One line per old bot name, for a bots package without ``LEVELS``."""


def bot_level_records(levels: Sequence[tuple[str, str, str, str]]) -> list[dict[str, Any]]:
    """``[{name, label, spec, description, default}]`` for ``levels`` given as (name, label,
    spec, description) in the lobby's order; ``default`` marks ``DEFAULT_LEVEL`` (else the
    first)."""
    names = [n for n, _, _, _ in levels]
    default = DEFAULT_LEVEL if DEFAULT_LEVEL in names else (names[0] if names else None)
    return [{"name": n, "label": label, "spec": spec, "description": text, "default": n == default}
            for n, label, spec, text in levels]


def fallback_levels(names: Sequence[str]) -> list[tuple[str, str, str, str]]:
    """(name, label, spec, description) of the old bot names (``FALLBACK``'s order first)."""
    order = [n for n in FALLBACK if n in names] + [n for n in names if n not in FALLBACK]
    return [(n, n.capitalize(), n, FALLBACK.get(n, f"The {n} bot.")) for n in order]
