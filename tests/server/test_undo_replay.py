"""Undo of one's own decisions within the turn (never past dice or hidden draws); replay."""

from __future__ import annotations

import random
from pathlib import Path

from fastapi.testclient import TestClient

from newdawn.server import create_app

from .conftest import act, create, state, wait_for


def _undo(client: TestClient, gid: str, token: str, version: int) -> tuple[int, dict]:  # type: ignore[type-arg]
    r = client.post(f"/api/games/{gid}/undo", json={"token": token, "version": version})
    return r.status_code, r.json()


def test_undo_takes_back_a_free_decision_but_never_dice_draws_or_others(db_url: str) -> None:
    client = TestClient(create_app(db_url, bot_delay=0, bot_seed=1))
    with client:
        g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=21)
        gid = g["game_id"]
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        live = client.app.state.games.get(gid)  # type: ignore[attr-defined]
        rnd = random.Random(3)
        undone = refused_random = refused_turn = refused_other = 0
        for _ in range(600):
            spec = state(client, gid)
            seat = spec["decision"]["seat"]
            if seat < 0 or (undone and refused_random and refused_turn and refused_other):
                break
            mine = state(client, gid, tokens[seat])
            opts = mine["decision"]["options"]
            active = [o for o in opts if o.split(" ")[0] not in ("back", "skip", "done", "pass")] or opts
            a = rnd.choice(active)
            before_view = mine
            before = live.state
            assert act(client, gid, tokens[seat], mine["version"], a).status_code == 200
            after = live.state
            v = mine["version"] + 1
            # the other seat may never take back this seat's action
            code, body = _undo(client, gid, tokens[1 - seat], v)
            assert code == 400 and "not yours" in body["error"]
            refused_other += 1
            code, body = _undo(client, gid, tokens[seat], v - 1)
            assert code == 409  # a stale undo changes nothing either
            same_turn = (before.round, before.current) == (after.round, after.current)
            random_or_hidden = (before.rng != after.rng or before.stack != after.stack
                                or before.wonder_decks != after.wonder_decks)
            code, body = _undo(client, gid, tokens[seat], v)
            if not same_turn:
                assert code == 400 and "turn" in body["error"], body
                refused_turn += 1
            elif random_or_hidden:
                assert code == 400, (a, body)
                assert "rolled" in body["error"] or "drew" in body["error"] or "revealed" in body["error"]
                refused_random += 1
            else:
                assert code == 200, (a, body)
                assert body["version"] == v + 1
                again = state(client, gid, tokens[seat])
                assert again["view"] == before_view["view"] and again["log"] == before_view["log"]
                assert again["version"] == v + 1
                # the old version is stale now; redo with the new one
                assert act(client, gid, tokens[seat], v, a).status_code == 409
                assert act(client, gid, tokens[seat], v + 1, a).status_code == 200
                undone += 1
        assert undone and refused_random and refused_turn and refused_other, \
            (undone, refused_random, refused_turn, refused_other)
        final = state(client, gid)
    # the undos are in the database too: a new server shows the same game
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c2:
        again = state(c2, gid)
        assert again["log"] == final["log"] and again["version"] == final["version"]


def test_replay_steps_through_the_game(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=5)
    gid, tok = g["game_id"], g["seats"][0]["token"]
    live = client.app.state.games.get(gid)  # type: ignore[attr-defined]
    for _ in range(6):
        v = state(client, gid, tok)
        while not v["decision"]["options"]:
            v = state(client, gid, tok)
        assert act(client, gid, tok, v["version"], v["decision"]["options"][0]).status_code == 200
    wait_for(client, gid, tok, lambda v: bool(v["decision"]["options"]))  # the bot stops at our turn
    n = len(live.rec.actions)
    views = [client.get(f"/api/games/{gid}/replay", params={"step": s}).json() for s in range(n + 1)]
    assert all(x["steps"] == n and x["seat"] == -1 for x in views)
    assert [x["step_text"] for x in views] == [f"step {s} of {n}" for s in range(n + 1)]  # words of describe/ (issue 41)
    assert [len(x["log"]) for x in views] == list(range(1, n + 2))
    assert views[0]["log"][0]["n"] == 0 and views[0]["log"][0]["action"] == "setup"
    assert views[0]["log"][0]["events"]  # the setup's outcome (core tiles, first player)
    assert views[0]["view"]["version"] == 0 and views[n]["view"]["version"] == n
    for s in range(1, n + 1):
        assert views[s]["log"][-1]["action"] == live.rec.actions[s - 1][1]
    assert client.get(f"/api/games/{gid}/replay", params={"step": n + 1}).status_code == 400


