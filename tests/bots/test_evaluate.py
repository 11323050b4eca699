"""The static evaluation credits each seat with its own pieces: a change to one seat's pieces
moves that seat's score (and, for an army, the scores of the seats it threatens) and no other."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from helpers import after_setup, clear_space, set_slot  # noqa: E402

from newdawn.bots import GreedyBot, MctsBot, RandomBot  # noqa: E402
from newdawn.bots import mcts as mcts_module  # noqa: E402
from newdawn.bots.evaluate import (  # noqa: E402
    FORTS,
    HAND,
    W_AGENDA,
    W_CARD,
    W_FORT_RISK,
    W_REINFORCED,
    W_SPACE,
    W_STRIKE,
    W_THREAT,
    Evaluation,
    p_attack_wins,
    score,
    scores,
    value,
)
from newdawn.bots.mcts import around_attack  # noqa: E402
from newdawn.engine import (  # noqa: E402
    GameState,
    apply,
    apply_in_place,
    decision_seat,
    legal_actions,
    new_game,
    player_view,
)
from newdawn.engine.flow import add_trade  # noqa: E402
from newdawn.engine.military import defense_value  # noqa: E402
from newdawn.engine.state import LOCKED, content_for  # noqa: E402
from newdawn.engine.victory import fort_spaces  # noqa: E402


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


# ---------------------------------------------------------------- the fort terms (FORTS)

def _fort_position(tokens: int = 0, slot_pos: int = 5) -> tuple[GameState, int, int]:
    """Two players after setup: seat 0's first army beside an open fort (its other armies on
    the card, seat 1's off the map), its military card at row position ``slot_pos`` with
    ``tokens`` military trade tokens. Returns the state, the fort and the army's space."""
    st = after_setup()
    fort = fort_spaces(st)[0]
    b = st.board
    side = next(n for n in b.nbrs[fort] if not b.is_water[n] and n not in st.cities
                and n not in st.cs_at and n not in st.ctl and not b.is_fort[n])
    clear_space(st, side)
    set_slot(st, 0, "military", slot_pos)
    add_trade(st, 0, "military", tokens)
    st.players[0].armies = [side] + [LOCKED] * (len(st.players[0].armies) - 1)
    st.players[1].armies = [LOCKED] * len(st.players[1].armies)
    return st, fort, side


def _attack(st: GameState, seat: int) -> int:
    """Slot + combat bonus of the seat's military card + its military trade tokens."""
    c = content_for(st)
    row = st.players[seat].row
    i = next(i for i, cid in enumerate(row) if c.focus_cards[cid].type == "military")
    combat = next(e.int("combat") for e in c.focus_cards[row[i]].effects if e.op == "armies")
    return c.ruleset.row_slots[i] + combat + st.players[seat].trade.get("military", 0)


def test_attack_odds_count_the_36_rolls_with_ties_to_the_defender() -> None:
    for attack in range(0, 14):
        for defence in range(0, 14):
            wins = sum(1 for a in range(1, 7) for d in range(1, 7) if a + attack > d + defence)
            assert p_attack_wins(attack, defence) == pytest.approx(wins / 36)
    assert p_attack_wins(5, 6.5) == pytest.approx((p_attack_wins(5, 6) + p_attack_wins(5, 7)) / 2)


def test_greedy_judges_by_the_table_and_forts_adds_the_fort_terms() -> None:
    st, _, _ = _fort_position(slot_pos=5)
    assert GreedyBot(random.Random(0)).ev == Evaluation() == HAND
    assert Evaluation(W_STRIKE, W_FORT_RISK) == FORTS
    assert FORTS.score(st, 0) > HAND.score(st, 0) == score(st, 0)


