"""The views of a server's games: each viewer's ``view`` message (one built per token and shared by
its sockets), a spectator's view of an earlier step, who a token is, and why an action would be
refused. ``GameManager`` (server/games.py) has these methods; they read its games through
``get`` and its clock and seat rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..describe.refusal_words import refusal_json
from ..describe.table import replay_step_text
from ..engine import decision_seat, player_view, why_not
from .errors import GameError
from .guide import guide_view
from .inputs import check_action
from .live import LiveGame, undo_refusal
from .seats import SeatRules, handover_json, timer_json
from .views import seat_view, shared_parts, view_message, view_text

LOG_PAGE = 2000
"""Log entries an HTTP view or replay step carries unless ``log_from`` asks for more (a long
game's whole log is megabytes; a table's socket gets only the entries it lacks)."""


def _log_start(log_from: int | None, n: int) -> int:
    """Where a view's log starts: ``log_from`` (checked), or the last ``LOG_PAGE`` of ``n``."""
    if log_from is None:
        return max(0, n - LOG_PAGE)
    if not 0 <= log_from <= n:
        raise GameError(400, f"log_from must be between 0 and {n}")
    return log_from


def _shared(g: LiveGame) -> dict[str, Any]:
    """The shared parts of the view of ``g``'s current state, made once per state (the cache
    holds the state itself, so another state cannot take its place)."""
    got = g.shared
    if got is None or got[0] is not g.state:
        got = g.shared = (g.state, shared_parts(g.state))
    return got[1]


def public_view(g: LiveGame) -> dict[str, Any]:
    """The spectator's ``player_view`` of ``g``'s current state, made once per state (read
    only: ``views.seat_view`` makes each seat's from it)."""
    got = g.public
    if got is None or got[0] is not g.state:
        got = g.public = (g.state, player_view(g.state, -1))
    return got[1]


class GameViews:
    """The view-building part of ``GameManager``."""

    clock: Callable[[], float]
    rules: SeatRules
    view_builds: int

    def get(self, game_id: str) -> LiveGame:
        raise NotImplementedError  # GameManager.get: the game, loaded on first use

    def build_views(self, game_id: str, wanted: dict[str | None, set[int]],
                    connected: dict[int, int] | None = None) -> tuple[int, int, dict[tuple[str | None, int], str]]:
        """The view of each token in ``wanted`` (None: spectators), as JSON text, once for each
        number of log entries the sockets of that token already have. Each token's view is built
        once, however many sockets share it. Returns (revision, actions, texts by (token, sent))."""
        g = self.get(game_id)
        texts: dict[tuple[str | None, int], str] = {}
        with g.lock:
            n = len(g.rec.actions)
            seats = g.seat_list(connected)
            shared = _shared(g)
            history = g.log_entries(max(0, n - 200))
            for token, sents in wanted.items():
                try:
                    seat, acting = g.seat_of_token(token)
                except GameError:
                    continue
                refusal = undo_refusal(g, acting)
                base = view_message(g.rec.id, g.version, g.state, seat, acting, [], seats,
                                    history=history, undo=(refusal is None, refusal),
                                    practice=g.rec.practice, shared=shared,
                                    view=seat_view(public_view(g), g.state, seat))
                base.update(self._seat_fields(g, acting, connected))
                base["guide"] = guide_view(g.rec, g.state, seat, g.events)
                self.view_builds += 1
                for sent in sents:
                    start = min(sent, n)
                    texts[(token, sent)] = view_text({**base, "log": g.log_entries(start), "log_from": start}, g.state)
            return g.version, n, texts

    def view(self, game_id: str, token: str | None, connected: dict[int, int] | None = None,
             log_from: int | None = None) -> dict[str, Any]:
        """The view for ``token``, its log from action ``log_from`` (default: the last
        ``LOG_PAGE``; the message says where it starts in ``log_from``)."""
        g = self.get(game_id)
        with g.lock:
            log_from = _log_start(log_from, len(g.rec.actions))
            seat, acting = g.seat_of_token(token)
            refusal = undo_refusal(g, acting)
            msg = view_message(g.rec.id, g.version, g.state, seat, acting, g.log_entries(log_from),
                               g.seat_list(connected), history=g.log_entries(max(0, len(g.rec.actions) - 200)),
                               undo=(refusal is None, refusal), practice=g.rec.practice, shared=_shared(g),
                               view=seat_view(public_view(g), g.state, seat))
            msg.update(self._seat_fields(g, acting, connected))
            msg["guide"] = guide_view(g.rec, g.state, seat, g.events)
            msg["log_from"] = log_from
            return msg

    def _seat_fields(self, g: LiveGame, acting: frozenset[int], connected: dict[int, int] | None) -> dict[str, Any]:
        """The view's ``timer`` (the deciding seat's turn clock) and ``handover`` (what this
        viewer may hand to a bot or take back): server facts the engine does not know."""
        now = self.clock()
        st = g.state
        owner = decision_seat(st)
        names = g.names()
        timer = timer_json(g.rec.deadline, g.rec.turn_limit_s, owner, names.get(owner, ""), now) \
            if st.winner == -1 else None
        return {"timer": timer,
                "handover": handover_json(g.rec.seats, names, acting, connected or {}, now, self.rules, st.winner != -1)}

    def who(self, game_id: str, token: str | None) -> tuple[int, frozenset[int]]:
        """(seat the token sees as, seats it may act for); 403 for a token of no seat."""
        g = self.get(game_id)
        with g.lock:
            return g.seat_of_token(token)

    def acting_seats(self, game_id: str, token: str | None) -> frozenset[int]:
        g = self.get(game_id)
        with g.lock:
            return g.seat_of_token(token)[1]

    def why(self, game_id: str, token: str | None, action: str) -> dict[str, Any]:
        g = self.get(game_id)
        with g.lock:
            g.seat_of_token(token)
            r = why_not(g.state, check_action(action))
            return {"legal": True, "reason": None} if r is None else {"legal": False, **refusal_json(g.state, r)}

    def replay_view(self, game_id: str, step: int, log_from: int | None = None) -> dict[str, Any]:
        """The game as a spectator saw it after ``step`` actions, with the log from
        ``log_from`` (default: the last ``LOG_PAGE`` entries before the step)."""
        g = self.get(game_id)
        with g.lock:
            total = len(g.rec.actions)
            if not 0 <= step <= total:
                raise GameError(400, f"step must be between 0 and {total}")
            log_from = _log_start(log_from, step)
            msg = view_message(g.rec.id, g.version, g.state_at(step), -1, frozenset(), g.log_entries(log_from, step),
                               g.seat_list(), practice=g.rec.practice)
            msg["steps"] = total
            msg["step"] = step
            msg["step_text"] = replay_step_text(step, total)
            msg["log_from"] = log_from
            return msg
