"""What the other seats did reaches the player whole (issue 39 §5): the summaries since the
player's last turn, the Automated Player's turns as turns of their own, seats by their numbers."""

from __future__ import annotations

from newdawn.engine import new_game
from newdawn.server.views import decision_text

from .conftest import Game


def test_a_question_that_names_a_seat_by_its_number_keeps_that_number() -> None:
    """After trading at Seat 3's capital, the question said "Seat 4's diplomacy cards": the
    engine's "Seat 3" (already counted from 1) was counted up again."""
    st = new_game({"players": 3}, 2)
    st.stack_frames = [*st.stack_frames, {"kind": "dipl_take", "seat": 0, "rival": 2}]
    assert "Seat 3's diplomacy cards" in decision_text(st)


def _starts_turn(g: dict) -> bool:
    return any(e.get("card") for e in g["entries"] if e["kind"] == "action")


def test_a_decision_of_mine_between_two_of_my_turns_hides_none_of_the_others_turns(games: list[Game]) -> None:
    """A round that starts with a decision of the player's own (a district paying out, a
    government) hid every turn played since the player's previous turn: the summaries began
    after that decision."""
    from newdawn.describe.follow import summaries, touched

    checked = 0
    for g in games:
        groups = g.groups
        for viewer in range(4):
            turns = [k for k, gr in enumerate(groups) if gr["seat"] == viewer and _starts_turn(gr)]
            for c1, c2 in zip(turns, turns[1:], strict=False):
                between = groups[c1 + 1:c2]
                others = [gr for gr in between if gr["seat"] not in (viewer, -1) and _starts_turn(gr)]
                last_other = max((k for k, gr in enumerate(between) if gr in others), default=-1)
                mine_after = [gr for gr in between[last_other + 1:] if gr["seat"] == viewer]
                if not others or not mine_after:
                    continue
                hist = groups[:c2]
                seen = {s["seat"] for s in summaries(hist, viewer, g.states[c2 - 1])}
                assert {gr["seat"] for gr in others} <= seen, (viewer, c1, c2)
                spaces = set(touched(hist, viewer))
                assert all(set(e["spaces"]) <= spaces for gr in others for e in gr["entries"])
                checked += 1
    assert checked >= 3


def test_the_next_turn_of_the_dial_is_never_said_to_be_in_the_round_being_played(games: list[Game]) -> None:
    """"Next: at the start of round 15" was shown during round 15 (the first player's turn,
    after the dial had turned)."""
    from newdawn.describe.table import turn_json

    seen = 0
    for g in games:
        for st in g.states[::3]:
            if st.winner == -1:
                assert f"at the start of round {st.round + 1}:" in turn_json(st)["dial"]["next_text"], st.round
                seen += 1
    assert seen > 100


def test_a_district_takes_an_before_a_vowel(games: list[Game]) -> None:
    import re

    texts = [e["text"] for g in games for gr in g.groups for e in gr["entries"]]
    assert not [t for t in texts if re.search(r"\ba [AEIOU]", t)]
    assert not [t for t in texts if re.search(r"\ban [^AEIOUaeiou ]", t)]
    assert any(" district on " in t for t in texts)


def test_a_pieces_steps_are_gathered_from_the_moves_facts_not_from_the_sentences() -> None:
    """The summary's move line is made from each step's facts (seat, piece, spaces), so entries
    whose words say nothing of the move still give "Seat 2: Army 1 moves 2 spaces, to ..."."""
    from newdawn.describe.follow import summaries
    from newdawn.describe.names import space_text

    st = new_game({"players": 3}, 2)

    def step(n: int, src: int, dst: int) -> dict:
        e = {"i": n, "round": 1, "seat": 1, "kind": "action", "text": "(words that are not read)",
             "spaces": [src, dst], "moves": [{"kind": "army", "figure": 1, "letter": None, "seat": 1, "from": src, "to": dst}],
             "dice": None, "numbers": None, "card": "c" if n == 1 else None, "slot": 1 if n == 1 else None,
             "choice": "move"}
        return {"n": n, "seat": 1, "action": "", "entries": [e]}

    (summary,) = summaries([step(1, 0, 1), step(2, 1, 2)], 0, st)
    assert summary["lines"] == [f"Seat 2: Army 1 moves 2 spaces, to {space_text(st, 2)}"]
    assert summary["played"] == "played c (slot 1)"  # the card's name (an unknown id in words) and its slot
    assert summary["spaces"] == [0, 1, 2]
