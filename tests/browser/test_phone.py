"""On phones, tap targets of at least 44 px (issue 39 §5): every button, select, field, panel
summary, link and anything that opens a glossary entry, on the lobby and on the table after a
few turns (the boards' "more" opened, a glossary entry open), is at least 44 px high and wide.
A checkbox is tapped by its label. The map's spaces are not counted: they grow with the zoom."""

from __future__ import annotations

from typing import Any

from .table_driver import Driver
from .test_table import _create

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
