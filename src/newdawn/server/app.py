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
import time
from collections.abc import AsyncIterator, Callable
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from ..describe.bots import bot_level_records
from ..describe.rulesets import ruleset_records
from .access import AccessLog
from .botpool import DEFAULT_WORKERS, BotPool, check_spec
from .bots import bot_levels, make_seat_bot
from .clients import RateLimiter, bucket, client_address, owner_key, parse_networks, same_origin
from .cluster import make_cluster
from .games import LIST_PAGE, RULESETS, GameError, GameManager
from .hub import CLOSE_TOO_MANY, Hub, call_game
from .inputs import MAX_BODY_BYTES, MAX_FRAME_CHARS, parse_json
from .notify import Notifier
from .seats import HEARTBEAT_S, SeatRules, turn_options
from .store import Store, default_db_url
from .views import content_json

log = logging.getLogger("newdawn.server")

RESUME_LOADS = 2
"""Games a starting server loads at once to resume their bots."""


def handover_level(level: str) -> str:
    """The bot for handed seats: ``level`` (a bot spec within the server's bounds) when this
    server has it, else random."""
    try:
        spec = check_spec(level)
        make_seat_bot(spec, 0)
    except ValueError as e:
        log.warning("handover bot %r not available (%s); random plays handed seats", level[:40], e)
        return "random"
    return spec


