"""Setup of the base game (base rulebook: Setup 3-11, "For the First Game", "Advanced Map
Building"): the map is built before play, either as the printed first-game map or by advanced
map building, where each player places the tiles dealt to them in turn. There are no forts and
no exploration. Everything random comes from the state's generator; every placement is a
decision of the seat that places the tile.

Steps (frame kinds):

- ``base_map_turn`` (auto): a player's turn to place one of their tiles;
- ``base_map_tile`` (decision): choose which of your dealt tiles to place next (``pick <tile>``);
  skipped when one tile is left.
- ``base_map_place`` (decision): place it (``tile A3 2,-1``: side, rotation, translation), or
  ``back`` to choose another tile.
- ``base_setup_finish`` (auto): deal the wonder decks (cards removed by player count) and the
  victory cards (three, or four in the epic game).

The map is populated (Setup 4-5) as its tiles are laid: the core and the first-game map at once,
each dealt tile when it is placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ...content.rulesets.base import MISSING_SEAT_KINDS, BaseContent
from .. import rng
from ..actions import Action, action, coord_at
from ..board import Placement, core_placements, tile_placements, touched_spaces
from ..config import GameConfig
from ..explore import fill_holes, placement_action, populate
from ..flow import act, auto, choice, explain, log, pop, push, push_all, roll
from ..refusal import Refusal
from ..setup import deal_victory_cards, deal_wonder_decks
from ..state import Frame, GameState, content_for
from . import ConfigOption, RulesetCode, register
from .base_frames import BaseMapPlaceFrame, BaseMapTileFrame, BaseMapTurnFrame, BaseSetupFinishFrame

if TYPE_CHECKING:
    from ...content import Content


def base_content(st: GameState) -> BaseContent:
    c = content_for(st)
    assert isinstance(c, BaseContent)
    return c


def config_options(c: Content) -> Mapping[str, ConfigOption]:
    assert isinstance(c, BaseContent)
    return {k: ConfigOption(o.default, tuple(o.choices)) for k, o in c.rules.options.items()}


def victory_need(st: GameState) -> int:
    """One agenda on each victory card next to the map (R "Winning the Game"): three, or four in
    the epic game."""
    rules = base_content(st).rules
    return int(rules.victory_cards["epic" if st.config.get("epic") else "standard"])


def wonder_remove(c: Content, players: int) -> Mapping[str, int]:
    """Setup 7: wonder cards of each era returned unseen to the box from each type's pile."""
    assert isinstance(c, BaseContent)
    return c.rules.wonder_remove_by_players[players]


# ---------------------------------------------------------------- setup


def ap_seat(st: GameState) -> int:
    """The Automated Player's seat (the last one, with the option ``automa``), or -1."""
    return st.n - 1 if st.config.get("automa") else -1


def setup(st: GameState, cfg: GameConfig) -> None:
    """Build the map (first-game map or advanced building) and push the setup steps."""
    n = st.n
    ap = ap_seat(st)
    if ap >= 0:
        if "automa" in MISSING_SEAT_KINDS:
            raise ValueError(f"the Automated Player cannot be seated yet: {MISSING_SEAT_KINDS['automa']}")
        c = base_content(st)
        ps = st.player_mut(ap)
        # Its row holds the base cards of its start row's types; it resolves them by its AP cards.
        ps.row = [c.card_for(t, 1) for t in c.automated_player.start_rows[ps.leader]]
    st.round = 1
    st.turn = {}
    st.stack = ()  # tiles not used are returned to the box: the base game has no exploration
    st.stack_frames = []
    if cfg.get("map") == "first_game":
        _first_game_map(st)
        frames = []
    else:
        frames = _advanced_map(st)
    # Setup 6: a random player takes the event dial and is the first player (reading
    # map_first_placer: a draw of its own, or the player who placed the first tile).
    if base_content(st).rules.readings["map_first_placer"].value == "first_player" and frames:
        st.first = frames[0]["seat"]
    else:
        st.rng, st.first = rng.below(st.rng, n)
    st.current = st.first
    log(st, {"kind": "setup_first", "first": st.first})
    frames.append({"kind": "base_setup_finish"})
    push_all(st, frames)


def _first_game_map(st: GameState) -> None:
    """R p.3: the printed map on side A, tiles by player count; each player's capital on the
    capital icon nearest them (``first_game_map.capitals`` in seat order)."""
    fg = base_content(st).rules.first_game_map
    tiles = fg.tiles[st.n]
    st.placements = tuple(Placement.for_tile(t, fg.side, fg.placements[t][0], fg.placements[t][1]) for t in tiles)
    st.core_count = 0
    st.placements_changed()
    populate(st, range(st.board.n))
    for seat, tile in enumerate(fg.capitals[st.n]):
        _place_capital(st, seat, tile)
    log(st, {"kind": "setup_map", "tiles": list(tiles)})


