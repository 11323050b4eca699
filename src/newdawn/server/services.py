"""The background services of one server process and its lifespan: resuming the bots of stored
games, dropping idle games from memory, turn limits, and (several processes on one
PostgreSQL) changes heard from the others, presence heartbeats and the sweep for bots nobody
drives. Turn notices are the notifier's own task (server/notify.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool

from .context import Server
from .errors import GameError
from .seats import HEARTBEAT_S

log = logging.getLogger("newdawn.server")

RESUME_LOADS = 2
"""Games a starting server loads at once to resume their bots."""
SWEEP_S = 2.0
"""How often (several processes) a process offers to drive the games whose bots wait."""


async def resume(srv: Server) -> None:
    """Start the drivers of the games whose bots were to move, each once its game is loaded:
    ``RESUME_LOADS`` at a time, so that the worker threads stay free for the requests of the
    people coming back (the server answers at once however many games are stored)."""
    loads = asyncio.Semaphore(RESUME_LOADS)

    async def one(gid: str) -> None:
        async with loads:
            with contextlib.suppress(GameError):
                await run_in_threadpool(srv.games.get, gid)
        srv.drivers.kick(gid)

    await asyncio.gather(*(one(gid) for gid in await run_in_threadpool(srv.games.resume_ids)))


async def warm_pool(srv: Server) -> None:
    """Start the bot pool's workers with the server (the first bot's choice need not wait for
    them to start), when the settings ask for it (``newdawn serve`` does; tests do not)."""
    if srv.settings.warm_pool:
        await srv.pool.warm()


async def evict(srv: Server) -> None:
    """Every ``idle_s / 4`` seconds, drop from memory the games nobody used for ``idle_s``."""
    idle_s = srv.settings.idle_s
    while True:
        await asyncio.sleep(max(1.0, idle_s / 4))
        keep = set(srv.hub.sockets) | set(srv.drivers.tasks)
        n = await run_in_threadpool(srv.games.evict_idle, idle_s, keep)
        if n:
            log.info("dropped %d idle games from memory", n)


async def turn_limits(srv: Server) -> None:
    """Every ``timer_tick_s``: hand to the bot the deciding seats whose turn limit ran out."""
    while True:
        await asyncio.sleep(srv.settings.timer_tick_s)
        try:
            for gid in await run_in_threadpool(srv.desk.expire_turns):
                srv.changed(gid)
        except Exception:
            log.exception("checking turn limits failed")


async def remote_change(srv: Server, game_id: str, revision: int) -> None:
    """Another process wrote the game: reload it if it is loaded here, tell the sockets."""
    g = srv.games.games.get(game_id)
    if g is None or g.version >= revision:
        return
    try:
        await run_in_threadpool(srv.games.refresh, game_id)
    except Exception:
        log.exception("could not reload game %s after another server wrote it", game_id)
        return
    srv.changed(game_id)


async def heartbeat(srv: Server) -> None:
    """Several processes: note in the store that this process's seats are still here (the
    others judge a player away from it)."""
    while True:
        await asyncio.sleep(HEARTBEAT_S)
        for gid in list(srv.hub.sockets):
            seats = [s for s, n in srv.hub.connected(gid).items() if n]
            with contextlib.suppress(Exception):
                await run_in_threadpool(srv.desk.seen, gid, seats)


async def sweep(srv: Server) -> None:
    """Several processes: every ``SWEEP_S``, offer to drive each game whose bots wait (the
    lease decides who does; a process that died lets its leases go)."""
    while True:
        await asyncio.sleep(SWEEP_S)
        try:
            for gid in await run_in_threadpool(srv.games.resume_ids):
                if gid not in srv.drivers.tasks and gid not in srv.games.broken:
                    srv.drivers.kick(gid)
        except Exception:
            log.exception("looking for games whose bots wait failed")


def lifespan(srv: Server) -> Callable[[FastAPI], contextlib.AbstractAsyncContextManager[None]]:
    """Start the services with the app, stop them (and the pool's workers) with it."""

    @contextlib.asynccontextmanager
    async def run(app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()

        def heard(game_id: str, revision: int) -> None:  # from the listening thread
            loop.call_soon_threadsafe(lambda: loop.create_task(remote_change(srv, game_id, revision)))

        await run_in_threadpool(srv.cluster.start, heard)
        srv.notifier.start()
        loops: list[Any] = [warm_pool, resume, evict, turn_limits] + ([sweep, heartbeat] if srv.cluster.shared else [])
        background = [asyncio.create_task(fn(srv)) for fn in loops]
        yield
        await srv.notifier.close()
        for t in background:
            t.cancel()
        for t in background:
            with contextlib.suppress(BaseException):
                await t
        await srv.drivers.stop()
        await srv.hub.close()
        srv.pool.close()
        srv.cluster.close()
        srv.store.close()

    return run
