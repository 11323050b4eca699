"""Fixtures for the browser tests: the real server (uvicorn in a thread over a temporary SQLite
file on a free port) and Debian's Chromium driven headless by Playwright.

Chromium comes from Debian (``apt-get install chromium``), never from ``playwright install``."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the browser tests need the server extra")
playwright_sync = pytest.importorskip("playwright.sync_api", reason="the browser tests need playwright")

import uvicorn  # noqa: E402

from newdawn.server import create_app  # noqa: E402

CHROMIUM = os.environ.get("NEWDAWN_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
OUT = Path(__file__).resolve().parents[2] / "out" / "browser"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """Base URL of a running server; stopped after the test."""
    port = _free_port()
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0, bot_seed=3)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    end = time.monotonic() + 90  # a loaded machine starts it slowly
    while not srv.started:
        if time.monotonic() > end or not th.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    th.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: install it with 'apt-get install -y chromium'")
    with playwright_sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def out_dir() -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    return OUT
