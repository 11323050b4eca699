"""Games live in the database: a killed server's successor resumes them exactly; PostgreSQL too."""

from __future__ import annotations

import os
import socket
import uuid
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from newdawn.engine import replay
from newdawn.server import create_app

from .conftest import act, create, play_humans, state, wait_for


def _comparable(v: dict[str, Any]) -> dict[str, Any]:
    out = dict(v)
    out.pop("handover", None)  # counts seconds of a player's absence: moves with the clock
    out["seats"] = [{k: x for k, x in s.items() if k != "connected"} for s in v["seats"]]
    return out


def test_restarted_server_resumes_every_game_exactly(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}], seed=11)
        g2 = create(c, [{"kind": "human"}, {"kind": "human"}], seed=12)
        gid, t0, t2 = g["game_id"], g["seats"][0]["token"], g["seats"][2]["token"]
        play_humans(c, gid, {0: t0, 2: t2}, 12, seed=1)
        play_humans(c, g2["game_id"], {s["seat"]: s["token"] for s in g2["seats"]}, 3)
        v = wait_for(c, gid, None, lambda v: v["decision"]["seat"] != 1)
        before = state(c, gid, g["seats"][v["decision"]["seat"]]["token"])
        t0 = g["seats"][v["decision"]["seat"]]["token"]
        before2 = state(c, g2["game_id"], g2["seats"][1]["token"])
        spectator = state(c, gid)
    assert before["version"] > 6 and len(before["log"]) == before["version"] + 1

    # a new server over the same file: nothing lost, same version, same log, same decision
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        listed = {x["game_id"]: x for x in c.get("/api/games").json()["games"]}
        assert set(listed) == {gid, g2["game_id"]}
        assert listed[gid]["version"] == before["version"]
        after = state(c, gid, t0)
        assert _comparable(after) == _comparable(before)
        assert _comparable(state(c, gid)) == _comparable(spectator)
        assert _comparable(state(c, g2["game_id"], g2["seats"][1]["token"])) == _comparable(before2)
        # and the game goes on from there with the same tokens
        r = act(c, gid, t0, after["version"], after["decision"]["options"][0])
        assert r.status_code == 200, r.text


def test_bot_turn_pending_at_shutdown_is_played_after_restart(db_url: str) -> None:
    # bots play at once when their seat decides; stop the server while only bots are to move
    with TestClient(create_app(db_url, bot_delay=3600, bot_seed=1)) as c:
        g = create(c, [{"kind": "bot", "bot": "random"}, {"kind": "human"}], seed=5)
        gid = g["game_id"]
        v = state(c, gid)
        first_bot = v["decision"]["seat"] == 0
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        if first_bot:
            v = wait_for(c, gid, None, lambda v: v["version"] > 0)
            assert v["log"][1]["seat"] == 0
        tok = g["seats"][1]["token"]
        play_humans(c, gid, {1: tok}, 3)
        v = wait_for(c, gid, tok, lambda v: any(e["seat"] == 0 for e in v["log"]) and bool(v["decision"]["options"]))
        assert any(e["seat"] == 1 for e in v["log"])


def test_every_action_is_in_the_database_before_it_is_sent(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3)
        gid, tok = g["game_id"], g["seats"][0]["token"]
        store = c.app.state.store  # type: ignore[attr-defined]
        with c.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
            log: dict[int, str] = {}
            acted: set[int] = set()
            for _ in range(6):
                m = ws.receive_json()
                rec = store.load_game(gid)
                log.update({e["n"]: e["action"] for e in m["log"] if e["n"] > 0})
                shown = [log[n] for n in sorted(log)]
                # the database already holds every action the message shows
                assert len(shown) == m["view"]["version"] <= len(rec.actions)
                assert [a for _, a in rec.actions[: len(shown)]] == shown
                # one action per version: connecting sends two views of the same version when
                # the human decides first, and a second action on it would be stale (409)
                if m["decision"]["options"] and m["version"] not in acted:
                    acted.add(m["version"])
                    ws.send_json({"type": "action", "version": m["version"], "action": m["decision"]["options"][0]})
        rec = store.load_game(gid)
        states = replay({"config": rec.config, "seed": rec.seed, "actions": [a for _, a in rec.actions]})
        assert states[-1].version == len(rec.actions)


