"""Options as records: the table's names, the spaces they name, moves with their ends."""

from __future__ import annotations

import typing

from newdawn.describe import no_target_reason, option_records
from newdawn.describe.options import LABELS, auto_action, gain_text, option_record, step_refusal, token_gain
from newdawn.engine import apply, decision_seat, legal_actions, parse_action, why_not
from newdawn.engine.actions import Action, parse_coord
from newdawn.scenario.frame_shapes import MEMBERS, class_name

from .conftest import Game
from .test_no_coordinates import COORD

INTERNAL = ("barb_move", "defensive_pact", "ctl", "_", "seat 0", "army 0", "caravan 0")


def test_every_label_maker_declares_the_frame_class_of_its_kinds() -> None:
    """A maker's frame parameter is its kind's class (``engine/frames.py``), a union holding it
    (a maker shared by several kinds), or ``Frame`` (it reads only the keys every frame has):
    mypy then checks the keys it reads, as for the engine's handlers."""
    wrong = []
    for (kind, verb), fn in sorted(LABELS.items()):
        cls = MEMBERS.get(class_name(kind))
        if cls is None:
            wrong.append(f"({kind}, {verb}): no step kind {kind!r}")
            continue
        declared = typing.get_type_hints(fn)["f"]
        if cls is not declared and cls not in typing.get_args(declared):
            wrong.append(f"({kind}, {verb}): {fn.__qualname__} declares {declared}")
    assert not wrong, "\n".join(wrong)


def test_every_option_has_plain_words_and_valid_spaces(games: list[Game]) -> None:
    seen = 0
    for g in games:
        for st in g.states[:: 3]:
            if st.winner != -1:
                continue
            f = st.stack_frames[-1]
            for a in legal_actions(st):
                r = option_record(st, f, a)
                seen += 1
                assert r.action == str(a)
                for text in (r.label, r.hint or ""):
                    low = text.lower()
                    assert not any(bad in low for bad in INTERNAL), (str(a), text)
                assert all(0 <= s < st.board.n for s in r.spaces)
                if r.kind == "move":
                    assert r.dst is not None and r.dst in r.spaces
    assert seen > 2000


def test_decision_texts_use_the_tables_names(games: list[Game]) -> None:
    from newdawn.server.views import decision_text

    for g in games:
        for st in g.states[::5]:
            text = decision_text(st)
            assert "_" not in text and "seat 0" not in text.lower() and "army 0" not in text.lower(), text


def test_figure_steps_name_the_piece_from_one_and_go_from_where_it_stands(games: list[Game]) -> None:
    steps = 0
    for g in games:
        for st in g.states:
            if st.winner != -1 or st.stack_frames[-1]["kind"] not in ("army_step", "caravan_step"):
                continue
            f = st.stack_frames[-1]
            piece = "army" if f["kind"] == "army_step" else "caravan"
            here = getattr(st.players[f["seat"]], "armies" if piece == "army" else "caravans")[f["figure"]]
            for a in legal_actions(st):
                if a.verb != "to":
                    continue
                r = option_record(st, f, a)
                steps += 1
                assert r.label.startswith(f"{piece.capitalize()} {f['figure'] + 1} to ")
                assert r.src == here
                assert r.dst == st.board.index[parse_coord(a.arg)]
    assert steps > 100


def test_options_sharing_a_space_share_a_group(games: list[Game]) -> None:
    shared = 0
    for g in games:
        for st in g.states:
            if st.winner != -1 or st.stack_frames[-1]["kind"] != "district":
                continue
            recs = option_records(st)
            by_dst: dict[int, list[dict[str, object]]] = {}
            for r in recs:
                if r["dst"] is not None:
                    by_dst.setdefault(r["dst"], []).append(r)  # type: ignore[arg-type]
            for s, rs in by_dst.items():
                if len(rs) > 1:
                    shared += 1
                    assert {r["group"] for r in rs} == {f"space:{s}"}
    assert shared > 0


def test_a_fight_is_announced_with_its_odds(games: list[Game]) -> None:
    fights = 0
    for g in games:
        for st in g.states:
            if st.winner != -1 or st.stack_frames[-1]["kind"] != "army_step":
                continue
            for r in option_records(st):
                if r["warning"] == "starts a fight":
                    fights += 1
                    assert "% to win" in str(r["hint"]) and "attacks" in str(r["hint"])
                    # Taking it does start a combat (or a choice of target) at once.
                    nxt = apply(st, str(r["action"]))
                    assert any(e["kind"] == "attack" and e["seat"] == decision_seat(st) for e in nxt.events) or \
                        nxt.stack_frames[-1]["kind"] in ("combat", "target")
    assert fights > 0


