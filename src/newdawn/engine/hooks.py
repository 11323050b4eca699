"""Hook points for printed effects (leaders, unique cards, wonders, diplomacy cards).

Content records name their effects (``{"op": "special", "handler": "<name>"}``); a handler
module registers functions for the hook points below under that name. The engine calls the
hook points at fixed moments and sums or collects what the active effects of a seat answer.
With no handlers registered, every hook is neutral: this keeps the standard rules free of
card-name tests. The handlers live in ``engine/effects/`` (leaders, wonders, diplomacy cards),
the top floor of the engine; the standard rules reach them only through these points
(``docs/engine.md``).

Hook points:
- ``start_of_turn(st, seat)``: may push frames (optional start-of-turn abilities).
- ``end_of_turn(st, seat)``: may push frames.
- ``after_reset(st, seat, ftype)``: after a focus card is reset (Aztec, Capitalism...).
- ``after_placement(st, seat, space, how)``: after a control token/district/city is placed.
- ``combat_bonus(st, seat, ctx) -> int``: added to that seat's combat value; ``ctx`` holds
  ``role`` ("attacker"/"defender"), ``space``, ``target`` and the other side's seat.
- ``wonder_cost(st, seat, wonder) -> int``: added to a wonder's cost (negative = cheaper).
- ``slot_bonus(st, seat, ftype, slot) -> int``: slots a card resolves farther right.
- ``replaced(st, seat, space, what)``: a piece of ``seat`` was removed or replaced.
- ``difficulty(st, seat, space, purpose) -> int | None``: a lower difficulty for that seat
  (see ``difficulty`` below; asked only when the printed value is too high).
- ``after_arrival(st, seat, space, rival)``: a caravan of ``seat`` reached a city-state or a
  rival city (``rival`` is -1 for a city-state); may push frames.
- ``after_combat(st, seat, ctx)``: ``seat`` won (``ctx["won"]``) or lost a combat as attacker.
- ``attack_allowed(st, seat, other) -> bool``: False forbids attacking seat ``other``.
- ``extra_starts(st, seat, kind) -> list[int]``: more spaces a ``kind`` ("caravan"/"army")
  figure may leave its card from.
- ``card_extra(st, seat, ftype, slot) -> list[Frame]``: steps added after a focus card's own.
- ``friendly_seats(st, seat) -> list[int]``: seats whose pieces count as friendly to ``seat``
  for its cities' maturity.
- ``diplomacy_limit(st, seat, rival) -> int``: how many of ``rival``'s diplomacy cards ``seat``
  may hold (the rules: one; the largest answer counts, see ``diplomacy_limit`` below).

Wonder effects (``engine/effects/wonders.py``):
- ``grants(st, seat) -> frozenset[str]``: rule changes the effect grants (see ``grants``).
- ``options(st, seat, kind, frame) -> list[Action]``: extra options of a pending decision.
- ``act(st, seat, kind, frame, action) -> bool``: applies such an extra option (True = done).
- ``wonder_gained(st, seat, wonder, how)``: ``how`` is "built" (once per game) or "gained".
- ``after_resolve(st, seat, ftype, slot)``: a focus card has resolved (``slot`` = its row
  slot, before any shift), before it resets; may push frames.
- ``card_gained(st, seat, card)``: a focus card of the row was replaced.
- ``before_occupy(st, seat, space)``: ``seat`` is about to replace a rival city on ``space``.

Diplomacy cards held from others and turn-scoped effects of the card being resolved
(``st.turn["fx"]``, for the current seat) count as active effects too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .frames import Frame
    from .state import GameState

HOOK_POINTS: Final = (
    "start_of_turn", "end_of_turn", "after_reset", "after_placement", "combat_bonus",
    "wonder_cost", "slot_bonus", "replaced",
    "difficulty", "after_arrival", "after_combat", "attack_allowed",
    "extra_starts", "card_extra", "friendly_seats",
    "grants", "options", "act", "wonder_gained", "after_resolve", "card_gained", "before_occupy",
    "allows", "attacked", "visited", "diplomacy_limit",
)

# hook point -> handler name -> function
REGISTRY: Final[dict[str, dict[str, Callable[..., Any]]]] = {h: {} for h in HOOK_POINTS}


def register(point: str, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    if point not in REGISTRY:
        raise KeyError(f"unknown hook point {point}")

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        REGISTRY[point][name] = fn
        return fn
    return deco


# (content id, "L" leader / "W" wonder, id) -> handler names of that record's effects
_NAMES: Final[dict[tuple[int, str, str], tuple[str, ...]]] = {}


def _record_handlers(st: GameState, kind: str, rid: str) -> tuple[str, ...]:
    c = st._c
    key = (id(c), kind, rid)
    hs = _NAMES.get(key)
    if hs is None:
        rec = c.leaders[rid] if kind == "L" else c.wonders[rid]
        hs = _NAMES[key] = tuple(e.str("handler") for e in rec.effects if e.op == "special")
    return hs


# (content, handler, key) -> printed number of that effect (keyed by the content object, not
# its id, so a content loaded later in a test can never hit a stale entry)
_PRINTED: Final[dict[tuple[Any, str, str], Any]] = {}


def printed(st: GameState, handler: str, key: str) -> Any:
    """A printed number (or list) of the ``special`` effect named ``handler``, read from the
    content data (``content.vocab.SPECIAL_ARGS`` says which each handler has). Cached: hot paths
    (combat bonuses) ask it."""
    k = (st._c, handler, key)
    v = _PRINTED.get(k)
    if v is None:
        v = _PRINTED[k] = _find_printed(st, handler, key)
    return v


def _find_printed(st: GameState, handler: str, key: str) -> Any:
    c = st._c
    for table in (c.wonders, c.leaders, c.focus_cards, c.city_states, c.player_diplomacy):
        for rec in table.values():
            for e in rec.effects:
                if e.op == "special" and e.args.get("handler") == handler and key in e.args:
                    return e.args[key]
    raise KeyError(f"no printed {key!r} for the {handler} effect in the content data")


_ACTIVE: Final[dict[tuple[Any, ...], tuple[str, ...]]] = {}


def active_handlers(st: GameState, seat: int) -> tuple[str, ...]:
    """Handler names of the effects that work for ``seat`` now: its leader's, its wonders',
    the diplomacy cards it holds from others and the turn-scoped effects of the card it is
    resolving. Cached by exactly those facts: it is asked by every hook call."""
    ps = st.players[seat]
    fx = st.turn.get("fx") if seat == st.current else None
    key = (id(st._c), ps.leader, tuple(ps.wonders), tuple(ps.dipl), tuple(fx) if fx else ())
    got = _ACTIVE.get(key)
    if got is not None:
        return got
    names = list(_record_handlers(st, "L", ps.leader))
    for w in ps.wonders:
        names.extend(_record_handlers(st, "W", w))
    if ps.dipl:
        names.extend(diplomacy_handlers(st, ps.dipl))
    if fx:
        names.extend(fx)
    if len(_ACTIVE) > 50_000:
        _ACTIVE.clear()
    got = _ACTIVE[key] = tuple(names)
    return got


_FNS: Final[dict[tuple[Any, ...], tuple[dict[str, Callable[..., Any]], Any, tuple[Callable[..., Any], ...]]]] = {}


class _SeatEffects:
    """The objects a seat's active effects were last found from (content, leader, wonder and
    diplomacy tuples, turn effects) and, by hook point, that point's table and functions."""

    __slots__ = ("c", "leader", "wonders", "dipl", "fx", "at")

    def __init__(self, c: Any, leader: Any, wonders: Any, dipl: Any, fx: Any) -> None:
        self.c = c
        self.leader = leader
        self.wonders = wonders
        self.dipl = dipl
        self.fx = fx
        self.at: dict[str, tuple[dict[str, Callable[..., Any]], tuple[Callable[..., Any], ...]]] = {}


