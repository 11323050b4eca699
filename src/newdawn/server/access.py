"""The access log: one structured line (JSON) per HTTP request or WebSocket, never a token.

Logger ``newdawn.access``: method, path, the query with ``token``, ``hotseat`` and ``invite``
values replaced by ``***``, status (101 for an accepted WebSocket, its close code after),
milliseconds and the client address. Request bodies (where tokens also travel) are not logged.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl, urlencode

access_log = logging.getLogger("newdawn.access")
SECRET_PARAMS = frozenset({"token", "hotseat", "invite"})

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]


def redacted_query(raw: bytes) -> str:
    pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True)
    return urlencode([(k, "***" if k in SECRET_PARAMS else v[:40]) for k, v in pairs], safe="*")


class AccessLog:
    """ASGI middleware writing the access log."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] not in ("http", "websocket") or not access_log.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        t0 = time.perf_counter()
        status: list[int | None] = [None]

        async def sending(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                status[0] = int(msg["status"])
            elif msg["type"] == "websocket.accept":
                status[0] = 101
            elif msg["type"] == "websocket.close":
                status[0] = int(msg.get("code", 1000))
            await send(msg)

        try:
            await self.app(scope, receive, sending)
        finally:
            client = scope.get("client")
            access_log.info(json.dumps({
                "kind": scope["type"], "method": scope.get("method", "WS"), "path": scope["path"][:200],
                "query": redacted_query(scope.get("query_string", b"")), "status": status[0],
                "ms": round((time.perf_counter() - t0) * 1000, 1), "client": client[0] if client else None,
            }))
