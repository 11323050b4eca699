"""Human words for the table, made in Python in one place.

A layer above the engine and below the server and CLI: it reads engine states, actions and
events and returns records (dicts) whose words use the table's names ("Seat 2", "Army 1",
card and wonder names). Numbers come from engine functions; nothing here re-implements a rule.

- ``options``: every legal option as a record (label, kind, spaces, src/dst, hint, warning);
  ``base_options`` adds the words of the base game's own decisions.
- ``preview``: what a focus card would do now, by applying it to a copy of the state.
- ``log``: each action and event as a record (kind, seat, spaces, moves, dice, sentence).
- ``goal``: victory cards, agendas, claims and progress ("2 of 3 mature cities").
- ``table``: round, turn and event dial; the wonder market; the end of the game.
- ``follow``: per-seat turn summaries and spaces touched since the viewer's last decision.
"""

from . import base_options  # noqa: F401  (registers the words of the base game's own decisions)
from .goal import goal_json, progress_text
from .log import action_entries, event_entry, setup_entries, turn_parts
from .options import map_hint, no_target_reason
from .preview import option_records
from .table import end_json, turn_json, wonders_json

__all__ = [
    "action_entries", "end_json", "event_entry", "goal_json", "map_hint", "no_target_reason", "option_records",
    "progress_text", "setup_entries", "turn_json", "turn_parts", "wonders_json",
]
