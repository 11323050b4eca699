"""One game held in memory (``LiveGame``): its record, its current state and checkpoints, the
engine's events and the log records of every action, its bots and its lock; and how a stored
game becomes one (``from_snapshot``, ``initial_state``). ``GameManager`` (server/games.py) keeps
the live games of a server; the lobby makes new ones (``new_game_id``, ``new_token``)."""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..describe import action_entries, setup_entries, turn_parts
from ..describe.names import AUTOMA_NAME
from ..describe.options import step_refusal
from ..engine import Event, GameState, ap_seat, apply, content_for, decision_seat, replay
from .bots import Bot
from .errors import GameError
from .inputs import check_token
from .seats import proxy_text
from .store import SERVER_PLAYED, GameRecord, SeatRecord, Summary

log = logging.getLogger("newdawn.server")

CHECKPOINT_EVERY = 25
"""Keep every 25th state of a game in memory; others are rebuilt from the nearest one."""


@dataclass
class LiveGame:
    rec: GameRecord
    state: GameState
    """The current state (after every action of ``rec.actions``)."""
    checkpoints: dict[int, GameState]
    """State after ``i`` actions for ``i`` = 0, 25, 50...: replay steps and undo start there."""
    events: list[tuple[Event, ...]]
    """``events[i]``: the engine's events of action ``i`` (``events[0]``: the setup), as facts
    (``engine/event.py``); tuples of flat dicts, which the garbage collector mostly leaves
    untracked (server/runtime.py)."""
    prev: GameState | None = None
    """The state before the last action, while it is known (for undo)."""
    records: list[list[dict[str, Any]]] = field(default_factory=list)
    """``records[i]``: the log records (``describe.log``) of action ``i`` (0: the setup)."""
    lock: threading.RLock = field(default_factory=threading.RLock)
    bots: dict[int, Bot] = field(default_factory=dict)
    touched: float = field(default_factory=time.monotonic)
    """When the game was last used (idle games are dropped from memory)."""
    entry_cache: dict[int, tuple[Any, Any, list[dict[str, Any]]]] = field(default_factory=dict)
    """Log entries already made, with the records and events they were made from."""
    public: tuple[GameState, dict[str, Any]] | None = None
    """A state and the spectator's ``player_view`` of it, from which every seat's is made
    (``views.seat_view``): once per state for the view messages and the bots in the pool."""
    shared: tuple[GameState, dict[str, Any]] | None = None
    """A state and the parts of its view that every viewer shares (``views.shared_parts``, with
    the chances of winning): made once per state, for the sockets' views and the HTTP ones."""
    reload_seats: Callable[[], list[SeatRecord] | None] | None = None
    """Reads the game's seats from the store: a seat claimed through another server process
    is known here only after that."""

    @classmethod
    def from_states(cls, rec: GameRecord, states: list[GameState]) -> LiveGame:
        """Keep the checkpoints, the last two states and the events of ``engine.replay``'s
        list of states (which is then dropped: a long game's states take tens of MB)."""
        records = [setup_entries(states[0])] + [
            action_entries(states[i], seat, text, states[i + 1], i + 1) for i, (seat, text) in enumerate(rec.actions)]
        return cls(rec, states[-1], {i: states[i] for i in range(0, len(states), CHECKPOINT_EVERY)},
                   [tuple(st.events) for st in states], states[-2] if len(states) > 1 else None, records)

    def state_at(self, i: int) -> GameState:
        """The state after the first ``i`` actions (checkpoints passed on the way are kept)."""
        n = len(self.rec.actions)
        if i == n:
            return self.state
        if i == n - 1 and self.prev is not None:
            return self.prev
        if 0 not in self.checkpoints:  # loaded from a snapshot: the start is rebuilt when needed
            self.checkpoints[0] = initial_state(self.rec)
        base = max(k for k in self.checkpoints if k <= i)
        st = self.checkpoints[base]
        for j in range(base, i):
            st = apply(st, self.rec.actions[j][1])
            if (j + 1) % CHECKPOINT_EVERY == 0:
                self.checkpoints.setdefault(j + 1, st)
        return st

    def summary_record(self) -> Summary:
        st = self.state
        return Summary(st.round, st.winner, st.winner == -1 and self.is_bot(decision_seat(st)), self.rec.deadline)

    def push(self, seat: int, text: str, nxt: GameState) -> None:
        complete = len(self.records) == len(self.rec.actions) + 1
        self.rec.actions.append((seat, text))
        if complete:  # else (a game loaded from a snapshot) the records are made when asked for
            self.records.append(action_entries(self.state, seat, text, nxt, len(self.rec.actions)))
        self.prev, self.state = self.state, nxt
        self.events.append(tuple(nxt.events))
        n = len(self.rec.actions)
        if n % CHECKPOINT_EVERY == 0:
            self.checkpoints[n] = nxt

    def pop(self) -> None:
        """Forget the last action (undo)."""
        n = len(self.rec.actions)
        before = self.state_at(n - 1)
        self.rec.actions.pop()
        self.events.pop()
        if len(self.records) > n:
            self.records.pop()
        self.checkpoints.pop(n, None)
        self.state, self.prev = before, None

    @property
    def version(self) -> int:
        return self.rec.revision

    def seat_of_token(self, token: str | None) -> tuple[int, frozenset[int]]:
        """(seat the viewer sees as, seats the viewer may act for); (-1, {}) for spectators.
        Raises 403 for a token that belongs to no seat of this game."""
        token = check_token(token)
        if token is None:
            return -1, frozenset()
        for s in self.rec.seats:
            if secrets.compare_digest(s.token, token):
                return s.seat, frozenset({s.seat})
        if self.reload_seats is not None and any(s.invite for s in self.rec.seats):
            fresh = self.reload_seats()  # an invite may have been spent in another process
            if fresh is not None and len(fresh) == len(self.rec.seats):
                self.rec.seats = newer_seats(self.rec.seats, fresh)
                for s in fresh:
                    if secrets.compare_digest(s.token, token):
                        return s.seat, frozenset({s.seat})
        hs = self.rec.hotseat_token
        if hs and secrets.compare_digest(hs, token):
            humans = hotseat_seats(self.rec.seats)
            owner = decision_seat(self.state)
            seat = owner if owner in humans else min(humans, default=-1)
            return seat, humans
        raise GameError(403, "this token belongs to no seat of this game")

    def is_bot(self, seat: int) -> bool:
        """A bot chooses for ``seat``: a bot seat, or a human seat handed to a bot."""
        return 0 <= seat < len(self.rec.seats) and self.rec.seats[seat].bot_plays

    def names(self) -> dict[int, str]:
        return {s.seat: seat_words(self.state, s.seat) for s in self.rec.seats}

    def log_entries(self, start: int = 0, stop: int | None = None) -> list[dict[str, Any]]:
        """Log entries of actions ``start``..``stop`` (``n`` = 1 for the first action); from the
        start, entry ``n`` = 0 (seat -1, action "setup") carries the setup's events."""
        stop = len(self.rec.actions) if stop is None else stop
        self._ensure_records(stop)
        out = list(self._entry(0)) if start == 0 else []
        for i in range(start, stop):
            out.extend(self._entry(i + 1))
        return out

    def _entry(self, n: int) -> list[dict[str, Any]]:
        """The log group of action ``n`` (0: the setup), with the Automated Player's turns in it
        as groups of their own (``describe.turn_parts``), made once and shared by every view
        until the action is taken back (nobody changes an entry: it is read and sent)."""
        records, events = self.records[n], self.events[n]
        cached = self.entry_cache.get(n)
        if cached is not None and cached[0] is records and cached[1] is events:
            return cached[2]
        seat, text = (-1, "setup") if n == 0 else self.rec.actions[n - 1]
        entry = turn_parts({"n": n, "seat": seat, "action": text, "events": list(events), "entries": records},
                           ap_seat(self.state))
        self.entry_cache[n] = (records, events, entry)
        return entry

    def _ensure_records(self, stop: int) -> None:
        """Make the log records of actions 1..``stop`` that are missing (a game loaded from a
        snapshot has none): one pass forward from the last state known before them."""
        have = len(self.records)
        if have > stop:
            return
        if have == 0:
            self.records.append(setup_entries(self.state_at(0)))
            have = 1
        st = self.state_at(have - 1)
        for i in range(have - 1, stop):
            seat, text = self.rec.actions[i]
            nxt = self.state if i + 1 == len(self.rec.actions) else apply(st, text)
            self.records.append(action_entries(st, seat, text, nxt, i + 1))
            st = nxt

    def summary(self) -> dict[str, Any]:
        st = self.state
        return {
            "game_id": self.rec.id,
            "practice": self.rec.practice,
            "created": self.rec.created.isoformat(),
            "players": len(self.rec.seats),
            "seats": self.seat_list(),
            "version": self.version,
            "round": st.round,
            "winner": st.winner,
            "status": "over" if st.winner != -1 else "playing",
        }

    def seat_list(self, connected: dict[int, int] | None = None) -> list[dict[str, Any]]:
        st = self.state
        out = []
        for s in self.rec.seats:
            p = st.players[s.seat]
            out.append({"seat": s.seat, "kind": s.kind, "bot": s.bot, "leader": p.leader, "color": p.color,
                        "connected": s.kind in SERVER_PLAYED or bool((connected or {}).get(s.seat)),
                        # handover (server/seats.py): the bot playing a human seat, in words too
                        "proxy": s.proxy,
                        "proxy_text": proxy_text(s, seat_words(st, s.seat), self.names()) if s.proxy else None})
        return out


