"""Options of the pending decision as records: label, kind, spaces, src/dst, hint, warning, group.

The engine's actions are typed values (``engine.actions.Action``): a verb and the fields its
argument was read into once (``at``/``to`` spaces, ``key``/``key2`` names, ``n``/``n2``
numbers; ``FORMS`` declares each verb's). Words are made from those fields, never by splitting
the text, which is only carried as the record's ``action``. What a verb *means* in a decision
is kept in one table, ``LABELS`` (decision kind, verb) -> label maker, with a generic
fallback for the rest. The JavaScript shows ``label``/``hint`` and uses ``spaces``/``src``/
``dst``/``group``; it never reads ``action``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import (
    Action,
    Frame,
    GameState,
    NotationError,
    apply,
    attack_value,
    card_of,
    content_for,
    coord_at,
    defender_of,
    defense_value,
    effective_slot,
    legal_actions,
    parse_action,
    passable_targets,
    side_spaces,
    slot_of,
    targets_at,
    tile_cells,
)
from ..engine import frames as fr
from ..engine.rulesets.base_frames import BaseMapPlaceFrame
from .breakdown import fight_odds
from .contract import Cell, Hex, Option
from .event_words import target_words
from .names import (
    FOCUS_TYPE,
    SKIP_VERBS,
    action_space,
    card_name,
    diplomacy_name,
    district_name,
    natural_wonder_name,
    pending_frame,
    plural,
    seat_name,
    short_space,
    space_text,
    terrain_text,
    thing_name,
    words,
)
from .places import hex_text
from .questions import question


@dataclass
class Rec(Option):
    """An option record under construction: the contract's :class:`~.contract.Option` (what
    ``as_dict`` gives) and what the log reads beside it."""

    said: str | None = None
    """The choice as a sentence for the log, after the seat's name, when the label (an
    instruction on a button) would not read as one."""
    quiet: bool = False
    """A step on the way (which card, which army, where it starts): the log leaves it out, the
    events and moves that follow say what happened."""


Maker = Callable[[GameState, Any, Action, Rec], None]
"""A label maker: it gets the pending frame of a kind it is registered for (``LABELS``) and
declares that kind's class (or the union of the classes of its kinds; ``Frame`` when it reads
only the keys every frame has), so mypy checks the keys it reads. The table holds them all,
hence ``Any``; ``tests/describe/test_options.py`` checks each maker's declared class against
the kinds it is registered for, as ``tests/engine/test_frames.py`` does for the engine's
handlers."""


# ---------------------------------------------------------------- reading the notation

SPACE_VERBS = {
    "place": "Control token", "reinforce": "Reinforce the token", "city": "City", "district": "District",
    "remove": "Remove the token", "destroy": "Destroy the token", "resolve": "Resolve the district",
    "target": "Target", "under": "The wonder under the city", "explore": "Explore from",
}
"""Generic words of verbs that name a space, when the decision has no entry in ``LABELS``."""

def _generic(st: GameState, a: Action) -> Rec:
    """What the action's typed fields alone say about an option (``engine.actions.FORMS``: the
    spaces ``at``/``to``, the names ``key``/``key2``, the numbers ``n``/``n2``). The text is only
    carried as the record's ``action``, never read."""
    text = str(a)
    verb = a.verb
    if verb in SKIP_VERBS:
        label = {"done": "Done", "skip": "Skip", "pass": "Pass", "keep": "Keep",
                 "none": "None", "stop": "Stop here"}[verb]
        return Rec(text, label, "skip")
    if verb == "back":
        return Rec(text, "Back: choose another card", "back")
    if not a.arg:
        return Rec(text, words(verb).capitalize(), "confirm")
    said = words(verb).capitalize()
    s = action_space(st, a)
    if a.to is not None:  # a token from ``at`` to ``to``
        d = st.board.index.get(a.to)
        if s is not None and d is not None:
            return Rec(text, f"Move the token from {short_space(st, s)} to {short_space(st, d)}",
                       "move", spaces=[s, d], src=s, dst=d)
        return Rec(text, f"{said} from {_hex_words(st, a.at)} to {_hex_words(st, a.to)}", "choice")
    if verb == "tile":  # a side and a rotation (of the tile looked at ``n2``) on a space
        return Rec(text, f"Tile {a.key}{a.n} {_hex_words(st, a.at)}", "tile",
                   spaces=[s] if s is not None else [], dst=s)
    if a.at is not None:
        if s is None:  # a hex off the map (a fort spot, a tile's anchor)
            return Rec(text, f"{SPACE_VERBS.get(verb, said)} {_hex_words(st, a.at)}", "choice")
        if a.key:  # "district campus q,r", a barbarian's letter and where it goes
            return Rec(text, f"{thing_name(st, a.key)} on {short_space(st, s)}", "space", spaces=[s], dst=s)
        what = SPACE_VERBS.get(verb, said)
        return Rec(text, f"{what} on {short_space(st, s)}", "space", spaces=[s], dst=s)
    if a.key or a.key2:
        return Rec(text, f"{said} {arg_words(st, a)}", "choice")
    if a.n >= 0:
        return Rec(text, f"{said} {a.n}", "choice", amount=a.n)
    return Rec(text, said, "choice")


