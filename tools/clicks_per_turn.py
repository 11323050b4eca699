"""Clicks per turn in a scripted game (issue 39 §4), counted with the browser table's rules.

Seat 1 (the "person") and Seat 2 are greedy bots; the game is fixed by its seed. At each of
the person's decisions the table's clicks are counted from the view the server sends, as the
table (``static/table.js``) uses it:

- 0 when the view carries ``auto_action`` (the table sends it itself: a lone option undo could
  take back, or a card's commitment with no trade token to spend);
- a focus card or any other button: 1;
- a space on the map: 1, or 2 when several options share that space (a menu opens there) or
  when the decision moves one of several pieces (the piece, then its destination);
- one more for an option that warns (a fight: the menu asks to confirm).

A piece's move (an army's or a caravan's, from the choice of the piece, or from its first step,
to its last step or ``stop``) is counted as one gesture when the table offers its destination
(``decision.reach``, ``describe/reach.py``): one click on the space (two when a menu there asks
which piece, or asks to confirm a fight), and one more for ``stop`` when the gesture's steps do
not end the move themselves. A destination the table does not offer at the move's start is
counted decision by decision as above. ``army_moves`` reports the clicks of each army's move.

Turns are the person's focus cards. A step the table takes by itself is the only legal action,
so the game is the same whichever rule a tree follows: run the tool on two trees to compare.

    .venv/bin/python tools/clicks_per_turn.py [--seed 7] [--rounds 12] [--ruleset ti] [--games 3]
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter

from newdawn.bots.greedy import GreedyBot
from newdawn.describe import option_records
from newdawn.describe.names import pending_frame
from newdawn.describe.options import auto_action
from newdawn.describe.reach import reach
from newdawn.engine import GameState, apply, decision_seat, legal_actions, new_game

PERSON = 0
CHOOSE = ("armies", "caravans")
"""Decisions that choose which piece moves."""
START = ("army_start", "caravan_start")
STEP = ("army_step", "caravan_step")


def clicks_of(st: object, chosen: str) -> tuple[int, str]:
    """The table's clicks for choosing ``chosen`` on the person's decision, and its kind."""
    if auto_action(st) is not None:  # type: ignore[arg-type]
        return 0, "auto"
    recs = option_records(st)  # type: ignore[arg-type]
    rec = next(r for r in recs if r["action"] == chosen)
    if rec["kind"] == "focus":
        return 1, "focus"
    extra = 1 if rec.get("warning") else 0
    on_map = rec["kind"] not in ("confirm", "skip", "back", "tokens", "pay") and (rec.get("dst") is not None or rec["spaces"])
    if not on_map:
        return 1 + extra, "button"
    sources = {r.get("src") for r in recs if r.get("src") is not None and r.get("dst") is not None and r["src"] != r["dst"]}
    if len(sources) > 1 and rec.get("src") is not None:
        return 2 + extra, "move"
    if rec.get("group"):
        return 2 + extra, "menu"
    return 1 + extra, "map"


def _kind(st: GameState) -> str:
    f = pending_frame(st)
    return f["kind"] if f is not None else ""


def _move_run(trace: list[tuple[GameState, str]], i: int) -> int:
    """The index of the last action of the move that starts with ``trace[i]``: the person's
    consecutive start and step decisions, up to ``stop`` or the move's end."""
    j = i
    while trace[j][1] != "stop" and j + 1 < len(trace) and _kind(trace[j + 1][0]) in (*START, *STEP) \
            and decision_seat(trace[j + 1][0]) == PERSON:
        j += 1
    return j


def gesture_clicks(trace: list[tuple[GameState, str]], i: int, j: int) -> int:
    """The table's clicks for the move ``trace[i..j]``, as one gesture when it can."""
    st0, first = trace[i]
    tos = [(st, a) for st, a in trace[i:j + 1] if a.startswith("to ")]
    if tos:
        st, a = tos[-1]
        dst = next(r for r in option_records(st) if r["action"] == a)["dst"]
        offered = [r for r in reach(st0) or [] if r["dst"] == dst]
        if offered:
            pick = next((r for r in offered if r["steps"][0] == first), offered[0])
            clicks = 1 if len(offered) == 1 else 2  # a menu there asks which piece
            clicks += 1 if len(offered) == 1 and pick["warning"] else 0  # a fight: confirm
            clicks += 1 if trace[j][1] == "stop" and pick["steps"][-1] != "stop" else 0
            return clicks
    if _kind(st0) in CHOOSE or _kind(st0) in START:  # the piece first, then the move from its first step
        return clicks_of(st0, first)[0] + (gesture_clicks(trace, i + 1, j) if i < j else 0)
    return sum(clicks_of(st, a)[0] for st, a in trace[i:j + 1])


def play(seed: int, rounds: int, ruleset: str) -> dict[str, object]:
    cfg: dict[str, object] = {"players": 2, "max_rounds": rounds}
    if ruleset != "ti":
        cfg["ruleset"] = ruleset
    st = new_game(cfg, seed)
    bots = [GreedyBot(random.Random(seed)), GreedyBot(random.Random(seed + 1))]
    trace: list[tuple[GameState, str]] = []  # the person's decisions, in order, with their action
    seats: list[int] = []
    while st.winner == -1:
        seat = decision_seat(st)
        a = str(bots[seat].choose_in(st, seat, legal_actions(st)))
        trace.append((st, a))
        seats.append(seat)
        st = apply(st, a)
    clicks = 0
    kinds: Counter[str] = Counter()
    army_moves: list[int] = []
    turns = 0
    i = 0
    while i < len(trace):
        cur, a = trace[i]
        if seats[i] != PERSON:
            i += 1
            continue
        kind = _kind(cur)
        if auto_action(cur) is None and ((kind in CHOOSE and a.split()[0] in ("army", "caravan")) or kind in STEP):
            j = _move_run(trace, i)
            n = gesture_clicks(trace, i, j)
            clicks += n
            kinds["move"] += 1
            if kind == "armies" or kind == "army_step":
                army_moves.append(n)
            i = j + 1
            continue
        n, what = clicks_of(cur, a)
        clicks += n
        kinds[what] += 1
        turns += what == "focus"
        i += 1
    return {"clicks": clicks, "turns": turns, "decisions": dict(kinds), "army_moves": army_moves}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--ruleset", default="ti")
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    games = [play(args.seed + i, args.rounds, args.ruleset) for i in range(args.games)]
    clicks = sum(int(g["clicks"]) for g in games)  # type: ignore[call-overload]
    turns = sum(int(g["turns"]) for g in games)  # type: ignore[call-overload]
    moves = [n for g in games for n in g["army_moves"]]  # type: ignore[attr-defined]
    print(json.dumps({"seed": args.seed, "rounds": args.rounds, "ruleset": args.ruleset, "games": games,
                      "clicks": clicks, "turns": turns, "clicks_per_turn": round(clicks / max(1, turns), 2),
                      "army_moves": len(moves), "clicks_per_army_move": round(sum(moves) / max(1, len(moves)), 2),
                      "army_move_clicks": dict(sorted(Counter(moves).items()))}))


if __name__ == "__main__":
    main()