def test_mcts_judges_by_the_evaluation_of_its_player_count_unless_given_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the mechanism, whatever the shipped table says: fort terms with 2 players, the rest by default
    monkeypatch.setattr(mcts_module, "EVALUATIONS", {2: FORTS})
    monkeypatch.setattr(mcts_module, "EVALUATION_OTHERWISE", HAND)
    monkeypatch.setattr(mcts_module, "TACTICS", {})
    monkeypatch.setattr(mcts_module, "LEARNED_LEAVES", frozenset())
    for players, want in ((2, FORTS), (4, HAND)):
        st = new_game({"players": players, "max_rounds": 200}, 3)
        seat, legal = decision_seat(st), legal_actions(st)
        bot = MctsBot(random.Random(0), iterations=1)
        bot.choose(player_view(st, seat), legal)
        assert bot.ev == bot._greedy.ev == want
        other = HAND if want == FORTS else FORTS
        given = MctsBot(random.Random(0), iterations=1, ev=other)
        given.choose(player_view(st, seat), legal)
        assert given.ev == given._greedy.ev == other


def test_mcts_judges_its_other_decisions_by_the_tactics_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """``TACTICS``: with 4 players (this test's table) the decisions outside the focus search are
    judged by the fort terms while the search keeps greedy's table; other counts judge every
    decision by the bot's evaluation; an evaluation given to the bot is used for both, unless
    the tactics one is given too."""
    monkeypatch.setattr(mcts_module, "EVALUATIONS", {})
    monkeypatch.setattr(mcts_module, "EVALUATION_OTHERWISE", HAND)
    monkeypatch.setattr(mcts_module, "TACTICS", {4: FORTS})
    monkeypatch.setattr(mcts_module, "LEARNED_LEAVES", frozenset())
    seen: list[Evaluation] = []
    real = GreedyBot.choose_in

    def spy(self: GreedyBot, *args: Any, **kw: Any) -> Any:
        seen.append(self.ev)
        return real(self, *args, **kw)

    monkeypatch.setattr(GreedyBot, "choose_in", spy)
    for players, kw, want in ((4, {}, (HAND, FORTS)), (2, {}, (HAND, HAND)),
                              (4, {"ev": HAND}, (HAND, HAND)),
                              (4, {"ev": HAND, "tactics": FORTS}, (HAND, FORTS))):
        st = new_game({"players": players, "max_rounds": 200}, 3)
        rng = random.Random(players)
        # play on to a decision of the current seat with several options that is not its focus choice
        while True:
            legal = legal_actions(st)
            seat = decision_seat(st)
            if (len(legal) > 1 and seat == st.current and all(a.verb != "focus" for a in legal)
                    and not around_attack(st, legal)):
                break
            apply_in_place(st, legal[int(rng.random() * len(legal))])
        seen.clear()
        bot = MctsBot(random.Random(0), iterations=1, **kw)
        bot.choose(player_view(st, seat), legal)
        assert (bot.ev, bot._greedy.ev) == want
        assert seen == [want[1]]


def test_strike_is_the_capture_odds_of_the_next_military_turn() -> None:
    """An army beside an open fort: the fort (a victory card: no fort held yet) times the odds
    of the card's slot, combat bonus and tokens against the fort's 6; more for a higher slot
    and for each token; nothing once the army is off the map and no army waits on the card."""
    gains = []
    for slot_pos, tokens in ((3, 0), (5, 0), (5, 2)):
        st, _, _ = _fort_position(tokens, slot_pos)
        gain = FORTS.score(st, 0) - HAND.score(st, 0)
        assert gain == pytest.approx(W_STRIKE * W_CARD * p_attack_wins(_attack(st, 0), 6))
        assert FORTS.score(st, 1) == HAND.score(st, 1)
        gains.append(gain)
    assert 0 < gains[0] < gains[1] < gains[2]
    st, _, _ = _fort_position()
    st.players[0].armies[0] = LOCKED
    assert FORTS.score(st, 0) == HAND.score(st, 0)


