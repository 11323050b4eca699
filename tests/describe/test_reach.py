"""One-gesture moves: every listed destination is reached by sending its steps in order."""

from __future__ import annotations

from newdawn.describe.reach import reach
from newdawn.engine import apply, legal_actions
from newdawn.engine.actions import parse_action

from .conftest import Game


def test_each_destination_is_reached_by_its_legal_steps(games: list[Game]) -> None:
    checked = far = fights = 0
    for g in games:
        for st in g.states[::7]:
            rs = reach(st)
            if st.winner != -1 or st.stack_frames[-1]["kind"] not in ("army_step", "caravan_step"):
                assert rs is None
                continue
            assert rs is not None
            f = st.stack_frames[-1]
            piece = "armies" if f["kind"] == "army_step" else "caravans"
            near = {st.board.index[tuple(map(int, a.arg.split(",")))] for a in legal_actions(st) if a.verb == "to"}
            assert near <= {r["dst"] for r in rs}
            for r in rs:
                cur = st
                for text in r["steps"]:
                    assert parse_action(text) in legal_actions(cur)
                    cur = apply(cur, text)
                if r["warning"]:
                    fights += 1
                    continue
                assert getattr(cur.players[f["seat"]], piece)[f["figure"]] == r["dst"]
                far += len(r["steps"]) > 1
            checked += 1
    assert checked > 20 and far > 20 and fights > 0
