"""Compute the base game's first-game map (an inferred layout) for ``ruleset_base.json``.

The rulebook's first-game picture (R p.3) is missing from the text we have: only the A sides,
the 16 tile labels in reading order (1, 15, 11, 8, 9, 7, 3, 2, 5, 12, 13, 4, 10, 16, 14, 6), and
"red tiles for 2 players, add yellow for 3, add blue for 4" survive. This tool builds a layout
from the rules we do have, deterministically:

- map size as in advanced map building: 4 core tiles + per player 1 capital tile and 2 more
  (10 / 13 / 16 tiles for 2 / 3 / 4 players), each larger map holding the smaller one;
- the core: the first two natural-wonder and the first two city-state tiles in label order,
  placed with the ruleset's side-A core placements;
- then, in label order, the two capital tiles and four other tiles of the 2-player map, then a
  capital and two tiles for the 3rd player, then for the 4th; every tile touches at least four
  placed spaces and the core (or a tile touching the core), as in advanced map building;
- first, no enclosed hole (the printed map needs no water tokens); then a capital tile goes where
  its capital icon is farthest from the capitals already placed, any other tile where its spaces
  are closest to the map's centre (ties: the first legal placement).

Run ``python tools/base_first_game_map.py`` to print the JSON block for
``base_rules.first_game_map``; ``--write`` puts it into the data file.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from newdawn.content import load_content
from newdawn.engine.board import Placement, build_board, enclosed_holes, tile_cells, tile_placements
from newdawn.engine.hexgrid import distance

LABELS = (1, 15, 11, 8, 9, 7, 3, 2, 5, 12, 13, 4, 10, 16, 14, 6)
DATA = Path(__file__).resolve().parents[1] / "src" / "newdawn" / "content" / "data" / "ruleset_base.json"


def plan() -> dict[str, object]:
    ti = load_content("ti")  # tiles and the P1 core placements are the same data in both rulesets
    tiles = {t: d for t, d in ti.tiles.items() if d.box == "base"}
    kind = {t: tiles[t].kind for t in LABELS}
    nw = [t for t in LABELS if kind[t] == "natural_wonder"][:2]
    cs = [t for t in LABELS if kind[t] == "city_state"][:2]
    core = [nw[0], cs[0], nw[1], cs[1]]
    capitals = [t for t in LABELS if kind[t] == "capital"]
    others = [t for t in LABELS if t not in core and kind[t] != "capital"]
    # seat n adds its capital and two other tiles; the 2-player map has two seats' worth
    order = [capitals[0], capitals[1], *others[0:4], capitals[2], *others[4:6], capitals[3], *others[6:8]]

    side = "A"
    placements = [
        Placement.for_tile(t, side, k, tt) for t, (k, tt) in zip(core, ti.ruleset.core_placements[side], strict=False)
    ]
    touching_core: set[int] = set(core)
    cap_at: list[tuple[int, int]] = []
    for tid in order:
        board = build_board(placements, ti.tiles)
        cands = tile_placements(board, tiles[tid], min_touch=4, sides=(side,))
        core_spaces = {s for s in range(board.n) if board.tile_no[s] in core}
        near_core = {s for s in range(board.n) if board.tile_no[s] in touching_core}
        cx = sum(q for q, _ in board.coords) / board.n
        cy = sum(r for _, r in board.coords) / board.n

        def touches(cells: tuple[tuple[int, int], ...], spaces: set[int], board: object = board) -> bool:
            for c in cells:
                for n in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
                    s = board.index.get((c[0] + n[0], c[1] + n[1]))  # type: ignore[attr-defined]
                    if s is not None and s in spaces:
                        return True
            return False

        scored = []
        for sd, k, t in cands:
            cells = tile_cells(tiles[tid], sd, k, t)
            if not touches(cells, core_spaces) and not touches(cells, near_core):
                continue
            holes = len(enclosed_holes(build_board([*placements, Placement.for_tile(tid, sd, k, t)], ti.tiles)))
            if kind[tid] == "capital":
                cap = cells[0]
                score = -min((distance(cap, c) for c in cap_at), default=0)
            else:
                score = sum(((q - cx) ** 2 + (r - cy) ** 2) for q, r in cells)
            scored.append(((holes, score), k, t, cells))
        if not scored:
            raise SystemExit(f"no legal placement for tile {tid}")
        scored.sort(key=lambda x: (x[0], x[1], x[2]))
        _, k, t, cells = scored[0]
        placements.append(Placement.for_tile(tid, side, k, t))
        if touches(cells, core_spaces):
            touching_core.add(tid)
        if kind[tid] == "capital":
            cap_at.append(cells[0])

    placed = [p.tile for p in placements]
    by_n = {str(n): placed[: 4 + 3 * n] for n in (2, 3, 4)}
    caps = {str(n): [t for t in placed[: 4 + 3 * n] if kind[t] == "capital"] for n in (2, 3, 4)}
    return {
        "side": side,
        "tiles": by_n,
        "placements": {str(p.tile): [p.k, [p.q, p.r]] for p in placements},
        "capitals": caps,
        "source": "inferred by tools/base_first_game_map.py from the rules we have (R p.3 text, advanced map-building rules, the 16 labels in reading order); the picture is missing",
        "confidence": "low",
        "alternative": "The printed first-game map of R p.3 (tile positions, rotations and which tiles are red/yellow/blue are not in the text). Any other legal layout; or play the advanced map (the default).",
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write the block into ruleset_base.json")
    args = ap.parse_args()
    block = plan()
    if args.write:
        doc = json.loads(DATA.read_text(encoding="utf-8"))
        doc["base_rules"]["first_game_map"] = block
        DATA.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    else:
        print(json.dumps(block, indent=1))


if __name__ == "__main__":
    main()
