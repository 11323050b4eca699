"""The server is authoritative: wrong tokens, stale versions and illegal actions change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import act, create, play_steps, state

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _snapshot(client: TestClient, gid: str) -> tuple[int, dict, int]:  # type: ignore[type-arg]
    v = state(client, gid)
    return v["version"], v["view"], len(v["log"])


def _decider(g: dict, client: TestClient) -> tuple[str, str, dict]:  # type: ignore[type-arg]
    gid = g["game_id"]
    seat = state(client, gid)["decision"]["seat"]
    other = 1 - seat
    v = state(client, gid, g["seats"][seat]["token"])
    return g["seats"][seat]["token"], g["seats"][other]["token"], v


def test_illegal_action_is_refused_with_the_engines_reason(client: TestClient) -> None:
    g = create(client, TWO_HUMANS)
    gid = g["game_id"]
    tok, _, v = _decider(g, client)
    before = _snapshot(client, gid)
    r = act(client, gid, tok, v["version"], "fort 99,99")
    assert r.status_code == 400
    # The engine's fact, and describe's words for it (a place by name, not "99,99").
    assert r.json()["refusal"] == {"kind": "fort_few_core", "hex": [99, 99], "number": 0, "limit": 2}
    assert "touches 0 core spaces" in r.json()["error"] and "99" not in r.json()["error"]
    r = act(client, gid, tok, v["version"], "build wonder")  # a verb this decision does not allow
    assert r.status_code == 400
    assert r.json()["refusal"] == {"kind": "verb_not_offered", "item": "build", "names": ["fort"]}
    assert "does not offer" in r.json()["error"]
    r = act(client, gid, tok, v["version"], "??? not notation")
    assert r.status_code == 400 and r.json()["error"]
    assert _snapshot(client, gid) == before
    # why explains the same way, and says yes for a legal option
    w = client.get(f"/api/games/{gid}/why", params={"token": tok, "action": "fort 99,99"}).json()
    assert w["legal"] is False and w["refusal"]["kind"] == "fort_few_core" and "core spaces" in w["reason"]
    w = client.get(f"/api/games/{gid}/why", params={"token": tok, "action": v["decision"]["options"][0]}).json()
    assert w == {"legal": True, "reason": None}
    r = client.get(f"/api/games/{gid}/why", params={"token": tok})
    assert r.status_code == 400 and "action" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/actions", content=b"not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    r = act(client, gid, tok, "seven", v["decision"]["options"][0])
    assert r.status_code == 400 and "version" in r.json()["error"]


def test_wrong_token_and_wrong_seat_are_refused(client: TestClient) -> None:
    g = create(client, TWO_HUMANS)
    gid = g["game_id"]
    tok, other, v = _decider(g, client)
    before = _snapshot(client, gid)
    option = v["decision"]["options"][0]
    r = act(client, gid, "not-a-token", v["version"], option)
    assert r.status_code == 403 and "token" in r.json()["error"]
    r = act(client, gid, other, v["version"], option)
    assert r.status_code == 403 and "decision" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/actions", json={"version": v["version"], "action": option})
    assert r.status_code == 403
    for odd in ("jeton-é", 12345, ["x"]):
        r = client.post(f"/api/games/{gid}/actions", json={"token": odd, "version": v["version"], "action": option})
        assert r.status_code == 403, r.text
    # another game's token is no token of this game
    g2 = create(client, TWO_HUMANS, seed=8)
    r = act(client, gid, g2["seats"][0]["token"], v["version"], option)
    assert r.status_code == 403
    assert _snapshot(client, gid) == before
    assert client.get("/api/games/nope/state").status_code == 404
    assert "error" in client.get("/api/games/nope/state").json()


def test_stale_version_is_refused(client: TestClient) -> None:
    g = create(client, TWO_HUMANS)
    gid = g["game_id"]
    tok, _, v = _decider(g, client)
    option = v["decision"]["options"][0]
    before = _snapshot(client, gid)
    for stale in (v["version"] - 1, v["version"] + 1):
        r = act(client, gid, tok, stale, option)
        assert r.status_code == 409
        assert "version" in r.json()["error"]
    assert _snapshot(client, gid) == before
    r = act(client, gid, tok, v["version"], option)
    assert r.status_code == 200 and r.json() == {"ok": True, "version": v["version"] + 1}
    # the same action again with the version it was chosen on is now stale
    r = act(client, gid, tok, v["version"], option)
    assert r.status_code == 409


def test_hotseat_token_acts_for_every_human_and_no_bot(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}], hotseat=True)
    gid = g["game_id"]
    hs = g["hotseat_url"].split("hotseat=")[1]
    seen: set[int] = set()
    for _ in range(12):
        v = play_steps(client, gid, hs, 1, seed=len(seen))
        seen.add(v["log"][-1]["seat"]) if v["log"] else None
        seen.update(e["seat"] for e in v["log"])
    assert {0, 1} <= seen  # both humans acted through the one token
    assert 2 in seen  # and the bot played its own turns
    v = state(client, gid, hs)
    if v["decision"]["seat"] == 2:
        assert v["decision"]["options"] == []
    with client.websocket_connect(f"/ws/games/{gid}?hotseat=x&token={hs}") as ws:
        m = _next(ws, "view")
        # one hot-seat screen is every human seat at the table
        assert [s["connected"] for s in m["seats"]] == [True, True, True]
    assert [s["connected"] for s in state(client, gid)["seats"]] == [False, False, True]


def _next(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (views of other connections may come in between)."""
    while True:
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == kind:
            return m


