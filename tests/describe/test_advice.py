"""The words of the chances of winning: the chart by round (issue 41: made here, the table only
places them)."""

from __future__ import annotations

from newdawn.describe.advice import CHART_NOTE, CHART_TITLE, chart_json
from newdawn.describe.names import seat_full
from newdawn.engine import new_game


def test_the_chart_says_its_caption_axis_marks_and_each_seats_point_in_words() -> None:
    st = new_game({"players": 3}, 5)
    points = [(1, 0, {0: 0.5, 1: 0.25, 2: 0.25}), (2, 9, {0: 0.2, 1: 0.3, 2: 0.5}), (2, 14, {0: 0.125, 1: 0.875})]
    c = chart_json(st, points)
    assert c["title"] == CHART_TITLE and c["label"].endswith(CHART_NOTE)
    assert [p["label"] for p in c["points"]] == ["R1", "R2", "now"]
    assert c["points"][0]["titles"][0] == f"{seat_full(st, 0)}, round 1: 50%"
    assert c["points"][1]["titles"][2] == f"{seat_full(st, 2)}, round 2: 50%"
    assert c["points"][2]["titles"] == [f"{seat_full(st, 0)}, now: 12%", f"{seat_full(st, 1)}, now: 88%",
                                        f"{seat_full(st, 2)}, now: 0%"]
    assert c["seats"] == [seat_full(st, s) for s in range(3)]


def test_a_chart_of_one_point_marks_its_round() -> None:
    st = new_game({"players": 2}, 5)
    (p,) = chart_json(st, [(1, 0, {0: 0.5, 1: 0.5})])["points"]
    assert p["label"] == "R1" and p["titles"][1] == f"{seat_full(st, 1)}, round 1: 50%"
