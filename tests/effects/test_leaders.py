"""Leader abilities and unique focus cards (content.md §1; FAQ). Each test builds a real game
past setup with chosen leaders, sets pieces by hand, and checks one printed effect."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from helpers import clear_space, fresh, kinds, land, opts, resolve, set_slot, text  # noqa: E402

from newdawn.engine import apply, legal_actions, new_game  # noqa: E402
from newdawn.engine.actions import Action  # noqa: E402
from newdawn.engine.flow import effective_slot, push  # noqa: E402
from newdawn.engine.industry import wonder_cost  # noqa: E402
from newdawn.engine.military import attack_value, defense_value  # noqa: E402
from newdawn.engine.pieces import gain_card  # noqa: E402
from newdawn.engine.spaces import control_reason  # noqa: E402
from newdawn.engine.state import ON_CARD  # noqa: E402
from newdawn.engine.turn import card_frames  # noqa: E402


def game(leaders: list[str], seed: int = 1):
    """Past setup (first options), seat 0 to move, waiting for a decision of seat 0."""
    st = new_game({"players": len(leaders), "leaders": leaders}, seed)
    while st.stack_frames[-1]["kind"].startswith("setup"):
        st = apply(st, legal_actions(st)[0])
    if st.current != 0:
        st.current = 0
        st.stack_frames = [{"kind": "end_turn", "seat": 0}, {"kind": "focus", "seat": 0}]
        st = fresh(st)
    return st


def finish(st, seat=0):
    """Take the last option (done/skip/pass) until the turn passes or a given frame shows."""
    while st.current == seat and st.winner == -1:
        st = apply(st, legal_actions(st)[-1])
    return st


def atk_frame(seat, space, slot=3):
    return {"seat": seat, "slot": slot, "combat": 0, "vs_barbarian": 0, "space": space}


# ---------------------------------------------------------------- unique cards: acquisition

def test_level_one_unique_replaces_start_card_of_its_type():
    st = game(["china", "scythia", "rome"])
    assert "writing" in st.players[0].row and "astrology" not in st.players[0].row
    assert st.players[0].row.index("writing") == 5  # China's astrology sat in slot 5
    assert "horseback_riding" in st.players[1].row and "masonry" not in st.players[1].row
    assert "military_engineering" not in st.players[2].row  # level II: not at setup


def test_level_two_unique_offered_at_tech_level_and_gone_once_passed():
    st = game(["rome", "china"])
    st.players[0].dial = 1
    set_slot(st, 0, "science", 2)
    st = fresh(st)
    st = resolve(st, "science")
    assert "military_engineering" in opts(st, "take") and "engineering" in opts(st, "take")
    st = apply(st, Action("take", "mathematics"))
    assert st.players[0].flags["unique_gone"] == 1
    st.stack_frames.append({"kind": "tech", "seat": 0, "level": 2})
    st = fresh(st)
    assert "military_engineering" not in opts(st, "take")


def test_level_two_unique_taken_replaces_the_card_of_its_type():
    st = game(["rome", "china"])
    st.stack_frames.append({"kind": "tech", "seat": 0, "level": 2})
    st = fresh(st)
    st = apply(st, Action("take", "military_engineering"))
    assert "military_engineering" in st.players[0].row and "irrigation" not in st.players[0].row


def test_unique_not_offered_at_other_levels():
    st = game(["rome", "china"])
    st.stack_frames.append({"kind": "tech", "seat": 0, "level": 3})
    st = fresh(st)
    assert "military_engineering" not in opts(st, "take")


# ---------------------------------------------------------------- unique cards: effects

def _science(st, slot_pos):
    set_slot(st, 0, "science", slot_pos)
    st = fresh(st)
    return resolve(st, "science")


def test_writing_one_more_step_with_a_wonder():
    st = game(["china", "rome"])
    a = _science(st.copy(), 1)
    st.players[0].wonders += ("colosseum",)
    b = _science(st, 1)
    assert a.players[0].dial == 1 and b.players[0].dial == 2  # row position 1 is slot 1


def test_natural_history_counts_resource_types():
    st = game(["england", "rome"])
    gain_card(st, 0, "natural_history")
    st.players[0].resources = {"marble": 2, "oil": 1, "diamond": 0}
    st = _science(st, 1)
    assert st.players[0].dial == 1 + 2


def test_humanism_trade_token_per_mature_city():
    st = game(["france", "rome"])
    gain_card(st, 0, "humanism")
    cap = st.capitals[0]
    for n in st.board.nbrs[cap]:
        if not st.board.is_water[n]:
            clear_space(st, n)
            st.ctl[n] = 0
    set_slot(st, 0, "culture", 1)
    st = fresh(st)
    st = resolve(st, "culture")
    while kinds(st)[-1] == "place":
        st = apply(st, Action("done"))
    assert kinds(st)[-1] == "trade_place" and st.stack_frames[-1]["left"] == 1


def _rich(st, seat=0):
    st.players[seat].resources = {"marble": 6, "oil": 6, "diamond": 6, "mercury": 6}


def _build_wonder(st, w):
    st = apply(st, Action("wonder", w))
    while "build" not in {a.verb for a in legal_actions(st)}:
        st = apply(st, next(a for a in legal_actions(st) if a.verb == "pay"))
    st = apply(st, Action("build"))
    return apply(st, legal_actions(st)[0])  # the city under it


def test_craftsmanship_advances_dial_after_a_wonder():
    st = game(["sumeria", "rome"])
    _rich(st)
    set_slot(st, 0, "industry", 5)
    st = fresh(st)
    st = resolve(st, "industry")
    w = next(a.arg for a in legal_actions(st) if a.verb == "wonder")
    st = _build_wonder(st, w)
    assert st.players[0].dial == 1


def test_industrialization_adds_districts_to_production():
    st = game(["japan", "rome"])
    gain_card(st, 0, "industrialization")
    _rich(st)
    s = land(st, lambda s: s in st.board.nbrs[st.capitals[0]])
    st.ctl[s] = 0
    st.district[s] = "campus"
    set_slot(st, 0, "industry", 3)
    st = fresh(st)
    st = resolve(st, "industry")
    w = next(a.arg for a in legal_actions(st) if a.verb == "wonder")
    st = apply(st, Action("wonder", w))
    assert st.stack_frames[-1]["production"] == 3 + 1


def test_construction_builds_no_city_and_resources_count_three():
    st = game(["nubia", "rome"])
    gain_card(st, 0, "construction")
    _rich(st)
    set_slot(st, 0, "industry", 3)
    st = fresh(st)
    st = resolve(st, "industry")
    assert not opts(st, "city")
    w = next(a.arg for a in legal_actions(st) if a.verb == "wonder")
    st = apply(st, Action("wonder", w))
    p0 = st.stack_frames[-1]["production"]
    st = apply(st, next(a for a in legal_actions(st) if a.verb == "pay" and a.arg != "trade"))
    assert st.stack_frames[-1]["production"] == p0 + 3


def test_state_workforce_mountain_token_only_from_fifth_slot():
    st = game(["inca", "rome"])
    gain_card(st, 0, "state_workforce")
    fs = card_frames(st, 0, "state_workforce", 5, 0)
    assert any(f["kind"] == "fx_mountain" for f in fs)
    assert not any(f["kind"] == "fx_mountain" for f in card_frames(st, 0, "state_workforce", 4, 0))
    m = land(st, lambda s: st.board.terrain[s] == "mountain" and s in st.board.nbrs[st.capitals[0]])
    push(st, {"kind": "fx_mountain", "seat": 0, "near": -1})
    st = fresh(st)
    places = opts(st, "place")
    assert text(st, m) in places
    assert all(st.board.terrain[st.board.index[tuple(map(int, p.split(",")))]] == "mountain" for p in places)


def test_radio_replaces_a_rival_city_from_fifth_slot():
    st = game(["america", "rome"])
    cap = st.capitals[0]
    rival = land(st, lambda s: s != cap and s not in st.board.nbrs[cap]
                 and any(s in st.board.nbrs[n] for n in st.board.nbrs[cap]))
    st.cities[rival] = 1
    assert not any(f["kind"] == "fx_radio" for f in card_frames(st, 0, "radio", 4, 0))
    push(st, {"kind": "fx_radio", "seat": 0, "range": 4})
    st = fresh(st)
    assert text(st, rival) in opts(st, "replace")
    assert text(st, st.capitals[1]) not in opts(st, "replace") or st.capitals[1] < 0
    st = apply(st, Action("replace", text(st, rival)))
    assert st.cities[rival] == 0


def _caravan_to_cs(st, slot_pos=5):
    s, cs = sorted(st.cs_at.items())[0]
    b = st.board
    src = next(n for n in b.nbrs[s] if not b.is_water[n] and n not in st.cities and n not in st.cs_at)
    clear_space(st, src)
    st.players[0].caravans[0] = src
    set_slot(st, 0, "economy", slot_pos)
    st = fresh(st)
    st = resolve(st, "economy")
    st = apply(st, Action("caravan", "0"))
    st = apply(st, Action("to", text(st, s)))
    return apply(st, Action("trade"))


def test_wheel_caravan_reaching_city_state_takes_a_resource():
    st = game(["egypt", "rome"])
    assert "wheel" in st.players[0].row
    st = _caravan_to_cs(st)
    assert kinds(st)[-1] == "any_resource"
    st = apply(st, Action("take", "oil"))
    assert st.players[0].resources["oil"] == 1


def test_without_wheel_no_resource_on_arrival():
    st = game(["rome", "egypt"])
    st = _caravan_to_cs(st)
    assert "any_resource" not in kinds(st)


def test_banking_resource_at_ibrahim_holders_capital():
    from newdawn.engine import hooks

    st = game(["ottoman", "rome"])
    st.turn["fx"] = ["banking"]
    st.players[0].flags["ibrahim"] = 2
    hooks.fire("after_arrival", st, 0, st.capitals[1], 1)
    assert kinds(st)[-1] == "any_resource"
    st.stack_frames.pop()
    st.players[0].flags["ibrahim"] = 0
    hooks.fire("after_arrival", st, 0, st.capitals[1], 1)
    assert kinds(st)[-1] != "any_resource"


def test_siege_tactics_weakens_reinforced_tokens_on_your_turn():
    st = game(["georgia", "rome"])
    t = land(st, lambda s: st.board.diff[s] <= 3)
    st.ctl[t] = 1
    st.reinforced.add(t)
    f = atk_frame(0, t)
    base = attack_value(st, f, "ctl", 1)
    st.turn["fx"] = ["siege_tactics"]
    assert attack_value(st, f, "ctl", 1) == base + 1


# ---------------------------------------------------------------- leaders: passive

def test_scythia_plus_three_on_grassland_or_hills_only():
    st = game(["scythia", "rome"])
    g = land(st, lambda s: st.board.terrain[s] == "grassland")
    fo = land(st, lambda s: st.board.terrain[s] == "forest")
    assert attack_value(st, atk_frame(0, g), "barb", -1) == 3 + 3
    assert attack_value(st, atk_frame(0, fo), "barb", -1) == 3
    st.ctl[g] = 0
    assert defense_value(st, "ctl", g, 0, 1) == 1 + 3


def test_egypt_wonders_cost_one_less():
    st = game(["egypt", "rome"])
    w = "colosseum"
    assert wonder_cost(st, 0, w) == st._c.wonders[w].cost - 1
    assert wonder_cost(st, 1, w) == st._c.wonders[w].cost


def test_china_reinforced_tokens_add_two_when_defending():
    st = game(["china", "rome"])
    t = land(st, lambda s: True)
    st.ctl[t] = 0
    plain = defense_value(st, "ctl", t, 0, 1)
    st.reinforced.add(t)
    assert defense_value(st, "ctl", t, 0, 1) == plain + 2
    st.ctl[t] = 1
    st.players[1].leader = "rome"
    assert defense_value(st, "ctl", t, 1, 0) == plain + 1


def test_japan_coastal_desert_and_mountain_are_difficulty_three_on_own_turn():
    st = game(["japan", "rome"])
    b = st.board
    m = land(st, lambda s: b.terrain[s] in ("mountain", "desert") and b.coastal[s])
    assert control_reason(st, 0, m, 3) is None
    assert control_reason(st, 1, m, 3) is not None  # not Japan
    st.current = 1
    assert control_reason(st, 0, m, 3) is not None  # not Japan's turn


def test_rome_caravans_start_from_any_city():
    from newdawn.engine.economy import caravan_starts

    st = game(["rome", "china"])
    c = land(st, lambda s: all(n not in st.cities for n in st.board.nbrs[s]) and s not in st.board.nbrs[st.capitals[0]])
    st.cities[c] = 0
    assert c in caravan_starts(st, 0)
    st.players[0].leader = "china"
    assert c not in caravan_starts(st, 0)


def test_georgia_slot_plus_one_with_matching_city_state_card():
    st = game(["georgia", "rome"])
    cs = next(c for c, v in st._c.city_states.items() if v.type == "science")
    assert effective_slot(st, 0, "science", 2) == 2
    st.players[0].dipl += ("cs:" + cs,)
    assert effective_slot(st, 0, "science", 2) == 3
    assert effective_slot(st, 0, "culture", 2) == 2


def _win_vs_barb(st):
    letter, at = sorted(st.barbs.items())[0]
    set_slot(st, 0, "military", 5)
    b = st.board
    src = next(n for n in b.nbrs[at] if not b.is_water[n] and n not in st.cities and n not in st.cs_at)
    clear_space(st, src)
    st.players[0].armies[0] = src
    st.forced_dice = [6, 1]
    st = fresh(st)
    st = resolve(st, "military")
    st = apply(st, Action("army", "0"))
    st = apply(st, Action("to", text(st, at)))
    while kinds(st)[-1] == "combat":
        st = apply(st, Action("accept"))
    return st


def test_sumeria_takes_a_resource_for_a_barbarian():
    st = _win_vs_barb(game(["sumeria", "rome"]))
    assert "any_resource" in kinds(st)
    st2 = _win_vs_barb(game(["rome", "sumeria"]))
    assert "any_resource" not in kinds(st2)


def test_zulu_trade_token_on_military_after_a_win():
    st = _win_vs_barb(game(["zulu", "rome"]))
    assert st.players[0].trade.get("military") == 1


def test_france_extra_culture_tokens_by_latest_wonder_era():
    st = game(["france", "rome"])
    assert [f for f in card_frames(st, 0, "early_empire", 2, 0) if f["kind"] == "place"][-1]["left"] == 2
    st.players[0].wonders = ("colosseum",)  # ancient
    extra = [f for f in card_frames(st, 0, "early_empire", 2, 0) if f["kind"] == "place"]
    assert len(extra) == 2 and extra[-1]["left"] == 1
    medieval = next(w for w, v in st._c.wonders.items() if v.era == "medieval")
    st.players[0].wonders += (medieval,)
    assert [f for f in card_frames(st, 0, "early_empire", 2, 0) if f["kind"] == "place"][-1]["left"] == 2
    assert len([f for f in card_frames(st, 0, "astrology", 2, 0) if f["kind"] == "place"]) == 0


# ---------------------------------------------------------------- leaders: decisions

def test_aztec_swap_after_military_reset_with_a_won_attack():
    st = _win_vs_barb(game(["aztec", "rome"]))
    st = apply(st, Action("trade", "military"))
    while kinds(st)[-1] != "fx_swap":
        st = apply(st, legal_actions(st)[-1])
    row = list(st.players[0].row)
    st = apply(st, Action("swap", "military+culture"))
    c = st._c
    types = [c.focus_cards[x].type for x in st.players[0].row]
    assert types.index("military") == [c.focus_cards[x].type for x in row].index("culture")


def test_aztec_no_swap_without_a_win():
    st = game(["aztec", "rome"])
    set_slot(st, 0, "military", 1)
    st = fresh(st)
    st = resolve(st, "military")
    st = apply(st, Action("done"))
    assert "fx_swap" not in kinds(st)


def test_inca_chains_a_token_next_to_a_mountain():
    from newdawn.engine.pieces import place_control

    st = game(["inca", "rome"])
    m = land(st, lambda s: st.board.terrain[s] == "mountain")
    place_control(st, 0, m)
    assert st.stack_frames[-1]["kind"] == "fx_mountain" and st.stack_frames[-1]["near"] == m
    st = fresh(st)
    assert opts(st, "place") and all(
        st.board.index[tuple(map(int, p.split(",")))] in st.board.nbrs[m] for p in opts(st, "place"))


def test_england_token_next_to_a_lone_city_on_its_tile():
    from newdawn.engine.industry import build_city

    st = game(["england", "rome"])
    b = st.board
    lone = land(st, lambda s: not any(b.tile_of[t] == b.tile_of[s] for t in st.cities)
                and all(n not in st.cities and n not in st.cs_at for n in b.nbrs[s]))
    build_city(st, 0, lone)
    assert st.stack_frames[-1]["kind"] == "fx_england"
    st = fresh(st)
    n = next(iter(opts(st, "place")))
    st = apply(st, Action("place", n))
    s = b.index[tuple(map(int, n.split(",")))]
    assert st.ctl[s] == 0
    assert (s in st.reinforced) == any(e.bool("reinforced") for e in st._c.leaders["england"].effects)


def test_nubia_resolves_a_district_after_growth_reset():
    st = game(["nubia", "rome"])
    s = land(st, lambda s: s in st.board.nbrs[st.capitals[0]])
    st.ctl[s] = 0
    st.district[s] = "campus"
    set_slot(st, 0, "growth", 1)
    st = fresh(st)
    st = resolve(st, "growth")
    while kinds(st)[-1] != "fx_nubia":
        st = apply(st, legal_actions(st)[-1])
    assert opts(st, "district") == {text(st, s)}


def test_ottoman_hands_ibrahim_and_fights_its_holder_at_plus_two():
    st = game(["ottoman", "rome", "china"])
    push(st, {"kind": "start_of_turn", "seat": 0})
    st = fresh(st)
    assert kinds(st)[-1] == "fx_ibrahim"
    st = apply(st, Action("give", "1"))
    g = land(st, lambda s: True)
    assert attack_value(st, atk_frame(0, g), "city", 1) == 3 + 2
    assert attack_value(st, atk_frame(0, g), "city", 2) == 3


def test_poland_takes_a_card_on_first_turn_and_may_hold_several():
    from newdawn.engine.economy import take_player_card

    st = game(["poland", "rome", "china"])
    push(st, {"kind": "start_of_turn", "seat": 0})
    st = fresh(st)
    assert kinds(st)[-1] == "fx_poland"
    st = apply(st, Action("dipl", "1:embassy"))
    take_player_card(st, 0, 1, "joint_war")
    assert {"p1:embassy", "p1:joint_war"} <= set(st.players[0].dipl)
    take_player_card(st, 0, 2, "embassy")
    take_player_card(st, 0, 2, "joint_war")
    assert "p2:embassy" not in st.players[0].dipl  # one card from any other player
    push(st, {"kind": "start_of_turn", "seat": 0})
    st = fresh(st)
    assert kinds(st)[-1] != "fx_poland"  # only on the first turn


def test_shipbuilding_unlocks_two_caravans_and_moves_on_water():
    st = game(["indonesia", "rome"])
    gain_card(st, 0, "shipbuilding")
    assert st.players[0].caravans.count(ON_CARD) == 2
    f = card_frames(st, 0, "shipbuilding", 2, 0)[0]
    assert (f["kind"], f["move"], f["water"]) == ("caravans", 4, True)


def _explore_with_caravan(st, fx):
    from newdawn.engine.explore import can_explore

    b = st.board
    here = next(s for s in range(b.n) if can_explore(st, s) and not b.is_water[s] and s not in st.cities)
    st.players[0].caravans[0] = here
    if fx:
        gain_card(st, 0, "shipbuilding")
        card_frames(st, 0, "shipbuilding", 3, 0)  # resolving the card makes its effect active
    push(st, {"kind": "caravan_step", "seat": 0, "figure": 0, "left": 4, "explored": False, "slot": 3, "water": True, "barb": "none"})
    st = fresh(st)
    return apply(st, Action("explore")), here


def test_shipbuilding_lays_a_water_token_before_a_caravan_explores():
    """Shipbuilding: before one of your caravans explores, you may lay a water token touching
    its space; it becomes a water space of the map, then the tile is drawn as usual."""
    st = game(["indonesia", "rome"])
    without, _ = _explore_with_caravan(st.copy(), fx=False)
    assert kinds(without)[-1] != "fx_ship_water"
    st, here = _explore_with_caravan(st, fx=True)
    assert kinds(st)[-1] == "fx_ship_water"
    spots = opts(st, "water")
    assert spots
    n, stack = st.board.n, len(st.stack)
    spot = sorted(spots)[0]
    st = apply(st, Action("water", spot))
    q, r = (int(x) for x in spot.split(","))
    w = st.board.index[(q, r)]
    assert st.board.is_water[w] and w in st.board.nbrs[here]
    assert st.board.n >= n + 1 and len(st.stack) <= stack  # the explorer drew its tile


def test_astronomy_places_one_of_two_bottom_tiles_next_to_the_capital_tile():
    """Astronomy: look at the 2 bottom tiles, place one as if exploring from an edge space of
    your capital tile, put the other back on top or bottom; then the dial advances."""
    st = game(["poland", "rome"])
    gain_card(st, 0, "astronomy")
    frames = card_frames(st, 0, "astronomy", 2, 0)
    assert [f["kind"] for f in frames] == ["fx_astronomy", "dial"]
    push(st, {"kind": "fx_astronomy", "seat": 0})
    st = fresh(st)
    bottom, second = st.stack[-1], st.stack[-2]
    tiles = [a for a in legal_actions(st) if a.verb == "tile"]
    assert tiles and {a.arg.partition(":")[0] for a in tiles} <= {"1", "2"}
    b = st.board
    cap_tile = b.tile_of[st.capitals[0]]
    n, size = b.n, len(st.stack)
    pick = next(a for a in tiles if a.arg.startswith("2:"))
    st = apply(st, pick)
    assert st.board.n >= n + 10 and len(st.stack) == size - 1 and second not in st.stack
    new = range(n, n + 10)
    assert any(t in st.board.nbrs[s] for s in range(n) if b.tile_of[s] == cap_tile for t in new)
    assert kinds(st)[-1] == "fx_astronomy_rest" and opts(st, "top") == {"1"}
    st = apply(st, Action("top", "1"))
    assert st.stack[0] == bottom and kinds(st)[-1] != "fx_astronomy_rest"


def test_astronomy_puts_both_tiles_back_in_the_chosen_order():
    st = game(["poland", "rome"])
    push(st, {"kind": "fx_astronomy", "seat": 0})
    st = fresh(st)
    first, second = st.stack[-1], st.stack[-2]
    st = apply(st, Action("none"))
    st = apply(st, Action("bottom", "2"))  # the second tile is drawn next
    st = apply(st, Action("top", "1"))
    assert st.stack[-1] == second and st.stack[0] == first


def _first(st, card, slot=3):
    return card_frames(st, 0, card, slot, 0)[0]


def test_horseback_riding_armies_move_six_at_slot_value():
    st = game(["scythia", "rome"])
    f = _first(st, "horseback_riding")
    assert (f["kind"], f["move"], f["water"], f["combat"]) == ("armies", 6, False, 0)


def test_scorched_earth_armies_move_four():
    st = game(["zulu", "rome"])
    gain_card(st, 0, "scorched_earth")
    f = _first(st, "scorched_earth")
    assert (f["kind"], f["move"], f["combat"]) == ("armies", 4, 0)
    assert st.players[0].armies.count(ON_CARD) == 2


def test_cartography_caravans_move_six_over_water():
    st = game(["netherlands", "rome"])
    f = _first(st, "cartography")
    assert (f["kind"], f["move"], f["water"]) == ("caravans", 6, True)


def test_astronomy_advances_the_dial_by_the_slot():
    st = game(["poland", "rome"])
    fs = card_frames(st, 0, "astronomy", 3, 0)
    assert [f for f in fs if f["kind"] == "dial"][0]["steps"] == 3


# Effects with no implementation yet: each must be marked missing in docs/rules-coverage.md.
MISSING: set[str] = set()


def test_every_leader_unique_card_and_diplomacy_card_has_a_test():
    """Meta-test: each id of leaders.json, the unique cards, city_states.json and
    player_diplomacy.json names a test here or in test_diplomacy.py, unless it is listed in
    MISSING and marked missing in the coverage table."""
    import re

    here = Path(__file__).resolve().parent
    names = " ".join(re.findall(r"^def (test_\w+)", (here / "test_leaders.py").read_text()
                                + (here / "test_diplomacy.py").read_text(), re.M))
    st = game(["rome", "china"])
    c = st._c
    ids = [*c.leaders, *(k for k, v in c.focus_cards.items() if v.unique_of), *c.city_states,
           *c.player_diplomacy]
    untested = {i for i in ids if f"_{i}_" not in names}
    assert untested == MISSING
    docs = (here.parents[1] / "docs" / "rules-coverage.md").read_text()
    for i in MISSING:
        row = next(line for line in docs.splitlines()
                   if line.lower().startswith(f"| {i.replace('_', ' ')} |"))
        assert "**missing**" in row


def test_indonesia_armies_and_caravans_enter_water():
    from newdawn.engine.economy import _terrain_reason
    from newdawn.engine.military import army_enter_reason

    st = game(["indonesia", "rome"])
    w = next(s for s in range(st.board.n) if st.board.is_water[s])
    f = {"seat": 0, "slot": 5, "water": False, "barb": "none"}
    assert army_enter_reason(st, f, w) is None
    assert _terrain_reason(st, f, w, set()) is None
    g = {**f, "seat": 1}
    assert army_enter_reason(st, g, w) is not None
    assert _terrain_reason(st, g, w, set()) is not None


def test_indonesia_caravans_treat_map_edge_water_spaces_as_adjacent():
    """Indonesia: for caravan movement, water spaces on the map edge are adjacent to one
    another; other seats' caravans (even on a water card) only step to neighbours."""
    from newdawn.engine.economy import caravan_step_options

    st = game(["indonesia", "rome"])
    b = st.board
    ew = [s for s in range(b.n) if b.is_water[s] and b.edge[s]]
    here, far = next((x, y) for x in ew for y in ew if x != y and y not in b.nbrs[x])
    for seat, ok in ((0, True), (1, False)):
        ps = st.players[seat]
        ps.caravans[0] = here
        f = {"kind": "caravan_step", "seat": seat, "figure": 0, "left": 3, "explored": False, "slot": 5,
             "water": True, "barb": "none"}
        dests = {a.arg for a in caravan_step_options(st, f) if a.verb == "to"}
        q, r = b.coords[far]
        assert (f"{q},{r}" in dests) is ok
        ps.caravans[0] = ON_CARD


