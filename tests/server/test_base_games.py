"""Base games (issue 25) over the server: created with their options and the Automated Player
seat, played by bots to the end, replayed from the stored record; bad options refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from newdawn.engine import replay
from newdawn.server.botturns import BotTurns
from newdawn.server.games import GameManager
from newdawn.server.lobby import Lobby
from newdawn.server.schema import ViewMessage
from newdawn.server.store import Store

from .conftest import create, state


def play_out(games: GameManager, gid: str, limit: int = 5000) -> None:
    """Let the bots take every decision until the game is over."""
    for _ in range(limit):
        if games.get(gid).state.winner != -1:
            return
        assert BotTurns(games).bot_step(gid), "a bot game stopped with nobody to move"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("seats", "options"), [
    ([{"kind": "bot", "bot": "greedy"}, {"kind": "ap"}], {}),
    ([{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "random"}, {"kind": "ap"}], {"map": "first_game"}),
    ([{"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}], {"epic": True, "map": "advanced"}),
])
def test_base_games_play_to_the_end_and_replay_from_their_record(tmp_path: Path, seats: list[dict[str, Any]],
                                                                  options: dict[str, Any]) -> None:
    db = f"sqlite:///{tmp_path / 'g.db'}"
    games = GameManager(Store(db), bot_seed=3)
    out = Lobby(games).create({"seats": seats, "seed": 11, "ruleset": "base", "max_rounds": 4, **options})
    gid = out["game_id"]
    g = games.get(gid)
    assert g.rec.config["ruleset"] == "base" and g.state.ruleset == "base"
    assert g.rec.config.get("automa", False) == (seats[-1]["kind"] == "ap")
    for k, v in options.items():
        assert g.rec.config[k] == v
    assert len(g.state.players[0].row) == 5  # five focus slots
    play_out(games, gid)
    assert g.state.winner != -1
    # the AP seat never waited for anyone: no action of the log is its own
    if seats[-1]["kind"] == "ap":
        assert all(seat != len(seats) - 1 for seat, _ in g.rec.actions)
    # the stored record (config + seed + actions) replays to the same end
    rec = Store(db).load_game(gid)
    assert rec is not None and rec.config == g.rec.config
    states = replay({"config": rec.config, "seed": rec.seed, "actions": [a for _, a in rec.actions]})
    assert states[-1] == g.state
    # a fresh server loads it lazily and agrees
    assert GameManager(Store(db)).get(gid).state == g.state


def test_solo_against_the_ap_over_http_names_the_ap_and_serves_base_content(client: TestClient) -> None:
    out = create(client, [{"kind": "human"}, {"kind": "ap"}], seed=5, ruleset="base", map="first_game")
    gid, tok = out["game_id"], out["seats"][0]["token"]
    assert [s["kind"] for s in out["seats"]] == ["human", "ap"]
    assert out["seats"][1]["token"] is None and out["seats"][1]["invite_url"] is None
    v = state(client, gid, tok)
    assert v["decision"]["seat"] == 0 and v["decision"]["options"]
    ap = next(s for s in v["seats"] if s["seat"] == 1)
    assert ap["kind"] == "ap" and ap["connected"]
    names = [s for s in client.get("/api/games").json()["games"] if s["game_id"] == gid]
    # the game list marks the AP present, as it does a bot (it is played by the server)
    assert names and names[0]["seats"][1]["kind"] == "ap" and names[0]["seats"][1]["connected"]
    content = client.get("/api/content", params={"ruleset": "base"}).json()
    assert content["ruleset"]["row_slots"] == [1, 2, 3, 4, 5]
    assert v["view"]["players"][0]["leader"] in content["leaders"]
    # the replay view of the stored game works as for a TI game
    assert client.get(f"/api/games/{gid}/replay", params={"step": 0}).status_code == 200


def test_options_endpoint_offers_the_rulesets_in_words(client: TestClient) -> None:
    rulesets = {r["id"]: r for r in client.get("/api/options").json()["rulesets"]}
    assert set(rulesets) == {"ti", "base"}
    base = rulesets["base"]
    assert base["players"] == [2, 4] and base["automa"]["name"] == "Automated Player"
    assert {o["key"] for o in base["options"]} == {"map", "epic"}
    assert rulesets["ti"]["automa"] is None and rulesets["ti"]["options"] == []
    ti_leaders = {x["id"] for x in rulesets["ti"]["leaders"]}
    assert {x["id"] for x in base["leaders"]} - ti_leaders or base["leaders"] != rulesets["ti"]["leaders"]


@pytest.mark.parametrize(("body", "words"), [
    ({"seats": [{"kind": "human"}, {"kind": "ap"}]}, "only in the base game"),
    ({"seats": [{"kind": "ap"}, {"kind": "human"}], "ruleset": "base"}, "last seat"),
    ({"seats": [{"kind": "human"}] * 5, "ruleset": "base"}, "players must be between 2 and 4"),
    ({"seats": [{"kind": "human"}, {"kind": "human"}], "ruleset": "base", "map": "huge"}, "map must be one of"),
    ({"seats": [{"kind": "human"}, {"kind": "human"}], "ruleset": "base", "epic": "yes"}, "epic must be one of"),
    ({"seats": [{"kind": "human"}, {"kind": "human"}], "epic": True}, "not an option of the 'ti' ruleset"),
    ({"seats": [{"kind": "human"}, {"kind": "human"}], "ruleset": "chess"}, "ruleset must be one of"),
    ({"seats": [{"kind": "human"}, {"kind": "human"}], "ruleset": "base", "leaders": ["no_such", None]},
     "leader"),
])
def test_bad_base_options_are_refused_and_nothing_is_stored(client: TestClient, body: dict[str, Any],
                                                            words: str) -> None:
    before = client.get("/api/games").json()["games"]
    r = client.post("/api/games", json=body)
    assert 400 <= r.status_code < 500, r.text
    assert words in r.text
    assert client.get("/api/games").json()["games"] == before


def test_ti_leaders_are_refused_in_a_base_game(client: TestClient) -> None:
    ti = {x["id"] for x in client.get("/api/options").json()["rulesets"][0]["leaders"]}
    base = {x["id"] for x in client.get("/api/options").json()["rulesets"][1]["leaders"]}
    only_ti = sorted(ti - base)
    if not only_ti:
        pytest.skip("every TI leader is a base leader too")
    r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "ruleset": "base",
                                        "leaders": [only_ti[0], None]})
    assert r.status_code == 400 and "unknown leader" in r.text


def test_two_players_and_the_ap_by_invite_and_hot_seat(client: TestClient) -> None:
    out = create(client, [{"kind": "human"}, {"kind": "human"}, {"kind": "ap"}], seed=9, ruleset="base",
                 epic=True, hotseat=True)
    gid = out["game_id"]
    assert out["seats"][1]["invite_url"] and out["seats"][2]["token"] is None  # hot seat: the invite stays unopened
    hs = out["hotseat_url"].split("hotseat=")[1]
    v = state(client, gid, hs)
    assert v["view"]["config"]["epic"] is True and v["view"]["config"]["automa"] is True
    # the hot-seat page plays both humans through the map building and into round 1's turns
    for _ in range(40):
        v = state(client, gid, hs)
        assert v["decision"]["seat"] in (0, 1)
        # every message fits the table's contract, and the base map building is offered in words
        ViewMessage.model_validate(v)
        for c in v["decision"]["choices"]:
            assert c["label"] and "_" not in c["label"], c
        r = client.post(f"/api/games/{gid}/actions",
                        json={"token": hs, "version": v["version"], "action": v["decision"]["options"][0]})
        assert r.status_code == 200, r.text
    # the Automated Player's seat is nobody's to hand over or to set a webhook for
    tok = out["seats"][0]["token"]
    assert client.post(f"/api/games/{gid}/seats/2/bot", json={"token": tok}).status_code in (400, 403)
    assert client.post(f"/api/games/{gid}/seats/2/webhook",
                       json={"token": tok, "url": "https://example.com/x"}).status_code in (400, 403)


def test_content_of_a_game_is_its_rulesets(client: TestClient) -> None:
    base = create(client, [{"kind": "human"}, {"kind": "ap"}], seed=1, ruleset="base")["game_id"]
    ti = create(client, [{"kind": "human"}, {"kind": "bot"}], seed=1)["game_id"]
    slots = {gid: client.get("/api/content", params={"game": gid}).json()["ruleset"]["row_slots"]
             for gid in (base, ti)}
    assert len(slots[base]) == 5 and len(slots[ti]) == 6
    assert client.get("/api/content", params={"ruleset": "chess"}).status_code == 400
    assert client.get("/api/content", params={"game": "000000000000"}).status_code == 404


def test_a_rematch_as_the_table_asks_for_it_keeps_the_ruleset_options_and_the_ap(client: TestClient) -> None:
    out = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "ap"}], seed=4,
                 ruleset="base", map="first_game")
    v = state(client, out["game_id"], out["seats"][0]["token"])
    cfg = v["view"]["config"]
    # the body table.js's rematch() sends, built from the view message
    body = {"seats": [{"kind": s["kind"], "bot": s["bot"]} if s["kind"] == "bot" else {"kind": s["kind"]}
                      for s in v["seats"]],
            "leaders": [p["leader"] for p in v["view"]["players"]], "max_rounds": None, "hotseat": False,
            "ruleset": cfg["ruleset"], "map": cfg.get("map"), "epic": cfg.get("epic")}
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    again = state(client, r.json()["game_id"])
    assert {k: again["view"]["config"][k] for k in ("ruleset", "map", "epic", "automa")} == \
        {"ruleset": "base", "map": "first_game", "epic": False, "automa": True}
    assert [p["leader"] for p in again["view"]["players"]] == body["leaders"]


def test_the_automated_players_turns_are_turns_of_their_own_in_the_log_and_summaries(tmp_path: Path) -> None:
    """The AP plays inside a person's action (the engine runs its turn): its turns were folded
    into that person's log entry, under their name and colour, and no summary told them."""
    from newdawn.describe.follow import starts_turn, summaries

    games = GameManager(Store(f"sqlite:///{tmp_path / 'g.db'}"), bot_seed=3)
    gid = Lobby(games).create({"seats": [{"kind": "bot", "bot": "greedy"}, {"kind": "ap"}], "seed": 11,
                               "ruleset": "base", "max_rounds": 4})["game_id"]
    g = games.get(gid)
    for _ in range(60):
        BotTurns(games).bot_step(gid)
    log = g.log_entries()
    ap_groups = [x for x in log if x["seat"] == 1]
    assert len(ap_groups) >= 3
    for x in ap_groups:
        head = x["entries"][0]
        assert head["seat"] == 1 and head["card"] and head["kind"] == "action"
        assert all(e["seat"] in (1, None) for e in x["entries"])
        assert x["part"] >= 1  # a part of the person's action number (its replay step)
    for x in log:
        if x["seat"] == 0:
            assert not any(e["seat"] == 1 and e.get("card") for e in x["entries"])
    ViewMessage.model_validate(view_of(games, gid))
    # when Seat 1 chooses its card, the AP's turn since its last is told
    turns = [k for k, x in enumerate(log) if x["seat"] == 0 and starts_turn(x)]
    assert any(s["seat"] == 1 and s["card"] for s in summaries(log[:turns[-1]], 0, g.state))


def view_of(games: GameManager, gid: str) -> dict[str, Any]:
    from newdawn.server.views import view_message

    g = games.get(gid)
    return view_message(gid, g.version, g.state, 0, frozenset({0}), g.log_entries(), g.seat_list())
