"""Focused rule tests: each builds a position, plays actions, and checks what the rules say.

Rule references are to ../shared/rules/unified-rules-terra-incognita-rev7.txt (U) and
faq-1.0.txt (FAQ).
"""

from __future__ import annotations

import pytest
from helpers import after_setup, clear_space, fresh, opts, resolve, set_slot, text

from newdawn.engine import IllegalActionError, apply, legal_actions, why_illegal, why_not
from newdawn.engine.actions import Action
from newdawn.engine.events import barbarian_step
from newdawn.engine.flow import add_trade, push
from newdawn.engine.science import advance_dial
from newdawn.engine.spaces import unused_control
from newdawn.engine.state import ON_CARD


def verbs(st):
    return {a.verb for a in legal_actions(st)}


# ---------------------------------------------------------------- focus row and tech dial

def test_reset_moves_card_leftmost_and_shifts_lower_cards_right():
    """U, Reset the Focus Row."""
    st = after_setup()
    row = list(st.players[0].row)
    chosen = st._c.focus_cards[row[3]].type
    st = resolve(st, chosen)
    while st.current == 0:
        st = apply(st, legal_actions(st)[-1])  # finish with done/skip/stop
    assert st.players[0].row == [row[3], row[0], row[1], row[2], row[4], row[5]]


def test_tech_dial_wraps_from_24_to_15_and_counts_level_spaces():
    """U, Science: past 24 the next space is 15; each level space reached grants a card."""
    st = after_setup()
    st.players[0].dial = 23
    assert advance_dial(st, 0, 3) == [4]  # 24 (IV), then 15, 16
    assert st.players[0].dial == 16
    st.players[0].dial = 2
    assert advance_dial(st, 0, 5) == [2, 2]  # 3 (II) and 6 (II)
    assert st.players[0].dial == 7


def test_science_offers_every_card_of_exactly_the_level_reached():
    st = after_setup(leaders=["china", "scythia"])  # level-I uniques: no unique offered at II
    st.players[0].dial = 1
    set_slot(st, 0, "science", 2)  # slot 2
    st = fresh(st)
    st = resolve(st, "science")
    assert st.players[0].dial == 3
    offered = opts(st, "take")
    assert offered == {st._c.card_for(t, 2) for t in st._c.ruleset.focus_types}
    st = apply(st, Action("take", "mathematics"))
    assert "mathematics" in st.players[0].row and "astrology" not in st.players[0].row


def test_new_economy_card_unlocks_caravans_and_keeps_trade_tokens():
    """U: tokens move to the replacement card; extra figures go on the new card."""
    st = after_setup()
    add_trade(st, 0, "economy", 2)
    from newdawn.engine.pieces import gain_card

    gain_card(st, 0, "currency")
    assert st.players[0].trade["economy"] == 2
    assert st.players[0].caravans.count(ON_CARD) == 2


def test_trade_tokens_capped_at_three_per_card():
    st = after_setup()
    add_trade(st, 0, "culture", 2)
    add_trade(st, 0, "culture", 2)
    assert st.players[0].trade["culture"] == 3


def test_trade_tokens_spent_at_commit_add_control_tokens():
    """U, Trade Tokens: culture +1 control token each."""
    st = after_setup()
    add_trade(st, 0, "culture", 2)
    st = fresh(st)
    st = apply(st, Action("focus", "culture"))
    assert {str(a) for a in legal_actions(st)} >= {"resolve", "resolve 1", "resolve 2"}
    st = apply(st, Action("resolve", "2"))
    assert st.stack_frames[-1]["left"] == 4
    assert st.players[0].trade.get("culture", 0) == 0


# ---------------------------------------------------------------- culture

def test_control_token_terrain_limit_and_reason():
    """U, Culture: no water, no terrain above the card's slot."""
    st = after_setup()
    set_slot(st, 0, "culture", 0)  # slot 1: grassland only
    st = fresh(st)
    st = resolve(st, "culture")
    cap = st.capitals[0]
    b = st.board
    places = opts(st, "place")
    for n in b.nbrs[cap]:
        t = text(st, n)
        if b.terrain[n] == "grassland" and not st.tokens.get(n):
            assert t in places
        elif b.terrain[n] in ("hills", "forest", "desert", "mountain"):
            assert t not in places
            r = why_not(st, Action("place", t))
            assert r is not None and r.kind == "too_hard" and r.limit == 1, r