def test_states_rebuilt_from_checkpoints_equal_the_engines_replay(db_url: str) -> None:
    from newdawn.engine import replay
    from newdawn.server.games import GameManager
    from newdawn.server.live import CHECKPOINT_EVERY
    from newdawn.server.lobby import Lobby
    from newdawn.server.store import Store

    games = GameManager(Store(db_url))
    g = Lobby(games).create({"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 31, "hotseat": True})
    gid, hs = g["game_id"], g["hotseat_url"].split("hotseat=")[1]
    rnd = random.Random(5)
    undos = 0
    live = games.get(gid)
    for _ in range(3 * CHECKPOINT_EVERY + 7):
        from newdawn.engine import legal_actions

        a = str(rnd.choice(legal_actions(live.state)))
        games.act(gid, hs, live.version, a)
        if rnd.random() < 0.3:
            try:
                games.undo(gid, hs, live.version)
                undos += 1
            except Exception:  # noqa: BLE001 - refused undos are fine here
                pass
    n = len(live.rec.actions)
    assert n > 2 * CHECKPOINT_EVERY and undos > 5
    states = replay({"config": live.rec.config, "seed": live.rec.seed, "actions": [a for _, a in live.rec.actions]})
    for i in range(n + 1):
        assert live.state_at(i) == states[i]
    assert [e["events"] for e in live.log_entries()] == [s.events for s in states]
    # and a fresh manager over the same database agrees
    again = GameManager(Store(db_url)).get(gid)
    assert again.state == live.state and again.rec.actions == live.rec.actions


def test_websocket_log_tails_add_up_to_the_whole_log_even_across_undos(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=44, hotseat=True)
    gid, hs = g["game_id"], g["hotseat_url"].split("hotseat=")[1]
    rnd = random.Random(2)
    log: dict[int, dict] = {}  # type: ignore[type-arg]
    undos = 0
    with client.websocket_connect(f"/ws/games/{gid}?token={hs}") as ws:
        m = ws.receive_json()
        assert m["log"][0]["n"] == 0  # the whole log first
        for _ in range(40):
            log.update({e["n"]: e for e in m["log"]})
            for n in [n for n in log if n > m["view"]["version"]]:
                del log[n]  # what an undo took back
            full = client.get(f"/api/games/{gid}/state", params={"token": hs}).json()
            assert full["version"] == m["version"]
            assert [log[n] for n in sorted(log)] == full["log"]
            if rnd.random() < 0.3 and _undo(client, gid, hs, m["version"])[0] == 200:
                undos += 1
            else:
                opts = m["decision"]["options"]
                ws.send_json({"type": "action", "version": m["version"], "action": rnd.choice(opts)})
            m = ws.receive_json()
            assert m["type"] == "view"
            assert len(m["log"]) <= 2 or m["log"][0]["n"] == 0
    assert undos >= 2


def test_the_undo_refusal_names_seats_from_1_as_the_table_does(client: TestClient) -> None:
    """Issue 24, 5.1: the refusal named seats from 0 ("was seat 1's" to the player who is Seat 1)."""
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=3)
    gid = g["game_id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    v = state(client, gid)
    first = v["decision"]["seat"]
    other = 1 - first
    mine = state(client, gid, tokens[first])
    assert mine["undo"] == {"allowed": False, "reason": "there is nothing to undo"}
    assert act(client, gid, tokens[first], mine["version"], mine["decision"]["options"][0]).status_code == 200
    assert state(client, gid, tokens[first])["undo"]["reason"] != "there is nothing to undo"
    assert state(client, gid, tokens[other])["undo"]["allowed"] is False
    r = client.post(f"/api/games/{gid}/undo", json={"token": tokens[other], "version": 1})
    assert r.status_code == 400
    leader = state(client, gid)["view"]["players"][first]["leader"]
    name = client.get("/api/content").json()["leaders"][leader]["leader"]
    assert f"was Seat {first + 1} ({name})'s, not yours" in r.json()["error"]
    assert f"seat {first}'s" not in r.json()["error"]


def test_undo_is_neither_offered_nor_allowed_once_the_game_is_over(client: TestClient) -> None:
    """Issue 24, 5.9: undo was offered after the game was over."""
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=5, hotseat=True, max_rounds=1)
    gid = g["game_id"]
    hs = g["hotseat_url"].split("hotseat=", 1)[1]
    v = state(client, gid, hs)
    rnd = random.Random(1)
    for _ in range(600):
        if v["view"]["winner"] != -1:
            break
        assert v["undo"]["reason"] != "the game is over"
        opts = v["decision"]["options"]
        active = [o for o in opts if o.split(" ")[0] not in ("back", "skip", "done", "pass")] or opts
        r = act(client, gid, hs, v["version"], rnd.choice(active))
        assert r.status_code == 200, r.text
        v = state(client, gid, hs)
    assert v["view"]["winner"] != -1
    assert v["undo"] == {"allowed": False, "reason": "the game is over"}
    r = client.post(f"/api/games/{gid}/undo", json={"token": hs, "version": v["version"]})
    assert r.status_code == 400 and r.json()["error"] == "the game is over"
    assert state(client, gid)["version"] == v["version"]


def test_a_process_that_reloads_a_game_shows_the_log_of_the_actions_it_now_has(tmp_path: Path) -> None:
    """Two processes on one database: one undoes the last action and plays another; the other,
    reloading, takes back the old action and shows the new one's log records, not the old's."""
    from newdawn.server.games import GameManager
    from newdawn.server.lobby import Lobby
    from newdawn.server.store import Store

    store = Store(f"sqlite:///{tmp_path / 'g.db'}")
    try:
        here, there = GameManager(store, bot_seed=1), GameManager(store, bot_seed=1)
        gid = Lobby(here).create({"seats": [{"kind": "human"}] * 2, "seed": 21, "hotseat": True})["game_id"]
        hs = store.load_game(gid).hotseat_token  # type: ignore[union-attr]
        for _ in range(200):  # find an action that can be undone and has another choice
            v = here.view(gid, hs)
            opts = [o for o in v["decision"]["options"] if o.split(" ")[0] not in ("back", "skip", "done", "pass")]
            first = opts[0] if opts else v["decision"]["options"][0]
            version = here.act(gid, hs, v["version"], first)
            there.get(gid)  # the other process has the game loaded with this action
            if len(opts) > 1 and there.revision(gid) == version:
                try:
                    undone = here.undo(gid, hs, version)
                except Exception:  # noqa: BLE001 - not undoable (dice, draws): play on
                    continue
                other = opts[1]
                here.act(gid, hs, undone, other)
                break
        else:
            raise AssertionError("no undoable action with two choices found")
        there.refresh(gid)
        mine, theirs = here.view(gid, None)["log"], there.view(gid, None)["log"]
        assert theirs[-1]["action"] == other
        assert theirs == mine
    finally:
        store.close()
