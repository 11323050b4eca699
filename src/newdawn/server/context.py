"""The parts of one server process, made once by ``create_app`` and handed to the routers and the
services: the settings it was started with, the store, the games and what works on them, the
sockets, the bot pool and drivers, the notifier and the cluster.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request, WebSocket

from .botpool import BotPool
from .botturns import BotTurns
from .clients import IPNetwork, RateLimiter, client_address
from .cluster import LocalCluster, PostgresCluster
from .errors import GameError
from .games import GameManager
from .hub import Hub
from .inputs import MAX_BODY_BYTES, parse_json
from .lobby import Lobby
from .notify import Notifier
from .seatdesk import SeatDesk
from .store import Store


@dataclass
class Settings:
    """How a server process was started (``create_app``'s keyword arguments)."""

    bot_delay: float = 0.15
    idle_s: float = 600.0
    timer_tick_s: float = 1.0
    clock: Callable[[], float] = time.time
    trusted_proxies: tuple[IPNetwork, ...] = ()
    allowed_origins: tuple[str, ...] = ()
    warm_pool: bool = False


@dataclass
class Server:
    """One server process's parts."""

    settings: Settings
    store: Store
    cluster: LocalCluster | PostgresCluster
    notifier: Notifier
    games: GameManager
    lobby: Lobby
    desk: SeatDesk
    bots: BotTurns
    hub: Hub
    pool: BotPool
    create_limit: RateLimiter | None
    drivers: Any = None
    """The bot drivers (``driver.BotDrivers``), set once made (they need this object)."""
    caches: dict[str, Any] = field(default_factory=dict)

    def client_of(self, request: Request | WebSocket) -> str:
        """The client's address (``X-Forwarded-For`` only from trusted proxies)."""
        peer = request.client.host if request.client else None
        return client_address(peer, request.headers, self.settings.trusted_proxies)

    def changed(self, game_id: str) -> None:
        """The game changed here: bring its sockets up to date and wake its bots."""
        self.hub.changed(game_id)
        self.drivers.kick(game_id)


async def read_body(request: Request) -> dict[str, Any]:
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
