"""The engine's refusals in words: why an action is not legal, as a player reads it.

The engine states why it refuses an action as a fact (``engine/refusal.py``: a kind from
``RefusalKind`` with the spaces, seats, cards and numbers it names). Each kind has its words here
(``REFUSAL_WORDS``), with places named as a player would (``places.py``), never by coordinates.
``here=True`` words a refusal shown on the refused space itself (the table's tooltip on it), so
the space is "this space"; otherwise it is named ("the hills beside Seoul").
``tests/describe/test_refusal_words.py`` checks that every declared kind has its words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..engine import GameState, Refusal, RefusalKind, decision_seat
from .names import (
    DISTRICT,
    FOCUS_TYPE,
    a_an,
    card_name,
    city_state_name,
    district_name,
    natural_wonder_name,
    plural,
    seat_name,
    space_text,
    terrain_text,
    thing_name,
    wonder_name,
)
from .places import TERRAIN, hex_text
from .questions import question

Words = Callable[[GameState, Refusal, bool], str]

REFUSAL_WORDS: Final[dict[RefusalKind, Words]] = {}
"""Refusal kind -> its words: ``(state, refusal, here) -> sentence``."""


def refusal_words(st: GameState, r: Refusal, here: bool = False) -> str:
    """The refusal ``r`` as a sentence a player reads (capital first, no final stop)."""
    text = REFUSAL_WORDS[r.kind](st, r, here)
    return text[:1].upper() + text[1:]


def refusal_json(st: GameState, r: Refusal, here: bool = False) -> dict[str, object]:
    """``{"reason": words, "refusal": facts}``: what the server sends with a refused action."""
    return {"reason": refusal_words(st, r, here), "refusal": r.facts()}


def _words(*kinds: RefusalKind) -> Callable[[Words], Words]:
    def deco(fn: Words) -> Words:
        for k in kinds:
            REFUSAL_WORDS[k] = fn
        return fn
    return deco


def _said(kind: RefusalKind, text: str) -> None:
    """A kind whose words name no fact."""
    REFUSAL_WORDS[kind] = lambda st, r, here: text


def _on_map(st: GameState, s: int) -> bool:
    return 0 <= s < st.board.n


def _it(st: GameState, r: Refusal, here: bool) -> str:
    """The refused space as the subject: "this space", or its place ("the hills beside Seoul")."""
    if here or not _on_map(st, r.space):
        return "this space"
    return terrain_text(st, r.space)


def _on_it(st: GameState, r: Refusal, here: bool) -> str:
    """" there", or " on the hills beside Seoul"."""
    if here or not _on_map(st, r.space):
        return " there"
    return f" on {terrain_text(st, r.space)}"


def _whose(st: GameState, seat: int) -> str:
    """"your" for the deciding seat (who reads the refusal), else "Seat 2's"."""
    return "your" if seat == decision_seat(st) else f"{seat_name(seat)}'s"


def _terrain(st: GameState, s: int) -> str:
    if not _on_map(st, s):
        return "a space"
    b = st.board
    return "fort" if b.is_fort[s] else TERRAIN.get(b.terrain[s], b.terrain[s].replace("_", " "))


def _names(ids: tuple[str, ...], name: Callable[[str], str]) -> str:
    return ", ".join(name(x) for x in ids)


_PIECES: Final = {"army": ("army", "armies"), "caravan": ("caravan", "caravans"), "control": ("control token", "control tokens"),
                  "city": ("city", "cities"), "district": ("district", "districts")}


def _piece(r: Refusal, many: bool = False) -> str:
    one, more = _PIECES.get(r.piece, (r.piece or "piece", (r.piece or "piece") + "s"))
    return more if many else one


# ---------------------------------------------------------------- the space itself

@_words("water", "fort")
def _water(st: GameState, r: Refusal, here: bool) -> str:
    where = "water" if r.kind == "water" else "a fort"
    if r.piece == "city":
        return f"cities cannot be built on {where}"
    return f"{_piece(r, True)} cannot be placed on {where}"


@_words("too_hard")
def _too_hard(st: GameState, r: Refusal, here: bool) -> str:
    return (f"{_it(st, r, here)} is too hard: difficulty {r.number} ({_terrain(st, r.space)}), "
            f"above the slot {r.limit}")


@_words("holds_city")
def _holds_city(st: GameState, r: Refusal, here: bool) -> str:
    if here or not _on_map(st, r.space):
        return f"this space holds {_whose(st, r.seat)} city"
    return f"that space is {space_text(st, r.space)}"


@_words("holds_city_state")
def _holds_city_state(st: GameState, r: Refusal, here: bool) -> str:
    that = "this" if here else "that"
    return f"{that} space is the city-state {city_state_name(st, r.item)}" if r.item else f"{that} space holds a city-state"


@_words("holds_control")
def _holds_control(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_it(st, r, here)} already holds {_whose(st, r.seat)} control token"


@_words("holds_rival_control")
def _holds_rival_control(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_it(st, r, here)} holds a rival control token ({seat_name(r.seat)}'s)"


@_words("holds_barbarian")
def _holds_barbarian(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_it(st, r, here)} holds barbarian {r.item.upper()}" if r.item else f"{_it(st, r, here)} holds a barbarian"


@_words("holds_rival_army")
def _holds_rival_army(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_it(st, r, here)} holds a rival army ({seat_name(r.seat)}'s)"


@_words("holds_token")
def _holds_token(st: GameState, r: Refusal, here: bool) -> str:
    if r.item.startswith("nw:"):
        token = f"the {natural_wonder_name(st, r.item[3:])} token"
    else:
        token = a_an(f"{thing_name(st, r.item)} token")
    return f"{_it(st, r, here)} holds {token}: cities are not built on resource or natural-wonder tokens"


@_words("city_state_space")
def _city_state_space(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_it(st, r, here)} is a city-state's space: it is taken only by conquest"


@_words("next_to_city")
def _next_to_city(st: GameState, r: Refusal, here: bool) -> str:
    what = "a city-state" if r.near in st.cs_at else "a city"
    return f"cities cannot be built next to {what} ({space_text(st, r.near)})"


@_words("next_to_fort")
def _next_to_fort(st: GameState, r: Refusal, here: bool) -> str:
    return f"cities cannot be built next to a fort ({terrain_text(st, r.near)})"


_said("not_a_space", "that is not a space of the map")


_NEAR: Final = {
    "city": "next to a city of yours", "space": "next to a space of yours",
    "district": "next to a district of yours",
    "theater": "within two spaces of your Theater Square or of a city of yours with a wonder",
    "wonder_city2": "within two spaces of a city of yours with a wonder",
}


@_words("not_near")
def _not_near(st: GameState, r: Refusal, here: bool) -> str:
    if r.item == "anchor":
        where = f"next to {space_text(st, r.near)}" if r.number <= 1 else \
            f"within {plural(r.number, 'space')} of {space_text(st, r.near)}"
    else:
        where = _NEAR.get(r.item, "in range")
    if r.piece == "district":
        return f"a district goes {where}"
    return f"{_it(st, r, here)} is not {where}"


@_words("out_of_range")
def _out_of_range(st: GameState, r: Refusal, here: bool) -> str:
    far = f"{_it(st, r, here)} is not within {plural(r.number, 'space')} of a space of yours"
    if r.piece == "city":
        return f"{far}, counting through passable spaces (no water, rival spaces, barbarians, city-states or harder terrain)"
    if r.piece == "attack":
        return (f"{far} that you did not take this turn, counting only through spaces the card allows "
                "(no water, rival spaces, barbarians or city-states unless it says so)")
    return far


_said("not_a_mountain", "the token goes on a mountain")


# ---------------------------------------------------------------- control tokens, cities, districts, wonders

_said("no_unused_control", "no unused control tokens: remove one of yours from the map first")
_said("no_unused_city", "all your cities are on the map")
_said("not_own_token", "only your own control tokens can be reinforced")
_said("already_reinforced", "that control token is already reinforced")
_said("not_rival_token", "choose a rival's control token")
_said("army_on_token", "an army stands with that control token: it cannot be targeted")
_said("swap_needs_token", "swapping a token needs an unused control token of yours (a reinforced one can be flipped instead)")
_said("stands_for_city", "a control token standing for a city is not replaced by a district")
_said("wonders_only", "this effect builds wonders only, not cities")
_said("wonder_not_on_top", "only the face-up wonder on top of each deck can be built")
_said("no_wonder_city", "every one of your cities already has a wonder")
_said("not_own_non_capital", "choose one of your own cities that is not your capital")


@_words("not_a_district")
def _not_a_district(st: GameState, r: Refusal, here: bool) -> str:
    return f"the districts are {_names(r.names, district_name)}"


@_words("district_used")
def _district_used(st: GameState, r: Refusal, here: bool) -> str:
    return f"your {district_name(r.item)} is already on the map (one district of each type)"


@_words("holds_district")
def _holds_district(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_it(st, r, here)} already holds your {DISTRICT.get(r.item, 'district')}"


@_words("wonder_unaffordable")
def _wonder_unaffordable(st: GameState, r: Refusal, here: bool) -> str:
    return f"your production cannot reach the cost of {wonder_name(st, r.item)}"


# ---------------------------------------------------------------- cards, trade tokens, resources

def _focus(t: str) -> str:
    return FOCUS_TYPE.get(t, t.replace("_", " "))


_said("not_a_card", "that is not a focus card")
_said("oxford_only", "only Oxford University lets a new card replace a card of another type (not science)")


@_words("card_in_row")
def _card_in_row(st: GameState, r: Refusal, here: bool) -> str:
    return f"{card_name(st, r.item)} is already in your focus row"


@_words("card_level")
def _card_level(st: GameState, r: Refusal, here: bool) -> str:
    return f"the tech dial reached level {r.limit}: {card_name(st, r.item)} is a level {r.number} card"


@_words("not_a_focus_type")
def _not_a_focus_type(st: GameState, r: Refusal, here: bool) -> str:
    return f"name a focus card by its type: {_names(r.names, _focus)}"


@_words("no_focus_card")
def _no_focus_card(st: GameState, r: Refusal, here: bool) -> str:
    return f"your focus row has no {_focus(r.item)} card"


@_words("no_trade_tokens")
def _no_trade_tokens(st: GameState, r: Refusal, here: bool) -> str:
    return f"{seat_name(r.seat)} has no trade tokens on its {_focus(r.item)} card"


@_words("not_a_resource")
def _not_a_resource(st: GameState, r: Refusal, here: bool) -> str:
    return f"the resources are {_names(r.names, lambda x: thing_name(st, x))}"


@_words("supply_empty")
def _supply_empty(st: GameState, r: Refusal, here: bool) -> str:
    return f"the supply has no {thing_name(st, r.item)} left: all the box's tokens are in play"


@_words("resource_held")
def _resource_held(st: GameState, r: Refusal, here: bool) -> str:
    return f"you already have {thing_name(st, r.item)}: the resource must be of a type you do not have"


# ---------------------------------------------------------------- figures and their steps

@_words("bad_figure")
def _bad_figure(st: GameState, r: Refusal, here: bool) -> str:
    return f"you have {plural(r.number, _piece(r), _piece(r, True))}: choose one of them"


@_words("figure_locked")
def _figure_locked(st: GameState, r: Refusal, here: bool) -> str:
    return f"that {_piece(r)} is not yet available (it is locked on your {_focus(r.item)} card)"


@_words("figure_moved")
def _figure_moved(st: GameState, r: Refusal, here: bool) -> str:
    return f"that {_piece(r)} has already moved this turn"


_said("figure_returned", "that caravan went back to its card this turn and moves no more")


@_words("no_start_city")
def _no_start_city(st: GameState, r: Refusal, here: bool) -> str:
    return f"{a_an(_piece(r))} leaves its card from your capital or a mature city, and you have none"


@_words("not_a_start")
def _not_a_start(st: GameState, r: Refusal, here: bool) -> str:
    return f"{a_an(_piece(r))} leaves its card from your capital or one of your mature cities"


@_words("no_move_left")
def _no_move_left(st: GameState, r: Refusal, here: bool) -> str:
    return f"the {_piece(r)} has no movement left"


@_words("explore_no_move")
def _explore_no_move(st: GameState, r: Refusal, here: bool) -> str:
    return f"exploring costs one movement, and the {_piece(r)} has none left"


@_words("explored_already")
def _explored_already(st: GameState, r: Refusal, here: bool) -> str:
    return f"the {_piece(r)} has already explored during this move"


_said("stack_empty", "the stack of map tiles is empty")


@_words("explore_not_edge")
def _explore_not_edge(st: GameState, r: Refusal, here: bool) -> str:
    return f"{a_an(_piece(r))} explores only from a space at the edge of the map"


@_words("not_adjacent")
def _not_adjacent(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_piece(r, True)} move one adjacent space at a time"


@_words("water_closed")
def _water_closed(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_piece(r, True)} cannot enter water with this card"


@_words("barbarian_blocks")
def _barbarian_blocks(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_piece(r, True)} cannot enter a space with a barbarian"


@_words("caravan_stuck")
def _caravan_stuck(st: GameState, r: Refusal, here: bool) -> str:
    where = "this city" if here or not _on_map(st, r.space) else space_text(st, r.space)
    return (f"a caravan already reached {where} this turn, and this caravan could not move on from it "
            "(caravans cannot stop in a city or city-state)")


@_words("caravan_stranded")
def _caravan_stranded(st: GameState, r: Refusal, here: bool) -> str:
    where = space_text(st, r.space) if _on_map(st, r.space) else "its city"
    return (f"that caravan stands in {where}, which a caravan already reached this turn, and this card "
            "lets it step nowhere from there (it stays where it is)")


@_words("pact")
def _pact(st: GameState, r: Refusal, here: bool) -> str:
    return f"an effect forbids attacking {seat_name(r.seat)}'s pieces (Non-Aggression Pact)"


_said("nothing_to_attack", "there is nothing to attack in the army's space")
_said("must_attack", "the army cannot stop in a space it must attack")
_said("trade_nowhere", "a caravan trades only in a city-state or a rival city")
_said("trade_done_here", "a caravan already traded here this turn: only one trades there per turn")
_said("must_trade", "a caravan cannot stop and remain in a city-state or rival city: it trades there")


@_words("no_target")
def _no_target(st: GameState, r: Refusal, here: bool) -> str:
    return f"there is no barbarian, city-state, rival city or rival control token to attack{_on_it(st, r, here)}"


# ---------------------------------------------------------------- setting up the map

def _hex(st: GameState, r: Refusal, here: bool) -> str:
    """The fort spot: "this hex", or where it lies ("just west of Seoul")."""
    if here or r.hex is None:
        return "this hex"
    return f"the hex {hex_text(st, *r.hex)}"


@_words("fort_on_map")
def _fort_on_map(st: GameState, r: Refusal, here: bool) -> str:
    return "a fort goes on an empty hex beside the core tiles, not on a space of the map"


@_words("fort_planned")
def _fort_planned(st: GameState, r: Refusal, here: bool) -> str:
    return f"a fort is already planned on {_hex(st, r, here)}"


@_words("fort_few_core")
def _fort_few_core(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_hex(st, r, here)} touches {plural(r.number, 'core space')}; a fort must touch at least {r.limit}"


@_words("fort_next_fort")
def _fort_next_fort(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_hex(st, r, here)} is next to another fort; forts may not touch"


@_words("fort_next_city_state")
def _fort_next_city_state(st: GameState, r: Refusal, here: bool) -> str:
    return f"{_hex(st, r, here)} is next to a city-state's space; forts may not touch one"


_said("not_your_tile", "that is not one of your tiles")
_said("last_tile", "this is your last tile: there is no other to choose")
_said("tile_placement", "the tile must touch at least four spaces of the map and the core (or, if it cannot, "
      "a tile touching the core), without overlapping it")


# ---------------------------------------------------------------- the decision as a whole

_said("game_over", "the game is over")
_said("notation", "that is not an action of the game")
_said("no_argument", "that choice takes nothing more here")
_said("not_an_option", "that is not one of the choices of this decision")


@_words("verb_not_offered")
def _verb_not_offered(st: GameState, r: Refusal, here: bool) -> str:
    """What the decision asks instead: its question."""
    q = question(st)
    return f"this decision does not offer that: {q[:1].lower() + q[1:]}"
