"""Questions about spaces: terrain, who is there, friendly and rival, maturity, distances,
where a control token, district or city may go, and the ``q,r`` names of spaces.

Each ``*_reason`` function returns ``None`` when a space is legal for the purpose and
otherwise the rule it breaks, as a fact (``refusal.Refusal``), which explains why a space is not
legal (players read it in ``describe/refusal_words.py``'s words). The option
functions of the frequent decisions filter with ``control_legal`` and ``city_legal`` instead:
the same tests, without making refusals. ``tests/engine/test_fast_filters.py`` holds each pair
equal (docs/engine.md, "Options and refusals").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress
from operator import countOf

from . import hooks
from .actions import Action, action, coord_text, parse_coord
from .errors import IllegalActionError, NotationError
from .refusal import Refusal
from .state import GameState, content_for


def difficulty(st: GameState, s: int) -> int:
    return st.board.diff[s]


def too_hard(st: GameState, s: int, slot: int) -> Refusal:
    """The refusal of space ``s`` to a piece or figure allowed difficulty ``slot``, made once per
    board, space and slot: the option functions ask for it of many spaces they leave out."""
    memo = st.board.memo
    said: dict[int, Refusal] | None = memo.get("too_hard")
    if said is None:
        said = memo["too_hard"] = {}
    key = s * 64 + slot
    got = said.get(key)
    if got is None:
        got = said[key] = Refusal("too_hard", space=s, number=difficulty(st, s), limit=slot)
    return got


def owner(st: GameState, s: int) -> int:
    """Seat whose city or control token is on the space, or -1."""
    o = st.cities.get(s)
    if o is not None:
        return o
    return st.ctl.get(s, -1)


def friendly(st: GameState, seat: int, s: int) -> bool:
    return st.cities.get(s) == seat or st.ctl.get(s) == seat


def rival_space(st: GameState, seat: int, s: int) -> bool:
    o = owner(st, s)
    return o >= 0 and o != seat


def friendly_spaces(st: GameState, seat: int) -> list[int]:
    out = [s for s, o in st.cities.items() if o == seat]
    out.extend([s for s, o in st.ctl.items() if o == seat])
    return out


def city_spaces(st: GameState, seat: int) -> list[int]:
    return [s for s, o in st.cities.items() if o == seat]


def barb_at(st: GameState, s: int) -> str | None:
    barbs = st.barbs
    if s not in barbs.values():  # the usual answer, without a Python loop
        return None
    for letter, at in barbs.items():
        if at == s:
            return letter
    return None


def armies_at(st: GameState, s: int) -> list[tuple[int, int]]:
    """(seat, army index) of every army on the space."""
    return [(p, i) for p, ps in enumerate(st.players) for i, at in enumerate(ps.armies) if at == s]


def caravans_at(st: GameState, s: int) -> list[tuple[int, int]]:
    return [(p, i) for p, ps in enumerate(st.players) for i, at in enumerate(ps.caravans) if at == s]


def has_figure(st: GameState, s: int) -> bool:
    for ps in st.players:
        if s in ps.armies or s in ps.caravans:
            return True
    return False


def army_owner(st: GameState, seat: int, s: int) -> int:
    """The first seat other than ``seat`` with an army on ``s``, or -1."""
    for p, ps in enumerate(st.players):
        if p != seat and s in ps.armies:
            return p
    return -1


def rival_army_at(st: GameState, seat: int, s: int) -> bool:
    # Loops rather than any() over a generator in these hot queries: about twice as fast in
    # the pure package, and native loops in the compiled one.
    for p, ps in enumerate(st.players):
        if p != seat and s in ps.armies:
            return True
    return False


def uncontrolled_fort(st: GameState, s: int) -> bool:
    return st.board.is_fort[s] and s not in st.cities and s not in st.ctl


def stands_for_city(st: GameState, s: int) -> bool:
    """The space is a fort or a printed city-state space: only a city (or, with none left, a
    control token standing in for one) can hold it, and only by conquest (FAQ: Attacking)."""
    b = st.board
    printed = b.printed[s]
    return b.is_fort[s] or (printed is not None and bool(printed.city_state))


def is_empty(st: GameState, s: int) -> bool:
    """No token or figure of any kind (rules: Empty Spaces)."""
    return (
        s not in st.cities and s not in st.ctl and s not in st.tokens and s not in st.cs_at
        and s not in st.wonder_at and not st.board.is_fort[s] and barb_at(st, s) is None
        and not has_figure(st, s)
    )


def is_mature(st: GameState, seat: int, city: int) -> bool:
    """A city is mature when every adjacent space holds a friendly control token or is water."""
    b = st.board
    ctl = st.ctl
    cities = st.cities
    water = b.is_water
    friends: list[int] | None = None
    for n in b.nbrs[city]:
        o = ctl.get(n)
        if o != seat and not water[n]:
            if o is None and n not in cities:
                return False
            if friends is None:
                friends = _maturity_friends(st, seat)
            if cities.get(n, o) not in friends:
                if o is not None and _any_control_matures(st, seat):
                    continue  # Sydney Opera House: rival control tokens count too
                return False
    return True


def _any_control_matures(st: GameState, seat: int) -> bool:
    return hooks.grants(st, seat, "maturity_any_control")


def _maturity_friends(st: GameState, seat: int) -> list[int]:
    """Seats whose pieces count as friendly for ``seat``'s maturity (Open Borders)."""
    if not st.players[seat].dipl:
        return []
    return hooks.collect("friendly_seats", st, seat)