_NOBODY: Final = _SeatEffects(None, None, None, None, None)
_SEATS: Final[list[_SeatEffects]] = [_NOBODY] * 8
"""By seat, the effects it was last asked about (``_NOBODY``: never)."""


def handlers_at(point: str, st: GameState, seat: int) -> tuple[Callable[..., Any], ...]:
    """The functions registered at ``point`` for the ``active_handlers`` of ``seat``, in their
    order. Every hook call asks it, and most seats have no handler at most points, so the
    seat's last answer is kept for each point, matched by the identity of the objects it was
    made from (the effect lists are tuples, and ``fx`` is replaced, never changed in place) and
    of the point's table."""
    ps = st.players[seat]
    fx = None
    if seat == st.current:
        turn = st.turn
        if "fx" in turn:
            fx = turn["fx"]
    try:
        e = _SEATS[seat]
    except IndexError:
        e = _NOBODY
    if (e.wonders is ps.wonders and e.dipl is ps.dipl and e.fx is fx and e.leader is ps.leader
            and e.c is st._c):
        got = e.at.get(point)
        if got is not None and got[0] is REGISTRY[point]:
            return got[1]
    return _find_handlers(point, st, seat, fx)


def _find_handlers(point: str, st: GameState, seat: int, fx: Any) -> tuple[Callable[..., Any], ...]:
    """``handlers_at`` when the seat's last answer does not hold: from ``_FNS`` (cached by the
    values of those objects), kept as the seat's answer at ``point``."""
    ps = st.players[seat]
    c = st._c
    e = _SEATS[seat] if seat < len(_SEATS) else _NOBODY
    if not (e.wonders is ps.wonders and e.dipl is ps.dipl and e.fx is fx and e.leader is ps.leader
            and e.c is c):
        e = _SeatEffects(c, ps.leader, ps.wonders, ps.dipl, fx)
        while seat >= len(_SEATS):
            _SEATS.append(_NOBODY)
        _SEATS[seat] = e
    table = REGISTRY[point]
    if not table:
        fns: tuple[Callable[..., Any], ...] = ()
    else:
        key = (point, id(c), ps.leader, tuple(ps.wonders), tuple(ps.dipl), tuple(fx) if fx else ())
        got = _FNS.get(key)
        if got is None or got[0] is not table or got[1] is not c:
            if len(_FNS) > 50_000:
                _FNS.clear()
            got = _FNS[key] = (table, c, tuple(table[h] for h in active_handlers(st, seat) if h in table))
        fns = got[2]
    e.at[point] = (table, fns)
    return fns


