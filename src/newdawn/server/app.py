"""The ASGI app (FastAPI): lobby and game endpoints, WebSockets, static table, bot driver.

See docs/server.md (and the web contract it implements). ``create_app(db_url)`` builds an independent app
(its own database connection, games and sockets), so tests can start a "new server" on the
same database file to check that games resume.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from .bots import bot_levels
from .games import GameError, GameManager
from .store import Store, default_db_url
from .views import content_json

log = logging.getLogger("newdawn.server")


@dataclass
class Conn:
    token: str | None
    seat: int
    seats: frozenset[int]
    """Seats this socket plays (every human seat for a hot-seat token; {-1} for a spectator)."""
    sent: int = 0
    """Actions whose log entries this socket has been sent (later views carry only the tail)."""


class Hub:
    """Open WebSockets by game, each with the token it connected with."""

    def __init__(self) -> None:
        self.sockets: dict[str, dict[WebSocket, Conn]] = {}

    def add(self, game_id: str, ws: WebSocket, conn: Conn) -> None:
        self.sockets.setdefault(game_id, {})[ws] = conn

    def remove(self, game_id: str, ws: WebSocket) -> None:
        self.sockets.get(game_id, {}).pop(ws, None)

    def connected(self, game_id: str) -> dict[int, int]:
        out: dict[int, int] = {}
        for c in self.sockets.get(game_id, {}).values():
            for seat in c.seats:
                out[seat] = out.get(seat, 0) + 1
        return out


def create_app(db_url: str | None = None, *, bot_delay: float = 0.15, bot_seed: int | None = None,
               static_dir: str | None = None) -> FastAPI:
    """The server app over the database at ``db_url`` (default: ``./newdawn.db``).

    ``bot_delay``: seconds a bot waits before each action, so people can follow (0 in tests)."""
    store = Store(db_url or default_db_url())
    games = GameManager(store, bot_seed=bot_seed)
    hub = Hub()
    drivers: dict[str, asyncio.Task[None]] = {}

    send_locks: dict[str, asyncio.Lock] = {}

    async def broadcast(game_id: str) -> None:
        """Send every socket of the game its own view (after the change was committed).

        One broadcast per game at a time, so a socket never gets an older view after a newer
        one when a bot's move and a person's action are broadcast at the same moment."""
        async with send_locks.setdefault(game_id, asyncio.Lock()):
            conns = list(hub.sockets.get(game_id, {}).items())
            connected = hub.connected(game_id)
            for ws, conn in conns:
                try:
                    # the whole log on connecting, then only the entries the socket lacks
                    msg = await run_in_threadpool(games.view, game_id, conn.token, connected, conn.sent)
                    await ws.send_json(msg)
                    conn.sent = int(msg["view"]["version"])
                except Exception:  # a socket that went away is dropped by its own handler
                    log.debug("could not send to a socket of game %s", game_id, exc_info=True)

    woken: set[str] = set()
    """Games whose state changed since their bot driver last looked: a driver only stops when
    nothing woke it meanwhile. Without it a person's action that lands while the driver is
    finishing (its last "is a bot to move?" answer already stale) would leave the bots idle."""

    async def drive_bots(game_id: str) -> None:
        try:
            while True:
                woken.discard(game_id)
                while await run_in_threadpool(games.bot_to_move, game_id):
                    if bot_delay > 0:
                        await asyncio.sleep(bot_delay)
                    if await run_in_threadpool(games.bot_step, game_id):
                        await broadcast(game_id)
                    await asyncio.sleep(0)
                if game_id not in woken:
                    break  # no await between this check and leaving: no wake-up is missed
        except Exception:
            log.exception("bot driver of game %s stopped", game_id)
        finally:
            woken.discard(game_id)
            drivers.pop(game_id, None)

    def kick_bots(game_id: str) -> None:
        woken.add(game_id)
        t = drivers.get(game_id)
        if t is None or t.done():
            drivers[game_id] = asyncio.get_running_loop().create_task(drive_bots(game_id))

    async def after_change(game_id: str) -> None:
        await broadcast(game_id)
        kick_bots(game_id)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        ids = await run_in_threadpool(games.load_all)
        for gid in ids:
            kick_bots(gid)
        yield
        for t in list(drivers.values()):
            t.cancel()
        for t in list(drivers.values()):
            with contextlib.suppress(BaseException):
                await t
        store.close()

    app = FastAPI(title="newdawn", lifespan=lifespan)
    app.state.games = games
    app.state.store = store
    app.state.hub = hub
    app.state.drivers = drivers

    @app.exception_handler(GameError)
    async def game_error(request: Request, exc: GameError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("query", "body", "path"))
            parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else str(err.get("msg", "invalid")))
        return JSONResponse({"error": "bad request: " + "; ".join(parts)}, status_code=400)

    async def body_of(request: Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except ValueError:
            raise GameError(400, "the request body must be JSON") from None
        if not isinstance(body, dict):
            raise GameError(400, "the request body must be a JSON object")
        return body

    @app.post("/api/games")
    async def create_game(request: Request) -> dict[str, Any]:
        body = await body_of(request)
        out = await run_in_threadpool(games.create, body)
        kick_bots(out["game_id"])
        return out

    @app.post("/api/games/{game_id}/claim")
    async def claim_seat(game_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        out = await run_in_threadpool(games.claim, game_id, body.get("invite"))
        await broadcast(game_id)
        return out

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        return {"games": await run_in_threadpool(games.list_games)}

    @app.get("/api/games/{game_id}/state")
    async def game_state(game_id: str, token: str | None = None) -> dict[str, Any]:
        return await run_in_threadpool(games.view, game_id, token, hub.connected(game_id))

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        version = await run_in_threadpool(games.act, game_id, body.get("token"), body.get("version"),
                                          body.get("action"))
        await after_change(game_id)
        return {"ok": True, "version": version}

    @app.get("/api/games/{game_id}/why")
    async def why(game_id: str, action: str, token: str | None = None) -> dict[str, Any]:
        return await run_in_threadpool(games.why, game_id, token, action)

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        version = await run_in_threadpool(games.undo, game_id, body.get("token"), body.get("version"))
        await after_change(game_id)
        return {"ok": True, "version": version}

    @app.get("/api/games/{game_id}/replay")
    async def replay_step(game_id: str, step: int = 0) -> dict[str, Any]:
        return await run_in_threadpool(games.replay_view, game_id, step)

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        return {"bots": bot_levels()}

    content_cache: dict[str, Any] = {}

    @app.get("/api/content")
    async def content() -> dict[str, Any]:
        if not content_cache:
            content_cache.update(await run_in_threadpool(content_json))
        return content_cache

    @app.websocket("/ws/games/{game_id}")
    async def game_socket(ws: WebSocket, game_id: str, token: str | None = None) -> None:
        await ws.accept()
        try:
            first = await run_in_threadpool(games.view, game_id, token, hub.connected(game_id))
        except GameError as e:
            await ws.send_json({"type": "error", "error": e.message})
            await ws.close(code=4000 + e.status)
            return
        acting = await run_in_threadpool(games.acting_seats, game_id, token)
        hub.add(game_id, ws, Conn(token, first["seat"], acting or frozenset({first["seat"]})))
        try:
            await broadcast(game_id)  # everyone sees the new connection (and this socket its view)
            while True:
                text = await ws.receive_text()
                try:
                    msg = json.loads(text)
                except ValueError:
                    msg = None
                if not isinstance(msg, dict) or msg.get("type") != "action":
                    await ws.send_json({"type": "error", "error": "expected {\"type\": \"action\", ...}"})
                    continue
                try:
                    await run_in_threadpool(games.act, game_id, token, msg.get("version"), msg.get("action"))
                except GameError as e:
                    await ws.send_json({"type": "error", "error": e.message, "status": e.status})
                    continue
                await after_change(game_id)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.remove(game_id, ws)
            with contextlib.suppress(Exception):
                await broadcast(game_id)

    static = static_dir or str(resources.files("newdawn.server") / "static")

    app.mount("/", StaticFiles(directory=static, html=True, check_dir=False), name="static")
    return app
