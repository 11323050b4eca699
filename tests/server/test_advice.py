"""What players see of the game's prospects (issue 38, part 5): each seat's chance of winning in
the view message, the hint of a practice game and the chart of chances by round."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from newdawn.bots import win_chances
from newdawn.engine import GameState, apply, determinize, legal_actions, new_game, player_view, replay
from newdawn.engine.view import state_from_view
from newdawn.server import create_app
from newdawn.server.chances import insight_json
from newdawn.server.schema import Chart, Hint, ViewMessage

from .conftest import create, state, wait_for


@pytest.fixture
def threads_client(tmp_path: Path) -> Iterator[TestClient]:
    """Bots (and the hint's Hard) think in threads of the test's server, not spawned processes."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0, bot_seed=1, bot_workers=0)) as c:
        yield c


def _played(seed: int, actions: int, players: int = 3) -> GameState:
    st = new_game({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if st.winner != -1:
            break
        st = apply(st, rng.choice(legal_actions(st)))
    return st


def _seats(kinds: list[str]) -> list[dict[str, object]]:
    return [{"seat": i, "kind": k} for i, k in enumerate(kinds)]


@pytest.mark.parametrize("seed", [3, 11])
def test_the_chances_a_viewer_gets_do_not_change_when_hidden_facts_are_resampled(seed: int) -> None:
    st = _played(seed, 150 + 40 * seed)
    seats = _seats(["human", "bot", "bot"])
    for viewer in (0, 1, -1):
        real = insight_json(st, viewer, seats)
        for k in range(3):
            other = determinize(st, viewer, 1000 + k) if k % 2 == 0 else state_from_view(player_view(st, viewer), 77 + k)
            assert (other.stack, other.rng) != (st.stack, st.rng) or not st.stack  # something was re-sampled
            again = insight_json(other, viewer, seats)
            assert again == real, (viewer, k)
        assert abs(sum(s["chance"] for s in real["chances"]["seats"]) - 1) < 1e-9
        # the same numbers as the bots' evaluation of the viewer's own view, for every viewer
        from_view = win_chances(player_view(st, viewer))
        assert [s["chance"] for s in real["chances"]["seats"]] == pytest.approx([from_view[s] for s in range(st.n)])
        # the bar is on by default and the hint offered only to the one person against bots
        assert real["against_bots"] is (viewer == 0) and real["hint"] is (viewer == 0)
        assert "not a promise" in real["chances"]["note"]


def test_every_view_carries_the_chances_and_only_a_practice_game_offers_a_hint(threads_client: TestClient) -> None:
    c = threads_client
    g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], seed=21)
    gid, tok = g["game_id"], g["seats"][0]["token"]
    mine = ViewMessage.model_validate(state(c, gid, tok))
    assert mine.insight is not None and mine.insight.against_bots and mine.insight.hint
    assert [s.seat for s in mine.insight.chances.seats] == [0, 1]
    assert mine.insight.chances.seats[1].text.startswith("Seat 2")
    watcher = ViewMessage.model_validate(state(c, gid))
    assert watcher.insight is not None and not watcher.insight.against_bots and not watcher.insight.hint
    assert "a spectator" in watcher.insight.chances.note
    r = c.post(f"/api/games/{gid}/hint", json={"version": mine.version})
    assert r.status_code == 403  # a spectator gets no hint
    two = create(c, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "easy"}], seed=22)
    v = state(c, two["game_id"], two["seats"][0]["token"])
    assert v["insight"]["against_bots"] is False and v["insight"]["hint"] is False
    r = c.post(f"/api/games/{two['game_id']}/hint", json={"token": two["seats"][0]["token"], "version": v["version"]})
    assert r.status_code == 403 and "practice game" in r.json()["error"]


def test_a_hint_says_what_hard_would_choose_and_plays_nothing(threads_client: TestClient) -> None:
    c = threads_client
    g = create(c, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], seed=23)
    gid, tok = g["game_id"], g["seats"][0]["token"]
    v = wait_for(c, gid, tok, lambda v: v["decision"]["seat"] == 0 and len(v["decision"]["options"]) > 1)
    r = c.post(f"/api/games/{gid}/hint", json={"token": tok, "version": v["version"]})
    assert r.status_code == 200, r.text
    hint = Hint.model_validate(r.json())
    choice = next(o for o in v["decision"]["choices"] if o["action"] == hint.action)
    assert hint.label == choice["label"] and hint.text.startswith("Hard would choose: " + choice["label"])
    assert hint.version == v["version"]
    after = state(c, gid, tok)
    assert after["version"] == v["version"] and len(after["log"]) == len(v["log"])  # nothing was played
    again = c.post(f"/api/games/{gid}/hint", json={"token": tok, "version": v["version"]})
    assert again.json() == r.json()  # kept for this version
    stale = c.post(f"/api/games/{gid}/hint", json={"token": tok, "version": v["version"] - 1})
    assert stale.status_code == 409


def test_the_chart_has_a_point_per_round_from_the_public_view(threads_client: TestClient) -> None:
    c = threads_client
    g = create(c, [{"kind": "bot", "bot": "random"}] * 2, seed=24, max_rounds=3)
    gid = g["game_id"]
    end = wait_for(c, gid, None, lambda v: v["end"] is not None, timeout=120)
    r = c.get(f"/api/games/{gid}/chart")
    assert r.status_code == 200, r.text
    chart = Chart.model_validate(r.json())
    live = c.app.state.games.get(gid)  # type: ignore[attr-defined]
    states = replay({"config": live.rec.config, "seed": live.rec.seed, "actions": [a for _, a in live.rec.actions]})
    starts = [0] + [i for i in range(1, len(states)) if states[i].round != states[i - 1].round and states[i].winner == -1]
    assert [p.step for p in chart.points] == starts + [len(states) - 1]
    assert [p.round for p in chart.points[:-1]] == [1, 2, 3]
    for p in chart.points:
        public = win_chances(player_view(states[p.step], -1))
        assert p.chances == pytest.approx([public[s] for s in range(2)])
        assert sum(p.chances) == pytest.approx(1)
    winner = end["end"]["winner"]
    if winner >= 0:
        assert chart.points[-1].chances[winner] == 1
    assert chart.seats[0].startswith("Seat 1") and "public position" in chart.note and chart.last == "end"
    assert c.get(f"/api/games/{gid}/chart").json() == r.json()  # kept, and the same
