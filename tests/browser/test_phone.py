"""On phones, tap targets of at least 44 px (issue 39 §5): every button, select, field, panel
summary, link and anything that opens a glossary entry, on the lobby and on the table after a
few turns (the boards' "more" opened, a glossary entry open), is at least 44 px high and wide.
A checkbox is tapped by its label. The map's spaces are measured on their own: a phone's first
view of the map is zoomed so that each is 44 px across, and pans inside the map's box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .table_driver import Driver
from .test_table import _create

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"

SMALL = """() => [...document.querySelectorAll(
    'button, select, input, summary, a[href], [role=button], [data-term], .focus-card')].filter((e) => {
  if (e.closest('svg')) return false;
  const b = e.getBoundingClientRect();
  if (!b.width || !b.height) return false;
  const st = getComputedStyle(e);
  if (st.visibility === 'hidden') return false;
  const box = e.type === 'checkbox' && e.closest('label') ? e.closest('label').getBoundingClientRect() : b;
  return box.height < 44 || (e.type !== 'checkbox' && box.width < 44);
}).map((e) => `${e.tagName}#${e.id}.${e.className} "${(e.textContent || '').trim().slice(0, 30)}"`
  + ` ${Math.round(e.getBoundingClientRect().width)}x${Math.round(e.getBoundingClientRect().height)}`)"""


def _phone(browser: Any) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('newdawn.speed', 'instant')")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def test_every_tap_target_of_the_lobby_and_the_table_is_44_px_on_a_phone(server: str, browser: Any) -> None:
    ctx, page, errors = _phone(browser)
    page.goto(f"{server}/")
    page.wait_for_selector("button.learn")
    page.select_option("#n-seats", "3")
    page.select_option("#seat-rows tr:nth-child(1) select.leader", "rome")  # the leader's ability shows
    assert page.evaluate(SMALL) == []
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], "seed": 3})
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0}, seed=3, hurry=True)
    for _ in range(16):
        d.step()
    d.wait_my_decision()
    assert page.locator("#log button.lterm").count()  # the log's pieces are tap targets too
    for more in page.locator("#boards button.more").all():
        more.scroll_into_view_if_needed()
        more.tap()
    assert page.evaluate(SMALL) == []
    card = page.locator("#boards .focus-card").first
    card.scroll_into_view_if_needed()
    card.tap()
    page.wait_for_selector("#term-card")
    assert page.evaluate(SMALL) == []
    ctx.close()
    assert not errors, errors


SPACES = """() => { const box = document.querySelector('svg.map').getBoundingClientRect();
  return [...document.querySelectorAll('svg.map g.space > polygon:first-child')].map((e) => {
    const b = e.getBoundingClientRect(); const g = e.parentElement;
    const inside = b.x + b.width / 2 > box.left && b.x + b.width / 2 < box.right
      && b.y + b.height / 2 > box.top && b.y + b.height / 2 < box.bottom;
    return [g.dataset.id, Math.round(b.width * 10) / 10, Math.round(b.height * 10) / 10, inside];
  }); }"""
"""Each map space: its id, width and height in px, and whether its centre lies in the map's box."""


def test_the_map_spaces_are_44_px_on_a_phone_and_the_whole_map_fits_a_desktop(server: str, browser: Any) -> None:
    """Issue 39 §5: at 390x844 the fitted map made a space 36x41 px at the start of a 4-player
    game. A phone's map opens zoomed so that a space is at least 44 px across, centred on the
    seat's capital, the rest a drag away inside the map's box (the page does not scroll sideways);
    the fit button still shows the whole map; a desktop still sees the whole map at once."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 3
    res = _create(server, {"seats": seats, "seed": 3})
    SHOTS.mkdir(parents=True, exist_ok=True)
    url = f"{server}{res['seats'][0]['url']}"
    ctx, page, errors = _phone(browser)
    page.goto(url)
    d = Driver(page, seats={0}, seed=3, hurry=True)
    d.wait_my_decision()
    spaces = page.evaluate(SPACES)
    shown = [s for s in spaces if s[3]]
    assert len(shown) >= 6, spaces
    assert all(w >= 44 and h >= 44 for _, w, h, _ in shown), shown
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    capital = page.evaluate("() => window.__newdawn.model.msg.view.capitals[0]")
    while capital < 0:
        d.step()
        capital = page.evaluate("() => window.__newdawn.model.msg.view.capitals[0]")
    page.reload()
    d.wait_my_decision()
    at = {s[0]: s for s in page.evaluate(SPACES)}
    assert at[str(capital)][3], at[str(capital)]  # the capital in view
    assert all(w >= 44 and h >= 44 for _, w, h, inside in at.values() if inside)
    page.screenshot(path=str(SHOTS / "phone-map.png"))
    page.click("text=fit")
    assert all(inside for *_, inside in page.evaluate(SPACES))  # the whole map
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    ctx.close()
    assert not errors, errors
    desk = browser.new_page(viewport={"width": 1440, "height": 900})
    desk.goto(url)
    desk.wait_for_selector("#decision")
    desk.wait_for_timeout(300)
    spaces = desk.evaluate(SPACES)
    assert all(inside for *_, inside in spaces), spaces  # the whole map, as before
    desk.screenshot(path=str(SHOTS / "desktop-map.png"))
    desk.close()


def test_a_buttons_hint_is_written_out_on_a_touch_screen(server: str, browser: Any) -> None:
    """Hover-only texts cannot be read on a phone (issue 39 §2): a button's hint ("without trade
    tokens", a fight's odds), its title where a pointer hovers, is written under its label on a
    touch screen, and stays a title on a desktop."""
    import random

    from newdawn.describe import option_records
    from newdawn.describe.options import auto_action
    from newdawn.engine import apply, decision_seat, legal_actions, new_game
    from newdawn.server.views import view_message

    from .table_driver import open_recorded_view

    st, rnd = new_game({"players": 2}, 1), random.Random(1)
    while auto_action(st) is not None or not any(r["hint"] and r["kind"] in ("confirm", "choice")
                                                 for r in option_records(st)):
        st = apply(st, rnd.choice(legal_actions(st)))
    rec = next(r for r in option_records(st) if r["hint"] and r["kind"] in ("confirm", "choice"))
    seat = decision_seat(st)
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, seat, frozenset({seat}), [], seats)
    button = f'#decision button.opt[data-action="{rec["action"]}"] .ohint'
    ctx, page, errors = _phone(browser)
    open_recorded_view(page, server, msg, "&token=t")
    page.wait_for_selector(button)
    assert page.is_visible(button) and page.inner_text(button) == rec["hint"]
    ctx.close()
    desk = browser.new_page(viewport={"width": 1440, "height": 900})
    open_recorded_view(desk, server, msg, "&token=t")
    desk.wait_for_selector(button, state="attached")
    assert not desk.is_visible(button)
    assert desk.get_attribute(f'#decision button.opt[data-action="{rec["action"]}"]', "title") == rec["hint"]
    desk.close()
    assert not errors, errors