def _postgres_url() -> str | None:
    url = os.environ.get("NEWDAWN_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
    try:
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            pass
    except OSError:
        return None
    return url


def test_postgresql() -> None:
    url = _postgres_url()
    if url is None:
        pytest.skip("no PostgreSQL server answers on 127.0.0.1:5432 (database 'test', trust auth)")
    pytest.importorskip("psycopg", reason="psycopg 3 is not installed")
    from sqlalchemy import create_engine, text

    # a schema of our own, dropped afterwards: the test never sees or leaves other tables
    schema = f"newdawn_test_{uuid.uuid4().hex[:10]}"
    try:
        admin = create_engine(url)
        with admin.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as e:  # noqa: BLE001 - reported as the reason for skipping
        pytest.skip(f"PostgreSQL at {url} is not usable: {e}")
    scoped = f"{url}?options=-csearch_path%3D{schema}"
    try:
        with TestClient(create_app(scoped, bot_delay=0, bot_seed=1)) as c:
            g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=17)
            gid, tok = g["game_id"], g["seats"][0]["token"]
            play_humans(c, gid, {0: tok}, 4)
            before = wait_for(c, gid, tok, lambda v: bool(v["decision"]["options"]))
            assert before["version"] >= 4
        with admin.connect() as conn:
            n = conn.execute(text(f"SELECT count(*) FROM {schema}.actions WHERE game_id = :g"), {"g": gid}).scalar()
        assert n == before["version"]
        with TestClient(create_app(scoped, bot_delay=0, bot_seed=1)) as c:
            after = state(c, gid, tok)
            assert _comparable(after) == _comparable(before)
            assert [x["game_id"] for x in c.get("/api/games").json()["games"]] == [gid]
            r = act(c, gid, tok, after["version"], after["decision"]["options"][0])
            assert r.status_code == 200, r.text
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def test_a_game_that_no_longer_replays_does_not_stop_the_server(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        good = create(c, [{"kind": "human"}, {"kind": "human"}], seed=1)
        bad = create(c, [{"kind": "human"}, {"kind": "human"}], seed=2)
        store = c.app.state.store  # type: ignore[attr-defined]
        # as if the rules had changed since this action was stored
        store.append_action(bad["game_id"], 0, 0, "fort 99,99", 1)
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        # games are loaded on first use: the broken one is found when asked for, and from then
        # on left out of the list
        r = c.get(f"/api/games/{bad['game_id']}/state")
        assert r.status_code == 500 and "cannot be resumed" in r.json()["error"]
        assert [g["game_id"] for g in c.get("/api/games").json()["games"]] == [good["game_id"]]
        assert state(c, good["game_id"])["version"] == 0


def test_sqlite_commits_never_checkpoint_the_store_thread_does(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A commit that fills the write-ahead log no longer copies it into the database file (and
    syncs) while the process's other writes wait: the store's own thread checkpoints."""
    import sqlite3
    import time

    from newdawn.server import store as store_mod

    monkeypatch.setattr(store_mod, "CHECKPOINT_EVERY_S", 0.05)
    st = store_mod.Store(db_url)
    try:
        with st.engine.connect() as c:
            assert c.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
        with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as client:
            gid = create(client, [{"kind": "human"}] * 4, claim=False, hotseat=True)["game_id"]
        before, end = st.checkpoints, time.monotonic() + 10
        while st.checkpoints < before + 2 and time.monotonic() < end:
            time.sleep(0.02)
        assert st.checkpoints >= before + 2
        # the database file alone (the log set aside) holds the game: the checkpoint copied it
        path = db_url.removeprefix("sqlite:///")
        with open(path, "rb") as f:
            image = f.read()
        copy = path + ".copy"
        with open(copy, "wb") as f:
            f.write(image)
        con = sqlite3.connect(copy)
        try:
            assert con.execute("SELECT count(*) FROM games WHERE id = ?", (gid,)).fetchone() == (1,)
        finally:
            con.close()
    finally:
        st.close()


def test_sqlite_log_starts_again_under_a_steady_stream_of_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Passive checkpoints alone always lag a steady writer, and the write-ahead log would grow
    without end; past RESET_FRAMES pages the store finishes one with writes held back."""
    from newdawn.server import store as store_mod
    from newdawn.server.botturns import BotTurns
    from newdawn.server.games import GameManager
    from newdawn.server.lobby import Lobby

    monkeypatch.setattr(store_mod, "CHECKPOINT_EVERY_S", 0.02)
    monkeypatch.setattr(store_mod, "RESET_FRAMES", 50)
    path = tmp_path / "w.db"
    st = store_mod.Store(f"sqlite:///{path}")
    try:
        games = GameManager(st, bot_seed=1)
        gids = [Lobby(games).create({"seats": [{"kind": "bot", "bot": "random"}] * 4, "seed": 1 + i})["game_id"]
                for i in range(4)]
        done = 0
        while done < 1500:  # about 13 MB of log pages without a restart
            for gid in gids:
                done += BotTurns(games).bot_step(gid)
        wal = os.path.getsize(f"{path}-wal")
        assert wal < 6_000_000, f"the write-ahead log grew to {wal} bytes (without the reset: about 13 MB)"
    finally:
        st.close()


def test_an_action_appended_through_the_sqlite_driver_is_the_row_sqlalchemy_writes(tmp_path: Path) -> None:
    """On an SQLite file the store appends actions through the driver (the hot path of every
    move): the rows are the ones SQLAlchemy writes for the same call (a database of its own,
    in memory), the compare-and-set refuses a stale revision and writes nothing, and a locked
    database is retried like any write."""
    import sqlite3
    from datetime import UTC, datetime

    from sqlalchemy import select, text
    from sqlalchemy.exc import OperationalError

    from newdawn.server import store as store_mod

    select_created = select(store_mod.ActionRow.created)

    def stored(st: store_mod.Store) -> list[Any]:
        with st.engine.connect() as c:
            game = c.execute(text("SELECT revision, round, winner, bot_turn, deadline FROM games")).one()
            rows = c.execute(text("SELECT game_id, n, seat, action, events FROM actions ORDER BY n")).all()
            created = c.execute(select_created).scalars().all()
            snap = c.execute(text("SELECT game_id, n, state FROM snapshots")).all()
        assert all(isinstance(t, datetime) for t in created)  # read back as SQLAlchemy wrote it
        return [tuple(game), [tuple(r) for r in rows], [tuple(r) for r in snap]]

    rec = store_mod.GameRecord(id="g1", created=datetime.now(UTC), config={"players": 2}, seed=1,
                               hotseat_token=None, revision=0,
                               seats=[store_mod.SeatRecord(seat=k, kind="human", bot=None, token=f"t{k}") for k in (0, 1)])
    fast, plain = store_mod.Store(f"sqlite:///{tmp_path / 'f.db'}"), store_mod.Store("sqlite://")
    try:
        for st in (fast, plain):
            st.create_game(rec)
            st.append_action("g1", 0, 1, "move 3 4", 1, events=[{"kind": "move"}],
                             summary=store_mod.Summary(2, -1, True, 17.5))
            st.append_action("g1", 1, 0, "done", 2, snapshot=(2, '{"x": 1}'))
            with pytest.raises(store_mod.StaleRevision):
                st.append_action("g1", 2, 0, "done", 2)  # the game is at revision 2 already
        assert fast._appender is not None and plain._appender is None  # the driver's path was taken
        assert stored(fast) == stored(plain)
        assert stored(fast)[0] == (2, 2, -1, 1, 17.5)

        real = fast._appender
        failures: list[str] = ["database is locked", "database is locked"]

        class Flaky:
            """The kept connection, failing with the driver's errors for the first tries."""

            def __init__(self, con: sqlite3.Connection) -> None:
                self.con = con

            def execute(self, *a: Any) -> Any:
                if failures:
                    raise sqlite3.OperationalError(failures.pop(0))
                return self.con.execute(*a)

            def __getattr__(self, name: str) -> Any:
                return getattr(self.con, name)

        class Kept:
            driver_connection = Flaky(real.driver_connection)

        fast._appender = Kept()
        fast.append_action("g1", 2, 1, "done", 3)  # locked twice, then written
        assert failures == [] and fast.count_actions("g1") == 3
        failures.append("no such table: actions")
        with pytest.raises(OperationalError):  # what is not a lock is not retried
            fast.append_action("g1", 3, 1, "done", 4)
        assert failures == [] and fast.count_actions("g1") == 3
        fast._appender = real
    finally:
        fast.close()
        plain.close()


def test_closing_the_store_waits_for_a_write_under_way(tmp_path: Path) -> None:
    """A bot's move still being written by a worker thread when the server stops: the store is
    shut only after that write, never under it (closing the SQLite connection mid-write crashed
    the process), and a write after the close is refused with a clear error."""
    import threading
    import time

    import newdawn.server.store as store_mod

    st = store_mod.Store(f"sqlite:///{tmp_path / 'w.db'}")
    inside, order = threading.Event(), []

    def slow_write() -> None:
        inside.set()
        time.sleep(0.3)
        order.append("write done")

    worker = threading.Thread(target=lambda: st._write(slow_write))
    worker.start()
    assert inside.wait(5)
    st.close()
    order.append("closed")
    worker.join(5)
    assert order == ["write done", "closed"]
    with pytest.raises(store_mod.StoreClosed):
        st._write(lambda: None)