def _hex_words(st: GameState, c: tuple[int, int] | None) -> str:
    """A hex named by an action, in words ("on the hills beside Seoul", "just west of Seoul")."""
    return hex_text(st, c[0], c[1]) if c is not None else "somewhere"


def arg_words(st: GameState, a: Action) -> str:
    """The names an action carries, in words, from its fields: ``dipl 1:joint_war`` (a seat's
    card) -> "Seat 2's Joint War", ``swap culture,science`` (two focus types of the row) ->
    "culture and science", ``swap oil>marble`` (one resource for another) -> "Oil for Marble",
    ``exchange p1:embassy>joint_war`` -> "Seat 2's Embassy for Joint War", ``pay nw:pantanal``
    -> the natural wonder's name, ``take card@culture`` -> the card "under your culture card"."""
    if a.key == "nw" and a.key2:
        return natural_wonder_name(st, a.key2)
    first = thing_name(st, a.key)
    if a.n >= 0:  # ``{n}:{key}``, ``p{n}:{key}>{key2}``, ``{key}:{n}``: a seat's card or piece
        first = f"{seat_name(a.n)}'s {first}"
    if not a.key2:
        return first
    if a.verb == "take":
        return f"{first} under your {FOCUS_TYPE.get(a.key2, words(a.key2))} card"
    types = content_for(st).ruleset.focus_types
    joiner = "and" if a.key in types and a.key2 in types else "for"
    return f"{first} {joiner} {thing_name(st, a.key2)}"


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


def _focus(st: GameState, f: fr.FocusFrame, a: Action, r: Rec) -> None:
    seat = f["seat"]
    cid = card_of(st, seat, a.key)
    slot = effective_slot(st, seat, a.key, slot_of(st, seat, a.key))
    r.kind, r.card, r.slot = "focus", cid, slot
    r.label = f"{card_name(st, cid)} (slot {slot})"
    r.group = "focus"
    r.quiet = True


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


def _commit(st: GameState, f: fr.CommitFrame, a: Action, r: Rec) -> None:
    name = card_name(st, f["card"])
    r.card, r.slot = f["card"], f["slot"]
    if a.verb == "resolve" and not a.arg:
        r.kind, r.label = "confirm", f"Resolve {name} in slot {f['slot']}"
        r.hint = "without trade tokens"
    elif a.verb == "resolve":
        n = a.n
        r.kind, r.amount = "tokens", n
        r.label = f"Resolve with {n} trade token{'s' if n != 1 else ''}"
        r.hint = token_gain(st, f["card"], n)
    r.group = "commit"


