"""The map: an immutable :class:`Board` built from a sequence of :class:`Placement` records.

A placement is a map tile (printed number, side, rotation ``k`` and translation ``t``), a fort
token or a water token. Space ``j`` of a tile lands at ``rotate(local_j, k) + t`` where
``local_j`` is the space's (q, r) on the side in use (see ``reference/tiles.md`` §7). Fort and
water tokens cover a single hex.

Space ids are assigned in placement order (a tile's ten spaces in ``TileSpace.index`` order),
so existing ids never change when the map grows. All per-space facts are plain tuples indexed
by space id, precomputed once per board, so the hot loop does tuple lookups only.

The placement-search helpers (:func:`fort_positions`, :func:`tile_placements`,
:func:`enclosed_holes`) are pure functions used at setup and during exploration.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..content.schema import TileDef, TileSpace
from .hexgrid import DIRS, Coord, rotate
from .refusal import Refusal

KIND_TILE: Final = "tile"
KIND_FORT: Final = "fort"
KIND_WATER: Final = "water"
KIND_TERRAIN: Final = "terrain"
"""A single space of a given terrain (rules scenarios): a new space, or, on a space an earlier
placement made, that space's terrain replaced (its printed icons stay). Never in a real game."""
_KINDS: Final = (KIND_TILE, KIND_FORT, KIND_WATER, KIND_TERRAIN)

# Coordinates are packed into one int for the placement searches: key = q * _K + r. The packing
# is additive (key(a + b) == key(a) + key(b)) as long as |r| stays below _K / 2.
_K: Final = 1 << 16
_HALF: Final = _K >> 1
_DIR_KEYS: Final[tuple[int, ...]] = tuple(dq * _K + dr for dq, dr in DIRS)
# Board.bits: rows of _BW bits, one per q, hex (q, r) at bit (q + _BO) * _BW + r + _BO.
_BW: Final = 64
_BO: Final = 32


def _key(q: int, r: int) -> int:
    return q * _K + r


def _unkey(key: int) -> Coord:
    q, r = divmod(key + _HALF, _K)
    return (q, r - _HALF)


@dataclass(frozen=True, slots=True)
class Placement:
    """One item on the map: a tile, a fort token or a water token (or, in rules scenarios, the
    terrain of one space)."""

    kind: str
    """``"tile"``, ``"fort"``, ``"water"`` or ``"terrain"``."""
    tile: int
    """Printed tile number; 0 for fort/water/terrain."""
    side: str
    """``"A"`` or ``"B"``; ``""`` for fort/water; the terrain name for ``"terrain"``."""
    k: int
    """Rotation, 60° clockwise steps 0..5; 0 for fort/water."""
    q: int
    r: int
    """Translation of a tile, or the hex itself for fort/water."""

    @property
    def t(self) -> Coord:
        return (self.q, self.r)

    @staticmethod
    def for_tile(tile: int, side: str, k: int, t: Coord) -> Placement:
        return Placement(KIND_TILE, tile, side, k % 6, t[0], t[1])

    @staticmethod
    def fort(c: Coord) -> Placement:
        return Placement(KIND_FORT, 0, "", 0, c[0], c[1])

    @staticmethod
    def water(c: Coord) -> Placement:
        return Placement(KIND_WATER, 0, "", 0, c[0], c[1])

    @staticmethod
    def terrain_at(c: Coord, terrain: str) -> Placement:
        return Placement(KIND_TERRAIN, 0, terrain, 0, c[0], c[1])

    def to_json(self) -> list[Any]:
        return [self.kind, self.tile, self.side, self.k, self.q, self.r]

    @staticmethod
    def from_json(data: Sequence[Any]) -> Placement:
        kind, tile, side, k, q, r = data
        if kind not in _KINDS:
            raise ValueError(f"unknown placement kind {kind!r}")
        return Placement(str(kind), int(tile), str(side), int(k), int(q), int(r))


def side_spaces(tiledef: TileDef, side: str) -> tuple[TileSpace, ...]:
    """The spaces of one side of a tile, in ``TileSpace.index`` order."""
    spaces = tiledef.sides[side]
    if all(s.index == i for i, s in enumerate(spaces)):
        return spaces
    return tuple(sorted(spaces, key=lambda s: s.index))


def tile_cells(tiledef: TileDef, side: str, k: int, t: Coord) -> tuple[Coord, ...]:
    """Map hexes of the tile's spaces (in index order) when placed with rotation ``k`` at ``t``."""
    tq, tr = t
    return tuple([(q + tq, r + tr) for q, r in _local_cells(tiledef, side, k)])