def test_control_token_picks_up_resource():
    st = after_setup()
    set_slot(st, 0, "culture", 5)
    st = fresh(st)
    st = resolve(st, "culture")
    cap = st.capitals[0]
    res = next(n for n in st.board.nbrs[cap] if st.tokens.get(n) in ("marble", "mercury", "oil", "diamond"))
    kind = st.tokens[res]
    st = apply(st, Action("place", text(st, res)))
    assert st.ctl[res] == 0 and st.players[0].resources[kind] == 1 and res not in st.tokens


def test_out_of_control_tokens_remove_one_first():
    """FAQ: with no unused control token, remove a friendly one from the map first."""
    st = after_setup()
    set_slot(st, 0, "culture", 5)
    cap = st.capitals[0]
    near = [s for s in st.board.nbrs[cap] if not st.board.is_water[s]]
    clear_space(st, near[0])
    st.ctl[near[0]] = 0  # a token of seat 0 next to its capital: removing it frees a target
    others = [s for s in range(st.board.n) if not st.board.is_water[s] and s not in st.cities
              and s not in st.cs_at and not st.board.is_fort[s] and s != near[0]]
    for s in others:
        st.ctl[s] = 0
    # The rest of the 34 tokens are on victory cards (claimed agendas use control tokens).
    agendas = [ag.id for vc in st._c.victory_cards.values() for ag in vc.agendas]
    for ag in agendas[: 34 - 1 - len(others)]:
        st.claims[ag] = [0]
    assert unused_control(st, 0) == 0
    st = fresh(st)
    st = resolve(st, "culture")
    assert verbs(st) == {"remove", "done"}
    st = apply(st, Action("remove", text(st, near[0])))
    assert Action("place", text(st, near[0])) in legal_actions(st)


# ---------------------------------------------------------------- combat

def _army_next_to(st, target):
    """Put seat 0's army on a land neighbour of ``target``."""
    b = st.board
    for n in b.nbrs[target]:
        if not b.is_water[n] and n not in st.cities and n not in st.cs_at and n not in st.ctl:
            clear_space(st, n)
            st.players[0].armies[0] = n
            return n
    raise LookupError


def _attack(st, target, dice, slot_pos=5):
    set_slot(st, 0, "military", slot_pos)
    src = _army_next_to(st, target)
    st.forced_dice = list(dice)
    st = fresh(st)
    st = resolve(st, "military")
    st = apply(st, Action("army", "0"))
    st = apply(st, Action("to", text(st, target)))
    return st, src


def test_barbarian_defeated_gives_a_trade_token():
    """U, Combat: attacker die + slot against barbarian die + terrain; win removes it."""
    st = after_setup()
    letter, at = sorted(st.barbs.items())[0]
    st, _ = _attack(st, at, [6, 1])
    while st.stack_frames[-1]["kind"] == "combat":
        st = apply(st, Action("accept"))
    assert letter not in st.barbs
    assert st.stack_frames[-1]["kind"] == "trade_place"
    st = apply(st, Action("trade", "military"))
    assert st.players[0].trade["military"] == 1
    assert st.players[0].armies[0] == at  # the army stays in the space it won


def test_defender_wins_ties_and_army_returns_to_card():
    st = after_setup()
    letter, at = sorted(st.barbs.items())[0]
    diff = st.board.diff[at]
    slot = 5
    # attacker 1 + 5 against defender (6 - diff + diff) ties at 6 when diff <= 5
    st, _ = _attack(st, at, [1, slot + 1 - diff])
    f = st.stack_frames[-1]
    assert f["attack_die"] + f["attack_base"] == f["defence_die"] + f["defence_base"]
    st = apply(st, Action("accept"))
    assert letter in st.barbs and st.players[0].armies[0] == ON_CARD


