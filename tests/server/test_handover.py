"""Seats handed to a bot and taken back (server/seats.py): who may, when, through the game's
normal action path, stored across a restart, shown in the view, and across two processes on
one PostgreSQL. Refusals number seats from 1, as the table does."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from newdawn.server import create_app

from .conftest import act, create, state, wait_for
from .test_cluster import free_port
from .test_cluster import pg_url as pg_url  # noqa: F401 - the fixture: a schema of its own on PostgreSQL


class Clock:
    """The server's clock, moved by the test (nothing sleeps)."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


def app(db_url: str, clock: Clock, bot_delay: float = 0.0, **kw: Any) -> TestClient:
    """A server on ``clock`` whose handed seats play at random (``bot_delay`` 30: bots stay put)."""
    return TestClient(create_app(db_url, bot_delay=bot_delay, bot_seed=1, bot_workers=0, clock=clock,
                                 handover_bot="random", away_s=300, timer_tick_s=0.02, **kw))


def hand(c: TestClient, gid: str, seat: int, token: str | None) -> httpx.Response:
    return c.post(f"/api/games/{gid}/seats/{seat}/bot", json={"token": token} if token else {})


def take_back(c: TestClient, gid: str, seat: int, token: str | None) -> httpx.Response:
    return c.post(f"/api/games/{gid}/seats/{seat}/takeback", json={"token": token} if token else {})


def two_humans(c: TestClient) -> tuple[str, dict[int, str]]:
    g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=21)
    return g["game_id"], {s["seat"]: s["token"] for s in g["seats"]}


def test_others_may_hand_over_an_absent_seat_only_after_it_was_away(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock) as c:
        gid, tok = two_humans(c)
        r = hand(c, gid, 1, None)
        assert r.status_code == 403 and "spectator" in r.json()["error"]
        r = hand(c, gid, 1, tok[0])
        assert r.status_code == 403, r.text
        assert "Seat 2" in r.json()["error"] and "5 min" in r.json()["error"]
        offer = [o for o in state(c, gid, tok[0])["handover"]["offers"] if o["seat"] == 1]
        assert offer and offer[0]["in_s"] == 300 and offer[0]["label"].startswith("Hand Seat 2")
        # while the seat's player has a socket open, nobody else may, however long it lasts
        with c.websocket_connect(f"/ws/games/{gid}?token={tok[1]}") as ws:
            ws.receive_json()
            clock.t += 1000
            r = hand(c, gid, 1, tok[0])
            assert r.status_code == 403 and "at the table" in r.json()["error"]
            assert not [o for o in state(c, gid, tok[0])["handover"]["offers"] if o["seat"] == 1]
        # the socket closed: away from now on
        clock.t += 299
        assert hand(c, gid, 1, tok[0]).status_code == 403
        clock.t += 2
        v0 = state(c, gid)["version"]
        r = hand(c, gid, 1, tok[0])
        assert r.status_code == 200, r.text
        assert r.json()["version"] == v0 + 1
        assert hand(c, gid, 1, tok[0]).json()["error"].endswith("is played by a bot already")
        v = state(c, gid)
        seat = v["seats"][1]
        assert seat["proxy"] == "random"
        assert seat["proxy_text"].startswith("Seat 2 (") and "since round 1" in seat["proxy_text"]
        assert "handed over by Seat 1" in seat["proxy_text"] and "can take it back" in seat["proxy_text"]
        assert state(c, gid, tok[1])["handover"]["take_back"][0]["label"] == "Take back my seat"


def test_the_bot_plays_through_the_action_path_and_the_player_takes_it_back(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock) as c:
        gid, tok = two_humans(c)
        assert hand(c, gid, 1, tok[1]).status_code == 200  # its own player: at once
        assert "their player asked" in state(c, gid)["seats"][1]["proxy_text"]
        # seat 1 plays; every decision of seat 2 is taken by the bot, logged as seat 2's
        for _ in range(60):
            v = wait_for(c, gid, tok[0], lambda v: v["decision"]["seat"] == 0 or v["view"]["winner"] != -1)
            if any(g["seat"] == 1 for g in v["log"]):
                break
            assert act(c, gid, tok[0], v["version"], v["decision"]["options"][0]).status_code == 200
        assert any(g["seat"] == 1 for g in v["log"]), "the bot never played seat 2"
        mine = state(c, gid, tok[1])
        assert mine["decision"]["options"] == [] or mine["decision"]["seat"] != 1
        # the seat's own player cannot act while the bot plays, others cannot take it back
        r = take_back(c, gid, 1, tok[0])
        assert r.status_code == 403 and "Seat 2" in r.json()["error"]
        assert take_back(c, gid, 1, None).status_code == 403
        assert take_back(c, gid, 0, tok[0]).status_code == 400  # played by its player already
        r = take_back(c, gid, 1, tok[1])
        assert r.status_code == 200, r.text
        v = state(c, gid, tok[1])
        assert v["seats"][1]["proxy"] is None and v["seats"][1]["proxy_text"] is None
        assert v["handover"]["take_back"] == []
        # the bot's last move is not the player's to undo
        if v["log"][-1]["seat"] == 1:
            assert not v["undo"]["allowed"]
        # and the player plays again: nobody else answers for seat 2 now
        for _ in range(60):
            v = wait_for(c, gid, None, lambda v: v["decision"]["seat"] in (0, 1) or v["view"]["winner"] != -1)
            if v["decision"]["seat"] != 0 or v["view"]["winner"] != -1:
                break
            mine = state(c, gid, tok[0])
            assert act(c, gid, tok[0], mine["version"], mine["decision"]["options"][0]).status_code == 200
        v = state(c, gid, tok[1])
        if v["view"]["winner"] == -1:
            assert v["decision"]["seat"] == 1 and v["decision"]["options"]
            seat1_turns = sum(g["seat"] == 1 for g in v["log"])
            assert act(c, gid, tok[1], v["version"], v["decision"]["options"][0]).status_code == 200
            assert sum(g["seat"] == 1 for g in state(c, gid)["log"]) == seat1_turns + 1


