"""Turn flow and the pending-step stack.

The game advances through *frames*: small JSON dicts on ``state.stack_frames`` (top last).
A frame kind is either automatic (``AUTO``: runs at once, may push more frames) or a decision
(``CHOICE``: lists options and applies the chosen one). ``advance`` runs automatic frames
until a decision is on top, so every state a caller sees waits for exactly one seat's choice.
Frames are never changed in place, because state copies share them: use ``replace_top``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypedDict, TypeVar, cast

from . import hooks, rng
from .actions import Action, action
from .errors import IllegalActionError
from .event import Event
from .frames import Frame, FrameBase
from .refusal import Refusal
from .state import GameState

F = TypeVar("F", bound=FrameBase)
"""The frame class of one step kind (``frames.py``): a handler declares the class of its kind."""

# The registries hold the handlers of every kind, each typed with its own frame class.
AutoFn = Callable[[GameState, Any], None]
OptionsFn = Callable[[GameState, Any], list[Action]]
ActFn = Callable[[GameState, Any, Action], None]
ExplainFn = Callable[[GameState, Any, Action], Refusal | None]

AUTO: Final[dict[str, AutoFn]] = {}
CHOICE: Final[dict[str, tuple[OptionsFn, ActFn]]] = {}
EXPLAIN: Final[dict[str, ExplainFn]] = {}
SEAT_POLICY: Final[dict[str, Callable[[GameState, Frame], Action | None]]] = {}
"""Ruleset id -> the choice of a seat the engine plays itself (the base game's Automated
Player, ``rulesets/base_automa.py``) at the pending decision, or None when a player decides."""


def auto(kind: str) -> Callable[[Callable[[GameState, F], None]], Callable[[GameState, F], None]]:
    def deco(fn: Callable[[GameState, F], None]) -> Callable[[GameState, F], None]:
        AUTO[kind] = fn
        return fn
    return deco


def choice(kind: str) -> Callable[[Callable[[GameState, F], list[Action]]], Callable[[GameState, F], list[Action]]]:
    """Register the options function of a decision; pair it with ``@act(kind)``. Its question
    is worded in ``describe/questions.py``, from the frame."""
    def deco(fn: Callable[[GameState, F], list[Action]]) -> Callable[[GameState, F], list[Action]]:
        prev = CHOICE.get(kind)
        CHOICE[kind] = (fn, prev[1] if prev else _no_act)
        return fn
    return deco


def act(kind: str) -> Callable[[Callable[[GameState, F, Action], None]], Callable[[GameState, F, Action], None]]:
    def deco(fn: Callable[[GameState, F, Action], None]) -> Callable[[GameState, F, Action], None]:
        opts = CHOICE[kind][0]
        CHOICE[kind] = (opts, fn)
        return fn
    return deco


def explain(kind: str) -> Callable[[Callable[[GameState, F, Action], Refusal | None]],
                                   Callable[[GameState, F, Action], Refusal | None]]:
    """Register why decision ``kind`` refuses an action of its vocabulary (a fact: ``refusal.py``);
    None for a verb outside it."""
    def deco(fn: Callable[[GameState, F, Action], Refusal | None]) -> Callable[[GameState, F, Action], Refusal | None]:
        EXPLAIN[kind] = fn
        return fn
    return deco


def _no_act(st: GameState, f: Frame, a: Action) -> None:
    raise IllegalActionError(f"no handler for {f['kind']}")


# ---------------------------------------------------------------- stack helpers

def push(st: GameState, f: Frame) -> None:
    """Put a new step on top: a dict literal of its kind's shape, ``{"kind": "place", ...}``."""
    st.stack_frames.append(f)


def push_all(st: GameState, frames: list[Frame]) -> None:
    """Push frames so that the first in the list runs first."""
    st.stack_frames.extend(reversed(frames))


def top(st: GameState) -> Frame:
    return st.stack_frames[-1]


def pop(st: GameState) -> Frame:
    return st.stack_frames.pop()


def replace_top(st: GameState, f: Frame) -> None:
    """Put ``f``, a changed copy of the step on top (``{**f, "left": 2}``), in its place."""
    st.stack_frames[-1] = f


class _Counted(TypedDict):
    left: int


def count_down(st: GameState, f: _Counted) -> None:
    """One use of the step on top, which repeats ``f["left"]`` times: after the last one it
    ends, otherwise it stays with one fewer left."""
    if f["left"] <= 1:
        pop(st)
    else:
        # the same kind with one key changed (a step that counts down declares ``left: int``)
        st.stack_frames[-1] = cast(Frame, {**f, "left": f["left"] - 1})


def log(st: GameState, e: Event) -> None:
    """Record an event: what happened, as facts (``event.py`` declares each kind's shape; the
    words are made in ``describe/log.py``)."""
    st.events.append(e)


