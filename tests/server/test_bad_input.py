"""Issue 28, item 8: every bad request gets a 4xx with a short message that repeats at most a
few dozen characters of the input, and changes nothing. One test per class of bad input."""

from __future__ import annotations

import json
import os
import socket
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from newdawn.server import create_app
from newdawn.server.inputs import ECHO, MAX_BODY_BYTES

from .conftest import create, state

TWO = [{"kind": "human"}, {"kind": "human"}]
MARK = "Z"
"""Bad inputs are built from this letter, so an echo of more than ``ECHO`` of them shows."""


def refused(r: Any, *statuses: int) -> str:
    assert r.status_code in (statuses or (400, 403, 404, 409, 413, 422)), (r.status_code, r.text[:200])
    msg: str = r.json()["error"]
    assert MARK * (ECHO + 1) not in msg and len(msg) < 300
    return msg


def post_raw(client: TestClient, path: str, text: str) -> Any:
    return client.post(path, content=text.encode("utf-8", "surrogatepass"),
                       headers={"Content-Type": "application/json"})


@pytest.fixture
def game(client: TestClient) -> dict[str, Any]:
    """A two-human game; ``decider`` is the token of the seat that decides first."""
    g = create(client, TWO)
    g["decider"] = g["seats"][state(client, g["game_id"])["decision"]["seat"]]["token"]
    return g


def _unchanged(client: TestClient, gid: str, version: int = 0) -> None:
    assert state(client, gid)["version"] == version


@pytest.mark.parametrize("depth", [30, 5000, 200_000])
def test_deeply_nested_json(client: TestClient, game: dict[str, Any], depth: int) -> None:
    gid, tok = game["game_id"], game["decider"]
    deep = "[" * depth + "]" * depth
    refused(post_raw(client, "/api/games", '{"seats": ' + deep + "}"), 400, 413)
    refused(post_raw(client, f"/api/games/{gid}/actions",
                     json.dumps({"token": tok, "version": 0, "action": "x"})[:-1] + ', "more": ' + deep + "}"), 400, 413)
    _unchanged(client, gid)
    assert len(client.get("/api/games").json()["games"]) == 1


@pytest.mark.parametrize("leaders", [[["rome"], "egypt"], [{"id": "rome"}, None], [MARK * 5000, None], [7, None]])
def test_a_leader_that_is_not_an_id(client: TestClient, leaders: list[Any]) -> None:
    r = client.post("/api/games", json={"seats": TWO, "leaders": leaders})
    assert "leader" in refused(r, 400)
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("leaders", [["rome", "rome"], ["rome", "random", "rome"]])
def test_a_leader_chosen_for_two_seats_is_refused_by_name(client: TestClient, leaders: list[Any]) -> None:
    from newdawn.content import load_content

    seats = [{"kind": "human"}] * len(leaders)
    message = refused(client.post("/api/games", json={"seats": seats, "leaders": leaders}), 400)
    assert load_content("ti").leaders["rome"].leader in message and "two seats" in message
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("seed", [2**128, 2**200, 2**1000, -5])
def test_seeds_past_the_width(client: TestClient, seed: int) -> None:
    assert "seed" in refused(client.post("/api/games", json={"seats": TWO, "seed": seed}), 400)
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("where", ["action", "token", "leader", "key", "bot"])
def test_lone_surrogates(client: TestClient, game: dict[str, Any], where: str) -> None:
    gid, tok = game["game_id"], game["decider"]
    bad = "\\ud800" + MARK * 60
    if where == "action":
        r = post_raw(client, f"/api/games/{gid}/actions", f'{{"token": "{tok}", "version": 0, "action": "{bad}"}}')
    elif where == "token":
        r = post_raw(client, f"/api/games/{gid}/actions", f'{{"token": "{bad}", "version": 0, "action": "fort 0,0"}}')
    elif where == "leader":
        r = post_raw(client, "/api/games", f'{{"seats": [{{"kind": "human"}}, {{"kind": "human"}}], "leaders": ["{bad}", null]}}')
    elif where == "key":
        r = post_raw(client, "/api/games", f'{{"seats": [{{"kind": "human"}}, {{"kind": "human"}}], "{bad}": 1}}')
    else:
        r = post_raw(client, "/api/games", f'{{"seats": [{{"kind": "human"}}, {{"kind": "bot", "bot": "{bad}"}}]}}')
    refused(r, 400, 403)
    _unchanged(client, gid)
    assert len(client.get("/api/games").json()["games"]) == 1


