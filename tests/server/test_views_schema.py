"""Every view message of real games validates against the Pydantic models of the contract."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pydantic", reason="the schema tests need the 'server' extra")

from newdawn.bots.random_bot import RandomBot  # noqa: E402
from newdawn.describe import action_entries, setup_entries  # noqa: E402
from newdawn.engine import GameState, apply, decision_seat, legal_actions, new_game  # noqa: E402
from newdawn.server.schema import ViewMessage, message_json_schema  # noqa: E402
from newdawn.server.views import view_message  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def play(players: int, seed: int, max_rounds: int) -> list[tuple[GameState, list[dict[str, Any]]]]:
    """(state, log groups up to it) for every state of a random game."""
    st = new_game({"players": players, "max_rounds": max_rounds}, seed)
    bot = RandomBot(random.Random(seed))
    groups = [{"n": 0, "seat": -1, "action": "setup", "events": list(st.events), "entries": setup_entries(st)}]
    out = [(st, list(groups))]
    while st.winner == -1:
        seat = decision_seat(st)
        a = str(bot.choose(None, legal_actions(st)))
        nxt = apply(st, a)
        n = len(groups)
        groups.append({"n": n, "seat": seat, "action": a, "events": list(nxt.events),
                       "entries": action_entries(st, seat, a, nxt, n)})
        st = nxt
        out.append((st, list(groups)))
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 11), (4, 5)])
def test_every_message_of_a_random_game_matches_the_schema(players: int, seed: int) -> None:
    steps = play(players, seed, max_rounds=12)
    assert steps[-1][0].winner != -1
    kinds: set[str] = set()
    for k, (st, groups) in enumerate(steps):
        owner = decision_seat(st)
        acting = frozenset({owner}) if owner >= 0 else frozenset()
        msg = view_message("g", k, st, max(owner, 0), acting, groups[-3:], [], history=groups,
                           undo=(False, "not here"))
        # The message is JSON (no tuples or objects the browser could not read) and valid.
        msg = json.loads(json.dumps(msg))
        ViewMessage.model_validate(msg)
        assert [c["action"] for c in msg["decision"]["choices"]] == [str(a) for a in legal_actions(st)]
        for c in msg["decision"]["choices"]:
            kinds.add(c["kind"])
            assert c["label"] and "_" not in c["label"], c
        if k % 7 == 0:  # a spectator's message too
            ViewMessage.model_validate(view_message("g", k, st, -1, frozenset(), [], [], history=groups))
    assert {"focus", "space", "move", "skip"} <= kinds


def test_example_message_in_the_docs_is_valid() -> None:
    path = ROOT / "docs" / "examples" / "view-message.json"
    ViewMessage.model_validate(json.loads(path.read_text()))


def test_json_schema_names_every_part_of_the_message() -> None:
    props = message_json_schema()["properties"]
    for key in ("decision", "log", "goal", "turn", "wonders", "combat", "production", "summaries", "touched",
                "undo", "end"):
        assert key in props
