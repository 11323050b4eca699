"""Every send from the table gets an answer the page shows, and the page leaves its busy state:
a refused action (an illegal one, or one chosen at a version the game has left) and two sends
racing at the same version (the player's click and the table's own ``decision.auto_action``)."""

from __future__ import annotations

from typing import Any

from .table_driver import Driver
from .test_table import _create, _new_page

STATE = ("() => { const S = window.__newdawn; return {busy: S.busy, error: document.getElementById('error').textContent,"
         " version: Number(document.body.dataset.version)}; }")


def _open(server: str, browser: Any, errors: list[str]) -> tuple[Any, Driver]:
    out = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 5})
    page = _new_page(browser, errors)
    page.goto(server + out["seats"][0]["url"])
    d = Driver(page, seats={0})
    d.wait_my_decision()
    return page, d


def _raw_send(page: Any, action: str, version: int) -> None:
    page.evaluate("([a, v]) => window.__newdawn.ws.send(JSON.stringify({type: 'action', version: v, action: a}))",
                  [action, version])


def test_a_refused_action_is_shown_and_leaves_the_page_usable(server: str, browser: Any) -> None:
    errors: list[str] = []
    page, d = _open(server, browser, errors)
    v = d.version()
    _raw_send(page, "resolve", v)  # not an option of the first focus choice
    page.wait_for_function("() => document.getElementById('error').textContent.length > 0", timeout=10000)
    st = page.evaluate(STATE)
    assert st["version"] == v and not st["busy"], st
    assert "does not offer that" in st["error"], st  # the refusal in describe's words
    _raw_send(page, "focus culture", v - 1)  # chosen at a version the game has left
    page.wait_for_function("() => document.getElementById('error').textContent.includes('moved on')", timeout=10000)
    assert not page.evaluate(STATE)["busy"]
    assert not errors, errors


def test_two_sends_at_the_same_version_both_get_an_answer(server: str, browser: Any) -> None:
    """The player's click and the table's own send race: one is applied, the other refused as
    stale; the page shows the new state and says the game moved on, and is not busy."""
    errors: list[str] = []
    page, d = _open(server, browser, errors)
    v = d.version()
    first = page.evaluate("() => window.__newdawn.model.decision.options[0].action")
    page.evaluate("([a, v]) => { const ws = window.__newdawn.ws; for (let i = 0; i < 2; i++)"
                  " ws.send(JSON.stringify({type: 'action', version: v, action: a})); }", [first, v])
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {v}", timeout=10000)
    page.wait_for_function("() => document.getElementById('error').textContent.length > 0", timeout=10000)
    assert not page.evaluate(STATE)["busy"]
    assert not errors, errors


def test_the_page_keeps_showing_answers_after_the_focused_button_goes_away(server: str, browser: Any) -> None:
    """A view that removes the focused button (the focus card just chosen with the keyboard)
    makes Chromium blur it in the middle of drawing that view; the blur's own redraw must not
    leave the page drawing later views into detached elements (the old stall: the answer came,
    but the page showed neither it nor any later view until reloaded)."""
    errors: list[str] = []
    page, d = _open(server, browser, errors)
    chosen = 0
    for _ in range(40):
        d.wait_my_decision()
        if d.over() or chosen == 3:
            break
        if not page.locator("#decision button.focus-opt").count():
            d.step()
            continue
        v = d.version()
        act = page.get_attribute("#decision button.focus-opt", "data-action")
        page.focus("#decision button.focus-opt")  # focused and enabled when the next view removes it
        _raw_send(page, act or "", v)
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {v}", timeout=10000)
        d.wait_my_decision()
        _raw_send(page, "focus nothing", d.version())  # refused: the refusal must be shown
        page.wait_for_function("() => document.getElementById('error').textContent.length > 0", timeout=10000)
        chosen += 1
    assert chosen == 3
    assert not errors, errors


SEEN = """() => { window.__seen = new Set();
  const look = () => document.querySelectorAll('#decision button.opt').forEach((b) => window.__seen.add(b.dataset.action));
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true, attributes: true}); }"""


def test_a_card_with_no_trade_token_to_spend_is_played_without_a_question(server: str, browser: Any) -> None:
    """At the start nobody has a trade token: choosing a focus card resolves it at once (the
    table sends the engine's "resolve" itself), and the question is never drawn."""
    errors: list[str] = []
    page, d = _open(server, browser, errors)
    while not page.locator("#decision button.focus-opt").count():
        d.step()
    page.evaluate(SEEN)
    v = d.version()
    page.click("#decision button.focus-opt")
    page.wait_for_function(f"() => Number(document.body.dataset.version) >= {v + 2}", timeout=10000)
    d.wait_my_decision()
    seen = page.evaluate("() => [...window.__seen]")
    assert "resolve" not in seen and "back" not in seen, seen
    log = page.evaluate("() => window.__newdawn.trace.filter((t) => t.startsWith('send'))")
    assert log[-1].startswith("send resolve"), log
    assert not errors, errors
