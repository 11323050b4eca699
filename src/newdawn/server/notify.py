"""Webhooks: a POST to a seat's URL when it becomes that seat's turn.

A seat's player may give a URL (``POST /api/games/{id}/seats/{seat}/webhook``, with the seat's
token). When the decision passes to that seat, the process that wrote the action queues a
notice (``GameManager.on_turn``, called after the write, outside any request's wait); a task of
the event loop looks the URL up in the store (so a URL set through another server process
counts) and POSTs the payload (see docs/server-api.md) with a short timeout. Nothing waits for it:
not the request, not the game's lock. A notice that fails (refused, timed out, an error
status) is logged with the URL's host only (a URL may carry a secret) and dropped; a full queue
drops new notices. By default URLs whose host is a loopback, private, link-local or reserved
address are not called (``allow_private``), so players cannot make the server probe its own
network.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
import urllib.parse
from typing import Any

import httpx

from .clients import RateLimiter
from .store import Store

log = logging.getLogger("newdawn.server")

TIMEOUT_S = 5.0
QUEUE_SIZE = 1000
PARALLEL = 8
"""Webhooks being sent at once (a slow receiver holds one of these, nothing else)."""


NAT64 = (ipaddress.ip_network("64:ff9b::/96"), ipaddress.ip_network("64:ff9b:1::/48"))
"""IPv6 prefixes that carry an IPv4 address in their last 32 bits (RFC 6052, RFC 8215)."""
NOTICES_PER_SEAT = (3, 60.0)
"""At most 3 notices a minute to one seat's URL: a turn that comes back every few seconds (a
quick bot, a player who toggles) must not turn the server into someone's traffic source."""
NOTICES_PER_HOST = (30, 60.0)
"""At most 30 notices a minute to one host, whatever the seats and games."""


def public_address(text: str) -> bool:
    """Whether an address is public, looking inside every IPv6 form that embeds an IPv4 one
    (mapped ``::ffff:a.b.c.d``, compatible ``::a.b.c.d``, 6to4, Teredo, NAT64)."""
    try:
        addr = ipaddress.ip_address(text.split("%")[0])
    except ValueError:
        return False
    if not addr.is_global or addr.is_multicast:
        return False
    if isinstance(addr, ipaddress.IPv6Address):
        inner: list[ipaddress.IPv4Address] = []
        if addr.ipv4_mapped is not None:
            inner.append(addr.ipv4_mapped)
        if addr.sixtofour is not None:
            inner.append(addr.sixtofour)
        if addr.teredo is not None:
            inner.extend(addr.teredo)
        low = ipaddress.IPv4Address(int(addr) & 0xFFFFFFFF)
        if int(addr) >> 32 == 0 or any(addr in n for n in NAT64):
            inner.append(low)
        return all(public_address(str(a)) for a in inner)
    return True


def _host(url: str) -> str:
    return urllib.parse.urlsplit(url).hostname or "?"


class Notifier:
    """Sends the turn notices of one server process."""

    def __init__(self, store: Store, *, timeout_s: float = TIMEOUT_S, allow_private: bool = False,
                 queue_size: int = QUEUE_SIZE) -> None:
        self.store = store
        self.timeout_s = timeout_s
        self.allow_private = allow_private
        self.queue_size = queue_size
        self.sent = 0
        self.failed = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[tuple[str, int, dict[str, Any]]] | None = None
        self._task: asyncio.Task[None] | None = None
        self._client: httpx.AsyncClient | None = None
        self._inflight: set[asyncio.Task[None]] = set()
        self._per_seat = RateLimiter(*NOTICES_PER_SEAT)
        self._per_host = RateLimiter(*NOTICES_PER_HOST)
        self.limited = 0
        """Notices not sent because a seat or a host had its share."""

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._queue = asyncio.Queue(self.queue_size)
        self._client = httpx.AsyncClient(timeout=self.timeout_s, follow_redirects=False)
        self._task = self._loop.create_task(self._run())

    def turn(self, game_id: str, seat: int, payload: dict[str, Any]) -> None:
        """Queue a notice (from any thread; never blocks)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop is stopping
            loop.call_soon_threadsafe(self._put, (game_id, seat, payload))

    def _put(self, item: tuple[str, int, dict[str, Any]]) -> None:
        assert self._queue is not None
        try:
            self._queue.put_nowait(item)
        except asyncio.QueueFull:
            log.warning("webhook queue full: turn notice for game %s dropped", item[0])

    async def _run(self) -> None:
        assert self._queue is not None
        limit = asyncio.Semaphore(PARALLEL)
        while True:
            game_id, seat, payload = await self._queue.get()
            await limit.acquire()
            task = asyncio.get_running_loop().create_task(self._deliver(game_id, seat, payload))
            self._inflight.add(task)
            task.add_done_callback(self._inflight.discard)
            task.add_done_callback(lambda _t: limit.release())

    async def _deliver(self, game_id: str, seat: int, payload: dict[str, Any]) -> None:
        try:
            url = await asyncio.to_thread(self.store.webhook, game_id, seat)
            if not url:
                return
            if self._per_seat.hit(f"{game_id}:{seat}") or self._per_host.hit(_host(url)):
                self.limited += 1
                log.info("webhook of game %s seat %d not called: too many notices", game_id, seat + 1)
                return
            if not self.allow_private and not await self._public(url):
                self.failed += 1
                log.warning("webhook of game %s seat %d not called: %s is not a public address",
                            game_id, seat + 1, _host(url))
                return
            assert self._client is not None
            r = await self._client.post(url, json=payload, headers={"User-Agent": "newdawn-server"})
            if r.status_code >= 400:
                self.failed += 1
                log.warning("webhook of game %s seat %d at %s answered %d", game_id, seat + 1, _host(url), r.status_code)
            else:
                self.sent += 1
        except Exception as e:  # noqa: BLE001 - a failed notice is logged, never raised
            self.failed += 1
            log.warning("webhook of game %s seat %d failed: %s", game_id, seat + 1, type(e).__name__)

    @staticmethod
    async def _public(url: str) -> bool:
        """Whether every address the URL's host names is a public one."""
        parts = urllib.parse.urlsplit(url)
        host = parts.hostname or ""
        try:
            infos = await asyncio.get_running_loop().getaddrinfo(host, parts.port or 443, type=socket.SOCK_STREAM)
        except OSError:
            return False
        return bool(infos) and all(public_address(str(info[4][0])) for info in infos)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        for t in list(self._inflight):
            t.cancel()
        if self._client is not None:
            await self._client.aclose()
        self._loop = None