def _call(point: str, st: GameState, seat: int, *args: Any) -> list[Any]:
    return [fn(st, seat, *args) for fn in handlers_at(point, st, seat)]


def printed_number(st: GameState, handler: str, key: str) -> int:
    """``printed`` for a whole number: the printed number ``key`` of a leader's ability, a
    unique card, a wonder or a diplomacy card (``content/data``)."""
    v: int = printed(st, handler, key)
    return v


def combat_bonus(st: GameState, seat: int, ctx: dict[str, Any]) -> int:
    return sum(_call("combat_bonus", st, seat, ctx))


def combat_bonus_parts(st: GameState, seat: int, ctx: dict[str, Any]) -> list[tuple[str, int]]:
    """``combat_bonus`` itemised: (handler name, bonus) of each effect that adds something
    (the same calls, so the parts add up to ``combat_bonus``)."""
    return call_parts("combat_bonus", st, seat, ctx)


def call_parts(point: str, st: GameState, seat: int, *args: Any) -> list[tuple[str, int]]:
    """(handler name, number) of each active effect at a numeric hook point that gives a
    non-zero number; their sum is what the point's summing function returns."""
    table = REGISTRY[point]
    out = []
    for h in active_handlers(st, seat):
        if h in table:
            v = table[h](st, seat, *args)
            if v:
                out.append((h, int(v)))
    return out


def wonder_cost(st: GameState, seat: int, wonder: str) -> int:
    return sum(_call("wonder_cost", st, seat, wonder))


def slot_bonus(st: GameState, seat: int, ftype: str, slot: int) -> int:
    n = 0
    for fn in handlers_at("slot_bonus", st, seat):  # asked at every focus card chosen
        n += fn(st, seat, ftype, slot)
    return n


def fire(point: str, st: GameState, seat: int, *args: Any) -> None:
    for fn in handlers_at(point, st, seat):
        fn(st, seat, *args)


# ---------------------------------------------------------------- diplomacy cards, difficulty

_DIPL: Final[dict[tuple[int, str], tuple[str, ...]]] = {}
_HELD: Final[dict[tuple[int, tuple[str, ...]], tuple[str, ...]]] = {}


