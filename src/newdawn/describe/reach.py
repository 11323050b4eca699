"""Where a moving army or caravan can still go this turn, and the engine's steps to get there.

For one-gesture moves: from a step decision, the legal ``to`` steps are applied to copies of
the state, breadth first, as long as the same piece is still moving; a step that would start
a fight is listed (with its odds) but not taken, so no die is rolled and nothing hidden is
drawn. Each destination keeps the shortest list of steps found.

From the decision that chooses which piece moves (``armies``, ``caravans``), the same search
starts from each piece in turn, through its choice and, for a piece on its card, each city it
may leave from: a destination then names the piece too ("Army 2 goes here"), and one click both
chooses the piece and moves it (a space two pieces reach is listed once for each: the table asks
which). A destination where the piece could only go on moving or stop (no exploring, no other
choice) ends with ``stop``: a click on a space means "go there". The city a piece on its card
may set out from is listed too ("stays in this city": set out, then stop).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..engine import GameState, apply, decision_seat, legal_actions
from .names import pending_frame, plural
from .options import option_record

STEP_KINDS = ("army_step", "caravan_step")
CHOOSE_KINDS = {"armies": "army", "caravans": "caravan"}
"""Decisions that choose which piece moves, with the verb of a piece's choice."""
START_KINDS = ("army_start", "caravan_start")
PIECE = {"army": "Army", "caravan": "Caravan"}


def _same_piece(a: GameState, b: GameState) -> bool:
    if b.winner != -1 or not b.stack_frames:
        return False
    fa, fb = a.stack_frames[-1], b.stack_frames[-1]
    return fb["kind"] == fa["kind"] and fb.get("i") == fa.get("i") and decision_seat(b) == decision_seat(a)


def _only_moves_left(st: GameState) -> bool:
    """The piece may only go on moving or stop: arriving means stopping."""
    verbs = {a.verb for a in legal_actions(st)}
    return "stop" in verbs and verbs <= {"to", "stop"}


def _here(st: GameState) -> int:
    """The space of the piece moving at a step decision."""
    f = st.stack_frames[-1]
    assert f["kind"] == "army_step" or f["kind"] == "caravan_step"  # STEP_KINDS, checked by the callers
    ps = st.players[f["seat"]]
    return (ps.armies if f["kind"] == "army_step" else ps.caravans)[f["figure"]]


def _walk(st: GameState, prefix: list[str], out: dict[int, dict[str, Any]], budget: list[int],
          label: str) -> None:
    """The step search from ``st`` (a step decision), its destinations added to ``out``."""
    queue: deque[tuple[GameState, list[str]]] = deque([(st, prefix)])
    here = _here(st)
    while queue and budget[0] > 0:
        cur, path = queue.popleft()
        f = cur.stack_frames[-1]
        for a in legal_actions(cur):
            if a.verb != "to":
                continue
            r = option_record(cur, f, a)
            if r.dst is None or r.dst in out or r.dst == here:
                continue
            steps = [*path, str(a)]
            moves = len(steps) - len(prefix)
            words = f"{label} goes here ({plural(moves, 'space')})" if label else f"Go here ({plural(moves, 'space')})"
            rec = {"dst": r.dst, "steps": steps, "warning": r.warning, "hint": r.hint, "label": words}
            out[r.dst] = rec
            if r.warning:  # a fight: listed, not entered
                continue
            nxt = apply(cur, a)
            budget[0] -= 1
            if _same_piece(cur, nxt):
                if _only_moves_left(nxt):
                    rec["steps"] = [*steps, "stop"]
                queue.append((nxt, steps))


def reach(st: GameState, limit: int = 400) -> list[dict[str, Any]] | None:
    """``[{dst, steps, warning, hint, label}]`` for a step decision or a decision choosing which
    piece moves (None for other decisions): every space a piece can reach by legal steps this
    turn, the first step first; ``label`` the destination's words."""
    pending = pending_frame(st)
    if pending is None or (pending["kind"] not in STEP_KINDS and pending["kind"] not in CHOOSE_KINDS):
        return None
    out: dict[int, dict[str, Any]] = {}
    budget = [limit]
    if pending["kind"] in STEP_KINDS:
        _walk(st, [], out, budget, "")
        return [v for _, v in sorted(out.items())]
    verb = CHOOSE_KINDS[pending["kind"]]
    found: list[dict[str, Any]] = []
    for choice in legal_actions(st):
        if choice.verb != verb or budget[0] <= 0:
            continue
        label = f"{PIECE[verb]} {choice.n + 1}"
        chosen = apply(st, choice)
        budget[0] -= 1
        f = pending_frame(chosen)
        if f is None or decision_seat(chosen) != decision_seat(st):
            continue
        mine: dict[int, dict[str, Any]] = {}
        if f["kind"] in STEP_KINDS:
            _walk(chosen, [str(choice)], mine, budget, label)
        elif f["kind"] in START_KINDS:
            for start in legal_actions(chosen):
                if budget[0] <= 0:
                    break
                begun = apply(chosen, start)
                budget[0] -= 1
                g = pending_frame(begun)
                if g is not None and g["kind"] in STEP_KINDS and decision_seat(begun) == decision_seat(st):
                    _walk(begun, [str(choice), str(start)], mine, budget, label)
                    city = _here(begun)
                    if city not in mine and "stop" in {a.verb for a in legal_actions(begun)}:
                        mine[city] = {"dst": city, "steps": [str(choice), str(start), "stop"], "warning": None,
                                      "hint": None, "label": f"{label} stays in this city"}
        found += mine.values()
    return sorted(found, key=lambda r: r["dst"])