def test_trade_tokens_say_what_they_add(games: list[Game]) -> None:
    st = games[0].states[-1]
    assert gain_text(st, "foreign_trade", 1) == "+1 space for each caravan"
    assert gain_text(st, "early_empire", 2) == "+2 control tokens"
    assert token_gain(st, "early_empire", 2) == "+2 control tokens (+1 control token per token)"


def test_commit_with_nothing_to_spend_is_sent_without_a_question(games: list[Game]) -> None:
    asked = skipped = 0
    for g in games:
        for st in g.states:
            if st.winner != -1 or st.stack_frames[-1]["kind"] != "commit":
                continue
            spend = [a for a in legal_actions(st) if a.verb == "resolve" and a.arg]
            if spend:
                asked += 1
                assert auto_action(st) is None
            else:
                skipped += 1
                assert auto_action(st) == "resolve"
    assert asked and skipped


def test_a_decision_with_one_option_is_taken_for_the_player_when_undo_can_take_it_back(games: list[Game]) -> None:
    """Issue 39 §4: the table sends a lone option itself (``auto_action``), unless taking it could
    not be undone (it ends the turn, rolls or draws): the player then still sees it and may undo
    before it. Whatever lone option it sends, the server's undo would take back (``step_refusal``
    is None). (Committing a card with nothing to spend is sent even when it ends the turn: that
    question is never asked, issue 39 §4.)"""
    taken = kept = 0
    for g in games:
        for st in g.states:
            if st.winner != -1:
                continue
            opts = legal_actions(st)
            a = auto_action(st)
            if a is not None and len(opts) == 1:
                assert a == str(opts[0])
                assert step_refusal(st, apply(st, a), a) is None
                taken += 1
            elif len(opts) == 1:
                assert step_refusal(st, apply(st, opts[0]), str(opts[0])) is not None
                kept += 1
    assert taken and kept, (taken, kept)


def test_undo_refusals_name_the_step_by_its_label_not_its_action_text(games: list[Game]) -> None:
    """The undo button's refusal ("“Attack Seat 2's city beside Seoul” rolled dice...") carries
    no coordinate (issue 39 §3): the step is named by its option label."""
    said = []
    for g in games:
        for st, (_, a) in zip(g.states, g.actions, strict=False):
            nxt = apply(st, a)
            why = step_refusal(st, nxt, a)
            if why is not None and why != "that action ended the turn":
                said.append(why)
                assert "“" in why and not COORD.search(why), why
    assert len(said) > 10, said


def test_a_decision_without_map_target_says_so(games: list[Game]) -> None:
    for st in games[1].states:
        if st.winner == -1 and st.stack_frames[-1]["kind"] == "government":
            recs = option_records(st)
            reason = no_target_reason(st, recs)
            assert reason and "does not choose a space on the map" in reason
            break
    else:
        raise AssertionError("no government decision in the game")


def test_fort_refusal_gives_the_rule_not_a_circular_reason(games: list[Game]) -> None:
    st = games[0].states[0]
    assert st.stack_frames[-1]["kind"] == "setup_fort"
    legal = {a.arg for a in legal_actions(st)}
    reasons = set()
    for q in range(-6, 7):
        for r in range(-6, 7):
            arg = f"{q},{r}"
            why = why_not(st, Action("fort", arg))
            assert (why is None) == (arg in legal)
            if why is not None:
                assert why.kind.startswith("fort_"), why
                reasons.add(why.kind)
    assert {"fort_on_map", "fort_few_core"} <= reasons, reasons


def test_spaces_that_are_not_choices_get_the_engines_reason(games: list[Game]) -> None:
    from newdawn.describe.why import space_reasons

    seen = 0
    for g in games[:2]:
        for st in g.states[:400]:
            if st.winner != -1:
                continue
            opts = option_records(st, previews=False)
            chosen = {s for o in opts for s in o["spaces"]}
            for grp in space_reasons(st, opts):
                assert grp["reason"] and "not one of the options" not in grp["reason"]
                assert not chosen & set(grp["spaces"])
                seen += 1
    assert seen > 50


# ---------------------------------------------------------------- words from the action's fields

def _fields_only(a: Action) -> Action:
    """``a`` with its text replaced: the same typed fields, an argument no reader could parse."""
    return Action._make((a.verb, "#", *a[2:]))