def mature_cities(st: GameState, seat: int) -> list[int]:
    return [s for s in city_spaces(st, seat) if is_mature(st, seat, s)]


def start_cities(st: GameState, seat: int) -> list[int]:
    """Where a figure leaving its card may start: the capital and mature cities."""
    cap = st.capitals[seat]
    out = [cap] if cap >= 0 and st.cities.get(cap) == seat else []
    out.extend(s for s in mature_cities(st, seat) if s != cap)
    return out


def reach(st: GameState, sources: Iterable[int], n: int, passable: Callable[[int], bool] | None = None) -> set[int]:
    """Spaces within ``n`` steps of a source. Only ``passable`` spaces are counted through (a
    space that is not is reached, but the count stops there); None: every space is."""
    nbrs = st.board.nbrs
    seen = set(sources)
    if passable is None:
        # Every space passes: a ring at a time, with set operations instead of a test per pair.
        last = seen
        for _ in range(n):
            ring: set[int] = set()
            for s in last:
                ring.update(nbrs[s])
            ring -= seen
            if not ring:
                break
            seen |= ring
            last = ring
        return seen
    frontier = list(seen)
    for _ in range(n):
        nxt = []
        for s in frontier:
            for t in nbrs[s]:
                if t not in seen:
                    seen.add(t)
                    if passable(t):
                        nxt.append(t)
        frontier = nxt
    return seen


def within(st: GameState, starts: Iterable[int], n: int) -> set[int]:
    """Spaces within ``n`` steps of any start, counting through every space."""
    return reach(st, starts, n)


def own_tokens(st: GameState, seat: int) -> list[int]:
    """Spaces of ``seat``'s control tokens that are not districts: the ones it may take back
    from the map when it has no unused token left (FAQ, Control Tokens)."""
    return [s for s, o in st.ctl.items() if o == seat and s not in st.district]


def unused_control(st: GameState, seat: int) -> int:
    # ``box:<component>`` flags: a rules scenario's own piece count for this player (never in play).
    flags = st.players[seat].flags
    total = flags["box:control_tokens"] if "box:control_tokens" in flags else \
        content_for(st).ruleset.components["control_tokens"]
    # Tokens on the map, less those that are districts (few), counted without a Python loop.
    ctl = st.ctl
    used = countOf(ctl.values(), seat)
    for s in st.district:
        if ctl.get(s) == seat:
            used -= 1
    for seats in st.claims.values():
        used += seats.count(seat)
    return total - used


def box_count(st: GameState, kind: str) -> int:
    """How many of a shared component the box holds: ``resource:<type>`` or ``water_tokens``
    (``Ruleset.supply``: "All components except trade tokens are limited to the quantities
    included in the box"). A rules scenario may give its own count (``config["box"]``, never
    set in a real game), as ``box:`` player flags do for a player's pieces."""
    own = st.config.get("box")
    if own and kind in own:
        return int(own[kind])
    sup = content_for(st).ruleset.supply
    return sup["resources_per_type"] if kind.startswith("resource:") else sup[kind]


def supply_left(st: GameState, kind: str) -> int:
    """The box's count less those in play: a resource token on the map or held by a player, a
    water token on the map. Spent resources go back to the supply (they are no longer held)."""
    if kind.startswith("resource:"):
        r = kind[9:]
        used = countOf(st.tokens.values(), r) + sum(ps.resources.get(r, 0) for ps in st.players)
    else:  # water_tokens
        used = sum(1 for p in st.placements if p.kind == "water")
    return box_count(st, kind) - used


def supply_resources(st: GameState, kinds: Iterable[str]) -> list[str]:
    """Of ``kinds`` (resource types), those the supply still holds, in the order given."""
    return [r for r in kinds if supply_left(st, "resource:" + r) > 0]


def unused_cities(st: GameState, seat: int) -> int:
    flags = st.players[seat].flags
    total = flags["box:cities"] if "box:cities" in flags else content_for(st).ruleset.components["cities"]
    return total - countOf(st.cities.values(), seat)


