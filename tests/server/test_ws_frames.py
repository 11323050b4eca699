"""WebSocket frames under ``newdawn serve``: each message compressed on its own (so one frame can
go to every socket it is for), built once per distinct text, and readable by an ordinary client."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from newdawn.server.wsframes import FrameCache, protocol_class

from .conftest import stop_server

ws_sync = pytest.importorskip("websockets.sync.client", reason="the websockets package is not installed")


def test_a_text_is_framed_once_per_framing_and_only_while_it_is_the_same_object() -> None:
    cache = FrameCache(size=2)
    built: list[str] = []

    def build(tag: str) -> bytes:
        built.append(tag)
        return tag.encode()

    text = "".join(["{", '"a": 1', "}"])  # built at run time: not an interned constant
    assert cache.get(text, ("deflate", 15), lambda: build("x")) == b"x"
    assert cache.get(text, ("deflate", 15), lambda: build("y")) == b"x"  # shared
    assert cache.get(text, (), lambda: build("z")) == b"z"  # another framing
    twin = "".join(["{", '"a": 1', "}"])
    assert twin == text and twin is not text
    cache.get(twin, ("deflate", 15), lambda: build("w"))  # equal text, other object: framed anew
    assert built == ["x", "z", "w"]
    for i in range(3):  # older texts leave the cache
        cache.get(str(i) * 3, (), lambda: build("n"))
    cache.get(text, ("deflate", 15), lambda: build("again"))
    assert built[-1] == "again" and cache.built == len(built)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(tmp_path: Path, *extra: str) -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from newdawn.cli.main import main; sys.exit(main())",
                             "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'g.db'}", "--bot-delay", "0",
                             *extra], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{base}/api/bots", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield base
    finally:
        stop_server(proc)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    yield from serve(tmp_path)


@pytest.fixture
def plain_server(tmp_path: Path) -> Iterator[str]:
    yield from serve(tmp_path, "--no-ws-compression")


def spectate(base: str, gid: str) -> tuple[dict, str]:  # type: ignore[type-arg]
    with ws_sync.connect(f"{base.replace('http', 'ws')}/ws/games/{gid}", open_timeout=20) as ws:
        msg = json.loads(ws.recv(timeout=20))
        ext = ws.response.headers.get("Sec-WebSocket-Extensions", "")
    return msg, ext


@pytest.mark.skipif(protocol_class() is None, reason="this uvicorn has no websockets-sansio protocol")
def test_served_views_are_compressed_per_message_and_read_by_a_client(server: str) -> None:
    gid = httpx.post(f"{server}/api/games", json={"seats": [{"kind": "human"}] * 4, "seed": 5}, timeout=20).json()["game_id"]
    (a, ext_a), (b, ext_b) = spectate(server, gid), spectate(server, gid)
    assert "permessage-deflate" in ext_a and "server_no_context_takeover" in ext_a, ext_a
    assert ext_b == ext_a
    assert a["type"] == "view" and a["game_id"] == gid and a == b


def test_no_ws_compression_sends_plain_frames(plain_server: str) -> None:
    gid = httpx.post(f"{plain_server}/api/games", json={"seats": [{"kind": "human"}] * 4, "seed": 5},
                     timeout=20).json()["game_id"]
    msg, ext = spectate(plain_server, gid)
    assert msg["type"] == "view" and ext == ""