# (id of the tile definition, side, rotation) -> (that definition, the cells at t = (0, 0))
_CELLS: Final[dict[tuple[int, str, int], tuple[TileDef, tuple[Coord, ...]]]] = {}


def _local_cells(tiledef: TileDef, side: str, k: int) -> tuple[Coord, ...]:
    """:func:`tile_cells` at t = (0, 0) (cached; a hit is accepted only for that very definition
    object)."""
    got = _CELLS.get((id(tiledef), side, k))
    if got is not None and got[0] is tiledef:
        return got[1]
    cells = tuple([rotate((s.q, s.r), k) for s in side_spaces(tiledef, side)])
    if len(_CELLS) > 4096:
        _CELLS.clear()
    _CELLS[(id(tiledef), side, k)] = (tiledef, cells)
    return cells


# id of the tile definition, side -> (that definition, the side's spaces in index order, their
# terrains, which are water, whether one is a capital)
_SIDES: Final[dict[tuple[int, str], tuple[TileDef, tuple[TileSpace, ...], tuple[str, ...], tuple[bool, ...], bool]]] = {}


def _side_facts(tiledef: TileDef, side: str) -> tuple[tuple[TileSpace, ...], tuple[str, ...], tuple[bool, ...], bool]:
    """What a board records of each space of a tile side (cached; a hit is accepted only for that
    very definition object)."""
    got = _SIDES.get((id(tiledef), side))
    if got is not None and got[0] is tiledef:
        return got[1], got[2], got[3], got[4]
    spaces = side_spaces(tiledef, side)
    facts = (spaces, tuple(s.terrain for s in spaces), tuple(s.terrain == "water" for s in spaces),
             any(s.capital for s in spaces))
    if len(_SIDES) > 1024:
        _SIDES.clear()
    _SIDES[(id(tiledef), side)] = (tiledef, *facts)
    return facts


