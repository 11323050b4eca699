"""Issue 28, "also expected": an access log and structured logs of who did what, without tokens."""

from __future__ import annotations

import json
import logging

import pytest
from fastapi.testclient import TestClient

from .conftest import act, create, state


def test_requests_and_actions_are_logged_without_tokens(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="newdawn")
    g = create(client, [{"kind": "human"}, {"kind": "human"}])
    gid = g["game_id"]
    tokens = [s["token"] for s in g["seats"]]
    v = state(client, gid)
    tok = tokens[v["decision"]["seat"]]
    mine = state(client, gid, tok)
    assert act(client, gid, tok, mine["version"], mine["decision"]["options"][0]).status_code == 200
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
        ws.receive_json()
    access = [json.loads(r.getMessage()) for r in caplog.records if r.name == "newdawn.access"]
    paths = {(a["method"], a["path"], a["status"]) for a in access}
    assert ("GET", f"/api/games/{gid}/state", 200) in paths
    assert ("POST", f"/api/games/{gid}/actions", 200) in paths
    assert ("POST", "/api/games", 200) in paths
    assert any(a["kind"] == "websocket" and a["path"] == f"/ws/games/{gid}" for a in access)
    assert all(isinstance(a["ms"], float) for a in access)
    assert any(a["query"] == "token=***" for a in access)
    actions = [json.loads(r.getMessage()) for r in caplog.records
               if r.name == "newdawn.server" and r.getMessage().startswith('{"event": "action"')]
    assert actions and actions[0]["game"] == gid and actions[0]["action"] == mine["decision"]["options"][0]
    everything = "\n".join(r.getMessage() for r in caplog.records)
    assert not any(t in everything for t in tokens)
