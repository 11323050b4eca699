"""Exploration: drawing a tile from the bottom of the stack and placing it at the map's edge
(unified rules, "Exploration"), and populating newly placed spaces (Setup step 4)."""

from __future__ import annotations

from .actions import Action, action, coord_at
from .board import Placement, enclosed_holes, tile_placements
from .errors import IllegalActionError
from .flow import act, choice, log, pop, push
from .frames import ExplorePlaceFrame
from .spaces import supply_left
from .state import GameState, content_for


def can_explore(st: GameState, s: int) -> bool:
    b = st.board
    return bool(st.stack) and b.on_capital_tile[s] and b.edge[s]


def start_exploration(st: GameState, seat: int, s: int) -> None:
    """Draw the bottom tile; push the placement decision, or put it back on top of the stack."""
    tile = st.stack[-1]
    st.stack = st.stack[:-1]
    c = content_for(st)
    options = tile_placements(
        st.board, c.tiles[tile], min_touch=c.ruleset.explore_touch_min, counted=None, must_touch=s,
    )
    if not options:
        st.stack = (tile, *st.stack)
        log(st, {"kind": "tile_back", "seat": seat})
        return
    log(st, {"kind": "explore", "seat": seat})
    # the options' texts, as str(placement_action(side, k, t)) writes them
    texts = [f"tile {side}{k} {q},{r}" for side, k, (q, r) in options]
    push(st, {"kind": "explore_place", "seat": seat, "tile": tile, "space": s, "options": texts})


def placement_action(side: str, k: int, t: tuple[int, int]) -> Action:
    return action("tile", f"{side}{k} {t[0]},{t[1]}")


@choice("explore_place")
def explore_options(st: GameState, f: ExplorePlaceFrame) -> list[Action]:
    # Computed once when the tile was drawn: nothing changes the map until it is placed.
    return [action("tile", t.partition(" ")[2]) for t in f["options"]]


@act("explore_place")
def explore_act(st: GameState, f: ExplorePlaceFrame, a: Action) -> None:
    pop(st)
    add_tile(st, Placement("tile", f["tile"], a.key, a.n, *coord_at(a)))


def add_tile(st: GameState, p: Placement) -> None:
    """Lay a tile, populate it, and fill any enclosed hole with water tokens."""
    before = st.board.n
    st.placements = (*st.placements, p)
    st.placements_changed()
    populate(st, range(before, st.board.n))
    n = fill_holes(st)
    if n:
        log(st, {"kind": "holes", "n": n})


def fill_holes(st: GameState) -> int:
    """Fill the map's enclosed holes with water tokens, as many as the supply holds (the box's
    limit: a hole left without one stays a hole, and is filled when a token comes free); returns
    how many were placed."""
    holes = enclosed_holes(st.board)
    n = min(len(holes), supply_left(st, "water_tokens")) if holes else 0
    if n > 0:
        st.placements = (*st.placements, *(Placement.water(h) for h in holes[:n]))
        st.placements_changed()
    return max(n, 0)


def populate(st: GameState, spaces: range | list[int]) -> None:
    """Put a matching token on every printed icon of the new spaces."""
    b = st.board
    for s in spaces:
        ps = b.printed[s]
        if ps is None:
            continue
        if ps.resource and supply_left(st, "resource:" + ps.resource) > 0:  # the box's limit
            st.tokens[s] = ps.resource
        if ps.natural_wonder:
            st.tokens[s] = "nw:" + ps.natural_wonder
        if ps.barbarian and ps.barbarian not in st.barbs:
            st.barbs[ps.barbarian] = s
        if ps.city_state:
            st.cs_at[s] = ps.city_state
            st.cs_cards[ps.city_state] = 2


def check_space(st: GameState, s: int | None, what: str) -> int:
    if s is None:
        raise IllegalActionError(f"{what} is not on the map")
    return s
