"""Defeating a capital: the attacker takes up to the printed number of the defender's trade
tokens (U, Military Clarifications). With no token to take there is nothing to decide."""

from __future__ import annotations

from newdawn.engine import apply, legal_actions
from newdawn.engine.state import GameState
from newdawn.scenario.build import parse

POSITION = """
title = "capital attack"
rule = "test"

[game]
players = 2
seed = 1
leaders = ["rome", "egypt"]
clear = true

[[space]]
at = "-3,-2"
capital = "red"

[[space]]
at = "1,-3"
capital = "blue"
wonder = "colossus"

[[space]]
at = "1,-4"
armies = ["red"]

[player.blue]
wonders = ["colossus"]

[player.red]
row = ["Irrigation", "Astrology", "Foreign Trade", "Early Empire", "Pottery", "Iron Working"]

[state]
current = "red"
dice = [6, 1]
"""


def attack_capital(blue_trade: dict[str, int]) -> GameState:
    st = parse(POSITION).state
    st.players[1].trade.update(blue_trade)
    for a in ("focus military", "resolve", "army 0", "to 1,-3", "accept"):
        st = apply(st, a)
    return st


def test_no_trade_tokens_to_take_skips_the_plunder() -> None:
    st = attack_capital({})
    assert st.stack_frames[-1]["kind"] == "wonder_move", [str(a) for a in legal_actions(st)]


def test_trade_tokens_to_take_are_offered() -> None:
    st = attack_capital({"science": 2})
    assert st.stack_frames[-1]["kind"] == "plunder"
    assert {str(a) for a in legal_actions(st)} == {"take science", "done"}
    st = apply(st, "take science")
    st = apply(st, "take science")
    assert st.players[1].trade["science"] == 0
    assert st.stack_frames[-1]["kind"] == "trade_place"
