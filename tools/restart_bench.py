"""How long a server with many stored games takes to answer after it starts (issue 28, item 7).

    .venv/bin/python tools/restart_bench.py [--games 1000] [--actions 250]

Stores one game of ``--actions`` random actions through the server's own code (so it has its
snapshots and event lines), copies it ``--games - 1`` times under new ids in SQL, then starts
``newdawn serve`` on the file and measures, from the moment the process is spawned: the first
answer of ``GET /api/games`` (the lobby, listing every game) and of ``GET /api/games/{id}/state``
for a stored game (loaded on that first use). It does so first with one stored game, so that
the time Python takes to start and import the server shows apart from what the games cost.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from sqlalchemy import text

from newdawn.engine import legal_actions
from newdawn.server.games import GameManager
from newdawn.server.lobby import Lobby
from newdawn.server.store import Store


def build(path: Path, n_games: int, n_actions: int) -> list[str]:
    store = Store(f"sqlite:///{path}")
    games = GameManager(store)
    out = Lobby(games).create({"seats": [{"kind": "human"}] * 4, "seed": 1, "hotseat": True})
    gid, hs = out["game_id"], out["hotseat_url"].split("hotseat=")[1]
    live = games.get(gid)
    rnd = random.Random(1)
    for _ in range(n_actions):
        games.act(gid, hs, live.version, str(rnd.choice(legal_actions(live.state))))
    ids = [gid]
    with store.engine.begin() as c:
        for i in range(1, n_games):
            new = f"{gid[:4]}{i:08x}"
            ids.append(new)
            args = {"new": new, "old": gid}
            cols = [r[1] for r in c.execute(text("PRAGMA table_info(games)")) if r[1] != "id"]
            c.execute(text(f"INSERT INTO games (id, {', '.join(cols)}) SELECT :new, {', '.join(cols)} FROM games "
                           f"WHERE id = :old"), args)
            for table in ("seats", "actions", "snapshots"):
                cols = [r[1] for r in c.execute(text(f"PRAGMA table_info({table})"))]
                rest = ", ".join(x for x in cols if x != "game_id")
                c.execute(text(f"INSERT INTO {table} (game_id, {rest}) SELECT :new, {rest} FROM {table} "
                               f"WHERE game_id = :old"), args)
    store.close()
    return ids


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def first_answer(url: str, t0: float, limit: float = 300.0) -> tuple[float, bytes]:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=limit) as r:
                return time.monotonic() - t0, r.read()
        except OSError:
            if time.monotonic() - t0 > limit:
                raise
            time.sleep(0.01)


def measure(path: Path, ids: list[str]) -> tuple[float, float]:
    """Seconds from spawning ``newdawn serve`` to its first lobby answer and to the first view
    of a stored game."""
    port = free_port()
    exe = Path(sys.executable).with_name("newdawn")
    t0 = time.monotonic()
    proc = subprocess.Popen([str(exe), "serve", "--port", str(port), "--db", f"sqlite:///{path}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))
    try:
        base = f"http://127.0.0.1:{port}"
        s_list, body = first_answer(f"{base}/api/games", t0)
        assert len(json.loads(body)["games"]) == len(ids)
        gid = random.Random(2).choice(ids)
        s_state, body = first_answer(f"{base}/api/games/{gid}/state", t0)
        return s_list, s_state
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--actions", type=int, default=250)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for n in (1, args.games):
            path = Path(tmp) / f"bench{n}.db"
            t = time.monotonic()
            ids = build(path, n, args.actions)
            print(f"stored {n} games of {args.actions} actions in {time.monotonic() - t:.1f} s")
            s_list, s_state = measure(path, ids)
            print(f"  {n} stored games: first answer of GET /api/games {s_list:.2f} s after spawning the "
                  f"server, first view of a stored game {s_state:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