def test_a_player_cannot_act_while_a_bot_plays_their_deciding_seat(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock) as c:
        gid, tok = two_humans(c)
        who = state(c, gid)["decision"]["seat"]
        other = 1 - who
        # refusals name seats from 1: the first decision belongs to seat `who` (Seat who + 1)
        v = state(c, gid, tok[other])
        r = act(c, gid, tok[other], v["version"], "pass")
        assert r.status_code == 403
        assert f"it is Seat {who + 1} (" in r.json()["error"], r.json()
        assert "seat 0" not in r.json()["error"].lower()
        # with the bot driver stopped the deciding seat stays the bot's; its player's act is refused
        with app(db_url, clock, bot_delay=30) as slow:
            assert hand(slow, gid, who, tok[who]).status_code == 200
            v = state(slow, gid, tok[who])
            r = act(slow, gid, tok[who], v["version"], "pass")
            assert r.status_code == 403 and "played by a bot now" in r.json()["error"]
            assert f"Seat {who + 1}" in r.json()["error"]


def test_creation_errors_number_seats_from_one(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "robot"}]})
    assert r.status_code == 400 and r.json()["error"].startswith("seat 2:")


def test_handover_survives_a_restart_and_the_new_server_drives_the_bot(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock) as c:
        gid, tok = two_humans(c)
        who = state(c, gid)["decision"]["seat"]
        other = 1 - who
    # the deciding seat handed over while no server drives it: stored, and resumed on start
    with app(db_url, clock, bot_delay=30) as slow:
        assert hand(slow, gid, who, tok[who]).status_code == 200
        before = state(slow, gid)["version"]
    with app(db_url, clock) as c:
        v = state(c, gid)
        assert v["seats"][who]["proxy"] == "random"
        assert v["seats"][other]["proxy"] is None
        wait_for(c, gid, None, lambda v: v["version"] > before)  # the bot went on playing
        assert take_back(c, gid, who, tok[who]).status_code == 200
    with app(db_url, clock) as c:
        assert state(c, gid)["seats"][who]["proxy"] is None


# ---------------------------------------------------------------- two processes on PostgreSQL


def serve(url: str) -> tuple[subprocess.Popen[bytes], httpx.Client]:
    port = free_port()
    exe = Path(sys.executable).with_name("newdawn")
    proc = subprocess.Popen([str(exe), "serve", "--port", str(port), "--db", url, "--bot-delay", "0.01",
                             "--handover-bot", "random", "--bot-workers", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=dict(os.environ))
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=20)
    end = time.monotonic() + 60
    while True:
        try:
            if http.get("/api/bots").status_code == 200:
                return proc, http
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > end:
            proc.kill()
            raise AssertionError("the server did not start: " + (proc.stderr.read().decode()[-2000:] if proc.stderr else ""))
        time.sleep(0.1)


def test_two_processes_share_a_handover(pg_url: str) -> None:
    procs = []
    try:
        pa, a = serve(pg_url)
        procs.append(pa)
        pb, b = serve(pg_url)
        procs.append(pb)
        r = a.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4})
        gid = r.json()["game_id"]
        tok = {s["seat"]: s["token"] for s in r.json()["seats"]}
        # claim seat 2 through the other process
        code = r.json()["seats"][1]["invite_url"].split("invite=")[1]
        tok[1] = b.post(f"/api/games/{gid}/claim", json={"invite": code}).json()["token"]
        assert b.get(f"/api/games/{gid}/state").status_code == 200  # loaded in both
        assert a.post(f"/api/games/{gid}/seats/1/bot", json={"token": tok[1]}).status_code == 200

        def seen(srv: httpx.Client, pred: Any) -> dict[str, Any]:
            end = time.monotonic() + 20
            while True:
                v: dict[str, Any] = srv.get(f"/api/games/{gid}/state", params={"token": tok[0]}).json()
                if pred(v):
                    return v
                assert time.monotonic() < end, "the other process never showed the change"
                time.sleep(0.05)

        seen(b, lambda v: v["seats"][1]["proxy"] == "random")
        # seat 1 plays through process B; the bot (driven by whichever process holds the lease) answers
        for _ in range(60):
            v = seen(b, lambda v: v["decision"]["seat"] == 0 or v["view"]["winner"] != -1)
            if any(g["seat"] == 1 for g in v["log"]) or v["view"]["winner"] != -1:
                break
            b.post(f"/api/games/{gid}/actions", json={"token": tok[0], "version": v["version"],
                                                       "action": v["decision"]["options"][0]})
        assert any(g["seat"] == 1 for g in v["log"]), "no process played the handed seat"
        assert b.post(f"/api/games/{gid}/seats/1/takeback", json={"token": tok[1]}).status_code == 200
        seen(a, lambda v: v["seats"][1]["proxy"] is None)
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