@pytest.mark.parametrize("path", ["/api/games/ab%00cd/state", "/api/games/" + "a" * 65 + "/state",
                                  "/api/games/%ED%A0%80/state", "/api/games/x%00/why?action=fort"])
def test_bad_game_ids_on_sqlite(client: TestClient, path: str) -> None:
    refused(client.get(path), 404)


def _postgres() -> Iterator[str]:
    url = os.environ.get("NEWDAWN_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            pass
    except OSError:
        pytest.skip("no PostgreSQL server answers on 127.0.0.1:5432 (database 'test', trust auth)")
    pytest.importorskip("psycopg", reason="psycopg 3 is not installed")
    from sqlalchemy import create_engine, text

    schema = f"newdawn_test_{uuid.uuid4().hex[:10]}"
    admin = create_engine(url)
    try:
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


@pytest.fixture
def pg_client() -> Iterator[TestClient]:
    for url in _postgres():
        with TestClient(create_app(url, bot_delay=0, bot_seed=1)) as c:
            yield c


@pytest.mark.parametrize("where", ["path", "token", "action", "invite"])
def test_nul_in_ids_on_postgresql(pg_client: TestClient, where: str) -> None:
    c = pg_client
    g = create(c, TWO, claim=False)
    gid = g["game_id"]
    if where == "path":
        r = c.get("/api/games/ab%00cd/state")
    elif where == "token":
        r = c.get(f"/api/games/{gid}/state", params={"token": "ab\x00cd"})
    elif where == "action":
        r = c.post(f"/api/games/{gid}/actions", json={"token": g["seats"][0]["token"], "version": 0, "action": "fort\x000,0"})
    else:
        r = c.post(f"/api/games/{gid}/claim", json={"invite": "ab\x00cd"})
    refused(r)
    _unchanged(c, gid)


@pytest.mark.parametrize("frame", ["binary", "nested", "huge", "not-json", "surrogate"])
def test_bad_websocket_frames(client: TestClient, game: dict[str, Any], frame: str) -> None:
    gid, tok = game["game_id"], game["decider"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
        first = ws.receive_json()
        assert first["type"] == "view"
        if frame == "binary":
            ws.send_bytes(b"\x00\x01" + MARK.encode() * 100)
        elif frame == "nested":
            ws.send_text("[" * 100_000 + "]" * 100_000)
        elif frame == "huge":
            ws.send_text(json.dumps({"type": "action", "version": 0, "action": MARK * 100_000}))
        elif frame == "not-json":
            ws.send_text(MARK * 1000)
        else:
            ws.send_bytes(('{"type": "action", "version": 0, "action": "\\ud800' + MARK * 60 + '"}').encode())
        while True:
            m = ws.receive_json()
            if m["type"] == "error":
                break
        assert MARK * (ECHO + 1) not in m["error"]
        # the socket still works: a good action is taken and answered with a view
        opts = state(client, gid, tok)["decision"]["options"]
        ws.send_json({"type": "action", "version": 0, "action": opts[0]})
        while True:
            m = ws.receive_json()
            if m["type"] == "view" and m["version"] == 1:
                break
    _unchanged(client, gid, 1)


@pytest.mark.parametrize("size", [MAX_BODY_BYTES + 1, 4 * MAX_BODY_BYTES, 20_000_000])
def test_body_size_limit(client: TestClient, game: dict[str, Any], size: int) -> None:
    gid, tok = game["game_id"], game["decider"]
    body = json.dumps({"token": tok, "version": 0, "action": MARK * size})
    r = client.post(f"/api/games/{gid}/actions", content=body.encode(), headers={"Content-Type": "application/json"})
    assert "larger than" in refused(r, 413)
    _unchanged(client, gid)


@pytest.mark.parametrize("n", [49, 5000, 60_000])
def test_long_action_text_is_not_echoed(client: TestClient, game: dict[str, Any], n: int) -> None:
    gid, tok = game["game_id"], game["decider"]
    r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "version": 0, "action": MARK * n})
    refused(r, 400)
    refused(client.get(f"/api/games/{gid}/why", params={"action": MARK * n}), 400)
    _unchanged(client, gid)
