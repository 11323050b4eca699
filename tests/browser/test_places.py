"""Places by name (issue 39 §3): the log names places, never coordinates, and pointing at an entry
highlights its places on the map (from the space ids the entry carries, not its words)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .table_driver import Driver, log_texts
from .test_table import _create, _new_page

SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


def test_log_entries_name_places_and_highlight_them(server: str, browser: Any) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}],
                           "seed": 5})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0}, seed=5, hurry=True)
    for _ in range(14):
        if d.over():
            break
        d.step()
    texts = log_texts(page)
    assert texts and not [t for t in texts if re.search(r"-?\d+,-?\d+", t)], texts
    # no empty entry: every group says something beyond the name of the seat that acted
    groups = page.eval_on_selector_all(
        "#log li.lgroup", "els => els.map(e => [e.querySelector('.lhead').textContent, !!e.querySelector('.entries')])")
    assert groups and not [h for h, more in groups if re.fullmatch(r"Seat \d+ \([^)]*\)", h.strip()) and not more], groups
    entry = page.locator("#log li.places").last
    entry.scroll_into_view_if_needed()
    entry.hover()
    page.wait_for_function("() => window.__newdawn.focusKeys && window.__newdawn.focusKeys.length > 0", timeout=5000)
    assert page.locator(".focus-mark").count() >= 1
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "log-places.png"), full_page=False)
    page.mouse.move(0, 0)
    page.wait_for_function("() => !document.querySelector('.focus-mark')", timeout=5000)
    assert not errors, errors
