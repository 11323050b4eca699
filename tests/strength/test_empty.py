"""Empty turns (strength.empty) on constructed positions: a card resolved for no effect while
another card would have done something is empty; a turn that placed a piece, or a turn where
no card could do anything, is not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from newdawn.engine import GameState, apply, legal_actions
from newdawn.scenario import parse
from newdawn.strength.empty import EmptyTurns, changed, is_empty, turn_end, useful

NOTHING = (Path(__file__).parents[1] / "scenarios" / "turn" / "military_with_nothing_to_do.toml").read_text()
"""Red's military card has nothing to do: no army on the map, none can leave its card."""


def _red_to_move() -> GameState:
    st = parse(NOTHING.split("[[step]]")[0], "nothing.toml").state
    assert legal_actions(st)[0].verb == "focus" and st.current == 0
    return st


def _culture_resolved() -> tuple[GameState, GameState, list[Any]]:
    """Red's turn start, the position after it resolves culture (tokens to place, or "done"),
    and that decision's options."""
    st = _red_to_move()
    s = apply(apply(st, "focus culture"), "resolve")
    legal = legal_actions(s)
    assert "done" in [str(a) for a in legal]
    return st, s, legal


def test_a_card_resolved_for_nothing_while_culture_would_place_tokens_is_empty() -> None:
    st = _red_to_move()
    line = ["focus military", "resolve", "done"]
    end = turn_end(st, 0, line)
    assert end.players[0].row[0] != st.players[0].row[0]  # the row moved...
    assert not changed(st, end, 0)  # ...and nothing else did
    assert useful(st, 0, "focus culture")
    assert is_empty(st, 0, line)


def test_a_turn_that_placed_tokens_is_not_empty() -> None:
    st = _red_to_move()
    s = apply(apply(st, "focus culture"), "resolve")
    line = ["focus culture", "resolve"]
    while s.current == 0 and legal_actions(s)[0].verb == "place":
        a = str(legal_actions(s)[0])
        line.append(a)
        s = apply(s, a)
    end = turn_end(st, 0, line)
    assert changed(st, end, 0)
    assert not is_empty(st, 0, line)


def test_the_turn_ends_before_the_next_turn_starts() -> None:
    """``turn_end`` stops where the next seat's turn would begin: the rival's pieces and the
    event dial are as they were, and the stop step is the seat's own."""
    st = _red_to_move()
    end = turn_end(st, 0, ["focus military", "resolve", "done"])
    assert end.stack_frames[-1] == {"kind": "focus", "seat": 0}
    assert end.event_pos == st.event_pos
    real = apply(apply(apply(st, "focus military"), "resolve"), "done")
    assert real.current == 1 and real.stack_frames[-1]["seat"] == 1


def test_no_card_could_do_anything_is_not_an_empty_turn(monkeypatch: object) -> None:
    st = _red_to_move()
    import newdawn.strength.empty as empty

    # With every other card judged unable to change anything, the turn is not counted.
    monkeypatch.setattr(empty, "useful", lambda *a, **k: False)  # type: ignore[attr-defined]
    assert not empty.is_empty(st, 0, ["focus military", "resolve", "done"])


def test_the_counter_counts_turns_and_empty_turns_per_seat() -> None:
    st = _red_to_move()
    et = EmptyTurns(2, seats=[0])
    from newdawn.bots.base import play_game

    class Script:
        name, needs_view = "script", False

        def __init__(self, moves: list[str]) -> None:
            self.moves = moves

        def choose(self, view: object, legal: list[object]) -> object:
            want = self.moves.pop(0) if self.moves else None
            return next((a for a in legal if str(a) == want), legal[0])

    red = Script(["focus military", "resolve", "done"])
    blue = Script([])
    play_game(st, [red, blue], before=et.before, after=et.after, stop=lambda s: s.current == 0 and s.round > 1)
    assert et.turns == [1, 0] and et.counts == [1, 0]


