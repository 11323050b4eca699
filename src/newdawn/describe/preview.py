"""What a choice would do now, found by asking the engine (never a second copy of the rules).

``focus_previews`` applies each focus option and then ``resolve`` and reads the decision that
follows (its kind, how many options, how many spaces) and the events of the automatic steps.

A preview is made only from what the deciding seat may know: it plays on states rebuilt from
that seat's ``player_view`` (``engine.view.state_from_view``, the hidden facts re-sampled from
fixed seeds), never on the real state, so no die to come, drawn tile or wonder below a deck's
top can reach its words. What chance decides is said as chance: the preview stops at the first
event that draws, rolls or reveals (the event dial turning: "barbarians move (a die is
rolled)"), or at the first event on which two samples disagree.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final, cast

from ..engine import (
    Action,
    Event,
    GameState,
    IllegalActionError,
    apply,
    city_reason,
    content_for,
    decision_seat,
    friendly_spaces,
    legal_actions,
    parse_action,
    player_view,
    reach,
    state_from_view,
    unused_cities,
)
from ..engine.frames import BuildFrame
from .event_words import event_sentence
from .names import SKIP_VERBS, plural
from .options import Rec, gain_text, option_record, option_recs
from .questions import question

SAMPLE_SEEDS = (1, 2)
"""Seeds of the public samples a preview plays on (two, so that an event chance decided in a way
``CHANCE`` does not name still shows as a disagreement)."""

CHANCE = {
    "barb_die": "barbarians move (a die is rolled)",
    "explore": "explores (a tile is drawn)",
    "attack": "attacks (dice are rolled)",
    "reroll": "rerolls a die",
    "wonder_gone": "a wonder leaves the game and the next one is revealed",
}
"""Events whose facts come from a die, a draw or a reveal: a preview says them in these words
and stops (what follows depends on them)."""

UNKNOWN = "then chance decides what happens"


def public_samples(st: GameState) -> list[GameState]:
    """States that agree with everything the deciding seat sees, the rest re-sampled from
    ``SAMPLE_SEEDS`` (the same for every real state behind that seat's view)."""
    view = player_view(st, decision_seat(st))
    return [state_from_view(view, s) for s in SAMPLE_SEEDS]


def _after(st: GameState, actions: list[Action]) -> tuple[GameState, list[Event]] | None:
    events: list[Event] = []
    cur = st
    for a in actions:
        try:
            cur = apply(cur, a)
        except IllegalActionError:
            return None
        events.extend(cur.events)
    return cur, events


CITY_WHY: Final = {
    "too_hard": "too hard for slot {slot}", "next_to_city": "next to a city{or_fort}", "next_to_fort": "next to a city{or_fort}",
    "holds_city": "already taken", "holds_city_state": "already taken", "city_state_space": "already taken",
    "holds_barbarian": "already taken", "holds_token": "already taken", "holds_rival_control": "already taken",
    "holds_rival_army": "already taken",
}
"""Short words for the engine's refusals of a city site (``spaces.city_reason``), by kind
(``{or_fort}``: " or fort" in a ruleset with forts)."""


def no_city_site_why(st: GameState, f: BuildFrame) -> str:
    """Why a card that builds cities has no city site now, in a few words: every space within its
    range of the player's territory and what keeps a city off it (the engine's reasons, grouped)."""
    seat, slot, rng = f["seat"], f["slot"], f["range"]
    if f.get("no_city"):
        return "this card builds wonders only"
    if unused_cities(st, seat) <= 0:
        return "all your cities are on the map"
    b = st.board
    near = reach(st, friendly_spaces(st, seat), rng, lambda t: not b.is_water[t]) - set(friendly_spaces(st, seat))
    near |= {s for s in friendly_spaces(st, seat) if s not in st.cities}
    or_fort = " or fort" if content_for(st).ruleset.fort_terrain else ""  # the base game has no forts
    found: Counter[str] = Counter()
    for s in sorted(near):
        reason = city_reason(st, seat, s, slot)
        if reason is None:
            found["reached only across harder land or rivals' spaces"] += 1
        elif reason.kind not in ("water", "fort"):
            found[CITY_WHY.get(reason.kind, "already taken").format(slot=slot, or_fort=or_fort)] += 1
    if not found:
        return f"no land within {rng} spaces of yours"
    return f"the land within {rng} spaces of yours is " + " or ".join(w for w, _ in found.most_common(2))


def _first_step(st: GameState) -> tuple[str, bool]:
    """(what the card's first decision would do, whether it can do anything)."""
    f = st.stack_frames[-1]
    k = f["kind"]
    opts = legal_actions(st)
    real = [o for o in opts if o.verb not in SKIP_VERBS and o.verb != "back"]
    spaces = sum(1 for o in real if o.at is not None)
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
        if not cities:
            text = f"builds a city or a wonder: no city site ({no_city_site_why(st, cast(BuildFrame, f))})"
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


def _resolved(st: GameState, a: Action) -> tuple[GameState, list[Event], str] | None:
    """The state after the focus option and ``resolve`` (no trade tokens), its events, and the
    words of the tokens the card could take."""
    got = _after(st, [a])
    if got is None:
        return None
    nxt, _ = got
    events: list[Event] = []
    tokens = ""
    if nxt.stack_frames and nxt.stack_frames[-1]["kind"] == "commit":
        f = nxt.stack_frames[-1]
        most = max((o.n for o in legal_actions(nxt) if o.verb == "resolve" and o.n > 0), default=0)
        if most:
            tokens = f"up to {plural(most, 'trade token')} to spend, {gain_text(st, f['card'], 1)} each"
        got = _after(nxt, [Action("resolve")])
        if got is None:
            return None
        nxt, events = got
    return nxt, events, tokens


def _known_events(runs: list[tuple[GameState, list[Event], str]], seat: int) -> tuple[list[str], bool]:
    """The event lines every sample agrees on, up to the first that chance decides (said as
    chance); and whether the preview stopped there."""
    prefix = f"Seat {seat + 1} "
    texts = [[event_sentence(nxt, e)[1].removeprefix(prefix) for e in events]
             for nxt, events, _ in runs]
    first_nxt, first_events, _ = runs[0]
    out: list[str] = []
    for i, e in enumerate(first_events):
        kind = e["kind"]
        if kind == "resolve":
            continue
        if kind in CHANCE:
            out.append(CHANCE[kind])
            return out, True
        if any(len(t) <= i or t[i] != texts[0][i] for t in texts):
            out.append(UNKNOWN)
            return out, True
        if e["kind"] == "dial":
            icons = e["icons"]
            dial = texts[0][i][:1].lower() + texts[0][i][1:]
            out.append(dial + (" (a die is rolled)" if "barb_move" in icons else ""))
            return out, True  # what the dial's icons do depends on the die and the decks
        out.append(texts[0][i])
    if any(len(t) != len(texts[0]) for t in texts):
        out.append(UNKNOWN)
        return out, True
    return out, False


def focus_preview(st: GameState, a: Action, samples: list[GameState] | None = None) -> tuple[str, str | None]:
    """(what the focus option would do now, a warning or None), from the engine: the option
    and ``resolve`` (no trade tokens) are applied to ``samples`` (default: ``public_samples``)
    and the next decision is read."""
    seat = decision_seat(st)
    runs = []
    for sample in public_samples(st) if samples is None else samples:
        got = _resolved(sample, a)
        if got is None:
            return "", None
        runs.append(got)
    happened, stopped = _known_events(runs, seat)
    nxt, _, tokens = runs[0]
    # The card's own decision follows if the same seat decides before the turn moves on.
    own = not stopped and nxt.winner == -1 and decision_seat(nxt) == seat and nxt.current == st.current \
        and nxt.round == st.round
    parts = list(happened)
    useful = bool(happened)
    if own:
        steps = {_first_step(n) for n, _, _ in runs}
        text, can = steps.pop() if len(steps) == 1 else ("then a choice that depends on what is drawn", True)
        parts.append(text)
        useful = useful or can
    if tokens:
        parts.append(tokens)
    if not parts:
        return "no effect now", "would do nothing now"
    return "; ".join(parts), None if useful else "would do nothing now: no legal choice"


def _decision_words(st: GameState) -> str:
    text = question(st)
    return text[:1].lower() + text[1:]


def focus_previews(st: GameState, recs: list[Rec]) -> None:
    samples = public_samples(st)
    for r in recs:
        if r.kind != "focus":
            continue
        hint, warning = focus_preview(st, parse_action(r.action), samples)
        r.hint = hint or r.hint
        r.warning = warning


def option_records(st: GameState, previews: bool = True) -> list[dict[str, Any]]:
    """Every legal option of the pending decision as a record (empty when the game is over),
    the focus options with what each card would do (``focus_previews``) unless ``previews`` is
    off. (Here, above ``options``, because a preview reads the option records of the decision
    that follows.)"""
    recs = option_recs(st)
    if previews and recs and st.stack_frames[-1]["kind"] == "focus":
        focus_previews(st, recs)
    return [r.as_dict() for r in recs]
