"""Several server processes on one PostgreSQL database.

Every write is a compare-and-set on the game's revision (``store.Store``), so processes never
overwrite each other; what this module adds is how they hear of each other's writes and who
plays the bots:

- **Fan-out.** Each write sends ``NOTIFY newdawn_games, '<game id> <revision>'`` in its own
  transaction (so only committed writes are announced). Every process LISTENs on one
  connection in a thread; a process that has the game loaded and sees a newer revision reloads
  it (``GameManager.refresh``) and sends its own sockets the new views.
- **Bot lease.** A process drives a game's bots only while it holds the PostgreSQL advisory
  lock of that game (``pg_try_advisory_lock`` on one connection per process). The lock is let
  go when the bots are done, and PostgreSQL lets it go by itself when the process dies, so
  another process (which looks for games whose bots wait every few seconds) takes over.

With SQLite there is one process: ``LocalCluster`` grants every lease and hears nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import make_url

log = logging.getLogger("newdawn.server")

CHANNEL = "newdawn_games"


def lock_key(game_id: str) -> int:
    """The advisory lock key of a game (a signed 64-bit number from its id)."""
    return int.from_bytes(hashlib.sha256(b"newdawn:" + game_id.encode()).digest()[:8], "big", signed=True)


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL as psycopg's connection string."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class LocalCluster:
    """One process: every lease is granted, nothing is heard from others."""

    shared = False

    def start(self, on_change: Callable[[str, int], None]) -> None:
        pass

    def try_lease(self, game_id: str) -> bool:
        return True

    def release(self, game_id: str) -> None:
        pass

    def close(self) -> None:
        pass


class PostgresCluster:
    """Processes on one PostgreSQL database: LISTEN/NOTIFY for changes, advisory locks for bots."""

    shared = True

    def __init__(self, url: str) -> None:
        import psycopg  # late import: PostgreSQL's driver is an optional extra, needed only for a postgresql:// store

        self._psycopg = psycopg
        self.conninfo = libpq_url(url)
        self._lease_conn: Any = psycopg.connect(self.conninfo, autocommit=True)
        self._lease_lock = threading.Lock()
        self.held: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ fan-out
    def start(self, on_change: Callable[[str, int], None]) -> None:
        """Listen for other processes' writes; ``on_change(game_id, revision)`` is called from
        the listening thread."""
        ready = threading.Event()
        self._thread = threading.Thread(target=self._listen, args=(on_change, ready), daemon=True,
                                        name="newdawn-listen")
        self._thread.start()
        ready.wait(10)

    def _listen(self, on_change: Callable[[str, int], None], ready: threading.Event) -> None:
        while not self._stop.is_set():
            try:
                with self._psycopg.connect(self.conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    ready.set()
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=1.0):
                            gid, _, rev = n.payload.partition(" ")
                            with contextlib.suppress(ValueError):
                                on_change(gid, int(rev))
            except Exception:
                if self._stop.is_set():
                    return
                log.exception("listening for other servers' writes failed; listening again in 1 s")
                ready.set()
                self._stop.wait(1.0)

    # ------------------------------------------------------------------ bot lease
    def try_lease(self, game_id: str) -> bool:
        """Take the game's bot lease if no process holds it (True if this process holds it)."""
        with self._lease_lock:
            if game_id in self.held:
                return True
            try:
                got = bool(self._lease_conn.execute("SELECT pg_try_advisory_lock(%s)",
                                                    (lock_key(game_id),)).fetchone()[0])
            except self._psycopg.OperationalError:
                # the lease connection broke: its locks are gone; start again
                log.warning("bot lease connection lost; reconnecting")
                self.held.clear()
                self._lease_conn = self._psycopg.connect(self.conninfo, autocommit=True)
                return False
            if got:
                self.held.add(game_id)
            return got

    def release(self, game_id: str) -> None:
        with self._lease_lock:
            if game_id not in self.held:
                return
            self.held.discard(game_id)
            with contextlib.suppress(Exception):
                self._lease_conn.execute("SELECT pg_advisory_unlock(%s)", (lock_key(game_id),))

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(3)
        with contextlib.suppress(Exception):
            self._lease_conn.close()


def make_cluster(url: str) -> LocalCluster | PostgresCluster:
    return PostgresCluster(url) if is_postgres(url) else LocalCluster()