def hotseat_seats(seats: list[SeatRecord]) -> frozenset[int]:
    """The seats the hot-seat link acts for: every human seat but those claimed through their
    invite link (an invitee's seat is theirs alone)."""
    return frozenset(s.seat for s in seats if s.kind == "human" and not s.claimed)


def newer_seats(old: list[SeatRecord], fresh: list[SeatRecord]) -> list[SeatRecord]:
    """The seats as just read from the store, each keeping the later of the two away clocks
    (a socket of this process may be newer than the store's note)."""
    if len(old) == len(fresh):
        for a, b in zip(old, fresh, strict=True):
            if a.last_seen is not None and (b.last_seen is None or b.last_seen < a.last_seen):
                b.last_seen = a.last_seen
    return fresh


def initial_state(rec: GameRecord) -> GameState:
    """The state before the first action of a stored game."""
    return replay({"config": rec.config, "seed": rec.seed, "actions": []})[0]


def from_snapshot(rec: GameRecord) -> LiveGame | None:
    """The game rebuilt from its stored snapshot, the actions after it and their stored event
    lines; None when these are incomplete (the caller replays the whole log)."""
    if rec.snapshot is None or rec.setup_events is None or any(e is None for e in rec.events):
        return None
    if not all(isinstance(x, dict) for e in [rec.setup_events, *rec.events] for x in e or ()):
        return None  # events stored as the engine's old sentences: replayed to get their facts
    n, text = rec.snapshot
    if not 0 <= n <= len(rec.actions):
        return None
    try:
        st = GameState.from_json(json.loads(text))
    except (ValueError, KeyError, TypeError) as e:
        log.warning("snapshot of game %s not used: %s", rec.id, e)
        return None
    checkpoints = {n: st}
    prev = None
    for j in range(n, len(rec.actions)):
        prev, st = st, apply(st, rec.actions[j][1])
        if (j + 1) % CHECKPOINT_EVERY == 0:
            checkpoints[j + 1] = st
    events = [tuple(rec.setup_events)] + [tuple(e or ()) for e in rec.events]
    return LiveGame(rec, st, checkpoints, events, prev)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def new_game_id() -> str:
    return secrets.token_hex(6)


