"""Questions about spaces: terrain, who is there, friendly and rival, maturity, distances.

Each ``*_reason`` function returns ``None`` when a space is legal for the purpose and
otherwise a sentence naming the rule; ``legal_actions`` keeps the spaces with ``None``, and
the same sentences explain why any other space is not legal (one source of legality).
"""

from __future__ import annotations

from collections.abc import Iterable

from . import hooks
from .state import ON_CARD, GameState, content_for


def difficulty(st: GameState, s: int) -> int:
    return st.board.diff[s]


def terrain_name(st: GameState, s: int) -> str:
    b = st.board
    return "fort" if b.is_fort[s] else b.terrain[s].replace("_", " ")


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
    out.extend(s for s, o in st.ctl.items() if o == seat)
    return out


def city_spaces(st: GameState, seat: int) -> list[int]:
    return [s for s, o in st.cities.items() if o == seat]


def barb_at(st: GameState, s: int) -> str | None:
    for letter, at in st.barbs.items():
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


def rival_army_at(st: GameState, seat: int, s: int) -> bool:
    return any(p != seat and s in ps.armies for p, ps in enumerate(st.players))


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
    friends: list[int] | None = None
    for n in b.nbrs[city]:
        o = st.ctl.get(n)
        if o != seat and not b.is_water[n]:
            if o is None and n not in st.cities:
                return False
            if friends is None:
                friends = _maturity_friends(st, seat)
            if st.cities.get(n, o) not in friends:
                if o is not None and _any_control_matures(st, seat):
                    continue  # Sydney Opera House: rival control tokens count too
                return False
    return True


def _any_control_matures(st: GameState, seat: int) -> bool:
    from . import hooks

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


def within(st: GameState, starts: Iterable[int], n: int) -> set[int]:
    """Spaces within ``n`` steps of any start, counting through every space."""
    nbrs = st.board.nbrs
    seen = set(starts)
    frontier = list(seen)
    for _ in range(n):
        nxt = []
        for s in frontier:
            for t in nbrs[s]:
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        frontier = nxt
    return seen


def unused_control(st: GameState, seat: int) -> int:
    # ``box:<component>`` flags: a rules scenario's own piece count for this player (never in play).
    flags = st.players[seat].flags
    total = flags["box:control_tokens"] if "box:control_tokens" in flags else \
        content_for(st).ruleset.components["control_tokens"]
    on_map = sum(1 for s, o in st.ctl.items() if o == seat and s not in st.district)
    claimed = sum(1 for seats in st.claims.values() for p in seats if p == seat)
    return total - on_map - claimed


def unused_cities(st: GameState, seat: int) -> int:
    flags = st.players[seat].flags
    total = flags["box:cities"] if "box:cities" in flags else content_for(st).ruleset.components["cities"]
    return total - sum(1 for o in st.cities.values() if o == seat)


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


def control_reason(st: GameState, seat: int, s: int, max_diff: int | None) -> str | None:
    """Whether a control token (or district) may be placed on ``s``, apart from adjacency."""
    b = st.board
    if b.is_water[s]:
        return "control tokens cannot be placed on water"
    if b.is_fort[s]:
        return "control tokens cannot be placed on a fort"
    if max_diff is not None and difficulty(st, s) > max_diff and _easier(st, seat, s) > max_diff:
        return f"{terrain_name(st, s)} has difficulty {difficulty(st, s)}, above the slot {max_diff}"
    if s in st.cities:
        return "the space holds a city"
    if s in st.cs_at:
        return "the space holds a city-state"
    if s in st.ctl:
        return "the space already holds a control token"
    if barb_at(st, s) is not None:
        return "the space holds a barbarian"
    if rival_army_at(st, seat, s):
        return "the space holds a rival army"
    return None


def figure_home(st: GameState, seat: int, kind: str, idx: int) -> None:
    """Return a figure to its card (destroyed or back from a trade)."""
    ps = st.players[seat]
    if kind == "army":
        ps.armies[idx] = ON_CARD
    else:
        ps.caravans[idx] = ON_CARD


def defeat_figures_at(st: GameState, s: int, except_seat: int) -> None:
    """All armies and caravans of other seats on the space return to their cards."""
    for p, ps in enumerate(st.players):
        if p == except_seat:
            continue
        for i, at in enumerate(ps.armies):
            if at == s:
                ps.armies[i] = ON_CARD
        for i, at in enumerate(ps.caravans):
            if at == s:
                ps.caravans[i] = ON_CARD


def coord(st: GameState, s: int) -> str:
    from .cards import coord_texts

    return coord_texts(st)[s]
