"""The ASGI app (FastAPI): ``create_app`` makes one server's parts (``context.Server``), mounts
the routers (lobby, games, seats, sockets; server/routes/) and the static table, and starts the
services with the app (server/services.py: bot drivers resumed, idle games dropped, turn
limits, notifications, several processes' heartbeats and sweeps).

See docs/server.md. ``create_app(db_url)`` builds an independent app (its own database
connection, games and sockets), so tests can start a "new server" on the same database file to
check that games resume.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from importlib import resources

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from .access import AccessLog
from .botpool import DEFAULT_WORKERS, BotPool, check_spec
from .bots import make_seat_bot
from .botturns import BotTurns
from .clients import RateLimiter, parse_networks
from .cluster import make_cluster
from .context import Server, Settings
from .driver import BotDrivers
from .errors import GameError
from .games import GameManager
from .hub import Hub
from .lobby import Lobby
from .notify import Notifier
from .routes import advice as advice_routes
from .routes import games as games_routes
from .routes import lobby as lobby_routes
from .routes import seats as seats_routes
from .routes import sockets as socket_routes
from .seatdesk import SeatDesk
from .seats import SeatRules
from .services import lifespan
from .store import Store, default_db_url

log = logging.getLogger("newdawn.server")


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
               trusted_proxies: tuple[str, ...] = (), allowed_origins: tuple[str, ...] = (),
               warm_pool: bool = False) -> FastAPI:
    """The server app over the database at ``db_url`` (default: ``./newdawn.db``).

    ``bot_delay``: seconds a bot waits before each action, so people can follow (0 in tests).
    ``max_sockets``: spectators' WebSockets per game (more are refused with close code 4429;
    players' sockets do not count).
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
    are no web page (scripts). ``warm_pool``: start the bot workers with the app, not at the
    first thinking bot's choice (a served app does; tests need not)."""
    url = db_url or default_db_url()
    store = Store(url)
    notifier = Notifier(store, timeout_s=webhook_timeout_s, allow_private=webhook_private)
    games = GameManager(store, bot_seed=bot_seed, clock=clock,
                        seat_rules=SeatRules(handover_level(handover_bot), away_s), on_turn=notifier.turn)
    settings = Settings(bot_delay=bot_delay, idle_s=idle_s, timer_tick_s=timer_tick_s, clock=clock,
                        trusted_proxies=parse_networks(trusted_proxies), allowed_origins=tuple(allowed_origins),
                        warm_pool=warm_pool)
    srv = Server(settings, store, make_cluster(url), notifier, games, Lobby(games), SeatDesk(games), BotTurns(games, views_leave=bot_workers > 0),
                 Hub(games, max_sockets=max_sockets, queue_size=queue_size), BotPool(bot_workers),
                 RateLimiter(*create_limit) if create_limit else None)
    srv.drivers = BotDrivers(srv)

    app = FastAPI(title="newdawn", lifespan=lifespan(srv))
    app.add_middleware(AccessLog)
    app.state.server = srv
    app.state.games, app.state.store, app.state.hub = games, store, srv.hub
    app.state.bot_pool, app.state.notifier, app.state.cluster = srv.pool, notifier, srv.cluster
    app.add_exception_handler(GameError, game_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, bad_request)  # type: ignore[arg-type]
    for routes in (lobby_routes, games_routes, seats_routes, socket_routes, advice_routes):
        app.include_router(routes.router(srv))
    static = static_dir or str(resources.files("newdawn.server") / "static")
    app.mount("/", StaticFiles(directory=static, html=True, check_dir=False), name="static")
    return app


async def game_error(request: Request, exc: GameError) -> JSONResponse:
    body: dict[str, object] = {"error": exc.message}
    if exc.refusal is not None:
        body["refusal"] = exc.refusal
    return JSONResponse(body, status_code=exc.status)


async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("query", "body", "path"))
        parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else str(err.get("msg", "invalid")))
    return JSONResponse({"error": "bad request: " + "; ".join(parts)}, status_code=400)