def test_netherlands_water_next_to_districts_counts_for_district_abilities():
    from newdawn.engine.districts import count_near

    st = game(["netherlands", "rome"])
    b = st.board
    s = land(st, lambda s: any(b.is_water[n] for n in b.nbrs[s]))
    st.ctl[s] = 0
    st.district[s] = "campus"
    waters = sum(1 for n in b.nbrs[s] if b.is_water[n])
    plain = sum(1 for t in (s, *b.nbrs[s]) if (st.ctl.get(t) == 0 or st.cities.get(t) == 0)
                and b.terrain[t] in ("mountain", "natural_wonder"))
    assert count_near(st, 0, s, ("mountain", "natural_wonder")) == plain + waters
    st.players[0].leader = "rome"
    assert count_near(st, 0, s, ("mountain", "natural_wonder")) == plain


def test_military_engineering_sets_armies_in_cities_and_reinforces_around_them():
    st = game(["rome", "china"])
    gain_card(st, 0, "military_engineering")
    cap = st.capitals[0]
    n = land(st, lambda s: s in st.board.nbrs[cap])
    st.ctl[n] = 0
    far = land(st, lambda s: s not in st.board.nbrs[cap] and s != cap, avoid={n})
    st.ctl[far] = 0
    push(st, {"kind": "fx_mil_eng", "seat": 0})
    st = fresh(st)
    assert opts(st, "army") == {text(st, cap)}
    st = apply(st, Action("army", text(st, cap)))
    assert st.players[0].armies[0] == cap
    st = apply(st, Action("done"))
    assert n in st.reinforced and far not in st.reinforced


