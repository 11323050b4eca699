"""Two server processes on one PostgreSQL database: no lost update, views reach the sockets of
both, one process drives a game's bots and the other takes over when it is killed."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .test_persistence import _postgres_url

pytest.importorskip("psycopg", reason="psycopg 3 is not installed")
ws_sync = pytest.importorskip("websockets.sync.client", reason="the websockets package is not installed")


@pytest.fixture
def pg_url() -> Iterator[str]:
    url = _postgres_url()
    if url is None:
        pytest.skip("no PostgreSQL server answers on 127.0.0.1:5432 (database 'test', trust auth)")
    from sqlalchemy import create_engine, text

    schema = f"newdawn_test_{uuid.uuid4().hex[:10]}"
    try:
        admin = create_engine(url)
        with admin.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as e:  # noqa: BLE001 - reported as the reason for skipping
        pytest.skip(f"PostgreSQL at {url} is not usable: {e}")
    try:
        yield f"{url}?options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, url: str, bot_delay: float = 0.0) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        exe = Path(sys.executable).with_name("newdawn")
        self.proc = subprocess.Popen([str(exe), "serve", "--port", str(self.port), "--db", url,
                                      "--bot-delay", str(bot_delay)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=dict(os.environ))
        self.http = httpx.Client(base_url=self.base, timeout=20)
        end = time.monotonic() + 60
        while True:
            try:
                if self.http.get("/api/bots").status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > end:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise AssertionError(f"the server did not start: {err[-2000:]}")
            time.sleep(0.1)

    def state(self, gid: str, token: str | None = None) -> dict[str, Any]:
        r = self.http.get(f"/api/games/{gid}/state", params={"token": token} if token else {})
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return self.http.post(path, json=body)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.http.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.http.close()


@pytest.fixture
def two(pg_url: str) -> Iterator[tuple[Server, Server]]:
    a = Server(pg_url, bot_delay=0.02)
    try:
        b = Server(pg_url, bot_delay=0.02)
    except BaseException:
        a.stop()
        raise
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


def stored_log(pg_url: str, gid: str) -> list[str]:
    from sqlalchemy import create_engine, text

    e = create_engine(pg_url.replace("postgresql+psycopg", "postgresql+psycopg", 1))
    try:
        with e.connect() as c:
            return [r[0] for r in c.execute(text("SELECT action FROM actions WHERE game_id = :g ORDER BY n"), {"g": gid})]
    finally:
        e.dispose()


def test_two_processes_never_lose_an_acknowledged_action(two: tuple[Server, Server], pg_url: str) -> None:
    a, b = two
    r = a.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 5, "hotseat": True})
    gid = r.json()["game_id"]
    hs = r.json()["hotseat_url"].split("hotseat=")[1]
    b.state(gid)  # loaded in both processes
    rnd = random.Random(1)
    acked: list[str] = []
    both = 0
    for _ in range(40):
        p, q = (a, b) if rnd.random() < 0.5 else (b, a)
        v = p.state(gid, hs)
        opts = v["decision"]["options"]
        choice = rnd.choice(opts)
        # the same version acted on in one process and undone in the other at the same moment
        answers: dict[str, httpx.Response] = {}

        def send(name: str, srv: Server, path: str, body: dict[str, Any],
                 answers: dict[str, httpx.Response] = answers) -> None:
            answers[name] = srv.post(path, body)

        ts = [threading.Thread(target=send, args=("act", p, f"/api/games/{gid}/actions",
                                                  {"token": hs, "version": v["version"], "action": choice})),
              threading.Thread(target=send, args=("undo", q, f"/api/games/{gid}/undo",
                                                  {"token": hs, "version": v["version"]}))]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        ok_act, ok_undo = answers["act"].status_code == 200, answers["undo"].status_code == 200
        assert answers["act"].status_code in (200, 409), answers["act"].text
        both += ok_act and ok_undo
        if ok_act:
            acked.append(choice)
        elif ok_undo:
            acked.pop()
    assert both == 0, "an action and an undo chosen at the same version were both acknowledged"
    assert acked, "no action was acknowledged"
    assert stored_log(pg_url, gid) == acked
    # both processes show what the database holds
    for srv in (a, b):
        end = time.monotonic() + 10
        while [e["action"] for e in srv.state(gid)["log"][1:]] != acked:
            assert time.monotonic() < end, "a process kept a stale game"
            time.sleep(0.05)


def test_views_reach_the_sockets_of_the_other_process(two: tuple[Server, Server]) -> None:
    a, b = two
    r = a.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 8})
    gid = r.json()["game_id"]
    tokens = {s["seat"]: s["token"] for s in r.json()["seats"]}
    with ws_sync.connect(f"ws://127.0.0.1:{b.port}/ws/games/{gid}", open_timeout=20) as ws:
        first = json.loads(ws.recv(timeout=20))
        assert first["version"] == 0
        seat = first["decision"]["seat"]
        v = a.state(gid, tokens[seat])
        assert a.post(f"/api/games/{gid}/actions", {"token": tokens[seat], "version": v["version"],
                                                     "action": v["decision"]["options"][0]}).status_code == 200
        while True:
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] == "view" and msg["version"] == 1:
                assert msg["log"][-1]["action"] == v["decision"]["options"][0]
                break


def test_bots_are_driven_by_one_process_and_survive_its_death(two: tuple[Server, Server], pg_url: str) -> None:
    from newdawn.engine import replay

    a, b = two
    r = a.post("/api/games", {"seats": [{"kind": "bot", "bot": "random"}] * 3, "seed": 3})
    gid = r.json()["game_id"]
    end = time.monotonic() + 60
    while b.state(gid)["version"] < 15:
        assert time.monotonic() < end, "the bots did not play"
        time.sleep(0.05)
    a.kill()  # the process that took the lease when it created the game
    at_kill = b.state(gid)["version"]
    end = time.monotonic() + 60
    while True:
        v = b.state(gid)
        if v["version"] >= at_kill + 30 or v["view"]["winner"] != -1:
            break
        assert time.monotonic() < end, "no process took over the bots"
        time.sleep(0.1)
    log = stored_log(pg_url, gid)
    cfg = b.state(gid)
    # every stored action is legal in turn (nothing doubled by two drivers) and matches the view
    assert len(log) >= at_kill + 1
    rec = b.http.get("/api/games").json()["games"][0]
    assert rec["game_id"] == gid and rec["version"] >= len(log) - 1
    assert [e["action"] for e in cfg["log"][1:len(log) + 1]] == log[: len(cfg["log"]) - 1]
    from sqlalchemy import create_engine, text

    e = create_engine(pg_url)
    try:
        with e.connect() as c:
            conf, seed = c.execute(text("SELECT config, seed_text FROM games WHERE id = :g"), {"g": gid}).one()
    finally:
        e.dispose()
    replay({"config": json.loads(conf), "seed": int(seed), "actions": log})
