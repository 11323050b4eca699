"""``state_from_view`` in the base ruleset: no tile stack (unused tiles go back to the box) and
wonder decks that lose cards by player count (``rulesets.wonder_remove``)."""

from __future__ import annotations

import random

import pytest

from newdawn.bots import RandomBot
from newdawn.engine import GameState, apply_in_place, decision_seat, legal_actions, new_game, player_view
from newdawn.engine.state import content_for
from newdawn.engine.view import state_from_view


def _states(players: int, seed: int, every: int) -> list[GameState]:
    st = new_game({"players": players, "max_rounds": 30, "ruleset": "base"}, seed)
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


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33)])
def test_base_rebuilt_state_plays_like_the_real_one(players: int, seed: int) -> None:
    states = _states(players, seed, every=41)
    assert states[0].stack_frames[-1]["k"].startswith("base_map"), "the map building is sampled too"
    for st in states:
        seat = decision_seat(st)
        view = player_view(st, seat)
        s2 = state_from_view(view, seed=st.version)
        assert legal_actions(s2) == legal_actions(st)
        assert player_view(s2, seat) == view
        assert s2.stack == () == st.stack
        if st.wonder_decks:
            assert _deck_eras(s2) == _deck_eras(st)
            hidden = sorted([*st.removed_wonders, *(w for d in st.wonder_decks.values() for w in d[1:])])
            hidden2 = sorted([*s2.removed_wonders, *(w for d in s2.wonder_decks.values() for w in d[1:])])
            assert hidden == hidden2
