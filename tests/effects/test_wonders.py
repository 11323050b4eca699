"""World wonder effects (content.md §3; FAQ "Wonders"). Each test builds a real game past
setup, sets pieces by hand, gives a seat the wonder and checks one printed effect; most
compare the same position with and without the wonder, so the test fails if the effect is
removed or gets a wrong number."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from helpers import clear_space, fresh, kinds, land, opts  # noqa: E402
from helpers import text as coord  # noqa: E402

from newdawn.engine import (  # noqa: E402
    apply,
    hooks,  # noqa: E402
    legal_actions,
    new_game,
)
from newdawn.engine.actions import Action  # noqa: E402
from newdawn.engine.economy import arrive, take_player_card  # noqa: E402
from newdawn.engine.events import barbarian_step  # noqa: E402
from newdawn.engine.flow import effective_slot, push  # noqa: E402
from newdawn.engine.military import attack_value, defense_value, occupy  # noqa: E402
from newdawn.engine.spaces import is_mature  # noqa: E402
from newdawn.engine.state import ON_CARD, without  # noqa: E402

# Leaders whose abilities touch none of the situations below.
LEADERS = ["sumeria", "netherlands"]


def game(seed: int = 1):
    """Past setup, seat 0 to move, its focus decision on top, no government."""
    st = new_game({"players": 2, "leaders": LEADERS}, seed)
    while st.stack_frames[-1]["kind"].startswith("setup"):
        st = apply(st, legal_actions(st)[0])
    st.current = 0
    st.stack_frames = [{"kind": "end_turn", "seat": 0}, {"kind": "focus", "seat": 0}]
    for ps in st.players:
        ps.gov = ""
    return fresh(st)


def give(st, seat, *wonders):
    for w in wonders:
        st.players[seat].wonders += (w,)


def clear_figures(st, s):
    for ps in st.players:
        ps.armies = [ON_CARD if a == s else a for a in ps.armies]
        ps.caravans = [ON_CARD if a == s else a for a in ps.caravans]


def run_hook(st, point, seat, *args):
    """Fire a hook point the way the engine does, then run automatic steps."""
    hooks.fire(point, st, seat, *args)
    return fresh(st)


def attack(st, seat, s, dseat, target="ctl"):
    f = {"slot": 3, "combat": 0, "vs_barbarian": 0, "space": s, "seat": seat}
    return attack_value(st, f, target, dseat)


# ---------------------------------------------------------------- 1. combat bonuses

@pytest.mark.parametrize(("wonder", "att", "dfn"), [
    ("terracotta_army", 2, 0), ("alhambra", 2, 2), ("ruhr_valley", 0, 5), ("petra", 0, 2),
    ("pentagon", 2, 0), ("pentagon_base", 2, 0),
])
def test_flat_combat_bonuses(wonder, att, dfn):
    st = game()
    s = land(st)
    st.ctl[s] = 1
    a0, d0 = attack(st, 0, s, 1), defense_value(st, "ctl", s, 1, 0)
    a1_before = attack(st, 1, s, 0)
    give(st, 0, wonder)
    give(st, 1, wonder)
    assert attack(st, 0, s, 1) - a0 == att
    assert defense_value(st, "ctl", s, 1, 0) - d0 == dfn
    assert attack(st, 1, s, 0) - a1_before == att


def test_big_ben_two_per_adjacent_caravan_attacking_and_defending():
    st = game()
    s = land(st)
    st.ctl[s] = 1
    nb = [n for n in st.board.nbrs[s] if not st.board.is_water[n]][:2]
    base_a = attack(st, 0, s, 1)
    give(st, 0, "big_ben")
    assert attack(st, 0, s, 1) == base_a  # no caravan next to the space
    st.players[0].caravans[0] = nb[0]
    st.players[0].caravans[1] = nb[1]
    assert attack(st, 0, s, 1) - base_a == 4
    st.ctl[s] = 0
    base_d = defense_value(st, "ctl", s, 0, 1)
    st.players[0].wonders = without(st.players[0].wonders, "big_ben")
    assert base_d - defense_value(st, "ctl", s, 0, 1) == 4


def test_kremlin_four_only_with_more_reinforced_tokens_than_the_defender():
    st = game()
    s = land(st)
    st.ctl[s] = 1
    base = attack(st, 0, s, 1)
    give(st, 0, "kremlin")
    mine = [land(st, avoid={s}), ]
    mine.append(land(st, avoid={s, *mine}))
    for m in mine:
        st.ctl[m] = 0
        st.reinforced.add(m)
    st.reinforced.add(s)  # defender: 1 reinforced, attacker: 2
    assert attack(st, 0, s, 1) - base == 4
    st.reinforced.discard(mine[0])  # 1 against 1: not more
    assert attack(st, 0, s, 1) == base
    assert attack(st, 0, s, -1, target="barb") == base - 0  # barbarians have no tokens


def test_huey_teocalli_one_per_adjacent_water_when_defending():
    st = game()
    b = st.board
    s = land(st, lambda x: sum(b.is_water[n] for n in b.nbrs[x]) >= 1)
    water = sum(1 for n in b.nbrs[s] if b.is_water[n])
    st.ctl[s] = 0
    d0 = defense_value(st, "ctl", s, 0, 1)
    a0 = attack(st, 0, s, 1)
    give(st, 0, "huey_teocalli")
    assert defense_value(st, "ctl", s, 0, 1) - d0 == water
    assert attack(st, 0, s, 1) == a0


def test_jebel_barkal_spends_resources_for_two_each_in_combat():
    st = game()
    s = land(st)
    st.ctl[s] = 1
    give(st, 0, "jebel_barkal")
    st.players[0].resources = {"oil": 1}
    st.players[1].resources = {}
    push(st, {"kind": "combat", "seat": 0, "attacker": 0, "defender": 1, "target": "ctl", "space": s, "figure": 0, "attack_die": 1, "defence_die": 1, "attack_base": 3, "defence_base": 3, "attack_plus": 0, "defence_plus": 0, "stage": "attacker"})
    st = fresh(st)
    assert opts(st, "spend") == {"oil"}
    st = apply(st, Action("spend", "oil"))
    assert st.stack_frames[-1]["attack_plus"] == 2
    assert st.players[0].resources["oil"] == 0
    assert "spend" not in {a.verb for a in legal_actions(st)}


# ---------------------------------------------------------------- 1. slots and maturity

def test_taj_mahal_moves_cards_one_slot_per_wonder_of_their_type():
    st = game()
    give(st, 0, "taj_mahal", "stonehenge", "oracle")
    assert effective_slot(st, 0, "culture", 1) == 3  # two cultural wonders
    assert effective_slot(st, 0, "science", 1) == 2  # one scientific wonder
    assert effective_slot(st, 0, "industry", 1) == 1
    assert effective_slot(st, 0, "culture", 4) == 5  # capped at slot 5


def test_machu_picchu_reprint_two_slots_right_from_first_and_second_slot():
    st = game()
    give(st, 0, "machu_picchu")
    assert effective_slot(st, 0, "economy", 1) == 3
    assert effective_slot(st, 0, "military", 2) == 4
    assert effective_slot(st, 0, "military", 3) == 3


def test_machu_picchu_base_card_counts_as_third_slot():
    st = game()
    give(st, 0, "machu_picchu_base")
    assert effective_slot(st, 0, "economy", 1) == 3
    assert effective_slot(st, 0, "economy", 2) == 3
    assert effective_slot(st, 0, "economy", 4) == 4


def test_sydney_opera_house_rival_tokens_count_for_maturity():
    st = game()
    b = st.board
    city = st.capitals[0]
    for n in b.nbrs[city]:
        if not b.is_water[n] and n not in st.cities:
            clear_space(st, n)
            st.ctl[n] = 1
    assert not is_mature(st, 0, city)
    give(st, 0, "sydney_opera_house")
    assert is_mature(st, 0, city)
    free = next(n for n in b.nbrs[city] if not b.is_water[n])
    del st.ctl[free]
    assert not is_mature(st, 0, city)  # an empty space still blocks


# ---------------------------------------------------------------- 2. start of turn

def start_turn(st, seat=0):
    push(st, {"kind": "start_of_turn", "seat": seat})
    return fresh(st)


def test_hanging_gardens_places_a_token_next_to_a_city_up_to_difficulty_4():
    st = game()
    assert kinds(start_turn(st.copy()))[-1] == "focus"
    give(st, 0, "hanging_gardens")
    st = start_turn(st)
    f = st.stack_frames[-1]
    assert f["kind"] == "place" and f["max"] == 4 and f["left"] == 1
    target = sorted(opts(st, "place"))[0]
    st = apply(st, Action("place", target))
    assert kinds(st)[-1] == "focus"
    assert sum(1 for o in st.ctl.values() if o == 0) >= 1
    for arg in opts(start_turn(st), "place"):
        q, r = map(int, arg.split(","))
        assert st.board.diff[st.board.index[(q, r)]] <= 4


def test_colosseum_reinforces_a_token_next_to_a_city():
    st = game()
    n = next(x for x in st.board.nbrs[st.capitals[0]] if not st.board.is_water[x])
    clear_space(st, n)
    st.ctl[n] = 0
    give(st, 0, "colosseum")
    st = start_turn(st)
    assert opts(st, "reinforce") == {coord(st, n)}
    st = apply(st, Action("reinforce", coord(st, n)))
    assert n in st.reinforced and kinds(st)[-1] == "focus"


def test_forbidden_city_destroys_a_rival_token_next_to_a_friendly_space():
    st = game()
    n = next(x for x in st.board.nbrs[st.capitals[0]] if not st.board.is_water[x])
    clear_space(st, n)
    clear_figures(st, n)
    st.ctl[n] = 1
    give(st, 0, "forbidden_city")
    st = start_turn(st)
    assert coord(st, n) in opts(st, "destroy")
    st = apply(st, Action("destroy", coord(st, n)))
    assert n not in st.ctl


def test_eiffel_tower_rival_gives_one_of_two_named_tokens():
    st = game()
    a = land(st)
    b = land(st, avoid={a})
    clear_figures(st, a)
    clear_figures(st, b)
    st.ctl[a] = st.ctl[b] = 1
    st.reinforced.add(a)
    give(st, 0, "eiffel_tower")
    st = start_turn(st)
    st = apply(st, Action("name", coord(st, a)))
    st = apply(st, Action("name", coord(st, b)))
    assert st.stack_frames[-1]["kind"] == "w_eiffel_pick" and st.stack_frames[-1]["seat"] == 1
    assert opts(st, "give") == {coord(st, a), coord(st, b)}
    st = apply(st, Action("give", coord(st, a)))
    assert st.ctl[a] == 0 and a not in st.reinforced and st.ctl[b] == 1


def test_oracle_swaps_two_adjacent_cards():
    st = game()
    row = list(st.players[0].row)
    t = [st._c.focus_cards[c].type for c in row]
    give(st, 0, "oracle")
    st = start_turn(st)
    assert f"{t[0]},{t[2]}" not in opts(st, "swap")  # not adjacent
    st = apply(st, Action("swap", f"{t[2]},{t[3]}"))
    assert st.players[0].row == [row[0], row[1], row[3], row[2], *row[4:]]


def test_great_zimbabwe_stores_trade_tokens_and_moves_them_at_start_of_turn():
    st = game()
    give(st, 0, "great_zimbabwe")
    push(st, {"kind": "trade_place", "seat": 0, "left": 5})
    st = fresh(st)
    for _ in range(4):
        assert "great_zimbabwe" in opts(st, "trade")
        st = apply(st, Action("trade", "great_zimbabwe"))
    assert st.players[0].flags["great_zimbabwe"] == 4
    assert "great_zimbabwe" not in opts(st, "trade")  # at most 4
    st = apply(st, Action("trade", "culture"))
    before = st.players[0].trade.get("military", 0)
    st = start_turn(st)
    st = apply(st, Action("move", "military"))
    assert st.players[0].trade["military"] == before + 1
    assert st.players[0].flags["great_zimbabwe"] == 3


# ---------------------------------------------------------------- 3. when built, once per game

def build_wonder(st, seat, w):
    """Give ``w`` the way building does: the token under the capital, then the hook."""
    st.players[seat].wonders += (w,)
    st.wonder_at[st.capitals[seat]] = w
    return run_hook(st, "wonder_gained", seat, w, "built")


def test_pyramids_upgrade_up_to_three_level_one_cards_when_built_only():
    st = game()
    c = st._c
    st2 = st.copy()
    st2.player_mut(0).wonders += ("pyramids",)
    assert kinds(run_hook(st2, "wonder_gained", 0, "pyramids", "gained"))[-1] == "focus"
    st = build_wonder(st, 0, "pyramids")
    level1 = sorted(c.focus_cards[x].type for x in st.players[0].row if c.focus_cards[x].level == 1)
    assert opts(st, "upgrade") == set(level1)
    for t in level1[:3]:
        st = apply(st, Action("upgrade", t))
    levels = {c.focus_cards[x].type: c.focus_cards[x].level for x in st.players[0].row}
    assert all(levels[t] == 2 for t in level1[:3])
    assert kinds(st)[-1] == "focus"  # three used: the decision ends by itself


def test_porcelain_tower_two_cards_one_level_up():
    st = game()
    c = st._c
    from newdawn.engine.pieces import gain_card

    gain_card(st, 0, c.card_for("culture", 2))
    st = build_wonder(st, 0, "porcelain_tower")
    st = apply(st, Action("upgrade", "culture"))
    assert "culture" not in opts(st, "upgrade")  # each card once
    st = apply(st, Action("upgrade", "science"))
    lv = {c.focus_cards[x].type: c.focus_cards[x].level for x in st.players[0].row}
    assert lv["culture"] == 3 and lv["science"] == 2
    assert kinds(st)[-1] == "focus"


def test_potala_palace_takes_three_cards_and_holds_several_per_player():
    st = game()
    cards = list(st.players[1].own_dipl)
    assert len(cards) >= 3
    st = build_wonder(st, 0, "potala_palace")
    for card in cards[:3]:
        st = apply(st, Action("dipl", f"1:{card}"))
    assert sorted(d for d in st.players[0].dipl if d.startswith("p1:")) == sorted(f"p1:{x}" for x in cards[:3])
    st.players[0].wonders = without(st.players[0].wonders, "potala_palace")
    take_player_card(st, 0, 1, cards[3])  # without the wonder: the others go back
    assert [d for d in st.players[0].dipl if d.startswith("p1:")] == [f"p1:{cards[3]}"]


def test_cristo_redentor_replaces_an_unguarded_rival_city_within_three():
    st = game()
    at = st.capitals[0]
    b = st.board
    from newdawn.engine.spaces import within

    near = within(st, [at], 3) - within(st, [at], 1)
    s = land(st, lambda x: x in near and not any(n in st.cities for n in b.nbrs[x]))
    clear_figures(st, s)
    st.cities[s] = 1
    st.wonder_at[at] = "cristo_redentor"
    st.players[0].wonders += ("cristo_redentor",)
    st = run_hook(st, "wonder_gained", 0, "cristo_redentor", "gained")  # captured: also works
    assert coord(st, s) in opts(st, "replace")
    assert coord(st, st.capitals[1]) not in opts(st, "replace")
    st = apply(st, Action("replace", coord(st, s)))
    assert st.cities[s] == 0


def test_apadana_explores_from_any_edge_and_claims_a_space_of_the_new_tile():
    st = game()
    placed = False
    for _ in range(20):
        s0 = build_wonder(st.copy(), 0, "apadana")
        edges = sorted(opts(s0, "explore"))
        for e in edges:
            s1 = apply(s0, Action("explore", e))
            if kinds(s1)[-1] == "explore_place":
                n = s1.board.n
                s1 = apply(s1, legal_actions(s1)[0])
                assert s1.board.n > n
                assert kinds(s1)[-1] == "w_apadana_claim"
                spot = sorted(opts(s1, "place"))[0]
                s1 = apply(s1, Action("place", spot))
                q, r = map(int, spot.split(","))
                assert s1.board.index[(q, r)] >= n and s1.ctl[s1.board.index[(q, r)]] == 0
                placed = True
                break
        if placed:
            break
    assert placed


def test_amundsen_scott_builds_an_edge_city_holding_the_wonder():
    st = game()
    st = build_wonder(st, 0, "amundsen_scott_research_station")
    spots = sorted(opts(st, "city"))
    assert spots
    q, r = map(int, spots[0].split(","))
    s = st.board.index[(q, r)]
    assert st.board.edge[s]
    st = apply(st, Action("city", spots[0]))
    assert st.cities[s] == 0 and st.wonder_at[s] == "amundsen_scott_research_station"
    assert st.capitals[0] not in st.wonder_at
    assert st.stack_frames[-1]["kind"] == "place" and st.stack_frames[-1]["left"] == 2


# ---------------------------------------------------------------- 4. rule changers

def test_stonehenge_chains_placements_over_adjacent_hills():
    st = game()
    b = st.board
    hill = next(
        (s for s in range(b.n) if b.terrain[s] == "hills"
         and any(b.terrain[n] == "hills" for n in b.nbrs[s])), None)
    if hill is None:
        pytest.skip("no two adjacent hills on this map")
    nxt = next(n for n in b.nbrs[hill] if b.terrain[n] == "hills")
    for x in (hill, nxt):
        clear_space(st, x)
        clear_figures(st, x)
        st.cities.pop(x, None)
    from newdawn.engine.pieces import place_control

    place_control(st, 0, hill)
    assert kinds(fresh(st))[-1] == "focus"  # without the wonder nothing happens
    del st.ctl[hill]
    give(st, 0, "stonehenge")
    place_control(st, 0, hill)
    st = fresh(st)
    assert st.stack_frames[-1]["kind"] == "w_stonehenge"
    assert coord(st, nxt) in opts(st, "place")
    st = apply(st, Action("place", coord(st, nxt)))
    assert st.ctl[nxt] == 0


def test_chichen_itza_culture_tokens_on_far_empty_forests_only_from_culture_cards():
    st = game()
    b = st.board
    from newdawn.engine.spaces import city_spaces

    near = {n for c in city_spaces(st, 0) for n in b.nbrs[c]}
    forest = land(st, lambda x: b.terrain[x] == "forest" and x not in near)
    clear_figures(st, forest)
    give(st, 0, "chichen_itza")
    push(st, {"kind": "place", "seat": 0, "left": 2, "near": "city", "max": 3, "standard": True})
    st = fresh(st)
    assert coord(st, forest) in opts(st, "place")
    st.stack_frames[-1] = {**st.stack_frames[-1], "max": 2}
    assert coord(st, forest) not in opts(fresh(st), "place")  # slot too low for forests
    st.stack_frames[-1] = {**st.stack_frames[-1], "max": 3, "standard": False}
    assert coord(st, forest) not in opts(fresh(st), "place")  # Hanging Gardens etc.


def test_great_lighthouse_cities_on_empty_edge_spaces():
    st = game()
    b = st.board
    from newdawn.engine.industry import city_reason, city_targets

    usual = city_targets(st, 0, 5, 2, False)
    edge = [s for s in range(b.n) if b.edge[s] and s not in usual and city_reason(st, 0, s, 5) is None]
    from newdawn.engine.spaces import is_empty

    edge = [s for s in edge if is_empty(st, s)]
    assert edge
    push(st, {"kind": "build", "seat": 0, "slot": 5, "range": 2, "water": False, "on_figure": False, "slot5_production": 0, "after": 0})
    st2 = fresh(st)
    assert coord(st, edge[0]) not in opts(st2, "city")
    give(st, 0, "great_lighthouse")
    st = fresh(st)
    assert coord(st, edge[0]) in opts(st, "city")
    st = apply(st, Action("city", coord(st, edge[0])))
    assert st.cities[edge[0]] == 0


def test_petra_turns_barbarians_back_from_cities_and_reinforced_tokens():
    st = game()
    b = st.board
    city = st.capitals[0]
    d, start = next(
        (d, b.nbr_dir[city][(d + 3) % 6]) for d in range(6)
        if b.nbr_dir[city][(d + 3) % 6] != -1 and not b.is_water[b.nbr_dir[city][(d + 3) % 6]]
        and b.nbr_dir[b.nbr_dir[city][(d + 3) % 6]][(d + 3) % 6] not in (-1,)
        and not b.is_water[b.nbr_dir[b.nbr_dir[city][(d + 3) % 6]][(d + 3) % 6]]
    )
    clear_space(st, start)
    clear_figures(st, start)
    st.barbs = {"A": start}
    s1 = st.copy()
    barbarian_step(s1, "A", d)
    assert s1.barbs["A"] == start  # raid: back on its space, the owner discards
    give(st, 0, "petra")
    back = b.nbr_dir[start][(d + 3) % 6]
    clear_space(st, back)
    clear_figures(st, back)
    st.cities.pop(back, None)
    barbarian_step(st, "A", d)
    assert st.barbs["A"] == back  # moved the opposite way instead


def test_pentagon_armies_move_without_limit():
    st = game()
    give(st, 0, "pentagon")
    push(st, {"kind": "armies", "seat": 0, "slot": 3, "move": 2, "water": False, "combat": 0, "vs_barbarian": 0, "passes": [], "reattack": False, "moved": [], "reattack_used": False})
    st = fresh(st)
    army = next(a.arg for a in legal_actions(st) if a.verb == "army")
    st = apply(st, Action("army", army))
    if st.stack_frames[-1]["kind"] == "army_start":
        st = apply(st, legal_actions(st)[0])
    assert st.stack_frames[-1]["left"] == st.board.n


def test_colossus_six_extra_caravan_steps_per_turn():
    st = game()
    st.players[0].caravans[0] = st.capitals[0]
    push(st, {"kind": "caravan_step", "seat": 0, "figure": 0, "left": 0, "explored": False, "slot": 2, "water": False, "barb": "none"})
    st = fresh(st)
    assert "colossus" not in {a.verb for a in legal_actions(st)}
    give(st, 0, "colossus")
    st = fresh(st)
    for k in range(6):
        st = apply(st, Action("colossus"))
        assert st.stack_frames[-1]["left"] == k + 1
    assert "colossus" not in {a.verb for a in legal_actions(st)}


def cs_space(st):
    return next(iter(st.cs_at))


def test_kilwa_kisiwani_one_more_trade_token_at_a_city_state():
    st = game()
    s = cs_space(st)
    st.players[0].caravans[0] = s
    plain = st.copy()
    arrive(plain, 0, 0, s)
    assert kinds(fresh(plain))[-1] == "focus"
    give(st, 0, "kilwa_kisiwani")
    arrive(st, 0, 0, s)
    st = fresh(st)
    assert st.stack_frames[-1]["kind"] == "trade_place" and st.stack_frames[-1]["left"] == 1


def test_orszaghaz_caravan_may_conquer_the_city_state():
    st = game()
    s = cs_space(st)
    cs = st.cs_at[s]
    st.players[0].caravans[0] = s
    give(st, 0, "orszaghaz")
    arrive(st, 0, 0, s)
    st = fresh(st)
    st = apply(st, Action("conquer"))
    assert st.cs_conquered[cs] == 0 and st.cities[s] == 0 and s not in st.cs_at


def test_great_library_copies_a_card_of_the_rival_row():
    st = game()
    c = st._c
    from newdawn.engine.pieces import gain_card

    gain_card(st, 1, c.card_for("military", 2))
    s = st.capitals[1]
    st.players[0].caravans[0] = s
    give(st, 0, "great_library")
    arrive(st, 0, 0, s)
    st = fresh(st)
    want = c.card_for("military", 2)
    assert want in opts(st, "take")
    st = apply(st, Action("take", want))
    assert want in st.players[0].row


def test_university_of_sankore_swap_after_replacing_a_card():
    st = game()
    from newdawn.engine.pieces import gain_card

    give(st, 0, "university_of_sankore")
    push(st, {"kind": "end_turn", "seat": 0})
    s1 = fresh(st.copy())
    assert "w_sankore" not in kinds(s1)
    gain_card(st, 0, st._c.card_for("culture", 2))
    st = fresh(st)
    assert "w_sankore" in kinds(st)
    for _ in range(20):
        if st.stack_frames[-1]["kind"] == "w_sankore":
            break
        st = apply(st, legal_actions(st)[-1])
    assert not any("science" in x for x in opts(st, "swap"))
    row = list(st.players[0].row)
    t = [st._c.focus_cards[x].type for x in row]
    a, b = [x for x in t if x != "science"][:2]
    st = apply(st, Action("swap", f"{a},{b}"))
    new = [st._c.focus_cards[x].type for x in st.players[0].row]
    assert new[t.index(a)] == b and new[t.index(b)] == a


def test_statue_of_liberty_takes_adjacent_rival_tokens_before_taking_a_city():
    st = game()
    b = st.board
    s = land(st, lambda x: not any(n in st.cities for n in b.nbrs[x]))
    st.cities[s] = 1
    nb = [n for n in b.nbrs[s] if not b.is_water[n] and not b.is_fort[n]][:2]
    for n in nb:
        clear_space(st, n)
        st.ctl[n] = 1
    plain = st.copy()
    occupy(plain, 0, s)
    assert all(plain.ctl[n] == 1 for n in nb)
    give(st, 0, "statue_of_liberty")
    occupy(st, 0, s)
    assert st.cities[s] == 0 and all(st.ctl[n] == 0 for n in nb)


def until(st, kind, limit=60):
    """Take the last option (done/skip/pass...) until a ``kind`` decision is on top."""
    for _ in range(limit):
        if st.stack_frames[-1]["kind"] == kind:
            return st
        assert st.current == 0, f"the turn ended without a {kind} decision"
        st = apply(st, legal_actions(st)[-1])
    raise AssertionError(f"no {kind} decision")


def finish_turn(st, forbidden=None, limit=200):
    for _ in range(limit):
        if st.current != 0 or st.winner != -1:
            return st
        assert st.stack_frames[-1]["kind"] != forbidden
        st = apply(st, legal_actions(st)[-1])
    raise AssertionError("the turn did not end")


def resolve_in(st, ftype, pos):
    from helpers import set_slot

    set_slot(st, 0, ftype, pos)
    st = fresh(st)
    st = apply(st, Action("focus", ftype))
    return apply(st, Action("resolve"))


def test_venetian_arsenal_resolves_the_fifth_slot_card_again_as_if_in_slot_one():
    st = game()
    give(st, 0, "venetian_arsenal")
    st.players[0].dial = 0
    st = resolve_in(st, "science", 5)  # dial +5
    assert st.players[0].dial == 5
    st = until(st, "w_venetian_arsenal")
    st = apply(st, Action("resolve"))
    st = apply(st, Action("resolve"))  # commit, slot 1
    assert st.players[0].dial == 6
    finish_turn(st, forbidden="w_venetian_arsenal")  # once per turn


def test_venetian_arsenal_not_for_other_slots():
    st = game()
    give(st, 0, "venetian_arsenal")
    st = resolve_in(st, "science", 4)
    finish_turn(st, forbidden="w_venetian_arsenal")


def test_estadio_resolves_and_resets_economy_before_the_other_card_resets():
    st = game()
    give(st, 0, "estadio_do_maracana")
    st = resolve_in(st, "science", 3)
    st = until(st, "w_estadio")
    st = apply(st, Action("resolve"))
    assert st.stack_frames[-1]["kind"] == "commit" and st.stack_frames[-1]["type"] == "economy"
    st = finish_turn(st)
    t = [st._c.focus_cards[x].type for x in st.players[0].row]
    assert t[0] == "science" and t[1] == "economy"


def test_every_wonder_effect_is_claimed_by_a_test_or_listed_missing():
    """Meta-test: each wonder's handler is registered at some hook point, except the ones
    docs/rules-coverage.md lists as missing."""
    from newdawn.content import load_content
    from newdawn.engine.hooks import REGISTRY

    missing: set[str] = set()
    registered = {name for table in REGISTRY.values() for name in table}
    c = load_content("ti")
    for w in c.wonders.values():
        for e in w.effects:
            if e.op == "special":
                h = e.str("handler")
                assert (h in registered) != (h in missing), h
    text = Path(__file__).read_text(encoding="utf-8")
    for w in c.wonders.values():
        if w.id not in missing:
            assert f'"{w.id}"' in text, f"no test mentions {w.id}"


def test_capitalism_still_resets_economy_before_the_pick_with_the_after_resolve_step():
    """The after-resolve step of the wonders sits between a card's steps and its reset;
    Capitalism must still let the economy card reset before the other card is picked."""
    st = game()
    from newdawn.engine.pieces import gain_card

    gain_card(st, 0, "capitalism")
    st = resolve_in(st, "economy", 3)
    st = until(st, "capitalism_pick")
    assert st._c.focus_cards[st.players[0].row[0]].type == "economy"


def test_eiffel_tower_not_offered_when_a_rival_has_fewer_than_two_nameable_tokens():
    """A token with an army on it cannot be named: one such token and one free one is no pair."""
    st = game()
    a = land(st)
    b = land(st, avoid={a})
    clear_figures(st, a)
    clear_figures(st, b)
    st.ctl = {s: o for s, o in st.ctl.items() if o == 0}
    st.ctl[a] = st.ctl[b] = 1
    st.players[1].armies[0] = b
    give(st, 0, "eiffel_tower")
    assert kinds(start_turn(st))[-1] == "focus"


def test_a_wonder_taken_mid_turn_works_at_once_and_its_build_effect_does_not_repeat():
    """FAQ: a gained wonder's benefit is active immediately (Terracotta Army on the next
    attack); a "when you build" effect is not resolved again by the new owner."""
    st = game()
    s = land(st)
    st.ctl[s] = 1
    base = attack(st, 0, s, 1)
    t = land(st, avoid={s})
    st.ctl[t] = 1
    st.wonder_at[t] = "terracotta_army"
    st.players[1].wonders += ("terracotta_army",)
    from newdawn.engine.pieces import claim_wonder_token

    claim_wonder_token(st, 0, t)
    assert "terracotta_army" in st.players[0].wonders and "terracotta_army" not in st.players[1].wonders
    assert attack(st, 0, s, 1) - base == 2
    st.wonder_at[st.capitals[1]] = "pyramids"
    st.players[1].wonders += ("pyramids",)
    claim_wonder_token(st, 0, st.capitals[1])
    assert "pyramids" in st.players[0].wonders
    assert "w_upgrade" not in kinds(fresh(st))


def _leader_game(leaders):
    st = new_game({"players": 2, "leaders": leaders}, 1)
    while st.stack_frames[-1]["kind"].startswith("setup"):
        st = apply(st, legal_actions(st)[0])
    st.current = 0
    st.stack_frames = [{"kind": "end_turn", "seat": 0}, {"kind": "focus", "seat": 0}]
    return fresh(st)


def test_pyramids_offer_the_level_two_unique_card_in_place_of_its_type():
    """Zulu's Scorched Earth (military II) may be taken when "pyramids" upgrades the level-I
    military card; taking it replaces that card and the unique card is then gone."""
    st = build_wonder(_leader_game(["zulu", "netherlands"]), 0, "pyramids")
    assert opts(st, "take") == {"scorched_earth"}
    st = apply(st, Action("take", "scorched_earth"))
    c = st._c
    assert "scorched_earth" in st.players[0].row
    assert [x for x in st.players[0].row if c.focus_cards[x].type == "military"] == ["scorched_earth"]
    assert st.players[0].flags.get("unique_gone") == 1
    assert "military" not in opts(st, "upgrade") and not opts(st, "take")


def test_pyramids_unique_card_passed_over_when_its_type_takes_the_standard_card():
    st = build_wonder(_leader_game(["zulu", "netherlands"]), 0, "pyramids")
    st = apply(st, Action("upgrade", "military"))
    assert st.players[0].flags.get("unique_gone") == 1
    assert not opts(st, "take")
    assert st._c.card_for("military", 2) in st.players[0].row


def test_porcelain_tower_offers_the_unique_card_of_the_next_level():
    """Rome's Military Engineering (growth II) replaces the level-I growth card through
    "porcelain_tower"; declining ends the offer for good."""
    st = build_wonder(_leader_game(["rome", "netherlands"]), 0, "porcelain_tower")
    assert opts(st, "take") == {"military_engineering"}
    st2 = apply(st, Action("take", "military_engineering"))
    assert "military_engineering" in st2.players[0].row
    st3 = apply(st, Action("done"))
    assert st3.players[0].flags.get("unique_gone") == 1
    assert "military_engineering" not in st3.players[0].row


# ---------------------------------------------------------------- Oxford University

def _tech(st, level):
    push(st, {"kind": "tech", "seat": 0, "level": level})
    return fresh(st)


def test_oxford_university_a_new_card_may_replace_any_non_science_card():
    """"oxford_university": a card gained on the tech dial may replace a non-science card of
    another type; the row then holds two military cards, named by their keys."""
    st = game()
    c = st._c
    plain = opts(_tech(st.copy(), 2), "take")
    assert not any("@" in t for t in plain)
    give(st, 0, "oxford_university")
    st = _tech(st, 2)
    takes = opts(st, "take")
    iron = c.card_for("military", 2)
    assert plain <= takes and f"{iron}@economy" in takes
    assert not any(t.endswith("@science") for t in takes)
    st.players[0].trade["economy"] = 2  # tokens on the economy card move to its replacement
    st = apply(st, Action("take", f"{iron}@economy"))
    row = st.players[0].row
    types = [c.focus_cards[x].type for x in row]
    assert types.count("military") == 2 and "economy" not in types
    assert opts(st, "focus") == {"culture", "science", "economy", "industry", "military", "growth"}
    # Resolving the card named "economy" resolves Iron Working, whose military tokens are the
    # two moved over; they are spent in combat, not at commit.
    st = apply(st, Action("focus", "economy"))
    top = st.stack_frames[-1]
    assert top["kind"] == "commit" and top["card"] == iron and opts(st, "resolve") == {""}
    from newdawn.engine.flow import spendable, type_key

    assert type_key(st, 0, "military") == "economy" and spendable(st, 0, "economy") == 2
    st = apply(st, Action("resolve"))
    assert st.stack_frames[-1]["kind"] == "armies"
    st = finish_turn(st)
    assert st.players[0].row[0] == iron  # the card reset is the one resolved
    back = type(st).from_json(st.to_json())
    assert back.players[0].row == st.players[0].row and back.players[0].flags == st.players[0].flags


def test_oxford_university_a_type_with_no_card_can_come_back_only_through_oxford():
    st = game()
    c = st._c
    give(st, 0, "oxford_university")
    st = _tech(st, 2)
    st = apply(st, Action("take", f"{c.card_for('military', 2)}@economy"))
    cur = c.card_for("economy", 3)
    takes = opts(_tech(st, 3), "take")
    assert cur not in takes and f"{cur}@culture" in takes
    st.players[0].wonders = without(st.players[0].wonders, "oxford_university")
    takes = opts(_tech(st, 3), "take")
    assert not any(t.startswith(cur) for t in takes)
