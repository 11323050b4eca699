"""Turn, dial, wonder market and end screen."""

from __future__ import annotations

from newdawn.describe import end_json, turn_json, wonders_json
from newdawn.describe.names import seat_full
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
            assert "round limit" in end["reason"] and end["title"] == "The game ends without a winner"
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
    # The end screen's heading and each seat's line are made here (issue 41).
    assert end["title"] == f"{seat_full(st, 0)} wins"
    s0 = end["standings"][0]
    names = ", ".join(c["agenda_name"] for c in s0["claims"])
    assert s0["text"] == f"4 victory cards ({names}); 0 wonders, 5 friendly spaces", s0["text"]


def test_a_standing_is_said_in_the_singular_and_without_claims() -> None:
    from newdawn.describe.table import standing_text

    row = {"cards": 1, "claims": [{"agenda_name": "Science"}], "wonders": 1, "friendly_spaces": 1}
    assert standing_text(row) == "1 victory card (Science); 1 wonder, 1 friendly space"
    assert standing_text({**row, "cards": 0, "claims": []}) == "0 victory cards; 1 wonder, 1 friendly space"


def test_setup_decisions_carry_a_line_of_help() -> None:
    from newdawn.describe.guide import HELP, decision_help
    from newdawn.engine import new_game
    from newdawn.engine.flow import CHOICE

    assert set(HELP) <= set(CHOICE)  # every key is a decision kind of the engine
    st = new_game({"players": 2}, 1)
    assert st.stack_frames[-1]["kind"] == "setup_fort"
    assert decision_help(st) == HELP["setup_fort"]


def test_every_piece_on_the_map_has_its_line_in_the_space_words(games: list[Game], base_games: list[Game]) -> None:
    """The map's hover words (``space_words``): one line per thing on a space, naming
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
            for s in [*st.cities, *st.ctl, *st.cs_at, *st.tokens, *st.wonder_at, *st.barbs.values(),
                      *(x for ps in st.players for x in [*ps.armies, *ps.caravans] if x >= 0)]:
                want[s] = want.get(s, 0) + 1
            assert {int(k): len(v) for k, v in w["pieces"].items()} == want
            for s, seat in st.cities.items():
                assert any(w["titles"][k].endswith(f"of {seat_full(st, seat)}") for k in w["pieces"][str(s)])
            for s in st.reinforced:
                assert any(w["titles"][k].endswith(", reinforced") for k in w["pieces"][str(s)])
            lines = [*w["terrain"].values(), *w["fort"].values(), *w["titles"].values()]
            assert all(line and not COORD.search(line) and "_" not in line for line in lines), lines
            checked += 1
    assert checked > 10


def test_every_thing_on_the_map_has_its_title_under_the_maps_own_key(games: list[Game], base_games: list[Game]) -> None:
    """``space_words``: the map titles each piece by its key (``titles``), and the tooltip lists
    a space's things by the same keys (``pieces``): one line per thing, made here, none in JS."""
    import re

    from newdawn.describe.table import space_words

    checked = 0
    for g in [*games, *base_games]:
        for st in g.states[::40]:
            w = space_words(st)
            want = {**{f"ci{s}": s for s in st.cities}, **{f"c{s}": s for s in st.ctl},
                    **{f"cs{s}": s for s in st.cs_at}, **{f"t{s}": s for s in st.tokens},
                    **{f"w{s}": s for s in st.wonder_at}, **{f"b-{b}": s for b, s in st.barbs.items()}}
            for seat, p in enumerate(st.players):
                want |= {f"a-{seat}-{i}": s for i, s in enumerate(p.armies) if s >= 0}
                want |= {f"v-{seat}-{i}": s for i, s in enumerate(p.caravans) if s >= 0}
            assert set(w["titles"]) == set(want)
            assert {k: int(s) for s, keys in w["pieces"].items() for k in keys} == want
            for k, line in w["titles"].items():
                assert line[:1].isupper() and not re.search(r"_|\d+,-?\d+|undefined|None", line), (k, line)
            for s, seat in st.ctl.items():
                assert f"Seat {seat + 1}" in w["titles"][f"c{s}"]
                assert ("reinforced" in w["titles"][f"c{s}"]) == (s in st.reinforced)
            for s, tok in st.tokens.items():
                assert w["titles"][f"t{s}"] == (f"{tok.capitalize()} resource" if not tok.startswith("nw:")
                                                 else f"Natural wonder token: {content_for(st).natural_wonders[tok[3:]].name}")
            checked += 1
    assert checked > 10


