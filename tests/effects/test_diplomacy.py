"""City-state and player diplomacy cards (content.md §4-5; FAQ). Each test builds a real game
past setup, hands a seat a card, and checks its effect (and that it does nothing without it)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from helpers import clear_space, fresh, kinds, land, opts, text  # noqa: E402
from test_leaders import atk_frame, game  # noqa: E402

from newdawn.engine import apply, hooks, legal_actions  # noqa: E402
from newdawn.engine.actions import Action  # noqa: E402
from newdawn.engine.flow import push  # noqa: E402
from newdawn.engine.industry import city_reason, wonder_cost  # noqa: E402
from newdawn.engine.military import army_enter_reason, attack_value, defense_value  # noqa: E402
from newdawn.engine.spaces import control_reason, is_mature  # noqa: E402
from newdawn.engine.state import without

PLAIN = ["rome", "china", "egypt"]  # leaders without effects on the tested numbers


def test_own_and_absent_cards_give_nothing():
    st = game(PLAIN)
    assert hooks.diplomacy_handlers(st, []) == ()
    st.players[0].dipl = ("p1:joint_war", "p2:joint_war", "cs:kabul")
    assert hooks.diplomacy_handlers(st, st.players[0].dipl) == ("joint_war", "kabul")
    assert "joint_war" not in hooks.active_handlers(st, 1)


# ---------------------------------------------------------------- city-states: passive

def test_kumasi_forest_is_difficulty_one_while_resolving_culture_or_industry():
    st = game(PLAIN)
    fo = land(st, lambda s: st.board.terrain[s] == "forest")
    st.players[0].dipl += ("cs:kumasi",)
    assert control_reason(st, 0, fo, 1) is not None  # nothing being resolved
    st.stack_frames.append({"kind": "reset", "seat": 0, "type": "culture"})
    assert control_reason(st, 0, fo, 1) is None
    st.stack_frames[-1] = {"kind": "reset", "seat": 0, "type": "growth"}
    assert control_reason(st, 0, fo, 1) is not None


def test_mohenjo_daro_every_space_one_easier_for_control_tokens():
    st = game(PLAIN)
    h = land(st, lambda s: st.board.terrain[s] == "hills")
    assert control_reason(st, 0, h, 1) is not None
    st.players[0].dipl += ("cs:mohenjo_daro",)
    assert control_reason(st, 0, h, 1) is None
    assert control_reason(st, 1, h, 1) is not None


def test_auckland_spaces_next_to_water_are_difficulty_one_for_cities():
    st = game(PLAIN)
    b = st.board
    s = land(st, lambda s: b.diff[s] >= 2 and any(b.is_water[n] for n in b.nbrs[s])
             and all(n not in st.cities and n not in st.cs_at and not b.is_fort[n] for n in b.nbrs[s]))
    assert city_reason(st, 0, s, 1) is not None
    st.players[0].dipl += ("cs:auckland",)
    assert city_reason(st, 0, s, 1) is None


def test_buenos_aires_two_less_for_a_new_wonder_type():
    st = game(PLAIN)
    w = "colosseum"
    cost = st._c.wonders[w].cost
    st.players[0].dipl += ("cs:buenos_aires",)
    assert wonder_cost(st, 0, w) == cost - 2
    same = next(x for x, v in st._c.wonders.items() if v.type == st._c.wonders[w].type and x != w)
    st.players[0].wonders += (same,)
    assert wonder_cost(st, 0, w) == cost


def test_brussels_one_less_per_mature_city():
    st = game(PLAIN)
    cap = st.capitals[0]
    st.players[0].dipl += ("cs:brussels",)
    cost = st._c.wonders["colosseum"].cost
    assert wonder_cost(st, 0, "colosseum") == cost
    for n in st.board.nbrs[cap]:
        if not st.board.is_water[n]:
            clear_space(st, n)
            st.ctl[n] = 0
    assert wonder_cost(st, 0, "colosseum") == cost - 1


def test_kabul_plus_three_attacking_a_city():
    st = game(PLAIN)
    g = land(st, lambda s: True)
    base = attack_value(st, atk_frame(0, g), "city", 1)
    st.players[0].dipl += ("cs:kabul",)
    assert attack_value(st, atk_frame(0, g), "city", 1) == base + 3
    assert attack_value(st, atk_frame(0, g), "ctl", 1) == base


def test_carthage_counts_city_states_and_own_cities_within_two():
    st = game(PLAIN)
    cs_space = sorted(st.cs_at)[0]
    st.players[0].dipl += ("cs:carthage",)
    base = attack_value(st, atk_frame(0, cs_space), "cs", -1)
    st.players[0].dipl = without(st.players[0].dipl, "cs:carthage")
    plain = attack_value(st, atk_frame(0, cs_space), "cs", -1)
    assert base >= plain + 1  # the defending city-state counts itself (FAQ)
    t = land(st, lambda s: True)
    st.ctl[t] = 0
    st.players[0].dipl += ("cs:carthage",)
    from newdawn.engine.spaces import within

    near = within(st, [t], 2)
    expect = sum(1 for x in near if x in st.cs_at or st.cities.get(x) == 0)
    st.players[0].dipl = without(st.players[0].dipl, "cs:carthage")
    d0 = defense_value(st, "ctl", t, 0, 1)
    st.players[0].dipl += ("cs:carthage",)
    assert defense_value(st, "ctl", t, 0, 1) == d0 + expect


# ---------------------------------------------------------------- city-states: start of turn

def test_seoul_moves_a_barbarian_to_an_adjacent_empty_land_space():
    st = game(PLAIN)
    st.players[0].dipl += ("cs:seoul",)
    push(st, {"kind": "start_of_turn", "seat": 0})
    st = fresh(st)
    assert kinds(st)[-1] == "fx_seoul"
    move = next(a for a in opts(st, "barb"))
    letter, _, where = move.partition(">")
    st = apply(st, Action("barb", move))
    assert text(st, st.barbs[letter]) == where
    assert not st.board.is_water[st.barbs[letter]]


def test_geneva_exchanges_a_player_card():
    st = game(PLAIN)
    st.players[0].dipl += ("p1:embassy",)
    st.players[1].own_dipl = without(st.players[1].own_dipl, "embassy")
    st.players[0].dipl += ("cs:geneva",)
    push(st, {"kind": "start_of_turn", "seat": 0})
    st = fresh(st)
    assert kinds(st)[-1] == "fx_geneva"
    st = apply(st, Action("exchange", "p1:embassy>joint_war"))
    assert "p1:joint_war" in st.players[0].dipl and "p1:embassy" not in st.players[0].dipl
    assert "embassy" in st.players[1].own_dipl and "joint_war" not in st.players[1].own_dipl


def test_no_start_of_turn_step_without_cards():
    st = game(PLAIN)
    push(st, {"kind": "start_of_turn", "seat": 0})
    st = fresh(st)
    assert kinds(st)[-1] not in ("fx_seoul", "fx_geneva")


# ---------------------------------------------------------------- player diplomacy cards

def test_joint_war_plus_two_attacking_anyone_but_its_giver():
    st = game(PLAIN)
    g = land(st, lambda s: True)
    base = attack_value(st, atk_frame(0, g), "city", 2)
    st.players[0].dipl += ("p1:joint_war",)
    assert attack_value(st, atk_frame(0, g), "city", 2) == base + 2
    assert attack_value(st, atk_frame(0, g), "city", 1) == base


def test_defensive_pact_plus_two_defending_unless_the_giver_attacks():
    st = game(PLAIN)
    t = land(st, lambda s: True)
    st.ctl[t] = 0
    base = defense_value(st, "ctl", t, 0, 2)
    st.players[0].dipl += ("p1:defensive_pact",)
    assert defense_value(st, "ctl", t, 0, 2) == base + 2
    assert defense_value(st, "ctl", t, 0, 1) == base


def test_embassy_at_givers_capital_before_the_card_may_go_back():
    st = game(PLAIN)
    st.players[0].dipl += ("p1:embassy",)
    st.players[1].own_dipl = without(st.players[1].own_dipl, "embassy")
    st.players[1].trade = {"culture": 3}
    from newdawn.engine.economy import arrive

    st.players[0].caravans[0] = st.capitals[1]
    arrive(st, 0, 0, st.capitals[1])
    assert kinds(st)[-4:] == ["dipl_take", "trade_place", "any_resource", "fx_embassy"]
    st = fresh(st)
    assert "culture" not in opts(st, "trade")  # a card with fewer than 3 tokens (FAQ)
    st = apply(st, Action("trade", "science"))
    assert st.players[1].trade["science"] == 1
    st = apply(st, Action("take", "marble"))
    assert st.players[0].resources["marble"] == 1


def test_embassy_nothing_at_a_non_capital_city():
    st = game(PLAIN)
    st.players[0].dipl += ("p1:embassy",)
    c = land(st, lambda s: True)
    st.cities[c] = 1
    hooks.fire("after_arrival", st, 0, c, 1)
    assert "fx_embassy" not in kinds(st)


def test_open_borders_givers_tokens_count_for_maturity():
    st = game(PLAIN)
    cap = st.capitals[0]
    land_n = [n for n in st.board.nbrs[cap] if not st.board.is_water[n]]
    for n in land_n:
        clear_space(st, n)
        st.ctl[n] = 0
    st.ctl[land_n[0]] = 1
    assert not is_mature(st, 0, cap)
    st.players[0].dipl += ("p1:open_borders",)
    assert is_mature(st, 0, cap)
    st.ctl[land_n[0]] = 2
    assert not is_mature(st, 0, cap)


def test_non_aggression_pact_forbids_attacking_the_giver():
    st = game(PLAIN)
    t = land(st, lambda s: st.board.diff[s] <= 3)
    st.ctl[t] = 1
    f = {"seat": 0, "slot": 5, "water": False}
    assert army_enter_reason(st, f, t) is None
    st.players[0].dipl += ("p1:non_aggression_pact",)
    assert army_enter_reason(st, f, t) is not None
    st.ctl[t] = 2
    assert army_enter_reason(st, f, t) is None


def _army_into_rival_token(with_akkad):
    from helpers import set_slot
    from test_leaders import resolve

    st = game(PLAIN)
    b = st.board
    t = land(st, lambda s: b.diff[s] <= 2)
    src = land(st, lambda s: s in b.nbrs[t] and b.diff[s] <= 2)
    st.ctl[t] = 1
    st.players[0].armies[0] = src
    if with_akkad:
        st.players[0].dipl += ("cs:akkad",)
    set_slot(st, 0, "military", 5)
    st.forced_dice = [6, 1]
    st = fresh(st)
    st = resolve(st, "military")
    st = apply(st, Action("army", "0"))
    return apply(st, Action("to", text(st, t)))


def test_akkad_armies_pass_rival_control_tokens():
    assert kinds(_army_into_rival_token(True))[-1] == "army_step"
    assert kinds(_army_into_rival_token(False))[-1] != "army_step"


def test_non_aggression_pact_lets_the_attacked_holder_swap_its_military_card():
    from newdawn.engine.military import resolve_combat

    st = game(PLAIN)
    t = land(st, lambda s: True)
    st.ctl[t] = 1
    st.players[1].dipl += ("p0:non_aggression_pact",)
    st.players[0].own_dipl = without(st.players[0].own_dipl, "non_aggression_pact")
    st.players[0].armies[0] = t
    f = {"attacker": 0, "space": t, "target": "ctl", "defender": 1, "figure": 0,
         "attack_die": 1, "defence_die": 6, "attack_base": 0, "defence_base": 0, "attack_plus": 0, "defence_plus": 0}
    resolve_combat(st, f)
    assert st.stack_frames[-1]["kind"] == "fx_nap" and st.stack_frames[-1]["seat"] == 1
    st = fresh(st)
    c = st._c
    before = [c.focus_cards[x].type for x in st.players[1].row]
    st = apply(st, Action("swap", "science"))
    after = [c.focus_cards[x].type for x in st.players[1].row]
    assert after.index("military") == before.index("science")
    assert "p0:non_aggression_pact" not in st.players[1].dipl
    assert "non_aggression_pact" in st.players[0].own_dipl


def test_palenque_resources_spent_as_trade_tokens():
    from newdawn.engine.flow import spend, spendable

    st = game(PLAIN)
    st.players[0].resources = {"oil": 2, "marble": 1}
    st.players[0].trade = {"science": 1}
    assert spendable(st, 0, "science") == 1
    st.players[0].dipl += ("cs:palenque",)
    assert spendable(st, 0, "science") == 4
    spend(st, 0, "science", 3)
    assert st.players[0].trade["science"] == 0 and sum(st.players[0].resources.values()) == 1
    assert st.players[0].resources == {"oil": 1, "marble": 0}  # most plentiful kind first
    st.players[0].resources = {"oil": 3}
    assert spendable(st, 0, "industry") == 0


def test_antananarivo_counts_as_your_city_for_placing_on_your_turn():
    from newdawn.engine.spaces import place_targets

    st = game(PLAIN)
    b = st.board
    s = land(st, lambda s: all(n not in st.cities for n in b.nbrs[s])
             and all(n not in st.board.nbrs[st.capitals[0]] for n in b.nbrs[s]) and s != st.capitals[0])
    st.cs_at[s] = "antananarivo"
    n = land(st, lambda t: t in b.nbrs[s] and b.diff[t] <= 5)
    assert n not in place_targets(st, 0, "city", 5)
    st.players[0].dipl += ("cs:antananarivo",)
    assert n in place_targets(st, 0, "city", 5)
    st.current = 1
    assert n not in place_targets(st, 0, "city", 5)


def test_open_borders_givers_pieces_count_for_district_abilities():
    from newdawn.engine.districts import count_near

    st = game(PLAIN)
    b = st.board
    s = land(st, lambda s: True)
    st.ctl[s] = 0
    st.district[s] = "campus"
    t = land(st, lambda t: t in b.nbrs[s], avoid={s})
    st.ctl[t] = 1
    terr = (b.terrain[t],)
    base = count_near(st, 0, s, terr)
    st.players[0].dipl += ("p1:open_borders",)
    assert count_near(st, 0, s, terr) == base + 1


def test_auckland_counts_city_range_through_water():
    from newdawn.engine.industry import city_targets

    for seed in range(1, 30):
        st = game(PLAIN, seed)
        wet = city_targets(st, 0, 5, 3, True)
        dry = city_targets(st, 0, 5, 3, False)
        if wet != dry:
            break
    else:
        raise AssertionError("no position where water matters")
    st.players[0].dipl += ("cs:auckland",)
    assert city_targets(st, 0, 5, 3, False) == wet


def _antananarivo(st):
    """A land space made Antananarivo, with an easy empty land neighbour for an army."""
    b = st.board
    s = land(st, lambda s: all(n not in st.cities and n not in st.cs_at for n in b.nbrs[s])
             and len(b.nbrs[s]) == 6 and all(not b.is_water[n] for n in b.nbrs[s]))
    st.cs_at[s] = "antananarivo"
    for n in b.nbrs[s]:
        clear_space(st, n)
        for ps in st.players:
            ps.armies = [-1 if x == n else x for x in ps.armies]  # -1: on the card
            ps.caravans = [-1 if x == n else x for x in ps.caravans]
    return s


def _army_into(st, s):
    from newdawn.engine.state import ON_CARD

    a = st.board.nbrs[s][0]
    st.players[0].armies = [a, *[ON_CARD] * (len(st.players[0].armies) - 1)]
    push(st, {"kind": "army_step", "seat": 0, "figure": 0, "left": 3, "explored": False, "prev": a, "slot": 5, "water": False, "combat": 0, "vs_barbarian": 0, "passes": []})
    st = fresh(st)
    return apply(st, Action("to", text(st, s))), a


def test_antananarivo_your_armies_pass_it_on_your_turn_but_may_not_end_there():
    """Antananarivo: on your turn it is your city, so your army entering it does not attack;
    it may go on, and stopping there sends it back to its card (it may not end its move
    there); after an attack from it the army does not fall back into it."""
    from newdawn.engine.state import ON_CARD

    st = game(PLAIN)
    s = _antananarivo(st)
    attacked, _ = _army_into(st.copy(), s)
    assert kinds(attacked)[-1] != "army_step"  # without the card: the city-state is attacked
    st.players[0].dipl += ("cs:antananarivo",)
    st, a = _army_into(st, s)
    f = st.stack_frames[-1]
    assert f["kind"] == "army_step" and st.players[0].armies[0] == s and f["prev"] == a
    assert Action("stop") in legal_actions(st)
    stopped = apply(st, Action("stop"))
    assert stopped.players[0].armies[0] == ON_CARD
    moved = apply(st, Action("to", text(st, st.board.nbrs[s][1])))
    assert moved.players[0].armies[0] == st.board.nbrs[s][1]


def test_antananarivo_armies_leave_from_it_when_mature_caravans_do_not():
    from newdawn.engine.economy import caravan_starts
    from newdawn.engine.military import army_starts

    st = game(PLAIN)
    s = _antananarivo(st)
    st.players[0].dipl += ("cs:antananarivo",)
    assert s not in army_starts(st, 0)
    for n in st.board.nbrs[s]:
        st.ctl[n] = 0
    assert s in army_starts(st, 0) and s not in caravan_starts(st, 0)
    st.current = 1
    assert s not in army_starts(st, 0)
