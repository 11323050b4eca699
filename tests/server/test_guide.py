"""The guided first game (issue 39 §1): "Learn to play" starts a real game from the guide's
scenario, the learner's step is kept with the game (a restarted server finds it), a step that
asks the learner to do something (resolve a card, spread, attack, build a wonder) refuses "Next"
and moves on by itself once the game shows it done, and the learner may leave at any step."""

from __future__ import annotations

from importlib.resources import files

from fastapi.testclient import TestClient

from guide_learner import next_action
from newdawn.content.rulesets import DEFAULT_RULESET
from newdawn.describe.guide import GUIDE
from newdawn.engine import GameState, replay
from newdawn.scenario import parse, run
from newdawn.server import create_app
from newdawn.server.guide import GUIDE_FILE, guide_game, guide_games

from .conftest import act, state, wait_for


def _step(c: TestClient, gid: str, token: str, **body: object) -> tuple[int, dict[str, object]]:
    r = c.post(f"/api/games/{gid}/guide", json={"token": token, **body})
    return r.status_code, r.json()


def _states(c: TestClient, gid: str, token: str) -> list[GameState]:
    """The game's states, replayed from what the server says was played (each with its events)."""
    full = c.get(f"/api/games/{gid}/state", params={"token": token, "log_from": 0}).json()
    config, seed, _ = guide_game(full["view"]["ruleset"])
    acts = [e["action"] for e in full["log"] if e["n"] > 0 and not e.get("part")]
    return replay({"config": config, "seed": seed, "actions": acts})


def _position(c: TestClient, gid: str, token: str) -> GameState:
    return _states(c, gid, token)[-1]


def _learner_acts(c: TestClient, gid: str, token: str, goal: str | None) -> dict[str, object]:
    """The learner's next decision, as the guide's words ask (``guide_learner``); the view after."""
    v = wait_for(c, gid, token, lambda v: bool(v["decision"]["options"]) and v["decision"]["seat"] == 0)
    action = next_action(_position(c, gid, token), 0, goal)
    assert action in v["decision"]["options"], (action, v["decision"]["options"])
    assert act(c, gid, token, v["version"], action).status_code == 200
    return state(c, gid, token)


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
        assert "Egypt" in v["guide"]["text"] and v["guide"]["count"] == len(GUIDE)
        assert state(c, gid)["guide"] is None  # a spectator sees no guide
        assert _step(c, gid, token, step=1)[0] == 200
        code, out = _step(c, gid, token, step=3)
        assert code == 400 and "one step at a time" in str(out)
        assert _step(c, gid, token, step=2)[0] == 200
        # "Resolve a card": waits until the learner has resolved one, then moves on by itself
        v = state(c, gid, token)
        assert v["guide"]["id"] == "first_turn" and not v["guide"]["ready"] and not v["guide"]["done"]
        code, out = _step(c, gid, token, step=3)
        assert code == 400 and "Resolve a card" in str(out)
        seen = {"welcome", "focus_row", "first_turn"}
        while state(c, gid, token)["guide"]["id"] == "first_turn":
            _learner_acts(c, gid, token, "resolve")
        assert state(c, gid, token)["guide"]["id"] == "control"
        seen.add("control")
    # a new server over the same file finds the learner at the same step
    with TestClient(create_app(db_url, bot_delay=0, bot_seed=1)) as c:
        v = state(c, gid, token)
        assert v["guide"]["id"] == "control" and not v["guide"]["ready"]
        for _ in range(200):
            v = state(c, gid, token)
            guide = v["guide"]
            seen.add(guide["id"])
            if guide["last"]:
                break
            step = GUIDE[guide["step"]]
            if step.goal is None:
                assert guide["ready"] and guide["wait"] is None
                code, out = _step(c, gid, token, step=guide["step"] + 1)
                assert code == 200, out
            else:  # played, never skipped: the step moves on when the game shows it done
                assert not guide["ready"], guide
                _learner_acts(c, gid, token, step.goal)
        assert seen == {s.id for s in GUIDE}
        assert state(c, gid, token)["view"]["round"] <= 4  # every goal is within reach at once
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