def test_token_spending_boost_and_reroll():
    """U, Spend Trade Tokens: +1 or a reroll after seeing the dice."""
    st = after_setup()
    _, at = sorted(st.barbs.items())[0]
    add_trade(st, 0, "military", 2)
    st, _ = _attack(st, at, [1, 6, 4])
    assert verbs(st) == {"boost", "reroll", "accept"}
    st = apply(st, Action("boost"))
    assert st.stack_frames[-1]["attack_plus"] == 1
    st = apply(st, Action("reroll"))
    assert st.stack_frames[-1]["attack_die"] == 4
    assert st.players[0].trade["military"] == 0
    assert verbs(st) == {"accept"}


def test_city_state_defends_with_eight_and_is_conquered():
    """U, City-States: defence 8; the conqueror places a city and takes the token."""
    st = after_setup()
    s, cs = sorted(st.cs_at.items())[0]
    st, _ = _attack(st, s, [6, 1])
    f = st.stack_frames[-1]
    assert f["defence_base"] == 8
    st = apply(st, Action("accept"))
    assert st.cities.get(s) == 0 and cs in st.players[0].cs_tokens and cs not in st.cs_at
    assert cs not in st.cs_cards  # both cards face down
    assert st.players[0].armies[0] == s


def test_attack_returns_diplomacy_cards_taken_from_the_defender():
    st = after_setup()
    s, cs = sorted(st.cs_at.items())[0]
    st.players[0].dipl += ("cs:" + cs,)
    st.cs_cards[cs] = 1
    st, _ = _attack(st, s, [1, 6])
    assert "cs:" + cs not in st.players[0].dipl and st.cs_cards[cs] == 2


def test_rival_control_token_defence_counts_reinforced_neighbours():
    """U, Defender rolls: terrain + 1 if reinforced + 1 per adjacent friendly reinforced token."""
    st = after_setup()
    b = st.board
    target = next(s for s in range(b.n) if not b.is_water[s] and s not in st.cities and s not in st.cs_at
                  and not b.is_fort[s] and st.board.diff[s] <= 3
                  and sum(1 for n in b.nbrs[s] if not b.is_water[n]) >= 5)
    clear_space(st, target)
    st.ctl[target] = 1
    st.reinforced.add(target)
    nbrs = [n for n in b.nbrs[target] if not b.is_water[n] and n not in st.cities and n not in st.cs_at
            and not b.is_fort[n]]
    for n in nbrs[:2]:
        clear_space(st, n)
        st.ctl[n] = 1
        st.reinforced.add(n)
    src = next(n for n in nbrs[2:])
    clear_space(st, src)
    st.players[0].armies[0] = src
    set_slot(st, 0, "military", 5)
    st.forced_dice = [6, 1]
    st = fresh(st)
    st = resolve(st, "military")
    st = apply(st, Action("army", "0"))
    st = apply(st, Action("to", text(st, target)))
    f = st.stack_frames[-1]
    assert f["defence_base"] == b.diff[target] + 1 + 2


# ---------------------------------------------------------------- barbarians

def _lone_barbarian(st):
    letter, at = sorted(st.barbs.items())[0]
    for other in list(st.barbs):
        if other != letter:
            del st.barbs[other]
    return letter, at


def _barbarian_beside_token():
    """A set-up game with one barbarian; the first land space beside it (no city, no
    city-state) is cleared and holds a control token of seat 1. Returns the state, the
    barbarian, its space, the direction to that space and the space."""
    st = after_setup()
    letter, at = _lone_barbarian(st)
    b = st.board
    d = next(d for d in range(6) if b.nbr_dir[at][d] >= 0 and not b.is_water[b.nbr_dir[at][d]]
             and b.nbr_dir[at][d] not in st.cities and b.nbr_dir[at][d] not in st.cs_at)
    dest = b.nbr_dir[at][d]
    clear_space(st, dest)
    st.ctl[dest] = 1
    return st, letter, at, d, dest


def test_barbarian_destroys_caravan_and_unreinforced_token():
    """U, Barbarian Movement Icons."""
    st, letter, at, d, dest = _barbarian_beside_token()
    st.players[1].caravans[0] = dest
    barbarian_step(st, letter, d)
    assert st.barbs[letter] == dest and dest not in st.ctl and st.players[1].caravans[0] == ON_CARD


def test_barbarian_turned_back_by_reinforced_token():
    st, letter, at, d, dest = _barbarian_beside_token()
    st.reinforced.add(dest)
    barbarian_step(st, letter, d)
    assert st.barbs[letter] == at and st.ctl[dest] == 1 and dest not in st.reinforced


