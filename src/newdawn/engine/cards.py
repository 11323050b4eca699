"""Focus-card effects: the interpreter of the content effect vocabulary.

``effect_frames`` turns one content ``Effect`` into the steps that resolve it. Culture,
science and growth steps live here; economy, industry and military steps have modules of
their own and register their ops in ``OPS``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..content.schema import Effect
from . import hooks
from .actions import Action, coord_text, parse_coord
from .errors import IllegalActionError
from .flow import (
    REKEYED,
    act,
    add_trade,
    auto,
    card_of,
    choice,
    explain,
    frame,
    key_of_type,
    log,
    pop,
    push,
    push_all,
    replace_top,
    row_key,
    set_key,
)
from .spaces import (
    city_spaces,
    control_reason,
    coord,
    difficulty,
    friendly_spaces,
    stands_for_city,
    start_cities,
    terrain_name,
    unused_control,
    used_districts,
    within,
)
from .state import LOCKED, ON_CARD, Frame, GameState, content_for

# op -> builder(st, seat, effect, slot, bonus) -> (frames, whether the trade bonus was used)
OpBuilder = Callable[[GameState, int, Effect, int, int], tuple[list[Frame], bool]]
OPS: dict[str, OpBuilder] = {}


def op(name: str) -> Callable[[OpBuilder], OpBuilder]:
    def deco(fn: OpBuilder) -> OpBuilder:
        OPS[name] = fn
        return fn
    return deco


def effect_frames(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    try:
        builder = OPS[e.op]
    except KeyError:
        raise NotImplementedError(f"effect op {e.op!r} has no handler") from None
    return builder(st, seat, e, slot, bonus)


def space_of(st: GameState, arg: str) -> int:
    """The space id named by ``q,r``; raises IllegalActionError for a space not on the map."""
    c = parse_coord(arg)
    s = st.board.index.get(c)
    if s is None:
        raise IllegalActionError(f"{arg} is not a space on the map")
    return s


def figure_index(arg: str, figs: list[int], what: str) -> int:
    """The figure named by its index; raises IllegalActionError naming the problem."""
    if not arg.isdigit() or int(arg) >= len(figs):
        raise IllegalActionError(f"{what}s are named by their number, 0 to {len(figs) - 1}")
    return int(arg)


# Caravans and armies: the figures a focus card moves one at a time.
FIGURE_CARD = {"caravan": "economy", "army": "military"}
FIGURE_ARTICLE = {"caravan": "a", "army": "an"}
FIGURE_PLURAL = {"caravan": "caravans", "army": "armies"}


def figure_starts(st: GameState, seat: int, kind: str) -> list[int]:
    """Where a ``kind`` figure leaving its card may start: the capital and mature cities,
    plus spaces effects add (Rome: any city for caravans; Antananarivo on your turn)."""
    out = start_cities(st, seat)
    more = hooks.collect("extra_starts", st, seat, kind)
    return sorted(set(out) | set(more)) if more else out


def figure_options(st: GameState, seat: int, kind: str, figs: list[int],
                   spent: Callable[[int, int], bool]) -> list[Action]:
    """One option per figure that may move now, then ``done``. ``spent(i, at)`` says a
    figure has had its move; a figure on its card needs a start space."""
    opts = []
    starts = None
    for i, at in enumerate(figs):
        if at == LOCKED or spent(i, at):
            continue
        if at == ON_CARD:
            if starts is None:
                starts = figure_starts(st, seat, kind)
            if not starts:
                continue
        opts.append(Action(kind, str(i)))
    opts.append(Action("done"))
    return opts


def figure_refusal(st: GameState, seat: int, kind: str, figs: list[int], arg: str,
                   moved: list[int], more: Callable[[int], str | None] | None = None) -> str | None:
    """Why figure ``arg`` may not move now (None when it may); ``more`` adds a card's own
    reason, asked after the common ones about its lock and this turn's moves."""
    i = figure_index(arg, figs, kind)
    at = figs[i]
    if at == LOCKED:
        return f"{kind} {i} is not yet available (it is locked on your {FIGURE_CARD[kind]} card)"
    if i in moved:
        return f"{kind} {i} has already moved this turn"
    why = more(i) if more else None
    if why:
        return why
    if at == ON_CARD and not figure_starts(st, seat, kind):
        return (f"{FIGURE_ARTICLE[kind]} {kind} leaves from your capital or a mature city, "
                "and you have none")
    return None


