"""The levels a player chooses (``registry.LEVELS``) and each seat's chance of winning
(``win_chances``), read from one seat's view."""

from __future__ import annotations

import random
import time

import pytest

from newdawn.bots import RandomBot, make_bot, play_game, win_chances
from newdawn.bots.registry import KINDS, LEVELS
from newdawn.engine import (
    Action,
    GameState,
    apply_in_place,
    decision_seat,
    game_config,
    legal_actions,
    new_game,
    player_view,
)


def test_every_level_is_a_bot_spec_with_words_for_the_lobby() -> None:
    assert list(LEVELS) == ["easy", "normal", "hard"]
    for name, level in LEVELS.items():
        assert level.spec == name and name in KINDS
        assert level.label and level.description.endswith(".")
        assert make_bot(level.spec, 1).needs_view


@pytest.mark.parametrize("spec", ["easy", "normal", "hard:3i"])
def test_each_level_plays_legal_moves_to_the_end_of_a_game(spec: str) -> None:
    st = new_game(game_config(2, max_rounds=4), 7)
    end, _ = play_game(st, [make_bot(spec, 1), make_bot("greedy", 2)])
    assert end.winner != -1


def test_a_bad_level_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="bad budget"):
        make_bot("hard:fast", 0)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("normal:1s", 0)


def _midgame(seed: int, actions: int = 400):  # type: ignore[no-untyped-def]
    st = new_game(game_config(3, max_rounds=40), seed)
    bot = RandomBot(random.Random(seed))
    for _ in range(actions):
        if st.winner != -1:
            break
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    return st


def test_win_chances_sum_to_one_and_read_only_the_view() -> None:
    st = _midgame(11)
    seat = decision_seat(st)
    chances = win_chances(player_view(st, seat))
    assert set(chances) == {0, 1, 2}
    assert abs(sum(chances.values()) - 1.0) < 1e-9 and all(0.0 < p < 1.0 for p in chances.values())
    poisoned = st.copy()
    poisoned.stack = list(reversed(poisoned.stack))
    poisoned.rng = 4242
    poisoned.wonder_decks = {t: d[:1] + list(reversed(d[1:])) for t, d in poisoned.wonder_decks.items()}
    assert win_chances(player_view(poisoned, seat)) == chances


def test_a_finished_game_gives_the_winner_certainty() -> None:
    st, _ = play_game(new_game(game_config(2, max_rounds=60), 3), [make_bot("greedy", 1), make_bot("greedy", 2)])
    chances = win_chances(player_view(st, 0))
    if st.winner >= 0:
        assert chances[st.winner] == 1.0 and chances[1 - st.winner] == 0.0
    else:
        assert chances == {0: 0.5, 1: 0.5}


def test_normal_stops_resampling_the_dice_when_its_cpu_allowance_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """``turnbot.mean_best`` judges every option on the position it was given first; further
    re-samplings start only while the allowance lasts (none with an allowance of 0)."""
    import newdawn.bots.base as samples_from
    import newdawn.bots.turnbot as turnbot
    from newdawn.bots.greedy import GreedyBot

    st = new_game(game_config(2), 5)
    legal = legal_actions(st)
    drawn: list[int] = []
    real = samples_from.determinize
    monkeypatch.setattr(samples_from, "determinize", lambda *a: drawn.append(1) or real(*a))
    greedy = GreedyBot(random.Random(0))
    assert turnbot.mean_best(greedy, st, 0, legal, 4, random.Random(0), cpu_s=0.0) in legal
    assert drawn == []
    assert turnbot.mean_best(greedy, st, 0, legal, 4, random.Random(0)) in legal
    assert len(drawn) == 3


def _at_a_focus_choice(st: GameState) -> GameState:
    bot = RandomBot(random.Random(0))
    while legal_actions(st)[0].verb != "focus":
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    return st


def _burn(seconds: float) -> None:
    t = time.thread_time()
    while time.thread_time() - t < seconds:
        pass


