"""Persistence through SQLAlchemy 2: a game is its configuration, seed, seats and action log.

Four tables: ``games`` (configuration, seed, hot-seat token, a revision counter that every
change bumps, and a summary for the lobby: round, winner, whether a bot is to move),
``seats`` (kind, bot level, secret token, leader, color), ``actions`` (the log, one row per
applied action with the engine's event lines) and ``snapshots`` (a game's state as JSON after
some number of its actions, so that loading a game applies only the actions after it). The
action log stays the record: a snapshot is a cache that loading may ignore.

Every write is one transaction and a compare-and-set on the game's revision: it applies only
if the game is still at the revision the writer saw (else ``StaleRevision``, and the writer
reloads). Writes that find SQLite locked are retried.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar, cast

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from .cluster import CHANNEL

DEFAULT_DB_FILE = "newdawn.db"
BUSY_TIMEOUT_S = 10.0
"""SQLite waits this long for another writer's lock before "database is locked"."""
SERVER_PLAYED = frozenset({"bot", "ap"})
"""Seat kinds the server plays itself (a bot, the base game's Automated Player): always present,
never away, never handed over."""

CHECKPOINT_EVERY_S = 1.0
"""SQLite: how often a thread of the store copies the write-ahead log into the database file.
Left to SQLite, that copy of 1,000 pages (and its file syncs) ran inside the commit that filled
the log, while the process's other writes waited behind it: on a busy disk, a pause of up to a
second or more for everyone's actions. A passive checkpoint in its own thread lets writes go on."""
RESET_FRAMES = 1000
"""SQLite: once the log holds this many pages, the next write finishes the checkpoint while it
holds the process's write lock (what the passive one left: the pages written while it ran), so
that the write after it starts the log again from the beginning. (The store's thread waiting for
that lock itself starved behind a steady writer, which takes the lock again at once.) Without it the log would grow
without end under a steady stream of writes, each passive checkpoint a little behind."""
RETRY_DELAYS_S = (0.05, 0.1, 0.2, 0.4, 0.8)
"""Pauses before retrying a write that found the database locked or busy (then it fails)."""
log = logging.getLogger("newdawn.server")
T = TypeVar("T")


def is_lock_error(e: BaseException) -> bool:
    text = str(getattr(e, "orig", e)).lower()
    return "locked" in text or "busy" in text


def retrying(fn: Callable[[], T]) -> T:
    """Run a transaction, retrying it while the database reports itself locked or busy."""
    for delay in RETRY_DELAYS_S:
        try:
            return fn()
        except OperationalError as e:
            if not is_lock_error(e):
                raise
            log.warning("database busy (%s); retrying in %.2f s", e.orig, delay)
            time.sleep(delay)
    return fn()


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    config: Mapped[str] = mapped_column(Text)
    """The engine configuration as JSON (without the seed)."""
    seed: Mapped[int] = mapped_column(Integer)
    """The seed of games stored before seeds grew to 128 bits (0 for later games)."""
    seed_text: Mapped[str | None] = mapped_column(String(80), nullable=True)
    """The seed in decimal (a 128-bit secret, or the number a person typed); None in old rows."""
    practice: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    """Whether the seed is known to someone (typed by a person, or an old 31-bit seed)."""
    hotseat_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    """Bumped by every applied action and every undo: the ``version`` clients send back."""
    round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bot_turn: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    """A bot decides now: the games a starting server resumes."""
    setup_events: Mapped[str | None] = mapped_column(Text, nullable=True)
    turn_limit_s: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Seconds a seat has for its turn (None: no limit; see ``server/seats.py``)."""
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When the deciding seat's time runs out (server clock, seconds since the epoch), or None."""
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Who created the game (a hash of the client's address): the bot pool's fair share is
    per owner. None in older rows (each such game is then its own owner)."""
    guide: Mapped[str | None] = mapped_column(Text, nullable=True)
    """A guided game's progress as JSON (``{"step": 2, "since": 5}``; ``left``: the learner left
    the guide); None for every other game (server/guide.py)."""


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token: Mapped[str] = mapped_column(String(64))
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """While the seat is unclaimed: the code of its invite link (spent when claimed)."""
    leader: Mapped[str | None] = mapped_column(String(64), nullable=True)
    color: Mapped[str | None] = mapped_column(String(32), nullable=True)
    proxy: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The bot level playing this human seat for its player now (handover), else None."""
    proxy_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The round the seat was handed to the bot in."""
    proxy_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Who handed it over: a seat, or -1 when its turn limit ran out."""
    hands_n: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Actions in the log when the seat last changed hands (an undo cannot reach past it)."""
    last_seen: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When a socket of this seat was last known open (server clock); None: never."""
    webhook: Mapped[str | None] = mapped_column(String(600), nullable=True)
    """URL the server POSTs to when it becomes this seat's turn (set by its player)."""
    claimed: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    """The seat's player opened its invite link: the seat is theirs alone (the hot-seat link no
    longer acts for it)."""


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    """0 for the first action of the game."""
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    events: Mapped[str | None] = mapped_column(Text, nullable=True)
    """The engine's event lines of this action (JSON list); rebuilt by replay when missing."""


