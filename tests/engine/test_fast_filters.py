"""The option functions of the frequent decisions filter spaces with fast predicates of their own
(no refusal text, each effect asked once per list); the refusals that ``why_illegal`` gives come
from the ``*_reason`` functions. Both must agree: on the states of seeded random games of both
rulesets (many leaders, wonders and diplomacy cards come up), the fast filters keep exactly the
spaces the reason functions allow (the step options in the same order)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from newdawn.bots import RandomBot
from newdawn.engine import (
    GameState,
    apply_in_place,
    economy,
    game_config,
    legal_actions,
    military,
    new_game,
    spaces,
)
from newdawn.engine.spaces import space_actions

GAMES = [("ti", 2, 31), ("ti", 3, 32), ("ti", 4, 33), ("ti", 5, 34), ("ti", 4, 35), ("base", 3, 36), ("base", 4, 37)]


def _states(ruleset: str, players: int, seed: int) -> Iterator[GameState]:
    """Every state of a seeded random game, each while its decision waits."""
    st = new_game(game_config(players, max_rounds=40, ruleset=ruleset), seed)
    bot = RandomBot(random.Random(seed))
    while st.winner == -1:
        yield st
        apply_in_place(st, bot.choose(None, legal_actions(st)))


@pytest.mark.parametrize(("ruleset", "players", "seed"), GAMES)
def test_step_options_are_the_spaces_the_reasons_allow(ruleset: str, players: int, seed: int) -> None:
    steps = 0
    for st in _states(ruleset, players, seed):
        f = st.stack_frames[-1]
        if f["kind"] == "army_step" and f["left"] > 0:
            here = st.players[f["seat"]].armies[f["figure"]]
            allowed = [n for n in st.board.nbrs[here] if military.army_enter_reason(st, f, n) is None]
            assert military._army_steps(st, f, here) == space_actions("to", st, allowed), (seed, st.version)
            steps += 1
        elif f["kind"] == "caravan_step" and f["left"] > 0:
            here = st.players[f["seat"]].caravans[f["figure"]]
            nbrs = economy.caravan_nbrs(st, f["seat"], here)
            allowed = [n for n in nbrs if economy.caravan_enter_reason(st, f, n) is None]
            assert economy._caravan_steps(st, f, here) == space_actions("to", st, allowed), (seed, st.version)
            steps += 1
        if st.version % 7 == 0:  # a sample of states: every space, every seat
            for seat in range(st.n):
                for s in range(st.board.n):
                    assert military.has_target(st, seat, s) == bool(military.targets_at(st, seat, s))
    assert steps > 50  # the comparison ran


@pytest.mark.parametrize(("ruleset", "players", "seed"), GAMES[::2])
def test_legal_spaces_are_those_the_reasons_allow(ruleset: str, players: int, seed: int) -> None:
    """``spaces.control_legal`` and ``city_legal`` (the place, build and district options) keep
    exactly the spaces ``control_reason`` and ``city_reason`` find nothing against, for every
    seat and slot, on a sample of the states of random games."""
    compared = 0
    for st in _states(ruleset, players, seed):
        if st.version % 11:
            continue
        every = range(st.board.n)
        for seat in range(st.n):
            for max_diff in (None, 0, 1, 2, 3):
                assert spaces.control_legal(st, seat, every, max_diff) == {
                    s for s in every if spaces.control_reason(st, seat, s, max_diff) is None}, (seed, st.version)
                assert spaces.city_legal(st, seat, every, max_diff) == {
                    s for s in every if spaces.city_reason(st, seat, s, max_diff) is None}, (seed, st.version)
                compared += 1
    assert compared > 100