def create_app(db_url: str | None = None, *, bot_delay: float = 0.15, bot_seed: int | None = None,
               static_dir: str | None = None, max_sockets: int = 100, queue_size: int = 16,
               idle_s: float = 600.0, bot_workers: int = DEFAULT_WORKERS,
               create_limit: tuple[int, float] | None = (20, 60.0), clock: Callable[[], float] = time.time,
               handover_bot: str = "greedy", away_s: float = 300.0, timer_tick_s: float = 1.0,
               webhook_timeout_s: float = 5.0, webhook_private: bool = False,
               trusted_proxies: tuple[str, ...] = (), allowed_origins: tuple[str, ...] = ()) -> FastAPI:
    """The server app over the database at ``db_url`` (default: ``./newdawn.db``).

    ``bot_delay``: seconds a bot waits before each action, so people can follow (0 in tests).
    ``max_sockets``: open WebSockets per game (more are refused with close code 4429).
    ``queue_size``: views waiting for one socket before it counts as fallen behind and is dropped.
    ``idle_s``: a game nobody used for this long (no socket, no bot to move) leaves memory.
    ``bot_workers``: processes thinking bots choose in (0: threads of this process).
    ``create_limit``: (games, seconds) one client address may create in that time (None: no
    limit); more get 429.
    ``clock``: the server's clock for turn limits and presence (tests inject one).
    ``handover_bot``: the bot level that plays a seat handed over (server/seats.py; "random" when
    the bots package has no such level); ``away_s``: how long a player must be away before the
    others may hand their seat to it; ``timer_tick_s``: how often turn limits are checked.
    ``webhook_timeout_s``, ``webhook_private``: turn notices (server/notify.py); private: also
    call URLs on loopback and private addresses (tests).
    ``trusted_proxies``: addresses or networks whose ``X-Forwarded-For`` names the client (none
    by default: the peer is the client). ``allowed_origins``: other sites whose pages may create
    games (``Origin`` values, or "*"); by default only this server's own pages and clients that
    are no web page (scripts)."""
    url = db_url or default_db_url()
    store = Store(url)
    cluster = make_cluster(url)
    notifier = Notifier(store, timeout_s=webhook_timeout_s, allow_private=webhook_private)
    games = GameManager(store, bot_seed=bot_seed, clock=clock,
                        seat_rules=SeatRules(handover_level(handover_bot), away_s), on_turn=notifier.turn)
    hub = Hub(games, max_sockets=max_sockets, queue_size=queue_size)
    drivers: dict[str, asyncio.Task[None]] = {}
    pool = BotPool(bot_workers)
    limiter = RateLimiter(*create_limit) if create_limit else None
    proxies = parse_networks(trusted_proxies)

    def client_of(request: Request | WebSocket) -> str:
        return client_address(request.client.host if request.client else None, request.headers, proxies)

    def broadcast(game_id: str) -> None:
        """Bring the game's sockets up to date in the background (never waits for a send)."""
        hub.changed(game_id)

    woken: set[str] = set()
    """Games whose state changed since their bot driver last looked: a driver only stops when
    nothing woke it meanwhile. Without it a person's action that lands while the driver is
    finishing (its last "is a bot to move?" answer already stale) would leave the bots idle."""

    async def lease(game_id: str) -> bool:
        if not cluster.shared:
            return True
        if not await run_in_threadpool(cluster.try_lease, game_id):
            return False  # another process drives this game's bots
        await run_in_threadpool(games.refresh, game_id)  # it may have moved the game before us
        return True

    async def drive_bots(game_id: str) -> None:
        """Play the game's bot turns until a person decides, holding the game's bot lease (one
        process at a time). Supervised: an error (a locked database, a failing bot) is logged and
        the driver tries again after a pause."""
        failures = 0
        leased = stopped = False
        try:
            woken.discard(game_id)
            leased = await lease(game_id)
            while leased:
                woken.discard(game_id)
                try:
                    while await call_game(games, game_id, games.bot_to_move):
                        if bot_delay > 0:
                            await asyncio.sleep(bot_delay)
                        job = await run_in_threadpool(games.bot_job, game_id)
                        if job is None:
                            continue
                        bot = None
                        action = job.action
                        if action is None:  # a bot that thinks: in the pool, off this process
                            action, bot = await pool.choose(job.bot, job.view, job.legal, owner=job.owner,
                                                            game=game_id)
                        if await run_in_threadpool(games.bot_finish, job, action, bot):
                            broadcast(game_id)
                        failures = 0
                        await asyncio.sleep(0)
                except GameError as e:
                    log.warning("bot driver of game %s stopped: %s", game_id, e.message)
                    break  # a game that cannot be loaded: nothing to drive
                except Exception:
                    failures += 1
                    log.exception("bot driver of game %s failed (%d in a row); resuming", game_id, failures)
                    await asyncio.sleep(min(5.0, 0.05 * 2 ** failures))
                    continue
                if game_id not in woken:
                    break  # no await between this check and leaving: no wake-up is missed
        except asyncio.CancelledError:
            stopped = True
            raise
        finally:
            if leased and cluster.shared:
                with contextlib.suppress(Exception):
                    await run_in_threadpool(cluster.release, game_id)
            drivers.pop(game_id, None)
            if game_id in woken and not stopped:
                kick_bots(game_id)  # woken while the lease was being let go

    def kick_bots(game_id: str) -> None:
        woken.add(game_id)
        t = drivers.get(game_id)
        if t is None or t.done():
            drivers[game_id] = asyncio.get_running_loop().create_task(drive_bots(game_id))

    def after_change(game_id: str) -> None:
        broadcast(game_id)
        kick_bots(game_id)

    async def resume() -> None:
        """Start the drivers of the games whose bots were to move, each once its game is loaded:
        ``RESUME_LOADS`` at a time, so that the worker threads stay free for the requests of the
        people coming back (the server answers at once however many games are stored)."""
        loads = asyncio.Semaphore(RESUME_LOADS)

        async def one(gid: str) -> None:
            async with loads:
                with contextlib.suppress(GameError):
                    await run_in_threadpool(games.get, gid)
            kick_bots(gid)

        await asyncio.gather(*(one(gid) for gid in await run_in_threadpool(games.resume_ids)))

    async def evict() -> None:
        """Every ``idle_s / 4`` seconds, drop from memory the games nobody used for ``idle_s``."""
        while True:
            await asyncio.sleep(max(1.0, idle_s / 4))
            keep = set(hub.sockets) | set(drivers)
            n = await run_in_threadpool(games.evict_idle, idle_s, keep)
            if n:
                log.info("dropped %d idle games from memory", n)

    async def remote_change(game_id: str, revision: int) -> None:
        """Another process wrote the game: reload it if it is loaded here, tell the sockets."""
        g = games.games.get(game_id)
        if g is None or g.version >= revision:
            return
        try:
            await run_in_threadpool(games.refresh, game_id)
        except Exception:
            log.exception("could not reload game %s after another server wrote it", game_id)
            return
        broadcast(game_id)
        kick_bots(game_id)

    async def turn_limits() -> None:
        """Every ``timer_tick_s``: hand to the bot the deciding seats whose turn limit ran out."""
        while True:
            await asyncio.sleep(timer_tick_s)
            try:
                for gid in await run_in_threadpool(games.expire_turns):
                    after_change(gid)
            except Exception:
                log.exception("checking turn limits failed")

    async def heartbeat() -> None:
        """Several processes: note in the store that this process's seats are still here (the
        others judge a player away from it)."""
        while True:
            await asyncio.sleep(HEARTBEAT_S)
            for gid in list(hub.sockets):
                seats = [s for s, n in hub.connected(gid).items() if n]
                with contextlib.suppress(Exception):
                    await run_in_threadpool(games.seen, gid, seats)

    async def sweep() -> None:
        """Several processes: every 2 s, offer to drive each game whose bots wait (the lease
        decides who does; a process that died lets its leases go)."""
        while True:
            await asyncio.sleep(2.0)
            try:
                for gid in await run_in_threadpool(games.resume_ids):
                    if gid not in drivers and gid not in games.broken:
                        kick_bots(gid)
            except Exception:
                log.exception("looking for games whose bots wait failed")

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()

        def heard(game_id: str, revision: int) -> None:  # from the listening thread
            loop.call_soon_threadsafe(lambda: loop.create_task(remote_change(game_id, revision)))

        await run_in_threadpool(cluster.start, heard)
        notifier.start()
        background = [asyncio.create_task(resume()), asyncio.create_task(evict()),
                      asyncio.create_task(turn_limits())]
        if cluster.shared:
            background += [asyncio.create_task(sweep()), asyncio.create_task(heartbeat())]
        yield
        await notifier.close()
        for t in background + list(drivers.values()):
            t.cancel()
        for t in background + list(drivers.values()):
            with contextlib.suppress(BaseException):
                await t
        await hub.close()
        pool.close()
        cluster.close()
        store.close()

    app = FastAPI(title="newdawn", lifespan=lifespan)
    app.add_middleware(AccessLog)
    app.state.games = games
    app.state.store = store
    app.state.hub = hub
    app.state.drivers = drivers
    app.state.cluster = cluster
    app.state.bot_pool = pool
    app.state.notifier = notifier

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
        """The request's JSON object, read at most ``MAX_BODY_BYTES`` far and checked."""
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
            raise GameError(413, f"the request body is larger than {MAX_BODY_BYTES} bytes")
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY_BYTES:
                raise GameError(413, f"the request body is larger than {MAX_BODY_BYTES} bytes")
        body = parse_json(bytes(raw))
        if not isinstance(body, dict):
            raise GameError(400, "the request body must be a JSON object")
        return body

    @app.post("/api/games")
    async def create_game(request: Request) -> dict[str, Any]:
        if not same_origin(request.headers, allowed_origins):
            raise GameError(403, "games are created from this server's own lobby (another site's page may not)")
        who = client_of(request)
        if limiter is not None:
            wait = limiter.hit(bucket(who))
            if wait > 0:
                raise GameError(429, f"too many new games from your address: try again in {wait:.0f} s")
        body = await body_of(request)
        out = await run_in_threadpool(games.create, body, owner_key(who))
        kick_bots(out["game_id"])
        return out

    @app.post("/api/games/{game_id}/claim")
    async def claim_seat(game_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        out = await run_in_threadpool(games.claim, game_id, body.get("invite"))
        broadcast(game_id)
        return out

    @app.get("/api/games")
    async def list_games(offset: int = 0, limit: int = LIST_PAGE) -> dict[str, Any]:
        return await run_in_threadpool(games.list_games, offset, limit)

    @app.get("/api/games/{game_id}/state")
    async def game_state(game_id: str, token: str | None = None, log_from: int | None = None) -> dict[str, Any]:
        if token:  # a token this process does not know yet is looked up in the store: not on the loop
            return await run_in_threadpool(games.view, game_id, token, hub.connected(game_id), log_from)
        return await call_game(games, game_id, games.view, token, hub.connected(game_id), log_from)

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        version = await run_in_threadpool(games.act, game_id, body.get("token"), body.get("version"),
                                          body.get("action"))
        after_change(game_id)
        return {"ok": True, "version": version}

    @app.get("/api/games/{game_id}/why")
    async def why(game_id: str, action: str, token: str | None = None) -> dict[str, Any]:
        return await run_in_threadpool(games.why, game_id, token, action)

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        version = await run_in_threadpool(games.undo, game_id, body.get("token"), body.get("version"))
        after_change(game_id)
        return {"ok": True, "version": version}

    @app.get("/api/games/{game_id}/replay")
    async def replay_step(game_id: str, step: int = 0, log_from: int | None = None) -> dict[str, Any]:
        return await run_in_threadpool(games.replay_view, game_id, step, log_from)

    @app.post("/api/games/{game_id}/seats/{seat}/bot")
    async def hand_over(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        version = await run_in_threadpool(games.hand_over, game_id, body.get("token"), seat, hub.connected(game_id))
        after_change(game_id)
        return {"ok": True, "version": version}

    @app.post("/api/games/{game_id}/seats/{seat}/takeback")
    async def take_back(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        version = await run_in_threadpool(games.take_back, game_id, body.get("token"), seat)
        after_change(game_id)
        return {"ok": True, "version": version}

    @app.post("/api/games/{game_id}/seats/{seat}/webhook")
    async def webhook(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        body = await body_of(request)
        return await run_in_threadpool(games.set_webhook, game_id, body.get("token"), seat, body.get("url"))

    rulesets_cache = ruleset_records()
    """The rulesets the lobby offers, in words (describe/rulesets.py)."""

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {"turn_limits": turn_options(), "handover_bot": games.rules.bot, "away_s": games.rules.away_s,
                "rulesets": rulesets_cache}

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        return {"bots": bot_levels(), "levels": bot_level_records(bot_levels())}

    content_cache: dict[str, dict[str, Any]] = {}

    @app.get("/api/content")
    async def content(ruleset: str = "ti", game: str | None = None) -> dict[str, Any]:
        """The content of a ruleset, or (``game``) of the ruleset that game is played with."""
        if game is not None:
            live = await run_in_threadpool(games.get, game)
            ruleset = str(live.rec.config.get("ruleset", "ti"))
        if ruleset not in RULESETS:
            raise GameError(400, f"ruleset must be one of {list(RULESETS)}")
        if ruleset not in content_cache:
            content_cache[ruleset] = await run_in_threadpool(content_json, ruleset)
        return content_cache[ruleset]

    @app.websocket("/ws/games/{game_id}")
    async def game_socket(ws: WebSocket, game_id: str, token: str | None = None) -> None:
        await ws.accept()
        try:
            seat, acting = await run_in_threadpool(games.who, game_id, token)
            conn = hub.join(game_id, ws, token, acting or frozenset({seat}))
            if acting:  # presence: a player is judged away from when their last socket closes
                with contextlib.suppress(Exception):
                    await run_in_threadpool(games.seen, game_id, acting)
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
                    hub.send(game_id, conn, json.dumps({"type": "error", "error": "send text frames (JSON), not binary ones"}))
                    continue
                if len(text) > MAX_FRAME_CHARS:
                    hub.send(game_id, conn, json.dumps({"type": "error", "error": f"a message may have at most {MAX_FRAME_CHARS} characters"}))
                    continue
                try:
                    msg = parse_json(text, "the message")
                except GameError as e:
                    hub.send(game_id, conn, json.dumps({"type": "error", "status": e.status,
                                                        "error": f"expected {{\"type\": \"action\", ...}}: {e.message}"}))
                    continue
                if not isinstance(msg, dict) or msg.get("type") != "action":
                    hub.send(game_id, conn, json.dumps({"type": "error", "error": "expected {\"type\": \"action\", ...}"}))
                    continue
                try:
                    await run_in_threadpool(games.act, game_id, token, msg.get("version"), msg.get("action"))
                except GameError as e:
                    hub.send(game_id, conn, json.dumps({"type": "error", "error": e.message, "status": e.status}))
                    continue
                after_change(game_id)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.leave(game_id, ws)
            if acting:
                with contextlib.suppress(Exception):
                    await run_in_threadpool(games.seen, game_id, acting)

    static = static_dir or str(resources.files("newdawn.server") / "static")

    app.mount("/", StaticFiles(directory=static, html=True, check_dir=False), name="static")
    return app
