"""``newdawn serve`` starts uvicorn, says what to open and where games are saved."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from newdawn.cli.main import build_parser, main

from .conftest import stop_server


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_prints_the_address_and_the_database_file_and_answers(tmp_path: Path) -> None:
    port = _free_port()
    db = tmp_path / "served.db"
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from newdawn.cli.main import main; sys.exit(main())",
         "serve", "--port", str(port), "--db", f"sqlite:///{db}"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline(), proc.stdout.readline()]
        assert f"http://127.0.0.1:{port}/" in lines[0]
        assert str(db) in lines[1]
        body = None
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2) as r:
                    body = json.loads(r.read())
                break
            except OSError:
                time.sleep(0.1)
        assert body is not None and body["games"] == [] and body["total"] == 0
        assert db.exists()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
            assert r.status == 200 and b"<" in r.read()
    finally:
        stop_server(proc)


def _start(port: int, db: Path, cwd: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from newdawn.cli.main import main; sys.exit(main())",
         "serve", "--port", str(port), "--db", f"sqlite:///{db}", "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd,
    )
    end = time.monotonic() + 90  # a loaded machine starts a server slowly
    while time.monotonic() < end and proc.poll() is None:
        try:
            _http("GET", port, "/api/games")
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def _http(method: str, port: int, path: str, body: Any = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as r:
        return json.loads(r.read())


def test_a_killed_server_loses_nothing(tmp_path: Path) -> None:
    port, db = _free_port(), tmp_path / "killed.db"
    proc = _start(port, db, tmp_path)
    try:
        g = _http("POST", port, "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 99})
        gid = g["game_id"]
        tokens = {s["seat"]: s["token"] for s in g["seats"] if s["token"]}
        for s in g["seats"]:
            if s["invite_url"]:  # the other player opens their invite link
                code = s["invite_url"].split("invite=", 1)[1]
                tokens[s["seat"]] = _http("POST", port, f"/api/games/{gid}/claim", {"invite": code})["token"]
        for _ in range(8):
            seat = _http("GET", port, f"/api/games/{gid}/state")["decision"]["seat"]
            v = _http("GET", port, f"/api/games/{gid}/state?token={tokens[seat]}")
            r = _http("POST", port, f"/api/games/{gid}/actions",
                      {"token": tokens[seat], "version": v["version"], "action": v["decision"]["options"][-1]})
            assert r["ok"]
        before = _http("GET", port, f"/api/games/{gid}/state")
    finally:
        proc.send_signal(signal.SIGKILL)  # no shutdown, no cleanup
        proc.wait()
    proc = _start(port, db, tmp_path)
    try:
        after = _http("GET", port, f"/api/games/{gid}/state")
        assert after["version"] == before["version"] == 8
        assert after["log"] == before["log"] and after["view"] == before["view"]
        assert after["decision"] == before["decision"]
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=10)


def test_serve_has_its_options_and_play_still_watches_bots() -> None:
    from newdawn.cli.main import _plugins

    p = build_parser()
    sub = next(a for a in p._actions if a.__class__.__name__ == "_SubParsersAction")
    for mod in _plugins().values():
        mod.add_parser(sub)  # type: ignore[attr-defined]
    args = p.parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)
    assert "play" in sub.choices  # the terminal bot game stays reachable as `newdawn play`


def test_serve_reports_an_unusable_database(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "no" / "such" / "dir" / "x.db"
    assert main(["serve", "--db", f"sqlite:///{bad}"]) == 2
    assert "cannot open the database" in capsys.readouterr().err
    assert not os.path.exists(bad)