def advance(st: GameState) -> None:
    """Run automatic steps until a decision waits or the game is over."""
    frames = st.stack_frames
    while st.winner == -1:
        if not frames:
            frames.append({"kind": "turn"})
        f = frames[-1]
        fn = AUTO.get(f["kind"])
        if fn is None:
            policy = SEAT_POLICY.get(st.ruleset)
            a = policy(st, f) if policy is not None else None
            if a is None:
                return
            CHOICE[f["kind"]][1](st, f, a)  # a seat the engine plays decides here
            continue
        frames.pop()
        fn(st, f)


def decision_seat(st: GameState) -> int:
    """Seat that owns the pending decision (-1 when the game is over)."""
    if st.winner != -1 or not st.stack_frames:
        return -1
    seat: int = st.stack_frames[-1].get("seat", st.current)
    return seat


def decision_kind(st: GameState) -> str:
    """The kind of the pending decision ("over" once the game is over); its question is worded
    in ``describe/questions.py``."""
    if st.winner != -1 or not st.stack_frames:
        return "over"
    return st.stack_frames[-1]["kind"]


# ---------------------------------------------------------------- dice and tokens

def roll(st: GameState) -> int:
    if st.forced_dice:
        return st.forced_dice.pop(0)
    st.rng, k = rng.below(st.rng, 6)
    return k + 1


# ---------------------------------------------------------------- row keys (Oxford University)
#
# A row card is named by its *key*: the focus type of the card it descends from (the start card
# it replaced, directly or through later replacements). Keys are the focus types and stay
# distinct in a row, so they name row cards in actions and frames and index the tokens that
# sit on a card (trade, city-state and natural-wonder tokens; they move with a replacement).
# A key differs from the card's own type only after Oxford University let a card replace one
# of another type; it is then kept in ``flags["key:<card>"]`` (index of the key type + 1), and
# ``flags["rekeyed"]`` marks such a row, so rows without it compare types only.

REKEYED: Final = "rekeyed"


def row_key(st: GameState, seat: int, cid: str) -> str:
    """The key of row card ``cid``."""
    c = st._c
    flags = st.players[seat].flags
    if REKEYED in flags:
        k = flags.get("key:" + cid)
        if k:
            return c.ruleset.focus_types[k - 1]
    return c.focus_cards[cid].type


def row_keys(st: GameState, seat: int) -> list[str]:
    """Keys of the row, in row order."""
    ps = st.players[seat]
    if REKEYED not in ps.flags:
        cards = st._c.focus_cards
        return [cards[cid].type for cid in ps.row]
    return [row_key(st, seat, cid) for cid in ps.row]


def card_of(st: GameState, seat: int, ftype: str) -> str:
    """The row card whose key is ``ftype`` (its type, unless Oxford University re-keyed it)."""
    ps = st.players[seat]
    if REKEYED in ps.flags:
        for cid in ps.row:
            if row_key(st, seat, cid) == ftype:
                return cid
        raise KeyError(ftype)
    cards = st._c.focus_cards
    for cid in ps.row:
        if cards[cid].type == ftype:
            return cid
    raise KeyError(ftype)


def card_type(st: GameState, seat: int, key: str) -> str:
    """Type of the row card named by ``key``."""
    if REKEYED not in st.players[seat].flags:
        return key
    return st._c.focus_cards[card_of(st, seat, key)].type


def key_of_type(st: GameState, seat: int, ftype: str) -> str | None:
    """Key of the first row card of type ``ftype`` ("your <type> card"), None if the row has
    none (possible only after Oxford University)."""
    if REKEYED not in st.players[seat].flags:
        return ftype
    cards = st._c.focus_cards
    for cid in st.players[seat].row:
        if cards[cid].type == ftype:
            return row_key(st, seat, cid)
    return None


def set_key(st: GameState, seat: int, cid: str, key: str) -> None:
    """Record that row card ``cid`` now stands for ``key``."""
    c = st._c
    flags = st.player_mut(seat).flags
    if c.focus_cards[cid].type == key:
        flags.pop("key:" + cid, None)
    else:
        flags["key:" + cid] = list(c.ruleset.focus_types).index(key) + 1
    if any(k.startswith("key:") for k in flags):
        flags[REKEYED] = 1
    else:
        flags.pop(REKEYED, None)


def type_key(st: GameState, seat: int, ftype: str) -> str:
    """Key of the card whose ``ftype`` trade tokens ``seat`` spends now: the card it is
    resolving if that is of this type, else its first card of the type ("" if none; only
    after Oxford University can a row hold two cards of a type or none)."""
    if REKEYED not in st.players[seat].flags:
        return ftype
    if seat == st.current:
        for f in st.stack_frames[::-1]:  # not reversed(): mypyc fails on it over a union of TypedDicts
            if f["kind"] in ("commit", "reset") and "type" in f:
                if card_type(st, seat, f["type"]) == ftype:
                    return str(f["type"])
                break
    return key_of_type(st, seat, ftype) or ""


