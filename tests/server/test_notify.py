"""Turn webhooks (server/notify.py): set with the seat's own token, checked, POSTed to a local
receiver when the decision passes to the seat, never carrying a token, never holding up a
request, failures logged and not raised. And the table's browser notifications are a module
of their own, hooked into the table."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

import pytest
from fastapi.testclient import TestClient

from newdawn.server import create_app

from .conftest import act, create, state


class Receiver:
    """A local HTTP server that records the bodies POSTed to it; ``gate`` holds every answer
    until it is set; ``status`` is what it answers."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        self.gate = threading.Event()
        self.gate.set()
        self.status = 204
        got = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                got.gate.wait(20)
                got.bodies.append(body)
                self.send_response(got.status)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook?x=1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def wait(self, n: int, timeout: float = 15.0) -> list[dict[str, Any]]:
        end = time.monotonic() + timeout
        while len(self.bodies) < n:
            assert time.monotonic() < end, f"the receiver got {len(self.bodies)} notices, expected {n}"
            time.sleep(0.02)
        return [json.loads(b) for b in self.bodies]

    def close(self) -> None:
        self.gate.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    try:
        yield r
    finally:
        r.close()


@pytest.fixture
def lan_client(db_url: str) -> Iterator[TestClient]:
    """A server that may call webhooks on this machine (the receiver listens on 127.0.0.1)."""
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1, bot_workers=0, webhook_private=True,
                               webhook_timeout_s=3)) as c:
        yield c


def set_hook(c: TestClient, gid: str, seat: int, token: str | None, url: Any) -> Any:
    return c.post(f"/api/games/{gid}/seats/{seat}/webhook", json={"token": token, "url": url})


def play_until(c: TestClient, gid: str, tok: dict[int, str], seat: int) -> dict[str, Any]:
    """Act for whoever decides until ``seat`` does."""
    for _ in range(200):
        v = state(c, gid)
        if v["decision"]["seat"] == seat:
            return v
        mine = state(c, gid, tok[v["decision"]["seat"]])
        r = act(c, gid, tok[v["decision"]["seat"]], mine["version"], mine["decision"]["options"][0])
        assert r.status_code == 200, r.text
    raise AssertionError("the seat never got to decide")


def two_humans(c: TestClient) -> tuple[str, dict[int, str]]:
    g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=21)
    return g["game_id"], {s["seat"]: s["token"] for s in g["seats"]}


def test_the_seat_webhook_is_called_when_it_becomes_its_turn(lan_client: TestClient, receiver: Receiver) -> None:
    c = lan_client
    gid, tok = two_humans(c)
    first = state(c, gid)["decision"]["seat"]
    other = 1 - first
    r = set_hook(c, gid, other, tok[other], receiver.url)
    assert r.status_code == 200 and r.json() == {"ok": True, "seat": other, "webhook": True}
    v = play_until(c, gid, tok, other)
    (note,) = receiver.wait(1)
    assert note["type"] == "your_turn" and note["game_id"] == gid and note["seat"] == other
    assert note["seat_name"].startswith(f"Seat {other + 1} (") and note["round"] == v["turn"]["round"]
    assert note["table"] == f"/table.html?game={gid}" and note["version"] == v["version"]
    raw = receiver.bodies[0].decode()
    assert not any(t in raw for t in tok.values()), "a token was sent to the webhook"
    # the seat's own decisions that follow send nothing more; the next time it is its turn, one
    play_until(c, gid, tok, first)
    play_until(c, gid, tok, other)
    assert len(receiver.wait(2)) == 2
    # cleared with null: nothing more
    assert set_hook(c, gid, other, tok[other], None).json()["webhook"] is False
    play_until(c, gid, tok, first)
    play_until(c, gid, tok, other)
    time.sleep(0.3)
    assert len(receiver.bodies) == 2


@pytest.mark.parametrize("url", ["ftp://example.org/x", "file:///etc/passwd", "javascript:alert(1)", "http://",
                                 "http://exa mple.org/", "https://example.org/" + "a" * 600, 42, ["http://x.org"],
                                 "http://example.org:99999/", "http://bücher.example/"])
def test_bad_webhook_urls_are_refused(client: TestClient, url: Any) -> None:
    gid, tok = two_humans(client)
    r = set_hook(client, gid, 0, tok[0], url)
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith("url ") and len(r.json()["error"]) < 100