def figure_start_refusal(st: GameState, kind: str, a: Action) -> str | None:
    if a.verb != "start":
        return None
    space_of(st, a.arg)
    return (f"{FIGURE_ARTICLE[kind]} {kind} leaves its card from your capital or one of "
            "your mature cities")


def step_refusal(st: GameState, f: Frame, a: Action, kind: str,
                 nbrs: Callable[[], Iterable[int]],
                 enter_reason: Callable[[int], str | None]) -> str | None:
    """Why a moving figure may not explore, or step to ``a``'s space (None when it may, or
    for other verbs): movement left, one exploration a move, adjacency (``nbrs`` of its
    space), then the card's own ``enter_reason`` for the space."""
    if a.verb == "explore":
        if f["left"] <= 0:
            return f"exploring costs one movement, and the {kind} has none left"
        if f["explored"]:
            return f"the {kind} has already explored during this move"
        if not st.stack:
            return "the tile stack is empty"
        return "a figure explores only from an edge space of a capital tile"
    if a.verb != "to":
        return None
    s = space_of(st, a.arg)
    if f["left"] <= 0:
        return f"the {kind} has no movement left"
    if s not in nbrs():
        return f"{FIGURE_PLURAL[kind]} move one adjacent space at a time"
    return enter_reason(s)


def coord_texts(st: GameState) -> tuple[str, ...]:
    """The ``q,r`` text of every space (cached on the board)."""
    b = st.board
    t: tuple[str, ...] | None = b.memo.get("ctext")
    if t is None:
        t = tuple(coord_text(q, r) for q, r in b.coords)
        b.memo["ctext"] = t
    return t


def space_actions(verb: str, st: GameState, spaces: list[int] | set[int] | range) -> list[Action]:
    texts = coord_texts(st)
    return [Action(verb, texts[s]) for s in sorted(spaces)]


_CARD_FOR: dict[tuple[int, str, int], str] = {}


def card_for(st: GameState, ftype: str, level: int) -> str:
    """The standard card of a type and level in the game's deck."""
    c = content_for(st)
    key = (id(c), ftype, level)
    cid = _CARD_FOR.get(key)
    if cid is None:
        cid = _CARD_FOR[key] = c.card_for(ftype, level)
    return cid


# ---------------------------------------------------------------- control tokens

def gain_token_at(st: GameState, seat: int, s: int) -> None:
    """A control token or city placed on a space takes the resource or natural wonder there."""
    tok = st.tokens.pop(s, None)
    if tok is None:
        return
    ps = st.players[seat]
    if tok.startswith("nw:"):
        ps.nws.append(tok[3:])
    else:
        ps.resources[tok] = ps.resources.get(tok, 0) + 1
    log(st, f"seat {seat} takes {tok} at {coord(st, s)}", "take_token", seat=seat, space=s, token=tok)


def remove_control(st: GameState, s: int) -> None:
    """A control token (or district) leaves the map and returns to its owner. A natural
    wonder its owner took from this space goes back onto the space (rules: Natural Wonders).
    A token that stood in for a city on a conquered city-state leaves the city-state free:
    it is liberated, as when a barbarian destroys the city there (FAQ: City-States)."""
    take_off_control(st, s)
    printed = st.board.printed[s]
    cs = printed.city_state if printed else None
    if cs and cs in st.cs_conquered:
        from .military import liberate

        liberate(st, s, cs, -1)