def test_generic_words_come_from_the_actions_fields_not_its_text(games: list[Game]) -> None:
    """``_generic`` and ``arg_words`` read ``at``/``to``/``key``/``key2``/``n``/``n2``: an action
    whose text says nothing gets the same words (the record keeps the text it was given)."""
    from newdawn.describe.options import _generic

    st = games[0].states[len(games[0].states) // 2]
    # Every form of ``engine.actions.FORMS`` that takes an argument, on spaces of this map.
    (q, r), (q2, r2) = st.board.coords[0], st.board.coords[1]
    texts = [f"place {q},{r}", f"district campus {q},{r}", f"move {q},{r}>{q2},{r2}", "army 2",
             f"tile B3 {q},{r}", f"tile 2:A1 {q},{r}", "fort 40,40", "swap culture,science", "swap culture+science",
             "swap oil>marble", "exchange p1:embassy>joint_war", "dipl 1:joint_war", "pay nw:pantanal",
             "take mathematics@culture", "target army:1", "gov democracy", "give 1", f"barb B>{q},{r}"]
    for text in texts:
        a = parse_action(text)
        real, blind = _generic(st, a).as_dict(), _generic(st, _fields_only(a)).as_dict()
        assert real["action"] == text and blind["action"] != text
        assert {**real, "action": ""} == {**blind, "action": ""}, text
        assert not COORD.search(real["label"]), real["label"]


def test_generic_words_of_each_form(games: list[Game]) -> None:
    from newdawn.describe.options import _generic

    st = games[0].states[len(games[0].states) // 2]
    (q, r), (q2, r2) = st.board.coords[0], st.board.coords[1]
    label = {text: _generic(st, parse_action(text)) for text in (
        "swap culture,science", "swap oil>marble", "exchange p1:embassy>joint_war", "dipl 1:joint_war",
        "take mathematics@culture", "target army:1", f"move {q},{r}>{q2},{r2}", "army 2", "fort 40,40")}
    assert label["swap culture,science"].label == "Swap culture and science"
    assert label["swap oil>marble"].label == "Swap oil for marble"
    assert label["exchange p1:embassy>joint_war"].label == "Exchange Seat 2's Embassy for Joint War"
    assert label["dipl 1:joint_war"].label == "Dipl Seat 2's Joint War"
    assert label["take mathematics@culture"].label == "Take Mathematics under your culture card"
    assert label["target army:1"].label == "Target Seat 2's army"
    mv = label[f"move {q},{r}>{q2},{r2}"]
    assert (mv.kind, mv.src, mv.dst, mv.spaces) == ("move", 0, 1, [0, 1])
    assert (label["army 2"].kind, label["army 2"].amount) == ("choice", 2)
    assert label["fort 40,40"].kind == "choice" and label["fort 40,40"].label.startswith("Fort ")


def test_the_map_hint_says_how_many_spaces_are_highlighted_and_when_a_piece_is_picked_first(games: list[Game]) -> None:
    """Issue 41: the line under a decision answered on the map is made here (``map_hint``), the
    number of highlighted spaces counted from the option records as the table highlights them."""
    from newdawn.describe import map_hint
    from newdawn.describe.options import PICK_DESTINATION, PICK_PIECE
    from newdawn.engine import new_game

    st = new_game({"players": 3}, 2)
    assert st.stack_frames[-1]["kind"] == "setup_fort"
    options = option_records(st)
    spaces = {(o["at"]["q"], o["at"]["r"]) for o in options}  # the forts' places, by their hexes
    assert len(spaces) == len(options) > 1
    hint = map_hint(st, options)
    assert hint == {"text": f"Click one of the {len(spaces)} highlighted spaces on the map (or Tab to them and press Enter).",
                    "selected": None, "listed": f"all {len(options)} map options as a list"}
    assert map_hint(st, options[:1]) == {
        "text": "Click the highlighted space on the map (or Tab to it and press Enter).", "selected": None,
        "listed": "the map's option as a list"}
    seen: set[str] = set()
    for g in games:
        for s in g.states:
            if s.winner != -1:
                continue
            kind = s.stack_frames[-1]["kind"]
            options = option_records(s)
            hint = map_hint(s, options)
            if kind in ("focus", "government", "tech"):
                assert hint is None, kind  # buttons only
            if hint is not None and hint["text"] == PICK_PIECE:
                assert hint["selected"] == PICK_DESTINATION
                assert len({o["src"] for o in options if o["src"] is not None}) > 1
                seen.add("piece")
            elif hint is not None:
                assert hint["selected"] is None and "highlighted space" in hint["text"]
                seen.add("spaces")
    assert seen == {"piece", "spaces"}
