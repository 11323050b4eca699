"""The rules engine: pure, deterministic and serialisable.

Entry points: ``new_game``, ``legal_actions``, ``apply``, ``apply_in_place``, ``why_not`` (a
``Refusal``), ``why_illegal``, ``decision_seat``, ``decision_kind``, ``game_config``, ``player_view``, ``determinize``, ``replay``.
The modules stand on floors (``docs/engine.md``); ``tests/test_layering.py`` keeps them there.
"""

from .actions import Action, parse_action
from .api import (
    apply,
    apply_in_place,
    decision_kind,
    decision_seat,
    game_config,
    is_terminal,
    legal_actions,
    make_record,
    new_game,
    replay,
    rounds_played,
    why_illegal,
    why_not,
)
from .errors import IllegalActionError, NotationError
from .refusal import Refusal
from .state import GameState
from .view import determinize, player_view

__all__ = [
    "Action", "GameState", "IllegalActionError", "NotationError", "Refusal", "apply", "apply_in_place",
    "decision_kind", "decision_seat", "determinize", "game_config", "is_terminal", "legal_actions", "make_record",
    "new_game", "parse_action", "player_view", "replay", "rounds_played", "why_illegal", "why_not",
]
