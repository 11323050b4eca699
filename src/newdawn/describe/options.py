"""Options of the pending decision as records: label, kind, spaces, src/dst, hint, warning, group.

The engine's actions are ``verb [arg]`` in its canonical notation (``parse_action``): an
argument is a space ``q,r``, a move ``q,r>q,r``, a tile ``T q,r``, a number, or a data id.
That notation is read here with the engine's own parsers; what a verb *means* in a decision
is kept in one table, ``LABELS`` (decision kind, verb) -> label maker, with a generic
fallback for the rest. The JavaScript shows ``label``/``hint`` and uses ``spaces``/``src``/
``dst``/``group``; it never reads ``action``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import legal_actions
from ..engine.actions import Action
from ..engine.flow import effective_slot, slot_of
from ..engine.state import GameState, content_for
from .names import (
    FOCUS_TYPE,
    SKIP_VERBS,
    card_name,
    diplomacy_name,
    seat_name,
    short_space,
    space_id,
    space_text,
    thing_name,
    words,
)


@dataclass
class Rec:
    """An option record under construction (``as_dict`` gives the contract's ``Option``)."""

    action: str
    label: str
    kind: str
    spaces: list[int] = field(default_factory=list)
    src: int | None = None
    dst: int | None = None
    hint: str | None = None
    warning: str | None = None
    group: str | None = None
    card: str | None = None
    slot: int | None = None
    amount: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "action": self.action, "label": self.label, "kind": self.kind, "spaces": self.spaces,
            "src": self.src, "dst": self.dst, "hint": self.hint, "warning": self.warning,
            "group": self.group, "card": self.card, "slot": self.slot, "amount": self.amount,
        }


Frame = dict[str, Any]
Maker = Callable[[GameState, Frame, Action, Rec], None]


# ---------------------------------------------------------------- reading the notation

def _generic(st: GameState, a: Action) -> Rec:
    """What the notation alone says about an option."""
    text = str(a)
    verb, arg = a.verb, a.arg
    if verb in SKIP_VERBS:
        label = {"done": "Done", "skip": "Skip", "pass": "Pass", "keep": "Keep",
                 "none": "None", "stop": "Stop here"}[verb]
        return Rec(text, label, "skip")
    if verb == "back":
        return Rec(text, "Back: choose another card", "back")
    if not arg:
        return Rec(text, words(verb).capitalize(), "confirm")
    if ">" in arg:
        a_txt, _, b_txt = arg.partition(">")
        s, d = space_id(st, a_txt), space_id(st, b_txt)
        if s is not None and d is not None:
            return Rec(text, f"{words(verb).capitalize()} {short_space(st, s)} to {short_space(st, d)}",
                       "move", spaces=[s, d], src=s, dst=d)
        return Rec(text, f"{words(verb).capitalize()} {thing_name(st, a_txt)} for {thing_name(st, b_txt)}",
                   "choice")
    parts = arg.split()
    if len(parts) == 2 and verb == "tile":
        d = space_id(st, parts[1])
        return Rec(text, f"Tile {parts[0]} at {parts[1]}", "tile",
                   spaces=[d] if d is not None else [], dst=d)
    s = space_id(st, arg) if "," in arg else None
    if s is not None:
        return Rec(text, f"{words(verb).capitalize()} at {short_space(st, s)}", "space", spaces=[s], dst=s)
    if len(parts) == 2:  # "district campus q,r"
        s = space_id(st, parts[1])
        if s is not None:
            return Rec(text, f"{thing_name(st, parts[0])} at {short_space(st, s)}", "space",
                       spaces=[s], dst=s)
    if arg.isdigit():
        return Rec(text, f"{words(verb).capitalize()} {arg}", "choice", amount=int(arg))
    return Rec(text, f"{words(verb).capitalize()} {thing_name(st, arg)}", "choice")


# ---------------------------------------------------------------- per-decision words

