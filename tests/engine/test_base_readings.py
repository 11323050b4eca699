"""The base rules the sources leave open are data (``ruleset_base.json`` ``base_rules.readings``,
listed in docs/rules-coverage.md with the reading not taken): the engine plays each value it
accepts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from newdawn.content.loader import load_content_from, read_raw
from newdawn.engine import apply, legal_actions, new_game
from newdawn.engine.state import GameState
from newdawn.scenario.build import parse

LINE = """
title = "a line: red's capital, then two blue tokens"
rule = "base-game-rulebook.txt: Military, Performing Attacks"
[game]
ruleset = "base"
players = 2
seed = 1
leaders = ["rome", "egypt"]
clear = true
map = ["0,0 grassland", "1,0 grassland", "2,0 grassland", "0,10 grassland"]
[[space]]
at = "0,0"
capital = "red"
[[space]]
at = "1,0"
control = "blue"
[[space]]
at = "2,0"
control = "blue"
[[space]]
at = "0,10"
capital = "blue"
[player.red]
row = ["Masonry", "Astrology", "Foreign Trade", "Early Empire", "Pottery"]
[state]
current = "red"
dice = [6, 1]
"""


def _with_reading(st: GameState, rid: str, value: Any) -> GameState:
    doc = read_raw("ruleset_base")
    doc["base_rules"]["readings"][rid]["value"] = value
    st._c = load_content_from(None, "base", overrides={"ruleset_base": doc})
    st._legal = None
    return st


@pytest.mark.parametrize(("value", "reached"), [(True, True), (False, False)])
def test_a_space_taken_this_turn_may_be_counted_through_or_not(value: bool, reached: bool) -> None:
    st = _with_reading(parse(LINE, "line.toml").state, "attack_count_through_taken_space", value)
    for text in ("focus military", "resolve", "mode attack_from_card", "attack 1,0", "accept"):
        st = apply(st, text)
    assert st.ctl[st.board.index[(1, 0)]] == 0
    # 2,0 lies 2 from the capital through 1,0, which red took this turn.
    assert ("attack 2,0" in map(str, legal_actions(st))) is reached


def test_the_first_tile_placer_may_be_the_first_player(monkeypatch: pytest.MonkeyPatch) -> None:
    import newdawn.content.loader as loader

    doc = read_raw("ruleset_base")
    doc["base_rules"]["readings"]["map_first_placer"]["value"] = "first_player"
    content = load_content_from(None, "base", overrides={"ruleset_base": doc})
    real = loader._load_cached
    monkeypatch.setattr(loader, "_load_cached", lambda ruleset: content if ruleset == "base" else real(ruleset))
    st = new_game({"ruleset": "base", "players": 3}, 12)
    assert st.stack_frames[-1]["seat"] == st.first
    monkeypatch.undo()
    st = new_game({"ruleset": "base", "players": 3}, 12)
    assert st.stack_frames[-1]["seat"] != st.first, "the default draws the first player apart (here another seat)"


def test_readings_must_be_values_the_engine_plays() -> None:
    doc = json.loads(json.dumps(read_raw("ruleset_base")))
    doc["base_rules"]["readings"]["map_first_placer"]["choices"].append("youngest_player")
    with pytest.raises(ValueError, match="values the engine supports"):
        load_content_from(None, "base", overrides={"ruleset_base": doc})
    doc = json.loads(json.dumps(read_raw("ruleset_base")))
    del doc["base_rules"]["readings"]["event_trade_order"]
    with pytest.raises(ValueError, match="must name exactly the readings"):
        load_content_from(None, "base", overrides={"ruleset_base": doc})
