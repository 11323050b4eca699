"""Setup of the base ruleset (base rulebook: Setup, "For the First Game", "Advanced Map Building"):
the map is built by the players before play, the wonder decks lose cards by player count, three
victory cards lie next to the map (four in the epic game). Code: engine/rulesets/base_setup.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from newdawn.content import load_content
from newdawn.engine import IllegalActionError, apply, legal_actions, new_game, why_not
from newdawn.engine.actions import Action
from newdawn.engine.board import tile_cells
from newdawn.engine.hexgrid import neighbours
from newdawn.engine.state import GameState

BASE = load_content("base")


def _play_setup(st: GameState, rnd: random.Random, check: bool = False) -> GameState:
    """Play the map building with random choices; with ``check``, verify each placement against
    the placement rules on the board it was placed on."""
    while st.stack_frames[-1]["kind"].startswith("base_map"):
        opts = legal_actions(st)
        a = rnd.choice([o for o in opts if o.verb != "back"])
        if check and a.verb == "tile":
            _check_placement(st, st.stack_frames[-1]["tile"], a)
        st = apply(st, a)
    return st


def _check_placement(st: GameState, tile: int, a: Action) -> None:
    b = st.board
    side_k, _, where = a.arg.partition(" ")
    q, r = (int(x) for x in where.split(","))
    cells = tile_cells(BASE.tiles[tile], side_k[0], int(side_k[1:]), (q, r))
    assert not any(c in b.index for c in cells), "overlaps the map"
    touched = {b.index[n] for c in cells for n in neighbours(c) if n in b.index}
    tile_spaces = {s for s in touched if b.tile_no[s]}
    assert len(tile_spaces) >= 4, f"tile {tile} at {a.arg} touches {len(tile_spaces)} tile spaces"
    core = {s for s in range(b.n) if b.tile_of[s] < st.core_count}
    if not touched & core:
        near_core = {b.tile_of[s] for s in range(b.n) if b.tile_no[s] and b.tile_of[s] >= st.core_count
                     and any(n in core for n in b.nbrs[s])}
        assert any(b.tile_of[s] in near_core for s in touched), f"tile {tile} at {a.arg} touches neither the core nor a tile touching it"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_map_deals_core_and_hands_then_players_place_in_turn(players: int) -> None:
    st = new_game({"ruleset": "base", "players": players}, 11)
    assert st.config["map"] == "advanced"
    # The core: two natural-wonder and two city-state tiles, on one side.
    core = st.placements[: st.core_count]
    assert st.core_count == 4
    assert Counter(BASE.tiles[p.tile].kind for p in core) == {"natural_wonder": 2, "city_state": 2}
    assert len({p.side for p in core}) == 1
    hands = st.turn["hands"]
    assert [BASE.tiles[h[0]].kind for h in hands] == ["capital"] * players
    assert all(len(h) == 3 for h in hands)
    dealt = [t for h in hands for t in h]
    assert len(set(dealt)) == len(dealt) and not set(dealt) & {p.tile for p in core}
    assert st.stack == (), "the base game has no exploration: unused tiles go back to the box"
    # Placement turns go round the table three times.
    seats = []
    rnd = random.Random(players)
    while st.stack_frames[-1]["kind"].startswith("base_map"):
        f = st.stack_frames[-1]
        if f["kind"] == "base_map_place":
            seats.append(f["seat"])
            _check_placement(st, f["tile"], legal_actions(st)[0])
            st = apply(st, legal_actions(st)[0])
        else:
            st = apply(st, rnd.choice(legal_actions(st)))
    start = seats[0]
    assert seats == [(start + i) % players for i in range(players)] * 3
    # Capitals on the capital icons of their tiles; the map is populated; play begins.
    for seat, s in enumerate(st.capitals):
        assert st.cities[s] == seat and st.board.printed[s] is not None and st.board.printed[s].capital
        assert st.board.tile_no[s] == hands[seat][0]
    assert st.stack_frames[-1]["kind"] == "focus" and st.current == st.first
    printed = {p.city_state for p in st.board.printed if p is not None and p.city_state}
    assert len(printed) >= 2 and set(st.cs_at.values()) == printed
    assert all(st.cs_cards[cs] == 2 for cs in st.cs_at.values())


@pytest.mark.parametrize("seed", range(6))
def test_every_advanced_placement_obeys_the_placement_rules(seed: int) -> None:
    st = new_game({"ruleset": "base", "players": 2 + seed % 3}, seed)
    st = _play_setup(st, random.Random(seed), check=True)
    assert st.stack_frames[-1]["kind"] == "focus"
    from newdawn.engine.board import enclosed_holes

    assert enclosed_holes(st.board) == []


def test_choosing_a_tile_can_be_taken_back_and_a_bad_placement_is_refused() -> None:
    st = new_game({"ruleset": "base", "players": 2}, 3)
    assert st.stack_frames[-1]["kind"] == "base_map_tile"
    seat = st.stack_frames[-1]["seat"]
    hand = st.turn["hands"][seat]
    assert legal_actions(st) == [Action("pick", str(t)) for t in hand]
    st2 = apply(st, Action("pick", str(hand[1])))
    assert st2.stack_frames[-1]["kind"] == "base_map_place" and Action("back") in legal_actions(st2)
    bad = Action("tile", "A0 40,40")
    r = why_not(st2, bad)
    assert r is not None and r.kind == "tile_placement", r
    with pytest.raises(IllegalActionError):
        apply(st2, bad)
    st3 = apply(st2, Action("back"))
    assert st3.stack_frames[-1]["kind"] == "base_map_tile" and legal_actions(st3) == legal_actions(st)
    # The last tile of a hand needs no choice.
    st4 = _play_setup(st, random.Random(0))
    assert st4.stack_frames[-1]["kind"] == "focus"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_game_map_is_the_printed_map(players: int) -> None:
    st = new_game({"ruleset": "base", "players": players, "map": "first_game"}, 5)
    fg = BASE.rules.first_game_map
    assert [p.tile for p in st.placements if p.kind == "tile"] == list(fg.tiles[players])
    assert {p.side for p in st.placements if p.kind == "tile"} == {"A"}
    for seat, tile in enumerate(fg.capitals[players]):
        assert st.board.tile_no[st.capitals[seat]] == tile and st.cities[st.capitals[seat]] == seat
    assert st.stack_frames[-1]["kind"] == "focus", "no decision before play"


@pytest.mark.parametrize(("players", "size"), [(2, 4), (3, 5), (4, 6)])
def test_wonder_decks_lose_cards_by_player_count(players: int, size: int) -> None:
    st = _play_setup(new_game({"ruleset": "base", "players": players, "map": "first_game"}, 2), random.Random(0))
    assert sorted(st.wonder_decks) == ["cultural", "economic", "militaristic", "scientific"]
    eras = ("ancient", "medieval", "modern")
    for wtype, deck in st.wonder_decks.items():
        assert len(deck) == size, wtype
        order = [eras.index(BASE.wonders[w].era) for w in deck]
        assert order == sorted(order), "ancient on top, then medieval, then modern"
    assert len(st.removed_wonders) == 4 * (6 - size)


@pytest.mark.parametrize(("epic", "count"), [(False, 3), (True, 4)])
def test_victory_cards_and_the_epic_game(epic: bool, count: int) -> None:
    from newdawn.engine.victory import round_winner

    st = new_game({"ruleset": "base", "players": 2, "map": "first_game", "epic": epic}, 4)
    assert len(st.victory_cards) == count and set(st.victory_cards) <= set(BASE.victory_cards)
    # One agenda claimed on each of three cards wins the standard game, not the epic one.
    for vc in st.victory_cards[:3]:
        st.claims[BASE.victory_cards[vc].agendas[0].id] = [1]
    assert round_winner(st) == (None if epic else 1)
    if epic:
        st.claims[BASE.victory_cards[st.victory_cards[3]].agendas[1].id] = [1]
        assert round_winner(st) == 1


def test_base_config_options_are_checked() -> None:
    with pytest.raises(ValueError, match="map must be one of"):
        new_game({"ruleset": "base", "players": 2, "map": "random"}, 1)
    with pytest.raises(ValueError, match="unknown config keys: \\['epic'\\]"):
        new_game({"ruleset": "ti", "players": 2, "epic": True}, 1)
    with pytest.raises(ValueError, match="players must be between 2 and 4"):
        new_game({"ruleset": "base", "players": 5}, 1)


def test_base_setup_is_deterministic_and_uses_base_pieces() -> None:
    a = new_game({"ruleset": "base", "players": 4}, 8)
    b = new_game({"ruleset": "base", "players": 4}, 8)
    assert a.to_json() == b.to_json()
    for p in a.players:
        assert p.leader in BASE.leaders and len(p.row) == 5
        assert [BASE.focus_cards[c].level for c in p.row] == [1] * 5
        assert p.row == list(BASE.leaders[p.leader].start_row)
        assert p.armies == [] and p.caravans.count(-1) == 1, "one caravan on Foreign Trade, no armies"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_automated_player_takes_the_last_seat_and_no_tiles(players: int) -> None:
    from newdawn.engine import decision_seat

    st = new_game({"ruleset": "base", "players": players, "automa": True}, 6)
    ap = players - 1
    assert st.turn["hands"][ap] == [] and all(len(h) == 3 for h in st.turn["hands"][:ap])
    # Its capital tile joined the core: its capital stands on the map before anyone places a tile.
    cap = st.capitals[ap]
    assert cap >= 0 and st.cities[cap] == ap and BASE.tiles[st.board.tile_no[cap]].kind == "capital"
    assert st.core_count == 5 and st.placements[4].tile == st.board.tile_no[cap], "the AP's tile is a core tile"
    row_types = [BASE.focus_cards[c].type for c in st.players[ap].row]
    assert tuple(row_types) == BASE.automated_player.start_rows[st.players[ap].leader]
    st = _play_setup(st, random.Random(players))
    # No decision is ever the AP's: the engine plays its turns.
    rnd = random.Random(1)
    for _ in range(400):
        if st.winner != -1:
            break
        assert decision_seat(st) != ap
        st = apply(st, rnd.choice(legal_actions(st)))


def test_the_automated_player_needs_the_option_and_plays_deterministically() -> None:
    a = new_game({"ruleset": "base", "players": 2, "automa": True, "map": "first_game"}, 9)
    b = new_game({"ruleset": "base", "players": 2, "automa": True, "map": "first_game"}, 9)
    assert a.to_json() == b.to_json()
    with pytest.raises(ValueError, match="automa must be one of"):
        new_game({"ruleset": "base", "players": 2, "automa": "yes"}, 1)


def test_the_first_tile_is_placed_by_a_random_player_who_holds_tiles() -> None:
    """R Advanced Map Building step 6, "starting with a random player": with an AP (dealt no
    tiles) the draw is among the players, so each of three players starts about a third of the
    time, rather than the one after the AP twice as often."""
    starters: Counter[int] = Counter()
    for seed in range(60):
        st = new_game({"ruleset": "base", "players": 4, "automa": True}, seed)
        core = next(e for e in st.events if e["kind"] == "setup_core")
        assert core["kind"] == "setup_core"
        starters[core["first"]] += 1
        assert st.stack_frames[-1]["seat"] == core["first"], "the drawn player places the first tile"
    assert set(starters) == {0, 1, 2}
    assert max(starters.values()) < 30, starters