def diplomacy_handlers(st: GameState, held: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Handler names of the diplomacy cards held from others (``cs:<id>`` or ``p<seat>:<id>``).
    Each name appears once: a handler that cares about several copies (Joint War from two
    players) counts them itself. A seat never holds its own cards, so they never work for it.
    Cached by the held set (hot path: asked by every hook call)."""
    c = st._c
    hkey = (id(c), tuple(held))
    got = _HELD.get(hkey)
    if got is not None:
        return got
    out: list[str] = []
    for card in held:
        key = (id(c), card)
        hs = _DIPL.get(key)
        if hs is None:
            kind, _, cid = card.partition(":")
            rec = c.city_states.get(cid) if kind == "cs" else c.player_diplomacy.get(cid)
            hs = tuple(e.str("handler") for e in rec.effects if e.op == "special") if rec else ()
            _DIPL[key] = hs
        for h in hs:
            if h not in out:
                out.append(h)
    if len(_HELD) > 50_000:
        _HELD.clear()
    res = _HELD[hkey] = tuple(out)
    return res


def difficulty(st: GameState, seat: int, s: int, purpose: str) -> int:
    """Terrain difficulty of ``s`` for ``seat`` placing or moving (``purpose``: "control",
    "city", "move"). Effects only ever lower it; call this only once the printed value fails,
    so seats without such effects pay nothing."""
    base: int = st.board.diff[s]
    for fn in handlers_at("difficulty", st, seat):
        v = fn(st, seat, s, purpose)
        if v is not None and v < base:
            base = v
    return base


def attack_allowed(st: GameState, seat: int, other: int) -> bool:
    """False if an effect forbids ``seat`` to attack or destroy pieces of seat ``other``."""
    if other < 0:
        return True
    return all(fn(st, seat, other) for fn in handlers_at("attack_allowed", st, seat))


def collect(point: str, st: GameState, seat: int, *args: Any) -> list[Any]:
    """Concatenate the lists the active handlers of ``point`` answer."""
    out: list[Any] = []
    for fn in handlers_at(point, st, seat):
        out.extend(fn(st, seat, *args))
    return out


# ---------------------------------------------------------------- wonder effects

def grants(st: GameState, seat: int, what: str) -> bool:
    """Whether an active effect of ``seat`` grants the named rule change (``seat`` < 0: no)."""
    if seat < 0:
        return False
    for fn in handlers_at("grants", st, seat):
        if what in fn(st, seat):
            return True
    return False


def extra_options(st: GameState, seat: int, kind: str, f: Frame) -> list[Any]:
    """Options that active effects add to the pending decision ``kind``."""
    out: list[Any] = []
    for fn in handlers_at("options", st, seat):
        out.extend(fn(st, seat, kind, f))
    return out


def extra_act(st: GameState, seat: int, kind: str, f: Frame, a: Any) -> bool:
    """Apply an option added by ``extra_options``; False if no effect claims it."""
    for fn in handlers_at("act", st, seat):
        if fn(st, seat, kind, f, a):
            return True
    return False


# ---------------------------------------------------------------- rule changes of leaders and cards

def allows(st: GameState, seat: int, what: str) -> bool:
    """Whether an active effect of ``seat`` allows ``what`` ("army_water", "caravan_water",
    "pass_rival_control", "polders"); handlers of ``allows(st, seat, what) -> bool``. Also
    documented: ``attacked(st, seat, ctx)`` fires for the defending seat after a combat;
    ``visited(st, seat, space, visitor)`` fires for the owner of a city a rival caravan
    reached (after ``after_arrival``, so its steps come first)."""
    for fn in handlers_at("allows", st, seat):
        if fn(st, seat, what):
            return True
    return False


# ---------------------------------------------------------------- holding diplomacy cards

NO_LIMIT: Final = 1 << 30
"""A ``diplomacy_limit`` answer meaning "any number" (Poland, from the player it chose)."""


def diplomacy_limit(st: GameState, seat: int, rival: int) -> int:
    """How many diplomacy cards ``seat`` may hold from seat ``rival``: one (rules: Diplomacy
    Cards), or the most an active effect allows (Potala Palace: 4; Poland: ``NO_LIMIT``)."""
    most = 1
    for fn in handlers_at("diplomacy_limit", st, seat):
        most = max(most, int(fn(st, seat, rival)))
    return most
