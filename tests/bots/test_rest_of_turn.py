"""Against the Automated Player, and in 2-player games of either ruleset, Normal and Hard judge
each decision inside their turn by its rest of the turn played out, the AP's reply included
(``turnbot.rest_best``)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from newdawn.bots.base import samplings
from newdawn.bots.evaluate import hand_for
from newdawn.bots.random_bot import RandomBot
from newdawn.bots.registry import make_bot
from newdawn.bots.tactics import is_turn_start
from newdawn.bots.turnbot import REST_S, TurnBot, plays_rest, rest_best
from newdawn.engine import (
    GameState,
    apply,
    apply_in_place,
    card_counts,
    decision_seat,
    game_config,
    legal_actions,
    new_game,
    player_view,
)
from newdawn.scenario.build import load

POSITION = Path(__file__).parent / "positions" / "deny_the_automated_players_last_wonder.toml"
RED, BLUE = 0, 1


def _at_the_wonder_choice() -> GameState:
    sc = load(POSITION)
    st = sc.state
    for step in sc.steps:
        for a in step.data.get("do", []):
            st = apply(st, a)
    return st


def _turn_out(st: GameState, wonder: str) -> GameState:
    """Red builds ``wonder`` and ends its turn; the Automated Player's turn runs inside the
    last action, and the round's end after it."""
    st = apply(st, f"wonder {wonder}")
    while st.winner == -1 and decision_seat(st) == RED and st.round == 1:
        opts = [a for a in legal_actions(st) if a.verb != "back"]
        st = apply(st, opts[0])
    return st


def test_the_position_is_what_its_notes_say() -> None:
    st = _at_the_wonder_choice()
    assert {"wonder oracle", "wonder great_zimbabwe"} <= {str(a) for a in legal_actions(st)}
    after_oracle = _turn_out(st, "oracle")
    assert after_oracle.claims.get("scholarly_base") == [RED]
    assert after_oracle.winner == BLUE
    after_zimbabwe = _turn_out(st, "great_zimbabwe")
    assert after_zimbabwe.winner == -1 and card_counts(after_zimbabwe)[BLUE] == 2


def test_rest_of_the_turn_includes_the_automated_players_reply() -> None:
    st = _at_the_wonder_choice()
    legal = [a for a in legal_actions(st) if str(a) in ("wonder oracle", "wonder great_zimbabwe")]
    for seed in range(4):
        assert str(rest_best(st, RED, legal, hand_for("base"), random.Random(seed), 0.05)) == "wonder great_zimbabwe"