def test_mysticism_moves_a_token_next_to_the_new_district():
    st = game(["aztec", "rome"])
    assert "mysticism" in st.players[0].row
    cap = st.capitals[0]
    b = st.board
    d = land(st, lambda s: s in b.nbrs[cap] and b.diff[s] <= 2)
    tok = land(st, lambda s: s in b.nbrs[d] and s != cap, avoid={d})
    st.ctl[tok] = 0
    push(st, {"kind": "fx_mysticism", "seat": 0, "had": []})
    st.ctl[d] = 0
    st.district[d] = "campus"
    st = fresh(st)
    moves = opts(st, "move")
    assert moves and all(m.startswith(text(st, tok) + ">") for m in moves)
    m = sorted(moves)[0]
    st = apply(st, Action("move", m))
    dest = b.index[tuple(map(int, m.split(">")[1].split(",")))]
    assert st.ctl.get(dest) == 0 and tok not in st.ctl and dest in b.nbrs[d]


def test_america_puts_a_natural_wonder_on_a_card_and_spends_it_as_trade():
    from newdawn.engine.flow import spend, spendable
    from newdawn.engine.pieces import place_control

    st = game(["america", "rome"])
    b = st.board
    s = land(st, lambda s: True)
    st.tokens[s] = "nw:" + next(iter(st._c.natural_wonders))
    place_control(st, 0, s)
    assert st.stack_frames[-1]["kind"] == "fx_america"
    st = fresh(st)
    st = apply(st, Action("nw", "culture"))
    assert spendable(st, 0, "culture") == 1 and spendable(st, 0, "science") == 0
    spend(st, 0, "culture", 1)
    assert spendable(st, 0, "culture") == 0  # once per turn, like a city-state token
    assert st.players[0].nws  # the token stays
    st.players[0].leader = "rome"
    st.turn = {}
    assert spendable(st, 0, "culture") == 0
    assert b.n > 0