def add_trade_to_type(st: GameState, seat: int, ftype: str, n: int = 1) -> None:
    """Trade tokens onto "your <ftype> card" (the first of that type; none: they stay in the
    supply, possible only after Oxford University)."""
    key = key_of_type(st, seat, ftype)
    if key is not None:
        add_trade(st, seat, key, n)


def add_trade(st: GameState, seat: int, ftype: str, n: int = 1) -> None:
    """Trade tokens from the supply onto a card (by key); tokens beyond the cap go back to the
    supply."""
    cap = st._c.ruleset.trade_cap
    t = st.player_mut(seat).trade
    t[ftype] = min(cap, t.get(ftype, 0) + n)


def cs_token_ready(st: GameState, seat: int, ftype: str) -> list[str]:
    """City-state tokens on the card of ``ftype`` not yet spent this turn. With the ruleset's
    ``city_state_token_spend = "resolving_focus_card"`` (R, U: City-States) only the player whose
    turn it is has any: every other spending of trade tokens is by the player resolving a focus
    card, except a defender's (rules-coverage §4)."""
    c = st._c
    css = c.city_states
    used = st.turn.get("cs_used", [])
    ps = st.players[seat]
    out = ([] if seat != st.current and c.ruleset.city_state_token_spend == "resolving_focus_card"
           else [cs for cs in ps.cs_tokens if css[cs].type == ftype and cs not in used])
    if ps.nws and hooks.allows(st, seat, "nw_as_trade"):
        # America: a natural-wonder token on this card works like a city-state token.
        k = st._c.ruleset.focus_types.index(ftype) + 1
        out.extend("nw:" + n for n in ps.nws if ps.flags.get("nwcard:" + n) == k and "nw:" + n not in used)
    return out


def spendable(st: GameState, seat: int, ftype: str) -> int:
    """Tokens ``seat`` may spend from the card named by key ``ftype`` ("" = no card: none)."""
    if not ftype:
        return 0
    ps = st.players[seat]
    n = ps.trade.get(ftype, 0)
    if ps.cs_tokens or ps.nws:  # (``cs_token_ready`` has none to offer otherwise)
        n += len(cs_token_ready(st, seat, ftype))
    res = ps.resources
    if res and card_type(st, seat, ftype) != "industry" and hooks.allows(st, seat, "resources_as_trade"):
        # Palenque: resource tokens spent as trade tokens (not on industry, where a wonder's
        # resources already count 2 each and are paid separately).
        n += sum(res.values())
    return n


def spend(st: GameState, seat: int, ftype: str, n: int) -> None:
    """Spend ``n`` tokens from a card: city-state tokens first (they stay), then trade tokens."""
    ready = cs_token_ready(st, seat, ftype)
    used = list(st.turn.get("cs_used", []))
    while n > 0 and ready:
        used.append(ready.pop())
        n -= 1
    st.turn["cs_used"] = used
    ps = st.player_mut(seat)
    t = ps.trade
    have = t.get(ftype, 0)
    if n > have:
        res = ps.resources
        if (card_type(st, seat, ftype) == "industry" or sum(res.values()) < n - have
                or not hooks.allows(st, seat, "resources_as_trade")):
            raise IllegalActionError(f"not enough trade tokens on the {ftype} card")
        # Palenque: the rest is paid with resource tokens, the most plentiful kind first
        # (approximated: the player does not choose the kind).
        st.mark_agendas()
        for _ in range(n - have):
            r = max(sorted(res), key=lambda x: res[x])
            res[r] -= 1
        n = have
    t[ftype] = have - n


def effective_slot(st: GameState, seat: int, ftype: str, base: int) -> int:
    """Slot the card named by key ``ftype`` resolves in: its slot, moved right by the
    government of its type and other effects."""
    c = st._c
    ps = st.players[seat]
    if REKEYED in ps.flags:
        ftype = card_type(st, seat, ftype)
    slot = base
    if ps.gov:
        for g in c.ruleset.governments:
            if g.id == ps.gov and g.type == ftype:
                slot += g.arrows
    slot += hooks.slot_bonus(st, seat, ftype, slot)
    return min(slot, c.ruleset.slot_cap)


def slot_of(st: GameState, seat: int, ftype: str) -> int:
    """Printed slot of the row card named by key ``ftype``."""
    c = st._c
    return c.ruleset.row_slots[st.players[seat].row.index(card_of(st, seat, ftype))]


def trade_options(st: GameState, seat: int) -> list[Action]:
    """Place one trade token on any card of the focus row."""
    return [action("trade", t) for t in st._c.ruleset.focus_types]


_CARD_FOR: Final[dict[tuple[int, str, int], str]] = {}



def card_for(st: GameState, ftype: str, level: int) -> str:
    """The standard card of a type and level in the game's deck."""
    c = st._c
    key = (id(c), ftype, level)
    cid = _CARD_FOR.get(key)
    if cid is None:
        cid = _CARD_FOR[key] = c.card_for(ftype, level)
    return cid
