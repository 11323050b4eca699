"""A restarting server (issue 43, item 6): the games whose bots are to move are loaded a few at a
time, and rows written by an older version get their summary once."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from newdawn.server import create_app, services
from newdawn.server.games import GameManager

from .conftest import create

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def test_a_restart_loads_the_waiting_games_a_few_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'g.db'}"
    with TestClient(create_app(url, bot_delay=60)) as c:  # the bots wait: every game stays a bot's turn
        ids = [create(c, BOTS, seed=i)["game_id"] for i in range(12)]
        human = create(c, [{"kind": "human"}, {"kind": "human"}], seed=1)["game_id"]
    now, most = [0], [0]
    lock = threading.Lock()
    real = GameManager._load

    def slow_load(self: GameManager, game_id: str) -> Any:
        with lock:
            now[0] += 1
            most[0] = max(most[0], now[0])
        try:
            time.sleep(0.05)
            return real(self, game_id)
        finally:
            with lock:
                now[0] -= 1

    monkeypatch.setattr(GameManager, "_load", slow_load)
    with TestClient(create_app(url, bot_delay=60)) as c:
        t0 = time.monotonic()
        assert c.get(f"/api/games/{human}/state").status_code == 200
        first_view = time.monotonic() - t0
        end = time.monotonic() + 20
        games = c.app.state.games  # type: ignore[attr-defined]
        while not all(g in games.games for g in ids) and time.monotonic() < end:
            time.sleep(0.05)
        assert all(g in games.games for g in ids)
    assert most[0] <= services.RESUME_LOADS + 1, most[0]  # + the view's own load
    assert first_view < 5


def test_an_old_row_without_a_summary_is_summarized_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.db'}"
    with TestClient(create_app(url, bot_delay=0)) as c:
        gid = create(c, [{"kind": "human"}, {"kind": "human"}], seed=3)["game_id"]
        store = c.app.state.store  # type: ignore[attr-defined]
        with store.engine.begin() as conn:  # as an older version wrote it
            conn.execute(text("UPDATE games SET round = NULL, winner = NULL, bot_turn = NULL WHERE id = :g"), {"g": gid})
    with TestClient(create_app(url, bot_delay=0)) as c:
        store = c.app.state.store  # type: ignore[attr-defined]
        end = time.monotonic() + 10
        while gid in store.bot_turn_ids() and time.monotonic() < end:
            time.sleep(0.05)
        assert gid not in store.bot_turn_ids(), "the next start would replay it again"
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT round FROM games WHERE id = :g"), {"g": gid}).scalar() == 1
