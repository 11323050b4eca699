"""The bot levels as the lobby shows them: one line each on strength and speed.

The lobby lists the levels the server has (``server.bots.bot_levels``) in this order, the first
being the default a newcomer should face first. A level without words here is offered with a
plain line rather than hidden.
"""

from __future__ import annotations

from typing import Any

LEVELS: dict[str, str] = {
    "greedy": "Good first opponent: plays the best move it sees right now; answers at once.",
    "random": "Weakest: picks any legal move; answers at once. For learning the moves.",
    "mcts": "Strongest: looks ahead by simulating games; thinks about a second per decision.",
}
"""One line per level, in the lobby's order (the first is the default)."""


def bot_level_records(names: list[str]) -> list[dict[str, Any]]:
    """``[{name, description, default}]`` for the levels in ``names``: the described ones in
    ``LEVELS`` order, then the others; ``default`` marks the one a newcomer should face."""
    order = [n for n in LEVELS if n in names] + [n for n in names if n not in LEVELS]
    return [{"name": n, "description": LEVELS.get(n, f"The {n} bot."), "default": i == 0}
            for i, n in enumerate(order)]
