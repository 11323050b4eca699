"""Write docs/examples/view-message.schema.json (the message's JSON Schema) and real messages.

The schema is made from the Pydantic models (``newdawn.server.schema.message_json_schema``):
``--schema`` writes it alone (no game is played), ``--check`` exits 1 when the committed file
differs from the models (``tests/server/test_view_schema_fresh.py`` runs the same comparison).
Without either, a 3-player hot-seat game between random choices (seed 1) is played through the server's
GameManager; the message of the deciding seat is written at the first fort placement, the
first map-tile placement, the first combat decision, the first wonder payment, seat 2's
focus decision in round 4 (``view-message.json``), and the end. Every message is validated
against ``newdawn.server.schema.ViewMessage`` first; ``view-message.schema.json`` is its JSON
Schema.

    .venv/bin/python tools/view_example.py [--out-dir docs/examples]   # schema and examples
    .venv/bin/python tools/view_example.py --schema                    # `make schema`
    .venv/bin/python tools/view_example.py --check
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from newdawn.engine import decision_seat, legal_actions
from newdawn.server.games import GameManager
from newdawn.server.lobby import Lobby
from newdawn.server.schema import ViewMessage, message_json_schema
from newdawn.server.store import Store

ROOT = Path(__file__).resolve().parents[1]

SCHEMA = ROOT / "docs" / "examples" / "view-message.schema.json"
"""The committed JSON Schema of the view message."""

WANTED = {"setup_fort": "view-setup-fort.json", "explore_place": "view-tile.json",
          "combat": "view-combat.json", "pay": "view-pay.json"}


def examples(seed: int = 1) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        mgr = GameManager(Store(f"sqlite:///{tmp}/ex.db"))
        made = Lobby(mgr).create({"seats": [{"kind": "human"}] * 3, "seed": seed, "hotseat": True, "max_rounds": 30})
        gid, token = made["game_id"], made["hotseat_url"].split("hotseat=")[1]
        rnd = random.Random(seed)
        g = mgr.get(gid)
        while True:
            st = g.state
            since = max(0, len(g.rec.actions) - 8)
            if st.winner != -1:
                out["view-end.json"] = mgr.view(gid, token, log_from=since)
                break
            k = st.stack_frames[-1]["kind"]
            name = WANTED.get(k)
            if k == "focus" and st.round >= 4 and decision_seat(st) == 1:
                name = "view-message.json"
            if name and name not in out:
                out[name] = mgr.view(gid, token, log_from=since)
            opts = legal_actions(st)
            # Prefer building wonders and attacking, so that those situations come up.
            good = [a for a in opts if a.verb in ("wonder", "build", "pay")]
            mgr.act(gid, token, g.version, str(good[0] if good else rnd.choice(opts)))
    for msg in out.values():
        ViewMessage.model_validate(msg)
    return out


def as_text(doc: dict[str, Any]) -> str:
    """The committed files' JSON form."""
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def schema_text() -> str:
    """The view message's JSON Schema as it is committed, made now from the models."""
    return as_text(message_json_schema())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--out-dir", type=Path, default=ROOT / "docs" / "examples")
    ap.add_argument("--schema", action="store_true", help="write the JSON Schema only (no game)")
    ap.add_argument("--check", action="store_true", help="exit 1 when the committed schema is stale")
    args = ap.parse_args(argv)
    if args.check:
        if not SCHEMA.exists() or SCHEMA.read_text(encoding="utf-8") != schema_text():
            print(f"{SCHEMA} is out of date: run `python tools/view_example.py --schema` (or `make schema`)")
            return 1
        print(f"{SCHEMA} matches the models")
        return 0
    args.out_dir.mkdir(parents=True, exist_ok=True)
    files = {} if args.schema else {name: as_text(msg) for name, msg in examples().items()}
    files[SCHEMA.name] = schema_text()
    for name, text in sorted(files.items()):
        path = args.out_dir / name
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
