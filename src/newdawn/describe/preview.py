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

TOKEN_GAIN = {
    "control_token": "+1 control token for each",
    "dial_space": "+1 tech dial space for each",
    "caravan_move": "+1 space of movement for each caravan for each",
    "production": "+1 production for each",
    "combat_or_reroll": "+1 combat value for each (or a reroll)",
    "reinforce": "+1 reinforced token for each",
}
"""What one trade token adds, by the ruleset's ``trade_effect`` of the card's type."""

# What the first decision of a card asks, in words; {n} is the number of options with a space.
FIRST_STEP = {
    "place": "places control tokens: {n} legal spaces",
    "theater": "places control tokens: {n} legal spaces",
    "reinforce": "reinforces control tokens: {n} tokens can be reinforced",
    "district": "places a district: {n} legal spaces",
    "build": "builds a city or a wonder: {n} city sites",
    "armies": "moves armies",
    "caravans": "moves caravans",
    "tech": "takes a new focus card",
    "choose": "lets you choose one of its effects",
    "shift": "moves a control token: {n} moves",
    "trade_place": "puts a trade token on one of your cards",
    "missing_resource": "takes a resource you lack",
    "any_resource": "takes a resource",
    "swap_resource": "trades a resource",
    "nuke": "drops a nuclear device",
}


def token_gain(st: GameState, card: str, n: int) -> str:
    """"+1 space of movement for each caravan for each token: 2 tokens"."""
    fc = content_for(st).focus_cards[card]
    eff = content_for(st).ruleset.trade_effect.get(fc.type, "")
    what = TOKEN_GAIN.get(eff, "one more for each")
    return f"{what} token: {plural(n, 'token')} spent"


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


def focus_preview(st: GameState, a: Action) -> tuple[str, str | None]:
    """(what the focus option would do now, a warning or None)."""
    seat = decision_seat(st)
    got = _after(st, [a])
    if got is None:
        return "", None
    nxt, _ = got
    if nxt.stack_frames and nxt.stack_frames[-1]["k"] == "commit":
        got = _after(nxt, [Action("resolve")])
        if got is None:
            return "", None
        nxt, events = got
    else:
        events = []
    # The card's own decision follows if the same seat decides before the turn moves on.
    own = nxt.winner == -1 and decision_seat(nxt) == seat and nxt.current == st.current \
        and nxt.round == st.round
    if own:
        f = nxt.stack_frames[-1]
        opts = legal_actions(nxt)
        real = [o for o in opts if o.verb not in SKIP_VERBS]
        n_spaces = sum(1 for o in real if "," in o.arg)
        tmpl = FIRST_STEP.get(f["k"])
        text = tmpl.format(n=n_spaces) if tmpl else _decision_words(nxt)
        if not real:
            return text, "would do nothing now: no legal choice"
        return text, None
    moved = [e for e in events if " resolves " not in e]
    if moved:
        return f"{plural(len(moved), 'thing')} happen at once", None
    return "no effect now", "would do nothing now"


def _decision_words(st: GameState) -> str:
    from ..engine import describe

    return describe(st)[:1].lower() + describe(st)[1:]


def focus_previews(st: GameState, recs: list[Rec]) -> None:
    for r in recs:
        if r.kind != "focus":
            continue
        hint, warning = focus_preview(st, Action("focus", r.action.partition(" ")[2]))
        r.hint = hint or r.hint
        r.warning = warning
