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
from newdawn.describe.options import auto_action
from newdawn.engine import apply, decision_seat, legal_actions, new_game

PERSON = 0


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


def play(seed: int, rounds: int, ruleset: str) -> dict[str, object]:
    cfg: dict[str, object] = {"players": 2, "max_rounds": rounds}
    if ruleset != "ti":
        cfg["ruleset"] = ruleset
    st = new_game(cfg, seed)
    bots = [GreedyBot(random.Random(seed)), GreedyBot(random.Random(seed + 1))]
    clicks = 0
    kinds: Counter[str] = Counter()
    turns = 0
    while st.winner == -1:
        seat = decision_seat(st)
        a = str(bots[seat].choose_in(st, seat, legal_actions(st)))
        if seat == PERSON:
            n, kind = clicks_of(st, a)
            clicks += n
            kinds[kind] += 1
            turns += kind == "focus"
        st = apply(st, a)
    return {"clicks": clicks, "turns": turns, "decisions": dict(kinds)}


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
    print(json.dumps({"seed": args.seed, "rounds": args.rounds, "ruleset": args.ruleset, "games": games,
                      "clicks": clicks, "turns": turns, "clicks_per_turn": round(clicks / max(1, turns), 2)}))


if __name__ == "__main__":
    main()