def _figure_menu(piece: str) -> Maker:
    def make(st: GameState, f: fr.ArmiesFrame | fr.CaravansFrame, a: Action, r: Rec) -> None:
        r.quiet = True
        if a.verb == piece:
            i = a.n
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
    def make(st: GameState, f: fr.ArmyStartFrame | fr.CaravanStartFrame, a: Action, r: Rec) -> None:
        s = action_space(st, a)
        r.quiet = True
        if s is not None:
            r.kind, r.spaces, r.src = "space", [s], s
            r.label = f"{piece.capitalize()} {f['figure'] + 1} leaves from {short_space(st, s)}"
    return make


def _fight_hint(st: GameState, f: fr.ArmyStepFrame, s: int) -> tuple[str, str] | None:
    """(hint, warning) when an army entering ``s`` would attack: what, and the odds from the
    engine's own combat values (before trade tokens and rerolls)."""
    seat = f["seat"]
    targets = targets_at(st, seat, s)
    if not targets:
        return None
    if passable_targets(st, f, s, targets) and f["left"] > 1:
        return f"may pass through {space_text(st, s)}", ""
    t = targets[0]
    dseat = defender_of(st, t, s)
    a = attack_value(st, {"seat": seat, "slot": f["slot"], "combat": f["combat"], "vs_barbarian": f["vs_barbarian"], "passes": f["passes"],
                          "space": s}, t, dseat)
    d = defense_value(st, t, s, dseat, seat)
    what = target_words(st, t, dseat, s)
    more = f" (or another of {len(targets)} pieces there)" if len(targets) > 1 else ""
    return (f"attacks {what}{more}: your {a} + die against {d} + die, "
            f"{fight_odds(a, d)}% to win before trade tokens", "starts a fight")


def _figure_step(piece: str) -> Maker:
    def make(st: GameState, f: fr.ArmyStepFrame | fr.CaravanStepFrame, a: Action, r: Rec) -> None:
        seat, i = f["seat"], f["figure"]
        name = f"{piece.capitalize()} {i + 1}"
        here = _piece_at(st, seat, piece, i)
        if a.verb == "to":
            d = action_space(st, a)
            if d is None:
                return
            r.kind, r.dst, r.src = "move", d, here
            r.spaces = [x for x in (here, d) if x is not None]
            r.label = f"{name} to {short_space(st, d)}"
            r.group = f"{piece}:{i}"
            if f["kind"] == "army_step":
                fight = _fight_hint(st, f, d)
                if fight is not None:
                    r.hint, r.warning = fight[0], fight[1] or None
            else:
                who = _occupant(st, seat, d)
                if who:
                    r.hint = f"{space_text(st, d)} (holds {who})"
        elif a.verb == "stop":
            r.label = f"{name} stops here"
            if here is not None:
                r.spaces, r.src = [here], here
        elif a.verb == "explore":
            r.kind, r.label = "confirm", f"{name} explores"
            r.hint = "draw a map tile and place it touching this space"
            if here is not None:
                r.spaces = [here]
        elif a.verb == "trade":
            r.kind, r.label = "confirm", f"{name} trades here"
            if here is not None:
                r.spaces = [here]
        elif a.verb == "attack":
            r.kind, r.label = "confirm", f"{name} attacks here"
            if here is not None:
                r.spaces = [here]
                fight = _fight_hint(st, {**f, "left": 0}, here) if f["kind"] == "army_step" else None
                if fight is not None:
                    r.hint = fight[0]
    return make


def _target(st: GameState, f: fr.TargetFrame, a: Action, r: Rec) -> None:
    s = f["space"]
    # ``target <kind>`` or ``target <kind>:<seat>`` (a seat's army or caravan): the kind is ``key``.
    defender = a.n if a.n >= 0 else defender_of(st, a.key, s)
    r.label = f"Attack {target_words(st, a.key, defender)}"
    r.spaces, r.dst = [s], s