def _advanced_map(st: GameState) -> list[Frame]:
    """Advanced map building steps 1-5; step 6-7 are the ``base_map_tile`` decisions."""
    c = base_content(st)
    am = c.rules.advanced_map
    rs = c.ruleset
    n = st.n
    by_kind: dict[str, list[int]] = {}
    for t in sorted(c.tiles):
        by_kind.setdefault(c.tiles[t].kind, []).append(t)
    capitals = list(by_kind.get("capital", []))
    st.rng = rng.shuffled(st.rng, capitals)
    dealt_capitals = capitals[: n * am.capital_tiles_per_player]
    core: list[int] = []
    for kind in sorted(am.core_kinds):
        pile = list(by_kind.get(kind, []))
        st.rng = rng.shuffled(st.rng, pile)
        core.extend(pile[: am.core_kinds[kind]])
    st.rng = rng.shuffled(st.rng, core)
    die = roll(st)
    side = "A" if die in rs.core_side_a_rolls else "B"
    st.placements = tuple(core_placements(core, side, rs.core_placements[side][: len(core)]))
    st.core_count = len(core)
    st.placements_changed()
    populate(st, range(st.board.n))
    rest = [t for t in sorted(c.tiles) if c.tiles[t].kind != "capital" and t not in core]
    st.rng = rng.shuffled(st.rng, rest)
    per = am.tiles_per_player
    hands = [
        [*dealt_capitals[seat * am.capital_tiles_per_player:(seat + 1) * am.capital_tiles_per_player],
         *rest[seat * per:(seat + 1) * per]]
        for seat in range(n)
    ]
    ap = ap_seat(st)
    if ap >= 0:
        # The AP is dealt no tiles; its capital tile joins the core (parameter core_diagram: at a
        # random legal place touching the core; the printed AP core diagram was not found).
        tile = hands[ap][0]
        opts = legal_placements(st, tile)
        st.rng, k = rng.below(st.rng, len(opts))
        side, turns, at = opts[k]
        _lay_tile(st, ap, tile, Placement.for_tile(tile, side, turns, at))
        st.core_count += 1  # "tile C" is part of the core that the players' tiles must touch
        hands[ap] = []
    st.turn = {"hands": hands}
    # "Starting with a random player" (step 6): one of the players who hold tiles, so never the AP.
    placers = [p for p in range(n) if hands[p]]
    st.rng, k = rng.below(st.rng, len(placers))
    starter = placers[k]
    log(st, {"kind": "setup_core", "die": die, "first": starter})
    order = [(starter + i) % n for i in range(n)]
    rounds = max(len(h) for h in hands)
    return [{"kind": "base_map_turn", "seat": p} for r in range(rounds) for p in order if r < len(hands[p])]


def _place_capital(st: GameState, seat: int, tile: int) -> None:
    b = st.board
    for s in range(b.n):
        printed = b.printed[s]
        if printed is not None and printed.capital and b.tile_no[s] == tile:
            st.mark_agendas()
            st.cities[s] = seat
            st.capitals = (*st.capitals[:seat], s, *st.capitals[seat + 1:])
            return
    raise ValueError(f"tile {tile} has no capital icon on the map")


# ---------------------------------------------------------------- tile placement


def legal_placements(st: GameState, tile: int) -> list[tuple[str, int, tuple[int, int]]]:
    """Advanced map building step 6: the tile touches at least four spaces of tiles already on the
    table, and the core; if no such placement touches the core, it touches a tile that touches
    the core. When neither exists (the rules are silent; possible only on a crowded map) any
    placement touching four tile spaces is allowed, and failing that any touching one space."""
    c = base_content(st)
    b = st.board
    td = c.tiles[tile]
    tile_spaces = frozenset(s for s in range(b.n) if b.tile_no[s] != 0)
    opts = tile_placements(b, td, min_touch=c.rules.advanced_map.touch_min, counted=tile_spaces)
    if not opts:
        return tile_placements(b, td, min_touch=1, counted=None)
    core = {s for s in range(b.n) if b.tile_of[s] < st.core_count}
    touching = [o for o in opts if touched_spaces(b, td, *o) & core]
    if touching:
        return touching
    near_core_tiles = {b.tile_of[s] for s in range(b.n) if b.tile_of[s] >= st.core_count and b.tile_no[s]
                       and any(n in core for n in b.nbrs[s])}
    second = [o for o in opts if any(b.tile_of[s] in near_core_tiles for s in touched_spaces(b, td, *o))]
    return second or opts