def test_ottoman_ibrahim_holders_caravan_at_an_ottoman_city_gives_both_a_token():
    from newdawn.engine.economy import arrive

    st = game(["rome", "ottoman"])
    st.players[1].flags["ibrahim"] = 1  # seat 0 holds Ibrahim
    st.players[0].caravans[0] = st.capitals[1]
    arrive(st, 0, 0, st.capitals[1])
    seats = [f["seat"] for f in st.stack_frames if f["kind"] == "trade_place" and f["left"] == 1]
    assert seats[-2:] == [1, 0]
    st.stack_frames = [f for f in st.stack_frames if f["kind"] not in ("trade_place", "dipl_take")]
    st.players[1].flags["ibrahim"] = 0
    arrive(st, 0, 0, st.capitals[1])
    assert [f["seat"] for f in st.stack_frames if f["kind"] == "trade_place"] == [0]


def _beat_token(st):
    from newdawn.engine.military import resolve_combat

    t = land(st, lambda s: True)
    st.ctl[t] = 1
    st.players[0].armies[0] = t
    f = {"attacker": 0, "seat": 0, "space": t, "target": "ctl", "defender": 1, "figure": 0, "slot": 3,
         "water": False, "combat": 0, "vs_barbarian": 0, "passes": [],
         "attack_die": 6, "defence_die": 1, "attack_base": 5, "defence_base": 0, "attack_plus": 0, "defence_plus": 0}
    resolve_combat(st, f)
    return t


