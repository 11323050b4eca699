"""The table's advice (issue 38, part 5): the hint of a practice game and the chart of each
seat's chance of winning by round (server/advice.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ..advice import Advice
from ..context import Server, read_body


def router(srv: Server) -> APIRouter:
    r = APIRouter()
    advice = srv.caches["advice"] = Advice(srv)

    @r.post("/api/games/{game_id}/hint")
    async def hint(game_id: str, request: Request) -> dict[str, Any]:
        body = await read_body(request)
        return await advice.hint(game_id, body.get("token"), body.get("version"))

    @r.get("/api/games/{game_id}/chart")
    async def chart(game_id: str) -> dict[str, Any]:
        return await run_in_threadpool(advice.chart, game_id)

    return r