def _tile(st: GameState, f: fr.ExplorePlaceFrame | fr.SetupCapitalFrame | BaseMapPlaceFrame, a: Action, r: Rec) -> None:
    """``tile <side><turns> q,r``: the drawn tile, on a side, turned, with its anchor at q,r."""
    tile = content_for(st).tiles.get(f["tile"])
    anchor, side, turns = a.at, a.key, a.n
    if tile is None or anchor is None:
        return
    cells = tile_cells(tile, side, turns, anchor)
    spaces = side_spaces(tile, side)
    r.cells = [Cell(q, rr, sp.terrain, "capital" if sp.capital else None) for (q, rr), sp in zip(cells, spaces, strict=True)]
    r.at = Hex(anchor[0], anchor[1])
    r.kind = "tile"
    r.label = f"Place the tile here (side {side}, turned {turns})"
    r.hint = f"covers {len(cells)} spaces, {hex_text(st, anchor[0], anchor[1])}"
    r.group = "tile"
    r.said = f"places a map tile {hex_text(st, anchor[0], anchor[1])}"
    r.quiet = f["kind"] == "setup_capital"  # its event says it


def _astronomy_tile(st: GameState, f: fr.FxAstronomyFrame, a: Action, r: Rec) -> None:
    """``tile <k>:<side><turns> q,r``: the k-th of the tiles looked at, on a side, turned."""
    if a.at is not None:
        r.label = f"Tile {a.n2} of those you looked at (side {a.key}, turned {a.n}) {hex_text(st, a.at[0], a.at[1])}"
        r.said = f"places a map tile {hex_text(st, a.at[0], a.at[1])}"


def _cell(what: str) -> Maker:
    def make(st: GameState, f: fr.SetupFortFrame | fr.FxShipWaterFrame, a: Action, r: Rec) -> None:
        q, rr = coord_at(a)
        r.kind, r.at, r.label = "space", Hex(q, rr), f"{what} {hex_text(st, q, rr)}"
        r.quiet = f["kind"] == "setup_fort"  # its event says it
        s = action_space(st, a)
        if s is not None:
            r.spaces, r.dst = [s], s
    return make


def _seoul(st: GameState, f: fr.FxSeoulFrame, a: Action, r: Rec) -> None:
    letter, d = a.key, action_space(st, a)
    if d is None:
        return
    src = st.barbs.get(letter)
    r.kind, r.src, r.dst = "move", src, d
    r.spaces = [x for x in (src, d) if x is not None]
    r.label = f"Move barbarian {letter} to {short_space(st, d)}"


def _own_card(st: GameState, f: Frame, a: Action) -> str | None:
    """The deciding seat's card of the focus type the option names, None if it has none."""
    try:
        return card_of(st, f["seat"], a.key)
    except KeyError:
        return None


def _upgrade(st: GameState, f: fr.WUpgradeFrame, a: Action, r: Rec) -> None:
    cid = _own_card(st, f, a)
    if cid is None:
        return
    r.card = cid
    r.label = f"Upgrade {card_name(st, cid)}"
    r.hint = f"your {FOCUS_TYPE.get(a.key, a.key)} card: replaced by the next level"


def _plunder(st: GameState, f: fr.PlunderFrame, a: Action, r: Rec) -> None:
    if a.verb == "take":
        r.label = f"Take a trade token from their {FOCUS_TYPE.get(a.key, a.key)} card"


def _capitalism(st: GameState, f: fr.CapitalismPickFrame, a: Action, r: Rec) -> None:
    cid = _own_card(st, f, a)
    if cid is None:
        return
    r.card = cid
    r.label = f"Resolve {card_name(st, cid)} as if in the first slot"


def _combat(st: GameState, f: fr.CombatFrame, a: Action, r: Rec) -> None:
    if a.verb == "accept":
        r.kind, r.label = "confirm", "No more: settle the fight"
    elif a.verb == "reroll":
        r.kind, r.label = "choice", "Reroll your die"
    elif a.verb == "boost":
        r.kind, r.label = "choice", "Add a military trade token (+1)"
    elif a.verb == "spend":
        r.kind, r.label = "pay", f"Spend {thing_name(st, a.key)} (+1)"


