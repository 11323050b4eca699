"""Acceptance (issue 24): a phone (390x844) never scrolls sideways, and a whole turn can be
played with the keyboard only, the focus staying where the player was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .table_driver import Driver, open_recorded_view
from .test_table import _create, _new_page

# Elements whose right edge passes the window's (ignoring those inside a box that scrolls or
# clips on its own, like the map's SVG).
OVERFLOW = """() => {
  const w = document.documentElement.clientWidth;
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.right <= w + 1) continue;
    let clipped = false;
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (['auto', 'scroll', 'hidden', 'clip'].includes(s.overflowX) && p.getBoundingClientRect().right <= w + 1) { clipped = true; break; }
    }
    if (!clipped) out.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className && e.className.baseVal === undefined ? e.className : ''} right=${Math.round(r.right)}`);
  }
  return { scroll: document.documentElement.scrollWidth, width: w, out: out.slice(0, 10) };
}"""


def _no_overflow(page: Any, where: str) -> None:
    res = page.evaluate(OVERFLOW)
    assert res["scroll"] <= res["width"], f"{where}: the page scrolls sideways ({res})"
    assert not res["out"], f"{where}: elements pass the right edge: {res['out']}"


def test_a_phone_never_scrolls_sideways(server: str, browser: Any, out_dir: Path) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, 390, 844)
    page.goto(f"{server}/")
    page.wait_for_selector("#create-btn")
    page.select_option("#n-seats", "5")
    page.wait_for_selector("#seat-rows tr:nth-child(5)")
    _no_overflow(page, "lobby")
    page.click("#create-btn")
    page.wait_for_url("**/table.html*")  # the creator goes straight to their seat
    table_url = page.url
    page.goto(f"{server}/")
    page.click("#game-rows tr[data-game] button.links")  # the game's links, kept in this browser
    page.wait_for_selector("#created a.seat-link")
    _no_overflow(page, "lobby with the links")
    page.screenshot(path=str(out_dir / "phone-lobby.png"), full_page=True)
    page.click("a.seat-link")
    page.wait_for_url("**/table.html*")
    assert page.url == table_url
    d = Driver(page, seats={0})
    d.wait_my_decision()
    _no_overflow(page, "table")
    # The top bar fits on one line and the map takes a real part of the screen.
    bar = page.locator(".topbar").bounding_box()
    assert bar and bar["height"] <= 48, bar
    pane = page.locator("#map-pane").bounding_box()
    assert pane and pane["width"] >= 380 and pane["height"] >= 300, pane
    for _ in range(12):  # a few decisions on the phone, then look again
        if d.step() == "over":
            break
    _no_overflow(page, "table after some play")
    page.click("#help-btn")
    page.wait_for_selector("#help")
    _no_overflow(page, "how to play")
    page.screenshot(path=str(out_dir / "phone-table.png"))
    assert not errors, errors


def _tab_to(page: Any, selector: str, limit: int = 250) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        if page.evaluate(f"() => !!document.activeElement && document.activeElement.matches({selector!r})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_a_whole_turn_with_the_keyboard_only(server: str, browser: Any, out_dir: Path) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 8})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0})
    # The setup (fort, capital tile) by mouse; then the first whole turn by keyboard.
    while True:
        d.wait_my_decision()
        if page.locator("#decision .focus-opt").count():
            break
        d.step()
    start = d.version()
    _tab_to(page, "#decision .focus-opt")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {start}")
    decisions = 1
    while True:
        d.wait_my_decision()
        if page.locator("#decision .focus-opt").count():
            break  # the next turn: the whole turn was played
        # Focus stays in the decision panel or on the map after each step.
        where = page.evaluate("() => document.activeElement && (document.activeElement.closest('#decision') ? 'decision'"
                              " : document.activeElement.closest('.map') ? 'map' : document.activeElement.tagName)")
        assert where in ("decision", "map"), f"the focus went to {where}"
        before = d.version()
        if page.locator(".map .target").count():
            _tab_to(page, ".map .target")
        else:
            _tab_to(page, "#decision > .buttons button.opt:not([data-kind='back'])")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before} || !!document.getElementById('menu')"
                               " || !!document.querySelector('.map .target.selected')")
        if page.locator("#menu").count():
            page.keyboard.press("Enter")  # the menu's first entry has the focus
        elif page.locator(".map .target.selected").count():
            _tab_to(page, ".map .target:not(.selected)")
            page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
        decisions += 1
        assert decisions < 60, "the turn does not end"
    assert decisions >= 2
    page.screenshot(path=str(out_dir / "keyboard-turn.png"))
    assert not errors, errors


def test_others_moves_play_out_step_by_step(server: str, browser: Any) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
                           "seed": 12})
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script("localStorage.setItem('newdawn.speed', 'fast')")
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0})
    seen: list[int] = []
    marked = 0
    for _ in range(40):
        d.wait_my_decision()
        if page.locator("#decision .focus-opt").count() and d.turns.get(0, 0) >= 1:
            break
        before = int(page.get_attribute("body", "data-actions") or "0")
        d.step()
        # While the bots play, the table shows their steps one at a time (queued, then paced).
        for _ in range(40):
            seen.append(int(page.get_attribute("body", "data-actions") or "0") - before)
            marked += page.locator(".map .last-step").count()
            if page.get_attribute("body", "data-pending") == "0" and page.get_attribute("body", "data-mine") == "true":
                break
            page.wait_for_timeout(100)
    steps = sorted(set(x for x in seen if x > 1))
    assert len(steps) >= 3, f"the bots' actions did not show one by one: {seen}"
    assert marked, "the spaces of the latest step were never marked"
    # The player can skip to the present.
    page.select_option("#speed", "instant")
    assert page.get_attribute("body", "data-pending") == "0"
    assert not errors, errors


def test_one_gesture_sends_a_piece_to_a_far_space(server: str, browser: Any) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3, "hotseat": True})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['hotseat_url']}")
    d = Driver(page, seats={0, 1}, seed=3, focus_plan=["economy", "military"])
    far = '.map .target[data-options^="reach "]'
    for _ in range(200):
        d.wait_my_decision()
        if page.locator(far).count():
            break
        d.step()
    assert page.locator(far).count(), "no far destination was ever offered"
    before = int(page.get_attribute("body", "data-actions") or "0")
    target = page.locator(far).first
    target.click()
    if page.locator("#menu").count():  # the destination starts a fight: confirm
        page.locator("#menu button.opt").first.click()
    # The table sends every step itself: several actions from one click.
    page.wait_for_function(f"() => Number(document.body.dataset.actions) >= {before + 2}", timeout=20000)
    d.wait_my_decision()
    assert int(page.get_attribute("body", "data-actions") or "0") >= before + 2
    assert not errors, errors


def _grown_map(seed: int) -> Any:
    """A state of a random game after many map tiles were laid (a larger, often tall, map)."""
    import random

    from newdawn.engine import apply, legal_actions, new_game

    st = new_game({"players": 3}, seed)
    rnd = random.Random(seed)
    start = st.board.n
    for _ in range(6000):
        if st.winner != -1 or st.board.n >= start + 40:
            break
        st = apply(st, rnd.choice(legal_actions(st)))
    return st


def test_the_map_and_panels_use_the_whole_width_at_1440x900(server: str, browser: Any, out_dir: Path) -> None:
    """A tall map on a 1440x900 screen leaves no wide empty band beside it: the panels take the
    width the map does not need (two columns)."""

    from newdawn.server.views import view_message

    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    tall = 0
    for seed in range(1, 9):
        st = _grown_map(seed)
        seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
                 for i, p in enumerate(st.players)]
        msg = view_message("fake", 5, st, -1, frozenset(), [], seats)
        open_recorded_view(page, server, msg)
        page.wait_for_selector(".map .space")
        page.wait_for_timeout(300)
        size = page.evaluate("() => window.__newdawn.mapSize")
        if size["h"] < size["w"] * 1.1:
            continue  # a wide map fills the pane by its width anyway
        tall += 1
        box = page.evaluate("""() => {
          const pane = document.getElementById('map-pane').getBoundingClientRect();
          let l = Infinity, r = -Infinity, t = Infinity, b = -Infinity;
          for (const e of document.querySelectorAll('.map .space')) {
            const x = e.getBoundingClientRect();
            l = Math.min(l, x.left); r = Math.max(r, x.right); t = Math.min(t, x.top); b = Math.max(b, x.bottom);
          }
          return {pw: pane.width, ph: pane.height, w: r - l, h: b - t,
                  cols: document.querySelectorAll('#side.two > div').length};
        }""")
        assert box["h"] >= 0.8 * box["ph"], box  # the map fills the height
        assert box["pw"] - box["w"] <= 160, box  # and no wide empty band is left beside it
        assert box["cols"] == 2, box
        page.screenshot(path=str(out_dir / f"wide-tall-map-{seed}.png"))
        if tall == 2:
            break
    assert tall, "no tall map came up"
    assert not errors, errors
