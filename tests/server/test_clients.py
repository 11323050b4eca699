"""Limits a client cannot step round (issue 43, items 5 and 6): addresses from trusted proxies
only, creation from this server's own pages, strict types on every creation field."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import newdawn
from newdawn.server import create_app
from newdawn.server.clients import bucket, client_address, parse_networks, same_origin

from .conftest import stop_server

HUMAN = {"kind": "human"}
SRC = str(Path(newdawn.__file__).resolve().parents[1])


def test_forwarded_for_is_read_only_from_a_trusted_proxy() -> None:
    spoof = {"x-forwarded-for": "203.0.113.9"}
    assert client_address("127.0.0.1", spoof, ()) == "127.0.0.1"
    assert client_address("198.51.100.7", spoof, parse_networks(["127.0.0.1"])) == "198.51.100.7"
    proxies = parse_networks(["10.0.0.0/8"])
    assert client_address("10.1.2.3", spoof, proxies) == "203.0.113.9"
    # the client may put anything in front; the proxy appends the address it saw
    chain = {"x-forwarded-for": "1.2.3.4, 203.0.113.9, 10.0.0.2"}
    assert client_address("10.1.2.3", chain, proxies) == "203.0.113.9"
    assert bucket("2001:db8::1") == bucket("2001:db8::ffff") != bucket("2001:db8:0:1::1")
    assert bucket("::ffff:198.51.100.7") == "198.51.100.7"


def test_creation_from_another_sites_page_is_refused_unless_allowed(tmp_path: Path) -> None:
    assert same_origin({"host": "localhost:8000"}) and same_origin({"host": "a:1", "origin": "http://a:1"})
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0)) as c:
        # a plain-text form post from another site: a "simple" request, sent without preflight
        r = c.post("/api/games", content=json.dumps({"seats": [HUMAN, HUMAN]}),
                   headers={"origin": "https://elsewhere.example", "content-type": "text/plain"})
        assert r.status_code == 403 and "lobby" in r.json()["error"]
        assert c.get("/api/games").json()["games"] == []
        r = c.post("/api/games", json={"seats": [HUMAN, HUMAN]}, headers={"origin": "http://testserver"})
        assert r.status_code == 200
    app = create_app(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0, allowed_origins=("https://friend.example",))
    with TestClient(app) as c:
        r = c.post("/api/games", json={"seats": [HUMAN, HUMAN]}, headers={"origin": "https://friend.example"})
        assert r.status_code == 200


@pytest.mark.parametrize(("field", "value"), [
    ("epic", 1.0), ("epic", 1), ("max_rounds", True), ("max_rounds", 10**30), ("max_rounds", 0),
    ("max_rounds", 2.0), ("hotseat", "yes"), ("hotseat", 1), ("seats_", []),
])
def test_every_creation_field_has_a_strict_type(client: TestClient, field: str, value: Any) -> None:
    body = {"seats": [HUMAN, HUMAN], "ruleset": "base" if field == "epic" else "ti", field: value}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400, r.text
    assert field.rstrip("_") in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _post(port: int, body: Any, headers: dict[str, str]) -> int:
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", **headers})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def test_a_served_app_does_not_take_forwarded_for_from_loopback(tmp_path: Path) -> None:
    """uvicorn trusts X-Forwarded-For from 127.0.0.1 by default: the served app must not."""
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": SRC}
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from newdawn.cli.main import main; sys.exit(main())", "serve",
         "--port", str(port), "--db", f"sqlite:///{tmp_path / 'g.db'}", "--create-limit", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, cwd=tmp_path, env=env)
    try:
        end = time.monotonic() + 90  # a loaded machine starts a server slowly
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5).close()
                break
            except OSError:
                assert time.monotonic() < end and proc.poll() is None, "the server did not start"
                time.sleep(0.1)
        got = [_post(port, {"seats": [HUMAN, HUMAN]}, {"X-Forwarded-For": f"198.51.100.{i}"}) for i in range(4)]
        assert got == [200, 200, 429, 429], got
    finally:
        stop_server(proc)


def test_the_game_list_comes_in_pages_newest_first(client: TestClient) -> None:
    ids = [client.post("/api/games", json={"seats": [HUMAN, HUMAN]}).json()["game_id"] for _ in range(3)]
    page = client.get("/api/games", params={"limit": 2}).json()
    assert [g["game_id"] for g in page["games"]] == ids[::-1][:2]
    assert (page["total"], page["offset"], page["next_offset"]) == (3, 0, 2)
    rest = client.get("/api/games", params={"offset": 2, "limit": 2}).json()
    assert [g["game_id"] for g in rest["games"]] == ids[:1] and rest["next_offset"] is None
    assert client.get("/api/games", params={"limit": 0}).status_code == 400
    assert client.get("/api/games", params={"limit": 100000}).status_code == 400


def test_a_long_games_log_is_served_in_pages(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from newdawn.server import gameviews

    from .conftest import create, wait_for

    monkeypatch.setattr(gameviews, "LOG_PAGE", 5)
    bots = [{"kind": "bot", "bot": "random"}] * 2
    gid = create(client, bots, seed=3, max_rounds=1)["game_id"]
    v = wait_for(client, gid, None, lambda v: v["view"]["winner"] != -1, timeout=60)
    assert v["version"] > 10
    tail = client.get(f"/api/games/{gid}/state").json()
    last = tail["log"][-1]["n"]
    assert len(tail["log"]) == 5 and [e["n"] for e in tail["log"]] == list(range(last - 4, last + 1))
    assert tail["log_from"] == last - 5
    whole = client.get(f"/api/games/{gid}/state", params={"log_from": 0}).json()
    assert whole["log"][0]["n"] == 0 and whole["log"][-1]["n"] == last
    step = client.get(f"/api/games/{gid}/replay", params={"step": 8}).json()
    assert [e["n"] for e in step["log"]] == [4, 5, 6, 7, 8] and step["log_from"] == 3
    assert client.get(f"/api/games/{gid}/state", params={"log_from": last + 5}).status_code == 400