def test_fort_risk_is_what_a_rival_army_in_reach_can_take() -> None:
    """Seat 1 holds the fort with a city; seat 0's army beside it threatens a victory card of
    seat 1's by seat 0's attack odds against the city's defence; an army of seat 1's on the
    fort (+2) lowers that risk, and an army off the map threatens nothing."""
    st, fort, side = _fort_position(tokens=1)
    st.cities[fort] = 1
    defence = defense_value(st, "city", fort, 1, 0)
    risk = HAND.score(st, 1) - FORTS.score(st, 1)
    assert risk == pytest.approx(W_FORT_RISK * W_CARD * p_attack_wins(_attack(st, 0), defence)) and risk > 0
    guarded = st.copy()
    guarded.players[1].armies[0] = fort
    assert 0 < HAND.score(guarded, 1) - FORTS.score(guarded, 1) < risk
    far = st.copy()
    far.players[0].armies[0] = LOCKED
    assert FORTS.score(far, 1) == HAND.score(far, 1)


def test_base_evaluation_draws_caravans_to_a_city_state_and_counts_diplomacy_cards() -> None:
    """``evaluate.BASE`` (the base game's, ``hand_for("base")``): a caravan nearer a city-state
    whose card the seat lacks scores more, and each diplomacy card held counts; Terra Incognita
    keeps the table alone."""
    from newdawn.bots.evaluate import BASE, W_DIPLOMACY, caravans, hand_for

    assert hand_for("base") is BASE and hand_for("ti") is HAND
    st = new_game({"ruleset": "base", "players": 2, "map": "first_game"}, 3)
    b = st.board
    cs = min(st.cs_at)
    dist = {cs: 0}
    frontier = [cs]
    while frontier:
        nxt = []
        for x in frontier:
            for y in b.nbrs[x]:
                if y not in dist and not b.is_water[y]:
                    dist[y] = dist[x] + 1
                    nxt.append(y)
        frontier = nxt
    open_land = [s for s in dist if s not in st.cities and s not in st.cs_at]
    near = next(s for s in open_land if dist[s] == 1)
    far = max(open_land, key=dist.__getitem__)
    ps = st.players[0]
    ps.dipl = []
    ps.caravans = [far]
    at_far = caravans(st, 0)
    ps.caravans = [near]
    assert caravans(st, 0) > at_far
    ps.caravans = []
    assert caravans(st, 0) == 0.0
    ps.dipl = ["cs:" + st.cs_at[cs]]
    assert caravans(st, 0) == W_DIPLOMACY
    assert BASE.score(st, 0) - HAND.score(st, 0) == pytest.approx(W_DIPLOMACY)


def test_greedy_chain_ends_with_the_turn_when_an_engine_seat_plays_between() -> None:
    """Against the base game's Automated Player a seat's next decision after its turn is its
    own next turn (the AP's turn runs inside ``apply``). With ``turn`` the chain stops there,
    at the next focus choice, instead of planning the next turn on one sample of the AP's
    random choices."""
    from newdawn.bots.evaluate import BASE
    from newdawn.bots.greedy import chain_value, turn_of

    st = new_game({"ruleset": "base", "players": 2, "automa": True, "map": "first_game"}, 4)
    rnd = random.Random(0)
    while not (decision_seat(st) == 0 and st.stack_frames[-1]["kind"] == "focus"):
        apply_in_place(st, rnd.choice(legal_actions(st)))
    root = turn_of(st)
    focus = next(a for a in legal_actions(st) if str(a) == "focus science")
    ended = apply(st, focus)
    chain_value(ended, 0, 40, [0], ev=BASE, turn=root)
    assert ended.winner == -1 and turn_of(ended) != root
    assert decision_seat(ended) == 0 and ended.stack_frames[-1]["kind"] == "focus"
    on = apply(st, focus)
    chain_value(on, 0, 40, [0], ev=BASE)
    assert on.winner != -1 or on.stack_frames[-1]["kind"] != "focus" or turn_of(on) != turn_of(ended)
