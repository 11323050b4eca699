"""What a choice would do now, found by asking the engine (never a second copy of the rules).

``focus_previews`` applies each focus option and then ``resolve`` to a *copy* of the state and
reads the decision that follows (its kind, how many options, how many spaces) and the events
of the automatic steps. Nothing hidden is shown: a preview names no drawn tile, die or wonder
below a deck's top, only counts and the decision's kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import apply, decision_seat, legal_actions
from ..engine.actions import Action
from ..engine.errors import IllegalActionError
from ..engine.state import GameState, content_for
from .names import SKIP_VERBS, plural

if TYPE_CHECKING:
    from .options import Rec

TOKEN_UNIT = {
    "control_token": ("control token", "control tokens", ""),
    "dial_space": ("tech dial space", "tech dial spaces", ""),
    "caravan_move": ("space", "spaces", " for each caravan"),
    "production": ("production", "production", ""),
    "combat_or_reroll": ("combat value", "combat value", " (or a reroll for each)"),
    "reinforce": ("reinforced token", "reinforced tokens", ""),
}
"""What trade tokens add, by the ruleset's ``trade_effect`` of the card's type."""


def gain_text(st: GameState, card: str, n: int) -> str:
    """What ``n`` trade tokens spent on ``card`` add: "+1 space for each caravan"."""
    fc = content_for(st).focus_cards[card]
    one, many, tail = TOKEN_UNIT.get(content_for(st).ruleset.trade_effect.get(fc.type, ""), ("", "", ""))
    if not one:
        return f"{plural(n, 'trade token')} spent"
    return f"+{n} {one if n == 1 else many}{tail}"


def token_gain(st: GameState, card: str, n: int) -> str:
    """The hint of "resolve with n tokens": what they add, and what each one adds."""
    each = gain_text(st, card, 1)
    return gain_text(st, card, n) if n == 1 else f"{gain_text(st, card, n)} ({each} per token)"


def _after(st: GameState, actions: list[Action]) -> tuple[GameState, list[str]] | None:
    events: list[str] = []
    cur = st
    for a in actions:
        try:
            cur = apply(cur, a)
        except IllegalActionError:
            return None
        events.extend(cur.events)
    return cur, events


def _first_step(st: GameState) -> tuple[str, bool]:
    """(what the card's first decision would do, whether it can do anything)."""
    from .options import option_record

    f = st.stack_frames[-1]
    k = f["kind"]
    opts = legal_actions(st)
    real = [o for o in opts if o.verb not in SKIP_VERBS and o.verb != "back"]
    spaces = sum(1 for o in real if "," in o.arg)
    if f["kind"] == "place" or f["kind"] == "theater":
        left = f["left"] if f["kind"] == "place" else 1
        return f"places {plural(left, 'control token')}; {plural(spaces, 'legal space')}", bool(real)
    if f["kind"] == "reinforce":
        return f"reinforces {plural(f['left'], 'token')}; {spaces} of yours can be", bool(real)
    if k == "district":
        return f"places a district; {plural(spaces, 'legal space')}", bool(real)
    if k == "build":
        cities = sum(1 for o in real if o.verb == "city")
        wonders = [option_record(st, f, o).label.removeprefix("Build the wonder ") for o in real if o.verb == "wonder"]
        text = f"builds a city or a wonder: {plural(cities, 'city site')}"
        text += f", {' and '.join(wonders)} affordable" if wonders else ", no wonder affordable"
        return text, bool(real)
    if f["kind"] == "armies" or f["kind"] == "caravans":
        piece = "army" if k == "armies" else "caravan"
        n = sum(1 for o in real if o.verb == piece)
        many = "armies" if piece == "army" else "caravans"
        return f"moves {plural(n, piece, many)} up to {f['move']} spaces each", bool(real)
    if f["kind"] == "tech":
        return f"takes a level {f['level']} focus card: {plural(len(real), 'choice')}", bool(real)
    if k == "choose":
        labels = [option_record(st, f, o).label.lower() for o in real]
        return "one of: " + "; ".join(labels), bool(real)
    if k == "shift":
        return f"may move a control token: {plural(len(real), 'move')}", bool(real)
    if k == "trade_place":
        return "puts a trade token on one of your cards", bool(real)
    return _decision_words(st), bool(real)


def focus_preview(st: GameState, a: Action) -> tuple[str, str | None]:
    """(what the focus option would do now, a warning or None), from the engine: the option
    and ``resolve`` (no trade tokens) are applied to a copy and the next decision is read."""
    from .log import event_entry

    seat = decision_seat(st)
    got = _after(st, [a])
    if got is None:
        return "", None
    nxt, _ = got
    events: list[str] = []
    tokens = ""
    if nxt.stack_frames and nxt.stack_frames[-1]["kind"] == "commit":
        f = nxt.stack_frames[-1]
        most = max((int(o.arg) for o in legal_actions(nxt) if o.verb == "resolve" and o.arg), default=0)
        if most:
            tokens = f"up to {plural(most, 'trade token')} to spend, {gain_text(st, f['card'], 1)} each"
        got = _after(nxt, [Action("resolve")])
        if got is None:
            return "", None
        nxt, events = got
    happened = [event_entry(nxt, e, 0, nxt.round)["text"] for e in events
                if getattr(e, "kind", "") not in ("resolve", "explore")]
    prefix = f"Seat {seat + 1} "
    happened = [t.removeprefix(prefix) for t in happened]
    # The card's own decision follows if the same seat decides before the turn moves on.
    own = nxt.winner == -1 and decision_seat(nxt) == seat and nxt.current == st.current \
        and nxt.round == st.round
    parts = list(happened)
    useful = bool(happened)
    if own:
        text, can = _first_step(nxt)
        parts.append(text)
        useful = useful or can
    if tokens:
        parts.append(tokens)
    if not parts:
        return "no effect now", "would do nothing now"
    return "; ".join(parts), None if useful else "would do nothing now: no legal choice"


def _decision_words(st: GameState) -> str:
    from ..engine import describe
    from .names import plain_sentence

    text = plain_sentence(st, describe(st))
    return text[:1].lower() + text[1:]


def focus_previews(st: GameState, recs: list[Rec]) -> None:
    for r in recs:
        if r.kind != "focus":
            continue
        hint, warning = focus_preview(st, Action("focus", r.action.partition(" ")[2]))
        r.hint = hint or r.hint
        r.warning = warning
