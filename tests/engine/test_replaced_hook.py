"""The ``replaced`` hook point fires whenever a piece leaves the map or changes hands (hooks.py),
including a city destroyed by a barbarian and a player's own token under a new city."""

from __future__ import annotations

from typing import Any

import pytest

from newdawn.engine import apply, hooks
from newdawn.scenario import parse

GAME = """
rule = "unified-rules-terra-incognita-rev7.txt: Barbarian Movement Icons"
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
"""


@pytest.fixture
def fired(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, str]]:
    calls: list[tuple[int, str, str]] = []
    real = hooks.fire

    def spy(point: str, st: Any, seat: int, *args: Any) -> None:
        if point == "replaced":
            s, what = args
            q, r = st.board.coords[s]
            calls.append((seat, f"{q},{r}", what))
        real(point, st, seat, *args)

    monkeypatch.setattr(hooks, "fire", spy)
    return calls


def test_a_barbarian_destroying_a_city_fires_replaced(fired: list[tuple[int, str, str]]) -> None:
    sc = parse(GAME + """
[[space]]
at = "-2,0"
city = "blue"
[[space]]
at = "-1,0"
barbarian = "A"
[state]
first = "red"
current = "red"
round = 2
event_pos = 0
frames = [{ kind = "turn" }]
dice = [4]
""")
    assert sc.state.board.space_at((-2, 0)) not in sc.state.cities
    assert (1, "-2,0", "city") in fired


def test_a_city_built_on_its_owners_token_fires_replaced(fired: list[tuple[int, str, str]]) -> None:
    sc = parse(GAME + """
[[space]]
at = "-2,-4"
control = "red"
[player.red]
row = ["Irrigation", "Astrology", "Foreign Trade", "Masonry", "Early Empire", "Pottery"]
[state]
current = "red"
""")
    st = apply(apply(apply(sc.state, "focus industry"), "resolve"), "city -2,-4")
    assert st.cities[st.board.space_at((-2, -4))] == 0
    assert (0, "-2,-4", "control") in fired
