"""Nothing a seat receives carries hidden information; bots play their seats server-side."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient

from newdawn.engine import GameState
from newdawn.engine.state import content_for

from .conftest import act, create, play_humans, state, wait_for

HIDDEN_KEYS = {"rng", "stack", "removed_wonders", "seed", "forced_dice"}


def _keys(x: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(x, dict):
        for k, v in x.items():
            out.add(k)
            out |= _keys(v)
    elif isinstance(x, list):
        for v in x:
            out |= _keys(v)
    return out


def _hidden_wonders(st: GameState) -> set[str]:
    """Ids and names of the wonders nobody may know about in ``st``."""
    c = content_for(st)
    ids = set(st.removed_wonders)
    for deck in st.wonder_decks.values():
        ids.update(deck[1:])
    return ids | {c.wonders[w].name for w in ids}


def _assert_public(msg: dict[str, Any], st: GameState) -> None:
    assert not (_keys(msg) & HIDDEN_KEYS), _keys(msg) & HIDDEN_KEYS
    text = json.dumps(msg)
    leaked = [w for w in _hidden_wonders(st) if json.dumps(w) in text or f" {w}" in text]
    assert not leaked, leaked
    seed = st.config["seed"]
    if seed >= 100_000:  # a large seed cannot be a count or a coordinate by chance
        assert seed not in _scalars(msg) and str(seed) not in text


def _scalars(x: Any) -> list[Any]:
    if isinstance(x, dict):
        return [s for v in x.values() for s in _scalars(v)]
    if isinstance(x, list):
        return [s for v in x for s in _scalars(v)]
    return [x]


def test_nothing_sent_to_a_seat_or_spectator_contains_hidden_information(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
               seed=424242)
    gid, tok = g["game_id"], g["seats"][0]["token"]
    live = client.app.state.games.get(gid)  # type: ignore[attr-defined]
    assert "seed" not in json.dumps(g) and str(424242) not in json.dumps(g)
    seen = last = 0
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws, \
            client.websocket_connect(f"/ws/games/{gid}") as spec:
        for i in range(40):
            m = ws.receive_json()
            if m["type"] != "view":
                continue
            assert m["version"] >= last  # views arrive in order, never an older one after a newer
            last = m["version"]
            _assert_public(m, live.state_at(m["view"]["version"]))
            seen += 1
            if m["decision"]["options"] and m["version"] == live.version:
                opts = m["decision"]["options"]
                ws.send_json({"type": "action", "version": m["version"], "action": opts[i % len(opts)]})
                # an illegal one too: the error reply is checked as well
                ws.send_json({"type": "action", "version": m["version"], "action": "fort 77,77"})
        for _ in range(5):
            m = spec.receive_json()
            assert m["seat"] == -1 and m["decision"]["options"] == []
            _assert_public(m, live.state_at(m["view"]["version"]))
    assert seen > 10
    # Bots play on in the background: wait until the human decides (or the game is over) so
    # that the action count read below stays put.
    wait_for(client, gid, tok, lambda v: v["decision"]["seat"] in (0, -1))
    n = len(live.rec.actions)
    assert n > 10
    _assert_public(state(client, gid, tok), live.state)
    _assert_public(state(client, gid), live.state)
    for step in (0, n // 2, n):
        r = client.get(f"/api/games/{gid}/replay", params={"step": step}).json()
        assert r["steps"] == n and len(r["log"]) == step + 1
        _assert_public(r, live.state_at(step))
    _assert_public(client.get("/api/games").json(), live.state)
    w = client.get(f"/api/games/{gid}/why", params={"token": tok, "action": "fort 1,1"}).json()
    _assert_public(w, live.state)


def test_bots_play_their_seats_while_other_games_go_on(client: TestClient) -> None:
    bots = create(client, [{"kind": "bot", "bot": "random"}] * 3, seed=9)
    human = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=10)
    tok = human["seats"][0]["token"]
    # the all-bot game plays by itself; meanwhile the other game answers and takes actions
    v = play_humans(client, human["game_id"], {0: tok}, 5)
    assert any(e["seat"] == 1 for e in v["log"]) and sum(e["seat"] == 0 for e in v["log"]) == 5
    b = wait_for(client, bots["game_id"], None, lambda v: v["version"] >= 60)
    assert {e["seat"] for e in b["log"] if e["n"] > 0} == {0, 1, 2}
    # a bot's seat cannot be played by anyone else
    r = act(client, bots["game_id"], tok, b["version"], "done")
    assert r.status_code == 403


def test_bots_wake_when_a_person_acts_while_their_driver_is_finishing(client: TestClient) -> None:
    """A person's action that lands while the bot driver is still answering "is a bot to move?"
    (with the answer from before that action) must still get the bots moving."""
    bots = client.app.state.server.bots  # type: ignore[attr-defined]
    original = bots.bot_to_move

    def stale_answer(game_id: str) -> bool:
        answer = original(game_id)
        time.sleep(0.15)  # the person's next action lands now; ``answer`` is out of date
        return bool(answer)

    bots.bot_to_move = stale_answer
    g = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=11)
    tok = g["seats"][0]["token"]
    v = play_humans(client, g["game_id"], {0: tok}, 30)
    assert sum(e["seat"] == 0 for e in v["log"]) == 30
    assert any(e["seat"] == 1 for e in v["log"])


def test_lobby_validates_and_lists(client: TestClient) -> None:
    assert client.post("/api/games", json={"seats": [{"kind": "human"}]}).status_code == 400
    assert client.post("/api/games", json={"seats": [{"kind": "human"}] * 6}).status_code == 400
    r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "nonsense"}]})
    assert r.status_code == 400 and "nonsense" in r.json()["error"]
    r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "alien"}]})
    assert r.status_code == 400
    r = client.post("/api/games", json={"seats": [{"kind": "human"}] * 2, "leaders": ["nobody", "rome"]})
    assert r.status_code == 400 and "leader" in r.json()["error"]
    ids = sorted(client.get("/api/content").json()["leaders"])
    g = create(client, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
               leaders=[ids[0], None, ids[1]])
    assert g["seats"][0]["url"] == f"/table.html?game={g['game_id']}&token={g['seats'][0]['token']}"
    assert g["seats"][2]["token"] is None and g["spectator_url"] == f"/table.html?game={g['game_id']}"
    assert g["hotseat_url"] is None
    v = state(client, g["game_id"])
    leaders = [s["leader"] for s in v["seats"]]
    assert leaders[0] == ids[0] and leaders[2] == ids[1] and leaders[1] not in (ids[0], ids[1])
    listed = client.get("/api/games").json()["games"]
    assert [x["game_id"] for x in listed] == [g["game_id"]]
    assert listed[0]["status"] == "playing" and listed[0]["players"] == 3
    assert [s["kind"] for s in listed[0]["seats"]] == ["human", "human", "bot"]
    tokens = {s["token"] for s in g["seats"] if s["token"]}
    assert len(tokens) == 2 and not any(t in json.dumps(listed) for t in tokens)
    assert not any(t in json.dumps(v) for t in tokens)  # the spectator never sees a token
    assert "random" in client.get("/api/bots").json()["bots"]
    content = client.get("/api/content").json()
    assert {"focus_cards", "leaders", "wonders", "city_states", "victory_cards", "natural_wonders",
            "terrain_difficulty", "tiles"} <= set(content)
    assert content["ruleset"]["components"]["armies"] >= 1
