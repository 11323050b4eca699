"""``hooks.handlers_at`` answers a repeated question from the seat's last answer at a point,
matched by the identity of the seat's leader, wonder and diplomacy tuples: a question about
another seat, or about the same seat after its wonders changed, must get its own answer, never
the last one."""

from __future__ import annotations

from newdawn.engine import game_config, new_game
from newdawn.engine.hooks import REGISTRY, handlers_at


def test_handlers_at_follows_the_seat_and_its_wonders() -> None:
    st = new_game(game_config(2), 7)
    terracotta = REGISTRY["combat_bonus"]["terracotta_army"]
    assert terracotta not in handlers_at("combat_bonus", st, 0)
    st.player_mut(0).wonders = (*st.players[0].wonders, "terracotta_army")
    assert terracotta in handlers_at("combat_bonus", st, 0)
    assert terracotta in handlers_at("combat_bonus", st, 0)  # the repeated question
    assert terracotta not in handlers_at("combat_bonus", st, 1)  # another seat at the same point
    assert terracotta in handlers_at("combat_bonus", st, 0)
    st.player_mut(0).wonders = tuple(w for w in st.players[0].wonders if w != "terracotta_army")
    assert terracotta not in handlers_at("combat_bonus", st, 0)  # the wonder is gone
