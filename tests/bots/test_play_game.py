"""The one play loop (``newdawn.bots.play_game``): what it asks the bots, what its observers
see, and that a game it plays is the game its record replays."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from newdawn.bots import RandomBot, play_game
from newdawn.bots.random_bot import play_random
from newdawn.engine import (
    Action,
    GameState,
    decision_seat,
    game_config,
    legal_actions,
    make_record,
    new_game,
    replay,
)


class Counting:
    """A bot that needs a view: answers the first option and counts how often it was asked."""

    name = "counting"
    needs_view = True

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        assert view is not None and len(legal) > 1
        self.asked += 1
        return legal[0]


def test_observers_see_each_action_before_and_after_it_is_applied() -> None:
    config = game_config(2, max_rounds=30)
    st = new_game(config, 4)
    seen: list[tuple[int, str]] = []
    after_events: list[list[str]] = []

    def before(st: GameState, seat: int, a: Action) -> None:
        assert seat == decision_seat(st)
        assert a in legal_actions(st)  # the decision is still pending
        seen.append((seat, str(a)))

    def after(st: GameState, seat: int, a: Action) -> None:
        assert len(after_events) == len(seen) - 1
        after_events.append(list(st.events))

    st, n = play_game(st, [RandomBot(random.Random(4))] * 2, before=before, after=after)
    assert st.winner != -1 and n == len(seen) == len(after_events)
    # the record of what ``before`` saw replays to the same final state
    final = replay(make_record(config, 4, [a for _, a in seen]))[-1]
    assert final.to_json() == st.to_json()


def test_stop_and_step_limit_end_the_game_early() -> None:
    st, n = play_game(new_game(game_config(2), 1), [RandomBot(random.Random(1))] * 2, step_limit=25)
    assert n == 25 and st.winner == -1
    st, n = play_game(new_game(game_config(2), 1), [RandomBot(random.Random(1))] * 2,
                      stop=lambda s: s.round >= 3)
    assert st.round == 3 and st.winner == -1
    # one decision fewer of the same game is still in round 2: it stopped at the first chance
    st, _ = play_game(new_game(game_config(2), 1), [RandomBot(random.Random(1))] * 2, step_limit=n - 1)
    assert st.round == 2


def test_a_bot_that_needs_a_view_is_asked_only_real_choices() -> None:
    bot = Counting()
    real = 0

    def count(st: GameState, seat: int, a: Action) -> None:
        nonlocal real
        real += seat == 0 and len(legal_actions(st)) > 1

    st, n = play_game(new_game(game_config(2), 2), [bot, RandomBot(random.Random(2))], step_limit=400,
                      before=count)
    assert bot.asked == real > 0 and n == 400


def test_play_random_keeps_the_actions_of_the_game_it_played() -> None:
    config = game_config(3, max_rounds=20)
    st, n, actions = play_random(config, 9, keep_actions=True)
    assert len(actions) == n
    assert replay(make_record(config, 9, actions))[-1].to_json() == st.to_json()
    again, n2, none = play_random(config, 9)
    assert (n2, none) == (n, []) and again.to_json() == st.to_json()
