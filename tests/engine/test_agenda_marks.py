"""The agenda check of ``apply_in_place`` trusts the engine's marks: after an action that never
called ``GameState.mark_agendas`` it keeps the agenda signature it had and does not compute it
again (``api._claim_completed``). A change to something an agenda reads made without the mark
would skip an agenda check the rules call for. These seeded random games of both rulesets (every
leader and many printed effects come up) recompute the signature after each action the engine
took as unmarked and fail on the first one that changed it."""

from __future__ import annotations

import random

import pytest

from newdawn.bots import RandomBot
from newdawn.engine import apply_in_place, decision_seat, game_config, legal_actions, new_game
from newdawn.engine.victory import agenda_signature


def _check_game(ruleset: str, players: int, seed: int) -> int:
    """Play one game; returns how many actions the engine took as unmarked (all checked)."""
    st = new_game(game_config(players, max_rounds=60, ruleset=ruleset), seed)
    bot = RandomBot(random.Random(seed))
    trusted = 0
    while st.winner == -1:
        legal = legal_actions(st)
        a = bot.choose(None, legal)
        kind, seat = st.stack_frames[-1]["kind"], decision_seat(st)
        kept = st._agenda_sig
        apply_in_place(st, a)
        if kept is not None and st._agenda_sig is kept and st.winner == -1:
            trusted += 1
            assert agenda_signature(st) == kept, (
                f"{ruleset} seed {seed}, action {st.version} ({a} by seat {seat} at a {kind!r} "
                "decision) changed what agendas read without GameState.mark_agendas"
            )
    return trusted


@pytest.mark.parametrize("ruleset", ["ti", "base"])
def test_unmarked_actions_leave_the_agenda_signature_as_it_was(ruleset: str) -> None:
    trusted = sum(
        _check_game(ruleset, players, seed)
        for players, seed in [(2, 11), (3, 12), (4, 13), (4, 14), (5, 15), (4, 16)]
        if not (ruleset == "base" and players == 5)
    )
    assert trusted > 1000  # the check ran (most actions leave agendas alone)
