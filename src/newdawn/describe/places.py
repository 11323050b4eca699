"""Places by name: a space of the map as a player would name it, never by its coordinates.

A space is named by its terrain and the nearest landmark: a city-state, a natural wonder or a
capital ("the hills beside Seoul", "the forest north-east of Seat 2's capital"). A landmark's
own space is named by the landmark ("Seoul", "Mount Everest"). Where two spaces would share a
name, the direction is added, then the distance ("the hills two spaces north of Seoul"), so
that each space of a map has a name of its own. The names of a map are built once: they
change only when the map does (a tile explored, a capital placed), and are kept per board.

Every sentence and label of the table names a space through ``names.py`` (``space_text``,
``terrain_text``, ``short_space``), which use these; the log entries and options also carry
the space ids, so the table highlights the place itself (it never reads the words). The
coordinates stay in the debug view (``names.coord_of``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from ..engine import Board, GameState, content_for

TERRAIN: Final = {
    "grassland": "grassland", "hills": "hills", "forest": "forest", "desert": "desert",
    "mountain": "mountain", "water": "water", "natural_wonder": "natural wonder",
}
_NUMBER: Final = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_DIRECTIONS: Final = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")
"""Compass words for the screen's directions (y grows downwards), every 45 degrees from east."""


@dataclass(frozen=True, slots=True)
class Place:
    """A space's name in parts: ``terrain`` ("hills"), ``where`` ("beside Seoul", "" for a
    landmark's own space) and, for a landmark's space, ``landmark`` ("Seoul")."""

    terrain: str
    where: str
    landmark: str

    @property
    def name(self) -> str:
        """"the hills beside Seoul", or the landmark ("Seoul")."""
        if self.landmark:
            return self.landmark
        return f"the {self.terrain} {self.where}".rstrip()

    @property
    def short(self) -> str:
        """"hills beside Seoul", or the landmark: for buttons."""
        if self.landmark:
            return self.landmark
        return f"{self.terrain} {self.where}".rstrip()


_CACHE: dict[int, tuple[Board, tuple[object, ...], list[Place]]] = {}
_CACHE_SIZE: Final = 64


def place(st: GameState, s: int) -> Place:
    """The name of space ``s`` on ``st``'s map."""
    return places(st)[s]


def place_name(st: GameState, s: int) -> str:
    """"the hills beside Seoul" ("a space" for an id off the map)."""
    return place(st, s).name if 0 <= s < st.board.n else "a space"


def places(st: GameState) -> list[Place]:
    """Every space's name, built once per map (and per set of capitals and city-states)."""
    b = st.board
    key = (tuple(st.capitals), tuple(sorted(st.cs_at.items())))
    got = _CACHE.get(id(b))
    if got is not None and got[0] is b and got[1] == key:
        return got[2]
    names = _build(st)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[id(b)] = (b, key, names)
    return names


def _landmarks(st: GameState) -> list[tuple[int, int, str]]:
    """(priority, space, name) of every landmark: city-states, natural wonders, capitals."""
    c = content_for(st)
    b = st.board
    out: list[tuple[int, int, str]] = []
    for s, cs in st.cs_at.items():
        rec = c.city_states.get(cs)
        out.append((0, s, rec.name if rec is not None else cs.replace("_", " ")))
    for s in range(b.n):
        p = b.printed[s]
        nw = getattr(p, "natural_wonder", None) if p is not None else None
        if b.terrain[s] == "natural_wonder" and nw:
            rec_nw = c.natural_wonders.get(nw)
            out.append((1, s, rec_nw.name if rec_nw is not None else nw.replace("_", " ")))
    for seat, s in enumerate(st.capitals):
        if 0 <= s < b.n:
            out.append((2, s, f"Seat {seat + 1}'s capital"))
    return sorted(x for x in out if 0 <= x[1] < b.n)


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _direction(frm: tuple[int, int], to: tuple[int, int]) -> str:
    """The compass direction from ``frm`` to ``to`` on the screen (pointy-top hexes)."""
    x = math.sqrt(3) * ((to[0] - frm[0]) + (to[1] - frm[1]) / 2)
    y = 1.5 * (to[1] - frm[1])
    k = round(math.atan2(y, x) / (math.pi / 4)) % 8
    return _DIRECTIONS[k]


def _count(n: int) -> str:
    return _NUMBER[n] if n < len(_NUMBER) else str(n)


def _build(st: GameState) -> list[Place]:
    b = st.board
    marks = _landmarks(st)
    own = {s: name for _, s, name in marks}
    centre = (0, 0)
    # Each space's candidate names, from the shortest: the first one no other space shares wins.
    options: list[list[str]] = []
    for s in range(b.n):
        at = b.coords[s]
        if s in own:
            options.append([own[s]])
            continue
        terr = TERRAIN.get(b.terrain[s], b.terrain[s].replace("_", " "))
        if b.is_fort[s]:
            terr = "fort"
        if not marks:
            d = _direction(centre, at)
            options.append([f"{terr}|in the {d} of the map", f"{terr}|{_count(_distance(centre, at))} spaces "
                            f"{d} of the map's centre"])
            continue
        _, m, name = min(marks, key=lambda x: (_distance(at, b.coords[x[1]]), x[0], x[1]))
        dist = _distance(at, b.coords[m])
        d = _direction(b.coords[m], at)
        steps = f"{_count(dist)} spaces {d} of {name}" if dist > 1 else f"just {d} of {name}"
        first = f"{terr}|beside {name}" if dist == 1 else f"{terr}|{d} of {name}"
        second = f"{terr}|{d} of {name}" if dist == 1 else f"{terr}|{steps}"
        options.append([first, second, f"{terr}|{steps}"])
    counts: dict[str, int] = {}
    for opts in options:
        for o in opts:
            counts[o] = counts.get(o, 0) + 1
    out: list[Place] = []
    for s, opts in enumerate(options):
        if s in own:
            out.append(Place(TERRAIN.get(b.terrain[s], b.terrain[s]), "", own[s]))
            continue
        pick = next((o for o in opts if counts[o] == 1), opts[-1])
        terr, _, where = pick.partition("|")
        out.append(Place(terr, where, ""))
    return out


def hex_text(st: GameState, q: int, r: int) -> str:
    """Where a hex lies that may be off the map (a tile's anchor, a fort spot, a water token), as
    a phrase of place: "on the hills beside Seoul" when it is a space of the map, else from the
    nearest landmark ("just west of Seoul", "two spaces west of Seoul")."""
    s = st.board.index.get((q, r))
    if s is not None:
        return f"on {place_name(st, s)}"
    marks = _landmarks(st)
    b = st.board
    if not marks:
        return f"in the {_direction((0, 0), (q, r))} of the map"
    _, m, name = min(marks, key=lambda x: (_distance((q, r), b.coords[x[1]]), x[0], x[1]))
    dist = _distance((q, r), b.coords[m])
    d = _direction(b.coords[m], (q, r))
    return f"just {d} of {name}" if dist == 1 else f"{_count(dist)} spaces {d} of {name}"