def test_hard_out_of_time_still_does_not_end_a_turn_that_did_nothing(monkeypatch: object) -> None:
    """Once the turn's CPU time is spent, mcts answers by one ply (``greedy_step``); a "done"
    from there while the turn has changed nothing since its focus choice is replaced by an
    active option (``TurnStart.not_idle``), as it is within the time."""
    import random

    import newdawn.bots.mcts as mcts
    from newdawn.engine import parse_action, player_view

    st, s, legal = _culture_resolved()
    bot = mcts.MctsBot(random.Random(1), time_s=0.01)
    bot.turn_start.set(st, player_view(st, 0))
    bot._turn, bot._spent = (s.round, s.current), 10.0  # the turn's time is gone
    monkeypatch.setattr(mcts, "greedy_step", lambda *a, **k: parse_action("done"))  # type: ignore[attr-defined]
    assert bot.choose(player_view(s, 0), legal).verb == "place"


def test_a_card_not_played_out_for_lack_of_time_is_still_checked_for_doing_something(monkeypatch: object) -> None:
    """``focus_values`` out of time cannot play a card's turn out; a short search
    (``greedy.can_change``) says whether the card could do anything, so a card with nothing to
    do is never taken as useful unchecked (Hard resolved such cards in long games)."""
    import newdawn.bots.greedy as greedy
    from newdawn.bots.evaluate import HAND

    st = _red_to_move()
    asked: list[str] = []

    def nothing_but_culture(s0: GameState, seat: int, focus: object, budget: int = 400) -> bool:
        asked.append(str(focus))
        return str(focus) == "focus culture"

    monkeypatch.setattr(greedy, "can_change", nothing_but_culture)  # type: ignore[attr-defined]
    values = {str(x.action): x.useful for x in greedy.focus_values(st, 0, legal_actions(st), HAND,
                                                                    clock=lambda: 1.0, stop=0.0)}
    assert values["focus military"] is False and values["focus culture"] is True
    assert sorted(asked) == sorted(str(a) for a in legal_actions(st))
    # with time, the card's turn is played out and judged by what it changed, not searched for
    asked.clear()
    greedy.focus_values(st, 0, legal_actions(st), HAND)
    assert asked == []


def test_normal_does_not_end_a_turn_that_did_nothing_when_the_dice_advise_against_an_attack(monkeypatch: object) -> None:
    """Normal judges a decision around an attack by the dice averaged (``turnbot.mean_best``),
    which can advise "done" after the card's attack mode was chosen for one roll: while the turn
    has changed nothing since its focus choice, an active option is taken instead
    (``TurnStart.not_idle``), as for every other decision."""
    import random

    import newdawn.bots.turnbot as turnbot
    from newdawn.engine import parse_action, player_view

    st, s, legal = _culture_resolved()
    bot = turnbot.TurnBot(random.Random(1), walk=0)
    bot.turn_start.set(st, player_view(st, 0))
    monkeypatch.setattr(turnbot, "around_attack", lambda *a, **k: True)  # type: ignore[attr-defined]
    monkeypatch.setattr(turnbot, "mean_best", lambda *a, **k: parse_action("done"))  # type: ignore[attr-defined]
    assert bot.choose(player_view(s, 0), legal).verb == "place"