_GAMES = cast(Table, GameRow.__table__)
_ACTIONS = cast(Table, ActionRow.__table__)


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer)
    """The state is the one after the first ``n`` actions."""
    state: Mapped[str] = mapped_column(Text)
    """``GameState.to_json()`` as JSON text."""


_SNAPSHOTS = cast(Table, SnapshotRow.__table__)
_BUMP = text("UPDATE games SET revision = :rev WHERE id = :id AND revision = :prev")
_BUMP_SUMMARY = text("UPDATE games SET revision = :rev, round = :round, winner = :winner, bot_turn = :bot_turn, "
                     "deadline = :deadline WHERE id = :id AND revision = :prev").bindparams(
                         bindparam("bot_turn", type_=Boolean()), bindparam("deadline", type_=Float()))
_INSERT_ACTION = text("INSERT INTO actions (game_id, n, seat, action, created, events) "
                      "VALUES (:g, :n, :s, :a, :c, :e)").bindparams(bindparam("c", type_=DateTime(timezone=True)))
# The same writes in the SQLite driver's own words (``Store._append_sqlite``).
_SQLITE_BUMP = "UPDATE games SET revision = ? WHERE id = ? AND revision = ?"
_SQLITE_BUMP_SUMMARY = ("UPDATE games SET revision = ?, round = ?, winner = ?, bot_turn = ?, deadline = ? "
                        "WHERE id = ? AND revision = ?")
_SQLITE_INSERT_ACTION = "INSERT INTO actions (game_id, n, seat, action, created, events) VALUES (?, ?, ?, ?, ?, ?)"
_SQLITE_DROP_SNAPSHOT = "DELETE FROM snapshots WHERE game_id = ?"
_SQLITE_INSERT_SNAPSHOT = "INSERT INTO snapshots (game_id, n, state) VALUES (?, ?, ?)"


@dataclass
class SeatRecord:
    seat: int
    kind: str
    bot: str | None
    token: str
    leader: str | None = None
    color: str | None = None
    invite: str | None = None
    proxy: str | None = None
    """The bot level playing this human seat for its player now (see ``server/seats.py``)."""
    proxy_round: int | None = None
    proxy_by: int | None = None
    hands_n: int = 0
    last_seen: float | None = None
    webhook: str | None = None
    claimed: bool = False
    """Claimed through its invite link: only its own token acts for it."""

    @property
    def bot_plays(self) -> bool:
        """A bot chooses for this seat: a bot seat, or a human seat handed to a bot."""
        return self.kind == "bot" or self.proxy is not None


class StaleRevision(Exception):
    """A write lost the race: the game is no longer at the revision the writer saw."""


