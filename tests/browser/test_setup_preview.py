"""Issue 39 §4: pointing at a place for the capital tile previews the tile with a ★ where the
capital will stand; the lobby says how long a game lasts (measured, describe/game_length.json)."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

from newdawn.describe.rulesets import ROUND_LIMITS, game_length

from .table_driver import Driver
from .test_table import _new_page

SHOTS = Path(os.environ.get("NEWDAWN_SHOTS") or Path(__file__).resolve().parents[2] / "out" / "screenshots")


def test_the_capital_tile_preview_shows_the_capital_and_the_lobby_the_game_length(server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.wait_for_selector("#game-length")
    # the round limits are the server's words (describe/rulesets.py)
    assert page.eval_on_selector_all("#max-rounds option", "els => els.map(e => e.textContent)") == [t for _, t in ROUND_LIMITS]
    assert page.inner_text("#game-length") == game_length("ti", 2)
    page.select_option("#n-seats", "3")
    page.wait_for_function(f"() => document.getElementById('game-length').textContent === {json.dumps(game_length('ti', 3))}")
    req = urllib.request.Request(f"{server}/api/games", data=json.dumps(
        {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 5, "hotseat": True}).encode(),
        headers={"Content-Type": "application/json"})
    res = json.loads(urllib.request.urlopen(req).read())
    page.goto(f"{server}{res['hotseat_url']}")
    d = Driver(page, seats={0, 1})
    for _ in range(6):
        d.wait_my_decision()
        if "capital tile" in page.inner_text("#decision-text"):
            break
        d.step()
    assert "capital tile" in page.inner_text("#decision-text")
    page.mouse.move(5, 890)  # away from the map: no preview
    page.wait_for_function("() => !document.querySelector('.preview-capital')")
    page.locator(".map .target").first.hover()
    page.wait_for_selector(".preview-capital")
    assert page.locator(".preview-capital").count() == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "capital-tile-preview-1440x900.png"))
    # Issue 39 §5: the previewed tile goes with the pointer (it stayed on the map once the
    # pointer left the map for the panels).
    page.mouse.move(1300, 450)
    page.wait_for_timeout(200)
    assert page.locator(".map .preview").count() == 0 and page.locator(".preview-capital").count() == 0
    assert not [e for e in errors if "favicon" not in e], errors
