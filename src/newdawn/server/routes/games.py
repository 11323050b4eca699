"""A game's endpoints: its view, actions, the reason an action is illegal, undo, replay and the
guided game's steps."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ..context import Server, read_body
from ..hub import call_game


def router(srv: Server) -> APIRouter:
    r = APIRouter()
    games, hub = srv.games, srv.hub

    @r.get("/api/games/{game_id}/state")
    async def game_state(game_id: str, token: str | None = None, log_from: int | None = None) -> dict[str, Any]:
        if token:  # a token this process does not know yet is looked up in the store: not on the loop
            return await run_in_threadpool(games.view, game_id, token, hub.connected(game_id), log_from)
        return await call_game(games, game_id, games.view, token, hub.connected(game_id), log_from)

    @r.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, request: Request) -> dict[str, Any]:
        body = await read_body(request)
        version = await run_in_threadpool(games.act, game_id, body.get("token"), body.get("version"),
                                          body.get("action"))
        srv.changed(game_id)
        return {"ok": True, "version": version}

    @r.get("/api/games/{game_id}/why")
    async def why(game_id: str, action: str, token: str | None = None) -> dict[str, Any]:
        return await run_in_threadpool(games.why, game_id, token, action)

    @r.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request) -> dict[str, Any]:
        body = await read_body(request)
        version = await run_in_threadpool(games.undo, game_id, body.get("token"), body.get("version"))
        srv.changed(game_id)
        return {"ok": True, "version": version}

    @r.post("/api/games/{game_id}/guide")
    async def guide(game_id: str, request: Request) -> dict[str, Any]:
        """The guided game's next step, or leaving it (server/guide.py)."""
        body = await read_body(request)
        return await run_in_threadpool(games.guide, game_id, body.get("token"), body)

    @r.get("/api/games/{game_id}/replay")
    async def replay_step(game_id: str, step: int = 0, log_from: int | None = None) -> dict[str, Any]:
        return await run_in_threadpool(games.replay_view, game_id, step, log_from)

    return r
