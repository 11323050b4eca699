"""One-gesture moves: every listed destination is reached by sending its steps in order, from a
step decision and from the choice of which army or caravan moves (one click chooses the piece
and moves it); a move that leaves nothing to do but go on or stop ends there."""

from __future__ import annotations

from newdawn.describe.reach import reach
from newdawn.engine import apply, legal_actions
from newdawn.engine.actions import parse_action

from .conftest import Game


def test_each_destination_is_reached_by_its_legal_steps(games: list[Game]) -> None:
    checked = far = fights = chosen = stopped = 0
    for g in games:
        for st in g.states[::7]:
            rs = reach(st)
            kind = st.stack_frames[-1]["kind"] if st.winner == -1 and st.stack_frames else ""
            if kind not in ("army_step", "caravan_step", "armies", "caravans"):
                assert rs is None
                continue
            assert rs is not None
            seat = st.stack_frames[-1]["seat"]
            if kind in ("army_step", "caravan_step"):
                near = {st.board.index[tuple(map(int, a.arg.split(",")))] for a in legal_actions(st) if a.verb == "to"}
                assert near <= {r["dst"] for r in rs}
            for r in rs:
                assert r["label"].endswith(("space)", "spaces)", "stays in this city")), r["label"]
                cur = st
                for text in r["steps"]:
                    assert parse_action(text) in legal_actions(cur)
                    cur = apply(cur, text)
                if r["warning"]:
                    fights += 1
                    continue
                verb, _, figure = r["steps"][0].partition(" ")
                if kind in ("armies", "caravans"):
                    chosen += 1
                    assert r["label"].startswith(("Army ", "Caravan "))
                    piece = "armies" if verb == "army" else "caravans"
                    fig = int(figure)
                else:
                    f = st.stack_frames[-1]
                    piece = "armies" if kind == "army_step" else "caravans"
                    fig = f["figure"]
                assert getattr(cur.players[seat], piece)[fig] == r["dst"]
                if r["steps"][-1] == "stop":
                    stopped += 1
                    assert cur.winner != -1 or cur.stack_frames[-1]["kind"] not in ("army_step", "caravan_step") \
                        or cur.stack_frames[-1].get("figure") != fig
                far += sum(x.startswith("to ") for x in r["steps"]) > 1
            checked += 1
    assert checked > 20 and far > 20 and fights > 0 and chosen > 20 and stopped > 0
