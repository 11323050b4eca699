"""The games of a server held in memory: loaded from the store on first use (from the latest
snapshot, else replayed), brought up to the store when another process wrote them, dropped when
idle, with a bot attached to every seat a bot plays. ``GameManager`` (server/games.py) has these
methods and the attributes they use (``store``, ``games``, ``broken``, ``bot_seed``).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time

from ..engine import IllegalActionError, NotationError, apply, replay
from .botpool import bounded_spec
from .bots import make_seat_bot
from .errors import GameError
from .inputs import check_game_id
from .live import LiveGame, from_snapshot, newer_seats
from .store import SeatRecord, Store

log = logging.getLogger("newdawn.server")


def bot_spec(s: SeatRecord) -> str | None:
    """The bot level that chooses for a seat: its own (a bot seat), the handover bot (a human
    seat handed to a bot), else None."""
    if s.kind == "bot":
        return s.bot or "random"
    return s.proxy


class LoadedGames:
    """The loading part of ``GameManager``."""

    store: Store
    games: dict[str, LiveGame]
    broken: dict[str, str]
    """Stored games whose log no longer replays (e.g. after a rules change): id -> why."""
    bot_seed: int | None
    _lock: threading.Lock

    def _attach_bots(self, g: LiveGame) -> None:
        gid = g.rec.id
        g.reload_seats = lambda: self.store.load_seats(gid)
        # Bots get a seed derived from the game's through a hash: what they do shows nothing of it.
        derived = int.from_bytes(hashlib.blake2b(str(g.rec.seed).encode(), digest_size=7,
                                                 person=b"newdawn-bots").digest(), "big")
        base = derived if self.bot_seed is None else self.bot_seed
        for s in g.rec.seats:
            spec = bot_spec(s)
            if spec is None:
                g.bots.pop(s.seat, None)
            elif s.seat not in g.bots:
                g.bots[s.seat] = make_seat_bot(bounded_spec(spec), base * 10 + s.seat + len(g.rec.actions) * 7919)

    def get(self, game_id: str) -> LiveGame:
        """The live game, loaded from the store on first use (404 unknown, 500 broken)."""
        check_game_id(game_id)
        g = self.games.get(game_id)
        if g is not None:
            g.touched = time.monotonic()
            return g
        with self._lock:
            g = self.games.get(game_id)
            if g is not None:
                return g
            if game_id in self.broken:
                raise GameError(500, f"game {game_id} cannot be resumed: {self.broken[game_id]}")
            g = self._load(game_id)
            self.games[game_id] = g
            return g

    def _load(self, game_id: str) -> LiveGame:
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise GameError(404, "no such game")
        rec = self.store.load_game(game_id)
        if rec is None:
            raise GameError(404, f"no game {game_id[:40]!r}")
        g = from_snapshot(rec) if rec.snapshot is not None else None
        if g is None:
            try:
                states = replay({"config": rec.config, "seed": rec.seed, "actions": [a for _, a in rec.actions]})
            except (IllegalActionError, NotationError, ValueError, KeyError) as e:
                self.broken[game_id] = f"its stored actions no longer replay ({e})"
                log.warning("game %s cannot be resumed: %s", game_id, e)
                raise GameError(500, f"game {game_id} cannot be resumed: {self.broken[game_id]}") from None
            g = LiveGame.from_states(rec, states)
        self._attach_bots(g)
        if not rec.summarized:
            self.store.fill_summary(game_id, rec.revision, g.summary_record())
        return g

    def refresh(self, game_id: str) -> LiveGame | None:
        """Bring a loaded game up to the stored one (another process wrote it, or a write lost
        a race): the actions both share stay, the others are taken back or applied. Returns the
        game, or None if it is not loaded here."""
        g = self.games.get(game_id)
        if g is None:
            return None
        with g.lock:
            if self.store.revision(game_id) == g.rec.revision:
                return g
            rec = self.store.load_game(game_id)
            if rec is None:
                return g
            mine = g.rec.actions
            p = 0
            while p < min(len(mine), len(rec.actions)) and mine[p] == rec.actions[p]:
                p += 1
            if p < len(mine):
                st = g.state_at(p)
                del mine[p:]
                del g.events[p + 1:]
                del g.records[p + 1:]  # the log records of the actions taken back go too
                for k in [k for k in g.checkpoints if k > p]:
                    del g.checkpoints[k]
                g.state, g.prev = st, None
            for j in range(p, len(rec.actions)):
                seat, text = rec.actions[j]
                g.push(seat, text, apply(g.state, text))
            g.rec.revision = rec.revision
            g.rec.seats = newer_seats(g.rec.seats, rec.seats)
            g.rec.deadline = rec.deadline
            self._attach_bots(g)  # a seat handed to a bot or taken back in another process
            return g

    def resume_ids(self) -> list[str]:
        """Games whose bots should play now (a game stored without a summary is included: its
        driver loads it and looks)."""
        return self.store.bot_turn_ids()

    def evict_idle(self, max_idle: float, keep: set[str]) -> int:
        """Forget games unused for ``max_idle`` seconds (except ``keep``): they are loaded again
        from the store when next used. Returns how many were dropped."""
        now = time.monotonic()
        with self._lock:
            idle = [gid for gid, g in self.games.items() if gid not in keep and now - g.touched > max_idle]
            for gid in idle:
                del self.games[gid]
        return len(idle)
