"""``state_from_view``: a full state rebuilt from one seat's view, hidden parts sampled, in each
ruleset (the base game has no tile stack: unused tiles go back to the box; its wonder decks lose
cards by player count, ``rulesets.wonder_remove``)."""

from __future__ import annotations

import random

import pytest

from newdawn.bots import RandomBot
from newdawn.engine import GameState, apply_in_place, decision_seat, legal_actions, new_game, player_view
from newdawn.engine.state import content_for
from newdawn.engine.view import HIDDEN_FIELDS, state_from_view


def _states(players: int, seed: int, every: int, max_rounds: int = 40, ruleset: str = "ti") -> list[GameState]:
    st = new_game({"players": players, "max_rounds": max_rounds, "ruleset": ruleset}, seed)
    bot = RandomBot(random.Random(seed))
    out = []
    n = 0
    while st.winner == -1:
        if n % every == 0:
            out.append(st.copy())
        apply_in_place(st, bot.choose(None, legal_actions(st)))
        n += 1
    return out


def _deck_eras(st: GameState) -> dict[str, list[str]]:
    w = content_for(st).wonders
    return {t: [w[x].era for x in d] for t, d in st.wonder_decks.items()}


RULESETS = {
    # ruleset: (max rounds, every how many actions a state is rebuilt, first decision, has a tile stack)
    "ti": (40, 53, "setup_fort", True),
    "base": (30, 41, "base_map_tile", False),  # the map building is sampled too
}


@pytest.mark.parametrize(
    "ruleset,players,seed",
    [("ti", 2, 11), ("ti", 3, 12), ("ti", 4, 13), ("ti", 5, 14), ("base", 2, 31), ("base", 3, 32), ("base", 4, 33)],
)
def test_rebuilt_state_plays_like_the_real_one(ruleset: str, players: int, seed: int) -> None:
    max_rounds, every, first_decision, tile_stack = RULESETS[ruleset]
    states = _states(players, seed, every, max_rounds, ruleset)
    assert states[0].stack_frames[-1]["kind"] == first_decision
    for st in states:
        if not tile_stack:
            assert st.stack == ()
        seat = decision_seat(st)
        view = player_view(st, seat)
        for k in ("rng", "stack", "removed_wonders", "forced_dice"):
            assert k not in view
        s2 = state_from_view(view, seed=st.version)
        # Same options, same public table, hidden parts of the same shape.
        assert [str(a) for a in legal_actions(s2)] == view["decision"]["options"]
        assert legal_actions(s2) == legal_actions(st)
        pub = {k: v for k, v in player_view(s2, seat).items()}
        assert pub == view
        assert sorted(s2.stack) == sorted(st.stack)
        assert _deck_eras(s2) == _deck_eras(st)
        assert {t: d[:1] for t, d in s2.wonder_decks.items()} == {t: d[:1] for t, d in st.wonder_decks.items()}
        hidden = sorted([*st.removed_wonders, *(w for d in st.wonder_decks.values() for w in d[1:])])
        hidden2 = sorted([*s2.removed_wonders, *(w for d in s2.wonder_decks.values() for w in d[1:])])
        assert hidden == hidden2


def test_rebuilding_does_not_need_hidden_fields() -> None:
    """Poison every hidden field of the real state: the view, and so the rebuilt state,
    cannot depend on them."""
    st = _states(3, 21, every=97)[-1]
    seat = decision_seat(st)
    poisoned = st.copy()
    poisoned.stack = list(reversed(poisoned.stack))
    poisoned.rng = 12345
    poisoned.wonder_decks = {t: d[:1] + list(reversed(d[1:])) for t, d in poisoned.wonder_decks.items()}
    v1, v2 = player_view(st, seat), player_view(poisoned, seat)
    assert v1 == v2
    assert state_from_view(v1, 5) == state_from_view(v2, 5)
    assert not set(HIDDEN_FIELDS) & (set(v1) - {"wonder_decks"})


def test_sampling_varies_with_the_seed_and_plays_on_legally() -> None:
    st = _states(4, 31, every=71)[-1]
    seat = decision_seat(st)
    view = player_view(st, seat)
    a, b = state_from_view(view, 1), state_from_view(view, 2)
    assert a.stack != b.stack or a.wonder_decks != b.wonder_decks or a.rng != b.rng
    # Both samples play a game to the end with random bots without an illegal action.
    for s in (a, b):
        bot = RandomBot(random.Random(0))
        steps = 0
        while s.winner == -1 and steps < 3000:
            apply_in_place(s, bot.choose(None, legal_actions(s)))
            steps += 1
        assert steps > 0
