"""Write docs/examples/view-*.json: real ``view`` messages from one game, one per situation.

A 3-player hot-seat game between random choices (seed 1) is played through the server's
GameManager; the message of the deciding seat is written at the first fort placement, the
first map-tile placement, the first combat decision, the first wonder payment, seat 2's
focus decision in round 4 (``view-message.json``), and the end. Every message is validated
against ``newdawn.server.schema.ViewMessage`` first; ``view-message.schema.json`` is its JSON
Schema.

    .venv/bin/python tools/view_example.py [--out-dir docs/examples]
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


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--out-dir", type=Path, default=ROOT / "docs" / "examples")
    args = ap.parse_args()
    args.out_dir.mkdir(parents=True, exist_ok=True)
    files = dict(examples())
    files["view-message.schema.json"] = message_json_schema()
    for name, msg in sorted(files.items()):
        path = args.out_dir / name
        path.write_text(json.dumps(msg, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