def take_off_control(st: GameState, s: int) -> None:
    """The control token on ``s`` goes back to its owner (see ``remove_control``)."""
    seat = st.ctl.pop(s)
    st.reinforced.discard(s)
    st.district.pop(s, None)
    printed = st.board.printed[s]
    nw = printed.natural_wonder if printed else None
    ps = st.players[seat]
    if nw and nw in ps.nws:
        ps.nws.remove(nw)
        st.tokens[s] = "nw:" + nw
    hooks.fire("replaced", st, seat, s, "control")


def place_control(st: GameState, seat: int, s: int, district: str = "") -> None:
    st.ctl[s] = seat
    if district:
        st.district[s] = district
    gain_token_at(st, seat, s)
    if s in st.wonder_at:
        from .industry import claim_wonder_token

        claim_wonder_token(st, seat, s)
    log(st, f"seat {seat} places {'district ' + district if district else 'a control token'} at {coord(st, s)}",
        "place", seat=seat, space=s, district=district)
    hooks.fire("after_placement", st, seat, s, "district" if district else "control")


def anchors(st: GameState, seat: int, near: str) -> list[int]:
    if near == "city":
        return [*city_spaces(st, seat), *hooks.collect("extra_starts", st, seat, "city")]
    if near == "space":
        return friendly_spaces(st, seat)
    if near == "district":
        return [s for s in st.district if st.ctl.get(s) == seat]
    if near.startswith("at:"):
        return [int(near[3:])]
    if near.startswith("within2:"):
        return [int(near[8:])]
    raise ValueError(near)


def place_targets(st: GameState, seat: int, near: str, max_diff: int | None) -> set[int]:
    b = st.board
    if near.startswith("within2:"):
        cand = within(st, [int(near[8:])], 2)
    elif near == "wonder_city2":
        cand = within(st, [s for s in city_spaces(st, seat) if s in st.wonder_at], 2)
    else:
        cand = {n for a in anchors(st, seat, near) for n in b.nbrs[a]}
    return {s for s in cand if control_reason(st, seat, s, max_diff) is None}


NEAR_TEXT = {
    "city": "adjacent to a friendly city", "space": "adjacent to a friendly space",
    "district": "adjacent to a friendly district",
}


@choice("place", lambda st, f: f"Place a control token ({f['left']} left, {NEAR_TEXT.get(f['near'], 'near the named space')})")
def place_options(st: GameState, f: Frame) -> list[Action]:
    seat = f["seat"]
    if unused_control(st, seat) <= 0:
        own = [s for s, o in st.ctl.items() if o == seat and s not in st.district]
        return [*space_actions("remove", st, own), Action("done")]
    extra = hooks.extra_options(st, seat, "place", f)  # Chichen Itza
    return [*space_actions("place", st, place_targets(st, seat, f["near"], f["max"])), *extra, Action("done")]