def test_the_legend_names_every_kind() -> None:
    """``map_words``: a name for every terrain, district, resource and legend mark (no army or
    fort in a ruleset without them: the base game), the ruleset's difficulty, and each
    city-state's mark."""
    from newdawn.content import load_content
    from newdawn.content.rulesets import ruleset_ids
    from newdawn.content.schema import RESOURCES, TERRAINS
    from newdawn.describe.table import LEGEND_PIECES, map_words

    for ruleset in ruleset_ids():
        c = load_content(ruleset)
        w = map_words(c)
        assert set(w["terrain"]) == set(TERRAINS) and all(n[:1].isupper() for n in w["terrain"].values())
        assert w["difficulty"] == {t: f"difficulty {d}" for t, d in c.ruleset.terrain_difficulty.items()}
        absent = ({"army"} if not c.ruleset.components.get("armies") else set()) | ({"fort"} if not c.ruleset.fort_terrain else set())
        keys = ({k for k, _ in LEGEND_PIECES} - absent) | {f"district:{d}" for d in c.ruleset.districts} \
            | {f"resource:{r}" for r in RESOURCES}
        assert set(w["pieces"]) == keys and all(n[:1].isupper() and "_" not in n for n in w["pieces"].values())
        if "commercial_hub" in c.ruleset.districts:
            assert w["pieces"]["district:commercial_hub"] == "Commercial Hub district"
        assert w["city_state_marks"] == {k: v.name[:3] for k, v in c.city_states.items()}


def test_each_natural_wonder_space_is_labelled_with_the_wonder_printed_there(games: list[Game]) -> None:
    """Two natural wonders share a tile: the label is the one printed on that space (the table
    once labelled both spaces of a tile with one name)."""
    from newdawn.describe.table import nw_labels

    labelled = 0
    for g in games:
        st = g.states[-1]
        b = st.board
        got = nw_labels(st)
        for s in range(b.n):
            nw = getattr(b.printed[s], "natural_wonder", None) if b.printed[s] is not None else None
            if b.terrain[s] != "natural_wonder" or not nw:
                assert str(s) not in got
                continue
            name = content_for(st).natural_wonders[nw].name
            label = got[str(s)]
            assert label["name"] == name and 1 <= len(label["lines"]) <= 2
            assert " ".join(label["lines"]) == name.removeprefix("The ")
            labelled += 1
    assert labelled >= 4


def test_a_wonder_on_the_market_lists_its_resources_in_words(games: list[Game]) -> None:
    from newdawn.describe.names import words

    st = games[0].states[50]
    market = wonders_json(st, 0)
    assert market
    for w in market:
        assert w["resources_text"] == (", ".join(words(r) for r in w["resources"]) or "none")
        assert "_" not in w["resources_text"]


def test_each_player_board_says_its_resources_trade_tokens_and_pieces_off_the_map(games: list[Game]) -> None:
    """Issue 41: the player boards' words are made here (``board_words``), counted from the state."""
    from newdawn.describe.names import words
    from newdawn.describe.table import board_words
    from newdawn.engine import LOCKED, ON_CARD

    seen_locked = False
    for g in games:
        for st in g.states[::40]:
            comps = content_for(st).ruleset.components
            for w, p in zip(board_words(st), st.players, strict=True):
                seat = w["seat"]
                cities = comps["cities"] - sum(1 for x in st.cities.values() if x == seat)
                ctl = comps["control_tokens"] - sum(1 for x in st.ctl.values() if x == seat)
                assert w["unused"].startswith(f"cities {cities}, control tokens {ctl}; armies "), w["unused"]
                ready = sum(1 for x in p.armies if x == ON_CARD)
                on_map = sum(1 for x in p.armies if x >= 0)
                assert f"armies {ready} ready, {on_map} on the map" in w["unused"]
                seen_locked |= any(x == LOCKED for x in p.armies + p.caravans) and "locked" in w["unused"]
                held = {r: n for r, n in p.resources.items() if n > 0}
                assert (w["resources"] == "none") == (not held)
                for r, n in held.items():
                    assert (f"{words(r)} ×{n}" if n > 1 else words(r)) in w["resources"]
                assert set(w["trade"]) == {t for t, n in p.trade.items() if n > 0}
                for t, text in w["trade"].items():
                    n = p.trade[t]
                    assert text == f"{n} trade token{'s' if n != 1 else ''}"
    assert seen_locked


def test_the_content_words_title_every_focus_card_and_name_every_leader() -> None:
    from newdawn.content import load_content
    from newdawn.describe.table import content_words

    c = load_content("ti")
    w = content_words(c)
    assert set(w["cards"]) == set(c.focus_cards) and set(w["leaders"]) == set(c.leaders)
    cid, card = next(iter(c.focus_cards.items()))
    assert w["cards"][cid] == f"{card.name} ({card.type}, level {card.level}): {card.text}"
    lid, ld = next(iter(c.leaders.items()))
    assert w["leaders"][lid] == f"{ld.leader} of {ld.civ}"


def test_the_round_and_first_player_are_said_here(games: list[Game]) -> None:
    st = games[0].states[-1]
    t = turn_json(st)
    limit = st.config.get("max_rounds")
    assert limit and t["round_text"] == f"Round {st.round} of {limit}" and t["round_short"] == f"Round {st.round}/{limit}"
    assert t["first_text"] == f"first player {seat_full(st, st.first)}"
    from newdawn.engine import new_game

    free = turn_json(new_game({"players": 2}, 1))
    assert free["round_text"] == free["round_short"] == "Round 1"