def _hand(st: GameState, seat: int) -> list[int]:
    hand: list[int] = st.turn["hands"][seat]
    return hand


def _with_hand(st: GameState, seat: int, hand: list[int]) -> None:
    hands = [list(h) for h in st.turn["hands"]]
    hands[seat] = hand
    st.turn = {**st.turn, "hands": hands}


@auto("base_map_turn")
def run_map_turn(st: GameState, f: BaseMapTurnFrame) -> None:
    """A player's turn to place a tile: the choice of tile, unless one is left."""
    hand = _hand(st, f["seat"])
    if len(hand) == 1:
        push(st, {"kind": "base_map_place", "seat": f["seat"], "tile": hand[0]})
    else:
        push(st, {"kind": "base_map_tile", "seat": f["seat"]})


@choice("base_map_tile")
def map_tile_options(st: GameState, f: BaseMapTileFrame) -> list[Action]:
    # Every dealt tile has a legal placement (legal_placements falls back to touching any space).
    return [action("pick", str(t)) for t in _hand(st, f["seat"])]


@explain("base_map_tile")
def map_tile_explain(st: GameState, f: BaseMapTileFrame, a: Action) -> Refusal | None:
    if a.verb != "pick":
        return None
    return Refusal("not_your_tile", item=a.arg, names=tuple(str(t) for t in _hand(st, f["seat"])))


@act("base_map_tile")
def map_tile_act(st: GameState, f: BaseMapTileFrame, a: Action) -> None:
    push(st, {"kind": "base_map_place", "seat": f["seat"], "tile": a.n})


@choice("base_map_place")
def map_place_options(st: GameState, f: BaseMapPlaceFrame) -> list[Action]:
    opts = [placement_action(side, k, t) for side, k, t in legal_placements(st, f["tile"])]
    if len(_hand(st, f["seat"])) > 1:
        opts.append(action("back"))
    return opts


@explain("base_map_place")
def map_place_explain(st: GameState, f: BaseMapPlaceFrame, a: Action) -> Refusal | None:
    if a.verb == "back":
        return Refusal("last_tile", item=str(f["tile"]))
    if a.verb != "tile":
        return None
    # At least four spaces of the map and the core touched (or, if it cannot, a tile touching
    # the core), without overlapping it.
    return Refusal("tile_placement", item=str(f["tile"]), limit=4)


@act("base_map_place")
def map_place_act(st: GameState, f: BaseMapPlaceFrame, a: Action) -> None:
    pop(st)
    if a.verb == "back":
        return
    tile_choice = st.stack_frames[-1] if st.stack_frames and st.stack_frames[-1]["kind"] == "base_map_tile" else None
    if tile_choice is not None:
        pop(st)
    seat, tile = f["seat"], f["tile"]
    _with_hand(st, seat, [t for t in _hand(st, seat) if t != tile])
    _lay_tile(st, seat, tile, Placement.for_tile(tile, a.key, a.n, coord_at(a)))


def _lay_tile(st: GameState, seat: int, tile: int, p: Placement) -> None:
    """Lay a dealt tile: populate it, put the capital on a capital tile's icon, fill holes."""
    before = st.board.n
    st.placements = (*st.placements, p)
    st.placements_changed()
    populate(st, range(before, st.board.n))  # Setup 4, done tile by tile (the order does not matter)
    where = f"{p.side}{p.k} {p.q},{p.r}"
    log(st, {"kind": "map_tile", "seat": seat, "tile": tile, "coord": where})
    if base_content(st).tiles[tile].kind == "capital":
        _place_capital(st, seat, tile)
    n = fill_holes(st)
    if n:
        log(st, {"kind": "holes", "n": n})


@auto("base_setup_finish")
def run_setup_finish(st: GameState, f: BaseSetupFinishFrame) -> None:
    """Deal the wonder decks (Setup 7-9) and the victory cards (10)."""
    c = base_content(st)
    st.turn = {}
    deal_wonder_decks(st, wonder_remove(c, st.n))
    deal_victory_cards(st, victory_need(st))
    log(st, {"kind": "setup_done"})


register("base", RulesetCode(setup=setup, config_options=config_options, victory_need=victory_need,
                             wonder_remove=wonder_remove))