def used_districts(st: GameState, seat: int) -> set[str]:
    """District types of ``seat`` on the map (and, in a rules scenario, those its box lacks)."""
    used = {d for s, d in st.district.items() if st.ctl.get(s) == seat}
    flags = st.players[seat].flags
    if flags:
        used |= {k[13:] for k, v in flags.items() if k.startswith("box:district:") and v == 0}
    return used


def _easier(st: GameState, seat: int, s: int) -> int:
    return hooks.difficulty(st, seat, s, "control")


def coastal(st: GameState, s: int) -> bool:
    return st.board.coastal[s]


def control_reason(st: GameState, seat: int, s: int, max_diff: int | None) -> Refusal | None:
    """Whether a control token (or district) may be placed on ``s``, apart from adjacency."""
    b = st.board
    if b.is_water[s]:
        return Refusal("water", space=s, piece="control")
    if b.is_fort[s]:
        return Refusal("fort", space=s, piece="control")
    if max_diff is not None and difficulty(st, s) > max_diff and _easier(st, seat, s) > max_diff:
        return too_hard(st, s, max_diff)
    if s in st.cities:
        return Refusal("holds_city", space=s, seat=st.cities[s])
    if s in st.cs_at:
        return Refusal("holds_city_state", space=s, item=st.cs_at[s])
    if s in st.ctl:
        return Refusal("holds_control", space=s, seat=st.ctl[s])
    letter = barb_at(st, s)
    if letter is not None:
        return Refusal("holds_barbarian", space=s, item=letter)
    if rival_army_at(st, seat, s):
        return Refusal("holds_rival_army", space=s, seat=army_owner(st, seat, s))
    return None


def control_legal(st: GameState, seat: int, spaces: Iterable[int], max_diff: int | None) -> set[int]:
    """The spaces of ``spaces`` for which ``control_reason`` is None: its tests, with the
    lookups made once and no refusal written (option functions ask it of many spaces)."""
    b = st.board
    water = b.is_water
    fort = b.is_fort
    diff = b.diff
    cities = st.cities
    cs_at = st.cs_at
    ctl = st.ctl
    barbs = st.barbs.values()
    rival_armies: set[int] | None = None  # gathered for the first space that gets that far
    out: set[int] = set()
    for s in spaces:
        if water[s] or fort[s] or s in cities or s in cs_at or s in ctl or s in barbs:
            continue
        if max_diff is not None and diff[s] > max_diff and hooks.difficulty(st, seat, s, "control") > max_diff:
            continue
        if rival_armies is None:
            rival_armies = _rival_armies(st, seat)
        if s not in rival_armies:
            out.add(s)
    return out


def _rival_armies(st: GameState, seat: int) -> set[int]:
    """Spaces of the armies of every seat but ``seat`` (-1 for an army on its card)."""
    out: set[int] = set()
    for p, ps in enumerate(st.players):
        if p != seat:
            out.update(ps.armies)
    return out


# ---------------------------------------------------------------- names of spaces

def coord(st: GameState, s: int) -> str:
    return coord_texts(st)[s]


def coord_texts(st: GameState) -> tuple[str, ...]:
    """The ``q,r`` text of every space (cached on the board)."""
    b = st.board
    t: tuple[str, ...] | None = b.memo.get("ctext")
    if t is None:
        t = tuple(coord_text(q, r) for q, r in b.coords)
        b.memo["ctext"] = t
    return t


def space_of(st: GameState, arg: str) -> int:
    """The space id named by ``q,r``; raises IllegalActionError for a space not on the map."""
    b = st.board
    ids: dict[str, int] | None = b.memo.get("cid")
    if ids is None:
        ids = b.memo["cid"] = {t: s for s, t in enumerate(coord_texts(st))}
    got = ids.get(arg)
    if got is not None:  # the canonical text (any other form is read as written)
        return got
    c = parse_coord(arg)
    s = b.index.get(c)
    if s is None:
        raise IllegalActionError(f"{arg} is not a space on the map", Refusal("not_a_space", item=arg))
    return s


def space_at(st: GameState, a: Action) -> int:
    """The space id ``a`` names (its ``at``); raises NotationError for an action naming no
    space and IllegalActionError for a space not on the map."""
    c = a.at
    if c is None:
        raise NotationError(f"expected a space as q,r, got {a.arg!r}")
    s = st.board.index.get(c)
    if s is None:
        raise IllegalActionError(f"{coord_text(*c)} is not a space on the map")
    return s


def space_to(st: GameState, a: Action) -> int:
    """The space id ``a`` names second (its ``to``: where a move ends), as ``space_at``."""
    c = a.to
    if c is None:
        raise NotationError(f"expected a move as q,r>q,r, got {a.arg!r}")
    s = st.board.index.get(c)
    if s is None:
        raise IllegalActionError(f"{coord_text(*c)} is not a space on the map")
    return s