@act("place")
def place_act(st: GameState, f: Frame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    s = space_of(st, a.arg)
    if a.verb == "remove":
        remove_control(st, s)
        log(st, f"seat {f['seat']} takes back the control token at {a.arg}", "take_back", seat=f["seat"], space=s)
        return
    # The frame is updated first, so steps the placement triggers (Stonehenge) come next.
    if f["left"] <= 1:
        pop(st)
    else:
        replace_top(st, left=f["left"] - 1)
    place_control(st, f["seat"], s)


@explain("place")
def place_explain(st: GameState, f: Frame, a: Action) -> str | None:
    if a.verb != "place":
        return None
    s = space_of(st, a.arg)
    seat = f["seat"]
    if unused_control(st, seat) <= 0:
        return "no unused control tokens: remove one of yours from the map first"
    reason = control_reason(st, seat, s, f["max"])
    if reason:
        return reason
    return f"the space is not {NEAR_TEXT.get(f['near'], 'in range')}"


@op("place_control")
def op_place_control(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    uses = e.bool("trade", True)
    n = e.int("count") + (bonus if uses else 0)
    # ``std``: the standard placement of a culture card (Chichen Itza applies to it only).
    return [frame("place", seat=seat, left=n, near=e.str("near", "city"), max=slot, std=uses)], uses


@op("shift_control")
def op_shift(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [frame("shift", seat=seat)], False


def _is_empty_land(st: GameState, s: int) -> bool:
    from .spaces import is_empty

    return not st.board.is_water[s] and is_empty(st, s)


@choice("shift", "You may move one of your control tokens to an adjacent empty space")
def shift_options(st: GameState, f: Frame) -> list[Action]:
    seat = f["seat"]
    b = st.board
    opts = []
    for s in sorted(s for s, o in st.ctl.items() if o == seat):
        if any(at == s for ps in st.players for at in ps.armies):
            continue
        for n in b.nbrs[s]:
            if _is_empty_land(st, n):
                opts.append(Action("shift", f"{coord(st, s)}>{coord(st, n)}"))
    opts.sort()
    opts.append(Action("done"))
    return opts


@act("shift")
def shift_act(st: GameState, f: Frame, a: Action) -> None:
    pop(st)
    if a.verb == "done":
        return
    src, _, dst = a.arg.partition(">")
    s, t = space_of(st, src), space_of(st, dst)
    seat = st.ctl[s]
    reinforced = s in st.reinforced
    dist = st.district.get(s, "")
    remove_control(st, s)
    st.ctl[t] = seat
    if reinforced:
        st.reinforced.add(t)
    if dist:
        st.district[t] = dist
    log(st, f"seat {seat} moves a control token from {src} to {dst}", "move_token", seat=seat, src=s, dst=t)


@op("mass_media")
def op_mass_media(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [frame("mass_media", seat=seat, range=e.int("range", 2))], False


def _army_on(st: GameState, s: int) -> bool:
    return any(s in ps.armies for ps in st.players)


@choice("mass_media", "You may swap or flip a rival control token near your territory")
def mass_media_options(st: GameState, f: Frame) -> list[Action]:
    seat = f["seat"]
    near = within(st, friendly_spaces(st, seat), f["range"])
    can_swap = unused_control(st, seat) > 0
    targets = [
        s for s in near
        if st.ctl.get(s, seat) != seat and not _army_on(st, s) and (s in st.reinforced or can_swap)
    ]
    return [*space_actions("target", st, targets), Action("done")]


@explain("mass_media")
def mass_media_explain(st: GameState, f: Frame, a: Action) -> str | None:
    if a.verb != "target":
        return None
    s = space_of(st, a.arg)
    seat = f["seat"]
    if st.ctl.get(s, seat) == seat:
        return "the target is a rival control token"
    if _army_on(st, s):
        return "a control token with an army in its space cannot be targeted"
    if s not in within(st, friendly_spaces(st, seat), f["range"]):
        return f"the token is not within {f['range']} spaces of a friendly space"
    return "swapping a token needs an unused control token of yours (or flip a reinforced one)"


@act("mass_media")
def mass_media_act(st: GameState, f: Frame, a: Action) -> None:
    pop(st)
    if a.verb == "done":
        return
    s = space_of(st, a.arg)
    if s in st.reinforced:
        st.reinforced.discard(s)
        log(st, f"the control token at {a.arg} is flipped to its unreinforced side", "unreinforce", seat=st.ctl.get(s), space=s)
    else:
        replace_control(st, f["seat"], s)
        w = st.wonder_at.get(s)
        if w is not None and st.ctl.get(s) == f["seat"]:
            # The swapped token stood on a wonder token: its wonder changes hands with it.
            from .industry import claim_wonder_token

            claim_wonder_token(st, f["seat"], s)
        elif w is not None:
            # No unused token to put there: nobody holds the space, so nobody controls the wonder.
            for ps in st.players:
                if w in ps.wonders:
                    ps.wonders.remove(w)
                    st.cs_aside_wonders.append(w)


def replace_control(st: GameState, seat: int, s: int) -> None:
    """Replace a rival control token (or district) with an unreinforced token of ``seat``."""
    old = st.ctl[s]
    printed = st.board.printed[s]
    nw = printed.natural_wonder if printed else None
    st.ctl.pop(s)
    st.reinforced.discard(s)
    st.district.pop(s, None)
    if nw and nw in st.players[old].nws:
        st.players[old].nws.remove(nw)
        st.players[seat].nws.append(nw)
    hooks.fire("replaced", st, old, s, "control")
    if unused_control(st, seat) > 0:
        st.ctl[s] = seat
        log(st, f"seat {seat} replaces seat {old}'s control token at {coord(st, s)}", "replace_token", seat=seat, other=old, space=s)
    else:
        log(st, f"seat {old}'s control token at {coord(st, s)} is removed", "token_removed", seat=old, space=s)


# ---------------------------------------------------------------- science

@op("advance_dial")
def op_advance(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [frame("dial", seat=seat, steps=slot + bonus)], True


def advance_dial(st: GameState, seat: int, steps: int) -> list[int]:
    """Turn the tech dial; returns the tech levels reached, in order (rules: Science)."""
    rs = content_for(st).ruleset
    ps = st.players[seat]
    levels = []
    pos = ps.dial
    for _ in range(steps):
        pos = rs.tech_dial_wrap if pos >= rs.tech_dial_max else pos + 1
        lvl = rs.tech_levels.get(pos)
        if lvl:
            levels.append(lvl)
    ps.dial = pos
    return levels


@auto("dial")
def run_dial(st: GameState, f: Frame) -> None:
    seat = f["seat"]
    levels = advance_dial(st, seat, f["steps"])
    log(st, f"seat {seat} turns the tech dial {f['steps']} to {st.players[seat].dial}", "dial_advance", seat=seat,
        steps=f["steps"], to=st.players[seat].dial)
    push_all(st, [frame("tech", seat=seat, level=lv) for lv in levels])


@choice("tech", lambda st, f: f"You may take a level {f['level']} focus card")
def tech_options(st: GameState, f: Frame) -> list[Action]:
    """``take <card>`` replaces the card of its type; with Oxford University also
    ``take <card>@<key>``: it replaces the non-science card named by that key instead."""
    c = content_for(st)
    seat = f["seat"]
    row = st.players[seat].row
    oxford = hooks.grants(st, seat, "replace_any_non_science")
    opts = []
    for t in c.ruleset.focus_types:
        cid = card_for(st, t, f["level"])
        if cid in row:
            continue
        own = key_of_type(st, seat, t)
        if own is not None:
            opts.append(Action("take", cid))
        if oxford:
            opts.extend(Action("take", f"{cid}@{k}") for k in _oxford_keys(st, seat, own))
    from .leaders import unique_offer

    u = unique_offer(st, seat, f["level"])
    if u and key_of_type(st, seat, c.focus_cards[u].type) is not None:
        opts.append(Action("take", u))
    opts.append(Action("pass"))
    return opts


def _oxford_keys(st: GameState, seat: int, own: str | None) -> list[str]:
    """Keys of the non-science row cards a new card may replace instead of the card of its
    type (Oxford University)."""
    cards = content_for(st).focus_cards
    return [
        row_key(st, seat, x) for x in st.players[seat].row
        if cards[x].type != "science" and row_key(st, seat, x) != own
    ]


@explain("tech")
def tech_explain(st: GameState, f: Frame, a: Action) -> str | None:
    if a.verb != "take":
        return None
    c = content_for(st)
    cid = a.arg.partition("@")[0]
    card = c.focus_cards.get(cid)
    if card is None:
        return f"{cid} is not a focus card"
    if cid in st.players[f["seat"]].row:
        return f"{cid} is already in your focus row"
    if card.level != f["level"]:
        return f"the tech dial reached level {f['level']}: {cid} is a level {card.level} card"
    if "@" in a.arg:
        return "only Oxford University lets a new card replace a card of another type (not science)"
    return None


@act("tech")
def tech_act(st: GameState, f: Frame, a: Action) -> None:
    from .leaders import unique_offer

    pop(st)
    if unique_offer(st, f["seat"], f["level"]):
        # A level II+ unique card is gone once taken or passed over (U, Unique Focus Cards).
        st.players[f["seat"]].flags["unique_gone"] = 1
    if a.verb == "take":
        cid, _, key = a.arg.partition("@")
        gain_card(st, f["seat"], cid, key or None)


def gain_card(st: GameState, seat: int, cid: str, key: str | None = None) -> None:
    """The card replaces the card of its type (``key``: the card named by that key instead,
    Oxford University); tokens on the old card stay with its key (they move over), and an
    economy or military card unlocks its extra figures."""
    c = content_for(st)
    card = c.focus_cards[cid]
    ps = st.players[seat]
    if key is None:
        key = key_of_type(st, seat, card.type)
        if key is None:
            return  # no card of its type to replace (callers offer none: Oxford University)
    old = card_of(st, seat, key)
    ps.row[ps.row.index(old)] = cid
    if REKEYED in ps.flags or card.type != key:
        ps.flags.pop("key:" + old, None)
        set_key(st, seat, cid, key)

    for figs, n in ((ps.caravans, card.caravans), (ps.armies, card.armies)):
        for i in range(min(n, len(figs))):
            if figs[i] == LOCKED:
                figs[i] = ON_CARD
    log(st, f"seat {seat} takes {card.name}", "take_card", seat=seat, card=cid)
    hooks.fire("card_gained", st, seat, cid)


@op("gain_trade")
def op_gain_trade(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [frame("trade_place", seat=seat, left=e.int("count", 1))], False


@choice("trade_place", lambda st, f: f"Place a trade token on a focus card ({f['left']} left)")
def trade_place_options(st: GameState, f: Frame) -> list[Action]:
    opts = [Action("trade", t) for t in content_for(st).ruleset.focus_types]
    return opts + hooks.extra_options(st, f["seat"], "trade_place", f)  # Great Zimbabwe


@explain("trade_place")
def trade_place_explain(st: GameState, f: Frame, a: Action) -> str | None:
    if a.verb != "trade":
        return None
    types = content_for(st).ruleset.focus_types
    return f"trade tokens go on a focus card: {', '.join(types)}"


@act("trade_place")
def trade_place_act(st: GameState, f: Frame, a: Action) -> None:
    if a.arg not in content_for(st).ruleset.focus_types and hooks.extra_act(st, f["seat"], "trade_place", f, a):
        return
    add_trade(st, f["seat"], a.arg, 1)
    if f["left"] <= 1:
        pop(st)
    else:
        replace_top(st, left=f["left"] - 1)


@op("gain_missing_resource")
def op_missing(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [frame("missing_resource", seat=seat)], False


@choice("missing_resource", "You may take a resource of a type you do not have")
def missing_options(st: GameState, f: Frame) -> list[Action]:
    from ..content.schema import RESOURCES

    have = st.players[f["seat"]].resources
    return [*(Action("take", r) for r in RESOURCES if not have.get(r)), Action("skip")]


@explain("missing_resource")
def missing_explain(st: GameState, f: Frame, a: Action) -> str | None:
    from ..content.schema import RESOURCES

    if a.verb != "take":
        return None
    if a.arg not in RESOURCES:
        return f"resources are {', '.join(RESOURCES)}"
    return f"you already have {a.arg}: the resource must be of a type you do not have"


@act("missing_resource")
def missing_act(st: GameState, f: Frame, a: Action) -> None:
    pop(st)
    if a.verb == "take":
        res = st.players[f["seat"]].resources
        res[a.arg] = res.get(a.arg, 0) + 1


@op("nuke")
def op_nuke(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    if slot < e.int("min_slot", 5):
        return [], False
    return [frame("nuke", seat=seat)], False


@choice("nuke", "You may choose a space: control tokens in and around it are destroyed or flipped")
def nuke_options(st: GameState, f: Frame) -> list[Action]:
    return [*space_actions("nuke", st, range(st.board.n)), Action("skip")]


@act("nuke")
def nuke_act(st: GameState, f: Frame, a: Action) -> None:
    pop(st)
    if a.verb == "skip":
        return
    s = space_of(st, a.arg)
    for t in (s, *st.board.nbrs[s]):
        if t not in st.ctl or _army_on(st, t):
            continue  # abilities that remove pieces cannot target a space with an army (rules)
        if t in st.reinforced:
            st.reinforced.discard(t)
        else:
            remove_control(st, t)
    log(st, f"seat {f['seat']} uses Nuclear Power at {a.arg}")


# ---------------------------------------------------------------- growth

@op("reinforce")
def op_reinforce(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [frame("reinforce", seat=seat, left=slot + bonus)], True


@choice("reinforce", lambda st, f: f"Reinforce your control tokens ({f['left']} left)")
def reinforce_options(st: GameState, f: Frame) -> list[Action]:
    seat = f["seat"]
    own = [s for s, o in st.ctl.items() if o == seat and s not in st.reinforced]
    return [*space_actions("reinforce", st, own), Action("done")]


@explain("reinforce")
def reinforce_explain(st: GameState, f: Frame, a: Action) -> str | None:
    if a.verb != "reinforce":
        return None
    s = space_of(st, a.arg)
    if st.ctl.get(s) != f["seat"]:
        return "only your own control tokens can be reinforced"
    if s in st.reinforced:
        return "the control token is already reinforced"
    return None


@act("reinforce")
def reinforce_act(st: GameState, f: Frame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    s = space_of(st, a.arg)
    st.reinforced.add(s)
    if f["left"] <= 1:
        pop(st)
    else:
        replace_top(st, left=f["left"] - 1)


@op("district")
def op_district(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [frame("district", seat=seat, max=slot)], False


def district_targets(st: GameState, seat: int, max_diff: int) -> list[int]:
    """Spaces adjacent to a friendly city where a district may go: legal for a control token,
    or holding one of your (non-district) control tokens that it replaces."""
    b = st.board
    cities = [*city_spaces(st, seat), *hooks.collect("extra_starts", st, seat, "city")]
    cand = {n for a in cities for n in b.nbrs[a]}
    out = []
    for s in cand:
        if st.ctl.get(s) == seat and s not in st.district:
            if not stands_for_city(st, s) and difficulty(st, s) <= max_diff:
                out.append(s)
        elif control_reason(st, seat, s, max_diff) is None:
            out.append(s)
    return sorted(out)


@choice("district", "Place a district")
def district_options(st: GameState, f: Frame) -> list[Action]:
    seat = f["seat"]
    rs = content_for(st).ruleset
    free = [d for d in rs.districts if d not in used_districts(st, seat)]
    spaces = district_targets(st, seat, f["max"]) if free else []
    coords = st.board.coords
    opts = [Action("district", f"{d} {coord_text(*coords[s])}") for d in free for s in spaces]
    opts.append(Action("skip"))
    return opts


@explain("district")
def district_explain(st: GameState, f: Frame, a: Action) -> str | None:
    if a.verb != "district":
        return None
    rs = content_for(st).ruleset
    d, _, where = a.arg.partition(" ")
    if d not in rs.districts:
        return f"a district is named by its type ({', '.join(rs.districts)}) and a space"
    seat = f["seat"]
    if d in used_districts(st, seat):
        return f"your {d} district is already on the map (one of each type)"
    s = space_of(st, where)
    if st.ctl.get(s) == seat and s in st.district:
        return "the space already holds one of your districts"
    if st.ctl.get(s) != seat:
        reason = control_reason(st, seat, s, f["max"])
        if reason:
            return reason
    elif stands_for_city(st, s):
        return "a control token standing for a city is not replaced by a district"
    elif difficulty(st, s) > f["max"]:
        return f"{terrain_name(st, s)} has difficulty {difficulty(st, s)}, above the slot {f['max']}"
    return "a district goes next to a friendly city"


@act("district")
def district_act(st: GameState, f: Frame, a: Action) -> None:
    pop(st)
    if a.verb == "skip":
        return
    d, _, where = a.arg.partition(" ")
    s = space_of(st, where)
    seat = f["seat"]
    if st.ctl.get(s) == seat:
        # The district replaces your token and goes down unreinforced (rules: Districts).
        st.ctl.pop(s)
        st.reinforced.discard(s)
    place_control(st, seat, s, d)


@op("choose")
def op_choose(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [frame("choose", seat=seat, slot=slot, bonus=bonus, type="", options=[
        [effect_json(x) for x in opt] for opt in e.args["options"]
    ])], True


def _plain(v: object) -> object:
    if isinstance(v, Effect):
        return effect_json(v)
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if hasattr(v, "items"):
        return {k: _plain(x) for k, x in v.items()}
    return v


def effect_json(e: Effect) -> dict[str, object]:
    """An effect as plain JSON data, to be kept in a frame."""
    return {"op": e.op, **{k: _plain(v) for k, v in e.args.items()}}


@choice("choose", "Choose which effect of the card to resolve")
def choose_options(st: GameState, f: Frame) -> list[Action]:
    return [Action("mode", opt[0]["op"]) for opt in f["options"]]


@act("choose")
def choose_act(st: GameState, f: Frame, a: Action) -> None:
    from types import MappingProxyType

    pop(st)
    opt = next(o for o in f["options"] if o[0]["op"] == a.arg)
    bonus = f["bonus"]
    frames: list[Frame] = []
    for x in opt:
        e = Effect(x["op"], MappingProxyType({k: v for k, v in x.items() if k != "op"}))
        fs, used = effect_frames(st, f["seat"], e, f["slot"], bonus)
        if used:
            bonus = 0
        frames.extend(fs)
    if bonus:
        frames.extend(leftover_trade_frames(st, f["seat"], f["type"], bonus))
    push_all(st, frames)


def leftover_trade_frames(st: GameState, seat: int, ftype: str, bonus: int) -> list[Frame]:
    """Trade tokens spent on a card whose chosen effect did not use them still give their
    own effect: on growth, one reinforced token each (rules: Growth Focus Cards)."""
    if content_for(st).ruleset.trade_effect.get(ftype) == "reinforce":
        return [frame("reinforce", seat=seat, left=bonus)]
    return []


@op("globalization")
def op_globalization(st: GameState, seat: int, e: Effect, slot: int, bonus: int) -> tuple[list[Frame], bool]:
    return [frame("globalization", seat=seat)], False


@choice("globalization", "Name a district type: every player with one resolves it")
def globalization_options(st: GameState, f: Frame) -> list[Action]:
    return [Action("name", d) for d in content_for(st).ruleset.districts]


@act("globalization")
def globalization_act(st: GameState, f: Frame, a: Action) -> None:
    from .districts import ability_frames

    pop(st)
    frames: list[Frame] = []
    for k in range(st.n):
        p = (f["seat"] + k) % st.n
        for s, d in sorted(st.district.items()):
            if d == a.arg and st.ctl.get(s) == p:
                frames.extend(ability_frames(st, p, s, d))
    frames.append(frame("agendas", seats=list(range(st.n))))
    push_all(st, frames)


__all__ = ["push"]