class Board:
    """Immutable map geometry. Build it with :func:`build_board` to share equal boards."""

    __slots__ = (
        "placements", "tiles", "n", "coords", "index", "terrain", "is_fort", "is_water",
        "tile_of", "tile_no", "on_capital_tile", "printed", "nbrs", "nbr_dir", "edge",
        "spaces_of", "_keys", "coastal", "memo", "diff", "box", "bits",
    )

    placements: tuple[Placement, ...]
    tiles: Mapping[int, TileDef]
    n: int
    """Number of spaces."""
    coords: tuple[Coord, ...]
    index: dict[Coord, int]
    """Hex → space id. Treat as read-only."""
    terrain: tuple[str, ...]
    """Printed terrain; ``"forest"`` for a fort, ``"water"`` for a water token."""
    is_fort: tuple[bool, ...]
    coastal: tuple[bool, ...]
    """On the map's edge or next to water (the Explorer agenda)."""
    memo: dict[str, Any]
    diff: tuple[int, ...]
    """Terrain difficulty of each space under the ruleset in use; filled in by the engine."""
    """Values derived from this board by the engine (e.g. difficulty under a ruleset)."""
    is_water: tuple[bool, ...]
    """True only for water *tokens* (hole filling); printed water spaces have terrain water."""
    tile_of: tuple[int, ...]
    """Index into ``placements`` of the placement the space came from."""
    tile_no: tuple[int, ...]
    """Printed tile number; 0 for fort/water."""
    on_capital_tile: tuple[bool, ...]
    printed: tuple[TileSpace | None, ...]
    """The printed space (icons to populate); None for fort/water tokens."""
    nbrs: tuple[tuple[int, ...], ...]
    """Ids of the existing neighbours, in ``DIRS`` order."""
    nbr_dir: tuple[tuple[int, ...], ...]
    """Six entries per space in ``DIRS`` order: neighbour id or -1."""
    edge: tuple[bool, ...]
    """True when the space has fewer than six neighbours on the map."""
    spaces_of: tuple[tuple[int, ...], ...]
    """Space ids of each placement, by placement index."""
    _keys: dict[int, int]
    box: tuple[int, int, int, int]
    """(least q, greatest q, least r, greatest r) of the spaces; all 0 on an empty board."""
    bits: int
    """The spaces as bits: hex (q, r) is bit (q + _BO) * _BW + r + _BO; -1 when a space lies
    outside -_BO <= q, r < _BO (the searches that read it then take their slower way)."""

    def __init__(self, placements: Sequence[Placement], tiles: Mapping[int, TileDef],
                 prev: Board | None = None) -> None:
        """The board of ``placements``. ``prev``, a board of the same ``tiles`` whose placements
        begin ``placements``, is extended instead of building everything again (exploration
        adds one tile at a time); the result is the same."""
        placements = tuple(placements)
        if prev is not None and (prev.tiles is not tiles or prev.placements != placements[:len(prev.placements)]
                                 or any(p.kind == KIND_TERRAIN for p in placements[len(prev.placements):])):
            prev = None  # (a terrain placement may change an old space: built again in full)
        done = len(prev.placements) if prev is not None else 0
        old_n = prev.n if prev is not None else 0
        # The facts of the new spaces (ids old_n and up), appended to prev's below. A terrain
        # placement may change an earlier space; then prev is None and old_n 0, so these lists
        # hold every space.
        coords: list[Coord] = []
        terrain: list[str] = []
        is_fort: list[bool] = []
        is_water: list[bool] = []
        tile_of: list[int] = []
        tile_no: list[int] = []
        on_cap: list[bool] = []
        printed: list[TileSpace | None] = []
        spaces_of: list[tuple[int, ...]] = []
        index: dict[Coord, int] = prev.index.copy() if prev is not None else {}
        keys: dict[int, int] = prev._keys.copy() if prev is not None else {}
        for pi in range(done, len(placements)):
            p = placements[pi]
            first = len(coords)
            if p.kind == KIND_TILE:
                td = tiles[p.tile]
                spaces, terrains, waters, cap = _side_facts(td, p.side)
                tq, tr = p.q, p.r
                coords += [(q + tq, r + tr) for q, r in _local_cells(td, p.side, p.k)]
                terrain += terrains
                is_fort += [False] * len(spaces)
                is_water += waters
                tile_no += [p.tile] * len(spaces)
                on_cap += [cap] * len(spaces)
                printed += spaces
            elif p.kind == KIND_FORT or p.kind == KIND_WATER:
                fort = p.kind == KIND_FORT
                coords.append((p.q, p.r))
                terrain.append("forest" if fort else "water")
                is_fort.append(fort)
                is_water.append(not fort)
                tile_no.append(0)
                on_cap.append(False)
                printed.append(None)
            elif p.kind == KIND_TERRAIN:
                at = index.get((p.q, p.r))
                if at is not None:  # replaces the terrain of an existing space
                    terrain[at] = p.side
                    is_water[at] = p.side == "water"
                    spaces_of.append(())
                    continue
                coords.append((p.q, p.r))
                terrain.append(p.side)
                is_fort.append(False)
                is_water.append(p.side == "water")
                tile_no.append(0)
                on_cap.append(False)
                printed.append(None)
            else:
                raise ValueError(f"unknown placement kind {p.kind!r}")
            for i in range(first, len(coords)):
                c = coords[i]
                if c in index:
                    raise ValueError(f"placement {pi} ({p}) overlaps space {index[c]} at {c}")
                index[c] = old_n + i
                keys[_key(c[0], c[1])] = old_n + i
                tile_of.append(pi)
            spaces_of.append(tuple(range(old_n + first, old_n + len(coords))))

        n = old_n + len(coords)
        get = keys.get
        if prev is None:
            all_coords = tuple(coords)
            nbr_dir: list[tuple[int, ...]] = [()] * n
            nbrs: list[tuple[int, ...]] = [()] * n
            edge: list[bool] = [False] * n
            coastal: list[bool] = [False] * n
            water = tuple(is_water)
            redo: Iterable[int] = range(n)
        else:
            all_coords = prev.coords + tuple(coords)
            pad: list[tuple[int, ...]] = [()] * (n - old_n)
            nbr_dir = [*prev.nbr_dir, *pad]
            nbrs = [*prev.nbrs, *pad]
            edge = [*prev.edge, *([False] * (n - old_n))]
            coastal = [*prev.coastal, *([False] * (n - old_n))]
            water = prev.is_water + tuple(is_water)
            # Only the new spaces and their neighbours gain neighbours (or water next to them).
            touched = set(range(old_n, n))
            for q, r in coords:
                base = q * _K + r
                for dk in _DIR_KEYS:
                    j = get(base + dk, n)
                    if j < old_n:
                        touched.add(j)
            redo = sorted(touched)
        d0, d1, d2, d3, d4, d5 = _DIR_KEYS
        for i in redo:
            q, r = all_coords[i]
            base = q * _K + r
            row = (get(base + d0, -1), get(base + d1, -1), get(base + d2, -1), get(base + d3, -1),
                   get(base + d4, -1), get(base + d5, -1))
            nbr_dir[i] = row
            if -1 in row:
                nbrs[i] = tuple([x for x in row if x >= 0])
                edge[i] = True
            else:
                nbrs[i] = row
                edge[i] = False
        for i in redo:
            wet = edge[i]
            if not wet:
                for j in nbrs[i]:
                    if water[j]:
                        wet = True
                        break
            coastal[i] = wet
        if prev is not None and prev.n:
            bq0, bq1, br0, br1 = prev.box
        elif coords:
            bq0 = bq1 = coords[0][0]
            br0 = br1 = coords[0][1]
        else:
            bq0 = bq1 = br0 = br1 = 0
        bits = prev.bits if prev is not None else 0
        for q, r in coords:
            if bits >= 0:
                if -_BO <= q < _BO and -_BO <= r < _BO:
                    bits |= 1 << ((q + _BO) * _BW + r + _BO)
                else:
                    bits = -1
            if q < bq0:
                bq0 = q
            elif q > bq1:
                bq1 = q
            if r < br0:
                br0 = r
            elif r > br1:
                br1 = r

        self.placements = placements
        self.tiles = tiles
        self.n = n
        self.coords = all_coords
        self.index = index
        if prev is None:
            self.terrain = tuple(terrain)
            self.is_fort = tuple(is_fort)
            self.tile_of = tuple(tile_of)
            self.tile_no = tuple(tile_no)
            self.on_capital_tile = tuple(on_cap)
            self.printed = tuple(printed)
            self.spaces_of = tuple(spaces_of)
        else:
            self.terrain = prev.terrain + tuple(terrain)
            self.is_fort = prev.is_fort + tuple(is_fort)
            self.tile_of = prev.tile_of + tuple(tile_of)
            self.tile_no = prev.tile_no + tuple(tile_no)
            self.on_capital_tile = prev.on_capital_tile + tuple(on_cap)
            self.printed = prev.printed + tuple(printed)
            self.spaces_of = prev.spaces_of + tuple(spaces_of)
        self.is_water = water
        self.nbrs = tuple(nbrs)
        self.nbr_dir = tuple(nbr_dir)
        self.edge = tuple(edge)
        self.coastal = tuple(coastal)
        self.memo: dict[str, Any] = {}
        self.diff: tuple[int, ...] = ()
        self._keys = keys
        self.box = (bq0, bq1, br0, br1)
        self.bits = bits

    def __repr__(self) -> str:
        return f"Board(n={self.n}, placements={len(self.placements)})"

    def with_placement(self, p: Placement) -> Board:
        """A new board with ``p`` added (shared through :func:`build_board`'s cache)."""
        return build_board(self.placements + (p,), self.tiles, self)

    def with_placements(self, ps: Iterable[Placement]) -> Board:
        return build_board(self.placements + tuple(ps), self.tiles, self)

    def space_at(self, c: Coord) -> int:
        """Space id at hex ``c``, or -1."""
        return self.index.get(c, -1)


