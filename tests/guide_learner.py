"""A scripted learner for the guided game's tests: the next action of the learner's that heads
for a guide step's goal (``describe.guide.GOALS``), found by playing the learner's own turn ahead
on the engine (the dice are in the state, so what it finds is what will happen).

Used by tests/server/test_guide.py (through the API) and tests/browser/test_guide.py (through
the table's controls): both play the guide to its end the way its words ask."""

from __future__ import annotations

from newdawn.describe.guide import goal_done
from newdawn.engine import GameState, apply, decision_seat, legal_actions
from newdawn.engine.state import content_for

CARD_FOR = {"resolve": "culture", "spread": "culture", "attack": "military", "wonder": "industry"}
"""The focus card the guide's words point the learner to, per goal."""


def _gain(st: GameState, nxt: GameState, seat: int) -> int:
    """Resources and trade tokens the action gave ``seat`` (the guide asks for both)."""
    p, q = st.players[seat], nxt.players[seat]
    return sum(q.resources.values()) - sum(p.resources.values()) + q.trade.get("industry", 0) - p.trade.get("industry", 0)


def _path(st: GameState, seat: int, goal: str, depth: int, budget: list[int]) -> list[str] | None:
    """Actions of ``seat``'s from ``st`` (within its turn) that end with the goal's event."""
    if depth == 0 or budget[0] <= 0 or decision_seat(st) != seat or st.winner != -1:
        return None
    steps = []
    for a in legal_actions(st):
        nxt = apply(st, a)
        budget[0] -= 1
        steps.append((-_gain(st, nxt, seat), str(a), nxt))
    steps.sort(key=lambda x: x[0])  # what gains a resource or a trade token first (stable)
    for _, text, nxt in steps:
        if text == "back" or text.startswith("focus ") and text != f"focus {CARD_FOR[goal]}":
            continue
        if any(goal_done(goal, e, seat) for e in nxt.events):
            return [text]
        rest = _path(nxt, seat, goal, depth - 1, budget)
        if rest is not None:
            return [text, *rest]
    return None


def next_action(st: GameState, seat: int, goal: str | None) -> str:
    """The learner's next action: on the way to ``goal`` when this turn can reach it; otherwise a
    turn that lets the goal's card grow (the rightmost other card), then the first option that
    gains something, else the first option."""
    if goal is not None:
        path = _path(st, seat, goal, 10, [4000])
        if path:
            return path[0]
    options = [str(a) for a in legal_actions(st)]
    focus = [o for o in options if o.startswith("focus ")]
    if focus:
        c = content_for(st)
        want = CARD_FOR.get(goal or "", "")
        row = [c.focus_cards[cid].type for cid in st.players[seat].row]
        for t in reversed(row):
            if t != want and f"focus {t}" in focus:
                return f"focus {t}"
    best = max(legal_actions(st), key=lambda a: _gain(st, apply(st, a), seat))
    return str(best)