def test_websocket_sends_views_and_checks_actions(client: TestClient) -> None:
    g = create(client, TWO_HUMANS)
    gid = g["game_id"]
    tok, other, v = _decider(g, client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws, \
            client.websocket_connect(f"/ws/games/{gid}?token={other}") as ws2:
        first = ws.receive_json()
        assert first["type"] == "view" and first["decision"]["options"]
        ws.send_json({"type": "action", "version": first["version"] + 5, "action": first["decision"]["options"][0]})
        err = _next(ws, "error")
        assert "version" in err["error"]
        ws.send_json({"type": "action", "version": first["version"], "action": "fort 99,99"})
        assert _next(ws, "error")["error"]
        ws.send_json({"type": "action", "version": first["version"], "action": first["decision"]["options"][0]})
        while True:
            m = ws.receive_json()
            if m["type"] == "view" and m["version"] == first["version"] + 1:
                break
        assert m["log"][-1]["action"] == first["decision"]["options"][0]
        # the other seat was told too, with its own view
        while True:
            m2 = ws2.receive_json()
            if m2["type"] == "view" and m2["version"] == first["version"] + 1:
                break
        assert m2["seat"] == 1 - first["seat"]
    with client.websocket_connect(f"/ws/games/{gid}?token=wrong") as ws:
        assert ws.receive_json()["type"] == "error"


def test_websocket_answers_garbage_with_an_error_and_stays_open(client: TestClient) -> None:
    g = create(client, TWO_HUMANS)
    gid = g["game_id"]
    tok, _, v = _decider(g, client)
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
        first = _next(ws, "view")
        ws.send_text("{not json")
        assert "expected" in _next(ws, "error")["error"]
        ws.send_json({"type": "chat"})
        assert _next(ws, "error")
        ws.send_json({"type": "action", "version": first["version"], "action": first["decision"]["options"][0]})
        assert _next(ws, "view")["version"] == first["version"] + 1


def test_an_action_is_checked_once_on_its_way_in(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """One legality check: the engine's ``apply`` (whose refusal carries ``why_not``'s fact),
    not ``why_not`` first and then ``apply``'s own check again."""
    from newdawn.engine import api
    from newdawn.server import gameviews

    calls = []
    real = api.why_not

    def counted(*a: Any, **k: Any) -> Any:
        calls.append(a)
        return real(*a, **k)

    monkeypatch.setattr(gameviews, "why_not", counted)  # the server's one use of it: the /why endpoint
    monkeypatch.setattr(api, "why_not", counted)
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=3)
    tok = {s["seat"]: s["token"] for s in g["seats"]}
    gid = g["game_id"]
    seat = state(client, gid)["decision"]["seat"]
    v = state(client, gid, tok[seat])
    assert act(client, gid, tok[seat], v["version"], v["decision"]["options"][0]).status_code == 200
    assert calls == [], "a legal action was checked a second time"
    seat = state(client, gid)["decision"]["seat"]
    v = state(client, gid, tok[seat])
    r = act(client, gid, tok[seat], v["version"], "focus nowhere")
    assert r.status_code == 400 and len(calls) == 1


def test_a_refused_action_says_the_same_by_http_websocket_and_why_and_is_checked_once(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The one legality check (``apply``'s) refuses an illegal action with the words and the fact
    that ``/why`` gives, by HTTP and over the WebSocket alike, and the game is left as it was;
    the reason is looked for once per refusal, and never for an action that is legal."""
    from newdawn.engine import api
    from newdawn.server import gameviews

    calls: list[object] = []
    real = api.why_not

    def counted(*a: Any, **k: Any) -> Any:
        calls.append(a[1])
        return real(*a, **k)

    monkeypatch.setattr(gameviews, "why_not", counted)
    monkeypatch.setattr(api, "why_not", counted)
    g = create(client, TWO_HUMANS)
    gid = g["game_id"]
    tok, _, v = _decider(g, client)
    before = _snapshot(client, gid)
    bad = "fort 99,99"
    r = act(client, gid, tok, v["version"], bad)
    assert r.status_code == 400 and len(calls) == 1
    said, fact = r.json()["error"], r.json()["refusal"]
    w = client.get(f"/api/games/{gid}/why", params={"token": tok, "action": bad}).json()
    assert (w["legal"], w["reason"], w["refusal"]) == (False, said, fact) and len(calls) == 2
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
        first = _next(ws, "view")
        ws.send_json({"type": "action", "version": first["version"], "action": bad})
        err = _next(ws, "error")
        assert (err["error"], err["refusal"]) == (said, fact) and len(calls) == 3
        assert _snapshot(client, gid) == before
        ws.send_json({"type": "action", "version": first["version"], "action": first["decision"]["options"][0]})
        assert _next(ws, "view")["version"] == first["version"] + 1
    assert len(calls) == 3, "a legal action's way in looked for a reason to refuse it"
