"""Fixtures for the server tests: an app over a temporary SQLite file, driven by TestClient."""

from __future__ import annotations

import random
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need the 'server' extra")

from fastapi.testclient import TestClient  # noqa: E402

from newdawn.server import create_app  # noqa: E402


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        yield c


def create(client: TestClient, seats: list[dict[str, Any]], seed: int | None = 7, claim: bool | None = None,
           **extra: Any) -> dict[str, Any]:
    """Create a game. With ``claim`` (the default, except in hot-seat games, whose players share
    the hot-seat link) every invite link is opened at once, so the answer's seats all carry
    their token and url as if each player had opened their link."""
    if claim is None:
        claim = not extra.get("hotseat")
    r = client.post("/api/games", json={"seats": seats, "seed": seed, **extra})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    if claim:
        for s in out["seats"]:
            if s.get("invite_url"):
                got = claim_invite(client, out["game_id"], s["invite_url"])
                assert got["seat"] == s["seat"]
                s["token"], s["url"] = got["token"], got["url"]
    return out


def claim_invite(client: TestClient, gid: str, invite_url: str) -> dict[str, Any]:
    """Open an invite link as its player's table does: POST the code, get the seat's token."""
    code = invite_url.split("invite=", 1)[1]
    r = client.post(f"/api/games/{gid}/claim", json={"invite": code})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def state(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    r = client.get(f"/api/games/{gid}/state", params=params)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def wait_for(client: TestClient, gid: str, token: str | None, pred: Any, timeout: float = 30.0) -> dict[str, Any]:
    """Poll the game's view until ``pred(view)`` holds (bots play in the background)."""
    end = time.monotonic() + timeout
    while True:
        v = state(client, gid, token)
        if pred(v):
            return v
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting; decision {v['decision']}, version {v['version']}")
        time.sleep(0.02)


def act(client: TestClient, gid: str, token: str, version: int, action: str) -> Any:
    return client.post(f"/api/games/{gid}/actions", json={"token": token, "version": version, "action": action})


def play_steps(client: TestClient, gid: str, token: str, n: int, seed: int = 0) -> dict[str, Any]:
    """Let the holder of ``token`` take ``n`` decisions at random (waiting for bots in between)."""
    rnd = random.Random(seed)
    v = state(client, gid, token)
    for _ in range(n):
        v = wait_for(client, gid, token, lambda v: bool(v["decision"]["options"]) or v["view"]["winner"] != -1)
        if v["view"]["winner"] != -1:
            break
        opts = v["decision"]["options"]
        active = [o for o in opts if o.split(" ")[0] not in ("back", "skip", "done", "pass")] or opts
        r = act(client, gid, token, v["version"], rnd.choice(active))
        assert r.status_code == 200, r.text
    return state(client, gid, token)


def play_humans(client: TestClient, gid: str, tokens: dict[int, str], n: int, seed: int = 0) -> dict[str, Any]:
    """Take ``n`` decisions at random for whichever of the seats in ``tokens`` decides (bots
    play their own turns in between). Returns the last spectator view."""
    rnd = random.Random(seed)
    for _ in range(n):
        v = wait_for(client, gid, None, lambda v: v["decision"]["seat"] in tokens or v["view"]["winner"] != -1)
        if v["view"]["winner"] != -1:
            break
        tok = tokens[v["decision"]["seat"]]
        mine = state(client, gid, tok)
        opts = mine["decision"]["options"]
        active = [o for o in opts if o.split(" ")[0] not in ("back", "skip", "done", "pass")] or opts
        r = act(client, gid, tok, mine["version"], rnd.choice(active))
        assert r.status_code == 200, r.text
    return state(client, gid)


def stop_server(proc: subprocess.Popen[Any]) -> None:
    """Stop a `newdawn serve` process as Ctrl-C does, or kill it after 10 s."""
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
