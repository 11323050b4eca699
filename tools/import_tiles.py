"""Import the reconciled map-tile reference into the engine's compact tile data file.

Usage::

    python tools/import_tiles.py [path/to/reference/tiles.json] [--out path/to/tiles.json]

Without a path it reads ``../shared/reference/tiles.json`` relative to the repository root and
writes ``src/newdawn/content/data/tiles.json``. The reference keeps both source encodings, their
agreement and every conflict; the engine only needs the chosen reading of each space plus a
confidence, so that is all this script keeps:

* ``confidence`` is ``high`` where both encodings agree; where they differ it is the lowest
  confidence among the space's recorded conflict decisions (``medium-high`` counts as medium);
  a space read by one encoding only with no decision recorded is ``medium``.
* natural-wonder and city-state names become the slug ids used in ``natural_wonders.json`` and
  ``city_states.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import unicodedata
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
# The spec beside the repository, or $NEWDAWN_SHARED (as the tests read it, tests/spec_paths.py).
DEFAULT_SOURCE = Path(os.environ.get("NEWDAWN_SHARED") or REPO_ROOT.parent / "shared") / "reference" / "tiles.json"
DEFAULT_OUT = REPO_ROOT / "src" / "newdawn" / "content" / "data" / "tiles.json"

# Reference spellings that do not slug to our ids directly.
NAME_ALIASES = {
    "mt. everest": "mount_everest",
    "mt everest": "mount_everest",
    "mt. kilimanjaro": "mount_kilimanjaro",
    "mt kilimanjaro": "mount_kilimanjaro",
    "galapagos": "galapagos_islands",
}
TERRAIN_ALIASES = {"mountains": "mountain", "natural wonder": "natural_wonder"}
CONFIDENCE_RANK = {"low": 0, "medium": 1, "medium-high": 1, "high": 2}
RANK_NAME = {0: "low", 1: "medium", 2: "high"}


def slug(name: str) -> str:
    """Lower-case ASCII slug: 'Galápagos Islands' -> 'galapagos_islands'."""
    key = name.strip().lower()
    if key in NAME_ALIASES:
        return NAME_ALIASES[key]
    ascii_name = unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode("ascii")
    out = "".join(ch if ch.isalnum() else "_" for ch in ascii_name)
    while "__" in out:
        out = out.replace("__", "_")
    return out.strip("_")


def space_confidence(space: dict[str, Any]) -> str:
    if space.get("agreement") == "both":
        return "high"
    conflicts = space.get("conflicts") or []
    if not conflicts:
        return "medium"
    rank = min(CONFIDENCE_RANK.get(str(c.get("confidence", "low")), 0) for c in conflicts)
    return RANK_NAME[rank]


def convert_space(space: dict[str, Any]) -> dict[str, Any]:
    terrain = str(space["terrain"]).strip().lower()
    terrain = TERRAIN_ALIASES.get(terrain, terrain)
    nw = space.get("natural_wonder")
    cs = space.get("city_state")
    resource = space.get("resource")
    barbarian = space.get("barbarian")
    return {
        "index": int(space["index"]),
        "q": int(space["q"]),
        "r": int(space["r"]),
        "terrain": terrain,
        "resource": str(resource).lower() if resource else None,
        "natural_wonder": slug(str(nw)) if nw else None,
        "barbarian": str(barbarian).upper() if barbarian else None,
        "city_state": slug(str(cs)) if cs else None,
        "capital": bool(space.get("capital", False)),
        "confidence": space_confidence(space),
    }


def tile_kind(sides: dict[str, list[dict[str, Any]]]) -> str:
    spaces = [s for side in sides.values() for s in side]
    if any(s["natural_wonder"] for s in spaces):
        return "natural_wonder"
    if any(s["city_state"] for s in spaces):
        return "city_state"
    if any(s["capital"] for s in spaces):
        return "capital"
    return "plain"


def convert(reference: dict[str, Any]) -> dict[str, Any]:
    ti_ids = {int(i) for i in reference.get("meta", {}).get("set_inferred", {}).get("terra_incognita", [])}
    tiles = []
    for tile in sorted(reference["tiles"], key=lambda t: int(t["id"])):
        tid = int(tile["id"])
        sides = {
            name: [convert_space(s) for s in sorted(side["spaces"], key=lambda s: int(s["index"]))]
            for name, side in sorted(tile["sides"].items())
        }
        tiles.append(
            {"id": tid, "box": "ti" if tid in ti_ids else "base", "kind": tile_kind(sides), "sides": sides}
        )
    return {"tiles": tiles}


def render(data: dict[str, Any]) -> str:
    """One line per space keeps the file readable and diffs small."""
    lines = ["{", ' "tiles": [']
    for ti, tile in enumerate(data["tiles"]):
        lines.append(f'  {{"id": {tile["id"]}, "box": "{tile["box"]}", "kind": "{tile["kind"]}", "sides": {{')
        side_names = list(tile["sides"])
        for si, name in enumerate(side_names):
            lines.append(f'   "{name}": [')
            spaces = tile["sides"][name]
            for pi, space in enumerate(spaces):
                comma = "," if pi < len(spaces) - 1 else ""
                lines.append("    " + json.dumps(space, ensure_ascii=False) + comma)
            lines.append("   ]" + ("," if si < len(side_names) - 1 else ""))
        lines.append("  }}" + ("," if ti < len(data["tiles"]) - 1 else ""))
    lines += [" ]", "}"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    reference = json.loads(args.source.read_text(encoding="utf-8"))
    data = convert(reference)
    text = render(data)
    json.loads(text)  # the hand-rolled layout must still be valid JSON
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {len(data['tiles'])} tiles to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
