"""Bot seats' decisions: what a bot must choose from, taken out of the game's lock to be thought
about (in the bot pool, server/botpool.py), and its choice applied if the game has not moved
on meanwhile. The drivers that loop over them are in server/driver.py.

``BotTurns`` works on the games of a ``GameManager`` (server/games.py); its methods are
synchronous and thread-safe.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Action, decision_seat, legal_actions, player_view
from .botpool import thinks
from .bots import Bot
from .errors import GameError
from .games import GameManager
from .gameviews import public_view
from .loaded import bot_spec
from .views import seat_view


@dataclass
class BotJob:
    """A bot seat's decision, taken out of the game's lock to be thought about."""

    game_id: str
    seat: int
    version: int
    bot: Bot
    view: dict[str, Any] | None
    legal: list[Action]
    action: Action | None = None
    owner: str = ""
    """Who created the game: the bot pool serves owners in turn."""


class BotTurns:
    """The bot seats' decisions of a ``GameManager``'s games."""

    def __init__(self, manager: GameManager, *, views_leave: bool = False) -> None:
        self.manager = manager
        self.views_leave = views_leave
        """Thinking bots get their views in another process (the pool's workers): a view made
        from the state's shared spectator view (``views.seat_view``) is copied on the way, so
        nothing of this process can change it. Else (the pool's threads) each gets its own."""


    def bot_step(self, game_id: str) -> bool:
        """If a bot seat decides now, let it choose (in this thread) and apply its action.
        Returns whether an action was applied. The server's driver uses ``bot_job`` and
        ``bot_finish`` instead, with the thinking done in the bot pool."""
        job = self.bot_job(game_id)
        if job is None:
            return False
        if job.action is None:
            job.action = job.bot.choose(job.view, job.legal)
        return self.bot_finish(job, job.action)

    def bot_job(self, game_id: str) -> BotJob | None:
        """What a bot seat that decides now has to choose from (None if no bot decides). A
        bot that needs no thought (one option, or the random bot) has chosen already
        (``action``); the others think in the bot pool without holding the game's lock."""
        g = self.manager.get(game_id)
        with g.lock:
            st = g.state
            version = g.version
            seat = decision_seat(st)
            if st.winner != -1 or not g.is_bot(seat):
                return None
            bot = g.bots[seat]
            spec = bot_spec(g.rec.seats[seat]) or "random"
            shared = self.views_leave and thinks(spec) and getattr(bot, "needs_view", True)
            public = public_view(g) if shared else None
        legal = legal_actions(st)
        needs_view = getattr(bot, "needs_view", True)
        view = None if not needs_view else seat_view(public, st, seat) if public is not None else player_view(st, seat)
        job = BotJob(game_id, seat, version, bot, view, list(legal), owner=g.rec.owner or game_id)
        if needs_view and len(legal) == 1:
            job.action = legal[0]  # nothing to think about
        elif not thinks(spec):
            job.action = bot.choose(view, legal)
        return job

    def bot_finish(self, job: BotJob, action: Action, bot: Bot | None = None) -> bool:
        """Apply a bot's choice if the game has not moved on meanwhile (``bot``: the bot as it
        came back from the pool, which replaces the one that stayed). Returns whether applied."""
        g = self.manager.get(job.game_id)
        seat, version = job.seat, job.version
        a = action
        with g.lock:
            if bot is not None and g.bots.get(seat) is job.bot:
                g.bots[seat] = bot
            if g.version != version:
                return False
            try:
                self.manager._apply(g, seat, str(a))
            except GameError as e:
                if e.status == 409:
                    return False  # another process moved the game: look again
                raise
            return True

    def bot_to_move(self, game_id: str) -> bool:
        g = self.manager.get(game_id)
        st = g.state
        return st.winner == -1 and g.is_bot(decision_seat(st))
