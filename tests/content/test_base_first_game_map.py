"""The inferred first-game map of the base game: the data matches the tool that made it, and
every map (2, 3, 4 players) is one that the advanced placement rules allow, with no holes."""

from __future__ import annotations

from types import ModuleType

import pytest

from newdawn.content.rulesets.base import BaseContent
from newdawn.engine.board import Placement, build_board, enclosed_holes, tile_cells
from repo_scripts import load_script


def _tool() -> ModuleType:
    return load_script("tools/base_first_game_map.py")


def test_data_is_what_the_tool_computes(base: BaseContent) -> None:
    block = _tool().plan()
    fg = base.rules.first_game_map
    assert {int(n): tuple(ts) for n, ts in block["tiles"].items()} == dict(fg.tiles)
    assert {int(n): tuple(ts) for n, ts in block["capitals"].items()} == dict(fg.capitals)
    assert {int(t): (k, (q, r)) for t, (k, (q, r)) in block["placements"].items()} == dict(fg.placements)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_map_is_legal_and_closed(base: BaseContent, players: int) -> None:
    fg = base.rules.first_game_map
    placed: list[Placement] = []
    for i, tid in enumerate(fg.tiles[players]):
        k, t = fg.placements[tid]
        if i:
            board = build_board(placed, base.tiles)
            cells = tile_cells(base.tiles[tid], fg.side, k, t)
            assert not any(c in board.index for c in cells), tid
            touched = {
                board.index[(c[0] + dq, c[1] + dr)]
                for c in cells
                for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
                if (c[0] + dq, c[1] + dr) in board.index
            }
            assert len(touched) >= base.ruleset.explore_touch_min, tid
        placed.append(Placement.for_tile(tid, fg.side, k, t))
    board = build_board(placed, base.tiles)
    assert board.n == 10 * len(fg.tiles[players])
    assert enclosed_holes(board) == []
    capitals = {board.tile_no[s] for s in range(board.n) if board.printed[s] and board.printed[s].capital}
    assert capitals == set(fg.capitals[players])