# --------------------------------------------------------------------------------------------
# Shared boards

_CACHE_MAX: Final = 4096
_cache: Final[dict[tuple[int, int, Placement | None], list[Board]]] = {}
"""Boards by (id of their tiles, number of placements, last placement): hashing that key calls
one placement's ``__hash__`` (Python code), not every placement's; the boards of a key are told
apart by comparing their placements, which share their objects and so mostly compare by
identity."""


def build_board(placements: Sequence[Placement], tiles: Mapping[int, TileDef],
                prev: Board | None = None) -> Board:
    """The board for ``placements``; equal placements with the same ``tiles`` object share one
    Board. The cache is bounded (oldest keys dropped first, eight boards a key) and keyed on
    ``id(tiles)``; a hit is accepted only if the cached board holds that very ``tiles`` object.
    On a miss, ``prev`` (the board before placements were added, if the caller has it) is
    extended rather than rebuilt."""
    pl = tuple(placements)
    key = (id(tiles), len(pl), pl[-1] if pl else None)
    boards = _cache.get(key)
    if boards is None:
        if len(_cache) >= _CACHE_MAX:
            del _cache[next(iter(_cache))]
        boards = _cache[key] = []
    else:
        for b in boards:
            if b.tiles is tiles and b.placements == pl:
                return b
        if len(boards) >= 8:
            del boards[0]
    b = Board(pl, tiles, prev)
    boards.append(b)
    return b


def clear_board_cache() -> None:
    _cache.clear()


# --------------------------------------------------------------------------------------------
# Core


def core_placements(
    tile_ids: Sequence[int], side: str, placements_for_side: Sequence[tuple[int, Coord]]
) -> tuple[Placement, ...]:
    """Placements of the core: tile ``tile_ids[i]`` at ``placements_for_side[i] = (k, (q, r))``."""
    if len(tile_ids) > len(placements_for_side):
        raise ValueError(f"{len(tile_ids)} core tiles but only {len(placements_for_side)} placements")
    return tuple(
        Placement.for_tile(tid, side, int(kt[0]), (int(kt[1][0]), int(kt[1][1])))
        for tid, kt in zip(tile_ids, placements_for_side, strict=False)
    )


