"""Issue 39 §4: the capital tile's preview shows where the capital will stand (the one space of
the tile marked "capital"), a card that finds no city site says why, and the lobby's game length
comes from measured games (describe/game_length.json)."""

from __future__ import annotations

import json
import re
from importlib.resources import files

from newdawn.describe import option_records
from newdawn.describe.rulesets import game_length, ruleset_records
from newdawn.engine import apply, legal_actions, new_game

from .conftest import Game


def test_each_capital_tile_placement_marks_the_space_of_the_capital() -> None:
    st = new_game({"players": 2}, 3)
    seen = 0
    while st.stack_frames[-1]["kind"].startswith("setup"):
        kind = st.stack_frames[-1]["kind"]
        recs = option_records(st)
        for r in recs:
            marks = [c for c in (r.get("cells") or []) if c.get("mark")]
            if kind == "setup_capital":
                assert [c["mark"] for c in marks] == ["capital"], r
                seen += 1
            else:
                assert not marks
        st = apply(st, legal_actions(st)[0])
    assert seen
    # the capital stands where the preview said (the first placement of the first capital decision)
    st = new_game({"players": 2}, 3)
    while st.stack_frames[-1]["kind"] != "setup_capital":
        st = apply(st, legal_actions(st)[0])
    seat = st.stack_frames[-1]["seat"]
    rec = option_records(st)[0]
    star = next(c for c in rec["cells"] if c.get("mark") == "capital")
    after = apply(st, rec["action"])
    assert tuple(after.board.coords[after.capitals[seat]]) == (star["q"], star["r"])


def test_a_card_with_no_city_site_says_why(games: list[Game]) -> None:
    said = 0
    for g in games:
        for st in g.states:
            if st.winner != -1 or st.stack_frames[-1]["kind"] != "focus":
                continue
            for r in option_records(st):
                hint = r.get("hint") or ""
                assert not re.search(r"\b0 city sites", hint), hint
                if "no city site (" in hint:
                    why = hint.split("no city site (", 1)[1].split(")", 1)[0]
                    assert why and ("land" in why or "cities" in why or "wonders only" in why), hint
                    said += 1
    assert said


def test_the_lobby_game_length_is_the_measured_one() -> None:
    data = json.loads(files("newdawn.describe").joinpath("game_length.json").read_text(encoding="utf-8"))
    rows = data["lengths"]
    assert rows and all(r["games"] >= 2 and len(r["rounds"]) == r["games"] for r in rows)
    ti2 = next(r for r in rows if r["ruleset"] == "ti" and r["players"] == 2)
    text = game_length("ti", 2)
    assert text and text.startswith("A whole game: about ") and "minutes against bots" in text
    rounds = int(text.split("about ", 1)[1].split(" rounds", 1)[0])
    assert abs(rounds - ti2["median"]) <= 2.5
    assert game_length("ti", 9) is None
    ti = next(r for r in ruleset_records() if r["id"] == "ti")
    assert ti["lengths"]["2"] == text


def test_the_lobby_offers_its_round_limits_in_words() -> None:
    """Issue 41: the round-limit choices are words of describe/rulesets.py, not of lobby.js."""
    from newdawn.server.inputs import MAX_ROUNDS

    for r in ruleset_records():
        limits = r["round_limits"]
        assert limits[0] == {"value": None, "label": "no limit"}
        for o in limits[1:]:
            assert 0 < o["value"] <= MAX_ROUNDS and o["label"].startswith(f"{o['value']} rounds")


def test_a_capital_placed_is_named_by_the_places_around_it_not_by_itself() -> None:
    from newdawn.describe.event_words import event_sentence

    st = new_game({"players": 2}, 3)
    while st.stack_frames[-1]["kind"] != "setup_capital":
        st = apply(st, legal_actions(st)[0])
    after = apply(st, legal_actions(st)[0])
    (e,) = [e for e in after.events if e["kind"] == "capital"]
    text = event_sentence(after, e)[1]
    assert "places their capital" in text and "capital" not in text.split("places their capital", 1)[1], text
