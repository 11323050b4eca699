"""The lobby's endpoints: new games, the list of games, and what the lobby offers (bot levels,
rulesets, turn limits, content)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ...content.rulesets import DEFAULT_RULESET
from ...describe.bots import bot_level_records
from ...describe.lobby import SETTINGS
from ...describe.rulesets import ruleset_records
from ..bots import bot_level_list, bot_levels
from ..clients import bucket, owner_key, same_origin
from ..context import Server, read_body
from ..errors import GameError
from ..guide import invitations
from ..lobby import LIST_PAGE, RULESETS
from ..seats import turn_options
from ..views import content_json


def router(srv: Server) -> APIRouter:
    r = APIRouter()
    rulesets = ruleset_records()
    """The rulesets the lobby offers, in words (describe/rulesets.py)."""
    contents: dict[str, dict[str, Any]] = {}
    guides = invitations()
    """The lobby's "Learn to play" buttons and the lines beside them (describe/guide.py)."""

    def may_create(request: Request) -> str:
        """Who creates a game (refused from another site's page, or over the address's limit)."""
        if not same_origin(request.headers, srv.settings.allowed_origins):
            raise GameError(403, "games are created from this server's own lobby (another site's page may not)")
        who = srv.client_of(request)
        if srv.create_limit is not None:
            wait = srv.create_limit.hit(bucket(who))
            if wait > 0:
                raise GameError(429, f"too many new games from your address: try again in {wait:.0f} s")
        return who

    @r.post("/api/games")
    async def create_game(request: Request) -> dict[str, Any]:
        who = may_create(request)
        body = await read_body(request)
        out = await run_in_threadpool(srv.lobby.create, body, owner_key(who))
        srv.drivers.kick(out["game_id"])
        return out

    @r.post("/api/guide")
    async def create_guide(request: Request) -> dict[str, Any]:
        """"Learn to play": a new guided game (server/guide.py; ``ruleset``: whose guide, the
        default's when absent), checked like any creation."""
        who = may_create(request)
        body = await read_body(request) if request.headers.get("content-length", "0") != "0" else {}
        out = await run_in_threadpool(srv.lobby.create_guide, owner_key(who), body.get("ruleset"))
        srv.drivers.kick(out["game_id"])
        return out

    @r.get("/api/games")
    async def list_games(offset: int = 0, limit: int = LIST_PAGE) -> dict[str, Any]:
        return await run_in_threadpool(srv.lobby.list_games, offset, limit)

    @r.get("/api/options")
    async def options() -> dict[str, Any]:
        rules = srv.games.rules
        return {"turn_limits": turn_options(), "handover_bot": rules.bot, "away_s": rules.away_s,
                "rulesets": rulesets, "guides": guides, "settings": SETTINGS}

    @r.get("/api/bots")
    async def bots() -> dict[str, Any]:
        return {"bots": bot_levels(), "levels": bot_level_records(bot_level_list())}

    @r.get("/api/content")
    async def content(ruleset: str = DEFAULT_RULESET, game: str | None = None) -> dict[str, Any]:
        """The content of a ruleset, or (``game``) of the ruleset that game is played with."""
        if game is not None:
            live = await run_in_threadpool(srv.games.get, game)
            ruleset = live.state.ruleset
        if ruleset not in RULESETS:
            raise GameError(400, f"ruleset must be one of {list(RULESETS)}")
        if ruleset not in contents:
            contents[ruleset] = await run_in_threadpool(content_json, ruleset)
        return contents[ruleset]

    return r