def test_barbarian_defeats_army_and_protects_the_space():
    """U: the army is defeated, the barbarian goes back, a token in the space is protected."""
    st, letter, at, d, dest = _barbarian_beside_token()
    st.players[1].armies[0] = dest
    barbarian_step(st, letter, d)
    assert st.barbs[letter] == at and st.ctl[dest] == 1 and st.players[1].armies[0] == ON_CARD


def test_barbarian_reverses_at_the_map_edge():
    st = after_setup()
    letter, at = _lone_barbarian(st)
    b = st.board
    edge_dirs = [d for d in range(6) if b.nbr_dir[at][d] == -1]
    if not edge_dirs:
        pytest.skip("the first barbarian is not on the edge in this setup")
    d = edge_dirs[0]
    opposite = b.nbr_dir[at][(d + 3) % 6]
    barbarian_step(st, letter, d)
    assert st.barbs[letter] != at or opposite == -1


def test_barbarian_raid_on_capital_makes_its_owner_discard():
    """U + FAQ erratum: discard two trade tokens; the barbarian returns."""
    st = after_setup()
    letter, at = _lone_barbarian(st)
    b = st.board
    cap = st.capitals[1]
    n = next(n for n in b.nbrs[cap] if not b.is_water[n] and n not in st.cs_at)
    clear_space(st, n)
    st.barbs[letter] = n
    d = next(d for d in range(6) if b.nbr_dir[n][d] == cap)
    add_trade(st, 1, "culture", 3)
    barbarian_step(st, letter, d)
    assert st.barbs[letter] == n
    st = fresh(st)
    assert st.stack_frames[-1]["kind"] == "discard" and st.stack_frames[-1]["seat"] == 1
    st = apply(st, Action("discard", "culture"))
    st = apply(st, Action("discard", "culture"))
    assert st.players[1].trade["culture"] == 1


def test_barbarians_respawn_on_their_letter_when_the_space_is_free():
    st = after_setup()
    letter, at = sorted(st.barbs.items())[0]
    del st.barbs[letter]
    st.players[1].caravans[0] = at
    push(st, {"kind": "event_spawn"})
    st = fresh(st)
    assert st.barbs[letter] == at and st.players[1].caravans[0] == ON_CARD


# ---------------------------------------------------------------- economy

def _caravan_moving_next_to(st, s):
    """Seat 1's first caravan on an empty land space next to ``s``, chosen to move by its
    economy card in slot 5."""
    b = st.board
    src = next(n for n in b.nbrs[s] if not b.is_water[n] and n not in st.cities and n not in st.cs_at)
    clear_space(st, src)
    st.players[0].caravans[0] = src
    set_slot(st, 0, "economy", 5)
    st = fresh(st)
    st = resolve(st, "economy")
    return apply(st, Action("caravan", "0"))


def test_caravan_to_city_state_gives_two_tokens_and_a_diplomacy_card():
    """U, Trade."""
    st = after_setup()
    s, cs = sorted(st.cs_at.items())[0]
    st = _caravan_moving_next_to(st, s)
    st = apply(st, Action("to", text(st, s)))
    assert "stop" not in verbs(st)  # a caravan cannot remain in a city-state
    st = apply(st, Action("trade"))
    cs_type = st._c.city_states[cs].type
    assert st.players[0].trade[cs_type] == 2
    assert "cs:" + cs in st.players[0].dipl and st.cs_cards[cs] == 1
    assert st.players[0].caravans[0] == ON_CARD


def test_caravan_cannot_enter_a_barbarian_space():
    st = after_setup()
    letter, at = sorted(st.barbs.items())[0]
    st = _caravan_moving_next_to(st, at)
    assert text(st, at) not in opts(st, "to")
    assert "barbarian" in why_illegal(st, Action("to", text(st, at)))


# ---------------------------------------------------------------- illegal actions

def test_illegal_action_names_the_decision_and_changes_nothing():
    st = after_setup()
    before = st.to_json()
    with pytest.raises(IllegalActionError) as e:
        apply(st, Action("place", "0,0"))
    assert "focus" in str(e.value)
    assert st.to_json() == before


# ---------------------------------------------------------------- events and victory

