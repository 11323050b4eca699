"""The hint (what Hard would do now, in words) and the chart of each seat's chance of winning by
round, for the table (issue 38, part 5).

A hint is offered only in a practice game (every seat but the asker's is a bot, see
``chances.against_bots``), only on the asker's own decision. Hard thinks in the bot pool (off the
event loop and off the web process, like a bot seat's choice, with the pool's fair share per
game owner) within ``HINT_WAIT_S``; the answer is kept for that version of the game, so asking
again costs nothing, and nothing is played. The chart replays the game's record once and is
extended as the game goes on (kept per game, ``CHARTS_KEPT`` games).
"""

from __future__ import annotations

import asyncio
import collections
import secrets
import threading
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool

from ..describe import option_records
from ..describe.advice import hint_json
from ..engine import GameState, decision_seat, legal_actions, player_view
from .bots import _bots_attr, make_seat_bot
from .chances import chart_json_of, extend_points
from .errors import GameError

if TYPE_CHECKING:
    from .context import Server

HINT_LEVEL = "hard"
"""The level whose choice is the hint (``newdawn.bots.registry.LEVELS``)."""
HINT_FALLBACK_SPEC = "mcts:1s"
"""The spec thought with when the bots package has no ``HINT_LEVEL``."""
HINT_WAIT_S = 20.0
"""Longest a hint is waited for, queueing in a busy pool included (then 503: ask again)."""
HINTS_KEPT = 256
CHARTS_KEPT = 64


def hint_spec() -> str:
    """The bot spec of ``HINT_LEVEL``."""
    levels = _bots_attr("LEVELS")
    if levels and HINT_LEVEL in levels:
        return str(levels[HINT_LEVEL].spec)
    return HINT_FALLBACK_SPEC


class Advice:
    """Hints and charts of one server's games."""

    def __init__(self, srv: Server) -> None:
        self.srv = srv
        self.hints: collections.OrderedDict[tuple[str, int], asyncio.Task[dict[str, Any]]] = collections.OrderedDict()
        self.charts: collections.OrderedDict[str, tuple[tuple[str, ...], GameState, list[Any]]] = \
            collections.OrderedDict()
        self._charts_lock = threading.Lock()

    # ------------------------------------------------------------------ hint

    async def hint(self, game_id: str, token: Any, version: Any) -> dict[str, Any]:
        """What Hard would choose in the asker's pending decision, in words (``schema.Hint``).
        Refused (403) outside a practice game or when it is not the asker's decision, 409 when
        the game has moved on from ``version``, 503 when Hard could not answer in time."""
        st, seat, owner = await run_in_threadpool(self._check, game_id, token, version)
        key = (game_id, int(version))
        task = self.hints.get(key)
        if task is None or (task.done() and task.exception() is not None):
            task = asyncio.get_running_loop().create_task(self._think(game_id, st, seat, owner, int(version)))
            self.hints[key] = task
            while len(self.hints) > HINTS_KEPT:
                self.hints.popitem(last=False)
        try:
            return await asyncio.wait_for(asyncio.shield(task), HINT_WAIT_S)
        except TimeoutError:
            raise GameError(503, "Hard is still thinking (the server is busy): ask again in a moment") from None

    def _check(self, game_id: str, token: Any, version: Any) -> tuple[GameState, int, str]:
        """The state to advise on, the deciding seat and the game's owner, after every check."""
        games = self.srv.games
        g = games.get(game_id)
        with g.lock:
            seat, acting = g.seat_of_token(token)
            humans = [s.seat for s in g.rec.seats if s.kind == "human"]
            if not acting or len(humans) != 1 or humans[0] not in acting:
                raise GameError(403, "a hint is offered only in a practice game (every other seat a bot), "
                                     "to its player")
            if not isinstance(version, int) or isinstance(version, bool) or version != g.version:
                raise GameError(409, f"the game is at version {g.version}: ask about the current position")
            st = g.state
            owner = decision_seat(st)
            if st.winner != -1:
                raise GameError(400, "the game is over")
            if owner not in acting or g.is_bot(owner):
                raise GameError(403, "a hint is about your own decision: it is not yours now")
            return st, owner, g.rec.owner or game_id

    async def _think(self, game_id: str, st: GameState, seat: int, owner: str, version: int) -> dict[str, Any]:
        bot = make_seat_bot(hint_spec(), secrets.randbits(32))
        legal = legal_actions(st)
        if len(legal) == 1:
            action = legal[0]
        else:
            view = await run_in_threadpool(player_view, st, seat) if getattr(bot, "needs_view", True) else None
            action, back = await self.srv.pool.choose(bot, view, list(legal), owner=owner, game=game_id)
            if back is None:
                raise GameError(503, "Hard could not think about it now: ask again in a moment")
        return await run_in_threadpool(_hint_words, st, str(action), version)

    # ------------------------------------------------------------------ chart

    def chart(self, game_id: str) -> dict[str, Any]:
        """Each seat's chance of winning at the start of every round so far and now
        (``schema.Chart``), from the public view. Run in a worker thread: the first call
        replays the game."""
        g = self.srv.games.get(game_id)
        with g.lock:
            actions = tuple(a for _, a in g.rec.actions)
            start = g.state_at(0)
        with self._charts_lock:
            known = self.charts.get(game_id)
        if known is not None and len(known[0]) <= len(actions) and actions[:len(known[0])] == known[0]:
            st, points = known[1], known[2]
            done = len(known[0])
        else:
            st, points, done = start, [], 0
        st, n, points = extend_points(st, actions, done, points)
        with self._charts_lock:
            self.charts[game_id] = (actions, st, points)
            self.charts.move_to_end(game_id)
            while len(self.charts) > CHARTS_KEPT:
                self.charts.popitem(last=False)
        return chart_json_of(st, points, n)


def _hint_words(st: GameState, action: str, version: int) -> dict[str, Any]:
    option = next((o for o in option_records(st) if o["action"] == action), None)
    return {**hint_json(option, action), "version": version}