def _pay(st: GameState, f: fr.PayFrame, a: Action, r: Rec) -> None:
    w = thing_name(st, f["wonder"])
    if a.verb == "pay":
        r.kind = "pay"
        if a.key == "nw":
            r.label = f"Use {natural_wonder_name(st, a.key2)} (+2)"
        elif a.key == "trade":
            r.label = "Spend an industry trade token (+1)"
        else:
            r.label = f"Spend {thing_name(st, a.key)} (+2)"
    elif a.verb == "build":
        r.kind, r.label = "confirm", f"Build {w} (production {f['production']} of {f['cost']})"
    elif a.verb == "back":
        r.label = f"Do not build {w} now"


def _build(st: GameState, f: fr.BuildFrame, a: Action, r: Rec) -> None:
    if a.verb == "city":
        s = action_space(st, a)
        if s is not None:
            r.label = f"City on {short_space(st, s)}"
    elif a.verb == "wonder":
        r.kind, r.card = "choice", None
        r.label = f"Build the wonder {thing_name(st, a.key)}"
    elif a.verb == "done":
        r.label = "Done building"


def _place_like(what: str, said: str | None = None) -> Maker:
    """``what`` at the option's space on the button; ``said`` (a verb phrase) for the log."""
    def make(st: GameState, f: Frame, a: Action, r: Rec) -> None:  # reads no key of the frame
        s = r.dst
        if s is not None and a.verb not in SKIP_VERBS:
            r.label = f"{what} {short_space(st, s)}" if what.endswith(" from") else f"{what} on {short_space(st, s)}"
            if said:
                r.said = f"{said} on {space_text(st, s)}"
    return make


def _district_resolve(st: GameState, f: fr.DistrictEventFrame | fr.FxNubiaFrame, a: Action, r: Rec) -> None:
    _place_like("Resolve the district")(st, f, a, r)
    s = r.dst
    if s is not None and a.verb not in SKIP_VERBS:
        kind = st.district.get(s)
        r.said = f"resolves its {district_name(kind)} on {terrain_text(st, s)}" if kind else None


def _district(st: GameState, f: fr.DistrictFrame, a: Action, r: Rec) -> None:
    if a.verb == "district":
        kind, s = a.key, action_space(st, a)
        r.label = f"{thing_name(st, kind)} on {short_space(st, s)}" if s is not None else r.label
        r.card = None


def _tech(st: GameState, f: fr.TechFrame, a: Action, r: Rec) -> None:
    if a.verb == "take":
        r.kind, r.card = "choice", a.key
        fc = content_for(st).focus_cards.get(a.key)
        r.label = f"Take {arg_words(st, a)}"
        if fc is not None:
            r.hint = f"level {fc.level} {FOCUS_TYPE.get(fc.type, fc.type)} card: {fc.text}"
        r.group = "tech"


def _trade_place(st: GameState, f: fr.TradePlaceFrame, a: Action, r: Rec) -> None:
    cid = _own_card(st, f, a)
    if cid is None:
        return
    r.kind, r.card = "choice", cid
    r.label = f"Trade token on {card_name(st, cid)}"
    r.hint = f"your {FOCUS_TYPE.get(a.key, a.key)} card"
    r.said = f"puts a trade token on {card_name(st, cid)}"


def _government(st: GameState, f: fr.GovernmentFrame, a: Action, r: Rec) -> None:
    if a.verb == "gov":
        r.label = f"Change government to {thing_name(st, a.key)}"
        r.said = f"changes its government to {thing_name(st, a.key)}"
        for g in content_for(st).ruleset.governments:
            if g.id == a.key:
                r.hint = f"your {g.type} card resolves {g.arrows} slot{'s' if g.arrows != 1 else ''} further right"
    elif a.verb == "keep":
        r.label = "Keep your government"
        r.said = "keeps its government"


