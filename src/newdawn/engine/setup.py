"""Setting up a game (unified rules: Setup 1-11). Fort and capital-tile placements are
decisions like any other; everything random comes from the state's generator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..content import load_content
from . import rng, rulesets
from .actions import Action, action, coord_at, coord_text
from .board import Placement, core_placements, fort_positions, fort_refusal, tile_placements
from .config import ConfigLimits, GameConfig, checked_config
from .explore import fill_holes, populate
from .flow import act, advance, auto, choice, explain, log, pop, push_all, roll
from .frames import SetupCapitalFrame, SetupFinishFrame, SetupFortFrame
from .refusal import Refusal
from .science import start_row
from .state import LOCKED, ON_CARD, OWN_ALL, Frame, GameState, PlayerState, content_for


def normalise_config(config: Mapping[str, Any] | None) -> GameConfig:
    """The configuration ``config`` asks for, checked and with every default filled in (without
    the seed: ``new_game`` adds its own): ``config.checked_config`` with what the ruleset allows.
    ValueError names the first key that is wrong."""
    return checked_config(config, _limits)


def _limits(ruleset: str) -> ConfigLimits:
    """What the ruleset ``ruleset`` allows in a configuration (its content, its own options)."""
    c = load_content(ruleset)
    options = rulesets.config_options(ruleset, c)
    return ConfigLimits({k: (o.default, o.choices) for k, o in options.items()}, c.missing_rules(),
                        c.ruleset.players, c.leaders, c.ruleset.colors)


def new_game(config: Mapping[str, Any] | None = None, seed: int = 0, dice: Sequence[int] = ()) -> GameState:
    """A new game, waiting for the first player's fort placement. ``dice`` are die results that
    setup uses before the generator's (rules scenarios choose the core side's die with it; a real
    game gives none)."""
    cfg = normalise_config(config)
    c = load_content(cfg["ruleset"])
    rs = c.ruleset
    n = cfg["players"]
    st = GameState()
    st.config = cfg
    st.config["seed"] = seed
    st.ruleset = cfg["ruleset"]
    st.rng = rng.new_state(seed, cfg["generator"])
    st.forced_dice = list(dice)
    st.events = []
    st._legal = None
    st._own = OWN_ALL
    st._c = c

    leaders = cfg["leaders"]
    if leaders is None:
        pool = sorted(c.leaders)
        st.rng = rng.shuffled(st.rng, pool)
        leaders = pool[:n]
    colors = cfg["colors"] or list(rs.colors[:n])
    diplomacy = sorted(d.id for d in c.player_diplomacy.values() if d.box in rs.boxes)
    st.players = []
    for seat in range(n):
        lead = c.leaders[leaders[seat]]
        p = PlayerState()
        p.leader = lead.id
        p.color = colors[seat]
        p.row = list(lead.start_row)
        p.trade = {}
        p.cs_tokens = ()
        p.gov = ""
        p.dial = 0
        p.resources = {}
        p.nws = ()
        p.dipl = ()
        p.own_dipl = tuple(diplomacy)
        p.wonders = ()
        p.armies = [ON_CARD if i < rs.start_armies else LOCKED for i in range(rs.components["armies"])]
        p.caravans = [ON_CARD if i < rs.start_caravans else LOCKED for i in range(rs.components["caravans"])]
        p.flags = {}
        st.players.append(p)

    for seat in range(n):
        p = st.player_mut(seat)
        p.row = start_row(st, seat, p.row)

    clear_table(st)
    ruleset_setup = rulesets.code_for(st.ruleset).setup
    if ruleset_setup is not None:  # the ruleset builds its own map (rulesets/__init__.py)
        ruleset_setup(st, cfg)
        advance(st)
        return st

    capital_tiles = sorted(t.id for t in c.tiles.values() if t.kind == "capital")
    st.rng = rng.shuffled(st.rng, capital_tiles)
    dealt = capital_tiles[:n]
    st.rng, st.first = rng.below(st.rng, n)
    st.current = st.first
    st.round = 1
    st.turn = {}
    stack = sorted(t.id for t in c.tiles.values() if t.kind != "capital")
    st.rng = rng.shuffled(st.rng, stack)
    k = rs.core_tiles[n]
    core = [stack.pop() for _ in range(k)]  # drawn from the bottom of the stack
    st.stack = tuple(stack)
    die = roll(st)
    side = "A" if die in rs.core_side_a_rolls else "B"
    st.placements = tuple(core_placements(core, side, rs.core_placements[side][:k]))
    st.placements_changed()
    st.core_count = k
    log(st, {"kind": "setup_core", "die": die, "first": st.first})
    order = [(st.first + i) % n for i in range(n)]
    frames: list[Frame] = [{"kind": "setup_fort", "seat": p} for p in order]
    frames += [{"kind": "setup_capital", "seat": p, "tile": dealt[p]} for p in order]
    frames.append({"kind": "setup_finish"})
    st.stack_frames = []
    push_all(st, frames)
    advance(st)
    return st


def clear_table(st: GameState) -> None:
    """No piece on the map yet, no wonder dealt, no claim: the table before the map is built."""
    n = st.n
    st.cities, st.capitals, st.ctl, st.reinforced, st.district = {}, (-1,) * n, {}, set(), {}
    st.tokens, st.barbs, st.cs_at, st.cs_conquered, st.cs_cards = {}, {}, {}, {}, {}
    st.cs_aside_wonders, st.wonder_at, st.wonder_decks, st.wonder_tokens = (), {}, {}, ()
    st.removed_wonders, st.gone_wonders, st.victory_cards, st.claims = (), (), [], {}
    st.event_pos = 0
    st.winner = -1
    st.version = 0


def core_space_ids(st: GameState) -> frozenset[int]:
    spaces_of = st.board.spaces_of
    return frozenset([s for pi in range(st.core_count) for s in spaces_of[pi]])


def fort_coords(st: GameState) -> set[tuple[int, int]]:
    return {(p.q, p.r) for p in st.placements if p.kind == "fort"}


@choice("setup_fort")
def setup_fort_options(st: GameState, f: SetupFortFrame) -> list[Action]:
    rs = content_for(st).ruleset
    spots = fort_positions(st.board, core_space_ids(st), fort_coords(st), rs.fort_touch_core_min)
    return [action("fort", coord_text(*c)) for c in spots]


@explain("setup_fort")
def setup_fort_explain(st: GameState, f: SetupFortFrame, a: Action) -> Refusal | None:
    if a.verb != "fort":
        return None
    rs = content_for(st).ruleset
    return fort_refusal(st.board, core_space_ids(st), fort_coords(st), rs.fort_touch_core_min, coord_at(a))


@act("setup_fort")
def setup_fort_act(st: GameState, f: SetupFortFrame, a: Action) -> None:
    pop(st)
    c = coord_at(a)
    st.placements = (*st.placements, Placement.fort(c))
    st.placements_changed()
    log(st, {"kind": "fort", "seat": f['seat'], "coord": a.arg, "space": st.board.index[c]})


def _capital_counted(st: GameState) -> frozenset[int]:
    """The core's spaces and the forts'."""
    b = st.board
    spaces_of = b.spaces_of
    forts = [s for pi, p in enumerate(b.placements) if p.kind == "fort" for s in spaces_of[pi]]
    return core_space_ids(st).union(forts)


@choice("setup_capital")
def setup_capital_options(st: GameState, f: SetupCapitalFrame) -> list[Action]:
    c = content_for(st)
    rs = c.ruleset
    tile = c.tiles[f["tile"]]
    opts = tile_placements(st.board, tile, min_touch=rs.capital_touch_min, counted=_capital_counted(st))
    if not opts and rs.capital_touch_fallback:
        # The tiles placed before left no such placement: count every space of the map.
        opts = tile_placements(st.board, tile, min_touch=rs.capital_touch_min, counted=None)
    return [action("tile", f"{side}{k} {q},{r}") for side, k, (q, r) in opts]  # as placement_action


@act("setup_capital")
def setup_capital_act(st: GameState, f: SetupCapitalFrame, a: Action) -> None:
    pop(st)
    before = st.board.n
    st.placements = (*st.placements, Placement("tile", f["tile"], a.key, a.n, *coord_at(a)))
    st.placements_changed()
    b = st.board
    seat = f["seat"]
    for s in range(before, b.n):
        printed = b.printed[s]
        if printed is not None and printed.capital:
            st.mark_agendas()
            st.cities[s] = seat
            st.capitals = (*st.capitals[:seat], s, *st.capitals[seat + 1:])
    log(st, {"kind": "capital", "seat": seat, "coord": a.arg, "space": st.capitals[seat]})


@auto("setup_finish")
def run_setup_finish(st: GameState, f: SetupFinishFrame) -> None:
    c = content_for(st)
    rs = c.ruleset
    fill_holes(st)
    st.placements_changed()
    populate(st, range(st.board.n))
    deal_wonder_decks(st, rs.wonder_remove)
    deal_victory_cards(st, rs.victory_random_cards)
    log(st, {"kind": "setup_done"})


def deal_wonder_decks(st: GameState, remove: Mapping[str, int]) -> None:
    """Wonder decks: per type, shuffle each era, remove ``remove[era]`` cards unseen, ancient on top."""
    c = content_for(st)
    by_type: dict[str, dict[str, list[str]]] = {}
    for wid in c.wonder_ids(st.ruleset):
        w = c.wonders[wid]
        by_type.setdefault(w.type, {}).setdefault(w.era, []).append(wid)
    for wtype in sorted(by_type):
        deck: list[str] = []
        for era in ("ancient", "medieval", "modern"):
            pile = sorted(by_type[wtype].get(era, []))
            st.rng = rng.shuffled(st.rng, pile)
            drop = remove.get(era, 0)
            st.removed_wonders = (*st.removed_wonders, *pile[:drop])
            deck.extend(pile[drop:])
        st.wonder_decks[wtype] = deck


def deal_victory_cards(st: GameState, count: int) -> None:
    """The fixed victory cards of the ruleset, then ``count`` random standard cards."""
    rs = content_for(st).ruleset
    c = content_for(st)
    standard = sorted(v.id for v in c.victory_cards.values()
                      if not v.fort and v.box in rs.boxes and v.id not in rs.victory_fixed)
    st.rng = rng.shuffled(st.rng, standard)
    st.victory_cards = [*rs.victory_fixed, *sorted(standard[:count])]
