"""The base game's event-dial icon that Terra Incognita does not have (base rulebook, The Event
Dial, "Trade"). A blank section of the dial has no icons and needs no code: ``events.turn_dial``
resolves the icons of a section in order, and an empty section resolves nothing."""

from __future__ import annotations

from ..flow import auto, log, push_all
from ..spaces import mature_cities
from ..state import Frame, GameState
from .base_frames import EventTradeFrame


@auto("event_trade")
def run_trade(st: GameState, f: EventTradeFrame) -> None:
    """Each player places one trade token from the supply per mature city they control on the
    cards of their focus row, distributed as they wish. Players place in turn order from the
    first player (the rulebook gives no order; the placements do not interact)."""
    frames: list[Frame] = []
    for i in range(st.n):
        seat = (st.first + i) % st.n
        k = len(mature_cities(st, seat))
        log(st, {"kind": "event_trade", "seat": seat, "tokens": k})
        if k:
            frames.append({"kind": "trade_place", "seat": seat, "left": k})
    push_all(st, frames)