def core_board(
    tiles: Mapping[int, TileDef],
    tile_ids: Sequence[int],
    side: str,
    placements_for_side: Sequence[tuple[int, Coord]],
) -> Board:
    """The core board (see :func:`core_placements`)."""
    return build_board(core_placements(tile_ids, side, placements_for_side), tiles)


# --------------------------------------------------------------------------------------------
# Placement searches


def fort_positions(
    board: Board,
    core_ids: frozenset[int],
    fort_coords: set[Coord] | frozenset[Coord],
    min_core: int = 2,
) -> list[Coord]:
    """Empty hexes where a fort token may go (Setup 3g), sorted: the hexes next to a core space
    that ``fort_refusal`` accepts (off the board, adjacent to at least ``min_core`` core
    spaces, not adjacent to a fort or to a space printed with a city-state)."""
    keys = board._keys
    coords = board.coords
    cand: set[int] = set()
    for sid in core_ids:
        q, r = coords[sid]
        base = _key(q, r)
        for dk in _DIR_KEYS:
            if base + dk not in keys:
                cand.add(base + dk)
    fort_keys = {_key(q, r) for q, r in fort_coords}
    out = [_unkey(h) for h in cand if not _fort_fault(board, core_ids, fort_keys, min_core, h)]
    out.sort()
    return out


_FORT_ON_MAP: Final = 1
_FORT_PLANNED: Final = 2
_FORT_FEW_CORE: Final = 3
_FORT_NEXT_FORT: Final = 4
_FORT_NEXT_CITY_STATE: Final = 5


def _fort_fault(board: Board, core_ids: frozenset[int], fort_keys: set[int], min_core: int, h: int) -> int:
    """0 when a fort token may go on the packed hex ``h`` (Setup 3g), else the first rule it
    breaks (``_FORT_*``); :func:`fort_refusal` words it. ``fort_keys``: the planned forts."""
    keys = board._keys
    if h in keys:
        return _FORT_ON_MAP
    if h in fort_keys:
        return _FORT_PLANNED
    touching = 0
    for dk in _DIR_KEYS:
        if keys.get(h + dk) in core_ids:
            touching += 1
    if touching < min_core:
        return _FORT_FEW_CORE
    for dk in _DIR_KEYS:
        nk = h + dk
        nid = keys.get(nk)
        if nk in fort_keys or (nid is not None and board.is_fort[nid]):
            return _FORT_NEXT_FORT
        if nid is not None:
            ps = board.printed[nid]
            if ps is not None and ps.city_state:
                return _FORT_NEXT_CITY_STATE
    return 0


def fort_refusal(
    board: Board,
    core_ids: frozenset[int],
    fort_coords: set[Coord] | frozenset[Coord],
    min_core: int,
    c: Coord,
) -> Refusal | None:
    """Why a fort token may not go on hex ``c`` (Setup 3g), or None if it may."""
    h = _key(*c)
    fault = _fort_fault(board, core_ids, {_key(q, r) for q, r in fort_coords}, min_core, h)
    if fault == _FORT_ON_MAP:  # a fort goes on an empty hex beside the core tiles
        return Refusal("fort_on_map", hex=c, space=board._keys.get(h, -1))
    if fault == _FORT_PLANNED:
        return Refusal("fort_planned", hex=c)
    if fault == _FORT_FEW_CORE:
        touching = sum(1 for dk in _DIR_KEYS if board._keys.get(h + dk) in core_ids)
        return Refusal("fort_few_core", hex=c, number=touching, limit=min_core)
    if fault == _FORT_NEXT_FORT:
        return Refusal("fort_next_fort", hex=c)
    if fault == _FORT_NEXT_CITY_STATE:
        return Refusal("fort_next_city_state", hex=c)
    return None


# (id of the tile definition, side, rotation) -> (that definition, cells, halo, halo set)
_SHAPES: Final[dict[tuple[int, str, int], tuple[TileDef, tuple[int, ...], tuple[int, ...], frozenset[int]]]] = {}


def _shape(tiledef: TileDef, side: str, k: int) -> tuple[tuple[int, ...], tuple[int, ...], frozenset[int]]:
    """Packed cells of the tile at t = (0, 0), and the packed halo (hexes adjacent to the shape,
    not in it) sorted and as a set. Cached: the searches of exploration ask it again and again
    (a hit is accepted only for that very definition object)."""
    got = _SHAPES.get((id(tiledef), side, k))
    if got is not None and got[0] is tiledef:
        return got[1], got[2], got[3]
    cells = tuple(_key(*rotate((s.q, s.r), k)) for s in side_spaces(tiledef, side))
    cs = set(cells)
    halo = {c + dk for c in cells for dk in _DIR_KEYS} - cs
    halo_t = tuple(sorted(halo))
    if len(_SHAPES) > 4096:
        _SHAPES.clear()
    _SHAPES[(id(tiledef), side, k)] = (tiledef, cells, halo_t, frozenset(halo_t))
    return cells, halo_t, frozenset(halo_t)