def test_the_focus_resamplings_share_counts_the_decisive_walks_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A focus choice's re-samplings (``TurnBot.focus_s``) count from the decision's start: a walk
    that spent the share leaves none (Hard's focus choices took the walk's 0.5 s plus 0.8 s)."""
    import newdawn.bots.base as samples_from
    import newdawn.bots.turnbot as turnbot

    st = _at_a_focus_choice(new_game(game_config(2), 5))
    drawn: list[int] = []
    real = samples_from.determinize
    monkeypatch.setattr(samples_from, "determinize", lambda *a: drawn.append(1) or real(*a))
    seat = decision_seat(st)
    values = turnbot.focus_values(st, seat, legal_actions(st), turnbot.hand_for(st.ruleset))
    monkeypatch.setattr(turnbot, "focus_values", lambda *a, **k: values)  # the cards judged at once
    monkeypatch.setattr(turnbot, "decisive_choice", lambda *a, **k: _burn(0.3))
    bot = turnbot.TurnBot(random.Random(0), walk=1, focus_s=0.25)
    assert bot.choose(player_view(st, seat), legal_actions(st)) in legal_actions(st)
    assert drawn == []
    monkeypatch.setattr(turnbot, "decisive_choice", lambda *a, **k: None)
    assert bot.choose(player_view(st, seat), legal_actions(st)) in legal_actions(st)
    assert drawn  # with the share left, the cards are judged again on re-sampled dice


@pytest.mark.parametrize("found_at_focus", [False, True])
def test_a_focus_choice_walks_longer_than_a_decision_inside_the_turn(monkeypatch: pytest.MonkeyPatch,
                                                                    found_at_focus: bool) -> None:
    """The decisive walks end ``walk_s`` after a focus choice starts and ``walk_in_s`` after a
    decision inside the turn starts (in long end games every decision walks), unless the focus
    choice's walk found a line: then the turn's later walks keep ``walk_s``."""
    import newdawn.bots.turnbot as turnbot
    from newdawn.bots.tactics import is_turn_start

    st = _at_a_focus_choice(new_game(game_config(2, ruleset="base"), 5))
    seat = decision_seat(st)
    spans: list[tuple[bool, float]] = []

    def spy(s: GameState, _seat: int, legal: list[Action], *a: object) -> Action | None:
        start = is_turn_start(s)
        spans.append((start, float(a[4]) - time.thread_time()))  # type: ignore[arg-type]
        return legal[0] if start and found_at_focus else None

    monkeypatch.setattr(turnbot, "decisive_choice", spy)
    bot = turnbot.TurnBot(random.Random(0), walk_s=3.0, walk_in_s=1.0, rest_s=0.0)
    while st.current == seat and decision_seat(st) == seat and st.winner == -1:
        apply_in_place(st, bot.choose_in(st, seat, legal_actions(st)))
    assert spans[0][0] and 2.5 < spans[0][1] <= 3.0
    inside = [left for start, left in spans if not start]
    low, high = (2.5, 3.0) if found_at_focus else (0.5, 1.0)
    assert inside and all(low < left <= high for left in inside)


def test_hard_caps_a_decisions_cpu_and_normal_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's first pass over the focus cards stops playing them out at ``max_s`` from the
    decision's start (its walks included); Normal plays every card out."""
    import newdawn.bots.turnbot as turnbot

    st = _at_a_focus_choice(new_game({**game_config(2, ruleset="base"), "automa": True}, 5))
    stops: list[float | None] = []
    real = turnbot.focus_values

    def spy(*a: object) -> object:
        stops.append(a[5] if len(a) > 5 else None)  # type: ignore[arg-type]
        return real(*a)  # type: ignore[arg-type]

    monkeypatch.setattr(turnbot, "focus_values", spy)
    hard = make_bot("hard:0.2s-cpu", 1)
    t = time.thread_time()
    hard.choose(player_view(st, decision_seat(st)), legal_actions(st))
    assert stops[0] is not None and t <= stops[0] <= time.thread_time() + 0.3
    stops.clear()
    make_bot("normal", 1).choose(player_view(st, decision_seat(st)), legal_actions(st))
    assert stops == [None]


@pytest.mark.parametrize(("players", "kind"), [(2, "TurnBot"), (4, "MctsBot")])
def test_hard_plays_each_game_by_the_search_its_table_names(players: int, kind: str) -> None:
    """``HARD_TURN``: in the games it lists Hard is Normal's judgement with time, elsewhere mcts."""
    from newdawn.bots.registry import HARD_TURN, HardBot

    st = _at_a_focus_choice(new_game(game_config(players), 3))
    assert ((st.ruleset, players) in HARD_TURN) == (kind == "TurnBot")
    hard = make_bot("hard:3i", 1)
    assert isinstance(hard, HardBot)
    assert hard.choose(player_view(st, decision_seat(st)), legal_actions(st)) in legal_actions(st)
    assert type(hard.bot).__name__ == kind
