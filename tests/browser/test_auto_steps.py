"""Steps the table takes for the player (issue 39 §4): a decision with one option, and the
commitment of a focus card with no trade token to spend, are answered by the table itself; Undo
still takes them back: it goes on taking back until it reaches a decision the player makes (or
one it may not take back), so that the table does not answer the same step again at once."""

from __future__ import annotations

from typing import Any

from .table_driver import Driver
from .test_table import _new_page


def _actions(page: Any) -> int:
    return int(page.get_attribute("body", "data-actions") or "0")


def test_undo_takes_back_the_steps_the_table_took_and_the_choice_before_them(server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.click("#learn-btn")  # the guided game: seat 1 plays first, no trade token anywhere
    page.wait_for_selector("#guide")
    page.click("#guide-leave")
    d = Driver(page, seats={0})
    d.wait_my_decision()
    start = _actions(page)
    assert page.locator('#decision button.opt[data-action="focus culture"]').count()
    page.click('#decision button.opt[data-action="focus culture"]')
    # the table commits the card itself (no trade token to spend): the next question is the placement
    page.wait_for_function(f"() => Number(document.body.dataset.actions) === {start + 2}")
    d.wait_my_decision()
    assert page.inner_text("#decision-text").startswith("Place")
    assert not page.locator('#decision button.opt[data-action="resolve"]').count()
    page.wait_for_function("() => !document.getElementById('undo').disabled")
    page.click("#undo")
    # back to the choice of a card: the table's own step and the player's choice are both taken back
    page.wait_for_function(f"() => Number(document.body.dataset.actions) === {start}")
    page.wait_for_timeout(800)  # and the table does not answer anything again by itself
    assert _actions(page) == start
    d.wait_my_decision()
    assert page.locator('#decision button.opt[data-action="focus culture"]').count()
    assert page.inner_text("#error") == ""
    assert not [e for e in errors if "favicon" not in e], errors