def touched_spaces(board: Board, tiledef: TileDef, side: str, k: int, t: Coord) -> set[int]:
    """The spaces of ``board`` next to the tile placed with side ``side``, rotation ``k`` at
    ``t`` (a placement off the board, as ``tile_placements`` gives them)."""
    _cells, halo_t, _halo = _shape(tiledef, side, k)
    keys = board._keys
    base = _key(*t)
    out: set[int] = set()
    for h in halo_t:
        s = keys.get(h + base)
        if s is not None:
            out.add(s)
    return out


def tile_placements(
    board: Board,
    tiledef: TileDef,
    *,
    min_touch: int,
    counted: frozenset[int] | None = None,
    must_touch: int | None = None,
    sides: Sequence[str] = ("A", "B"),
) -> list[tuple[str, int, Coord]]:
    """Every legal ``(side, k, t)`` for ``tiledef`` on ``board``, sorted.

    Legal: the ten cells are all off the board; the number of distinct existing spaces adjacent to
    the new cells is at least ``min_touch``, counting only spaces in ``counted`` when given; and,
    when ``must_touch`` is given, that space is among the touched ones. ``min_touch`` is assumed
    to be at least 1 on a non-empty board.

    With ``must_touch``, the translations tried are those that put a cell on a free neighbour of
    that space; otherwise all translations are searched at once with bit sets (:func:`_bit_search`).
    """
    if board.n == 0:
        if min_touch > 0 or must_touch is not None:
            return []
        return sorted((sd, k, (0, 0)) for sd in sides if sd in tiledef.sides for k in range(6))
    if must_touch is None:
        return _bit_search(board, tiledef, min_touch, counted, sides)
    keys = board._keys
    coords = board.coords
    if counted is not None:
        touchable: set[int] | dict[int, int] = {_key(*coords[sid]) for sid in counted}
    else:
        touchable = keys
    if counted is None and board.bits >= 0:
        got = _window_search(board, tiledef, min_touch, must_touch, sides)
        if got is not None:
            return got
    mt_key = _key(*coords[must_touch])
    # its free neighbours f, each with the step g from f back to the space
    free = [(mt_key + dk, -dk) for dk in _DIR_KEYS if mt_key + dk not in keys]
    out: list[tuple[str, int, Coord]] = []
    for side in sides:
        if side not in tiledef.sides:
            continue
        for k in range(6):
            cells, halo_t, halo = _shape(tiledef, side, k)
            # a cell c on a free neighbour f, the space itself not under a cell: t = f - c
            cands: Iterable[int]
            if len(free) == 1:
                f, g = free[0]
                cands = [f - c for c in cells if c + g in halo]
            else:
                cands = {f - c for f, g in free for c in cells if c + g in halo}
            for t in cands:
                clash = False
                for c in cells:
                    if c + t in keys:
                        clash = True
                        break
                if clash:
                    continue
                n_touch = 0
                for h in halo_t:
                    if h + t in touchable:
                        n_touch += 1
                        if n_touch >= min_touch:
                            break  # enough: the count is only compared with min_touch
                if n_touch < min_touch:
                    continue
                out.append((side, k, _unkey(t)))
    out.sort()
    return out


