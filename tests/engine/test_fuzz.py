"""Property tests (hypothesis) of the engine's input boundary: any text a user, a client or
a saved log may send is either a canonical action or a clear refusal that changes nothing.

The example-based tests in ``test_api`` name the known bad inputs; these search for the
unknown ones: odd blanks, unicode, near-miss verbs, malformed coordinates."""

from __future__ import annotations

import functools
import json
import random

from helpers import snapshot
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as stt

from newdawn.bots import RandomBot
from newdawn.engine import (
    GameState,
    IllegalActionError,
    NotationError,
    apply,
    apply_in_place,
    legal_actions,
    new_game,
    parse_action,
    why_illegal,
)

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def live_positions() -> tuple[GameState, ...]:
    """States of one seeded random 3-player game at decisions of several kinds, each with
    more than one option (kept as JSON so no test can change another's state)."""
    st = new_game({"players": 3, "max_rounds": 200}, 11)
    bot = RandomBot(random.Random(11))
    seen: dict[str, GameState] = {}
    while st.winner == -1 and len(seen) < 12:
        opts = legal_actions(st)
        if not opts:
            break
        k = st.stack_frames[-1]["kind"]
        if len(opts) > 1 and k not in seen:
            seen[k] = GameState.from_json(json.loads(json.dumps(st.to_json())))
        st = apply(st, bot.choose(None, opts))
    assert len(seen) >= 6, f"only {sorted(seen)} decisions reached"
    return tuple(seen.values())


words = stt.text(alphabet=stt.characters(blacklist_categories=("Cs",)), max_size=30)
verbs = stt.sampled_from(["place", "start", "done", "army", "caravan", "step", "slot", "build",
                          "pick", "boost", "accept", "target", "Place", "pla_ce", "x"])
coords = stt.builds(lambda q, r: f"{q},{r}", stt.integers(-12, 12), stt.integers(-12, 12))
args = stt.one_of(coords, stt.integers(-3, 99).map(str), words)
near_miss = stt.builds(lambda v, a, pad: f"{pad}{v} {a}{pad}", verbs, args,
                       stt.sampled_from(["", " ", "\t", "\n  "]))
any_text = stt.one_of(words, near_miss)


@FUZZ
@given(any_text)
def test_text_parses_to_a_canonical_action_or_raises_a_notation_error(text: str) -> None:
    try:
        a = parse_action(text)
    except NotationError as e:
        assert str(e), "a notation error says what is wrong"
        return
    assert str(a) == " ".join(text.split())
    assert parse_action(str(a)) == a


@FUZZ
@given(stt.integers(0, 11), stt.data())
def test_any_text_is_applied_as_listed_or_refused_without_change(k: int, data: stt.DataObject) -> None:
    positions = live_positions()
    st = positions[k % len(positions)]
    before = snapshot(st)
    opts = legal_actions(st)
    listed_text = stt.builds(lambda a, pad: f"{pad}{a}{pad}".replace(" ", pad or " "),
                             stt.sampled_from(opts), stt.sampled_from(["", " ", "\t", " \n "]))
    text = data.draw(stt.one_of(listed_text, any_text), label="text")
    try:
        nxt = apply(st, text)
    except (IllegalActionError, NotationError) as e:
        event(f"refused: {type(e).__name__}")
        assert str(e)
        assert snapshot(st) == before, "a refused action changed the state"
        reason = why_illegal(st, text)
        assert isinstance(reason, str) and reason, "the engine can say why it refused"
        try:
            listed = parse_action(text) in opts
        except NotationError:
            listed = False
        assert not listed, f"{text!r} is listed but apply refused it: {e}"
        copy = GameState.from_json(json.loads(before))
        try:
            apply_in_place(copy, text)
        except (IllegalActionError, NotationError):
            pass
        else:
            raise AssertionError(f"apply_in_place accepted {text!r}, which apply refused")
        assert snapshot(copy) == before, "apply_in_place changed the state before refusing"
        return
    event("applied")
    assert snapshot(st) == before, "apply changed its input"
    assert parse_action(text) in opts, f"{text!r} was applied but is not a listed option"
    assert why_illegal(st, text) is None
    assert snapshot(nxt) != before or legal_actions(nxt) != opts
