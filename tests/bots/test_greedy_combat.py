"""Greedy judges a step into an attack by the fight's outcome (``greedy.settle``), whatever
its work budget: an open fort, worth a victory card, is attacked when the attack wins."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from helpers import after_setup, clear_space, fresh, resolve, set_slot, text  # noqa: E402

from newdawn.bots import GreedyBot, MctsBot  # noqa: E402
from newdawn.bots.greedy import in_combat, settle  # noqa: E402
from newdawn.bots.mcts import around_attack  # noqa: E402
from newdawn.engine import Action, apply, legal_actions  # noqa: E402
from newdawn.engine.flow import add_trade  # noqa: E402
from newdawn.engine.state import ON_CARD  # noqa: E402
from newdawn.engine.victory import fort_spaces  # noqa: E402


def _army_step_next_to_fort(dice: list[int], tokens: int = 0):
    """Seat 0 resolves military from slot 5 with its army beside an open fort and ``tokens``
    military trade tokens, the dice forced."""
    st = after_setup()
    add_trade(st, 0, "military", tokens)
    fort = fort_spaces(st)[0]
    b = st.board
    side = next(n for n in b.nbrs[fort] if not b.is_water[n] and n not in st.cities
                and n not in st.cs_at and n not in st.ctl and not b.is_fort[n])
    clear_space(st, side)
    set_slot(st, 0, "military", 5)
    st.players[0].armies[0] = side
    st.forced_dice = list(dice)
    st = fresh(st)
    st = resolve(st, "military")
    st = apply(st, Action("army", "0"))
    assert st.stack_frames[-1]["kind"] == "army_step"
    return st, fort


def test_settle_fights_out_an_attack_on_a_fort() -> None:
    for dice, won in (([6, 1], True), ([1, 6], False)):
        st, fort = _army_step_next_to_fort(dice)
        nxt = apply(st, Action("to", text(st, fort)))
        assert in_combat(nxt)
        settle(nxt)
        assert not in_combat(nxt)
        assert (nxt.cities.get(fort) == 0) is won
        assert (nxt.players[0].armies[0] == ON_CARD) is not won


def test_greedy_attacks_an_open_fort_it_beats_even_with_no_budget_left() -> None:
    """With a budget of 0 no option gets its chain played on, except one opening an attack."""
    st, fort = _army_step_next_to_fort([6, 1])
    legal = legal_actions(st)
    step = Action("to", text(st, fort))
    assert step in legal and len(legal) > 2
    bot = GreedyBot(random.Random(0), budget=0)
    assert bot.choose_in(st.copy(), 0, legal) == step
    # A lost fight is not worth it: the army would go back to its card.
    st, fort = _army_step_next_to_fort([1, 6])
    assert bot.choose_in(st.copy(), 0, legal_actions(st)) != Action("to", text(st, fort))


def test_mcts_weighs_an_attack_by_its_odds_not_by_one_roll() -> None:
    """The rolled dice lose this fort attack (1 + 5 + 2 tokens against 6 + 6); fresh dice win
    it 21 times in 36 (slot 5 and two boosts against the fort's 6). Greedy, on the one sample,
    declines; mcts averages over determinizations (new dice each) and attacks. With one sample
    it is greedy. One movement is left, so no other step can come back to the fort later in
    the turn (a sampled chain would otherwise attack there only when its own dice win)."""
    st, fort = _army_step_next_to_fort([1, 6], tokens=2)
    st.stack_frames[-1]["left"] = 1
    legal = legal_actions(st)
    step = Action("to", text(st, fort))
    assert around_attack(st, legal)
    assert GreedyBot(random.Random(0)).choose_in(st.copy(), 0, legal) != step
    assert MctsBot(random.Random(0), iterations=1, chance_samples=16)._expected_choice(st.copy(), 0, legal) == step
    assert MctsBot(random.Random(0), iterations=1, chance_samples=1)._expected_choice(st.copy(), 0, legal) != step
