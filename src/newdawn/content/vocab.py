"""The content vocabularies: the boxes, enums and counts the data may use, and the arguments each
effect op, printed ``special`` effect and agenda kind takes (``EFFECT_OPS``, ``SPECIAL_ARGS``,
``AGENDA_KINDS``). The loader validates every record against them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from newdawn.content.schema import TERRAINS, WONDER_TYPES

DATA_PACKAGE: Final = "newdawn.content"
DATA_DIR: Final = "data"

CONFIDENCES: Final[tuple[str, ...]] = ("high", "medium", "low")
CITY_STATE_FRAMES: Final[tuple[str, ...]] = ("diamond", "circle", "star")
TILE_KINDS: Final[tuple[str, ...]] = ("natural_wonder", "city_state", "capital", "plain")
TILE_SIDES: Final[tuple[str, ...]] = ("A", "B")
SPACES_PER_SIDE: Final = 10
BARBARIAN_LETTERS: Final[tuple[str, ...]] = tuple("ABCDEFGHIJK")
PRIMARY_RESOURCE: Mapping[str, str] = MappingProxyType(
    {"cultural": "marble", "economic": "diamond", "scientific": "mercury", "militaristic": "oil"}
)
VICTORY_CHECKS: Final[tuple[str, ...]] = ("before_event_dial", "after_event_dial")
AGENDA_TIMINGS: Final[tuple[str, ...]] = ("on_completion", "end_of_turn")
CITY_STATE_TOKEN_SPENDS: Final[tuple[str, ...]] = ("resolving_focus_card", "once_per_turn")
EVENT_ICONS: Final[tuple[str, ...]] = ("spawn", "barb_move", "districts", "government", "wonder", "trade")
TRADE_EFFECTS: Final[tuple[str, ...]] = (
    "control_token",
    "dial_space",
    "caravan_move",
    "production",
    "combat_or_reroll",
    "combat",
    "reinforce",
)
PASS_THROUGH: Final[tuple[str, ...]] = ("control", "caravan", "barbarian", "city_state")
COUNT_THROUGH: Final[tuple[str, ...]] = ("water", "rival", "barbarian", "city_state")

# Expected sizes of the record files (the TI box plus the base box).
EXPECTED_COUNTS: Mapping[str, int] = MappingProxyType(
    {"city_states": 12, "natural_wonders": 12, "leaders": 18, "player_diplomacy": 5, "tiles": 21}
)


# --------------------------------------------------------------------------- vocabularies


@dataclass(frozen=True)
class Arg:
    """Specification of one effect / agenda argument.

    ``kind`` is one of ``int``, ``bool``, ``str``, ``strs`` (list of strings) or ``options``
    (a list of effect lists, only for the ``choose`` op).
    """

    kind: str
    required: bool = True
    choices: tuple[str, ...] = ()
    minimum: int = 0


_INT = Arg("int")
_POS = Arg("int", minimum=1)
_BOOL = Arg("bool")

#: Effect operations the engine implements, with their argument names.
#: Notes on meaning: ``place_control.near`` is what the new token must be adjacent to;
#: ``trade`` false = trade tokens do not add to that step; ``armies.vs_barbarian`` and
#: ``attack_from_card.vs_barbarian`` are added on top of ``combat`` against barbarians;
#: ``special.handler`` names card-specific code in the engine (the card or wonder id).
EFFECT_OPS: Mapping[str, Mapping[str, Arg]] = MappingProxyType(
    {
        "place_control": {
            "count": _POS,
            "near": Arg("str", choices=("city", "space", "district")),
            "trade": Arg("bool", required=False),
        },
        "shift_control": {},
        "mass_media": {"range": _POS},
        "advance_dial": {},
        "gain_trade": {"count": _POS},
        "gain_missing_resource": {},
        "nuke": {"min_slot": _POS},
        "caravans": {
            "move": _POS,
            "water": _BOOL,
            "barbarian": Arg("str", choices=("none", "defeat_stop", "defeat_continue")),
        },
        "swap_resource": {},
        "capitalism": {},
        "build": {
            "city_range": _POS,
            "count_water": _BOOL,
            "on_figure": _BOOL,
            "wonder_slot5_production": _INT,
            "after_city_control": _INT,
            # unique cards: Industrialization adds your districts to a wonder's production,
            # Construction builds no city and counts each resource as 3.
            "production_per_district": Arg("bool", required=False),
            "cities": Arg("bool", required=False),
            "resource_value": Arg("int", required=False, minimum=1),
        },
        "armies": {
            "move": _POS,
            "water": _BOOL,
            "combat": _INT,
            "vs_barbarian": _INT,
            "pass_through": Arg("strs", choices=PASS_THROUGH),
            "reattack": _BOOL,
        },
        "attack_from_card": {
            "attacks": _POS,
            "range": _POS,
            "combat": _INT,
            "vs_barbarian": _INT,
            "count_through": Arg("strs", choices=COUNT_THROUGH),
        },
        "reinforce": {},
        "choose": {"options": Arg("options")},
        "district": {},
        "globalization": {},
        # ``reinforced``: the side a token placed by the effect shows (England: the sources
        # conflict, so the reading is kept here, in data).
        "special": {"handler": Arg("str"), "reinforced": Arg("bool", required=False)},
    }
)

#: Printed numbers of the irregular effects, by ``special`` handler name: the arguments each
#: handler reads from data (all required, so a record that lacks one fails validation). A
#: corrected number is a one-line change in the JSON file, never in the engine.
SPECIAL_ARGS: Mapping[str, Mapping[str, Arg]] = MappingProxyType(
    {
        # wonders (wonders.json)
        "terracotta_army": {"attack": _POS},
        "alhambra": {"bonus": _POS},
        "ruhr_valley": {"defence": _POS},
        "petra": {"defence": _POS},
        "pentagon": {"attack": _POS},
        "pentagon_base": {"attack": _POS},
        "big_ben": {"per_caravan": _POS},
        "kremlin": {"attack": _POS},
        "huey_teocalli": {"per_water": _POS},
        "jebel_barkal": {"per_resource": _POS},
        "taj_mahal": {"per_wonder": _POS},
        "machu_picchu": {"max_slot": _POS, "shift": _POS},
        "machu_picchu_base": {"max_slot": _POS, "as_slot": _POS},
        "hanging_gardens": {"max_difficulty": _POS},
        "eiffel_tower": {"named": _POS},
        "great_zimbabwe": {"store": _POS},
        "colossus": {"steps": _POS},
        "kilwa_kisiwani": {"trade": _POS},
        "pyramids": {"cards": _POS, "level": _POS},
        "porcelain_tower": {"cards": _POS},
        "potala_palace": {"take": _POS, "hold": _POS},
        "cristo_redentor": {"range": _POS},
        "amundsen_scott_research_station": {"tokens": _POS},
        "venetian_arsenal": {"slot": _POS},
        # leaders (leaders.json)
        "scythia": {"bonus": _POS, "terrains": Arg("strs", choices=TERRAINS)},
        "egypt": {"discount": _POS},
        "china": {"extra_per_token": _POS},
        "japan": {"difficulty": _POS},
        "georgia": {"slots": _POS},
        "ottoman": {"bonus": _POS},
        "zulu": {"trade": _POS, "trade_city": _POS},
        "france": {"ancient": _POS, "medieval": _POS, "modern": _POS},
        # unique focus cards (focus_cards.json)
        "writing": {"steps": _POS},
        "craftsmanship": {"steps": _POS},
        "state_workforce": {"min_slot": _POS},
        "radio": {"min_slot": _POS, "range": _POS},
        "cartography": {"min_distance": _POS, "range": _POS},
        "siege_tactics": {"per_token": _POS},
        # city-states (city_states.json)
        "kumasi": {"difficulty": _POS},
        "mohenjo_daro": {"easier": _POS},
        "auckland": {"difficulty": _POS},
        "buenos_aires": {"discount": _POS},
        "brussels": {"per_city": _POS},
        "kabul": {"attack": _POS},
        "carthage": {"per_piece": _POS, "range": _POS},
        # player diplomacy cards (player_diplomacy.json)
        "joint_war": {"attack": _POS},
        "defensive_pact": {"defence": _POS},
    }
)

_N: Final = {"n": _POS}
#: Victory-card agenda kinds and their arguments.
AGENDA_KINDS: Mapping[str, Mapping[str, Arg]] = MappingProxyType(
    {
        "mature_cities": _N,
        "natural_wonders": _N,
        "warmonger": {"capitals": _POS, "city_states": _POS},
        "wonders_of_type": {"type": Arg("str", choices=WONDER_TYPES), "n": _POS},
        "cities_on_map": _N,
        "coastal_spaces": _N,
        "tech_dial_space": _N,
        "level_iv_cards": _N,
        "reinforced_tokens": _N,
        "attack_value": _N,
        "diplomacy_sources": _N,
        "resources": _N,
        "mature_city_tiles": _N,
        "wonder_types": _N,
        "all_districts": {},
        "wonder_each_era": {},
        "city_tiles": _N,
        "wonders_same_era": _N,
        "forts": _N,
    }
)