def _dipl_take(st: GameState, f: fr.DiplTakeFrame, a: Action, r: Rec) -> None:
    if a.verb == "dipl":
        r.label = f"Take {diplomacy_name(st, a.key)}"
        pd = content_for(st).player_diplomacy.get(a.key)
        if pd is not None:
            r.hint = pd.text
    elif a.verb == "none":
        r.label = "Take none"


def _resource(verb_label: str) -> Maker:
    def make(st: GameState, f: fr.AnyResourceFrame | fr.MissingResourceFrame, a: Action, r: Rec) -> None:
        if a.verb in ("take", "discard") and a.key:
            r.label = f"{verb_label} {thing_name(st, a.key)}"
    return make


def _discard(st: GameState, f: fr.DiscardFrame, a: Action, r: Rec) -> None:
    r.label = f"Discard a trade token from your {FOCUS_TYPE.get(a.key, a.key)} card"


def _mode(st: GameState, f: fr.HubFrame | fr.ZoneFrame | fr.ChooseFrame, a: Action, r: Rec) -> None:
    if a.verb == "mode":
        r.label, r.said = MODES.get(a.key, (words(a.key).capitalize(), f"chooses {words(a.key)}"))


MODES = {
    "cities": ("Tokens for your mature cities", "takes trade tokens for its mature cities"),
    "desert": ("Tokens for deserts nearby", "takes trade tokens for the deserts nearby"),
    "forest": ("Tokens for forests nearby", "takes trade tokens for the forests nearby"),
    "city": ("Industry tokens for a city", "takes industry trade tokens for a city"),
    "district": ("Place a district", "chooses to place a district"),
    "reinforce": ("Reinforce control tokens", "chooses to reinforce control tokens"),
}
"""A card's modes: (the button's words, what the log says after the seat's name)."""


LABELS: dict[tuple[str, str], Maker] = {}
"""(decision kind, verb) -> what the option means; ``(kind, "*")`` covers every verb."""


def _reg(kinds: str, verbs: str, fn: Maker) -> None:
    """``fn`` says what each of ``verbs`` means in each decision kind of ``kinds``."""
    for k in kinds.split():
        for v in verbs.split():
            LABELS[(k, v)] = fn


def _label(text: Callable[[GameState, Action], str]) -> Maker:
    """A maker that only sets the label, from the option alone (a maker that reads the frame
    is a ``def`` declaring its kind's class)."""
    def make(st: GameState, f: Frame, a: Action, r: Rec) -> None:  # reads no key of the frame
        r.label = text(st, a)
    return make


def _embassy(st: GameState, f: fr.FxEmbassyFrame, a: Action, r: Rec) -> None:
    r.label = f"Trade token on {seat_name(f['giver'])}'s {arg_words(st, a)} card"


