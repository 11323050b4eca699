"""Clicks per turn in a scripted game (issue 39 §4): a person's seat against the greedy bot,
played through the browser table by the test driver (tests/browser/table_driver.py: reads the
page, clicks highlighted spaces, menus and buttons, with a seeded choice), counting every
click and tap the page receives, and the person's turns (focus cards chosen).

    .venv/bin/python tools/clicks_per_turn.py [--seed 7] [--rounds 8] [--ruleset ti]

Prints one JSON line: clicks, turns, clicks per turn, and the person's actions (those the
table sent by itself, for a decision that asks nothing, included) per turn. Run it on two trees
to compare (the game follows the clicks, so the two runs may differ after the first change).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CHROMIUM = os.environ.get("NEWDAWN_CHROMIUM", "/usr/bin/chromium")

COUNT_CLICKS = """
window.__clicks = 0;
document.addEventListener('click', (e) => { if (e.isTrusted) window.__clicks += 1; }, true);
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--ruleset", default="ti")
    args = ap.parse_args()

    import uvicorn
    from playwright.sync_api import sync_playwright

    from newdawn.server import create_app
    from tests.browser.table_driver import Driver

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    tmp = tempfile.mkdtemp()
    app = create_app(f"sqlite:///{tmp}/games.db", bot_delay=0, bot_seed=3)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    while not srv.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    body = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], "seed": args.seed,
            "max_rounds": args.rounds, "ruleset": args.ruleset}
    req = urllib.request.Request(f"{base}/api/games", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        res = json.loads(r.read())
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = b.new_page(viewport={"width": 1440, "height": 900})
        page.add_init_script("localStorage.setItem('newdawn.speed', 'instant')")
        page.add_init_script(COUNT_CLICKS)
        page.goto(f"{base}{res['seats'][0]['url']}")
        d = Driver(page, seats={0}, seed=args.seed)
        while d.step() != "over":
            pass
        clicks = page.evaluate("() => window.__clicks")
        actions = page.evaluate("() => window.__newdawn.groups.filter((g) => g.seat === 0 && !g.part).length")
        b.close()
    srv.should_exit = True
    th.join(timeout=10)
    turns = d.turns.get(0, 0)
    print(json.dumps({"seed": args.seed, "rounds": args.rounds, "ruleset": args.ruleset, "clicks": clicks,
                      "turns": turns, "clicks_per_turn": round(clicks / max(1, turns), 2),
                      "actions": actions, "actions_per_turn": round(actions / max(1, turns), 2)}))


if __name__ == "__main__":
    main()
