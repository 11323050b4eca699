"""Where a moving army or caravan can still go this turn, and the engine's steps to get there.

For one-gesture moves: from a step decision, the legal ``to`` steps are applied to copies of
the state, breadth first, as long as the same piece is still moving; a step that would start
a fight is listed (with its odds) but not taken, so no die is rolled and nothing hidden is
drawn. Each destination keeps the shortest list of steps found.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..engine import apply, decision_seat, legal_actions
from ..engine.state import GameState
from .names import pending_frame
from .options import option_record

STEP_KINDS = ("army_step", "caravan_step")


def _same_piece(a: GameState, b: GameState) -> bool:
    if b.winner != -1 or not b.stack_frames:
        return False
    fa, fb = a.stack_frames[-1], b.stack_frames[-1]
    return fb["kind"] == fa["kind"] and fb.get("i") == fa.get("i") and decision_seat(b) == decision_seat(a)


def reach(st: GameState, limit: int = 400) -> list[dict[str, Any]] | None:
    """``[{dst, steps, warning, hint}]`` for a step decision (None for other decisions):
    every space the piece can reach by legal steps this turn, the first step first."""
    pending = pending_frame(st)
    if pending is None or pending["kind"] not in STEP_KINDS:
        return None
    out: dict[int, dict[str, Any]] = {}
    queue: deque[tuple[GameState, list[str]]] = deque([(st, [])])
    applied = 0
    while queue and applied < limit:
        cur, path = queue.popleft()
        f = cur.stack_frames[-1]
        for a in legal_actions(cur):
            if a.verb != "to":
                continue
            r = option_record(cur, f, a)
            if r.dst is None or r.dst in out:
                continue
            steps = [*path, str(a)]
            out[r.dst] = {"dst": r.dst, "steps": steps, "warning": r.warning, "hint": r.hint}
            if r.warning:  # a fight: listed, not entered
                continue
            nxt = apply(cur, a)
            applied += 1
            if _same_piece(cur, nxt):
                queue.append((nxt, steps))
    f0 = st.stack_frames[-1]
    assert f0["kind"] == "army_step" or f0["kind"] == "caravan_step"  # STEP_KINDS, checked on entry
    ps = st.players[f0["seat"]]
    here = (ps.armies if f0["kind"] == "army_step" else ps.caravans)[f0["figure"]]
    return [v for k, v in sorted(out.items()) if k != here]
