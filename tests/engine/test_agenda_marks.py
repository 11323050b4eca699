"""The agenda check of ``apply`` trusts the engine's marks: after an action that never called
``GameState.mark_agendas`` it checks no agenda (``api._claim_completed``). A change to something
an agenda reads made without the mark would skip an agenda check the rules call for. These
seeded random games of both rulesets (every leader and many printed effects come up) take an
exact snapshot of what agendas read around each action the engine took as unmarked and fail on
the first one that changed it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from newdawn.bots import RandomBot
from newdawn.engine import GameState, api, apply_in_place, decision_seat, game_config, legal_actions, new_game
from newdawn.engine.victory import OPTIONAL_FACTS, agenda_facts


def agenda_inputs(st: GameState) -> list[Any]:
    """Every fact an agenda reads (``GameState.mark_agendas``), exactly: the pieces on the map
    and their owners, the map's size, the claims, and each player's wonders, resources, natural
    wonders, diplomacy cards and attack facts; and, when this game's victory cards read them
    (``victory.OPTIONAL_FACTS``; all of them before the cards are dealt), the reinforced sides,
    the dials and the cards of the focus rows (not their order: only the level IV agendas read
    the row)."""
    facts = agenda_facts(st) if st.victory_cards else frozenset(OPTIONAL_FACTS)
    out: list[Any] = [
        dict(st.ctl), dict(st.cities), dict(st.district), st.board.n,
        dict(st.cs_conquered), {k: list(v) for k, v in st.claims.items()},
        sorted(st.reinforced) if "reinforced" in facts else None,
    ]
    for p in st.players:
        out.append((list(p.wonders), dict(p.resources), list(p.nws), sorted(p.dipl),
                    p.dial if "dial" in facts else None, sorted(p.row) if "row" in facts else None,
                    p.flags.get("capitals", 0), p.flags.get("best_attack", 0)))
    return out


def _check_game(ruleset: str, players: int, seed: int, marked: list[bool]) -> int:
    """Play one game; returns how many actions the engine took as unmarked (all checked).
    ``marked`` gets, for each action, whether the state was marked when its agenda check was
    due: once its automatic steps have run (``api.advance``, wrapped by the test)."""
    st = new_game(game_config(players, max_rounds=60, ruleset=ruleset), seed)
    bot = RandomBot(random.Random(seed))
    trusted = 0
    while st.winner == -1:
        legal = legal_actions(st)
        a = bot.choose(None, legal)
        kind, seat = st.stack_frames[-1]["kind"], decision_seat(st)
        before = agenda_inputs(st)
        marked.clear()
        apply_in_place(st, a)
        if marked == [False] and st.winner == -1:
            trusted += 1
            assert agenda_inputs(st) == before, (
                f"{ruleset} seed {seed}, action {st.version} ({a} by seat {seat} at a {kind!r} "
                "decision) changed what agendas read without GameState.mark_agendas"
            )
    return trusted


@pytest.mark.parametrize("ruleset", ["ti", "base"])
def test_unmarked_actions_leave_what_agendas_read_as_it_was(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    marked: list[bool] = []
    advance = api.advance

    def watched(st: GameState) -> None:
        advance(st)
        marked.append(st._agenda_dirty)

    monkeypatch.setattr(api, "advance", watched)
    trusted = sum(
        _check_game(ruleset, players, seed, marked)
        for players, seed in [(2, 11), (3, 12), (4, 13), (4, 14), (5, 15), (4, 16)]
        if not (ruleset == "base" and players == 5)
    )
    assert trusted > 1000  # the check ran (most actions leave agendas alone)
