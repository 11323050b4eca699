"""The rules engine: pure, deterministic and serialisable. This module is its one door.

Every package outside the engine (describe, bots, scenario, server, research, cli...) imports
the engine from here, ``from newdawn.engine import ...``, as a chess program imports
``chess.Board``: the modules behind the door (``spaces``, ``flow``, ``military``...) may be
split, merged or renamed without touching their callers. ``__all__`` below is the deliberate
list of what the door offers, grouped by use; a name joins it when a package outside needs it.
The only modules imported past the door are the declarations of the typed shapes (``event``,
``frames``, ``rulesets.base_frames``: one ``TypedDict`` per event or step kind, read as a
namespace) and one build probe; ``tools/layering_report.py`` lists them with their reasons
(``DOOR_ALLOWED``) and ``tests/test_layering.py`` fails on any other import of an inner module.

Inside the engine no module imports this one (it stands on the top floor, ``docs/engine.md``):
the door imports the floors, never the reverse, so it adds no circle, and it works the same in
the compiled build (mypyc compiles it with the rest of the package).
"""

from .actions import Action, coord_at, coord_text, parse_action, parse_coord
from .api import (
    RECORD_FORMATS,
    apply,
    apply_in_place,
    decision_kind,
    decision_kinds,
    decision_seat,
    game_config,
    legal_actions,
    make_record,
    new_game,
    record_config,
    replay,
    rounds_played,
    why_illegal,
    why_not,
)
from .board import KIND_WATER, Board, Placement, build_board, side_spaces, tile_cells
from .config import GameConfig
from .effects.wonders import ZIMBABWE
from .errors import IllegalActionError, NotationError
from .event import Event
from .flow import advance, card_of, effective_slot, key_of_type, slot_of, spendable, type_key
from .frames import Frame
from .hexgrid import distance
from .hooks import printed_number
from .industry import affordable, payment_parts, production_parts, wonder_cost, wonder_cost_parts
from .military import (
    attack_parts,
    attack_value,
    defender_of,
    defense_parts,
    defense_value,
    passable_targets,
    targets_at,
)
from .ops import effect_frames
from .refusal import Refusal, RefusalKind
from .rng import seed_state
from .rulesets import config_options
from .rulesets.base_military import target_at
from .rulesets.base_setup import ap_seat
from .setup import normalise_config
from .spaces import (
    box_count,
    city_reason,
    coastal,
    coord,
    free_wonder_cities,
    friendly_spaces,
    is_mature,
    reach,
    supply_left,
    unused_cities,
    unused_control,
    used_districts,
    within,
)
from .state import LOCKED, ON_CARD, GameState, content_for
from .turn_facts import TurnFacts
from .victory import (
    agenda_met,
    agenda_progress,
    card_counts,
    claimed_cards,
    fort_spaces,
    victory_cards_needed,
)
from .view import determinize, player_view, state_from_view

__all__ = [
    # Playing a game: the OpenSpiel-like loop, records and replays.
    "new_game", "game_config", "legal_actions", "apply", "apply_in_place", "why_not", "why_illegal",
    "decision_seat", "decision_kind", "decision_kinds", "rounds_played",
    "replay", "make_record", "record_config", "RECORD_FORMATS",
    # What a seat may see: its view, a state rebuilt from one, hidden information sampled anew.
    "player_view", "state_from_view", "determinize",
    # Values: the state, actions and coordinates, the typed unions of events and steps, the
    # typed configuration and turn facts, refusals and errors, the map.
    "GameState", "Action", "parse_action", "coord_at", "coord_text", "parse_coord", "coord", "distance",
    "Event", "Frame", "GameConfig", "TurnFacts", "Refusal", "RefusalKind", "IllegalActionError", "NotationError",
    "Board", "Placement", "build_board", "side_spaces", "tile_cells", "KIND_WATER", "ON_CARD", "LOCKED",
    "content_for", "ZIMBABWE",
    # Configuration: the options a ruleset offers, a caller's configuration checked, the AP's seat.
    "config_options", "normalise_config", "ap_seat",
    # Rule queries that change nothing, for words (describe) and judgement (bots): the map,
    # focus rows, costs, combat values and their parts, victory.
    "box_count", "city_reason", "coastal", "free_wonder_cities", "friendly_spaces", "is_mature", "reach",
    "supply_left", "unused_cities", "unused_control", "used_districts", "within",
    "card_of", "effective_slot", "key_of_type", "slot_of", "spendable", "type_key", "effect_frames",
    "printed_number", "affordable", "payment_parts", "production_parts", "wonder_cost", "wonder_cost_parts",
    "attack_parts", "attack_value", "defender_of", "defense_parts", "defense_value", "passable_targets",
    "targets_at", "target_at",
    "agenda_met", "agenda_progress", "card_counts", "claimed_cards", "fort_spaces", "victory_cards_needed",
    # Building a position by hand (scenario files): the generator's state from a seed, and the
    # automatic steps run after the pieces are laid.
    "seed_state", "advance",
]
