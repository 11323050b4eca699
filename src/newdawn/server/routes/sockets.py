"""The table's WebSocket: views pushed after every change, actions sent back on it."""

from __future__ import annotations

import contextlib
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from ..context import Server
from ..errors import GameError
from ..hub import CLOSE_TOO_MANY
from ..inputs import MAX_FRAME_CHARS, parse_json


def _error(text: str, status: int | None = None, refusal: dict[str, object] | None = None) -> str:
    msg: dict[str, object] = {"type": "error", "error": text}
    if status is not None:
        msg["status"] = status
    if refusal is not None:
        msg["refusal"] = refusal
    return json.dumps(msg)


def router(srv: Server) -> APIRouter:
    r = APIRouter()
    games, desk, hub = srv.games, srv.desk, srv.hub

    @r.websocket("/ws/games/{game_id}")
    async def game_socket(ws: WebSocket, game_id: str, token: str | None = None) -> None:
        await ws.accept()
        try:
            seat, acting = await run_in_threadpool(games.who, game_id, token)
            conn = hub.join(game_id, ws, token, acting or frozenset({seat}))
            if acting:  # presence: a player is judged away from when their last socket closes
                with contextlib.suppress(Exception):
                    await run_in_threadpool(desk.seen, game_id, acting)
        except GameError as e:
            await ws.send_json({"type": "error", "error": e.message})
            await ws.close(code=CLOSE_TOO_MANY if e.status == 429 else 4000 + e.status)
            return
        try:
            while not conn.dropped:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:
                    hub.send(game_id, conn, _error("send text frames (JSON), not binary ones"))
                    continue
                if len(text) > MAX_FRAME_CHARS:
                    hub.send(game_id, conn, _error(f"a message may have at most {MAX_FRAME_CHARS} characters"))
                    continue
                try:
                    msg = parse_json(text, "the message")
                except GameError as e:
                    hub.send(game_id, conn, _error(f"expected {{\"type\": \"action\", ...}}: {e.message}", e.status))
                    continue
                if not isinstance(msg, dict) or msg.get("type") != "action":
                    hub.send(game_id, conn, _error("expected {\"type\": \"action\", ...}"))
                    continue
                try:
                    await run_in_threadpool(games.act, game_id, token, msg.get("version"), msg.get("action"))
                except GameError as e:
                    hub.send(game_id, conn, _error(e.message, e.status, e.refusal))
                    continue
                srv.changed(game_id)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.leave(game_id, ws)
            if acting:
                with contextlib.suppress(Exception):
                    await run_in_threadpool(desk.seen, game_id, acting)

    return r
