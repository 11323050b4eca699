"""The log as records: the table's names, no internal ids, dice and moves from the engine."""

from __future__ import annotations

import re

from newdawn.describe.follow import summaries, touched
from newdawn.describe.log import event_entry
from newdawn.describe.names import PIECE_KIND_WORDS, piece_words

from .conftest import Game

INTERNAL = ("barb_move", "defensive_pact", "ctl", "_", "seat 0", "army 0", "caravan 0", "event dial:")


def test_no_entry_shows_an_internal_id_or_a_seat_numbered_from_zero(games: list[Game]) -> None:
    n = 0
    for g in games:
        for grp in g.groups:
            for e in grp["entries"]:
                n += 1
                low = e["text"].lower()
                assert not any(bad in low for bad in INTERNAL), e["text"]
                assert e["i"] == grp["n"]
    assert n > 2000


def test_army_steps_are_moves_from_where_it_stood_to_where_it_went(games: list[Game]) -> None:
    moves = 0
    for g in games:
        for k, (seat, action) in enumerate(g.actions):
            before = g.states[k]
            f = before.stack_frames[-1]
            if f["kind"] != "army_step" or not action.startswith("to "):
                continue
            (e,) = [x for x in g.groups[k + 1]["entries"] if x["kind"] == "action"]
            (m,) = e["moves"]
            assert (m["kind"], m["figure"], m["letter"]) == ("army", f["figure"] + 1, None) and m["seat"] == seat
            assert piece_words(m) == f"army {f['figure'] + 1}"
            assert m["from"] == before.players[seat].armies[f["figure"]]
            assert m["to"] == before.board.index[tuple(map(int, action[3:].split(",")))]
            moves += 1
    assert moves > 50


def test_attacks_carry_their_dice_and_barbarian_moves_their_spaces(games: list[Game]) -> None:
    attacks = barb_moves = 0
    for g in games:
        for k, grp in enumerate(g.groups[1:]):
            for ev in grp["events"]:
                if ev["kind"] == "attack":
                    e = event_entry(g.states[k + 1], ev, k + 1, 1)
                    assert e["dice"] == [ev["a_die"], ev["d_die"]] and e["kind"] == "combat"
                    assert e["seat"] == ev["seat"] and e["spaces"] == [ev["space"]]
                    attacks += 1
            for e in grp["entries"]:
                for m in e["moves"]:
                    if m["kind"] == "barbarian" and m["from"] is not None:
                        letter = m["letter"]
                        assert piece_words(m) == f"barbarian {letter}"
                        assert g.states[k].barbs[letter] == m["from"]
                        assert g.states[k + 1].barbs[letter] == m["to"]
                        barb_moves += 1
    assert attacks > 5 and barb_moves > 5


def test_barbarians_are_named_by_their_capital_letter(games: list[Game], base_games: list[Game]) -> None:
    """Issue 39: "Barbarian J", never "Barbarian j" (the letter as printed on the token)."""
    named = 0
    for g in [*games, *base_games]:
        for grp in g.groups:
            for e in grp["entries"]:
                for m in re.finditer(r"\b[Bb]arbarian ([A-Za-z])\b", e["text"]):
                    assert m.group(1).isupper(), e["text"]
                    named += 1
    assert named > 5


def test_summaries_cover_every_other_seats_turn_since_my_last_decision(games: list[Game]) -> None:
    g = games[2]  # 4 players
    checked = 0
    for k in range(200, len(g.groups) - 1):
        grp = g.groups[k]
        if grp["seat"] != 0 or g.groups[k + 1]["seat"] == 0:
            continue
        # Seat 0's last action of a turn: the next time seat 0 decides, it sees the others.
        nxt = next(j for j in range(k + 1, len(g.groups)) if g.groups[j]["seat"] == 0)
        hist = g.groups[:nxt]
        sums = summaries(hist, 0, g.states[nxt - 1])
        others = {x["seat"] for x in g.groups[k + 1:nxt] if x["seat"] > 0}
        assert {s["seat"] for s in sums} == others
        for s in sums:
            assert s["lines"] and all(line[:6] in ("Seat 2", "Seat 3", "Seat 4", "Barbar", "The ev") or
                                      not line.startswith("Seat 1") for line in s["lines"])
        spaces = touched(hist, 0)
        for x in g.groups[k + 1:nxt]:
            for e in x["entries"]:
                assert set(e["spaces"]) <= set(spaces)
        checked += 1
        if checked > 5:
            break
    assert checked > 3


def test_log_and_summaries_read_as_sentences_in_the_tables_names(games: list[Game]) -> None:
    """No line starts in lower case, names a seat or a piece in lower case ("seat 2",
    "army 1"; the buttons say "Seat 2", "Army 1") or shows an internal id (``barb_move``)."""
    import re

    from newdawn.describe.follow import summaries

    checked = 0
    for g in games:
        texts = [e["text"] for gr in g.groups for e in gr["entries"]]
        for seat in range(4):
            texts += [line for sm in summaries(g.groups, seat, g.states[-1]) for line in sm["lines"]]
        for t in texts:
            assert not t[:1].islower(), t
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", t), t
            assert not re.search(r"\bseat \d|\b(army|caravan) \d|\bctl\b", t), t
            # A seat's choice is told about that seat, not in a button's words to the player.
            assert not re.match(r"Seat \d: .*\byour\b", t), t
            checked += 1
    assert checked > 1000