def test_scorched_earth_razes_a_beaten_token_once_per_turn_and_the_army_goes_on():
    st = game(["zulu", "rome"])
    st.turn["fx"] = ["scorched_earth"]
    t = _beat_token(st)
    assert st.stack_frames[-1]["kind"] == "fx_raze"
    st = fresh(st)
    st = apply(st, Action("raze"))
    assert t not in st.ctl
    assert st.stack_frames[-1]["kind"] == "army_step" and st.stack_frames[-1]["left"] == 4
    st2 = game(["zulu", "rome"])
    st2.turn = {"fx": ["scorched_earth"], "once": ["raze"]}
    t2 = _beat_token(st2)
    assert st2.ctl[t2] == 0  # second time this turn: replaced as usual


def test_without_scorched_earth_a_beaten_token_is_replaced():
    st = game(["zulu", "rome"])
    t = _beat_token(st)
    assert st.ctl[t] == 0


def test_cartography_city_near_a_distant_rival_city_once_per_turn():
    from newdawn.engine import hooks
    from newdawn.engine.industry import city_reason
    from newdawn.engine.spaces import within

    st = game(["netherlands", "rome", "china", "egypt"])
    near = within(st, [st.capitals[0]], 7)
    far = next(s for s in range(st.board.n) if s not in near and city_reason(st, 1, s, None) is None)
    close = next(s for s in near if s not in st.board.nbrs[st.capitals[0]] and s != st.capitals[0]
                 and city_reason(st, 1, s, None) is None and far not in within(st, [s], 2))
    st.cities[far] = 1
    st.cities[close] = 1
    hooks.fire("after_arrival", st, 0, far, 1)
    assert st.stack_frames[-1]["kind"] != "fx_cartography"  # not resolving Cartography
    st.turn["fx"] = ["cartography"]
    hooks.fire("after_arrival", st, 0, close, 1)
    assert st.stack_frames[-1]["kind"] != "fx_cartography"  # closer than 8
    hooks.fire("after_arrival", st, 0, far, 1)
    assert st.stack_frames[-1]["kind"] == "fx_cartography"
    st = fresh(st)
    spot = sorted(opts(st, "city"))[0]
    s = st.board.index[tuple(map(int, spot.split(",")))]
    assert s in within(st, [far], 2)
    st = apply(st, Action("city", spot))
    assert st.cities[s] == 0
    hooks.fire("after_arrival", st, 0, far, 1)
    assert st.stack_frames[-1]["kind"] != "fx_cartography"  # once per turn


def test_inca_chain_stops_when_no_control_token_is_left():
    from newdawn.engine.spaces import unused_control

    st = game(["inca", "rome"])
    m = land(st, lambda s: st.board.terrain[s] == "mountain")
    push(st, {"kind": "fx_mountain", "seat": 0, "near": m})
    assert opts(fresh(st), "place")  # with tokens left, the chain is offered
    st.claims["populous"] = [0] * unused_control(st, 0)  # the rest sit on agenda cards
    st = fresh(st)
    assert unused_control(st, 0) <= 0 and not opts(st, "place")
