"""Axial hex coordinates, pointy-top, screen y down (see ``reference/tiles.md`` §2).

``q`` grows east, ``r`` grows south-east. Direction ``d`` (0..5) is ``DIRS[d]``; its opposite
is ``(d + 3) % 6``. Rotating 60° clockwise on screen maps ``(q, r)`` to ``(-r, q + r)``.
"""

from __future__ import annotations

from typing import Final

Coord = tuple[int, int]

DIRS: Final[tuple[Coord, ...]] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Neighbour offsets by direction index: E, NE, NW, W, SW, SE."""


def add(a: Coord, b: Coord) -> Coord:
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Coord, b: Coord) -> Coord:
    return (a[0] - b[0], a[1] - b[1])


def rotate(c: Coord, k: int) -> Coord:
    """Rotate ``c`` about the origin by ``k`` × 60° clockwise (``k`` taken mod 6)."""
    q, r = c
    for _ in range(k % 6):
        q, r = -r, q + r
    return (q, r)


def mirror(c: Coord) -> Coord:
    """Reflect in the vertical line through the origin (side A → side B of a tile)."""
    q, r = c
    return (-q - r, r)


def neighbours(c: Coord) -> tuple[Coord, ...]:
    """The six neighbours of ``c`` in ``DIRS`` order."""
    q, r = c
    return ((q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1))


def distance(a: Coord, b: Coord) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction(a: Coord, b: Coord) -> int:
    """Direction index from ``a`` to its neighbour ``b``, or -1 if they are not adjacent."""
    d = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRS.index(d)
    except ValueError:
        return -1