def space_actions(verb: str, st: GameState, spaces: list[int] | set[int] | range) -> list[Action]:
    """``verb <space>`` for each space, in space order. The actions of a verb are made once per
    board (cached in its memo): the frequent decisions list them again and again."""
    b = st.board
    by_verb: dict[str, list[Action | None]] | None = b.memo.get("acts")
    if by_verb is None:
        by_verb = b.memo["acts"] = {}
    acts = by_verb.get(verb)
    if acts is None:
        acts = by_verb[verb] = [None] * b.n
    texts: tuple[str, ...] | None = None
    out: list[Action] = []
    for s in sorted(spaces):
        a = acts[s]
        if a is None:
            if texts is None:
                texts = coord_texts(st)
            a = acts[s] = action(verb, texts[s])
        out.append(a)
    return out


# ---------------------------------------------------------------- where pieces may go

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
    return control_legal(st, seat, cand, max_diff)


def city_reason(st: GameState, seat: int, s: int, max_diff: int | None) -> Refusal | None:
    """Whether a city may stand on ``s`` (range aside): rules, Building Cities."""
    b = st.board
    if b.is_water[s]:
        return Refusal("water", space=s, piece="city")
    if b.is_fort[s]:
        return Refusal("fort", space=s, piece="city")
    if max_diff is not None and difficulty(st, s) > max_diff and hooks.difficulty(st, seat, s, "city") > max_diff:
        return too_hard(st, s, max_diff)
    if s in st.cities:
        return Refusal("holds_city", space=s, seat=st.cities[s])
    if s in st.cs_at:
        return Refusal("holds_city_state", space=s, item=st.cs_at[s])
    if stands_for_city(st, s):
        return Refusal("city_state_space", space=s)
    letter = barb_at(st, s)
    if letter is not None:
        return Refusal("holds_barbarian", space=s, item=letter)
    if s in st.tokens:
        return Refusal("holds_token", space=s, item=st.tokens[s])
    if st.ctl.get(s, seat) != seat:
        return Refusal("holds_rival_control", space=s, seat=st.ctl[s])
    if rival_army_at(st, seat, s):
        return Refusal("holds_rival_army", space=s, seat=army_owner(st, seat, s))
    for n in b.nbrs[s]:
        if n in st.cities or n in st.cs_at:
            return Refusal("next_to_city", space=s, near=n)
        if b.is_fort[n]:
            return Refusal("next_to_fort", space=s, near=n)
    return None


def city_legal(st: GameState, seat: int, spaces: Iterable[int], max_diff: int | None) -> set[int]:
    """The spaces of ``spaces`` for which ``city_reason`` is None: its tests, mostly as set
    operations, and no refusal written (option functions ask it of many spaces)."""
    b = st.board
    nbrs = b.nbrs
    cities = st.cities
    cs_at = st.cs_at
    next_to: set[int] = set()  # next to a city or city-state
    for c in cities:
        next_to.update(nbrs[c])
    for c in cs_at:
        next_to.update(nbrs[c])
    rest = set(spaces)
    rest.difference_update(_never_city(st), cities, cs_at, next_to, st.tokens, st.barbs.values(),
                           _rival_armies(st, seat))
    ctl = st.ctl
    diff = b.diff
    easier = max_diff is not None and bool(hooks.handlers_at("difficulty", st, seat))
    out: set[int] = set()
    for s in rest:
        if ctl.get(s, seat) != seat:
            continue
        if max_diff is not None and diff[s] > max_diff and (
                not easier or hooks.difficulty(st, seat, s, "city") > max_diff):
            continue
        out.add(s)
    return out


def _never_city(st: GameState) -> frozenset[int]:
    """Spaces where no city may ever stand: water, forts, printed city-states and the spaces
    next to a fort (found once per board)."""
    b = st.board
    got: frozenset[int] | None = b.memo.get("never_city")
    if got is None:
        # Made without a Python loop over every space: boards change as the map grows.
        out = set(compress(range(b.n), b.is_water))
        for s in compress(range(b.n), b.is_fort):
            out.add(s)
            out.update(b.nbrs[s])
        out.update([s for s, p in enumerate(b.printed) if p is not None and p.city_state])
        got = b.memo["never_city"] = frozenset(out)
    return got


def free_wonder_cities(st: GameState, seat: int) -> list[int]:
    return [s for s in city_spaces(st, seat) if s not in st.wonder_at]


def army_on(st: GameState, s: int) -> bool:
    """Any army stands on the space (abilities that remove pieces cannot target it)."""
    for ps in st.players:
        if s in ps.armies:
            return True
    return False
