"""Authoritative games: live states in memory (loaded from the store on first use, reloaded
when another process wrote them, dropped when idle), views, checked actions and undo. One game
in memory is a ``LiveGame`` (server/live.py).

The lobby (server/lobby.py), the seats' hands and presence (server/seatdesk.py) and the bot
seats' decisions (server/botturns.py) work on a ``GameManager``'s games. All methods are
synchronous and thread-safe (one lock per game); the web layer calls them from worker threads
so that neither the engine nor the database ever blocks the event loop.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from ..describe.refusal_words import refusal_json
from ..engine import (
    GameState,
    IllegalActionError,
    NotationError,
    apply,
    decision_seat,
    parse_action,
)
from .errors import GameError as GameError  # re-exported: the layers above import it from here
from .gameviews import GameViews
from .guide import LEARNER, after_action, after_undo, guide_view, next_progress
from .inputs import (
    check_action,
)
from .live import LiveGame, seat_words, undo_refusal
from .loaded import LoadedGames
from .seats import (
    SeatRules,
)
from .store import StaleRevision, Store, Summary

log = logging.getLogger("newdawn.server")


SNAPSHOT_EVERY = 50
"""Store the state after every 50th action, so that loading a game applies at most 49."""


class GameManager(LoadedGames, GameViews):
    """The games of one server: created, loaded from the store on demand, kept in memory
    (``LoadedGames``, server/loaded.py); their views are built by the methods of ``GameViews``
    (server/gameviews.py); actions and undo are checked and applied here."""

    def __init__(self, store: Store, bot_seed: int | None = None, *, clock: Callable[[], float] = time.time,
                 seat_rules: SeatRules | None = None,
                 on_turn: Callable[[str, int, dict[str, Any]], None] | None = None) -> None:
        self.store = store
        self.clock = clock
        """The server's clock (seconds since the epoch): turn limits and presence. Tests inject one."""
        self.rules = seat_rules or SeatRules()
        self.on_turn = on_turn
        """Called (from the writing thread, after the write) when the decision passes to a human
        seat its player plays: ``on_turn(game_id, seat, payload)`` (the webhook notifier)."""
        self.games: dict[str, LiveGame] = {}
        self.broken: dict[str, str] = {}
        """Stored games whose log no longer replays (e.g. after a rules change): id -> why."""
        self._lock = threading.Lock()
        self.bot_seed = bot_seed
        self.view_builds = 0
        """How many view messages were built for sockets (tests check that they are shared)."""

    # ------------------------------------------------------------------ lobby

    # ------------------------------------------------------------------ views
    def revision(self, game_id: str) -> int:
        return self.get(game_id).version

    # ------------------------------------------------------------------ actions
    def act(self, game_id: str, token: str | None, version: Any, action: Any) -> int:
        """Apply a seat's action after every check; returns the new version. Raises GameError
        (403 wrong token or seat, 409 stale version, 400 illegal) and then changes nothing."""
        g = self.get(game_id)
        with g.lock:
            _, acting = g.seat_of_token(token)
            if not acting:
                raise GameError(403, "a spectator cannot act: this action needs a seat's token")
            self._catch_up(g, version)
            self._check_version(g, version)
            st = g.state
            if st.winner != -1:
                raise GameError(400, "the game is over")
            owner = decision_seat(st)
            if owner not in acting:
                raise GameError(403, f"it is {seat_words(st, owner)}'s decision, not yours")
            if g.is_bot(owner):
                raise GameError(403, f"{seat_words(st, owner)} is played by a bot now: take the seat back first")
            done = self._apply(g, owner, action)
            g.rec.seats[owner].last_seen = self.clock()  # a player who acts is here (this process knows)
            return done

    def _catch_up(self, g: LiveGame, version: Any) -> None:
        """A client that saw a newer revision than ours saw another process's write: reload."""
        if isinstance(version, int) and not isinstance(version, bool) and version > g.version:
            self.refresh(g.rec.id)

    @staticmethod
    def _check_version(g: LiveGame, version: Any) -> None:
        if not isinstance(version, int) or isinstance(version, bool):
            raise GameError(400, "version must be a whole number")
        if version != g.version:
            raise GameError(409, f"stale version: the game is at version {g.version}, "
                                 f"your action was chosen at version {version}; look again")

    def _apply(self, g: LiveGame, seat: int, action: Any) -> int:
        action = check_action(action)
        st = g.state
        try:
            a = parse_action(action)
            nxt = apply(st, a)  # the one legality check: the engine's, with its reason
        except NotationError as e:
            raise GameError(400, str(e)) from None
        except IllegalActionError as e:  # the engine's fact, in describe's words
            if e.refusal is None:
                raise GameError(400, str(e)) from None
            said = refusal_json(st, e.refusal)
            raise GameError(400, str(said["reason"]), e.refusal.facts()) from None
        n = len(g.rec.actions)
        before, after = decision_seat(st), decision_seat(nxt)
        deadline = self._deadline_after(g, before, nxt)
        summary = Summary(nxt.round, nxt.winner, nxt.winner == -1 and g.is_bot(after), deadline)
        snapshot = (n + 1, json.dumps(nxt.to_json())) if (n + 1) % SNAPSHOT_EVERY == 0 else None
        try:
            self.store.append_action(g.rec.id, n, seat, str(a), g.rec.revision + 1, events=list(nxt.events),
                                     summary=summary, snapshot=snapshot)
        except StaleRevision:
            self.refresh(g.rec.id)
            raise GameError(409, "the game changed meanwhile (another server wrote it); look again") from None
        g.rec.revision += 1
        g.rec.deadline = deadline
        g.push(seat, str(a), nxt)
        guided = after_action(g.rec, nxt.events)  # a guided game's step done by this action
        if guided is not None:
            self.store.set_guide(g.rec.id, guided)
            g.rec.guide = guided
        log.info(json.dumps({"event": "action", "game": g.rec.id, "seat": seat, "action": str(a),
                             "version": g.version, "bot": g.is_bot(seat)}))
        if after != before and nxt.winner == -1 and self.on_turn is not None and 0 <= after < len(g.rec.seats) \
                and g.rec.seats[after].kind == "human" and not g.is_bot(after) \
                and (g.rec.seats[after].webhook or self.store.shared):  # another process may have set it
            self.on_turn(g.rec.id, after, self._turn_payload(g, after))
        return g.version

    def _turn_payload(self, g: LiveGame, seat: int) -> dict[str, Any]:
        """What a seat's webhook is sent when it becomes its turn (no token, no hidden state)."""
        name = seat_words(g.state, seat)
        return {"type": "your_turn", "game_id": g.rec.id, "seat": seat, "seat_name": name,
                "round": g.state.round, "version": g.version, "deadline": g.rec.deadline,
                "turn_limit_s": g.rec.turn_limit_s, "table": f"/table.html?game={g.rec.id}",
                "text": f"Your turn in newdawn game {g.rec.id}, round {g.state.round}: {name} decides."}

    def _deadline_after(self, g: LiveGame, before: int, nxt: GameState) -> float | None:
        """The deciding seat's deadline once the state is ``nxt`` (``before``: the seat that
        decided until now): the same while the same seat goes on deciding, a fresh one when the
        decision passes to a seat its player plays, none for bots, without a limit, at the end."""
        limit = g.rec.turn_limit_s
        owner = decision_seat(nxt)
        if not limit or nxt.winner != -1 or not 0 <= owner < len(g.rec.seats) or g.is_bot(owner):
            return None
        if owner == before and g.rec.deadline is not None:
            return g.rec.deadline
        return self.clock() + limit

    # ------------------------------------------------------------------ the guided game
    def guide(self, game_id: str, token: str | None, body: dict[str, Any]) -> dict[str, Any]:
        """The learner goes to the guide's next step, leaves the guide or takes it up again
        (server/guide.py); returns the view's new ``guide`` (None once left)."""
        g = self.get(game_id)
        with g.lock:
            seat, acting = g.seat_of_token(token)
            if seat != LEARNER or LEARNER not in acting:
                raise GameError(403, "only the learner's seat follows the guide")
            progress = next_progress(g.rec, g.state, body, g.events)
            if progress != g.rec.guide:
                self.store.set_guide(g.rec.id, progress)
                g.rec.guide = progress
            return {"guide": guide_view(g.rec, g.state, seat, g.events)}

    # ------------------------------------------------------------------ undo
    def undo(self, game_id: str, token: str | None, version: Any) -> int:
        g = self.get(game_id)
        with g.lock:
            _, acting = g.seat_of_token(token)
            if not acting:
                raise GameError(403, "a spectator cannot undo")
            self._catch_up(g, version)
            self._check_version(g, version)
            reason = undo_refusal(g, acting)
            if reason is not None:
                raise GameError(400, reason)
            n = len(g.rec.actions) - 1
            before = g.state_at(n)
            deadline = self._deadline_after(g, decision_seat(g.state), before)
            summary = Summary(before.round, before.winner, before.winner == -1 and g.is_bot(decision_seat(before)),
                              deadline)
            try:
                self.store.drop_last_action(g.rec.id, n, g.rec.revision + 1, summary)
            except StaleRevision:
                self.refresh(g.rec.id)
                raise GameError(409, "the game changed meanwhile (another server wrote it); look again") from None
            g.rec.revision += 1
            g.rec.deadline = deadline
            g.pop()
            guided = after_undo(g.rec)  # a guided game's step moved on by the action taken back
            if guided is not None:
                self.store.set_guide(g.rec.id, guided)
                g.rec.guide = guided
            return g.version

    # ------------------------------------------------------------------ seats: handover, presence, webhooks
