"""Seats changing hands and their players' presence: a seat handed to the server's bot and taken
back, turn limits running out, the away clock, turn webhooks (the rules and their words are
in server/seats.py).

``SeatDesk`` works on the games of a ``GameManager`` (server/games.py); like it, its methods are
synchronous and thread-safe, called from worker threads.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from ..engine import decision_seat
from .clients import RateLimiter
from .errors import GameError
from .games import GameManager
from .live import LiveGame, seat_words
from .seats import away_wait, check_webhook, duration_words
from .store import SeatRecord, StaleRevision, Summary

log = logging.getLogger("newdawn.server")

SEAT_CHANGES = 6
"""Times a seat may change hands (to a bot and back) a minute."""


class SeatDesk:
    """Who plays each seat, and whether its player is here."""

    def __init__(self, manager: GameManager) -> None:
        self.manager = manager
        self.seat_changes = RateLimiter(SEAT_CHANGES, 60.0)
        """Hand-overs and take-backs per seat and minute: toggling a seat cannot crowd out the
        other players' actions (each change moves the game's version)."""


    def _seat(self, g: LiveGame, seat: Any) -> SeatRecord:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(g.rec.seats):
            raise GameError(404, f"this game has seats 1 to {len(g.rec.seats)} (0 to {len(g.rec.seats) - 1} in the API)")
        return g.rec.seats[seat]

    def hand_over(self, game_id: str, token: str | None, seat: Any, connected: dict[int, int] | None = None) -> int:
        """Hand a human seat to the server's handover bot (``SeatRules.bot``). Its own player
        (or the hot-seat token) may at any time; another human seat's player once the seat's
        player has been away ``SeatRules.away_s`` (no socket open; presence from the store, so
        sockets of other server processes count). Returns the new version."""
        g = self.manager.get(game_id)
        fresh = self.manager.store.load_seats(game_id)
        with g.lock:
            _, acting = g.seat_of_token(token)
            if not acting:
                raise GameError(403, "a spectator cannot hand a seat to a bot")
            s = self._seat(g, seat)
            name = seat_words(g.state, s.seat)
            if g.state.winner != -1:
                raise GameError(400, "the game is over")
            if s.kind != "human":
                raise GameError(400, f"{name} is a bot seat")
            if s.proxy is not None:
                raise GameError(400, f"{name} is played by a bot already")
            if s.seat in acting:
                by = s.seat
            else:
                if fresh is not None and len(fresh) == len(g.rec.seats) and fresh[s.seat].last_seen is not None:
                    s.last_seen = max(s.last_seen or 0.0, fresh[s.seat].last_seen or 0.0)
                by = min(acting)
                now = self.manager.clock()
                timed_out = g.rec.deadline is not None and g.rec.deadline <= now and decision_seat(g.state) == s.seat
                if not timed_out:
                    wait = away_wait(s, bool((connected or {}).get(s.seat)), now, self.manager.rules)
                    if wait is None:
                        raise GameError(403, f"{name}'s player is at the table: only they can hand their seat to a bot")
                    if wait > 0:
                        away_for = duration_words(self.manager.rules.away_s - wait)
                        raise GameError(403, f"{name}'s player has been away for {away_for}: the others may hand "
                                             f"the seat to a bot after {duration_words(self.manager.rules.away_s)} away "
                                             f"(in {duration_words(wait)})")
            self._count_change(g, s)
            return self._change_hands(g, s, self.manager.rules.bot, by)

    def take_back(self, game_id: str, token: str | None, seat: Any) -> int:
        """The seat's own player (its token, or the hot-seat token) takes it back from the bot."""
        g = self.manager.get(game_id)
        with g.lock:
            _, acting = g.seat_of_token(token)
            s = self._seat(g, seat)
            name = seat_words(g.state, s.seat)
            if s.seat not in acting:
                raise GameError(403, f"only {name}'s own player can take the seat back (with their seat's link)")
            if s.proxy is None:
                raise GameError(400, f"{name} is played by its player already")
            self._count_change(g, s)
            return self._change_hands(g, s, None, None)

    def _count_change(self, g: LiveGame, s: SeatRecord) -> None:
        wait = self.seat_changes.hit(f"{g.rec.id}:{s.seat}")
        if wait > 0:
            raise GameError(429, f"{seat_words(g.state, s.seat)} changed hands {SEAT_CHANGES} times this minute: "
                                 f"try again in {wait:.0f} s")

    def _change_hands(self, g: LiveGame, s: SeatRecord, proxy: str | None, by: int | None) -> int:
        """Store the seat's new hands (compare-and-set on the revision, like an action), then
        change the game in memory. The revision moves, so a bot's choice in flight is dropped."""
        st = g.state
        owner = decision_seat(st)
        old = (s.proxy, s.proxy_round, s.proxy_by)
        s.proxy, s.proxy_round, s.proxy_by = proxy, (st.round if proxy else None), by
        try:
            # the deciding seat changed hands: no clock while a bot plays it, fresh time for its player
            deadline = self.manager._deadline_after(g, -2, st) if owner == s.seat else g.rec.deadline
            summary = Summary(st.round, st.winner, st.winner == -1 and g.is_bot(owner), deadline)
            n = len(g.rec.actions)
            self.manager.store.change_hands(g.rec.id, s.seat, g.rec.revision + 1, summary, proxy=s.proxy,
                                    proxy_round=s.proxy_round, proxy_by=s.proxy_by, hands_n=n)
        except StaleRevision:
            s.proxy, s.proxy_round, s.proxy_by = old
            self.manager.refresh(g.rec.id)
            raise GameError(409, "the game changed meanwhile (another server wrote it); look again") from None
        except BaseException:
            s.proxy, s.proxy_round, s.proxy_by = old
            raise
        s.hands_n = n
        g.rec.revision += 1
        g.rec.deadline = deadline
        self.manager._attach_bots(g)
        log.info(json.dumps({"event": "handover" if proxy else "take_back", "game": g.rec.id, "seat": s.seat,
                             "by": by, "bot": proxy, "version": g.version}))
        return g.version

    def expire_turns(self) -> list[str]:
        """Hand to the bot every deciding seat whose turn limit has run out (any server process
        may: the write is a compare-and-set, so one wins). Returns the games changed."""
        now = self.manager.clock()
        changed = []
        for gid in self.manager.store.expired_ids(now):
            if gid in self.manager.broken:
                continue
            try:
                self.manager.get(gid)
                g = self.manager.refresh(gid) or self.manager.get(gid)
                with g.lock:
                    dl = g.rec.deadline
                    if dl is None or dl > now or g.state.winner != -1:
                        continue
                    seat = decision_seat(g.state)
                    if not 0 <= seat < len(g.rec.seats) or g.is_bot(seat):
                        continue
                    self._change_hands(g, g.rec.seats[seat], self.manager.rules.bot, -1)
                    changed.append(gid)
            except GameError as e:
                if e.status != 409:  # 409: another process applied it first
                    log.warning("turn limit of game %s not applied: %s", gid, e.message)
        return changed

    def seen(self, game_id: str, seats: frozenset[int] | list[int]) -> None:
        """Sockets of ``seats`` are open now (or just closed): note it, in memory and in the store
        (other server processes read it there)."""
        g = self.manager.get(game_id)
        now = self.manager.clock()
        mine = [s for s in seats if 0 <= s < len(g.rec.seats) and g.rec.seats[s].kind == "human"]
        for s in mine:
            g.rec.seats[s].last_seen = now
        self.manager.store.seen(game_id, mine, now)

    def set_webhook(self, game_id: str, token: str | None, seat: Any, url: Any) -> dict[str, Any]:
        """Set (or clear, with null) the URL the server POSTs to when it becomes the seat's turn;
        only with the seat's own token."""
        g = self.manager.get(game_id)
        url = check_webhook(url)
        with g.lock:
            _, acting = g.seat_of_token(token)
            s = self._seat(g, seat)
            if s.seat not in acting or s.kind != "human":
                raise GameError(403, f"only {seat_words(g.state, s.seat)}'s own player can set its webhook")
            self.manager.store.set_webhook(game_id, s.seat, url)
            s.webhook = url
            return {"ok": True, "seat": s.seat, "webhook": url is not None}
