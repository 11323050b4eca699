"""Places by name (issue 39 §3): the log names places, never coordinates, and pointing at an entry
or at the question highlights its places on the map (from the space ids they carry, not their
words)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from newdawn.engine import GameState, apply, legal_actions, new_game
from newdawn.server.views import view_message

from .table_driver import Driver, log_texts, open_recorded_view
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
    if not d.over():
        d.wait_my_decision()  # the bots are done: no new view clears the marks under the pointer
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
    page.wait_for_selector(".focus-mark", timeout=5000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "log-places.png"), full_page=False)
    page.mouse.move(0, 0)
    page.wait_for_function("() => !document.querySelector('.focus-mark')", timeout=5000)
    assert not errors, errors


def _army_step_state() -> GameState:
    for game in range(40):
        st = new_game({"players": 3}, game)
        rnd = random.Random(game)
        for _ in range(3000):
            if st.winner != -1:
                break
            if st.stack_frames[-1]["kind"] == "army_step":
                return st
            st = apply(st, rnd.choice(legal_actions(st)))
    raise AssertionError("no army step came up in random play")


def test_pointing_at_the_question_highlights_the_place_it_talks_about(server: str, browser: Any) -> None:
    """An army's step asks where it goes from where it stands: the question carries that space
    (``decision.spaces``), and pointing at the question marks it on the map."""
    st = _army_step_state()
    f = st.stack_frames[-1]
    seat = f["seat"]
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, seat, frozenset({seat}), [], seats)
    at = st.players[seat].armies[f["figure"]]
    assert msg["decision"]["spaces"] == [at]
    errors: list[str] = []
    page = _new_page(browser, errors)
    open_recorded_view(page, server, msg, "&token=t")
    page.wait_for_selector("#decision-text.places")
    page.hover("#decision-text")
    q, r = st.board.coords[at]
    page.wait_for_function("(k) => (window.__newdawn.focusKeys || []).includes(k)", arg=f"{q},{r}", timeout=5000)
    assert page.locator(".focus-mark").count() >= 1
    page.mouse.move(0, 0)
    page.wait_for_function("() => !document.querySelector('.focus-mark')", timeout=5000)
    assert not errors, errors


def test_a_refused_click_names_the_space_and_marks_it(server: str, browser: Any) -> None:
    """Clicking a space that is not a choice opens a panel titled by its terrain with the
    engine's reason in words (no coordinates), and marks that space on the map until closed."""
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "human"}], "leaders": None, "seed": 2, "hotseat": True})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['hotseat_url']}")
    d = Driver(page, seats={0, 1}, seed=5)
    for _ in range(60):
        d.wait_my_decision()
        if page.locator(".map .target").count():
            break
        d.step()
    targets = set(page.eval_on_selector_all(".map .target", "els => els.map(e => e.dataset.key)"))
    key = next(k for k in page.eval_on_selector_all(".map .space", "els => els.map(e => e.dataset.key)") if k not in targets)
    page.locator(f'.map .space[data-key="{key}"]').first.click(force=True)
    page.wait_for_selector("#info")
    title, text = page.inner_text("#info b"), page.inner_text("#info p")
    assert title.endswith(": not a choice now") and text, (title, text)
    assert not re.search(r"-?\d+,-?\d+", title + text), (title, text)
    page.wait_for_function("(k) => (window.__newdawn.focusKeys || []).includes(k)", arg=key, timeout=5000)
    assert page.locator(".focus-mark").count() >= 1
    page.click("#info button.close")
    page.wait_for_function("() => !document.querySelector('.focus-mark')", timeout=5000)
    assert not errors, errors


def test_the_maps_titles_labels_and_legend_are_the_servers_words(server: str, browser: Any) -> None:
    """Issue 41: each piece's hover title is its line in ``space_words.titles``, the tooltip
    lists the same lines, natural wonders carry the board's labels and the legend names each
    terrain from ``/api/content``'s ``map_words``: the JavaScript makes none of these words."""
    from newdawn.bots.random_bot import RandomBot
    from newdawn.engine import apply_in_place

    st = new_game({"players": 3}, 7)
    bot = RandomBot(random.Random(7))
    for _ in range(400):
        if st.winner != -1:
            break
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, -1, frozenset(), [], seats)
    words = msg["space_words"]
    errors: list[str] = []
    page = _new_page(browser, errors)
    open_recorded_view(page, server, msg)
    page.wait_for_selector(".map .unit")
    units = page.eval_on_selector_all(".map .unit", "els => els.map(e => [e.dataset.unit, e.querySelector('title').textContent])")
    assert units and all(t == words["titles"][k] for k, t in units), units
    fixed = page.eval_on_selector_all(".map .fixed g > title", "els => els.map(e => e.textContent)")
    assert fixed and set(fixed) <= set(words["titles"].values()), fixed
    labels = page.eval_on_selector_all(".map .nw-label > title", "els => els.map(e => e.textContent)")
    assert sorted(labels) == sorted(x["name"] for x in msg["board"]["nw_labels"].values())
    # Hover an army: the tooltip lists what stands on its space, in the same words.
    seat, i = next((p, i) for p in range(st.n) for i, s in enumerate(st.players[p].armies) if s >= 0)
    army = page.locator(f'.map .unit[data-unit="a-{seat}-{i}"]')
    key = army.get_attribute("data-at")
    page.locator(f'.map .space[data-key="{key}"]').first.hover(force=True)
    page.wait_for_selector("#tooltip")
    tip = page.inner_text("#tooltip")
    sid = str(st.players[seat].armies[i])
    assert all(words["titles"][k] in tip for k in words["pieces"][sid]), (tip, words["pieces"][sid])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "map-piece-hover.png"), full_page=False)
    page.mouse.move(0, 0)
    page.click("#legend-btn")
    legend = page.inner_text(".legend")
    for name in ("Grassland", "Natural wonder", "difficulty 1", "Army", "Oil resource", "Campus district"):
        assert name in legend, (name, legend)
    assert not errors, errors
