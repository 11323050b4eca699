"""Turn limits (``turn_limit_s``): checked at creation, shown in the view, a seat that runs out
is handed to the bot, and the stored deadline survives a restart. The server's clock is
injected: nothing here waits for real time to pass."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import act, create, state, wait_for
from .test_cluster import pg_url as pg_url  # noqa: F401 - the fixture: a schema of its own on PostgreSQL
from .test_handover import Clock, app


@pytest.mark.parametrize("bad", ["60", 60.5, True, 0, 5, -60, 10**12, [60], {"s": 60}])
def test_a_bad_turn_limit_is_refused_clearly(client: TestClient, bad: Any) -> None:
    r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "turn_limit_s": bad})
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith("turn_limit_s must be")
    assert len(r.json()["error"]) < 120
    assert client.get("/api/games").json()["games"] == []


def test_the_lobby_offers_turn_limits_in_words(client: TestClient) -> None:
    opts = client.get("/api/options").json()
    assert opts["turn_limits"][0] == {"value": None, "label": "no turn limit"}
    assert all(isinstance(o["label"], str) and o["label"] for o in opts["turn_limits"])
    for o in opts["turn_limits"][1:]:  # every choice is accepted at creation
        r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "bot"}], "turn_limit_s": o["value"]})
        assert r.status_code == 200 and r.json()["turn_limit_s"] == o["value"]


def test_no_limit_no_timer(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "human"}])
    assert state(client, g["game_id"])["timer"] is None


def test_the_clock_runs_for_the_deciding_seat_and_a_late_seat_goes_to_the_bot(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=21, turn_limit_s=120)
        gid = g["game_id"]
        tok = {s["seat"]: s["token"] for s in g["seats"]}
        v = state(c, gid)
        who = v["decision"]["seat"]
        assert v["timer"]["seat"] == who and v["timer"]["limit_s"] == 120 and v["timer"]["remaining_s"] == 120
        assert v["timer"]["text"].startswith(f"Seat {who + 1} (") and "2 min" in v["timer"]["text"]
        clock.t += 50
        assert state(c, gid)["timer"]["remaining_s"] == 70
        # the seat's turn goes on over several decisions on one clock; a new seat gets a new one
        while True:
            mine = state(c, gid, tok[who])
            assert act(c, gid, tok[who], mine["version"], mine["decision"]["options"][0]).status_code == 200
            v = state(c, gid)
            if v["decision"]["seat"] != who:
                break
            assert v["timer"]["remaining_s"] == 70
        other = v["decision"]["seat"]
        assert v["timer"]["seat"] == other and v["timer"]["remaining_s"] == 120
        # time runs out: the server hands the seat to the bot, which plays on
        clock.t += 119
        assert state(c, gid)["seats"][other]["proxy"] is None
        clock.t += 2
        v = wait_for(c, gid, None, lambda v: v["seats"][other]["proxy"] == "random")
        assert "time ran out" in v["seats"][other]["proxy_text"]
        assert v["seats"][other]["proxy_text"].startswith(f"Seat {other + 1} (")
        v = wait_for(c, gid, None, lambda v: v["decision"]["seat"] != other or v["view"]["winner"] != -1)
        if v["view"]["winner"] == -1:  # back to a person: their clock starts afresh
            assert v["timer"]["seat"] == v["decision"]["seat"] and v["timer"]["remaining_s"] == 120
        # the late player takes the seat back: when it is theirs to decide, a full turn's time again
        assert c.post(f"/api/games/{gid}/seats/{other}/takeback", json={"token": tok[other]}).status_code == 200
        assert state(c, gid)["seats"][other]["proxy"] is None


def test_a_deciding_seat_taken_back_gets_a_fresh_clock_and_a_bot_has_none(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock, bot_delay=30) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=21, turn_limit_s=60)
        gid = g["game_id"]
        tok = {s["seat"]: s["token"] for s in g["seats"]}
        who = state(c, gid)["decision"]["seat"]
        clock.t += 40
        assert c.post(f"/api/games/{gid}/seats/{who}/bot", json={"token": tok[who]}).status_code == 200
        assert state(c, gid)["timer"] is None  # a bot decides (the driver waits 30 s before it acts)
        clock.t += 500
        assert c.post(f"/api/games/{gid}/seats/{who}/takeback", json={"token": tok[who]}).status_code == 200
        v = state(c, gid)
        assert v["timer"]["seat"] == who and v["timer"]["remaining_s"] == 60


def test_the_deadline_survives_a_restart(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock) as c:
        g = create(c, [{"kind": "human"}, {"kind": "human"}], seed=21, turn_limit_s=300)
        gid = g["game_id"]
        who = state(c, gid)["decision"]["seat"]
        clock.t += 100
    with app(db_url, clock) as c:
        assert state(c, gid)["timer"]["remaining_s"] == 200
    clock.t += 250  # the time ran out while no server ran: the next one hands the seat over
    with app(db_url, clock) as c:
        v = wait_for(c, gid, None, lambda v: v["seats"][who]["proxy"] is not None)
        assert "time ran out" in v["seats"][who]["proxy_text"]


def test_two_processes_on_postgresql_hand_a_late_seat_over_once(pg_url: str) -> None:  # noqa: F811
    clock = Clock()
    with app(pg_url, clock) as a, app(pg_url, clock) as b:
        g = create(a, [{"kind": "human"}, {"kind": "human"}], seed=21, turn_limit_s=60)
        gid = g["game_id"]
        who = state(a, gid)["decision"]["seat"]
        assert state(b, gid)["timer"]["remaining_s"] == 60  # the deadline is read from the store
        version = state(a, gid)["version"]
        clock.t += 61  # both processes check the turn limits: one write wins, the other reloads
        for c in (a, b):
            wait_for(c, gid, None, lambda v: v["seats"][who]["proxy"] is not None)
        from sqlalchemy import create_engine, text

        e = create_engine(pg_url)
        try:
            with e.connect() as conn:
                revision, actions = conn.execute(text(  # one statement: one snapshot while the bot plays
                    "SELECT revision, (SELECT count(*) FROM actions WHERE game_id = :g) FROM games WHERE id = :g"),
                    {"g": gid}).one()
        finally:
            e.dispose()
        assert revision == version + 1 + actions  # one handover, then the bot's actions
