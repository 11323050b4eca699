"""The engine's public API: errors, explanations, notation, determinism, hidden information,
forced dice and decision ownership. Positions come from seeded random play."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from helpers import snapshot

from newdawn.bots import RandomBot
from newdawn.engine import (
    Action,
    GameState,
    IllegalActionError,
    NotationError,
    Refusal,
    apply,
    apply_in_place,
    decision_seat,
    determinize,
    legal_actions,
    new_game,
    parse_action,
    player_view,
    rounds_played,
    why_illegal,
    why_not,
)

SEARCH_GAMES = 40
"""Random games searched for a position before a test gives up (and skips, saying so)."""


def cfg(players: int) -> dict[str, Any]:
    return {"players": players, "max_rounds": 200}


def positions(players: int = 3, seeds: range = range(SEARCH_GAMES)) -> Iterator[tuple[GameState, Action]]:
    """Every (state, chosen action) of seeded RandomBot games; each state is a fresh object."""
    for seed in seeds:
        st = new_game(cfg(players), seed)
        bot = RandomBot(random.Random(seed))
        while st.winner == -1:
            opts = legal_actions(st)
            if not opts:
                break  # reported by test_random_sim
            a = bot.choose(None, opts)
            yield st, a
            st = apply(st, a)


def find(pred: Callable[[GameState], bool], players: int = 3) -> GameState:
    for st, _ in positions(players):
        if pred(st):
            return st
    pytest.skip(f"no such position in {SEARCH_GAMES} random games with {players} players")


# ---------------------------------------------------------------- a culture placement


def place_position() -> tuple[GameState, int, str]:
    """A pending culture 'place' decision and a space not offered because it is water or too
    difficult for the slot; returns the state, the space and the expected words."""

    def has_bad_space(st: GameState) -> bool:
        return st.stack_frames[-1]["kind"] == "place" and bad_space(st) is not None

    st = find(has_bad_space)
    s, words = bad_space(st)  # type: ignore[misc]
    return st, s, words


def bad_space(st: GameState) -> tuple[int, str] | None:
    f = st.stack_frames[-1]
    offered = {a.arg for a in legal_actions(st)}
    b = st.board
    for s in range(b.n):
        q, r = b.coords[s]
        if f"{q},{r}" in offered:
            continue
        if b.is_water[s]:
            return s, "water"
    for s in range(b.n):
        q, r = b.coords[s]
        if f"{q},{r}" not in offered and not b.is_fort[s] and b.diff[s] > f["max"]:
            return s, "difficulty"
    return None


def coord(st: GameState, s: int) -> str:
    q, r = st.board.coords[s]
    return f"{q},{r}"


def test_illegal_action_raises_naming_the_rule_and_leaves_the_state() -> None:
    st, s, words = place_position()
    bad = Action("place", coord(st, s))
    before = snapshot(st)
    with pytest.raises(IllegalActionError) as exc:
        apply(st, bad)
    assert words in str(exc.value), str(exc.value)
    assert snapshot(st) == before
    with pytest.raises(IllegalActionError) as exc2:
        apply_in_place(st, bad)
    assert words in str(exc2.value), str(exc2.value)
    assert snapshot(st) == before
    # The text form of the action is refused the same way.
    with pytest.raises(IllegalActionError):
        apply_in_place(st, str(bad))
    assert snapshot(st) == before
    # The state still works: its options are unchanged and one of them applies.
    assert legal_actions(st) == legal_actions(GameState.from_json(json.loads(before)))
    apply_in_place(st, legal_actions(st)[0])


def test_why_not_states_water_and_terrain_as_facts() -> None:
    st, s, words = place_position()
    r = why_not(st, Action("place", coord(st, s)))
    assert r is not None and r.kind == {"water": "water", "difficulty": "too_hard"}[words], r
    assert r.space == s
    if r.kind == "too_hard":
        assert (r.number, r.limit) == (st.board.diff[s], st.stack_frames[-1]["max"])
    assert why_not(st, f"place {coord(st, s)}") == r  # text gives the same answer
    reason = why_illegal(st, Action("place", coord(st, s)))  # the developer's plain form of the fact
    assert reason is not None and reason.startswith(r.kind) and coord(st, s) in reason, reason


def test_why_illegal_is_none_exactly_for_options() -> None:
    for i, (st, _) in enumerate(positions(3, range(3))):
        if i % 50:
            continue
        opts = legal_actions(st)
        for a in opts:
            assert why_illegal(st, a) is None, (a, why_illegal(st, a))
            assert why_illegal(st, str(a)) is None
        for bad in (Action("frobnicate"), Action("place", "999,999")):
            if bad not in opts:
                reason = why_illegal(st, bad)
                assert isinstance(reason, str) and reason, bad


def test_why_illegal_names_the_allowed_verbs() -> None:
    st = new_game(cfg(2), 1)
    reason = why_illegal(st, "frobnicate")
    assert reason is not None
    for verb in {a.verb for a in legal_actions(st)}:
        assert verb in reason


def finished_game(players: int = 2, seed: int = 0) -> GameState:
    st = new_game(cfg(players), seed)
    bot = RandomBot(random.Random(seed))
    while st.winner == -1:
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    return st


def test_after_the_end_nothing_is_legal() -> None:
    final = finished_game()
    assert legal_actions(final) == []
    assert decision_seat(final) == -1
    assert why_not(final, "done") == Refusal("game_over")
    assert why_illegal(final, "done") == "game_over"
    before = snapshot(final)
    with pytest.raises(IllegalActionError):
        apply(final, "done")
    with pytest.raises(IllegalActionError):
        apply_in_place(final, "done")
    assert snapshot(final) == before


def test_rounds_played_counts_complete_rounds() -> None:
    """A game that is over stops at the start of the round after its last complete one; a
    running game counts the round it is in."""
    final = finished_game()
    assert final.winner != -1 and rounds_played(final) == final.round - 1
    running = new_game({"players": 2}, 1)
    assert rounds_played(running) == running.round


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize("text", ["", "   ", "!!", "place$ 1,2", "??? x"])
def test_bad_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)
    st = new_game(cfg(2), 3)
    before = snapshot(st)
    with pytest.raises(NotationError):
        apply(st, text)
    with pytest.raises(NotationError):
        apply_in_place(st, text)
    assert snapshot(st) == before
    assert isinstance(why_illegal(st, text), str)


def test_notation_errors_are_value_errors_but_not_illegal_action_errors() -> None:
    assert issubclass(NotationError, ValueError)
    assert not issubclass(NotationError, IllegalActionError)


def test_bad_space_argument_is_refused() -> None:
    st, _, _ = place_position()
    before = snapshot(st)
    for arg in ("abc", "1", "1,2,3", "999,999"):
        with pytest.raises((IllegalActionError, NotationError)):
            apply(st, f"place {arg}")
        assert isinstance(why_illegal(st, f"place {arg}"), str)
    assert snapshot(st) == before


def test_text_is_canonical() -> None:
    assert parse_action("  place   1,-2 ") == Action("place", "1,-2")
    assert str(Action("done")) == "done"
    assert str(Action("place", "1,-2")) == "place 1,-2"


# ---------------------------------------------------------------- determinism


@pytest.mark.parametrize("players", [2, 5])
def test_same_config_seed_and_actions_give_the_same_states(players: int) -> None:
    first = list(itertools.islice(positions(players, range(7, 8)), 400))
    a_states = [snapshot(st) for st, _ in first]
    actions = [a for _, a in first]
    st = new_game(cfg(players), 7)
    b_states = []
    for a in actions:
        b_states.append(snapshot(st))
        st = apply(st, str(a))
    assert a_states == b_states
    # apply_in_place walks through the same states.
    st = new_game(cfg(players), 7)
    for i, a in enumerate(actions):
        assert snapshot(st) == a_states[i], i
        apply_in_place(st, a)


def test_different_seeds_give_different_games() -> None:
    assert snapshot(new_game(cfg(3), 1)) != snapshot(new_game(cfg(3), 2))


def test_json_round_trip_and_equality() -> None:
    for i, (st, a) in enumerate(positions(4, range(2))):
        if i % 97:
            continue
        back = GameState.from_json(json.loads(json.dumps(st.to_json())))
        assert back == st
        assert legal_actions(back) == legal_actions(st)
        assert apply(back, a) == apply(st, a)
        assert st.copy() == st


# ---------------------------------------------------------------- hidden information


def test_determinize_keeps_the_visible_and_reshuffles_the_hidden() -> None:
    checked = 0
    stack_changed = deck_changed = False
    for i, (st, _) in enumerate(positions(3, range(2))):
        if i % 113 or st.winner != -1 or -1 in st.capitals:
            continue
        seat = decision_seat(st)
        for k in range(4):
            d = determinize(st, seat, k)
            for viewer in {seat, -1, (seat + 1) % st.n}:
                assert json.dumps(player_view(d, viewer), sort_keys=True) == \
                    json.dumps(player_view(st, viewer), sort_keys=True)
            assert legal_actions(d) == legal_actions(st)
            assert sorted(d.stack) == sorted(st.stack)
            stack_changed |= d.stack != st.stack
            deck_changed |= d.wonder_decks != st.wonder_decks or d.removed_wonders != st.removed_wonders
            for wtype, deck in st.wonder_decks.items():
                assert d.wonder_decks[wtype][:1] == deck[:1]
                assert len(d.wonder_decks[wtype]) == len(deck)
        checked += 1
    assert checked > 5
    assert stack_changed, "determinize never changed the tile stack order"
    assert deck_changed, "determinize never changed the hidden wonders"


def test_determinize_leaves_its_input_alone() -> None:
    st = find(lambda s: -1 not in s.capitals and s.round > 3)
    before = snapshot(st)
    determinize(st, decision_seat(st), 5)
    assert snapshot(st) == before


# ---------------------------------------------------------------- dice and decisions


def attack_start() -> tuple[GameState, Action]:
    """A state and the action that starts a combat from it."""
    for st, a in positions(3):
        if st.stack_frames[-1]["kind"] == "combat":
            continue
        nxt = apply(st, a)
        if nxt.stack_frames and nxt.stack_frames[-1]["kind"] == "combat":
            return st, a
    pytest.skip(f"no attack in {SEARCH_GAMES} random games")


@pytest.mark.parametrize("dice", [(6, 1), (1, 6), (3, 3)])
def test_forced_dice_are_used(dice: tuple[int, int]) -> None:
    st, a = attack_start()
    forced = st.copy()
    forced.forced_dice = list(dice)
    before = snapshot(forced)
    nxt = apply(forced, a)
    assert snapshot(forced) == before  # the input keeps its dice
    f = nxt.stack_frames[-1]
    assert (f["attack_die"], f["defence_die"]) == dice
    assert nxt.forced_dice == []


def test_forced_dice_do_not_touch_the_generator() -> None:
    st, a = attack_start()
    forced = st.copy()
    forced.forced_dice = [2, 5]
    assert apply(forced, a).rng == st.rng  # both combat dice came from the list
    assert apply(st, a).rng != st.rng  # without them the generator rolls


def test_forced_dice_survive_json_and_copy() -> None:
    st, _ = attack_start()
    forced = st.copy()
    forced.forced_dice = [4, 2]
    assert forced.copy().forced_dice == [4, 2]
    assert GameState.from_json(json.loads(json.dumps(forced.to_json()))).forced_dice == [4, 2]
    assert "forced_dice" not in player_view(forced, 0)


def test_decision_seat_is_the_defender_when_the_defender_spends() -> None:
    st = find(lambda s: s.stack_frames[-1]["kind"] == "combat" and s.stack_frames[-1]["stage"] == "defender",
              players=4)
    f = st.stack_frames[-1]
    assert f["defender"] >= 0
    assert decision_seat(st) == f["defender"]
    assert decision_seat(st) != f["attacker"]
    view = player_view(st, f["defender"])
    assert view["decision"]["seat"] == f["defender"]
    assert view["decision"]["options"] == [str(x) for x in legal_actions(st)]
    assert player_view(st, f["attacker"])["decision"]["options"] == []


def test_decision_seat_during_play_and_after() -> None:
    for st, _ in positions(2, range(1)):
        assert 0 <= decision_seat(st) < st.n
        assert decision_seat(st) == st.stack_frames[-1].get("seat", st.current)
    assert decision_seat(finished_game()) == -1


def test_player_view_does_not_show_the_seed() -> None:
    """With the seed and the public actions a seat could replay the generator: it knows the
    tile stack and every future die. The view keeps the rest of the configuration."""
    st = new_game(cfg(3), 12345)
    for seat in (-1, 0, 1, 2):
        view = player_view(st, seat)
        assert "seed" not in view["config"]
        assert view["config"]["players"] == 3
        assert "12345" not in json.dumps(view)


def test_player_view_does_not_change_when_the_game_moves_on() -> None:
    """A view is a snapshot: playing on in place (apply_in_place) leaves it as it was."""
    from newdawn.engine import apply_in_place

    st = new_game(cfg(2), 4)
    view = player_view(st, 0)
    before = json.dumps(view, sort_keys=True)
    for _ in range(40):
        apply_in_place(st, legal_actions(st)[0])
    assert json.dumps(view, sort_keys=True) == before


def test_a_hand_edit_that_completes_an_agenda_is_claimed_at_the_next_action() -> None:
    """``st._legal = None`` after a hand edit says the agendas were not checked since: the next
    action checks them, under ``apply`` and ``apply_in_place`` alike, even one (a focus choice)
    that changes nothing the agendas read."""
    st = new_game(cfg(2), 3)
    bot = RandomBot(random.Random(3))
    while not (st.version > 40 and st.stack_frames[-1]["kind"] == "focus"):
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    seat = st.current
    st.victory_cards = [*st.victory_cards, "victory_6"]  # its attack agenda needs a value of 16
    st.players[seat].flags["best_attack"] = 99
    st._legal = None
    a = legal_actions(st)[0]
    copied = apply(st, a)
    apply_in_place(st, a)
    assert snapshot(st) == snapshot(copied)
    assert any(seat in st.claims.get(ag.id, []) for ag in st._c.victory_cards["victory_6"].agendas)
