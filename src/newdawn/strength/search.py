"""The puzzle suite's ground truth: for each focus option of a position, does some line of the
seat's turn reach the goal (``bots.tactics.search``, the walk the bots' decisive choice uses),
and in what share of re-sampled dice and draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bots.tactics import (
    LOSS,
    UNKNOWN,
    WIN,
    Goal,
    Outcome,
    cards_to_win,
    is_turn_start,
    search,
    state_key,
    turn_of,
)
from ..engine import GameState, apply, determinize, legal_actions

__all__ = ["LOSS", "UNKNOWN", "WIN", "Goal", "Outcome", "cards_to_win", "chance", "focus_outcomes", "is_turn_start",
           "search", "state_key", "turn_of"]


def focus_outcomes(st: GameState, goal: Goal, budget: int = 4000) -> dict[str, Outcome]:
    """Each focus option at ``st`` (the seat's focus choice) -> the outcome of its turn."""
    turn = turn_of(st)
    out = {}
    for a in legal_actions(st):
        o = search(apply(st, a), goal, budget, turn)
        o.line = [str(a), *o.line] if o.status == WIN else []
        out[str(a)] = o
    return out


def chance(st: GameState, goal: Goal, options: list[str], samples: int, budget: int,
           seed: int = 0, progress: Callable[[int], Any] | None = None) -> dict[str, float]:
    """For each focus option, the share of ``samples`` re-sampled positions (dice, tile stack,
    wonder decks below their tops: ``engine.determinize`` from the seat's view) in which some
    line of its turn reaches the goal (an unknown counts as not reaching it)."""
    wins = dict.fromkeys(options, 0)
    for k in range(samples):
        d = determinize(st, goal.seat, seed * 1000 + k)
        turn = turn_of(d)
        for opt in options:
            if search(apply(d, opt), goal, budget, turn).status == WIN:
                wins[opt] += 1
        if progress is not None:
            progress(k)
    return {o: w / samples for o, w in wins.items()}
