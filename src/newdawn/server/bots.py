"""Bots for bot seats: one small function so that stronger bots plug in without edits here.

When ``newdawn.bots.make_bot(spec, seed)`` exists (greedy, mcts...) it makes every bot; until
then the random bot is the only level. Looked up at run time, so both versions type-check.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from ..bots.base import Bot as Bot  # re-exported: server.games types its bot seats with it
from ..bots.random_bot import RandomBot
from ..describe.bots import fallback_levels

FALLBACK_LEVELS: tuple[str, ...] = ("random",)
"""The bot names offered when ``newdawn.bots.make_bot`` does not exist yet."""


def _bots_attr(name: str) -> Any:
    """``newdawn.bots.<name>``, else ``newdawn.bots.registry.<name>``, else None."""
    for module in ("newdawn.bots", "newdawn.bots.registry"):
        try:
            found = getattr(importlib.import_module(module), name, None)
        except ImportError:
            continue
        if found is not None:
            return found
    return None


def bot_levels() -> list[str]:
    """Names of the bots a seat may be given (``newdawn.bots.registry.KINDS`` when present)."""
    try:
        kinds = importlib.import_module("newdawn.bots.registry").KINDS
    except (ImportError, AttributeError):
        return list(FALLBACK_LEVELS)
    return [str(k) for k in kinds]


def bot_level_list() -> list[tuple[str, str, str, str]]:
    """The levels a lobby offers, as (name, label, spec, description): ``newdawn.bots.registry.
    LEVELS`` (measured strength in the description), else the old bot names with plain lines."""
    levels = _bots_attr("LEVELS")
    if not levels:
        return fallback_levels(bot_levels())
    return [(str(name), str(lv.label), str(lv.spec), str(lv.description)) for name, lv in levels.items()]


def validate_spec(spec: str) -> str:
    """``newdawn.bots.validate_spec``: the spec in its normal form, or ValueError naming the
    problem (an unknown level, a bad budget)."""
    check = _bots_attr("validate_spec")
    if check is not None:
        out: str = check(spec)
        return out
    make_seat_bot(spec, 0)
    return spec.strip().lower()


def make_seat_bot(spec: str, seed: int) -> Bot:
    """The bot playing a seat: ``newdawn.bots.make_bot(spec, seed)`` when it exists, else the
    random bot. Raises ValueError for an unknown bot."""
    make_bot = _bots_attr("make_bot")
    if make_bot is not None:
        bot: Bot = make_bot(spec, seed)
        return bot
    if spec not in FALLBACK_LEVELS:
        raise ValueError(f"unknown bot {spec!r}; available: {', '.join(FALLBACK_LEVELS)}")
    return RandomBot(random.Random(seed))
