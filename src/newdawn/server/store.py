"""Persistence through SQLAlchemy 2: a game is its configuration, seed, seats and action log.

Three tables: ``games`` (configuration, seed, hot-seat token, a revision counter that every
change bumps), ``seats`` (kind, bot level, secret token, leader) and ``actions`` (the log, one
row per applied action). The state itself is never stored: it is rebuilt by replaying the log,
so a server killed at any moment resumes every game exactly. Every change is committed in one
transaction before the caller broadcasts it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    func,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

DEFAULT_DB_FILE = "newdawn.db"


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


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token: Mapped[str] = mapped_column(String(64))
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """While the seat is unclaimed: the code of its invite link (spent when claimed)."""


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
    invite: str | None = None


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
    practice: bool = False
    """The seed was typed by a person (or is an old 31-bit one): anyone who has it knows the
    game's future dice and draws."""


def default_db_url(path: str | None = None) -> str:
    return "sqlite:///" + os.path.abspath(path or DEFAULT_DB_FILE)


def db_file(url: str) -> str | None:
    """The file of an SQLite URL (None for other databases or an in-memory SQLite)."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return os.path.abspath(u.database)


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """All database access of the server (synchronous; callers run it off the event loop)."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("postgresql") and "+" not in url.split(":", 1)[0]:
            url = url.replace("postgresql", "postgresql+psycopg", 1)
        if make_url(url).get_backend_name() == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False}
        self.engine: Engine = create_engine(url, **kwargs)
        Base.metadata.create_all(self.engine)
        self._add_missing_columns()
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def _add_missing_columns(self) -> None:
        """Columns added after a database was created (``create_all`` makes only new tables)."""
        added = {"games": {"seed_text": "VARCHAR(80)", "practice": "BOOLEAN"}, "seats": {"invite": "VARCHAR(64)"}}
        have = {t: {c["name"] for c in inspect(self.engine).get_columns(t)} for t in added}
        with self.engine.begin() as conn:
            for table, cols in added.items():
                for col, kind in cols.items():
                    if col not in have[table]:
                        conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {col} {kind}"))

    def close(self) -> None:
        self.engine.dispose()

    def create_game(self, rec: GameRecord) -> None:
        with self._session.begin() as s:
            s.add(GameRow(id=rec.id, created=rec.created, config=json.dumps(rec.config), seed=0,
                          seed_text=str(rec.seed), practice=rec.practice,
                          hotseat_token=rec.hotseat_token, revision=rec.revision))
            s.flush()
            for st in rec.seats:
                s.add(SeatRow(game_id=rec.id, seat=st.seat, kind=st.kind, bot=st.bot, token=st.token,
                              invite=st.invite))

    def claim_seat(self, game_id: str, seat: int, invite: str, token: str) -> bool:
        """Give ``seat`` its player's token if ``invite`` is still its unspent invite (one
        conditional update, so two people opening the link at once cannot both win)."""
        with self._session.begin() as s:
            res = s.execute(update(SeatRow)
                            .where(SeatRow.game_id == game_id, SeatRow.seat == seat, SeatRow.invite == invite)
                            .values(token=token, invite=None))
            return bool(getattr(res, "rowcount", 0) == 1)

    def append_action(self, game_id: str, n: int, seat: int, action: str, revision: int) -> None:
        """Record action number ``n`` and the new revision in one transaction."""
        with self._session.begin() as s:
            s.add(ActionRow(game_id=game_id, n=n, seat=seat, action=action, created=_now()))
            s.execute(update(GameRow).where(GameRow.id == game_id).values(revision=revision))

    def drop_last_action(self, game_id: str, n: int, revision: int) -> None:
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
            seats = [SeatRecord(r.seat, r.kind, r.bot, r.token, r.invite)
                     for r in s.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat))]
            acts = [(r.seat, r.action)
                    for r in s.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.n))]
            created = g.created if g.created.tzinfo else g.created.replace(tzinfo=UTC)
            seed = int(g.seed_text) if g.seed_text is not None else g.seed
            practice = True if g.practice is None else bool(g.practice)
            return GameRecord(g.id, created, json.loads(g.config), seed, g.hotseat_token, g.revision, seats, acts,
                              practice)

    def count_actions(self, game_id: str) -> int:
        with self._session() as s:
            return int(s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)) or 0)
