"""Issue 28, item 1: nobody can learn a game's future from what they see, and a seat's token is
known to its player alone.

The seed test is an attempt at the attack that worked before: a spectator reads the public
setup and searches seeds for one that deals the same table. For a practice game (a person typed a
small seed) the search finds the seed and with it the hidden tile stack and every die to come;
for a game whose seed the server drew (128 secret bits behind a keyed generator) the same search
finds nothing.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from newdawn.content import load_content
from newdawn.engine import new_game, rng

from .conftest import act, claim_invite, create, state

SEARCH = range(2**14)
"""Seeds the attacker tries (a person's typed seed is usually this small)."""
PRACTICE_SEED = 9001


def _public_setup(v: dict[str, Any]) -> tuple[Any, ...]:
    """What the spectator's first view shows of the setup: leaders, core tiles, first player,
    the capital tiles dealt (named in the pending setup decisions)."""
    view = v["view"]
    frames = sorted((f["seat"], f["tile"]) for f in view["stack_frames"] if f.get("kind") == "setup_capital")
    return (tuple(p["leader"] for p in view["players"]), json.dumps(view["placements"]), view["first"],
            tuple(frames))


def _setup_of(st: Any) -> tuple[Any, ...]:
    frames = sorted((f["seat"], f["tile"]) for f in st.stack_frames if f.get("kind") == "setup_capital")
    placements = json.loads(json.dumps(st.to_json()["placements"]))
    return (tuple(p.leader for p in st.players), json.dumps(placements), st.first, tuple(frames))


def recover_seeds(v: dict[str, Any]) -> list[int]:
    """The spectator's attack: every seed of ``SEARCH`` that deals the table seen in ``v``.
    Leaders are drawn first, so a cheap shuffle screens the seeds; a full setup confirms."""
    cfg = {k: x for k, x in v["view"]["config"].items()}
    leaders = sorted(load_content(cfg["ruleset"]).leaders)
    n = cfg["players"]
    want_leaders = [p["leader"] for p in v["view"]["players"]]
    want = _public_setup(v)
    found = []
    for seed in SEARCH:
        pool = leaders[:]
        rng.shuffled(rng.new_state(seed, cfg["generator"]), pool)
        if pool[:n] != want_leaders:
            continue
        if _setup_of(new_game(cfg, seed)) == want:
            found.append(seed)
    return found


def _spectator_sees(client: TestClient, gid: str) -> dict[str, Any]:
    v = state(client, gid)
    assert "seed" not in v["view"]["config"]
    return v


def test_a_practice_seed_is_recovered_from_the_spectator_view_and_predicts_the_future(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=PRACTICE_SEED)
    gid = g["game_id"]
    v = _spectator_sees(client, gid)
    assert v["practice"] is True and "seed" in v["practice_note"]
    assert recover_seeds(v) == [PRACTICE_SEED]
    # With the seed the attacker knows the hidden tile stack and generator of the live game.
    predicted = new_game(v["view"]["config"], PRACTICE_SEED)
    real = client.app.state.games.get(gid).state  # type: ignore[attr-defined]
    assert predicted.stack == real.stack and predicted.rng == real.rng


def test_the_same_search_finds_nothing_for_a_game_the_server_seeded(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=None)
    gid = g["game_id"]
    v = _spectator_sees(client, gid)
    assert v["practice"] is False and v["practice_note"] is None
    assert v["view"]["config"]["generator"] == "blake2b"
    assert recover_seeds(v) == []
    listed = {x["game_id"]: x for x in client.get("/api/games").json()["games"]}
    assert listed[gid]["practice"] is False


def test_an_old_short_seed_would_have_been_found() -> None:
    """The attack on the old generator works too (why games of format 1 are practice games):
    a seed below 2**14 under SplitMix64 is found from its public setup."""
    cfg = {"players": 3, "generator": "splitmix64"}
    st = new_game(cfg, 4321)
    view = {"view": {"config": {k: x for k, x in st.config.items() if k != "seed"},
                     "players": [{"leader": p.leader} for p in st.players],
                     "placements": json.loads(json.dumps(st.to_json()["placements"])),
                     "first": st.first, "stack_frames": st.stack_frames}}
    assert recover_seeds(view) == [4321]


SECRET_SEED = 2**127 + 987654321987654321
"""A typed seed whose decimal digits cannot appear in a message by chance."""


def _every_text(client: TestClient, gid: str, tokens: list[str]) -> list[str]:
    """The text of every answer a seat or spectator can get about the game."""
    texts = [client.get("/api/games").text, client.get(f"/api/games/{gid}/replay", params={"step": 0}).text,
             client.get(f"/api/games/{gid}/replay", params={"step": 1}).text,
             client.get(f"/api/games/{gid}/state").text]
    for tok in tokens:
        texts.append(client.get(f"/api/games/{gid}/state", params={"token": tok}).text)
        with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
            texts.append(json.dumps(ws.receive_json()))
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        texts.append(json.dumps(ws.receive_json()))
    return texts


def test_the_seed_is_in_no_answer_while_the_game_runs(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "seed": SECRET_SEED})
    assert r.status_code == 200
    g = r.json()
    gid = g["game_id"]
    claimed = claim_invite(client, gid, g["seats"][1]["invite_url"])
    t0 = g["seats"][0]["token"]
    v = state(client, gid, t0)
    assert act(client, gid, t0, v["version"], v["decision"]["options"][0]).status_code == 200
    texts = [r.text, json.dumps(claimed), *_every_text(client, gid, [t0, claimed["token"]])]
    assert client.app.state.store.load_game(gid).seed == SECRET_SEED  # type: ignore[attr-defined]
    for digits in (str(SECRET_SEED), hex(SECRET_SEED)[2:], str(SECRET_SEED)[:12]):
        assert not any(digits in t for t in texts)
    # A game the server seeded: its stored 128-bit seed shows nowhere either.
    g2 = create(client, [{"kind": "human"}, {"kind": "human"}], seed=None)
    seed2 = client.app.state.store.load_game(g2["game_id"]).seed  # type: ignore[attr-defined]
    assert seed2.bit_length() > 64
    texts2 = _every_text(client, g2["game_id"], [s["token"] for s in g2["seats"]])
    assert not any(str(seed2) in t for t in texts2)


