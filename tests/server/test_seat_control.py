"""Seats and presence that only their holders change (issue 43, items 3 and 4)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .conftest import act, claim_invite, create, state
from .test_handover import Clock, app, hand, take_back

HUMAN = {"kind": "human"}


def test_a_wrong_token_does_not_reset_the_away_clock_of_a_seat_that_never_connected(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock) as c:
        g = create(c, [HUMAN, HUMAN, HUMAN], seed=5, claim=False)
        gid = g["game_id"]
        tok0 = next(s["token"] for s in g["seats"] if s["token"])
        claim_invite(c, gid, g["seats"][1]["invite_url"])  # seat 2's player never connects; seat 3 is unclaimed
        clock.t += 301
        assert c.get(f"/api/games/{gid}/state", params={"token": "x" * 32}).status_code == 403
        r = hand(c, gid, 1, tok0)
        assert r.status_code == 200, r.text


def test_spectators_cannot_take_a_players_socket_slots(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock, max_sockets=3) as c:
        g = create(c, [HUMAN, HUMAN], seed=5)
        gid = g["game_id"]
        tok = {s["seat"]: s["token"] for s in g["seats"]}
        watchers = [c.websocket_connect(f"/ws/games/{gid}") for _ in range(3)]
        for w in watchers:
            w.__enter__().receive_json()
        try:
            with c.websocket_connect(f"/ws/games/{gid}") as extra:
                msg = extra.receive_json()
                assert msg["type"] == "error" and "spectators" in msg["error"]
                try:
                    extra.receive_json()
                except WebSocketDisconnect as e:
                    assert e.code == 4429
            with c.websocket_connect(f"/ws/games/{gid}?token={tok[1]}") as mine:
                msg = mine.receive_json()
                assert msg["type"] == "view" and msg["seat"] == 1
                # the player is at the table: nobody may hand the seat over
                clock.t += 1000
                r = hand(c, gid, 1, tok[0])
                assert r.status_code == 403 and "at the table" in r.json()["error"]
        finally:
            for w in watchers:
                w.__exit__(None, None, None)


def test_the_hot_seat_link_loses_a_seat_once_its_invitee_claims_it(client: TestClient) -> None:
    g = create(client, [HUMAN, HUMAN, {"kind": "bot", "bot": "random"}], seed=3, claim=False, hotseat=True)
    gid, hot = g["game_id"], g["hotseat_url"].split("hotseat=")[1]
    assert "invite link has been opened" in g["hotseat_note"]
    assert state(client, gid, hot)["acting"] == [0, 1]
    mine = claim_invite(client, gid, g["seats"][1]["invite_url"])
    assert state(client, gid, hot)["acting"] == [0]
    # the creator can no longer act, hand over, or redirect the notices of the invitee's seat
    assert hand(client, gid, 1, hot).status_code == 403
    r = client.post(f"/api/games/{gid}/seats/1/webhook", json={"token": hot, "url": "https://example.org/x"})
    assert r.status_code == 403
    for _ in range(40):
        v = state(client, gid, hot)
        if v["decision"]["seat"] == 1:
            break
        if v["decision"]["seat"] == 0:
            assert act(client, gid, hot, v["version"], v["decision"]["options"][0]).status_code == 200
    v = state(client, gid, hot)
    assert v["decision"]["seat"] == 1
    option = state(client, gid, mine["token"])["decision"]["options"][0]
    assert act(client, gid, hot, v["version"], option).status_code == 403
    assert act(client, gid, mine["token"], v["version"], option).status_code == 200


def test_a_seat_cannot_change_hands_without_end(db_url: str) -> None:
    clock = Clock()
    with app(db_url, clock, bot_delay=30) as c:
        g = create(c, [HUMAN, HUMAN], seed=21)
        tok = {s["seat"]: s["token"] for s in g["seats"]}
        gid = g["game_id"]
        codes = []
        for i in range(10):
            r = hand(c, gid, 1, tok[1]) if i % 2 == 0 else take_back(c, gid, 1, tok[1])
            codes.append(r.status_code)
        assert codes[:7] == [200] * 6 + [429], codes
        r = hand(c, gid, 1, tok[1])
        assert r.status_code == 429 and "changed hands" in r.json()["error"]


def test_the_lobby_answers_carry_their_words(client: TestClient) -> None:
    """Issue 41: each seat's line among the links and each game's players and status in the list
    are the server's words (``describe/lobby.py``); the lobby places them."""
    g = create(client, [HUMAN, HUMAN, {"kind": "bot", "bot": "random"}], seed=3, claim=False)
    labels = {s["seat"]: (s["name"], s["label"]) for s in g["seats"]}
    assert labels[0] == ("Seat 1", "Seat 1 (human): your seat")
    assert labels[1][0] == "Seat 2" and labels[1][1].startswith("Seat 2 (human): invite link")
    assert labels[2] == ("Seat 3", None)
    (row,) = [r for r in client.get("/api/games").json()["games"] if r["game_id"] == g["game_id"]]
    assert row["status_text"] == "playing (practice)"
    assert row["players_text"].count(", ") == 2 and row["players_text"].endswith("(bot random)"), row["players_text"]