class StoreClosed(Exception):
    """A write came after the server shut its store (a worker thread still finishing a move)."""


@dataclass
class Summary:
    """What the lobby lists and the server resumes, stored with every write."""

    round: int
    winner: int
    bot_turn: bool
    deadline: float | None = None
    """When the deciding seat's turn limit runs out (server clock), or None."""


@dataclass
class GameRecord:
    id: str
    created: datetime
    config: dict[str, Any]
    seed: int
    hotseat_token: str | None
    revision: int
    seats: list[SeatRecord]
    actions: list[tuple[int, str]] = field(default_factory=list)
    """(seat, action text) in the order applied."""
    events: list[list[Any] | None] = field(default_factory=list)
    """Stored event lines of each action (None where the row has none)."""
    setup_events: list[Any] | None = None
    snapshot: tuple[int, str] | None = None
    """(n, state JSON) of the stored snapshot, if any."""
    practice: bool = False
    """The seed was typed by a person (or is an old 31-bit one): anyone who has it knows the
    game's future dice and draws."""
    turn_limit_s: int | None = None
    deadline: float | None = None
    owner: str | None = None
    """Who created the game (``GameRow.owner``)."""
    guide: dict[str, Any] | None = None
    """A guided game's progress (``GameRow.guide``), None for other games."""
    summarized: bool = True
    """The row has a summary (False: written by a version that kept none; see ``fill_summary``)."""


def default_db_url(path: str | None = None) -> str:
    return "sqlite:///" + os.path.abspath(path or DEFAULT_DB_FILE)