_reg("focus", "focus", _focus)
_reg("commit", "resolve", _commit)
_reg("armies", "army done", _figure_menu("army"))
_reg("caravans", "caravan done", _figure_menu("caravan"))
_reg("army_start", "start", _figure_start("army"))
_reg("caravan_start", "start", _figure_start("caravan"))
_reg("army_step", "to stop explore attack", _figure_step("army"))
_reg("caravan_step", "to stop explore trade", _figure_step("caravan"))
_reg("combat", "accept reroll boost spend", _combat)
_reg("pay", "pay build back", _pay)
_reg("build", "city wonder done", _build)
_reg("place theater fx_mountain w_apadana_claim", "place", _place_like("Control token"))
_reg("reinforce", "reinforce", _place_like("Reinforce the token"))
_reg("encampment", "reinforce", _place_like("Reinforce the token"))
_reg("district", "district", _district)
_reg("tech", "take", _tech)
_reg("trade_place", "trade", _trade_place)
_reg("government", "gov keep", _government)
_reg("dipl_take", "dipl none", _dipl_take)
_reg("any_resource missing_resource", "take", _resource("Take"))
_reg("discard", "discard", _discard)
_reg("hub zone choose", "mode", _mode)
_reg("district_event", "resolve", _district_resolve)
_reg("fx_nubia", "district", _district_resolve)
_reg("claim_remove", "remove", _place_like("Remove the control token"))
_reg("zone_city w_amundsen", "city", _place_like("City"))
_reg("wonder_city", "under", _place_like("The wonder under the city"))
_reg("fx_seoul", "barb", _seoul)
_reg("fx_ibrahim", "give", _label(lambda st, a: f"Hand Ibrahim to {seat_name(a.n)}"))
_reg("fx_astronomy_rest", "top", _label(lambda st, a: f"Tile {a.n} (of those you looked at) on top of the stack"))
_reg("fx_astronomy_rest", "bottom", _label(lambda st, a: f"Tile {a.n} (of those you looked at) at the bottom"))
_reg("fx_raze", "raze", _label(lambda st, a: "Raze the token (your army goes on)"))
_reg("fx_raze", "replace", _label(lambda st, a: "Replace the token with yours"))
_reg("fx_swap w_sankore w_oracle", "swap", _label(lambda st, a: f"Swap your {arg_words(st, a)} cards"))
_reg("fx_nap", "swap", _label(lambda st, a: f"Swap your military and {arg_words(st, a)} cards"))
_reg("fx_embassy", "trade", _embassy)
_reg("fx_poland w_potala_palace", "dipl", _label(lambda st, a: f"Take {arg_words(st, a)}"))
_reg("target", "target", _target)
_reg("explore_place setup_capital", "tile", _tile)
_reg("fx_astronomy", "tile", _astronomy_tile)
_reg("setup_fort", "fort", _cell("Fort"))
_reg("fx_ship_water", "water", _cell("Water token"))
_reg("w_upgrade", "upgrade", _upgrade)
_reg("plunder", "take", _plunder)
_reg("capitalism_pick", "focus", _capitalism)
_reg("encampment", "defeat", _place_like("Defeat the piece"))
_reg("mass_media", "target", _place_like("Swap or flip the rival token"))
_reg("w_apadana", "explore", _place_like("Explore from"))


# ---------------------------------------------------------------- public

def option_record(st: GameState, f: Frame, a: Action) -> Rec:
    r = _generic(st, a)
    fn = LABELS.get((f["kind"], a.verb)) or LABELS.get((f["kind"], "*"))
    if fn is not None:
        fn(st, f, a, r)
    return r


def option_recs(st: GameState) -> list[Rec]:
    """Every legal option of the pending decision as a record (empty when the game is over),
    without the focus cards' previews (``preview.option_records`` adds them)."""
    f = pending_frame(st)
    if f is None:
        return []
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
    return recs


def auto_action(st: GameState) -> str | None:
    """The action a table may send at once because the decision asks nothing (issue 39 §4): the
    one legal option, or committing a focus card with no trade tokens to spend (only "resolve"
    and "back" are offered). The engine still asks (recorded games keep their actions); the
    table skips the question. Never a step that undo could not take back (``step_refusal``:
    one that ends the turn, rolls dice or draws), so the player can still think again before it."""
    f = pending_frame(st)
    if f is None or st.winner != -1:
        return None
    opts = legal_actions(st)
    if f["kind"] == "commit" and all(o.verb in ("resolve", "back") and not o.arg for o in opts) \
            and Action("resolve") in opts:
        return "resolve"
    if len(opts) != 1:
        return None
    text = str(opts[0])
    return text if step_refusal(st, apply(st, opts[0]), text) is None else None