def _piece_at(st: GameState, seat: int, piece: str, i: int) -> int | None:
    ps = st.players[seat]
    locs = ps.armies if piece == "army" else ps.caravans
    return locs[i] if 0 <= i < len(locs) and locs[i] >= 0 else None


def _occupant(st: GameState, seat: int, s: int) -> str | None:
    """Who a figure entering ``s`` would meet (for the hint "attacks ...")."""
    for letter, at in st.barbs.items():
        if at == s:
            return f"barbarian {letter}"
    if s in st.cs_at:
        return space_text(st, s)
    if st.cities.get(s, seat) != seat:
        return f"{seat_name(st.cities[s])}'s city"
    if st.ctl.get(s, seat) != seat:
        return f"{seat_name(st.ctl[s])}'s control token"
    for p, ps in enumerate(st.players):
        if p != seat and s in ps.armies:
            return f"{seat_name(p)}'s army"
    return None


def _focus(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    seat = f["seat"]
    from ..engine.flow import card_of

    cid = card_of(st, seat, a.arg)
    slot = effective_slot(st, seat, a.arg, slot_of(st, seat, a.arg))
    r.kind, r.card, r.slot = "focus", cid, slot
    r.label = f"{card_name(st, cid)} (slot {slot})"
    r.group = "focus"


def _commit(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    name = card_name(st, f["card"])
    r.card, r.slot = f["card"], f["slot"]
    if a.verb == "resolve" and not a.arg:
        r.kind, r.label = "confirm", f"Resolve {name} in slot {f['slot']}"
        r.hint = "without trade tokens"
    elif a.verb == "resolve":
        n = int(a.arg)
        r.kind, r.amount = "tokens", n
        r.label = f"Resolve with {n} trade token{'s' if n != 1 else ''}"
        from .preview import token_gain

        r.hint = token_gain(st, f["card"], n)
    r.group = "commit"


def _figure_menu(piece: str) -> Maker:
    def make(st: GameState, f: Frame, a: Action, r: Rec) -> None:
        if a.verb == piece:
            i = int(a.arg)
            at = _piece_at(st, f["seat"], piece, i)
            r.kind = "choice"
            r.label = f"Move {piece.capitalize()} {i + 1}"
            if at is not None:
                r.spaces, r.src = [at], at
                r.hint = f"now at {space_text(st, at)}"
            else:
                r.hint = "leaves from one of your cities"
        elif a.verb == "done":
            r.label = "Done moving " + ("armies" if piece == "army" else "caravans")
    return make


def _figure_start(piece: str) -> Maker:
    def make(st: GameState, f: Frame, a: Action, r: Rec) -> None:
        s = space_id(st, a.arg)
        if s is not None:
            r.kind, r.spaces, r.src = "space", [s], s
            r.label = f"{piece.capitalize()} {f['i'] + 1} leaves from {short_space(st, s)}"
    return make


def _figure_step(piece: str) -> Maker:
    def make(st: GameState, f: Frame, a: Action, r: Rec) -> None:
        seat, i = f["seat"], f["i"]
        name = f"{piece.capitalize()} {i + 1}"
        here = _piece_at(st, seat, piece, i)
        if a.verb == "to":
            d = space_id(st, a.arg)
            if d is None:
                return
            r.kind, r.dst, r.src = "move", d, here
            r.spaces = [x for x in (here, d) if x is not None]
            r.label = f"{name} to {short_space(st, d)}"
            who = _occupant(st, seat, d)
            if who and piece == "army":
                r.hint = f"enters {space_text(st, d)}: attacks {who}"
                r.warning = "starts a fight"
            elif who:
                r.hint = f"{space_text(st, d)} (holds {who})"
        elif a.verb == "stop":
            r.label = f"{name} stops here"
            if here is not None:
                r.spaces, r.src = [here], here
        elif a.verb == "explore":
            r.kind, r.label = "confirm", f"{name} explores"
            r.hint = "draw a map tile and place it touching this space"
        elif a.verb == "trade":
            r.kind, r.label = "confirm", f"{name} trades here"
    return make


def _combat(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    if a.verb == "accept":
        r.kind, r.label = "confirm", "No more: settle the fight"
    elif a.verb == "reroll":
        r.kind, r.label = "choice", "Reroll your die"
    elif a.verb == "boost":
        r.kind, r.label = "choice", "Add a military trade token (+1)"
    elif a.verb == "spend":
        r.kind, r.label = "pay", f"Spend {thing_name(st, a.arg)} (+1)"


def _pay(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    w = thing_name(st, f["wonder"])
    if a.verb == "pay":
        r.kind = "pay"
        if a.arg.startswith("nw:"):
            r.label = f"Use {thing_name(st, a.arg)} (+2)"
        elif a.arg == "trade":
            r.label = "Spend an industry trade token (+1)"
        else:
            r.label = f"Spend {thing_name(st, a.arg)} (+2)"
    elif a.verb == "build":
        r.kind, r.label = "confirm", f"Build {w} (production {f['prod']} of {f['cost']})"
    elif a.verb == "back":
        r.label = f"Do not build {w} now"


def _build(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    if a.verb == "city":
        s = space_id(st, a.arg)
        if s is not None:
            r.label = f"City at {short_space(st, s)}"
    elif a.verb == "wonder":
        r.kind, r.card = "choice", None
        r.label = f"Build the wonder {thing_name(st, a.arg)}"
    elif a.verb == "done":
        r.label = "Done building"


def _place_like(what: str) -> Maker:
    def make(st: GameState, f: Frame, a: Action, r: Rec) -> None:
        s = r.dst
        if s is not None and a.verb not in SKIP_VERBS:
            r.label = f"{what} at {short_space(st, s)}"
    return make


def _district(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    if a.verb == "district":
        kind, _, where = a.arg.partition(" ")
        s = space_id(st, where)
        r.label = f"{thing_name(st, kind)} at {short_space(st, s)}" if s is not None else r.label
        r.card = None


def _tech(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    if a.verb == "take":
        r.kind, r.card = "choice", a.arg
        fc = content_for(st).focus_cards.get(a.arg)
        r.label = f"Take {card_name(st, a.arg)}"
        if fc is not None:
            r.hint = f"level {fc.level} {FOCUS_TYPE.get(fc.type, fc.type)} card: {fc.text}"
        r.group = "tech"


def _trade_place(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    from ..engine.flow import card_of

    try:
        cid = card_of(st, f["seat"], a.arg)
    except KeyError:
        return
    r.kind, r.card = "choice", cid
    r.label = f"Trade token on {card_name(st, cid)}"
    r.hint = f"your {FOCUS_TYPE.get(a.arg, a.arg)} card"


def _government(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    if a.verb == "gov":
        r.label = f"Change government to {thing_name(st, a.arg)}"
        for g in content_for(st).ruleset.governments:
            if g.id == a.arg:
                r.hint = f"your {g.type} card resolves {g.arrows} slot{'s' if g.arrows != 1 else ''} further right"
    elif a.verb == "keep":
        r.label = "Keep your government"


def _dipl_take(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    if a.verb == "dipl":
        r.label = f"Take {diplomacy_name(st, a.arg)}"
        pd = content_for(st).player_diplomacy.get(a.arg)
        if pd is not None:
            r.hint = pd.text
    elif a.verb == "none":
        r.label = "Take none"


def _setup_fort(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    if r.dst is not None:
        r.label = f"Fort at {short_space(st, r.dst)}"


def _resource(verb_label: str) -> Maker:
    def make(st: GameState, f: Frame, a: Action, r: Rec) -> None:
        if a.verb in ("take", "discard") and a.arg:
            r.label = f"{verb_label} {thing_name(st, a.arg)}"
    return make


def _discard(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    r.label = f"Discard a trade token from your {FOCUS_TYPE.get(a.arg, a.arg)} card"


def _mode(st: GameState, f: Frame, a: Action, r: Rec) -> None:
    if a.verb == "mode":
        r.label = MODES.get(a.arg, words(a.arg).capitalize())


MODES = {
    "cities": "Tokens for your mature cities",
    "desert": "Tokens for deserts nearby",
    "forest": "Tokens for forests nearby",
    "city": "Industry tokens for a city",
    "district": "Place a district",
    "reinforce": "Reinforce control tokens",
}


LABELS: dict[tuple[str, str], Maker] = {}
"""(decision kind, verb) -> what the option means; ``(kind, "*")`` covers every verb."""


def _reg(kind: str, verbs: str, fn: Maker) -> None:
    for v in verbs.split():
        LABELS[(kind, v)] = fn


_reg("focus", "focus", _focus)
_reg("commit", "resolve", _commit)
_reg("armies", "army done", _figure_menu("army"))
_reg("caravans", "caravan done", _figure_menu("caravan"))
_reg("army_start", "start", _figure_start("army"))
_reg("caravan_start", "start", _figure_start("caravan"))
_reg("army_step", "to stop explore", _figure_step("army"))
_reg("caravan_step", "to stop explore trade", _figure_step("caravan"))
_reg("combat", "accept reroll boost spend", _combat)
_reg("pay", "pay build back", _pay)
_reg("build", "city wonder done", _build)
_reg("place", "place", _place_like("Control token"))
_reg("theater", "place", _place_like("Control token"))
_reg("fx_mountain", "place", _place_like("Control token"))
_reg("reinforce", "reinforce", _place_like("Reinforce the token"))
_reg("district", "district", _district)
_reg("tech", "take", _tech)
_reg("trade_place", "trade", _trade_place)
_reg("government", "gov keep", _government)
_reg("dipl_take", "dipl none", _dipl_take)
_reg("setup_fort", "fort", _setup_fort)
_reg("any_resource", "take", _resource("Take"))
_reg("missing_resource", "take", _resource("Take"))
_reg("discard", "discard", _discard)
_reg("hub", "mode", _mode)
_reg("zone", "mode", _mode)
_reg("choose", "mode", _mode)
_reg("district_event", "resolve", _place_like("Resolve the district"))
_reg("claim_remove", "remove", _place_like("Remove the control token"))
_reg("zone_city", "city", _place_like("City"))
_reg("wonder_city", "under", _place_like("The wonder under the city"))


# ---------------------------------------------------------------- public

def option_record(st: GameState, f: Frame, a: Action) -> Rec:
    r = _generic(st, a)
    fn = LABELS.get((f["k"], a.verb)) or LABELS.get((f["k"], "*"))
    if fn is not None:
        fn(st, f, a, r)
    return r


def option_records(st: GameState, previews: bool = True) -> list[dict[str, Any]]:
    """Every legal option of the pending decision as a record (empty when the game is over)."""
    if st.winner != -1 or not st.stack_frames:
        return []
    f = st.stack_frames[-1]
    recs = [option_record(st, f, a) for a in legal_actions(st)]
    # Options that name the same space share a group (a menu at that space on the map).
    by_space: dict[int, list[Rec]] = {}
    for r in recs:
        if r.dst is not None and r.kind in ("space", "move", "tile"):
            by_space.setdefault(r.dst, []).append(r)
    for s, rs in by_space.items():
        if len(rs) > 1:
            for r in rs:
                r.group = f"space:{s}"
    if previews and f["k"] == "focus":
        from .preview import focus_previews

        focus_previews(st, recs)
    return [r.as_dict() for r in recs]


def no_target_reason(st: GameState, options: list[dict[str, Any]]) -> str | None:
    """Why clicking the map does nothing now: None when an option names a space."""
    if st.winner != -1:
        return "the game is over"
    if any(o["spaces"] for o in options):
        return None
    from ..engine import describe

    return f"this decision ({describe(st)}) does not choose a space on the map: use the buttons"
