"""Open WebSockets and how views reach them.

Every socket has its own bounded queue and its own sender task, so a socket that stops reading
holds up nobody but itself: when its queue is full it is dropped (closed with code 4408; the
table reconnects and gets the whole view again). Nothing is sent under a game's lock and no
request waits for a send: a change only marks its game dirty, and one broadcaster task per game
builds the views and puts them in the queues.

The broadcaster builds each distinct view once per change: all spectators share one message,
each seat's token one (``GameManager.build_views``). A socket is sent a view only when it has not
seen the game's current revision with the current set of connected seats, so a spectator who
connects or leaves costs one view for that socket, not one for every socket of the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from starlette.concurrency import run_in_threadpool

from .games import GameError, GameManager

log = logging.getLogger("newdawn.server")
T = TypeVar("T")

CLOSE_TOO_SLOW = 4408
"""Close code of a socket whose queue overflowed: it fell behind; reconnect to catch up."""
CLOSE_TOO_MANY = 4429
"""Close code of a socket refused because its game has ``max_sockets`` open already."""


async def call_game(games: GameManager, game_id: str, fn: Callable[..., T], *args: Any) -> T:
    """``fn(game_id, *args)`` for work that needs only the game in memory (views for tokens
    already checked, spectators' views, whose turn):
    done at once on the event loop when the game is loaded and its lock free, else in a worker
    thread. On a busy machine a hop to a worker thread and back cost tens of milliseconds, more
    than building a view; a game being loaded or written is never waited for on the loop.
    (Writes always go to a thread: a database can make them wait.)"""
    g = games.games.get(game_id)
    if g is not None and g.lock.acquire(blocking=False):
        try:
            return fn(game_id, *args)
        finally:
            g.lock.release()
    return await run_in_threadpool(fn, game_id, *args)


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...
    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Conn:
    """One open socket: who it is, what it was last sent, and its queue of messages."""

    def __init__(self, ws: Socket, token: str | None, seats: frozenset[int], queue_size: int) -> None:
        self.ws = ws
        self.token = token
        self.seats = seats
        """Seats this socket plays (every human seat for a hot-seat token; {-1} for a spectator)."""
        self.queue: asyncio.Queue[str] = asyncio.Queue(queue_size)
        self.sent = 0
        """Actions whose log entries the socket was given (later views carry only the tail)."""
        self.shown: tuple[int, frozenset[int]] | None = None
        """(revision, connected seats) of the last view queued for this socket."""
        self.dropped = False
        self.task: asyncio.Task[None] | None = None

    async def send_loop(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                text = await self.queue.get()
                await self.ws.send_text(text)


SEAT_SOCKETS = 8
"""Sockets one player's token may have open in a game (tabs, devices), apart from spectators."""


class Hub:
    """The sockets of every game of one server process, and their broadcasters."""

    def __init__(self, games: GameManager, *, max_sockets: int = 100, queue_size: int = 16) -> None:
        self.games = games
        self.max_sockets = max_sockets
        self.queue_size = queue_size
        self.sockets: dict[str, dict[Socket, Conn]] = {}
        self._dirty: set[str] = set()
        self._tasks: dict[str, asyncio.Task[None]] = {}

    # ------------------------------------------------------------------ sockets
    def join(self, game_id: str, ws: Socket, token: str | None, seats: frozenset[int]) -> Conn:
        """Register a socket and queue its first view. Spectators share ``max_sockets`` slots;
        a player's token has ``SEAT_SOCKETS`` of its own, which no spectator can take (429 past
        either)."""
        conns = self.sockets.setdefault(game_id, {})
        if any(s >= 0 for s in seats):
            if sum(1 for c in conns.values() if c.token == token) >= SEAT_SOCKETS:
                raise GameError(429, f"this seat has {SEAT_SOCKETS} open connections already; close a tab")
        elif sum(1 for c in conns.values() if not any(s >= 0 for s in c.seats)) >= self.max_sockets:
            raise GameError(429, f"this game has {self.max_sockets} spectators already; try later")
        conn = Conn(ws, token, seats, self.queue_size)
        conn.task = asyncio.get_running_loop().create_task(conn.send_loop())
        conns[ws] = conn
        self.changed(game_id)
        return conn

    def leave(self, game_id: str, ws: Socket) -> None:
        conns = self.sockets.get(game_id, {})
        conn = conns.pop(ws, None)
        if not conns:
            self.sockets.pop(game_id, None)
        if conn is not None:
            if conn.task is not None:
                conn.task.cancel()
            if any(s >= 0 for s in conn.seats):
                self.changed(game_id)  # the others see that the seat left (if it was its last socket)

    def send(self, game_id: str, conn: Conn, msg: str) -> None:
        """Queue a message for one socket (dropping the socket if it fell behind)."""
        if conn.dropped:
            return
        try:
            conn.queue.put_nowait(msg)
        except asyncio.QueueFull:
            self._drop(game_id, conn)

    def _drop(self, game_id: str, conn: Conn) -> None:
        conn.dropped = True
        log.info("dropped a socket of game %s that fell behind", game_id)
        self.leave(game_id, conn.ws)

        async def close() -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ws.close(code=CLOSE_TOO_SLOW, reason="fell behind; reconnect"), 2)

        asyncio.get_running_loop().create_task(close())

    def connected(self, game_id: str) -> dict[int, int]:
        out: dict[int, int] = {}
        for c in self.sockets.get(game_id, {}).values():
            for seat in c.seats:
                out[seat] = out.get(seat, 0) + 1
        return out

    def presence(self, game_id: str) -> frozenset[int]:
        return frozenset(s for s, k in self.connected(game_id).items() if s >= 0 and k)

    # ------------------------------------------------------------------ broadcasting
    def changed(self, game_id: str) -> None:
        """The game changed (or a socket came): bring its sockets up to date, in the background."""
        self._dirty.add(game_id)
        t = self._tasks.get(game_id)
        if t is None or t.done():
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._broadcast(game_id))

    async def _broadcast(self, game_id: str) -> None:
        try:
            while game_id in self._dirty:
                self._dirty.discard(game_id)
                try:
                    await self._send_views(game_id)
                except GameError as e:
                    log.warning("no views for game %s: %s", game_id, e.message)
                except Exception:
                    log.exception("broadcast of game %s failed", game_id)
        finally:
            self._tasks.pop(game_id, None)

    async def _send_views(self, game_id: str) -> None:
        conns = list(self.sockets.get(game_id, {}).values())
        if not conns:
            return
        presence = self.presence(game_id)
        revision = self.games.revision(game_id)
        stale = [c for c in conns if c.shown != (revision, presence)]
        if not stale:
            return
        wanted: dict[str | None, set[int]] = {}
        for c in stale:
            wanted.setdefault(c.token, set()).add(c.sent)
        revision, n, texts = await call_game(self.games, game_id, self.games.build_views, wanted,
                                             self.connected(game_id))
        for c in stale:
            text = texts.get((c.token, c.sent))
            if text is None or c.dropped:
                continue
            c.shown, c.sent = (revision, presence), n
            self.send(game_id, c, text)

    async def close(self) -> None:
        for t in list(self._tasks.values()):
            t.cancel()
        for conns in self.sockets.values():
            for c in conns.values():
                if c.task is not None:
                    c.task.cancel()

    def stats(self) -> dict[str, Any]:
        return {"games": len(self.sockets), "sockets": sum(len(c) for c in self.sockets.values())}
