"""Words of what the table tells a player about the game's prospects (issue 38, part 5): each
seat's chance of winning, the hint (what Hard would do now) and the chart of chances by round.

The numbers come from the bots' evaluation (``newdawn.bots.win_chances``), asked by the server
with a view a seat may see (``engine.player_view``); here they get their words: what each
number is and what it is not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import GameState
from .names import seat_full

CHANCES_NOTE = ("Each seat's chance of winning, estimated by the bots' evaluation from the position as "
                "{who} sees it (no hidden tile, wonder or die): an estimate, not a promise.")
"""What the win-chance bar is ("{who}": the viewer in words)."""
CHART_NOTE = ("Each seat's chance of winning at the start of every round, estimated by the bots' evaluation "
              "from the public position (what a spectator sees): an estimate, not a promise. "
              "Where the lines cross, the game turned.")
"""What the chart of chances by round is."""
HINT_NOTE = ("What the Hard bot would choose here, seeing what you see. A suggestion: nothing is played "
             "until you choose.")


def percent(p: float) -> int:
    """A chance as a whole percentage (0-100)."""
    return max(0, min(100, round(100 * p)))


def chances_json(st: GameState, chances: Mapping[int, float], viewer: int) -> dict[str, Any]:
    """The win-chance bar's record: each seat's chance (0-1, in seat order) with its words, and
    what the numbers are (estimated from ``viewer``'s view; -1: a spectator's)."""
    who = "a spectator" if viewer < 0 else f"{seat_full(st, viewer)}"
    seats = [{"seat": s, "chance": float(chances.get(s, 0.0)),
              "text": f"{seat_full(st, s)}: about {percent(chances.get(s, 0.0))}% to win"}
             for s in range(st.n)]
    return {"seats": seats, "note": CHANCES_NOTE.format(who=who)}


def hint_json(option: Mapping[str, Any] | None, action: str) -> dict[str, Any]:
    """The hint's record: the option Hard would choose (``option``: its record made by
    ``describe.option_records``), in words."""
    if option is None:
        return {"action": action, "label": action, "text": f"Hard would choose {action}.", "note": HINT_NOTE}
    label = str(option.get("label") or action)
    more = option.get("hint")
    text = f"Hard would choose: {label}" + (f" ({more})." if more else ".")
    return {"action": action, "label": label, "text": text, "note": HINT_NOTE}


CHART_TITLE = "Chance of winning by round"
"""The chart's caption."""


def chart_json(st: GameState, points: Sequence[tuple[int, int, Mapping[int, float]]]) -> dict[str, Any]:
    """The chart's record: ``points`` are (round, action number, chances) in order, the last one
    the position of ``st`` (its label in ``last``: "end" or "now"); the seats' names for its
    legend. Every word the chart shows is made here: its caption (``title``), what a screen
    reader says of it (``label``), each point's mark on the round axis (``label``: "R3", the
    last one "now" or "end") and each seat's line at it (``titles``: "Seat 2 (Gandhi), round 3:
    42%")."""
    last = "end" if st.winner != -1 else "now"
    names = [seat_full(st, s) for s in range(st.n)]
    out = []
    for k, (r, n, c) in enumerate(points):
        final = k == len(points) - 1 and k > 0
        when = last if final else f"round {r}"
        chances = [float(c.get(s, 0.0)) for s in range(st.n)]
        out.append({"round": r, "step": n, "chances": chances, "label": last if final else f"R{r}",
                    "titles": [f"{names[s]}, {when}: {percent(chances[s])}%" for s in range(st.n)]})
    return {
        "points": out,
        "seats": names,
        "last": last,
        "note": CHART_NOTE,
        "title": CHART_TITLE,
        "label": f"Each seat's chance of winning by round. {CHART_NOTE}",
    }
