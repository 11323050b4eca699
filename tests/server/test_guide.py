"""The guided first game (issue 39 §1): "Learn to play" starts a real game from the guide's
scenario, the learner's step is kept with the game (a restarted server finds it), a step that
waits for turns refuses "Next" until they are played, and the learner may leave at any step."""

from __future__ import annotations

from importlib.resources import files

from fastapi.testclient import TestClient

from newdawn.describe.guide import GUIDE
from newdawn.engine import replay
from newdawn.scenario import parse, run
from newdawn.server import create_app
from newdawn.server.guide import GUIDE_FILE, guide_game

from .conftest import act, state, wait_for


def _step(c: TestClient, gid: str, token: str, **body: object) -> tuple[int, dict[str, object]]:
    r = c.post(f"/api/games/{gid}/guide", json={"token": token, **body})
    return r.status_code, r.json()


def _play_turn(c: TestClient, gid: str, token: str) -> None:
    """The learner plays until one turn of theirs is over: the first option of each of their
    decisions (a district paying out at the start of a round included), up to their next card."""
    played = False
    while True:
        v = wait_for(c, gid, token, lambda v: bool(v["decision"]["options"]) and v["decision"]["seat"] == 0)
        first = v["decision"]["options"][0]
        if first.startswith("focus ") and played:
            return
        played = played or first.startswith("focus ")
        assert act(c, gid, token, v["version"], first).status_code == 200


def test_the_guided_game_from_the_lobby_to_its_last_step_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        r = c.post("/api/guide")
        assert r.status_code == 200, r.text
        g = r.json()
        gid, token = g["game_id"], g["seats"][0]["token"]
        assert g["seats"][1]["kind"] == "bot" and g["seats"][1]["bot"] == "easy"
        v = state(c, gid, token)
        # the guide's position: the scenario's setup, played as the seats' own actions
        config, seed, actions = guide_game()
        assert v["version"] == len(actions)
        assert v["guide"]["step"] == 0 and v["guide"]["ready"] and v["guide"]["target"] == "map"
        assert "Rome" in v["guide"]["text"] and v["guide"]["count"] == len(GUIDE)
        assert state(c, gid)["guide"] is None  # a spectator sees no guide
        assert _step(c, gid, token, step=1)[0] == 200
        code, out = _step(c, gid, token, step=3)
        assert code == 400 and "one step at a time" in str(out)
        assert _step(c, gid, token, step=2)[0] == 200
        # "Play a card": waits for a turn of the learner's
        v = state(c, gid, token)
        assert v["guide"]["id"] == "first_turn" and not v["guide"]["ready"] and v["guide"]["wait"]
        code, out = _step(c, gid, token, step=3)
        assert code == 400 and "turn" in str(out)
        _play_turn(c, gid, token)
        assert state(c, gid, token)["guide"]["ready"]
    # a new server over the same file finds the learner at the same step
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        v = state(c, gid, token)
        assert v["guide"]["id"] == "first_turn" and v["guide"]["ready"]
        for n in range(3, len(GUIDE)):
            v = state(c, gid, token)
            while not v["guide"]["ready"]:
                _play_turn(c, gid, token)
                v = state(c, gid, token)
            code, out = _step(c, gid, token, step=n)
            assert code == 200, out
            assert out["guide"]["step"] == n  # type: ignore[index]
        assert state(c, gid, token)["guide"]["last"]
        # leaving: the game goes on as any other; resume takes the guide up again
        code, out = _step(c, gid, token, leave=True)
        assert code == 200 and out["guide"] is None
        assert state(c, gid, token)["guide"] is None
        assert _step(c, gid, token, resume=True)[1]["guide"]["last"]  # type: ignore[index]
        # the game is an ordinary record: it replays from its configuration, seed and actions
        v = state(c, gid, token)
        full = c.get(f"/api/games/{gid}/state", params={"token": token, "log_from": 0}).json()
        acts = [e["action"] for e in full["log"] if e["n"] > 0 and not e.get("part")]
        assert acts[: len(actions)] == list(actions)
        assert replay({"config": config, "seed": seed, "actions": acts})[-1].round == v["view"]["round"]


def test_only_the_learner_follows_the_guide_and_other_games_have_none(client: TestClient) -> None:
    g = client.post("/api/guide").json()
    gid = g["game_id"]
    code, _ = _step(client, gid, "nobody-has-this-token")
    assert code == 403
    other = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]}).json()
    tok = other["seats"][0]["token"]
    assert state(client, other["game_id"], tok)["guide"] is None
    assert _step(client, other["game_id"], tok, step=1)[0] == 400


def test_the_guide_scenario_passes_as_a_scenario() -> None:
    sc = parse(files("newdawn.scenario").joinpath(GUIDE_FILE).read_text(encoding="utf-8"), GUIDE_FILE)
    assert run(sc).passed