def seat_words(st: GameState, seat: int) -> str:
    """A seat as the table names it in words: from 1, with its leader ("Seat 2 (Rome)")."""
    if seat == ap_seat(st):
        return f"Seat {seat + 1} ({AUTOMA_NAME})"
    lead = content_for(st).leaders.get(st.players[seat].leader) if 0 <= seat < len(st.players) else None
    return f"Seat {seat + 1}" + (f" ({lead.leader})" if lead else "")


def undo_refusal(g: LiveGame, acting: frozenset[int]) -> str | None:
    """Why the last action may not be taken back by a viewer acting for ``acting``, or None.

    Never once the game is over. Allowed only for the viewer's own decision, within the same
    turn, when the action drew nothing hidden and rolled nothing: the generator, the tile stack
    and the wonder decks are the same before and after it."""
    if g.state.winner != -1:
        return "the game is over"
    if not g.rec.actions:
        return "there is nothing to undo"
    seat, text = g.rec.actions[-1]
    if seat not in acting:
        return f"the last action ({text}) was {seat_words(g.state, seat)}'s, not yours"
    if 0 <= seat < len(g.rec.seats):
        hands = g.rec.seats[seat]
        if hands.proxy is not None:
            return f"{seat_words(g.state, seat)} is played by a bot now"
        if hands.hands_n >= len(g.rec.actions):
            return "the seat changed hands after that action"
    return step_refusal(g.state_at(len(g.rec.actions) - 1), g.state, text)
