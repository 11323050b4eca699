"""Words for every piece (issue 39 §2): on a 390x844 phone a card, a district and a government
are read in full by tapping them (hover texts cannot be read on a phone); the card reference
lists the glossary of the game's ruleset only."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from newdawn.bots.random_bot import RandomBot
from newdawn.describe.glossary import glossary
from newdawn.engine import apply, legal_actions, new_game
from newdawn.engine.state import GameState
from newdawn.server.views import view_message

from .table_driver import open_recorded_view

SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


def _state_with_a_district_and_a_government() -> GameState:
    st = new_game({"players": 2, "max_rounds": 40}, 1)
    bot = RandomBot(random.Random(1))
    while st.winner == -1:
        if st.district and any(p.gov for p in st.players):
            return st
        st = apply(st, str(bot.choose(None, legal_actions(st))))
    raise AssertionError("no district and government came up")


def test_a_card_a_district_and_a_government_are_read_by_tapping_on_a_phone(server: str, browser: Any) -> None:
    st = _state_with_a_district_and_a_government()
    seat = next(i for i, p in enumerate(st.players) if p.gov)
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, seat, frozenset(), [], seats)
    entries = {e["id"]: e for e in glossary("ti")}
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_recorded_view(page, server, msg)
    page.wait_for_selector("#boards .pboard")
    board = page.locator(f"#boards .pboard[data-seat='{seat}']")

    def read(locator: Any, term: str) -> None:
        locator.scroll_into_view_if_needed()
        locator.tap()
        page.wait_for_selector("#term-card")
        card = page.locator("#term-card")
        assert card.get_attribute("data-id") == term
        assert entries[term]["text"] in card.inner_text()
        box = card.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"glossary-{term.split(':')[0]}-390x844.png"))
        page.locator("#term-card .close").tap()
        assert page.locator("#term-card").count() == 0

    card_id = st.players[seat].row[-1]
    read(board.locator(f".focus-card[data-card='{card_id}']"), f"focus:{card_id}")
    read(board.locator(".gov-token"), f"gov:{st.players[seat].gov}")
    # a district: tap its space on the map, then its name in the panel that opens
    space, district = next(iter(st.district.items()))
    q, r = st.board.coords[space]
    page.locator(f'.map .space[data-key="{q},{r}"]').first.tap()
    read(page.locator(f'#info [data-term="district:{district}"]'), f"district:{district}")
    ctx.close()
    assert not errors, errors


def test_the_card_reference_lists_the_rulesets_glossary_only(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    page.goto(f"{server}/")
    page.click("#help-btn")
    page.click("text=Card reference")
    names = page.eval_on_selector_all(".reference li[data-id]", "els => els.map(e => e.dataset.id)")
    assert names == [e["id"] for e in glossary("ti")]
    assert "focus:currency_base" not in names


def test_a_piece_named_in_the_log_is_read_by_tapping_it_on_a_phone(server: str, browser: Any) -> None:
    """The log's line "Seat 2 resolves Early Empire in slot 3" offers Early Empire's glossary
    entry (the entry's ``terms``); a tap reads it in full."""
    from .table_driver import Driver
    from .test_table import _create

    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}], "seed": 3})
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('newdawn.speed', 'instant')")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0}, seed=3, hurry=True)
    for _ in range(20):
        if page.locator("#log button.lterm").count():
            break
        d.step()
    d.wait_my_decision()
    if page.get_attribute("#log-box", "open") is None:  # the log is folded on a phone: open it
        page.locator("#log-box > summary").tap()
    chip = page.locator("#log button.lterm").last.element_handle()
    chip.scroll_into_view_if_needed()
    term = chip.get_attribute("data-term") or ""
    entries = {e["id"]: e for e in glossary("ti")}
    assert (chip.text_content() or "").strip() == entries[term]["name"]
    chip.tap()
    page.wait_for_selector("#term-card")
    assert page.locator("#term-card").get_attribute("data-id") == term
    assert entries[term]["text"] in page.inner_text("#term-card")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "glossary-log-390x844.png"))
    page.locator("#term-card .close").tap()
    ctx.close()
    assert not errors, errors


def test_a_wonder_on_the_map_is_read_by_tapping_its_space_on_a_phone(server: str, browser: Any) -> None:
    """A wonder built stands on the map (``wonder_at``): tapping its space offers its entry."""
    st = new_game({"players": 2, "max_rounds": 60}, 2)
    bot = RandomBot(random.Random(2))
    while st.winner == -1 and not st.wonder_at:
        st = apply(st, str(bot.choose(None, legal_actions(st))))
    assert st.wonder_at, "no wonder was built"
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, 0, frozenset(), [], seats)
    space, wonder = next(iter(st.wonder_at.items()))
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_recorded_view(page, server, msg)
    q, r = st.board.coords[space]
    page.wait_for_selector(f'.map .space[data-key="{q},{r}"]')
    page.locator(f'.map .space[data-key="{q},{r}"]').first.tap()
    link = page.locator(f'#info [data-term="wonder:{wonder}"]')
    link.tap()
    page.wait_for_selector("#term-card")
    entry = next(e for e in glossary("ti") if e["id"] == f"wonder:{wonder}")
    assert entry["text"] in page.inner_text("#term-card")
    ctx.close()
    assert not errors, errors