def test_wonder_icon_puts_a_token_then_removes_the_wonder():
    """U, Wonder Icons."""
    st = after_setup()
    top = st.wonder_decks["cultural"][0]
    second = st.wonder_decks["cultural"][1]
    push(st, {"kind": "event_wonder"})
    st = fresh(st)
    assert top in st.wonder_tokens
    push(st, {"kind": "event_wonder"})
    st = fresh(st)
    assert st.wonder_decks["cultural"][0] == second and top in st.gone_wonders
    assert top not in st.wonder_tokens


def test_government_token_moves_card_right():
    """U, Governments: a card with the token resolves arrows slots farther right, capped at 5."""
    st = after_setup()
    gov = next(g for g in st._c.ruleset.governments if g.type == "culture")
    st.players[0].gov = gov.id
    set_slot(st, 0, "culture", 1)
    st = fresh(st)
    st = apply(st, Action("focus", "culture"))
    assert st.stack_frames[-1]["slot"] == 1 + gov.arrows
    st = apply(st, Action("back"))
    set_slot(st.copy(), 0, "culture", 5)


def test_round_end_victory_check_declares_the_winner():
    """U, Winning the Game: four of five victory cards, checked at the end of the round."""
    st = after_setup()
    c = st._c
    standard = [vc for vc in st.victory_cards if not c.victory_cards[vc].fort]
    for vc in standard:
        st.claims[c.victory_cards[vc].agendas[0].id] = [1]
    # The fourth card: a fort held by seat 1 (fort agendas must be held continuously).
    fort = next(s for s in range(st.board.n) if st.board.is_fort[s])
    st.cities[fort] = 1
    st._legal = None  # edited by hand: forget the caches (which agendas are known to be checked)
    # Both players resolve a card for no effect; the round ends and the check finds seat 1.
    for _ in range(st.n):
        assert st.winner == -1
        st = apply(st, Action("focus", "science"))
        st = apply(st, Action("resolve"))
        while st.winner == -1 and st.stack_frames[-1]["kind"] == "tech":
            st = apply(st, Action("pass"))
    assert st.winner == 1


def test_fort_agenda_is_lost_with_the_fort():
    """U, Fort Victory Cards: held continuously."""
    st = after_setup()
    fort = next(s for s in range(st.board.n) if st.board.is_fort[s])
    st.cities[fort] = 0
    push(st, {"kind": "agendas", "seats": [0]})
    st = fresh(st)
    assert 0 in st.claims["fortified"]
    del st.cities[fort]
    push(st, {"kind": "agendas", "seats": []})
    st = fresh(st)
    assert 0 not in st.claims["fortified"]


def test_growth_trade_tokens_reinforce_even_when_building_a_district():
    """U, Growth: tokens reinforce whether or not the card's effect was used to reinforce."""
    st = after_setup()
    b = st.board
    cap = st.capitals[0]
    n = next(n for n in b.nbrs[cap] if not b.is_water[n] and n not in st.cs_at)
    clear_space(st, n)
    st.ctl[n] = 0
    add_trade(st, 0, "growth", 1)
    st = fresh(st)
    st = resolve(st, "growth", spend=1)
    st = apply(st, Action("mode", "district"))
    st = apply(st, Action("skip"))
    assert st.stack_frames[-1]["kind"] == "reinforce" and st.stack_frames[-1]["left"] == 1
    st = apply(st, Action("reinforce", text(st, n)))
    assert n in st.reinforced


def test_a_capital_tile_that_cannot_touch_the_core_still_finds_a_place():
    """U, Setup 3h is silent when earlier capital tiles leave a later one no placement that
    touches 4 core/fort spaces (5-player seed 18, first options taken by a random bot). The
    data's fallback (capital_touch_fallback) counts every map space instead."""
    import random

    from newdawn.bots import RandomBot
    from newdawn.engine import new_game

    st = new_game({"players": 5}, 18)
    bot = RandomBot(random.Random(18))
    while st.stack_frames[-1]["kind"].startswith("setup"):
        opts = legal_actions(st)
        assert opts, f"no legal option at {st.stack_frames[-1]}"
        st = apply(st, bot.choose(None, opts))
    assert -1 not in st.capitals and len(set(st.capitals)) == 5
