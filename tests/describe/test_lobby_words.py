"""The lobby's words about games (issue 41): made in describe/lobby.py, placed by lobby.js."""

from __future__ import annotations

from newdawn.content import load_content
from newdawn.describe.lobby import game_row_words, player_words, seat_link_words
from newdawn.describe.names import AUTOMA_NAME


def test_each_link_of_a_new_game_names_its_seat_and_says_what_it_is() -> None:
    assert seat_link_words(0, "human", True, False) == {"name": "Seat 1", "label": "Seat 1 (human): your seat"}
    invite = seat_link_words(2, "human", False, True)
    assert invite["name"] == "Seat 3" and invite["label"] is not None
    assert invite["label"].startswith("Seat 3 (human): invite link") and "first to open it" in invite["label"]
    assert seat_link_words(1, "bot", False, False) == {"name": "Seat 2", "label": None}


def test_a_row_of_the_list_names_its_players_by_leader_and_says_its_status() -> None:
    ti = load_content("ti").leaders
    lid, other = sorted(ti)[:2]
    seats = [{"seat": 0, "kind": "human", "leader": lid}, {"seat": 1, "kind": "bot", "bot": "greedy", "leader": other},
             {"seat": 2, "kind": "ap", "leader": None}]
    row = {"seats": seats, "status": "over", "winner": 1, "practice": False}
    assert game_row_words(row) == {
        "players_text": f"{ti[lid].leader}, {ti[other].leader} (bot greedy), {AUTOMA_NAME}", "status_text": "won by Seat 2"}
    assert game_row_words({**row, "status": "playing", "practice": True})["status_text"] == "playing (practice)"
    assert game_row_words({**row, "winner": -1})["status_text"] == "over"
    base_only = sorted(set(load_content("base").leaders) - set(ti))
    if base_only:  # a leader of the base game alone is named too
        assert player_words({"kind": "human", "leader": base_only[0]}) == load_content("base").leaders[base_only[0]].leader
    assert player_words({"kind": "human", "leader": None}) == "?"
