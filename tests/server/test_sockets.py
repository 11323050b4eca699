"""Sockets: a socket that stops reading holds up nobody else; views are shared; sockets are capped."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from newdawn.server import create_app
from newdawn.server.hub import CLOSE_TOO_MANY

from .conftest import act, create, state, wait_for

HUMANS2 = [{"kind": "human"}, {"kind": "human"}]


class StuckSocket:
    """A client that never reads: its first send never completes (a full TCP window)."""

    def __init__(self) -> None:
        self.sends = 0
        self.closed_with: int | None = None

    async def send_text(self, data: str) -> None:
        self.sends += 1
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed_with = code


def join(client: TestClient, gid: str, ws: Any, token: str | None = None, seats: frozenset[int] = frozenset({-1})) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]

    async def go() -> None:
        hub.join(gid, ws, token, seats)

    assert client.portal is not None
    client.portal.call(go)


def post_within(client: TestClient, seconds: float, gid: str, token: str, version: int, action: str) -> int:
    """POST an action from another thread; fail (instead of hanging) if it does not answer in time."""
    out: list[int] = []
    t = threading.Thread(target=lambda: out.append(act(client, gid, token, version, action).status_code), daemon=True)
    t.start()
    t.join(seconds)
    assert out, f"the POST did not answer within {seconds} s"
    return out[0]


@pytest.fixture
def small_queue_client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0, bot_seed=1, queue_size=4)) as c:
        yield c


def test_a_socket_that_never_reads_delays_no_post_and_no_other_socket(small_queue_client: TestClient) -> None:
    client = small_queue_client
    g = create(client, HUMANS2, seed=3)
    gid = g["game_id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    stuck = StuckSocket()
    join(client, gid, stuck)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as ws:
        assert ws.receive_json()["type"] == "view"
        version = 0
        for i in range(12):
            v = wait_for(client, gid, None, lambda v: v["decision"]["seat"] in tokens)
            seat = v["decision"]["seat"]
            mine = state(client, gid, tokens[seat])
            opts = mine["decision"]["options"]
            choice = next((o for o in opts if not o.startswith(("back", "skip", "done", "pass"))), opts[0])
            assert post_within(client, 10, gid, tokens[seat], mine["version"], choice) == 200, i
            version = mine["version"] + 1
        # the reading socket gets every change up to the last one
        while True:
            msg = ws.receive_json()
            if msg["type"] == "view" and msg["version"] == version:
                break
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert stuck.sends == 1, "the stuck socket was given its first view and then nothing more"
    assert stuck not in hub.sockets.get(gid, {}), "a socket whose queue overflowed is dropped"
    assert stuck.closed_with == 4408


def test_each_distinct_view_is_built_once_per_change(client: TestClient) -> None:
    g = create(client, HUMANS2, seed=5)
    gid = g["game_id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    games = client.app.state.games  # type: ignore[attr-defined]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    spectators = 30

    def settle(n_sockets: int) -> None:
        """Wait until every socket was queued the current revision."""
        wait_until(lambda: sum(1 for c in hub.sockets.get(gid, {}).values()
                               if c.shown and c.shown[0] == games.revision(gid)) == n_sockets)

    specs: list[Any] = []
    try:
        seat_ws = client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}").__enter__()
        specs.append(seat_ws)
        for _ in range(spectators):
            specs.append(client.websocket_connect(f"/ws/games/{gid}").__enter__())
        settle(spectators + 1)
        # a spectator connecting costs one view (its own), not one per socket
        before = games.view_builds
        specs.append(client.websocket_connect(f"/ws/games/{gid}").__enter__())
        settle(spectators + 2)
        assert games.view_builds - before == 1
        # an action: one view for the spectators, one for seat 0's token
        before = games.view_builds
        v = state(client, gid, tokens[0] if state(client, gid)["decision"]["seat"] == 0 else tokens[1])
        tok = tokens[v["decision"]["seat"]]
        assert act(client, gid, tok, v["version"], v["decision"]["options"][0]).status_code == 200
        settle(spectators + 2)
        assert games.view_builds - before == 2
        # a spectator leaving builds nothing
        before = games.view_builds
        specs.pop().__exit__(None, None, None)
        wait_until(lambda: len(hub.sockets.get(gid, {})) == spectators + 1)
        assert games.view_builds == before
    finally:
        for s in specs:
            s.__exit__(None, None, None)


def wait_until(pred: Any, timeout: float = 10.0) -> None:
    import time

    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def test_sockets_per_game_are_capped(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0, max_sockets=3)) as client:
        gid = create(client, HUMANS2)["game_id"]
        open_ = [client.websocket_connect(f"/ws/games/{gid}").__enter__() for _ in range(3)]
        try:
            for w in open_:
                assert w.receive_json()["type"] == "view"
            with client.websocket_connect(f"/ws/games/{gid}") as extra:
                err = extra.receive_json()
                assert err["type"] == "error" and "spectators already" in err["error"]
                with pytest.raises(WebSocketDisconnect) as e:
                    extra.receive_json()
                assert e.value.code == CLOSE_TOO_MANY
            # another game is not affected
            other = create(client, HUMANS2)["game_id"]
            with client.websocket_connect(f"/ws/games/{other}") as w2:
                assert w2.receive_json()["type"] == "view"
        finally:
            for w in open_:
                w.__exit__(None, None, None)


def test_a_socket_gets_the_same_view_as_the_state_request(client: TestClient) -> None:
    """The sockets' views are built another way (shared parts made once, the board's JSON spliced
    in): they say exactly what GET /state says to the same viewer."""
    g = create(client, HUMANS2, seed=5)
    gid = g["game_id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    for _ in range(12):  # some history: summaries, touched spaces, log records
        seat = state(client, gid)["decision"]["seat"]
        v = state(client, gid, tokens[seat])
        active = [o for o in v["decision"]["options"] if o.split(" ")[0] not in ("back", "skip", "done", "pass")]
        assert act(client, gid, tokens[seat], v["version"], (active or v["decision"]["options"])[0]).status_code == 200
    for token in (tokens[0], tokens[1], None):
        url = f"/ws/games/{gid}" + (f"?token={token}" if token else "")
        with client.websocket_connect(url) as ws:
            got, asked = ws.receive_json(), state(client, gid, token)
            for clocked in ("handover", "timer"):  # seconds counted from when each was made
                got.pop(clocked), asked.pop(clocked)
            assert got == asked
            assert got["board"]["spaces"] and got["log"][-1]["n"] == got["version"]