def db_file(url: str) -> str | None:
    """The file of an SQLite URL (None for other databases or an in-memory SQLite)."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return os.path.abspath(u.database)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL lets readers and one writer work at once; NORMAL syncs the log at checkpoints, which
    survives a killed process (only an operating-system crash may lose the last commits).
    No commit checkpoints: the store's own thread does (``CHECKPOINT_EVERY_S``)."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
    cur.close()


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """All database access of the server (synchronous; callers run it off the event loop)."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("postgresql") and "+" not in url.split(":", 1)[0]:
            url = url.replace("postgresql", "postgresql+psycopg", 1)
        sqlite = make_url(url).get_backend_name() == "sqlite"
        if sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": BUSY_TIMEOUT_S}
        self.engine: Engine = create_engine(url, **kwargs)
        self._write_lock: threading.Lock | None = None
        self._stop = threading.Event()
        self._closed = False
        self._reset_wanted = False
        """SQLite: the log holds more than ``RESET_FRAMES`` pages; the next writer checkpoints."""
        self.checkpoints = 0
        """Checkpoints the store's thread made (SQLite)."""
        self._appender: Any = None
        """SQLite file: a connection of the pool kept for appending actions (``_append_sqlite``),
        used under the write lock only."""
        bind = DateTime(timezone=True).dialect_impl(self.engine.dialect).bind_processor(self.engine.dialect)
        self._bind_time: Callable[[datetime], Any] = bind if bind is not None else (lambda t: t)
        """How SQLAlchemy writes a time into this database (``_append_sqlite`` writes the same)."""
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
            self._write_lock = threading.Lock()
        self.shared = make_url(url).get_backend_name() == "postgresql"
        """Several processes may share this database (PostgreSQL): writes are announced."""
        Base.metadata.create_all(self.engine)
        add_missing_columns(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        if sqlite and db_file(url) is not None:
            threading.Thread(target=self._checkpoint_loop, name="sqlite-checkpoint", daemon=True).start()

    def _checkpoint_loop(self) -> None:
        """Every ``CHECKPOINT_EVERY_S``: copy what the write-ahead log holds into the database
        file without making writers wait (PASSIVE); past ``RESET_FRAMES`` pages, copy the rest
        with the process's writers held back, so that the log starts again."""
        while not self._stop.wait(CHECKPOINT_EVERY_S):
            try:
                if self._checkpoint() > RESET_FRAMES:
                    # The next writer finishes it while it holds the write lock: waiting for the
                    # lock here could starve (a steady writer takes it again at once).
                    self._reset_wanted = True
                self.checkpoints += 1
            except Exception as e:  # noqa: BLE001 - a checkpoint missed is made next time
                log.warning("SQLite checkpoint failed: %s", e)

    def _checkpoint(self) -> int:
        """A passive checkpoint; returns the pages the log holds."""
        with self.engine.connect() as c:
            row = c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
        return int(row[1])

    def close(self) -> None:
        """Shut the store. A write under way finishes first: a bot's move still being written
        by a worker thread when the server stopped had its SQLite connection closed under it,
        which crashed the process (a segmentation fault in libsqlite3). Writes after this raise
        ``StoreClosed``."""
        self._stop.set()
        with self._write_lock or contextlib.nullcontext():
            self._closed = True
            if self._appender is not None:
                with contextlib.suppress(Exception):
                    self._appender.close()
                self._appender = None
            self.engine.dispose()

    def _write(self, fn: Callable[[], T]) -> T:
        """Run a write transaction, retried while the database is locked. With SQLite the
        process's writers take turns on a lock of their own first: SQLite lets one writer in at
        a time anyway, and its busy handler would make the others sleep in steps of up to 0.1 s."""
        if self._write_lock is None:
            if self._closed:
                raise StoreClosed(self.url)
            return retrying(fn)
        with self._write_lock:
            if self._closed:
                raise StoreClosed(self.url)
            out = retrying(fn)
            if self._reset_wanted:  # the checkpoint thread found the log long: start it again
                self._reset_wanted = False
                try:
                    self._checkpoint()
                except Exception as e:  # noqa: BLE001 - the write is done; the thread asks again
                    log.warning("SQLite checkpoint failed: %s", e)
            return out

    def create_game(self, rec: GameRecord, setup_events: list[Any] | None = None,
                    summary: Summary | None = None) -> None:
        self._write(lambda: self._create_game(rec, setup_events, summary))

    def _create_game(self, rec: GameRecord, setup_events: list[Any] | None, summary: Summary | None) -> None:
        with self._session.begin() as s:
            s.add(GameRow(id=rec.id, created=rec.created, config=json.dumps(rec.config), seed=0, seed_text=str(rec.seed), practice=rec.practice,
                          hotseat_token=rec.hotseat_token, revision=rec.revision, turn_limit_s=rec.turn_limit_s,
                          owner=rec.owner, guide=None if rec.guide is None else json.dumps(rec.guide),
                          setup_events=None if setup_events is None else json.dumps(setup_events),
                          **_summary_values(summary)))
            s.flush()
            for st in rec.seats:
                s.add(SeatRow(game_id=rec.id, seat=st.seat, kind=st.kind, bot=st.bot, token=st.token,
                              leader=st.leader, color=st.color, invite=st.invite, last_seen=st.last_seen))
            self.on_write(s, rec.id, rec.revision)

    def claim_seat(self, game_id: str, seat: int, invite: str, token: str, when: float | None = None) -> bool:
        """Give ``seat`` its player's token if ``invite`` is still its unspent invite (one
        conditional update, so two people opening the link at once cannot both win); the seat's
        away clock starts at ``when``."""
        def claim() -> bool:
            with self._session.begin() as s:
                res = s.execute(update(SeatRow)
                                .where(SeatRow.game_id == game_id, SeatRow.seat == seat, SeatRow.invite == invite)
                                .values(token=token, invite=None, last_seen=when, claimed=True))
                return bool(getattr(res, "rowcount", 0) == 1)
        return self._write(claim)

    def append_action(self, game_id: str, n: int, seat: int, action: str, revision: int, *,
                      events: list[Any] | None = None, summary: Summary | None = None,
                      snapshot: tuple[int, str] | None = None) -> None:
        """Record action number ``n`` (0 for the first) and move the game from revision
        ``revision - 1`` to ``revision``, in one transaction; ``StaleRevision`` if the game is no
        longer at ``revision - 1``. ``snapshot``: (n, state JSON) to keep instead of the old one."""
        self._write(lambda: self._append_action(game_id, n, seat, action, revision, events, summary, snapshot))

    def _append_action(self, game_id: str, n: int, seat: int, action: str, revision: int,
                       events: list[Any] | None, summary: Summary | None,
                       snapshot: tuple[int, str] | None) -> None:
        if self._write_lock is not None and db_file(self.url) is not None:
            self._append_sqlite(game_id, n, seat, action, revision, events, summary, snapshot)
            return
        # fixed SQL text, not the ORM: this is the hot path of every move
        with self.engine.begin() as c:
            self._bump(c, game_id, revision, summary)
            c.execute(_INSERT_ACTION, {"g": game_id, "n": n, "s": seat, "a": action, "c": _now(),
                                       "e": None if events is None else json.dumps(events)})
            if snapshot is not None:
                c.execute(_SNAPSHOTS.delete().where(_SNAPSHOTS.c.game_id == game_id))
                c.execute(_SNAPSHOTS.insert().values(game_id=game_id, n=snapshot[0], state=snapshot[1]))
            self.on_write(c, game_id, revision)

    def _append_sqlite(self, game_id: str, n: int, seat: int, action: str, revision: int,
                       events: list[Any] | None, summary: Summary | None,
                       snapshot: tuple[int, str] | None) -> None:
        """``_append_action`` on an SQLite file, through the driver on a connection kept for it
        (the caller holds the write lock): the same rows and the same compare-and-set, for a
        third of the time SQLAlchemy's statement machinery took around every move. A locked
        database raises SQLAlchemy's ``OperationalError``, which ``retrying`` retries."""
        if self._appender is None:
            self._appender = self.engine.raw_connection()
        con: sqlite3.Connection = self._appender.driver_connection
        try:
            if summary is None:
                cur = con.execute(_SQLITE_BUMP, (revision, game_id, revision - 1))
            else:
                cur = con.execute(_SQLITE_BUMP_SUMMARY, (revision, summary.round, summary.winner, summary.bot_turn,
                                                         summary.deadline, game_id, revision - 1))
            if cur.rowcount != 1:
                raise StaleRevision(f"game {game_id} is no longer at revision {revision - 1}")
            con.execute(_SQLITE_INSERT_ACTION, (game_id, n, seat, action, self._bind_time(_now()),
                                                None if events is None else json.dumps(events)))
            if snapshot is not None:
                con.execute(_SQLITE_DROP_SNAPSHOT, (game_id,))
                con.execute(_SQLITE_INSERT_SNAPSHOT, (game_id, snapshot[0], snapshot[1]))
            con.commit()
        except BaseException as e:
            with contextlib.suppress(Exception):
                con.rollback()
            if isinstance(e, sqlite3.OperationalError):
                raise OperationalError(_SQLITE_INSERT_ACTION, None, e) from e
            raise

    def drop_last_action(self, game_id: str, n: int, revision: int, summary: Summary | None = None) -> None:
        """Delete action ``n`` (the last) and move the game to ``revision``, compare-and-set as
        ``append_action``; a snapshot taken after it goes too."""
        self._write(lambda: self._drop_last_action(game_id, n, revision, summary))

    def _drop_last_action(self, game_id: str, n: int, revision: int, summary: Summary | None) -> None:
        with self.engine.begin() as c:
            self._bump(c, game_id, revision, summary)
            c.execute(_ACTIONS.delete().where(_ACTIONS.c.game_id == game_id, _ACTIONS.c.n == n))
            c.execute(_SNAPSHOTS.delete().where(_SNAPSHOTS.c.game_id == game_id, _SNAPSHOTS.c.n > n))
            self.on_write(c, game_id, revision)

    def change_hands(self, game_id: str, seat: int, revision: int, summary: Summary, *, proxy: str | None,
                     proxy_round: int | None, proxy_by: int | None, hands_n: int) -> None:
        """Hand a human seat to a bot (``proxy``: its level) or back to its player (None), and
        move the game to ``revision``, compare-and-set as ``append_action``."""
        def write() -> None:
            with self.engine.begin() as c:
                self._bump(c, game_id, revision, summary)
                c.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                          .values(proxy=proxy, proxy_round=proxy_round, proxy_by=proxy_by, hands_n=hands_n))
                self.on_write(c, game_id, revision)
        self._write(write)

    def fill_summary(self, game_id: str, revision: int, summary: Summary) -> None:
        """Give a row written by an older version its summary (once: the next start need not
        load the game to know whether its bots are to move)."""
        def write() -> None:
            with self.engine.begin() as c:
                c.execute(update(GameRow).where(GameRow.id == game_id, GameRow.revision == revision,
                                                GameRow.round.is_(None)).values(**_summary_values(summary)))
        self._write(write)

    def seen(self, game_id: str, seats: list[int], when: float) -> None:
        """Note that sockets of ``seats`` are open at ``when`` (presence, not game state: no
        revision, no notice)."""
        if not seats:
            return
        def write() -> None:
            with self.engine.begin() as c:
                c.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat.in_(seats))
                          .values(last_seen=when))
        self._write(write)

    def set_webhook(self, game_id: str, seat: int, url: str | None) -> None:
        def write() -> None:
            with self.engine.begin() as c:
                c.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat).values(webhook=url))
        self._write(write)

    def set_guide(self, game_id: str, guide: dict[str, Any]) -> None:
        """Keep a guided game's progress (no revision: it is no move of the game)."""
        def write() -> None:
            with self.engine.begin() as c:
                c.execute(update(GameRow).where(GameRow.id == game_id).values(guide=json.dumps(guide)))
        self._write(write)

    def webhook(self, game_id: str, seat: int) -> str | None:
        with self._session() as s:
            return s.scalar(select(SeatRow.webhook).where(SeatRow.game_id == game_id, SeatRow.seat == seat))

    def expired_ids(self, now: float) -> list[str]:
        """Games still going whose deciding seat's turn limit has run out at ``now``."""
        with self._session() as s:
            return list(s.scalars(select(GameRow.id).where(GameRow.deadline.is_not(None), GameRow.deadline <= now,
                                                          or_(GameRow.winner.is_(None), GameRow.winner == -1))))

    @staticmethod
    def _bump(c: Connection, game_id: str, revision: int, summary: Summary | None) -> None:
        if summary is None:
            res = c.execute(_BUMP, {"id": game_id, "rev": revision, "prev": revision - 1})
        else:
            res = c.execute(_BUMP_SUMMARY, {"id": game_id, "rev": revision, "prev": revision - 1,
                                            "round": summary.round, "winner": summary.winner,
                                            "bot_turn": summary.bot_turn, "deadline": summary.deadline})
        if res.rowcount != 1:
            raise StaleRevision(f"game {game_id} is no longer at revision {revision - 1}")

    def on_write(self, c: Connection | Session, game_id: str, revision: int) -> None:
        """Inside every write's transaction: on PostgreSQL, tell the other server processes
        (``cluster.PostgresCluster`` listens); the notice is sent only if the write commits."""
        if self.shared:
            c.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{game_id} {revision}"})

    def revision(self, game_id: str) -> int | None:
        with self._session() as s:
            r = s.scalar(select(GameRow.revision).where(GameRow.id == game_id))
            return None if r is None else int(r)

    def game_ids(self) -> list[str]:
        with self._session() as s:
            return list(s.scalars(select(GameRow.id).order_by(GameRow.created)))

    def bot_turn_ids(self) -> list[str]:
        """Games in which a bot decides now (to resume them)."""
        with self._session() as s:
            return list(s.scalars(select(GameRow.id).where(or_(GameRow.bot_turn.is_(True), GameRow.bot_turn.is_(None)))
                              .order_by(GameRow.created)))

    def summaries(self, offset: int = 0, limit: int | None = None) -> tuple[list[dict[str, Any]], int]:
        """A page of the lobby's list from the stored summaries, newest game first (``round``
        None for a game stored before summaries were kept), and how many games there are."""
        with self._session() as s:
            total = int(s.scalar(select(func.count()).select_from(GameRow)) or 0)
            q = select(GameRow).order_by(GameRow.created.desc(), GameRow.id).offset(offset)
            page = list(s.scalars(q if limit is None else q.limit(limit)))
            seats: dict[str, list[SeatRow]] = {}
            ids = [g.id for g in page]
            for r in s.scalars(select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.game_id, SeatRow.seat)):
                seats.setdefault(r.game_id, []).append(r)
            out = []
            for g in page:
                created = g.created if g.created.tzinfo else g.created.replace(tzinfo=UTC)
                ss = seats.get(g.id, [])
                out.append({
                    "game_id": g.id, "created": created.isoformat(),
                    "practice": True if g.practice is None else bool(g.practice), "players": len(ss),
                    "seats": [{"seat": r.seat, "kind": r.kind, "bot": r.bot, "leader": r.leader,
                               "color": r.color, "connected": r.kind in SERVER_PLAYED} for r in ss],
                    "version": g.revision, "round": g.round, "winner": g.winner,
                    "status": "over" if g.winner not in (None, -1) else "playing",
                    "_complete": g.round is not None and all(r.leader is not None for r in ss),
                })
            return out, total

    def load_seats(self, game_id: str) -> list[SeatRecord] | None:
        with self._session() as s:
            rows = list(s.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)))
            return [_seat_record(r) for r in rows] or None

    def load_game(self, game_id: str) -> GameRecord | None:
        with self._session() as s:
            g = s.get(GameRow, game_id)
            if g is None:
                return None
            seats = [_seat_record(r)
                     for r in s.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat))]
            rows = list(s.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.n)))
            snap = s.get(SnapshotRow, game_id)
            created = g.created if g.created.tzinfo else g.created.replace(tzinfo=UTC)
            seed = int(g.seed_text) if g.seed_text is not None else g.seed
            practice = True if g.practice is None else bool(g.practice)
            return GameRecord(g.id, created, json.loads(g.config), seed, g.hotseat_token, g.revision, seats,
                              [(r.seat, r.action) for r in rows],
                              [None if r.events is None else list(json.loads(r.events)) for r in rows],
                              None if g.setup_events is None else list(json.loads(g.setup_events)),
                              None if snap is None else (snap.n, snap.state), practice,
                              g.turn_limit_s, g.deadline, g.owner, None if g.guide is None else json.loads(g.guide),
                              g.round is not None)

    def count_actions(self, game_id: str) -> int:
        with self._session() as s:
            return int(s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)) or 0)


def _seat_record(r: SeatRow) -> SeatRecord:
    return SeatRecord(r.seat, r.kind, r.bot, r.token, r.leader, r.color, r.invite, r.proxy, r.proxy_round,
                      r.proxy_by, r.hands_n or 0, r.last_seen, r.webhook, bool(r.claimed))


def _summary_values(summary: Summary | None) -> dict[str, Any]:
    if summary is None:
        return {}
    return {"round": summary.round, "winner": summary.winner, "bot_turn": summary.bot_turn,
            "deadline": summary.deadline}


def add_missing_columns(engine: Engine) -> None:
    """Add the columns a database made by an older version lacks (all of them nullable)."""
    insp = inspect(engine)
    with engine.begin() as conn:
        for table in Base.metadata.sorted_tables:
            if not insp.has_table(table.name):
                continue
            have = {c["name"] for c in insp.get_columns(table.name)}
            for col in table.columns:
                if col.name not in have and col.nullable:
                    kind = col.type.compile(dialect=engine.dialect)
                    conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {col.name} {kind}"))
