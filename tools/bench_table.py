"""Latency of the browser table on a long game (issue 24): from a WebSocket message arriving in
the page to the finished DOM update, in headless Chromium.

It stores a 4-player hot-seat game of random moves with ``--actions`` actions (2,000 by
default) in a temporary SQLite file, starts the real server on it, opens the table with the
hot-seat link (every seat's options, targets and the whole log on screen), then plays
``--moves`` more random actions over HTTP. Each action makes the server push one view message;
the table records, for each, the time from the start of its ``onmessage`` handler (before
JSON parsing) to the end of the synchronous Preact render (the DOM is updated), and the time
to the next animation frame (style, layout and paint included). Then it clicks ``--clicks``
decision buttons in the page as a player would (a button chosen at random among those that
send an action at once: no fight to confirm) and times each from the click to the first frame
painted with the new version: click to paint, the server's round trip over the WebSocket
included (issue 39: at most 100 ms median).

    .venv/bin/python tools/bench_table.py [--actions 2000] [--moves 150] [--clicks 40] [--seed 1]

A benchmark, not a test: it prints the figures (docs/table.md keeps the last ones). With
BENCH_DEBUG=1 it also lists the slowest frames with the decision they showed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import socket
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("NEWDAWN_CHROMIUM", "/usr/bin/chromium")


CLICK_TO_PAINT = """async (r) => {
  const btns = [...document.querySelectorAll('#decision button.opt')]
    .filter((b) => !b.disabled && b.offsetParent && !b.classList.contains('warn'));
  if (!btns.length) return null;
  const b = btns[Math.floor(r * btns.length)];
  const v = Number(document.body.dataset.version);
  return await new Promise((resolve) => {
    const t0 = performance.now();
    const check = () => {
      if (Number(document.body.dataset.version) > v) { setTimeout(() => resolve(performance.now() - t0), 0); return; }
      if (performance.now() - t0 > 5000) { resolve(-1); return; }
      requestAnimationFrame(check);
    };
    b.click();
    requestAnimationFrame(check);
  });
}"""
"""Click one of the decision's buttons; the time to the first frame painted with a newer version
(rAF sees the version the render set; the timeout after it runs once that frame is painted)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def store_game(db_url: str, n_actions: int, seed: int) -> tuple[str, str]:
    """A 4-player hot-seat game of ``n_actions`` random actions; returns (game id, hot-seat token)."""
    from sqlalchemy import update

    from newdawn.engine import apply, decision_seat, legal_actions, new_game
    from newdawn.engine.setup import normalise_config
    from newdawn.server.store import ActionRow, GameRecord, GameRow, SeatRecord, Store

    cfg = normalise_config({"players": 4})
    for s in range(seed, seed + 50):
        st = new_game(cfg, s)
        rng = random.Random(s)
        actions: list[tuple[int, str]] = []
        while st.winner == -1 and len(actions) < n_actions:
            a = rng.choice(legal_actions(st))
            actions.append((decision_seat(st), str(a)))
            st = apply(st, a)
        if st.winner == -1:
            break
    else:
        raise SystemExit(f"no game of {n_actions} actions without a winner from seed {seed}")
    store = Store(db_url)
    gid = secrets.token_hex(6)
    hot = secrets.token_urlsafe(12)
    seats = [SeatRecord(i, "human", None, secrets.token_urlsafe(12)) for i in range(4)]
    store.create_game(GameRecord(gid, datetime.now(UTC), st.config, s, hot, 0, seats, []))
    now = datetime.now(UTC)
    with store._session.begin() as ses:  # one transaction (Store.append_action commits each)
        ses.add_all([ActionRow(game_id=gid, n=n, seat=seat, action=text, created=now)
                     for n, (seat, text) in enumerate(actions)])
        ses.execute(update(GameRow).where(GameRow.id == gid).values(revision=len(actions)))
    store.close()
    return gid, hot


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        out: dict[str, Any] = json.loads(r.read())
        return out