def _window_search(board: Board, tiledef: TileDef, min_touch: int, must_touch: int,
                   sides: Sequence[str]) -> list[tuple[str, int, Coord]] | None:
    """:func:`tile_placements` with ``must_touch`` and every space counted, with bit sets over
    the window of hexes within 2 * reach (in q and in r) of that space M, where every cell and
    halo hex of a placement touching M lies; None when the window leaves ``Board.bits``.

    Window bit (dq + W) * s + dr + W is hex M + (dq, dr) (W = 2 * reach, s = 2 * W + 1). A
    translation t = M + (tq, tr), |tq|, |tr| <= reach, is bit u = (tq + reach) * s + tr + reach of
    the masks of :func:`_window_shape`: the window shifted right by a cell's offset has bit u set
    when that cell of t is on a space, and the halo hexes of t on spaces are the window shifted
    right by u under the halo mask. The translations with M in their halo are the candidates."""
    reach = _reach(tiledef)
    w = 2 * reach
    s = 2 * w + 1
    mq, mr = board.coords[must_touch]
    if not (-_BO <= mq - w < mq + w < _BO and -_BO <= mr - w < mr + w < _BO):
        return None
    bits = board.bits
    row = (1 << s) - 1
    base = (mq - w + _BO) * _BW + mr - w + _BO
    win = 0
    for i in range(s):
        win |= ((bits >> (base + i * _BW)) & row) << (i * s)
    out: list[tuple[str, int, Coord]] = []
    for side in sides:
        if side not in tiledef.sides:
            continue
        for k in range(6):
            offsets, cands, halo = _window_shape(tiledef, side, k, reach)
            clash = 0
            for o in offsets:
                clash |= win >> o
            found = cands & ~clash
            while found:
                low = found & -found
                found ^= low
                u = low.bit_length() - 1
                if ((win >> u) & halo).bit_count() >= min_touch:
                    tq, tr = divmod(u, s)
                    out.append((side, k, (mq + tq - reach, mr + tr - reach)))
    out.sort()
    return out


# (id of the tile definition, side, rotation) -> (that definition, its window masks)
_WINDOW: Final[dict[tuple[int, str, int], tuple[TileDef, tuple[tuple[int, ...], int, int]]]] = {}


def _window_shape(tiledef: TileDef, side: str, k: int, reach: int) -> tuple[tuple[int, ...], int, int]:
    """For :func:`_window_search` (``reach`` is ``_reach(tiledef)``): the cells' offsets
    ((q + reach) * s + r + reach), the candidates' mask (the translations that put a halo hex
    on the origin: bit (reach - q) * s + reach - r for each halo hex) and the halo's mask (bit
    (q + reach) * s + r + reach). Cached like :func:`_shape`."""
    got = _WINDOW.get((id(tiledef), side, k))
    if got is not None and got[0] is tiledef:
        return got[1]
    # hex (q, r) as q * s + r: additive, as |r| <= reach stays below s / 2
    s = 4 * reach + 1
    centre = reach * s + reach
    cells = [q * s + r for q, r in _local_cells(tiledef, side, k)]
    halo = {c + dq * s + dr for c in cells for dq, dr in DIRS}.difference(cells)
    cands = halo_mask = 0
    for h in halo:
        cands |= 1 << (centre - h)
        halo_mask |= 1 << (centre + h)
    masks = (tuple([centre + c for c in cells]), cands, halo_mask)
    if len(_WINDOW) > 4096:
        _WINDOW.clear()
    _WINDOW[(id(tiledef), side, k)] = (tiledef, masks)
    return masks


def _reach(tiledef: TileDef) -> int:
    """The largest |q| or |r| of a cell or halo hex of the tile at t = (0, 0), any side and
    rotation: its cells' largest hex distance from the origin plus one (rotations keep hex
    distances, and turn a hex at distance d to one with |q| = d)."""
    far = 0
    for spaces in tiledef.sides.values():
        for s in spaces:
            far = max(far, abs(s.q), abs(s.r), abs(s.q + s.r))
    return far + 1


def _bit_search(board: Board, tiledef: TileDef, min_touch: int, counted: frozenset[int] | None,
                sides: Sequence[str]) -> list[tuple[str, int, Coord]]:
    """:func:`tile_placements` without ``must_touch``, on a non-empty board.

    Hexes of a box around the map are bits of ints: (q, r) is bit (q - q0) * w + r - r0, and the
    box is wide enough (a margin of twice the tile's reach) that a translation t plus a cell or
    halo hex never wraps into another row. So "t + h is a counted space" for all t at once is
    the counted bits shifted right by h's bit offset; the halo's shifted sets are counted up to
    ``need`` with one int per level (level j: the translations covered at least j + 1 times);
    the clashes are the occupied bits shifted by each cell's offset. A counted space next to a
    cell of a placement without a clash is a space the placement touches, and only those."""
    need = max(min_touch, 1)
    m = 2 * _reach(tiledef) + 1
    bq0, bq1, br0, br1 = board.box
    q0 = bq0 - m
    r0 = br0 - m
    w = br1 - br0 + 2 * m + 1
    lift = (m + 1) * w  # every offset of a cell or halo hex is above -lift: shifts stay right shifts
    size = (bq1 - q0 + 1) * w
    occ = _bit_set(board.coords, size, w, -q0 * w - r0)
    if counted is None:
        touch = occ
    else:
        coords = board.coords
        touch = _bit_set([coords[sid] for sid in counted], size, w, -q0 * w - r0)
    occ <<= lift
    touch <<= lift
    out: list[tuple[str, int, Coord]] = []
    for side in sides:
        if side not in tiledef.sides:
            continue
        for k in range(6):
            cells, halo = _offsets(tiledef, side, k)
            found = _covered(touch, lift, w, halo, need)
            for dq, dr in cells:
                if not found:
                    break
                found &= ~(occ >> (lift + dq * w + dr))
            while found:
                low = found & -found
                found ^= low
                tq, tr = divmod(low.bit_length() - 1, w)
                out.append((side, k, (tq + q0, tr + r0)))
    out.sort()
    return out