def step_refusal(before: GameState, after: GameState, text: str) -> str | None:
    """Why the step ``text`` from ``before`` to ``after`` may not be taken back, or None: it
    ended the turn, rolled dice or drew at random, or revealed hidden information (a map tile, a
    wonder). The server's undo (``server/games.py``) refuses with these words, which name the step
    by its label ("Attack Seat 2's city beside Seoul"), never by its action text."""
    if (before.round, before.current) != (after.round, after.current) or after.winner != before.winner:
        return "that action ended the turn"
    if before.rng != after.rng or before.forced_dice != after.forced_dice:
        return f"{_step_name(before, text)} rolled dice or drew at random: its outcome stands"
    if before.stack != after.stack:
        return f"{_step_name(before, text)} drew a map tile: it revealed hidden information"
    if before.wonder_decks != after.wonder_decks or before.removed_wonders != after.removed_wonders:
        return f"{_step_name(before, text)} revealed a wonder: it revealed hidden information"
    return None


def _step_name(st: GameState, text: str) -> str:
    """The step ``text`` taken at ``st`` as a quoted label ("“Attack Seat 2's city”"), "that step"
    when it has none."""
    f = pending_frame(st)
    try:
        label = option_record(st, f, parse_action(str(text))).label if f is not None else ""
    except (NotationError, KeyError, ValueError):
        label = ""
    return f"“{label}”" if label else "that step"


BUTTON_KINDS = ("focus", "confirm", "skip", "back", "tokens", "pay")
"""Option kinds the table always shows as buttons, never on the map (``table.js``'s ``targetsOf``)."""

PICK_PIECE = "Click a highlighted piece, then where it goes."
PICK_DESTINATION = "Click a highlighted destination (or the piece again to cancel)."


def map_hint(st: GameState, options: list[dict[str, Any]]) -> dict[str, Any] | None:
    """What the table says under a decision that is answered on the map (``schema.MapHint``):
    ``text``, how to answer ("Click one of the 3 highlighted spaces on the map ..."), and for a
    move that picks its piece first, ``selected``, what to do once the piece is picked, and
    ``listed``, the heading of the same options as a list ("all 6 map options as a list"). None when
    no option stands on the map. The options on the map and their spaces are the table's
    (``targetsOf``): an option of a kind not in ``BUTTON_KINDS`` that names a destination, a
    hex or a space; a piece is picked first when several pieces can go."""
    def cell(o: dict[str, Any]) -> Any:
        if o["dst"] is not None:
            return o["dst"]
        if o.get("at") is not None:
            at = o["at"]
            return st.board.index.get((at["q"], at["r"]), (at["q"], at["r"]))
        return o["spaces"][0] if o["spaces"] else None

    on_map = [o for o in options if o["kind"] not in BUTTON_KINDS and cell(o) is not None]
    if not on_map:
        return None
    going = [o for o in on_map if o["src"] is not None and o["dst"] is not None and o["src"] != o["dst"]]
    per_piece: dict[Any, int] = {}
    for o in on_map:
        per_piece[o["src"]] = per_piece.get(o["src"], 0) + 1
    listed = "the map's option as a list" if len(on_map) == 1 else f"all {len(on_map)} map options as a list"
    if len(per_piece) > 1 and any(o["kind"] == "move" and per_piece[o["src"]] > 1 for o in going):
        return {"text": PICK_PIECE, "selected": PICK_DESTINATION, "listed": listed}
    two_click = len({o["src"] for o in going}) > 1
    n = len({o["src"] if two_click else cell(o) for o in on_map})
    if n == 1:
        return {"text": "Click the highlighted space on the map (or Tab to it and press Enter).", "selected": None,
                "listed": listed}
    return {"text": f"Click one of the {n} highlighted spaces on the map (or Tab to them and press Enter).",
            "selected": None, "listed": listed}


def no_target_reason(st: GameState, options: list[dict[str, Any]]) -> str | None:
    """Why clicking the map does nothing now: None when an option names a space."""
    if st.winner != -1:
        return "the game is over"
    if any(o["spaces"] for o in options):
        return None
    q = question(st)
    return f"this decision ({q[:1].lower() + q[1:]}) does not choose a space on the map: use the buttons"