def test_seeds_past_128_bits_or_negative_are_refused(client: TestClient) -> None:
    for bad in (2**128, -1, "12", 1.5):
        r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "seed": bad})
        assert r.status_code == 400, bad
        assert "seed" in r.json()["error"]
    assert client.get("/api/games").json()["games"] == []


# ---------------------------------------------------------------- invites


def test_the_creator_gets_only_their_own_token_and_an_invite_for_each_other_human(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}], claim=False)
    gid = g["game_id"]
    mine, bot, other = g["seats"]
    assert mine["token"] and mine["invite_url"] is None
    assert bot["token"] is None and bot["invite_url"] is None
    assert other["token"] is None and other["url"] is None and "invite=" in other["invite_url"]
    # The creator cannot act for the invited seat: its decision refuses the creator's token.
    v = state(client, gid)
    while v["decision"]["seat"] != 2:
        seat = v["decision"]["seat"]
        if seat == 0:
            mv = state(client, gid, mine["token"])
            assert act(client, gid, mine["token"], mv["version"], mv["decision"]["options"][0]).status_code == 200
        v = state(client, gid)
    mv = state(client, gid, mine["token"])
    assert mv["decision"]["options"] == []
    assert act(client, gid, mine["token"], v["version"], "fort 0,0").status_code == 403
    # The invited player opens the link: the seat's token is theirs and the invite is spent.
    got = claim_invite(client, gid, other["invite_url"])
    assert got["seat"] == 2 and got["token"] != mine["token"]
    code = other["invite_url"].split("invite=", 1)[1]
    again = client.post(f"/api/games/{gid}/claim", json={"invite": code})
    assert again.status_code == 404
    ov = state(client, gid, got["token"])
    assert ov["seat"] == 2 and ov["decision"]["options"]
    assert act(client, gid, got["token"], ov["version"], ov["decision"]["options"][0]).status_code == 200
    # Nobody else ever sees the new token.
    assert got["token"] not in client.get("/api/games").text
    assert got["token"] not in json.dumps(state(client, gid, mine["token"]))


def test_a_bad_invite_is_refused(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "human"}], claim=False)
    gid = g["game_id"]
    for bad in ("nope", "", 5, None):
        r = client.post(f"/api/games/{gid}/claim", json={"invite": bad})
        assert r.status_code in (400, 404), bad
    # The real invite still works afterwards.
    assert claim_invite(client, gid, g["seats"][1]["invite_url"])["seat"] == 1


def test_hot_seat_still_acts_for_every_human(client: TestClient) -> None:
    g = create(client, [{"kind": "human"}, {"kind": "human"}], claim=False, hotseat=True)
    hs = g["hotseat_url"].split("hotseat=", 1)[1]
    gid = g["game_id"]
    for _ in range(2):
        v = state(client, gid, hs)
        assert v["decision"]["options"]
        assert act(client, gid, hs, v["version"], v["decision"]["options"][0]).status_code == 200
    assert state(client, gid)["version"] == 2