def test_only_the_seats_own_player_sets_its_webhook(client: TestClient) -> None:
    gid, tok = two_humans(client)
    assert set_hook(client, gid, 0, tok[1], "https://example.org/hook").status_code == 403
    assert set_hook(client, gid, 0, None, "https://example.org/hook").status_code == 403
    assert set_hook(client, gid, 0, "nope", "https://example.org/hook").status_code == 403
    assert set_hook(client, gid, 7, tok[0], "https://example.org/hook").status_code == 404
    assert set_hook(client, gid, 0, tok[0], "https://example.org/hook").status_code == 200


def test_a_slow_or_failing_receiver_holds_up_nothing(lan_client: TestClient, receiver: Receiver,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    c = lan_client
    gid, tok = two_humans(c)
    first = state(c, gid)["decision"]["seat"]
    other = 1 - first
    assert set_hook(c, gid, other, tok[other], receiver.url).status_code == 200
    receiver.gate.clear()  # the receiver takes the notice and does not answer
    receiver.status = 500
    play_until(c, gid, tok, other)
    # the game goes on while the receiver still holds the notice
    v = state(c, gid, tok[other])
    assert act(c, gid, tok[other], v["version"], v["decision"]["options"][0]).status_code == 200
    assert receiver.bodies == []
    receiver.gate.set()
    receiver.wait(1)
    notifier = c.app.state.notifier  # type: ignore[attr-defined]
    end = time.monotonic() + 10
    while notifier.failed < 1:
        assert time.monotonic() < end
        time.sleep(0.02)
    assert "answered 500" in caplog.text and "hook?x=1" not in caplog.text  # the host only


def test_private_addresses_are_not_called_by_default(client: TestClient, receiver: Receiver) -> None:
    gid, tok = two_humans(client)
    first = state(client, gid)["decision"]["seat"]
    other = 1 - first
    assert set_hook(client, gid, other, tok[other], receiver.url).status_code == 200
    play_until(client, gid, tok, other)
    notifier = client.app.state.notifier  # type: ignore[attr-defined]
    end = time.monotonic() + 10
    while notifier.failed < 1:
        assert time.monotonic() < end, "the notice was neither sent nor refused"
        time.sleep(0.02)
    assert receiver.bodies == []


def test_the_table_has_a_notification_module_asked_for_on_a_gesture() -> None:
    static = resources.files("newdawn.server") / "static"
    js = (static / "notify.js").read_text()
    assert "Notification.requestPermission" in js and "document.hidden" in js
    # permission is asked in the bell's click handler only
    assert js.count("requestPermission") == 1
    assert "notify.js" in (static / "table.js").read_text()


@pytest.mark.parametrize("host", ["[::127.0.0.1]", "[64:ff9b::7f00:1]", "[64:ff9b:1::a00:1]", "[::ffff:10.0.0.1]",
                                  "[2002:7f00:1::1]", "[::ffff:7f00:1]"])
def test_ipv6_forms_that_embed_a_private_ipv4_address_are_not_public(host: str) -> None:
    import asyncio

    from newdawn.server.notify import Notifier

    assert asyncio.run(Notifier._public(f"http://{host}/hook")) is False
    assert asyncio.run(Notifier._public("http://[2606:4700::1111]/hook")) is True


def test_one_seat_cannot_make_the_server_flood_a_url(receiver: Receiver) -> None:
    import asyncio

    from newdawn.server.notify import NOTICES_PER_SEAT, Notifier

    class Store:
        def webhook(self, game_id: str, seat: int) -> str:
            return receiver.url

    async def run() -> Notifier:
        n = Notifier(Store(), allow_private=True)  # type: ignore[arg-type]
        n.start()
        for _ in range(20):
            n.turn("g", 1, {"n": 1})
        for _ in range(200):
            await asyncio.sleep(0.02)
            if n.sent + n.limited >= 20:
                break
        await n.close()
        return n

    n = asyncio.run(run())
    assert n.sent == NOTICES_PER_SEAT[0] and n.limited == 20 - NOTICES_PER_SEAT[0]
    assert len(receiver.bodies) == NOTICES_PER_SEAT[0]
