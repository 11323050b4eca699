"""A seat's endpoints: an invite claimed, the seat handed to a bot and taken back, its webhook."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ..context import Server, read_body


def router(srv: Server) -> APIRouter:
    r = APIRouter()
    desk, hub = srv.desk, srv.hub

    @r.post("/api/games/{game_id}/claim")
    async def claim_seat(game_id: str, request: Request) -> dict[str, Any]:
        body = await read_body(request)
        out = await run_in_threadpool(srv.lobby.claim, game_id, body.get("invite"))
        hub.changed(game_id)
        return out

    @r.post("/api/games/{game_id}/seats/{seat}/bot")
    async def hand_over(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await read_body(request)
        version = await run_in_threadpool(desk.hand_over, game_id, body.get("token"), seat, hub.connected(game_id))
        srv.changed(game_id)
        return {"ok": True, "version": version}

    @r.post("/api/games/{game_id}/seats/{seat}/takeback")
    async def take_back(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await read_body(request)
        version = await run_in_threadpool(desk.take_back, game_id, body.get("token"), seat)
        srv.changed(game_id)
        return {"ok": True, "version": version}

    @r.post("/api/games/{game_id}/seats/{seat}/webhook")
    async def webhook(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await read_body(request)
        return await run_in_threadpool(desk.set_webhook, game_id, body.get("token"), seat, body.get("url"))

    return r
