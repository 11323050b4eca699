"""The static evaluation credits each seat with its own pieces: a change to one seat's pieces
moves that seat's score (and, for an army, the scores of the seats it threatens) and no other."""

from __future__ import annotations

import random

import pytest

from newdawn.bots import RandomBot
from newdawn.bots.evaluate import W_AGENDA, W_CARD, W_REINFORCED, W_SPACE, W_THREAT, score, scores, value
from newdawn.engine import GameState, apply_in_place, decision_seat, legal_actions, new_game
from newdawn.engine.state import content_for


def midgame(players: int = 3, seed: int = 4, rounds: int = 6) -> GameState:
    st = new_game({"players": players, "max_rounds": 200}, seed)
    bots = [RandomBot(random.Random(seed * 10 + s)) for s in range(players)]
    while st.winner == -1 and st.round < rounds:
        apply_in_place(st, bots[decision_seat(st)].choose(None, legal_actions(st)))
    assert st.winner == -1
    return st


def free_land(st: GameState) -> list[int]:
    """Land spaces with nothing on them and no city or army next to them."""
    b = st.board
    busy = set(st.cities) | set(st.ctl) | set(st.barbs.values()) | set(st.cs_at)
    for ps in st.players:
        busy.update(x for x in ps.armies if x >= 0)
    return [s for s in range(len(b.nbrs))
            if not b.is_water[s] and not b.is_fort[s] and st.board.terrain[s] != "natural_wonder"
            and s not in busy and not any(x in busy for x in b.nbrs[s])]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_value_is_own_score_less_best_rival(players: int) -> None:
    st = midgame(players)
    each = scores(st)
    assert each == [score(st, p) for p in range(players)]
    for seat in range(players):
        assert value(st, seat) == each[seat] - max(x for q, x in enumerate(each) if q != seat)


def test_control_token_counts_for_its_owner_only() -> None:
    st = midgame()
    before = scores(st)
    s = free_land(st)[0]
    st.ctl[s] = 1
    after = scores(st)
    assert after[1] >= before[1] + W_SPACE
    assert after[0] == before[0] and after[2] == before[2]
    st.reinforced.add(s)
    again = scores(st)
    assert again[1] >= after[1] + W_REINFORCED
    assert again[0] == after[0] and again[2] == after[2]


def army_beside_city_of(owner: int) -> tuple[GameState, int]:
    """A mid-game state with seat 0's armies off the map, and a land space next to one of
    ``owner``'s cities where no army or barbarian stands."""
    st = midgame()
    st.players[0].armies = [-1 for _ in st.players[0].armies]
    city = next(s for s, o in st.cities.items() if o == owner)
    hostile = set(st.barbs.values()) | {x for ps in st.players for x in ps.armies}
    spot = next(x for x in st.board.nbrs[city] if not st.board.is_water[x] and x not in hostile)
    return st, spot


def test_army_next_to_a_city_threatens_that_city_owner() -> None:
    st, spot = army_beside_city_of(2)
    before = scores(st)
    st.players[0].armies[0] = spot

    def near(seat: int) -> int:
        return sum(1 for c, o in st.cities.items() if o == seat and spot in st.board.nbrs[c])

    after = scores(st)
    assert near(2) >= 1
    for seat in (1, 2):
        assert after[seat] == pytest.approx(before[seat] - W_THREAT * near(seat))


def test_claimed_card_counts_for_the_claimer_only() -> None:
    st = midgame()
    before = scores(st)
    card = content_for(st).victory_cards[st.victory_cards[0]]
    st.claims[card.agendas[0].id] = [2]
    after = scores(st)
    assert after[2] >= before[2] + W_CARD - W_AGENDA
    assert after[0] == before[0] and after[1] == before[1]


def test_own_army_is_no_threat() -> None:
    st, spot = army_beside_city_of(0)
    before = score(st, 0)
    st.players[0].armies[0] = spot
    assert score(st, 0) >= before  # only the fort gradient can move, and only up
