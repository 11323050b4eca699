"""``victory.agenda_met`` answers each agenda with a check of its own that stops early (it is
asked on many actions); it must agree with ``agenda_progress``, the definition, everywhere.
Seeded random games of both rulesets compare them for every agenda of the content (not only
the dealt ones) and every seat, every few actions, as are the checks of the agenda check
(``card_checks``: a fort agenda's need, another agenda's check)."""

from __future__ import annotations

import random

import pytest

from newdawn.bots import RandomBot
from newdawn.engine import apply_in_place, decision_seat, game_config, legal_actions, new_game
from newdawn.engine.state import content_for
from newdawn.engine.victory import _fort_counts, agenda_met, agenda_progress, card_checks, claim_completed


@pytest.mark.parametrize("ruleset,players,seed", [("ti", 4, 21), ("ti", 3, 22), ("base", 4, 23)])
def test_agenda_met_agrees_with_agenda_progress(ruleset: str, players: int, seed: int) -> None:
    st = new_game(game_config(players, max_rounds=100, ruleset=ruleset), seed)
    agendas = [ag for vc in content_for(st).victory_cards.values() for ag in vc.agendas]
    entries = {e[0]: e for _fort, es in card_checks(content_for(st)).values() for e in es}
    assert set(entries) == {ag.id for ag in agendas}
    bot = RandomBot(random.Random(seed))
    met = 0
    while st.winner == -1:
        if st.version % 13 == 0:
            forts = _fort_counts(st)
            for seat in range(st.n):
                for ag in agendas:
                    have, need = agenda_progress(st, seat, ag)
                    assert agenda_met(st, seat, ag) == (have >= need), (ag.id, seat, st.version)
                    _id, fort_need, check, _ag = entries[ag.id]
                    checked = forts.get(seat, 0) >= fort_need if fort_need >= 0 else check(st, seat)
                    assert checked == (have >= need), (ag.id, seat, st.version)
                    met += have >= need
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    assert met > 0


@pytest.mark.parametrize("ruleset,players,seed", [("ti", 4, 18), ("ti", 2, 24), ("base", 3, 25)])
def test_no_completed_agenda_waits_for_a_later_action(ruleset: str, players: int, seed: int) -> None:
    """Unified rules, Winning the Game: "When a player completes an agenda, that player places
    one of his or her control tokens next to that agenda's victory card". Whenever the engine
    waits for a decision, neither the seat that acted nor the current player has completed an
    agenda on a card it has not claimed, and every claimed fort agenda is still held (but while
    a token must first come off the map to pay for a claim). The check here skips no seat, so
    it also catches a seat the engine took as checked (``GameState._agenda_clean``) too long. Seed 18 of the four-player game
    once claimed Provincial 22 decisions late: an Open Borders card taken in exchange for
    another completed it, and the agenda check then watched a sum of the pieces and cards,
    which the exchange left as it was."""
    st = new_game(game_config(players, max_rounds=200, ruleset=ruleset), seed)
    bot = RandomBot(random.Random(seed))
    checked = 0
    while st.winner == -1:
        actor = decision_seat(st)
        apply_in_place(st, bot.choose(None, legal_actions(st)))
        if st.winner == -1 and st.stack_frames[-1]["kind"] != "claim_remove":
            checked += 1
            full = st.copy()
            full._agenda_clean = 0  # check every seat, also those the engine knows to be clean
            assert not claim_completed(full, actor), (
                f"{ruleset} seed {seed}, action {st.version}: seat {actor} or {st.current} has an "
                "agenda to claim that the engine left for later"
            )
    assert checked > 1000