def test_normal_and_hard_deny_the_automated_player_its_last_wonder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both levels take the decision by ``rest_best`` (greedy's own chain is short enough here to
    see the AP's win too: the wiring is what this checks, the choice is the position's)."""
    import newdawn.bots.turnbot as turnbot

    calls: list[int] = []
    real = turnbot.rest_best
    monkeypatch.setattr(turnbot, "rest_best", lambda *a: calls.append(1) or real(*a))
    st = _at_the_wonder_choice()
    view, legal = player_view(st, RED), legal_actions(st)
    for spec in ("normal", "hard:50ms"):
        for seed in range(3):
            calls.clear()
            assert str(make_bot(spec, seed).choose(view, legal)) == "wonder great_zimbabwe", (spec, seed)
            assert calls == [1], (spec, seed)


def test_games_with_the_automated_player_and_two_player_games_play_the_rest_out() -> None:
    assert plays_rest(_at_the_wonder_choice())
    assert plays_rest(new_game({"players": 2, "ruleset": "base"}, 1))
    assert plays_rest(new_game({"players": 2, "ruleset": "ti"}, 1))
    assert not plays_rest(new_game({"players": 3, "ruleset": "ti"}, 1))
    assert not plays_rest(new_game({"players": 3, "ruleset": "base"}, 1))
    assert TurnBot().rest_s == REST_S > 0


def test_further_samplings_only_while_the_allowance_lasts(monkeypatch: pytest.MonkeyPatch) -> None:
    """``rest_best`` judges every option on the position it was given first, then on fresh
    samplings of the dice and hidden draws while ``cpu_s`` lasts (none with 0)."""
    import newdawn.bots.base as base

    st = _at_the_wonder_choice()
    legal = legal_actions(st)
    drawn: list[int] = []
    real = base.determinize
    monkeypatch.setattr(base, "determinize", lambda *a: drawn.append(1) or real(*a))
    assert rest_best(st, RED, legal, hand_for("base"), random.Random(0), 0.0) in legal
    assert drawn == []
    assert rest_best(st, RED, legal, hand_for("base"), random.Random(0), 0.2) in legal
    assert len(drawn) >= 2


def _ap_game_at_a_focus_choice(seed: int) -> GameState:
    st = new_game({**game_config(2, ruleset="base"), "automa": True}, seed)
    bot = RandomBot(random.Random(seed))
    while not is_turn_start(st):
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    return st


def test_samplings_give_the_position_first_then_fresh_draws_while_the_allowance_lasts() -> None:
    st = _ap_game_at_a_focus_choice(3)
    seat = decision_seat(st)
    got = list(samplings(st, seat, random.Random(0), lambda: 0.0, samples=3))
    assert len(got) == 3 and got[0] is st and all(g is not st and g.round == st.round for g in got[1:])
    now = [0.0]

    def taken(stop: float) -> int:
        """Samplings given by a clock that moves one second a sampling."""
        now[0] = 0.0
        n = 0
        for _ in samplings(st, seat, random.Random(0), lambda: now[0], stop=stop):
            n += 1
            now[0] += 1.0
        return n

    assert taken(2.5) == 2  # a third would have ended at 3
    assert taken(3.0) == 3
    assert taken(-1.0) == 1  # the first is always given


def test_with_its_cap_spent_a_decision_takes_greedys_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision inside the turn whose cap (``TurnBot.max_s``) its walks have spent is not
    judged by lines cut short at once: it takes greedy's own choice."""
    import newdawn.bots.turnbot as turnbot

    st = _at_the_wonder_choice()
    rested: list[float] = []
    monkeypatch.setattr(turnbot, "rest_best", lambda *a: rested.append(a[5]) or legal_actions(st)[0])
    monkeypatch.setattr(turnbot, "decisive_choice", lambda *a, **k: _burn(0.05))
    legal = legal_actions(st)
    capped = TurnBot(random.Random(0), max_s=0.02, rest_s=0.5)
    assert capped.choose_in(st, RED, legal) in legal
    assert rested == []
    uncapped = TurnBot(random.Random(0), rest_s=0.5)
    uncapped.choose_in(st, RED, legal)
    assert rested == [0.5]


def _burn(seconds: float) -> None:
    t = time.thread_time()
    while time.thread_time() - t < seconds:
        pass


def _inside_a_turn(players: int, seed: int, ruleset: str = "ti") -> GameState:
    """A game at a decision inside a seat's own turn with a choice to make."""
    st = new_game(game_config(players, ruleset=ruleset), seed)
    bot = RandomBot(random.Random(seed))
    while True:
        legal = legal_actions(st)
        inside = not is_turn_start(st) and decision_seat(st) == st.current
        if inside and st.round > 2 and len([a for a in legal if a.verb != "back"]) > 1:
            return st
        apply_in_place(st, bot.choose(None, legal))


@pytest.mark.parametrize(("ruleset", "players", "rests"), [("ti", 2, True), ("ti", 3, False), ("base", 2, True),
                                                            ("base", 3, False)])
def test_in_two_player_games_the_turns_decisions_play_the_rest_out(
        monkeypatch: pytest.MonkeyPatch, ruleset: str, players: int, rests: bool) -> None:
    """There the line ends with the seat's own turn (``turnbot.REST_GAMES``); with 3 players
    the decisions stay greedy's."""
    import newdawn.bots.turnbot as turnbot

    calls: list[float] = []
    real = turnbot.rest_best
    monkeypatch.setattr(turnbot, "rest_best", lambda *a: calls.append(a[5]) or real(*a))
    st = _inside_a_turn(players, 5, ruleset)
    legal = legal_actions(st)
    assert TurnBot(random.Random(0), walk=0).choose_in(st, st.current, legal) in legal
    assert calls == ([REST_S] if rests else [])
