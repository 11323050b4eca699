"""Write docs/examples/view-message.json: a real ``view`` message from a mid-game state.

A 3-player game between random bots (seed 5) is played through the server's GameManager
until round 4, at seat 1's focus-card decision, and the message seat 1 would receive is
written (validated against ``newdawn.server.schema.ViewMessage`` first).

    .venv/bin/python tools/view_example.py [--out docs/examples/view-message.json]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from newdawn.bots.random_bot import RandomBot
from newdawn.engine import decision_seat, legal_actions
from newdawn.server.games import GameManager
from newdawn.server.schema import ViewMessage
from newdawn.server.store import Store

ROOT = Path(__file__).resolve().parents[1]


def example(round_: int = 4, seat: int = 1, seed: int = 5) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        mgr = GameManager(Store(f"sqlite:///{tmp}/ex.db"))
        made = mgr.create({"seats": [{"kind": "human"}] * 3, "seed": seed, "hotseat": True, "max_rounds": 20})
        gid, token = made["game_id"], made["hotseat_url"].split("hotseat=")[1]
        bot = RandomBot(random.Random(seed))
        g = mgr.get(gid)
        while True:
            st = g.state
            if st.round >= round_ and decision_seat(st) == seat and st.stack_frames[-1]["k"] == "focus":
                break
            mgr.act(gid, token, g.version, str(bot.choose(None, legal_actions(st))))
        msg = mgr.view(gid, token, log_from=max(0, len(g.rec.actions) - 8))
    ViewMessage.model_validate(msg)
    return msg


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "examples" / "view-message.json")
    args = ap.parse_args()
    msg = example()
    args.out.write_text(json.dumps(msg, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
