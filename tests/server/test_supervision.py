"""SQLite under load: WAL and a busy timeout, writes retried while the database is locked, and
bot drivers that log a failure and resume instead of stopping for good."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from newdawn.server import create_app
from newdawn.server.store import RETRY_DELAYS_S

from .conftest import create, wait_for

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def locked() -> OperationalError:
    return OperationalError("INSERT INTO actions ...", {}, sqlite3.OperationalError("database is locked"))


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}")
    with app.state.store.engine.connect() as c:
        assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert int(c.execute(text("PRAGMA busy_timeout")).scalar() or 0) >= 5000
    app.state.store.close()


@pytest.mark.parametrize("failures", [3, len(RETRY_DELAYS_S) + 4])
def test_bots_go_on_after_the_database_was_locked(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                  failures: int) -> None:
    """A few locked writes are retried inside the store; more than its retries make the bot
    step fail: the driver logs it and resumes, and the bots finish their moves."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0, bot_seed=1)) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        real = store._append_action
        left = [failures]

        def flaky(*a: Any) -> None:
            if left[0] > 0:
                left[0] -= 1
                raise locked()
            real(*a)

        store._append_action = flaky
        caplog.set_level(logging.WARNING, logger="newdawn.server")
        gid = create(client, BOTS, seed=4)["game_id"]
        v = wait_for(client, gid, None, lambda v: v["version"] >= 30, timeout=60)
        assert v["version"] >= 30
        assert left[0] == 0, "every injected failure was met"
        assert "database busy" in caplog.text
        if failures > len(RETRY_DELAYS_S) + 1:
            assert "resuming" in caplog.text, "the driver logged the failure and went on"
        # the log in the database is exactly the one in memory: nothing lost or doubled
        games = client.app.state.games  # type: ignore[attr-defined]
        n = len(games.get(gid).rec.actions)
        assert store.count_actions(gid) >= 30
        assert store.count_actions(gid) >= n >= 30
