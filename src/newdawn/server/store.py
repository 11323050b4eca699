"""Persistence through SQLAlchemy 2: a game is its configuration, seed, seats and action log.

Three tables: ``games`` (configuration, seed, hot-seat token, a revision counter that every
change bumps), ``seats`` (kind, bot level, secret token, leader) and ``actions`` (the log, one
row per applied action). The state itself is never stored: it is rebuilt by replaying the log,
so a server killed at any moment resumes every game exactly. Every change is committed in one
transaction before the caller broadcasts it.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import (
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

DEFAULT_DB_FILE = "newdawn.db"
BUSY_TIMEOUT_S = 10.0
"""SQLite waits this long for another writer's lock before "database is locked"."""
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
    hotseat_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    """Bumped by every applied action and every undo: the ``version`` clients send back."""


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token: Mapped[str] = mapped_column(String(64))


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    """0 for the first action of the game."""
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class SeatRecord:
    seat: int
    kind: str
    bot: str | None
    token: str


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
    survives a killed process (only an operating-system crash may lose the last commits)."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
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
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def create_game(self, rec: GameRecord) -> None:
        retrying(lambda: self._create_game(rec))

    def _create_game(self, rec: GameRecord) -> None:
        with self._session.begin() as s:
            s.add(GameRow(id=rec.id, created=rec.created, config=json.dumps(rec.config), seed=rec.seed,
                          hotseat_token=rec.hotseat_token, revision=rec.revision))
            s.flush()
            for st in rec.seats:
                s.add(SeatRow(game_id=rec.id, seat=st.seat, kind=st.kind, bot=st.bot, token=st.token))

    def append_action(self, game_id: str, n: int, seat: int, action: str, revision: int) -> None:
        """Record action number ``n`` and the new revision in one transaction."""
        retrying(lambda: self._append_action(game_id, n, seat, action, revision))

    def _append_action(self, game_id: str, n: int, seat: int, action: str, revision: int) -> None:
        with self._session.begin() as s:
            s.add(ActionRow(game_id=game_id, n=n, seat=seat, action=action, created=_now()))
            s.execute(update(GameRow).where(GameRow.id == game_id).values(revision=revision))

    def drop_last_action(self, game_id: str, n: int, revision: int) -> None:
        retrying(lambda: self._drop_last_action(game_id, n, revision))

    def _drop_last_action(self, game_id: str, n: int, revision: int) -> None:
        with self._session.begin() as s:
            s.execute(delete(ActionRow).where(ActionRow.game_id == game_id, ActionRow.n == n))
            s.execute(update(GameRow).where(GameRow.id == game_id).values(revision=revision))

    def game_ids(self) -> list[str]:
        with self._session() as s:
            return list(s.scalars(select(GameRow.id).order_by(GameRow.created)))

    def load_game(self, game_id: str) -> GameRecord | None:
        with self._session() as s:
            g = s.get(GameRow, game_id)
            if g is None:
                return None
            seats = [SeatRecord(r.seat, r.kind, r.bot, r.token)
                     for r in s.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat))]
            acts = [(r.seat, r.action)
                    for r in s.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.n))]
            created = g.created if g.created.tzinfo else g.created.replace(tzinfo=UTC)
            return GameRecord(g.id, created, json.loads(g.config), g.seed, g.hotseat_token, g.revision, seats, acts)

    def count_actions(self, game_id: str) -> int:
        with self._session() as s:
            return int(s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)) or 0)
