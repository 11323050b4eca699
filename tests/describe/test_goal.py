"""Agenda progress: one engine function per agenda kind, in numbers and words."""

from __future__ import annotations

from newdawn.describe import goal_json, progress_text
from newdawn.engine.science import DIAL_WRAPPED
from newdawn.engine.spaces import city_spaces, mature_cities
from newdawn.engine.state import content_for
from newdawn.engine.victory import PROGRESS, agenda_progress

from .conftest import Game


def test_every_agenda_kind_has_a_progress_function(games: list[Game]) -> None:
    c = content_for(games[0].states[0])
    kinds = {ag.kind for vc in c.victory_cards.values() for ag in vc.agendas}
    assert kinds <= set(PROGRESS)


def test_progress_counts_what_the_agenda_names(games: list[Game]) -> None:
    c = content_for(games[0].states[0])
    agendas = {ag.kind: ag for vc in c.victory_cards.values() for ag in vc.agendas}
    for g in games:
        st = g.states[-1]
        for p in range(st.n):
            assert agenda_progress(st, p, agendas["mature_cities"])[0] == len(mature_cities(st, p))
            assert agenda_progress(st, p, agendas["cities_on_map"])[0] == len(city_spaces(st, p))
            # Past the last space once, the dial has reached every space (rules-coverage B8).
            n = agendas["tech_dial_space"].args["n"]
            reached = n if st.players[p].flags.get(DIAL_WRAPPED) else st.players[p].dial
            assert agenda_progress(st, p, agendas["tech_dial_space"]) == (reached, n)


def test_a_claim_is_made_exactly_when_progress_reaches_the_need(games: list[Game]) -> None:
    """Each 'completes the agenda' event comes with have >= need in the state after it."""
    claims = 0
    c = content_for(games[0].states[0])
    by_id = {ag.id: ag for vc in c.victory_cards.values() for ag in vc.agendas}
    for g in games:
        for k, grp in enumerate(g.groups[1:], start=1):
            for ev in grp["events"]:
                if ev["kind"] == "agenda":
                    claims += 1
                    have, need = agenda_progress(g.states[k], ev["seat"], by_id[ev["agenda"]])
                    assert have >= need
    assert claims >= 1


def test_goal_states_the_ruleset_numbers_and_every_seats_progress(games: list[Game]) -> None:
    st = games[2].states[-1]
    goal = goal_json(st)
    assert goal["statement"] == "Complete one agenda on 4 of the 5 victory cards"
    assert goal["to_win"] == content_for(st).ruleset.victory_cards_to_win
    assert [card["id"] for card in goal["cards"]] == st.victory_cards
    for card in goal["cards"]:
        for ag in card["agendas"]:
            assert [p["seat"] for p in ag["progress"]] == list(range(st.n))
            assert ag["claimed_by"] == st.claims.get(ag["id"], [])


def test_progress_words() -> None:
    assert progress_text("mature_cities", {"n": 3}, 2, 3) == "2 of 3 mature cities"
    assert progress_text("tech_dial_space", {"n": 24}, 14, 24) == "dial 14 / 24"
    assert progress_text("forts", {"n": 1}, 0, 1) == "0 of 1 fort"
    assert progress_text("wonders_of_type", {"type": "economic", "n": 2}, 1, 2) == "1 of 2 economic wonders"
    assert progress_text("warmonger", {"city_states": 2}, 1, 2) == \
        "1 of 2 conquered city-states (or defeat a rival capital)"


def test_the_goal_panels_lines_are_made_here(games: list[Game]) -> None:
    """Issue 41: each seat's count of victory cards, a claim's title and a progress's title and
    short form are words of ``goal_json``, with the seats' names."""
    from newdawn.describe.names import seat_full

    claims = 0
    for g in games:
        st = g.states[-1]
        goal = goal_json(st)
        for c in goal["claimed"]:
            assert c["text"] == f"{c['cards']} of {goal['to_win']}"
        for card in goal["cards"]:
            for a in card["agendas"]:
                assert a["claimed_titles"] == [f"claimed by {seat_full(st, s)}" for s in a["claimed_by"]]
                claims += len(a["claimed_by"])
                for p in a["progress"]:
                    assert p["title"] == f"{seat_full(st, p['seat'])}: {p['text']}"
                    assert p["short"] == f"{p['have']}/{p['need']}"
    assert claims > 0
