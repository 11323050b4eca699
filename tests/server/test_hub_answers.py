"""Every action sent over the WebSocket is answered on that socket: the next view when it is
applied, an error when it is refused (illegal, or chosen at a version the game has left), also
when two sends race at the same version (a player's click and the table's own auto answer)."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from .conftest import create

HUMANS2 = [{"kind": "human"}, {"kind": "human"}]


def _next(ws: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(ws.receive_text())
    return out


def test_two_sends_at_one_version_get_a_view_and_a_refusal(client: TestClient) -> None:
    g = create(client, HUMANS2, hotseat=True)
    tok = g["hotseat_url"].split("hotseat=")[1].split("&")[0]
    with client.websocket_connect(f"/ws/games/{g['game_id']}?token={tok}") as ws:
        first = _next(ws)
        assert first["type"] == "view"
        v, action = first["version"], first["decision"]["options"][0]
        for _ in range(2):
            ws.send_text(json.dumps({"type": "action", "version": v, "action": action}))
        got = [_next(ws), _next(ws)]
        kinds = sorted(m["type"] for m in got)
        assert kinds == ["error", "view"], got
        view = next(m for m in got if m["type"] == "view")
        err = next(m for m in got if m["type"] == "error")
        assert view["version"] == v + 1
        assert err["status"] == 409 and "stale version" in err["error"]


def test_an_illegal_action_is_refused_on_the_socket_and_changes_nothing(client: TestClient) -> None:
    g = create(client, HUMANS2, hotseat=True)
    tok = g["hotseat_url"].split("hotseat=")[1].split("&")[0]
    with client.websocket_connect(f"/ws/games/{g['game_id']}?token={tok}") as ws:
        first = _next(ws)
        v = first["version"]
        ws.send_text(json.dumps({"type": "action", "version": v, "action": "resolve"}))
        err = _next(ws)
        assert err["type"] == "error" and err["status"] == 400, err
        # Still at the same version: the next legal action is applied there.
        ws.send_text(json.dumps({"type": "action", "version": v, "action": first["decision"]["options"][0]}))
        assert _next(ws)["version"] == v + 1