def get(base: str, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}{path}", timeout=60) as r:
        out: dict[str, Any] = json.loads(r.read())
        return out


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--actions", type=int, default=2000, help="actions of the stored game (default 2000)")
    ap.add_argument("--moves", type=int, default=150, help="actions played while measuring (default 150)")
    ap.add_argument("--clicks", type=int, default=40, help="decision buttons clicked while measuring (default 40)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    import uvicorn
    from playwright.sync_api import sync_playwright

    from newdawn.server import create_app

    tmp = tempfile.mkdtemp(prefix="bench_table_")
    db = f"sqlite:///{tmp}/games.db"
    t = time.perf_counter()
    gid, hot = store_game(db, args.actions, args.seed)
    print(f"stored a game of {args.actions} actions in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(db, bot_delay=0), host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    while not srv.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(args.seed)
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = b.new_page(viewport={"width": 1440, "height": 900})
            page.add_init_script("localStorage.setItem('newdawn.speed', 'instant')")
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            # Time to the next frame as well: the page's own clock, per message.
            page.add_init_script("""window.__frames = [];
              const _ws = window.WebSocket;
              window.WebSocket = class extends _ws { constructor(...a) { super(...a);
                this.addEventListener('message', () => { const t0 = performance.now();
                  requestAnimationFrame(() => setTimeout(() => { window.__frames.push(performance.now() - t0); window.__info = window.__info || []; const m = window.__newdawn && window.__newdawn.model; window.__info.push([Math.round(performance.now() - t0), m ? m.decision.options.length : -1, m ? m.decision.kind : "", document.querySelectorAll(".map .target").length]); }, 0)); }); } };""")
            t = time.perf_counter()
            page.goto(f"{base}/table.html?game={gid}&hotseat={hot}")
            page.wait_for_function(f"() => Number(document.body.dataset.actions) >= {args.actions}", timeout=120000)
            first = time.perf_counter() - t
            first_render = page.evaluate("window.__newdawn.timings[0]")
            n_log = page.locator("#log > li").count()
            page.evaluate("window.__newdawn.timings.length = 0; window.__frames.length = 0")
            for _ in range(args.moves):
                msg = get(base, f"/api/games/{gid}/state?token={hot}")
                if msg["view"]["winner"] != -1:
                    break
                version = msg["version"]
                action = rng.choice(msg["decision"]["options"])
                try:
                    post(base, f"/api/games/{gid}/actions", {"token": hot, "version": version, "action": action})
                except urllib.error.HTTPError as e:
                    if e.code != 409:
                        raise
                    continue  # the table sent an automatic step itself (decision.auto_action) meanwhile
                page.wait_for_function(f"() => Number(document.body.dataset.version) >= {version + 1}", timeout=30000)
            dom: list[float] = page.evaluate("window.__newdawn.timings")
            frames: list[float] = page.evaluate("window.__frames")
            clicks: list[float] = []
            for _ in range(args.clicks * 3):
                if len(clicks) >= args.clicks:
                    break
                page.wait_for_function("() => document.body.dataset.pending === '0' && !document.querySelector('#decision button.opt[disabled]')", timeout=30000)
                page.wait_for_timeout(50)  # the table's own steps (auto_action) settle first
                took = page.evaluate(CLICK_TO_PAINT, rng.random())
                if took is not None and took >= 0:
                    clicks.append(took)
                    continue
                # no button to click (the map's spaces only, or a fight to confirm): on over HTTP
                msg = get(base, f"/api/games/{gid}/state?token={hot}")
                if msg["view"]["winner"] != -1:
                    break
                try:
                    post(base, f"/api/games/{gid}/actions", {"token": hot, "version": msg["version"],
                                                             "action": rng.choice(msg["decision"]["options"])})
                except urllib.error.HTTPError as e:
                    if e.code != 409:
                        raise
                page.wait_for_function(f"() => Number(document.body.dataset.version) > {msg['version']}", timeout=30000)
            if os.environ.get("BENCH_DEBUG"):
                for row in sorted(page.evaluate("window.__info"), reverse=True)[:15]:
                    print(row, file=sys.stderr)
            b.close()
    finally:
        srv.should_exit = True
        th.join(timeout=10)
    if errors:
        raise SystemExit(f"the page failed: {errors[:3]}")
    print(f"stored game: {args.actions} actions; log items on screen at the start: {n_log}")
    print(f"first load (page open to the whole table drawn): {first * 1000:.0f} ms; its render {first_render:.0f} ms")
    print(f"{len(dom)} view messages while playing on:")
    print(f"  message -> DOM updated:      median {statistics.median(dom):.1f} ms, p95 {pct(dom, 95):.1f} ms, max {max(dom):.1f} ms")
    if frames:
        print(f"  message -> next frame done:  median {statistics.median(frames):.1f} ms, p95 {pct(frames, 95):.1f} ms, max {max(frames):.1f} ms")
    print("targets: median <= 50 ms, p95 <= 100 ms")
    if clicks:
        print(f"{len(clicks)} clicks on decision buttons:")
        print(f"  click -> next frame painted:  median {statistics.median(clicks):.1f} ms, p95 {pct(clicks, 95):.1f} ms, "
              f"max {max(clicks):.1f} ms (target: median <= 100 ms)")


if __name__ == "__main__":
    main()