def test_a_goal_met_before_its_step_lets_next_go_on_at_once(client: TestClient) -> None:
    """The learner who resolved a card before the guide asked finds "Resolve a card" done ("Next"
    is on); the step did not move on by itself, since it was not yet the step."""
    g = client.post("/api/guide").json()
    gid, token = g["game_id"], g["seats"][0]["token"]
    while not any(e["kind"] == "resolve" and e["seat"] == 0 for st in _states(client, gid, token) for e in st.events):
        assert _learner_acts(client, gid, token, "resolve")["guide"]["id"] == "welcome"
    assert _step(client, gid, token, step=1)[0] == 200
    assert _step(client, gid, token, step=2)[0] == 200
    v = state(client, gid, token)
    assert v["guide"]["id"] == "first_turn" and v["guide"]["ready"] and v["guide"]["done"]
    assert v["guide"]["wait"] == "Done: you resolved a card."
    assert _step(client, gid, token, step=3)[0] == 200


def test_undoing_the_action_that_moved_the_guide_on_brings_its_step_back(client: TestClient) -> None:
    g = client.post("/api/guide").json()
    gid, token = g["game_id"], g["seats"][0]["token"]
    for n in (1, 2):
        assert _step(client, gid, token, step=n)[0] == 200
    v = _learner_acts(client, gid, token, "resolve")  # focus culture
    while v["guide"]["id"] == "first_turn":
        v = _learner_acts(client, gid, token, "resolve")  # resolve: the step moves on by itself
    assert v["guide"]["id"] == "control"
    r = client.post(f"/api/games/{gid}/undo", json={"token": token, "version": v["version"]})
    assert r.status_code == 200, r.text
    v = state(client, gid, token)
    assert v["guide"]["id"] == "first_turn" and not v["guide"]["ready"]
    while v["guide"]["id"] == "first_turn":  # done again: on again
        v = _learner_acts(client, gid, token, "resolve")
    assert v["guide"]["id"] == "control"


def test_the_lobby_offers_a_guide_per_ruleset_the_default_first(client: TestClient) -> None:
    guides = client.get("/api/options").json()["guides"]
    assert [g["ruleset"] for g in guides] == list(guide_games()) and guides[0]["ruleset"] == DEFAULT_RULESET
    assert len(guides) == 2 and all(g["label"].startswith("Learn to play: ") and g["text"] for g in guides)
    assert client.post("/api/guide", json={"ruleset": "nonsense"}).status_code == 400


def test_the_base_game_guide_is_played_to_its_end_and_says_nothing_of_terra_incognita(client: TestClient) -> None:
    """The base game's guided game: the same steps and goals on the base game's first-game map
    (no armies: an attack is made from the card), every word of them free of the expansion."""
    base = next(rid for rid in guide_games() if rid != DEFAULT_RULESET)
    g = client.post("/api/guide", json={"ruleset": base}).json()
    gid, token = g["game_id"], g["seats"][0]["token"]
    assert state(client, gid, token)["view"]["ruleset"] == base
    texts = []
    for _ in range(200):
        guide = state(client, gid, token)["guide"]
        texts.append(guide["text"])
        if guide["last"]:
            break
        step = GUIDE[guide["step"]]
        if step.goal is None:
            assert _step(client, gid, token, step=guide["step"] + 1)[0] == 200
        else:
            assert not guide["ready"], guide
            _learner_acts(client, gid, token, step.goal)
    assert guide["last"] and len(set(texts)) >= len(GUIDE)
    assert state(client, gid, token)["view"]["round"] <= 4
    words = " ".join(texts).lower()
    for ti_only in ("terra incognita", "fort", "district", "arm", "pennant", "explor", "slot 1; "):
        assert ti_only not in words, ti_only


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
