"""Turn, dial, wonder market and end screen."""

from __future__ import annotations

from newdawn.describe import end_json, turn_json, wonders_json
from newdawn.describe.preview import focus_preview
from newdawn.engine import apply, decision_seat, legal_actions
from newdawn.engine.actions import Action
from newdawn.engine.state import content_for

from .conftest import Game


def test_dial_says_what_its_next_turn_does(games: list[Game]) -> None:
    st = games[0].states[-1]
    t = turn_json(st)
    dial = content_for(st).ruleset.event_dial
    assert t["dial"]["sections"] == [list(x) for x in dial]
    nxt = dial[(st.event_pos + 1) % len(dial)]
    assert t["dial"]["next_text"].endswith(t["dial"]["section_texts"][(st.event_pos + 1) % len(dial)])
    assert "barb_move" not in t["dial"]["next_text"] and nxt


def test_a_wonder_is_buildable_exactly_when_the_industry_card_would_offer_it(games: list[Game]) -> None:
    """Checked against the engine: resolve the industry card now and see if it offers the wonder."""
    checked = buildable = focus = 0
    for g in games:
        for st in g.states[100:]:
            if st.winner != -1 or st.stack_frames[-1]["kind"] != "focus":
                continue
            focus += 1
            if focus % 4:
                continue
            seat = decision_seat(st)
            market = wonders_json(st, seat)
            nxt = apply(st, Action("focus", "industry"))
            nxt = apply(nxt, Action("resolve"))
            offered = set()
            if nxt.stack_frames[-1]["kind"] == "build" and decision_seat(nxt) == seat:
                offered = {a.arg for a in legal_actions(nxt) if a.verb == "wonder"}
            for w in market:
                assert w["buildable"] == (w["id"] in offered), (w, offered)
                assert (w["why_not"] is None) == w["buildable"]
                buildable += w["buildable"]
            checked += 1
    assert checked > 5


def test_focus_preview_agrees_with_the_decision_that_follows(games: list[Game]) -> None:
    checked = warned = focus = 0
    for g in games:
        for st in g.states[10:]:
            if st.winner != -1 or st.stack_frames[-1]["kind"] != "focus":
                continue
            focus += 1
            if focus % 5:
                continue
            for a in legal_actions(st):
                hint, warning = focus_preview(st, a)
                nxt = apply(apply(st, a), Action("resolve"))
                if nxt.stack_frames[-1]["kind"] == "place" and decision_seat(nxt) == decision_seat(st):
                    n = sum(1 for o in legal_actions(nxt) if o.verb == "place")
                    assert f"{n} legal space" in hint
                    assert (warning is not None) == (n == 0)
                    warned += warning is not None
                checked += 1
    assert checked > 30


def test_end_screen_lists_every_claim(games: list[Game]) -> None:
    for g in games:
        st = g.states[-1]
        end = end_json(st)
        assert end is not None and end["winner"] == st.winner
        assert [s["seat"] for s in end["standings"]] == list(range(st.n))
        for s in end["standings"]:
            claimed = {a for a, seats in st.claims.items() if s["seat"] in seats}
            assert {c["agenda"] for c in end["standings"][s["seat"]]["claims"]} == claimed
        if st.winner == -2:
            assert "round limit" in end["reason"]
        assert end_json(g.states[-2]) is None


def test_the_end_says_which_tie_break_decided() -> None:
    from pathlib import Path

    from newdawn.describe.table import end_json, tiebreak_text
    from newdawn.scenario.build import load

    root = Path(__file__).resolve().parents[1] / "scenarios" / "victory"
    st = load(root / "before_event_dial_default_ignores_the_dial.toml").state
    end = end_json(st)
    assert end is not None and end["winner"] == 0
    assert end["tiebreak"] == (
        "Seat 2 also reached the victory count. Tie-breaks: more victory cards, then more wonders, then more "
        "friendly spaces. Seat 1 beats Seat 2 on friendly spaces, 5 to 4 (level on victory cards at 4 and wonders at 0).")
    w = {"seat": 0, "cards": 5, "wonders": 0, "friendly_spaces": 1}
    assert "on victory cards, 5 to 4." in tiebreak_text(w, [{"seat": 2, "cards": 4, "wonders": 3, "friendly_spaces": 9}])
    level = tiebreak_text(w, [{"seat": 1, "cards": 5, "wonders": 0, "friendly_spaces": 1}])
    assert "level on all three" in level and "earlier seat" in level


def test_setup_decisions_carry_a_line_of_help() -> None:
    from newdawn.describe.guide import HELP, decision_help
    from newdawn.engine import new_game
    from newdawn.engine.flow import CHOICE

    assert set(HELP) <= set(CHOICE)  # every key is a decision kind of the engine
    st = new_game({"players": 2}, 1)
    assert st.stack_frames[-1]["kind"] == "setup_fort"
    assert decision_help(st) == HELP["setup_fort"]


def test_every_piece_on_the_map_has_its_line_in_the_space_words(games: list[Game], base_games: list[Game]) -> None:
    """The map's hover words (``space_words``): one line per thing standing on a space, naming
    its owner by seat and leader, a first line for every terrain of the map, no coordinates."""
    from newdawn.describe.names import seat_full
    from newdawn.describe.table import space_words

    from .test_no_coordinates import COORD

    checked = 0
    for g in [*games, *base_games]:
        for st in g.states[:: 25]:
            w = space_words(st)
            assert set(w["terrain"]) == set(w["fort"]) == set(st.board.terrain)
            want: dict[int, int] = {}
            for s in [*st.cities, *st.ctl, *st.cs_at, *st.barbs.values(),
                      *(x for ps in st.players for x in [*ps.armies, *ps.caravans] if x >= 0)]:
                want[s] = want.get(s, 0) + 1
            assert {int(k): len(v) for k, v in w["pieces"].items()} == want
            for s, seat in st.cities.items():
                assert any(line.endswith(f"of {seat_full(st, seat)}") for line in w["pieces"][str(s)])
            for s in st.reinforced:
                assert any(line.endswith(", reinforced") for line in w["pieces"][str(s)])
            lines = [*w["terrain"].values(), *w["fort"].values(), *(x for v in w["pieces"].values() for x in v)]
            assert all(line and not COORD.search(line) and "_" not in line for line in lines), lines
            checked += 1
    assert checked > 10