def test_hard_does_not_end_a_turn_that_did_nothing_when_the_dice_advise_against_an_attack(monkeypatch: object) -> None:
    """Hard judges a decision around an attack by the dice averaged (``MctsBot._expected_choice``),
    and, as Normal, keeps a turn that has changed nothing since its focus choice from ending
    there (``TurnStart.not_idle``)."""
    import random

    import newdawn.bots.mcts as mcts
    from newdawn.engine import parse_action, player_view

    st, s, legal = _culture_resolved()
    bot = mcts.MctsBot(random.Random(1), time_s=5.0, walk=0)
    bot.turn_start.set(st, player_view(st, 0))
    bot._turn, bot._spent = (s.round, s.current), 0.0
    monkeypatch.setattr(mcts, "around_attack", lambda *a, **k: True)  # type: ignore[attr-defined]
    monkeypatch.setattr(mcts.MctsBot, "_expected_choice", lambda *a, **k: parse_action("done"))
    assert bot.choose(player_view(s, 0), legal).verb == "place"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_focus_card_taken_for_a_decisive_line_still_does_not_end_its_turn_idle(
        level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The decisive walk can take the focus card (a line that needs the dice); when the walk
    finds no line at the next decision and the bot's choice there is "done", the turn has done
    nothing since its focus choice and an active option is taken (``TurnStart.not_idle``): the
    focus choice is the turn's start even when the walk made it (Hard's empty turns in games it
    led, where the walk ran at every decision)."""
    import random

    import newdawn.bots.mcts as mcts
    import newdawn.bots.turnbot as turnbot
    from newdawn.engine import parse_action, player_view

    st, s, legal = _culture_resolved()
    module = turnbot if level == "normal" else mcts
    walk = iter([parse_action("focus culture")])
    monkeypatch.setattr(module, "decisive_choice", lambda *a, **k: next(walk, None))
    monkeypatch.setattr(turnbot.GreedyBot if level == "normal" else mcts.GreedyBot, "choose_in",
                        lambda *a, **k: parse_action("done"))
    monkeypatch.setattr(module, "around_attack", lambda *a, **k: False)
    bot = turnbot.TurnBot(random.Random(1)) if level == "normal" else mcts.MctsBot(random.Random(1), time_s=5.0, walk=10)
    assert str(bot.choose(player_view(st, 0), legal_actions(st))) == "focus culture"
    assert bot.choose(player_view(s, 0), legal).verb == "place"


def test_hard_out_of_time_does_not_choose_a_mode_with_nothing_to_do(monkeypatch: object) -> None:
    """A Growth card's two modes tie for one ply before either acts; out of time, mcts took the
    first listed, a mode with nothing to do (reinforce, with no control token on the map), and
    the turn ended with only "done" on offer. An option that leads straight to nothing but
    passive options (``greedy.dead_end``) is replaced while the turn has changed nothing."""
    import random

    import newdawn.bots.mcts as mcts
    from newdawn.bots.greedy import dead_end
    from newdawn.engine import parse_action, player_view

    st = _red_to_move()
    s = apply(apply(st, "focus growth"), "resolve")
    legal = legal_actions(s)
    assert [str(a) for a in legal] == ["mode district", "mode reinforce"]
    assert dead_end(s, 0, parse_action("mode reinforce")) and not dead_end(s, 0, parse_action("mode district"))
    bot = mcts.MctsBot(random.Random(1), time_s=0.01)
    bot.turn_start.set(st, player_view(st, 0))
    bot._turn, bot._spent = (s.round, s.current), 10.0  # the turn's time is gone
    monkeypatch.setattr(mcts, "greedy_step", lambda *a, **k: parse_action("mode reinforce"))  # type: ignore[attr-defined]
    assert str(bot.choose(player_view(s, 0), legal)) == "mode district"


def test_an_option_that_does_something_before_a_step_with_only_done_is_not_a_dead_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A culture token placed, then a step whose only option is "done": the token was the turn's
    work, so ``dead_end`` does not count it (a Hard turn ended "done" with a token to place,
    when the placement was counted as leading nowhere)."""
    import newdawn.bots.greedy as greedy
    from newdawn.engine import parse_action

    st = _red_to_move()
    s = apply(apply(st, "focus culture"), "resolve")
    place = next(a for a in legal_actions(s) if a.verb == "place")
    real = greedy.legal_actions
    monkeypatch.setattr(greedy, "legal_actions",
                        lambda x: [parse_action("done")] if x.current == 0 else real(x))
    assert not greedy.dead_end(s, 0, place)
    growth = apply(apply(st, "focus growth"), "resolve")
    assert greedy.dead_end(growth, 0, parse_action("mode reinforce"))
