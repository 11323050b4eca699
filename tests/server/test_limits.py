"""Issue 28, item 2: bot budgets are bounded, thinking bots run in their own processes, and one
client cannot create games without end."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from newdawn.server import create_app
from newdawn.server.botpool import MAX_ITERATIONS, MAX_SECONDS, bounded_spec

from .conftest import act, create, state

HUMAN = {"kind": "human"}


@pytest.mark.parametrize("spec", ["mcts:1000000000i", "mcts:10s", "mcts:2001i", "mcts:2.5s", "mcts:" + "9" * 100])
def test_an_unbounded_bot_is_refused_with_a_short_message(client: TestClient, spec: str) -> None:
    r = client.post("/api/games", json={"seats": [HUMAN, {"kind": "bot", "bot": spec}]})
    assert r.status_code == 400
    msg = r.json()["error"]
    assert len(msg) < 200 and "9" * 41 not in msg
    assert "budget" in msg or "short text" in msg
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("spec", [f"mcts:{MAX_SECONDS:g}s", f"mcts:{MAX_ITERATIONS}i", "mcts:250ms", "greedy", "random"])
def test_budgets_within_the_bounds_are_accepted(client: TestClient, spec: str) -> None:
    r = client.post("/api/games", json={"seats": [HUMAN, {"kind": "bot", "bot": spec}]})
    assert r.status_code == 200, r.text


def test_a_stored_unbounded_bot_is_clamped_when_its_game_is_loaded() -> None:
    assert bounded_spec("mcts:1000000000i") == f"mcts:{MAX_ITERATIONS}i"
    assert bounded_spec("mcts:3600s") == f"mcts:{MAX_SECONDS:g}s"
    assert bounded_spec("mcts:1s") == "mcts:1s"


def test_game_creation_is_limited_per_client(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0, create_limit=(3, 60.0))
    with TestClient(app) as c:
        for _ in range(3):
            assert c.post("/api/games", json={"seats": [HUMAN, HUMAN]}).status_code == 200
        r = c.post("/api/games", json={"seats": [HUMAN, HUMAN]})
        assert r.status_code == 429 and "too many new games" in r.json()["error"]
        assert len(c.get("/api/games").json()["games"]) == 3
        # other requests are not limited
        gid = c.get("/api/games").json()["games"][0]["game_id"]
        assert c.get(f"/api/games/{gid}/state").status_code == 200


@pytest.fixture
def crowded(tmp_path: Path) -> Iterator[TestClient]:
    """A server with one bot worker process and many games of thinking bots."""
    app = create_app(f"sqlite:///{tmp_path / 'crowd.db'}", bot_delay=0, bot_workers=1, create_limit=None)
    with TestClient(app) as c:
        yield c


LIVELY_S = 3.0
"""A liveness bound, not a speed figure: before the pool, such requests waited for worker
threads that the thinking bots held (for ever with an unbounded budget)."""


def test_many_thinking_bot_games_do_not_block_another_game(crowded: TestClient) -> None:
    c = crowded
    bot = {"kind": "bot", "bot": f"mcts:{MAX_SECONDS:g}s"}
    for _ in range(60):
        assert c.post("/api/games", json={"seats": [bot, bot, bot]}).status_code == 200
    g = create(c, [HUMAN, HUMAN], seed=None)
    gid = g["game_id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    for _ in range(6):
        t0 = time.monotonic()
        v = state(c, gid)
        mine = state(c, gid, tokens[v["decision"]["seat"]])
        r = act(c, gid, tokens[v["decision"]["seat"]], mine["version"], mine["decision"]["options"][0])
        assert r.status_code == 200
        assert time.monotonic() - t0 < LIVELY_S
    assert state(c, gid)["version"] == 6
    # the bots did think meanwhile, in the pool's process
    pool = c.app.state.bot_pool  # type: ignore[attr-defined]
    assert pool.pids()


def test_a_new_bot_level_is_taken_through_the_bots_package_and_its_budget_bounded(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A level the server has never heard of works as soon as ``newdawn.bots`` makes it; its
    budget is read from the bot, not from the spec's text."""
    import newdawn.bots.registry as registry
    from newdawn.bots.mcts import MctsBot

    real_make, real_validate = registry.make_bot, registry.validate_spec

    def make_bot(spec: str, seed: int) -> Any:
        if spec.strip().lower() == "hard":
            return MctsBot(time_s=1.5)
        if spec.strip().lower() == "marathon":
            return MctsBot(time_s=30.0)
        return real_make(spec, seed)

    def validate_spec(spec: str) -> str:
        if spec.strip().lower() in ("hard", "marathon"):
            return spec.strip().lower()
        return real_validate(spec)

    monkeypatch.setattr(registry, "make_bot", make_bot)
    monkeypatch.setattr(registry, "validate_spec", validate_spec)
    import newdawn.bots as bots_pkg
    monkeypatch.setattr(bots_pkg, "make_bot", make_bot)
    r = client.post("/api/games", json={"seats": [HUMAN, {"kind": "bot", "bot": "Hard"}]})
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["bot"] == "hard"
    r = client.post("/api/games", json={"seats": [HUMAN, {"kind": "bot", "bot": "marathon"}]})
    assert r.status_code == 400 and "budget" in r.json()["error"]
