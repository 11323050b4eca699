"""Fewer clicks (issue 39 §4): moving one army to a chosen space takes at most two clicks, and a
menu opens at the clicked space.

From the decision that chooses which army moves, the map offers every space an army can reach
this turn (``describe/reach.py``): one click there chooses the army and moves it, ending the move
when nothing else is left to do there (a second click chooses between exploring and stopping
where exploring is possible, or confirms a fight). The guided game's position is used: Egypt's
one army on its card, Masonry in slot 4, a fort and a barbarian within a march."""

from __future__ import annotations

from typing import Any

import pytest

from .table_driver import Driver
from .test_table import _new_page


def _at_the_armies_decision(server: str, browser: Any, width: int, height: int) -> tuple[Any, Driver, list[str]]:
    errors: list[str] = []
    page = _new_page(browser, errors, width, height)
    page.goto(f"{server}/")
    page.click("#learn-btn")
    page.wait_for_selector("#guide")
    page.click("#guide-leave")
    d = Driver(page, seats={0})
    d.wait_my_decision()
    page.click('#decision button.opt[data-action="focus military"]')  # the table commits the card itself
    page.wait_for_selector('#decision button.opt[data-action="army 0"]')
    d.wait_my_decision()
    return page, d, errors


def _actions(page: Any) -> int:
    return int(page.get_attribute("body", "data-actions") or "0")


def test_one_click_on_a_space_chooses_the_army_and_moves_it_there(server: str, browser: Any) -> None:
    page, d, errors = _at_the_armies_decision(server, browser, 1440, 900)
    reach = page.locator('.map .target[data-options^="reach "]')
    assert reach.count() >= 5, "the armies' destinations are offered before an army is chosen"
    # a space two marches away, not a fight: the hills north of the forest beside the capital
    keys = page.eval_on_selector_all('.map .target[data-options^="reach "]', "els => els.map(e => e.dataset.key)")
    far = "-2,-4"
    assert far in keys, keys
    before = _actions(page)
    clicks = 1
    page.locator(f'.map .target[data-key="{far}"]').first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.actions) >= {before + 3}")  # army, start, steps
    d.wait_my_decision()
    if page.locator('#decision button.opt[data-action="stop"]').count():  # exploring is possible here
        page.click('#decision button.opt[data-action="stop"]')
        clicks += 1
        d.wait_my_decision()
    assert clicks <= 2
    page.wait_for_selector(f'.map .unit.army[data-seat="0"][data-at="{far}"]')
    assert page.locator('#decision button.opt[data-action="done"]').count()  # the move is over: next army or done
    assert page.inner_text("#error") == ""
    assert not [e for e in errors if "favicon" not in e], errors


@pytest.mark.parametrize("size", [(1440, 900), (390, 844)])
def test_a_menu_opens_at_the_clicked_space(server: str, browser: Any, size: tuple[int, int]) -> None:
    """A fight's destination asks to confirm: its menu stands at the tapped space (kept inside
    the map), and confirming is the second and last click of the move."""
    page, d, errors = _at_the_armies_decision(server, browser, *size)
    keys = page.eval_on_selector_all('.map .target[data-options^="reach "]', "els => els.map(e => e.dataset.key)")
    target = page.locator('.map .target[data-key="-4,0"]').first  # the fort south of the capital: a fight
    assert "-4,0" in keys
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_selector("#menu")
    menu = page.locator("#menu").bounding_box()
    pane = page.locator("#map-pane").bounding_box()
    # at the click (10 px right and below it), unless the map's edge pushed it back inside
    assert abs(menu["x"] - (x + 10)) <= 2 or menu["x"] + menu["width"] >= pane["x"] + pane["width"] - 240, (menu, x)
    assert abs(menu["y"] - (y + 10)) <= 2 or menu["y"] >= pane["y"] + pane["height"] - 170, (menu, y)
    assert menu["x"] >= pane["x"] and menu["x"] + menu["width"] <= pane["x"] + pane["width"] + 1
    before = _actions(page)
    page.locator("#menu button.opt").first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.actions) >= {before + 3}")
    d.wait_my_decision()
    assert page.inner_text("#error") == ""
    assert not [e for e in errors if "favicon" not in e], errors
