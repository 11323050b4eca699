"""Board geometry: hexgrid, placements, core layout P1, fort/tile placement search, holes."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from newdawn.content.schema import TileDef, TileSpace
from newdawn.engine.board import (
    Board,
    Placement,
    build_board,
    core_board,
    core_placements,
    enclosed_holes,
    fort_positions,
    tile_cells,
    tile_placements,
)
from newdawn.engine.hexgrid import DIRS, Coord, add, distance, mirror, neighbours, rotate
from spec_paths import require_shared


def _kind(spaces: list[dict[str, Any]]) -> str:
    if any(s["capital"] for s in spaces):
        return "capital"
    if any(s["city_state"] for s in spaces):
        return "city_state"
    if any(s["natural_wonder"] for s in spaces):
        return "natural_wonder"
    return "plain"


@cache
def _tiles() -> Mapping[int, TileDef]:
    raw = json.loads((require_shared("reference") / "tiles.json").read_text())
    out: dict[int, TileDef] = {}
    for t in raw["tiles"]:
        sides: dict[str, tuple[TileSpace, ...]] = {}
        for name, sd in t["sides"].items():
            sides[name] = tuple(
                TileSpace(
                    index=s["index"], q=s["q"], r=s["r"], terrain=s["terrain"],
                    resource=s["resource"], natural_wonder=s["natural_wonder"],
                    barbarian=s["barbarian"], city_state=s["city_state"],
                    capital=bool(s["capital"]), confidence=s.get("agreement", "high"),
                )
                for s in sorted(sd["spaces"], key=lambda s: s["index"])
            )
        out[t["id"]] = TileDef(
            id=t["id"], box="base" if t["id"] <= 16 else "ti",
            kind=_kind(t["sides"]["A"]["spaces"]), sides=sides,
        )
    return out


@cache
def _layouts() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((require_shared("reference") / "core_layouts.json").read_text())
    return data


def _p1(side: str) -> list[tuple[int, Coord]]:
    return [(k, (q, r)) for k, (q, r) in _layouts()["P1"][f"placements_{side}"]]


@pytest.fixture
def tiles() -> Mapping[int, TileDef]:
    return _tiles()


def _touched(board: Board, cells: tuple[Coord, ...], counted: frozenset[int] | None = None) -> set[int]:
    out: set[int] = set()
    for c in cells:
        for nb in neighbours(c):
            sid = board.index.get(nb)
            if sid is not None and (counted is None or sid in counted):
                out.add(sid)
    return out


# --------------------------------------------------------------------------- hexgrid


def test_rotation_order_six_and_convention() -> None:
    for c in [(1, 0), (0, -1), (1, -3), (2, 5), (-3, 1)]:
        assert rotate(c, 6) == c
        assert rotate(c, 0) == c
        assert rotate(c, 1) == (-c[1], c[0] + c[1])
        assert rotate(c, 7) == rotate(c, 1)
        assert rotate(c, -1) == rotate(c, 5)
        assert len({rotate(c, k) for k in range(6)}) == 6
        assert distance(rotate(c, 2), (0, 0)) == distance(c, (0, 0))
    # rotating a direction by 60 deg clockwise gives the "previous" DIRS entry (y down)
    for d in range(6):
        assert rotate(DIRS[d], 1) == DIRS[(d - 1) % 6]
    assert rotate((1, 0), 1) == (0, 1)  # east -> south-east


def test_neighbours_distance() -> None:
    assert neighbours((0, 0)) == DIRS
    for d in range(6):
        assert add(DIRS[d], DIRS[(d + 3) % 6]) == (0, 0)
        assert distance((0, 0), DIRS[d]) == 1
    assert distance((0, 0), (1, -3)) == 3
    assert distance((2, 1), (-1, 2)) == 3


def test_side_a_shape_and_side_b_mirror(tiles: Mapping[int, TileDef]) -> None:
    a_local = [(0, 0), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (1, -2), (0, -2), (1, -3)]
    b_local = [(0, 0), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -2), (2, -2), (2, -3)]
    assert len(tiles) == 21
    for td in tiles.values():
        a = [(s.q, s.r) for s in td.sides["A"]]
        b = [(s.q, s.r) for s in td.sides["B"]]
        assert a == a_local
        assert b == b_local
        assert b == [mirror(c) for c in a]
    # chirality: no rotation + translation maps side A onto side B
    def norm(cells: tuple[Coord, ...]) -> frozenset[Coord]:
        m = min(cells)
        return frozenset((c[0] - m[0], c[1] - m[1]) for c in cells)

    a_norm = norm(tile_cells(tiles[1], "A", 0, (0, 0)))
    assert all(norm(tile_cells(tiles[1], "B", k, (0, 0))) != a_norm for k in range(6))
    shapes_a = {frozenset(tile_cells(tiles[1], "A", k, (0, 0))) for k in range(6)}
    assert len(shapes_a) == 6


# --------------------------------------------------------------------------- placement / board


def test_placement_json_roundtrip() -> None:
    ps = [
        Placement.for_tile(7, "B", 4, (-3, 2)),
        Placement.fort((5, -1)),
        Placement.water((0, 9)),
        Placement("tile", 1, "A", 3, 0, 0),
    ]
    for p in ps:
        j = json.loads(json.dumps(p.to_json()))
        assert j == [p.kind, p.tile, p.side, p.k, p.q, p.r]
        assert Placement.from_json(j) == p
        assert hash(Placement.from_json(j)) == hash(p)
    assert Placement.fort((1, 2)).to_json() == ["fort", 0, "", 0, 1, 2]
    with pytest.raises(ValueError):
        Placement.from_json(["castle", 0, "", 0, 0, 0])


def test_p1_core_cells(tiles: Mapping[int, TileDef]) -> None:
    lay = _layouts()["P1"]
    for side in ("A", "B"):
        b = core_board(tiles, [1, 6, 2, 12], side, _p1(side))
        assert b.n == 40
        assert len(set(b.coords)) == 40
        for i in range(4):
            want = [tuple(c) for c in lay[f"cells_{side}"][f"T{i + 1}"]]
            got = [b.coords[s] for s in b.spaces_of[i]]
            assert got == want
            assert b.spaces_of[i] == tuple(range(10 * i, 10 * i + 10))
        assert b.tile_no == tuple(t for t in (1, 6, 2, 12) for _ in range(10))
        assert b.tile_of == tuple(i for i in range(4) for _ in range(10))
        assert enclosed_holes(b) == []
    # the 2-tile core is the first two placements
    b2 = core_board(tiles, [1, 6], "A", _p1("A"))
    assert b2.n == 20
    assert b2.placements == core_placements([1, 6, 2, 12], "A", _p1("A"))[:2]


def test_p1_drawing_side_a(tiles: Mapping[int, TileDef]) -> None:
    # spot checks against the drawing in tiles.md §7: 1.0 right of 1.5, 1.2 right of 1.0, ...
    b = core_board(tiles, [1, 2, 3, 4], "A", _p1("A"))

    def at(tile: int, space: int) -> Coord:
        return b.coords[b.spaces_of[tile - 1][space]]

    assert add(at(1, 5), (1, 0)) == at(1, 0)
    assert add(at(1, 0), (1, 0)) == at(1, 2)
    assert add(at(1, 2), (1, 0)) == at(2, 1)
    assert add(at(2, 1), (1, 0)) == at(2, 6)
    assert add(at(2, 3), (1, 0)) == at(2, 4)
    assert add(at(2, 4), (1, 0)) == at(4, 9)
    assert add(at(1, 9), (1, 0)) == at(3, 4)
    assert add(at(3, 7), (1, 0)) == at(3, 8)
    # 2.9 is alone on the top row, above-right of 2.8
    assert add(at(2, 8), (1, -1)) == at(2, 9)
    # space 9 of tile 1 at the bottom of tile 1 (label upright)
    assert at(1, 9)[1] == max(at(1, j)[1] for j in range(10))


def test_p1_touch_counts(tiles: Mapping[int, TileDef]) -> None:
    for side in ("A", "B"):
        pls = core_placements([1, 6, 2, 12], side, _p1(side))
        counts = []
        for i in range(1, 4):
            prev = build_board(pls[:i], tiles)
            p = pls[i]
            cells = tile_cells(tiles[p.tile], p.side, p.k, p.t)
            assert not any(c in prev.index for c in cells)
            counts.append(len(_touched(prev, cells)))
            legal = tile_placements(prev, tiles[p.tile], min_touch=4, sides=(side,))
            assert (side, p.k, p.t) in legal
        assert counts == [4, 4, 6]


def test_neighbour_tables_and_edges(tiles: Mapping[int, TileDef]) -> None:
    b = core_board(tiles, [1, 6, 2, 12], "A", _p1("A")).with_placement(Placement.fort((-2, 1)))
    for i in range(b.n):
        assert b.index[b.coords[i]] == i
        assert len(b.nbr_dir[i]) == 6
        for d, j in enumerate(b.nbr_dir[i]):
            c = add(b.coords[i], DIRS[d])
            assert j == b.index.get(c, -1)
            if j >= 0:
                assert b.nbr_dir[j][(d + 3) % 6] == i
                assert i in b.nbrs[j]
        assert b.nbrs[i] == tuple(j for j in b.nbr_dir[i] if j >= 0)
        assert b.edge[i] == (len(b.nbrs[i]) < 6)
    # tile 1 space 0 is the centre of a flower: never on the edge; space 9 is on the tip
    assert not b.edge[b.spaces_of[0][0]]
    assert b.edge[b.spaces_of[0][9]]
    fort = b.n - 1
    assert b.is_fort[fort] and b.terrain[fort] == "forest" and b.printed[fort] is None
    assert b.tile_no[fort] == 0 and b.tile_of[fort] == 4 and b.edge[fort]
    assert sum(b.is_fort) == 1 and all(w == (t == "water") for w, t in zip(b.is_water, b.terrain, strict=True))
    assert b.printed[0] is tiles[1].sides["A"][0]
    assert b.terrain[0] == "natural_wonder"


def test_overlap_rejected(tiles: Mapping[int, TileDef]) -> None:
    b = core_board(tiles, [1, 6], "A", _p1("A"))
    with pytest.raises(ValueError):
        b.with_placement(Placement.fort((0, 0)))


def test_build_board_shared(tiles: Mapping[int, TileDef]) -> None:
    pls = core_placements([1, 6, 2, 12], "A", _p1("A"))
    b1 = build_board(pls, tiles)
    b2 = build_board(list(pls), tiles)
    b3 = build_board(tuple(Placement.from_json(p.to_json()) for p in pls), tiles)
    assert b1 is b2 is b3
    assert build_board(pls[:3], tiles).with_placement(pls[3]) is b1
    other = dict(tiles)
    assert build_board(pls, other) is not b1


def test_on_capital_tile(tiles: Mapping[int, TileDef]) -> None:
    b = core_board(tiles, [1, 6], "A", _p1("A"))
    legal = tile_placements(b, tiles[7], min_touch=4)
    assert legal
    side, k, t = legal[0]
    b2 = b.with_placement(Placement.for_tile(7, side, k, t))
    assert b2.on_capital_tile == (False,) * 20 + (True,) * 10
    cap = [i for i in range(b2.n) if (p := b2.printed[i]) is not None and p.capital]
    assert cap == [20]


# --------------------------------------------------------------------------- forts


def _brute_forts(b: Board, core: frozenset[int], pending: set[Coord], min_core: int = 2) -> list[Coord]:
    qs = [c[0] for c in b.coords]
    rs = [c[1] for c in b.coords]
    out = []
    for q in range(min(qs) - 2, max(qs) + 3):
        for r in range(min(rs) - 2, max(rs) + 3):
            c = (q, r)
            if c in b.index or c in pending:
                continue
            nbr_ids = [b.index[n] for n in neighbours(c) if n in b.index]
            if sum(1 for s in nbr_ids if s in core) < min_core:
                continue
            if any(n in pending for n in neighbours(c)):
                continue
            if any(b.is_fort[s] for s in nbr_ids):
                continue
            if any((p := b.printed[s]) is not None and p.city_state for s in nbr_ids):
                continue
            out.append(c)
    return sorted(out)


def test_fort_positions(tiles: Mapping[int, TileDef]) -> None:
    # tiles 6 and 12 carry city-states (6A s4, 12A s0)
    b = core_board(tiles, [6, 1, 12, 2], "A", _p1("A"))
    core = frozenset(range(b.n))
    cs_spaces = [i for i in range(b.n) if (p := b.printed[i]) is not None and p.city_state]
    assert cs_spaces
    pos = fort_positions(b, core, set())
    assert pos == _brute_forts(b, core, set())
    assert pos
    for c in pos:
        assert c not in b.index
        nb = [b.index[n] for n in neighbours(c) if n in b.index]
        assert len(nb) >= 2
        assert not any(s in cs_spaces for s in nb)
    # a hex next to an edge city-state space is excluded
    cs_adjacent_empty = {n for s in cs_spaces for n in neighbours(b.coords[s]) if n not in b.index}
    assert cs_adjacent_empty and not cs_adjacent_empty & set(pos)

    # place forts one by one (on the board): none of the later options touch a fort
    cur = b
    for _ in range(4):
        opts = fort_positions(cur, core, set())
        assert opts == _brute_forts(cur, core, set())
        assert opts
        cur = cur.with_placement(Placement.fort(opts[len(opts) // 2]))
        forts = [cur.coords[i] for i in range(cur.n) if cur.is_fort[i]]
        for c in fort_positions(cur, core, set()):
            assert all(distance(c, f) > 1 for f in forts)
    # pending forts passed as coordinates (not yet on the board) work the same way
    pending = {pos[0]}
    opts = fort_positions(b, core, pending)
    assert opts == _brute_forts(b, core, pending)
    assert pos[0] not in opts and all(distance(c, pos[0]) > 1 for c in opts)
    # min_core
    assert fort_positions(b, core, set(), min_core=3) == _brute_forts(b, core, set(), 3)
    assert len(fort_positions(b, core, set(), min_core=3)) < len(pos)


# --------------------------------------------------------------------------- tile placements


def _brute_tiles(
    b: Board, td: TileDef, min_touch: int, counted: frozenset[int] | None, must: int | None
) -> list[tuple[str, int, Coord]]:
    qs = [c[0] for c in b.coords]
    rs = [c[1] for c in b.coords]
    out = []
    for side in ("A", "B"):
        for k in range(6):
            for q in range(min(qs) - 5, max(qs) + 6):
                for r in range(min(rs) - 5, max(rs) + 6):
                    cells = tile_cells(td, side, k, (q, r))
                    if any(c in b.index for c in cells):
                        continue
                    touched = _touched(b, cells, counted)
                    if len(touched) < min_touch:
                        continue
                    if must is not None and must not in _touched(b, cells):
                        continue
                    out.append((side, k, (q, r)))
    return sorted(out)


def _setup_board(tiles: Mapping[int, TileDef]) -> tuple[Board, frozenset[int]]:
    b = core_board(tiles, [6, 1, 12, 2], "A", _p1("A"))
    core = frozenset(range(b.n))
    for _ in range(3):
        opts = fort_positions(b, core, set())
        b = b.with_placement(Placement.fort(opts[(len(opts) * 2) // 5]))
    return b, core


def test_capital_placements(tiles: Mapping[int, TileDef]) -> None:
    b, core = _setup_board(tiles)
    counted = core | {i for i in range(b.n) if b.is_fort[i]}
    legal = tile_placements(b, tiles[7], min_touch=4, counted=counted)
    assert legal
    assert legal == sorted(set(legal))
    for side, k, t in legal:
        cells = tile_cells(tiles[7], side, k, t)
        assert not any(c in b.index for c in cells)
        assert len(_touched(b, cells, counted)) >= 4
    assert legal == _brute_tiles(b, tiles[7], 4, counted, None)
    # the placed capital tile does not count for the next capital tile
    side, k, t = legal[0]
    b2 = b.with_placement(Placement.for_tile(7, side, k, t))
    legal2 = tile_placements(b2, tiles[9], min_touch=4, counted=counted)
    assert legal2 == _brute_tiles(b2, tiles[9], 4, counted, None)
    only_a = tile_placements(b, tiles[7], min_touch=4, counted=counted, sides=("A",))
    assert only_a == [x for x in legal if x[0] == "A"]


def test_no_placement_possible(tiles: Mapping[int, TileDef]) -> None:
    # a lone fort token can be touched by one space only
    b = build_board((Placement.fort((0, 0)),), tiles)
    assert tile_placements(b, tiles[7], min_touch=4, counted=frozenset({0})) == []
    assert tile_placements(b, tiles[7], min_touch=1, counted=frozenset({0}))
    # a space completely surrounded cannot be touched by a new tile
    b = core_board(tiles, [1, 2], "A", _p1("A"))
    inner = b.spaces_of[0][0]
    assert not b.edge[inner]
    assert tile_placements(b, tiles[3], min_touch=1, must_touch=inner) == []
    # counted spaces that are all interior: nothing to touch
    assert tile_placements(b, tiles[3], min_touch=1, counted=frozenset({inner})) == []


def test_exploration_placements(tiles: Mapping[int, TileDef]) -> None:
    b, core = _setup_board(tiles)
    counted = core | {i for i in range(b.n) if b.is_fort[i]}
    side, k, t = tile_placements(b, tiles[7], min_touch=4, counted=counted)[0]
    b = b.with_placement(Placement.for_tile(7, side, k, t))
    cap_edge = [i for i in range(b.n) if b.on_capital_tile[i] and b.edge[i]]
    assert cap_edge
    found = 0
    for s in cap_edge:
        legal = tile_placements(b, tiles[3], min_touch=4, must_touch=s)
        assert legal == _brute_tiles(b, tiles[3], 4, None, s)
        for sd, kk, tt in legal:
            cells = tile_cells(tiles[3], sd, kk, tt)
            assert s in _touched(b, cells)
        found += len(legal)
    assert found


def test_placement_search_speed(tiles: Mapping[int, TileDef]) -> None:
    b, core = _setup_board(tiles)
    counted = core | {i for i in range(b.n) if b.is_fort[i]}
    n = 20
    t0 = time.perf_counter()
    for _ in range(n):
        tile_placements(b, tiles[7], min_touch=4, counted=counted)
    per = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    for _ in range(n):
        tile_placements(b, tiles[3], min_touch=4, must_touch=b.spaces_of[0][9])
        fort_positions(b, core, set())
        enclosed_holes(b)
    per2 = (time.perf_counter() - t0) / n
    # generous bounds (shared CI machines); typical is a few ms
    assert per < 0.05
    assert per2 < 0.05


# --------------------------------------------------------------------------- holes


def test_enclosed_holes_tokens(tiles: Mapping[int, TileDef]) -> None:
    ring = tuple(Placement.water(add((10, 10), d)) for d in DIRS)
    b = build_board(ring, tiles)
    assert enclosed_holes(b) == [(10, 10)]
    b2 = b.with_placements(Placement.water(c) for c in enclosed_holes(b))
    assert enclosed_holes(b2) == []
    assert b2.is_water[-1] and b2.terrain[-1] == "water" and not b2.edge[-1]
    # an open ring (one token missing) has no hole
    assert enclosed_holes(build_board(ring[:5], tiles)) == []


def test_enclosed_hole_between_tiles(tiles: Mapping[int, TileDef]) -> None:
    # P1 core with tile 3 (2nd row, left) removed and a fort/water wall: search for a tile
    # placement that closes a hole, then check every reported hole is really enclosed.
    pls = core_placements([1, 2, 3, 4], "A", _p1("A"))
    b = build_board((pls[0], pls[1], pls[3]), tiles)
    holes_seen = 0
    for side, k, t in tile_placements(b, tiles[5], min_touch=4):
        b2 = b.with_placement(Placement.for_tile(5, side, k, t))
        holes = enclosed_holes(b2)
        for h in holes:
            assert h not in b2.index
            # an enclosed hole: flood fill inside radius 15 cannot escape
            seen = {h}
            stack = [h]
            escaped = False
            while stack and not escaped:
                c = stack.pop()
                for n in neighbours(c):
                    if n in b2.index or n in seen:
                        continue
                    if distance(n, (0, 0)) > 15:
                        escaped = True
                        break
                    seen.add(n)
                    stack.append(n)
            assert not escaped
        holes_seen += len(holes)
    assert holes_seen > 0


def _grown_boards(seeds: range) -> list[Board]:
    """The maps of seeded random 4-player games, each as it stood after every tile placed."""
    from newdawn.bots import RandomBot
    from newdawn.engine import apply_in_place, game_config, legal_actions, new_game

    boards: list[Board] = []
    for seed in seeds:
        st = new_game(game_config(4, max_rounds=40), seed)
        bot = RandomBot(random.Random(seed))
        n = -1
        while st.winner == -1:
            if st.board.n != n:
                n = st.board.n
                boards.append(st.board)
            apply_in_place(st, bot.choose(None, legal_actions(st)))
    return boards


def test_placement_search_finds_what_brute_force_finds(tiles: Mapping[int, TileDef]) -> None:
    """``tile_placements`` (bit sets over the map's box, or a window around the space to touch)
    finds exactly the placements of a brute-force search over every translation near the map:
    on maps grown by random games, with and without counted spaces and a space to touch."""
    rng = random.Random(5)
    boards = _grown_boards(range(2))
    assert len(boards) > 10
    ids = sorted(tiles)
    calls = 0
    for b in boards[:: max(1, len(boards) // 12)]:
        td = tiles[rng.choice(ids)]
        edge = [s for s in range(b.n) if b.edge[s]]
        counted = frozenset(rng.sample(range(b.n), k=b.n // 2))
        for min_touch, cnt, must in [(1, None, None), (3, None, None), (4, counted, None),
                                     (2, counted, None), (4, None, rng.choice(edge)), (1, None, rng.choice(edge))]:
            got = tile_placements(b, td, min_touch=min_touch, counted=cnt, must_touch=must)
            assert got == _brute_tiles(b, td, min_touch, cnt, must), (b, td.id, min_touch, must)
            calls += 1
    assert calls >= 60