def test_every_line_says_something_and_no_line_is_said_twice_in_a_row(
    games: list[Game], base_games: list[Game]
) -> None:
    """A line never ends on a colon with nothing after it (a blank space of the base event
    dial), and one happening is one line: the Automated Player's card change was told twice
    as "takes" (once by the card taken, once by the card replaced)."""
    checked = 0
    for g in games + base_games:
        for gr in g.groups:
            texts = [e["text"] for e in gr["entries"]]
            for before, t in zip(["", *texts], texts, strict=False):
                assert not t.rstrip().endswith(":"), t
                assert t != before, (gr["action"], t)
                checked += 1
    assert checked > 1000
    said = [e["text"] for g in base_games for gr in g.groups for e in gr["entries"]]
    assert any(" replaces " in t and t.startswith("Seat") for t in said), "no Automated Player upgrade seen"
    assert "The event dial turns to a blank space" in said


def test_a_moving_piece_is_a_kind_and_its_number_or_letter_never_words(games: list[Game]) -> None:
    """Issue 41: a move names its piece by facts (kind, figure, letter); the words ("army 2",
    "barbarian B", "control token") are made by ``names.piece_words``."""
    kinds: set[str] = set()
    for g in games:
        for grp in g.groups:
            for e in grp["entries"]:
                for m in e["moves"]:
                    assert m["kind"] in PIECE_KIND_WORDS, m
                    assert (m["figure"] is not None) == (m["kind"] in ("army", "caravan")), m
                    assert bool(m["letter"]) == (m["kind"] == "barbarian"), m
                    assert piece_words(m).split()[0] == PIECE_KIND_WORDS[m["kind"]].split()[0]
                    kinds.add(m["kind"])
    assert {"army", "barbarian", "control_token"} <= kinds
    assert piece_words({"kind": "control_token", "figure": None, "letter": None}) == "control token"
    assert piece_words({"kind": "caravan", "figure": 2, "letter": None}) == "caravan 2"


def test_an_entry_that_names_a_piece_offers_its_glossary_entry(games: list[Game], base_games: list[Game]) -> None:
    """Issue 39 §2: a card, wonder, district, government, city-state, natural wonder or agenda
    named in the log can be read in full there: the entry carries its glossary id (``terms``),
    every id is one of the game's ruleset, and a resolved card always carries its own."""
    from newdawn.describe.glossary import glossary_ids

    kinds: set[str] = set()
    for rid, gs in (("ti", games), ("base", base_games)):
        known = glossary_ids(rid)
        for g in gs:
            for grp in g.groups:
                for e in grp["entries"]:
                    assert set(e["terms"]) <= known, (rid, e["text"], e["terms"])
                    kinds |= {t.split(":")[0] for t in e["terms"]}
                    if e["card"] is not None:
                        assert f"focus:{e['card']}" in e["terms"], e
    assert {"focus", "wonder", "agenda", "cs"} <= kinds and "district" in kinds and "gov" in kinds, kinds


def test_a_fort_is_not_said_to_stand_on_a_fort(games: list[Game]) -> None:
    """Seen in the guided game's log: "Seat 1 places a fort on the fort in the south-west of
    the map" (the space's name now says fort), and in a move's hint: "attacks the fort on the
    fort north-east of Seat 1's capital"."""
    from newdawn.describe import option_records

    texts = [e["text"] for g in games for grp in g.groups for e in grp["entries"] if "fort" in e["text"]]
    texts += [x for g in games for st in g.states[::6] if st.winner == -1 for r in option_records(st)
              for x in (r["label"], r["hint"]) if x and "fort" in x]
    assert [t for t in texts if "places a fort" in t] and [t for t in texts if "attacks the fort" in t]
    assert not [t for t in texts if re.search(r"fort (on|at) the fort", t)], texts[:5]


def test_barbarians_moved_by_the_dial_are_told_with_the_die_not_in_the_automated_players_turn(
        base_games: list[Game]) -> None:
    """Seen in a base game's log: the event dial's "Barbarians move: the die shows 5" stood in
    the person's group and "Barbarians move: Barbarian C to ..." in the Automated Player's turn
    that followed, as though the AP had moved them."""
    from newdawn.describe.log import turn_parts
    from newdawn.engine import ap_seat

    split = 0
    for g in base_games:
        ap = ap_seat(g.states[0])
        for grp in g.groups[1:]:
            parts = turn_parts(grp, ap)
            for part in parts:
                texts = [e["text"] for e in part["entries"]]
                moved = [k for k, t in enumerate(texts) if t.startswith("Barbarians move: Barbarian")]
                cause = [k for k, (t, e) in enumerate(zip(texts, part["entries"], strict=True))
                         if t.startswith("Barbarians move: the die") or (e["kind"] == "barbarian" and e["moves"]
                                                                          and e["moves"][0]["from"] is None)]
                if moved:
                    assert cause and cause[-1] < moved[0], texts
            split += len(parts) > 1 and any(e["text"].startswith("Barbarians move: the die") for e in grp["entries"])
    assert split, "no Automated Player's turn followed the dial's barbarians in these games"
