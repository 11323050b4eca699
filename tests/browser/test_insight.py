"""What players see of the game's prospects (issue 38, part 5): the chance-of-winning bar (shown
in a practice game, hidden with one click and kept hidden after a reload, off for a spectator),
the hint (what Hard would do, shown without playing it) and the chart of chances by round on
the end screen and in the replay. Screenshots at 1440x900 and 390x844 go to
``out/screenshots/`` (insight-*.png)."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from .table_driver import Driver
from .test_full_game import SHOTS, SIZES
from .test_table import _create, _new_page


def _shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"insight-{name}-{label}-{w}x{h}.png"))
    page.set_viewport_size({"width": 1440, "height": 900})


def _view(base: str, gid: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/games/{gid}/state", timeout=30) as r:
        out: dict[str, Any] = json.loads(r.read())
        return out


def test_the_bar_can_be_hidden_and_a_hint_is_shown_without_playing(server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], "seed": 31})
    page.goto(server + res["seats"][0]["url"])
    drv = Driver(page, {0})
    drv.wait_my_decision()
    # The bar: on by default in a practice game, one part per seat in its colour, explained.
    page.wait_for_selector("#chance-bar")
    assert page.locator("#chance-bar .cseg").count() == 2
    title = page.get_attribute('#chance-bar .cseg[data-seat="1"]', "title") or ""
    assert title.startswith("Seat 2") and "not a promise" in title, title
    page.click("#chances-info")
    assert "not a promise" in page.inner_text("#chances-note")
    # The hint: Hard's choice in words, one of the options offered, and nothing is played.
    before = drv.version()
    labels = page.evaluate("() => window.__newdawn.model.decision.options.map(o => o.label)")
    for _ in range(6):  # a loaded machine may answer "ask again" (503) while the bot pool starts
        page.click("#hint-btn")
        page.wait_for_selector("#hint-text, #hint .error", timeout=60000)
        if page.locator("#hint-text").count():
            break
    text = page.inner_text("#hint-text")
    assert text.startswith("Hard would choose: ") and any(text.startswith(f"Hard would choose: {lb}") for lb in labels), text
    page.wait_for_timeout(300)
    assert drv.version() == before and page.get_attribute("body", "data-mine") == "true"
    _shoot(page, "table")
    # Hidden with one click; a reload keeps it hidden (remembered by this browser).
    page.click("#chances-toggle")
    assert page.locator("#chance-bar").count() == 0
    page.reload()
    page.wait_for_selector("#chances-toggle")
    assert page.locator("#chance-bar").count() == 0
    assert page.inner_text("#chances-toggle") == "Show chances of winning"
    page.click("#chances-toggle")
    page.wait_for_selector("#chance-bar")
    # A spectator has no hint, and the bar starts hidden (not a practice game for them).
    watch = _new_page(browser, errors, 1440, 900)
    watch.goto(server + res["spectator_url"])
    watch.wait_for_selector("#chances-toggle")
    assert watch.locator("#chance-bar").count() == 0 and watch.locator("#hint-btn").count() == 0
    assert not errors, errors


def test_the_end_screen_and_the_replay_chart_the_chances_by_round(server: str, browser: Any) -> None:
    errors: list[str] = []
    res = _create(server, {"seats": [{"kind": "bot", "bot": "random"}] * 3, "seed": 32, "max_rounds": 4})
    gid = res["game_id"]
    end = time.monotonic() + 120
    while _view(server, gid)["end"] is None:
        assert time.monotonic() < end, "the bots' game did not end"
        time.sleep(0.2)
    page = _new_page(browser, errors, 1440, 900)
    page.goto(server + res["spectator_url"])
    page.wait_for_selector("#endscreen #chance-chart svg")
    assert page.locator("#endscreen #chance-chart polyline").count() == 3
    assert page.locator("#endscreen #chance-chart .chart-legend li").count() == 3
    labels = page.eval_on_selector_all("#endscreen #chance-chart text.xl", "els => els.map(e => e.textContent)")
    assert labels[0] == "R1" and labels[-1] == "end", labels
    assert "public position" in page.inner_text("#endscreen #chance-chart")
    # The caption and each point's title are the server's words (describe/advice.chart_json).
    with urllib.request.urlopen(f"{server}/api/games/{gid}/chart", timeout=30) as r:
        chart = json.loads(r.read())
    assert page.inner_text("#endscreen #chance-chart figcaption") == chart["title"]
    titles = page.eval_on_selector_all('#endscreen #chance-chart g.series[data-seat="1"] circle title',
                                       "els => els.map(e => e.textContent)")
    assert titles == [p["titles"][1] for p in chart["points"]], titles
    _shoot(page, "end")
    page.goto(f"{server}/table.html?game={gid}&replay=40")
    page.wait_for_selector("#chart-panel #chance-chart line.marker", state="attached")  # a vertical line: no width
    assert page.locator("#chart-panel #chance-chart polyline").count() == 3
    _shoot(page, "replay")
    assert not errors, errors
