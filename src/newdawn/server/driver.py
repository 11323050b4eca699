"""The bot drivers: one asyncio task per game whose bots are to move, playing their decisions
until a person decides (thinking in the bot pool, applying through ``BotTurns``), holding the
game's bot lease when several processes share a database.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import logging
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool

from .errors import GameError
from .hub import call_game

if TYPE_CHECKING:
    from .context import Server

log = logging.getLogger("newdawn.server")


class BotDrivers:
    """The bot drivers of one server process."""

    def __init__(self, srv: Server) -> None:
        self.srv = srv
        self.moves = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-moves")
        """The thread bots' moves are applied and stored in, one after another. A move is a
        write, which may wait for the database, so it leaves the event loop; one thread of its
        own, already busy under load, is handed the next move without being woken for each
        (the shared thread pool woke an idle thread for every move: a tenth of the loop's time
        with a hundred bot games). The store lets one writer in at a time anyway."""
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.woken: set[str] = set()
        """Games whose state changed since their driver last looked: a driver only stops when
        nothing woke it meanwhile. Without it a person's action that lands while the driver is
        finishing (its last "is a bot to move?" answer already stale) would leave the bots idle."""

    def kick(self, game_id: str) -> None:
        """Make sure the game's driver runs (and looks again)."""
        self.woken.add(game_id)
        t = self.tasks.get(game_id)
        if t is None or t.done():
            self.tasks[game_id] = asyncio.get_running_loop().create_task(self.drive(game_id))

    async def _lease(self, game_id: str) -> bool:
        cluster = self.srv.cluster
        if not cluster.shared:
            return True
        if not await run_in_threadpool(cluster.try_lease, game_id):
            return False  # another process drives this game's bots
        await run_in_threadpool(self.srv.games.refresh, game_id)  # it may have moved the game before us
        return True

    async def drive(self, game_id: str) -> None:
        """Play the game's bot turns until a person decides, holding the game's bot lease (one
        process at a time). Supervised: an error (a locked database, a failing bot) is logged and
        the driver tries again after a pause."""
        srv, bots = self.srv, self.srv.bots
        failures = 0
        leased = stopped = False
        try:
            self.woken.discard(game_id)
            leased = await self._lease(game_id)
            while leased:
                self.woken.discard(game_id)
                try:
                    while await call_game(srv.games, game_id, bots.bot_to_move):
                        if srv.settings.bot_delay > 0:
                            await asyncio.sleep(srv.settings.bot_delay)
                        # on the loop when the game is in memory and free: what the bot sees is
                        # made in a fraction of a millisecond, less than a hop to a thread and back
                        job = await call_game(srv.games, game_id, bots.bot_job)
                        if job is None:
                            continue
                        bot = None
                        action = job.action
                        if action is None:  # a bot that thinks: in the pool, off this process
                            action, bot = await srv.pool.choose(job.bot, job.view, job.legal, owner=job.owner,
                                                                game=game_id)
                        loop = asyncio.get_running_loop()
                        if await loop.run_in_executor(self.moves, bots.bot_finish, job, action, bot):
                            srv.hub.changed(game_id)
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
                if game_id not in self.woken:
                    break  # no await between this check and leaving: no wake-up is missed
        except asyncio.CancelledError:
            stopped = True
            raise
        finally:
            if leased and srv.cluster.shared:
                with contextlib.suppress(Exception):
                    await run_in_threadpool(srv.cluster.release, game_id)
            self.tasks.pop(game_id, None)
            if game_id in self.woken and not stopped:
                self.kick(game_id)  # woken while the lease was being let go

    async def stop(self) -> None:
        tasks = list(self.tasks.values())
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        self.moves.shutdown(wait=False)