def _covered(bits: int, lift: int, w: int, halo: tuple[Coord, ...], need: int) -> int:
    """The translations (bits, as in :func:`_bit_search`) whose ``halo`` covers at least ``need``
    (at least 1) of the hexes ``bits`` (shifted up by ``lift``): one int per count, raised from
    the level below by each shifted set."""
    if need > 4:
        levels = [0] * need
        for dq, dr in halo:
            x = bits >> (lift + dq * w + dr)
            for j in range(need - 1, 0, -1):
                levels[j] |= levels[j - 1] & x
            levels[0] |= x
        return levels[-1]
    l1 = l2 = l3 = l4 = 0  # the same with the four levels of the usual counts in locals
    for dq, dr in halo:
        x = bits >> (lift + dq * w + dr)
        l4 |= l3 & x
        l3 |= l2 & x
        l2 |= l1 & x
        l1 |= x
    return (l1, l2, l3, l4)[need - 1]


# (id of the tile definition, side, rotation) -> (that definition, cells, halo), as (q, r) pairs
_OFFSETS: Final[dict[tuple[int, str, int], tuple[TileDef, tuple[Coord, ...], tuple[Coord, ...]]]] = {}


def _offsets(tiledef: TileDef, side: str, k: int) -> tuple[tuple[Coord, ...], tuple[Coord, ...]]:
    """:func:`_shape`'s cells and halo as (q, r) pairs (cached likewise)."""
    got = _OFFSETS.get((id(tiledef), side, k))
    if got is not None and got[0] is tiledef:
        return got[1], got[2]
    cells, halo_t, _halo = _shape(tiledef, side, k)
    pairs = (tuple(map(_unkey, cells)), tuple(map(_unkey, halo_t)))
    if len(_OFFSETS) > 4096:
        _OFFSETS.clear()
    _OFFSETS[(id(tiledef), side, k)] = (tiledef, *pairs)
    return pairs


def _bit_set(cells: Iterable[Coord], size: int, h: int, origin: int) -> int:
    """The int with bit ``q * h + r + origin`` set for each (q, r) of ``cells`` (all below bit
    ``size``): written as a binary numeral, highest bit first, that int() reads, which costs
    less than one big-int OR per cell."""
    digits = bytearray(b"0") * size
    top = size - 1 - origin  # the numeral's index of hex (0, 0)
    for q, r in cells:
        digits[top - q * h - r] = 49  # "1"
    return int(digits, 2)


def enclosed_holes(board: Board) -> list[Coord]:
    """Empty hexes cut off from the outside of the map (flood fill through empty hexes from the
    border of the bounding box padded by one), sorted.

    The box is one int used as a bit set: hex (q, r) is bit ((q - q0 + 1) * h + r - r0 + 1),
    with a frame of blocked bits around it, so that the six neighbour steps are shifts by
    h, h - 1 and 1 (both ways) that never leave the box; each round of the fill is six shifts."""
    if board.n == 0:
        return []
    q0, q1, r0, r1 = board.box
    q0 -= 1
    q1 += 1
    r0 -= 1
    r1 += 1
    h = r1 - r0 + 3
    w = q1 - q0 + 3
    col = ((1 << (h - 2)) - 1) << 1  # the rows inside the frame, in column 0
    # bit 0 of the columns inside the frame (1 .. w - 2): times a column's bits, those bits in each
    cols = ((1 << ((w - 1) * h)) - (1 << h)) // ((1 << h) - 1)
    box = col * cols
    free = box & ~_bit_set(board.coords, w * h, h, (1 - q0) * h + 1 - r0)
    ring = (col << h) | (col << ((w - 2) * h)) | ((2 | 1 << (h - 2)) * cols)
    out = free & ring  # the padded border is all empty: the outside
    d = h - 1
    while True:
        grown = out | (((out << h) | (out >> h) | (out << d) | (out >> d) | (out << 1) | (out >> 1)) & free)
        if grown == out:
            break
        out = grown
    holes = free & ~out
    found: list[Coord] = []
    while holes:
        low = holes & -holes
        j, i = divmod(low.bit_length() - 1, h)
        found.append((q0 + j - 1, r0 + i - 1))
        holes ^= low
    return found
