"""The table's bugs of issue 24 §5, each with a test (5.2, 5.5, 5.7, 5.9 and 5.10 are checked in
test_explain, test_comfort, test_table, test_full_game and tools/bench_table.py)."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import uvicorn

from newdawn.server import create_app

from .conftest import _free_port
from .table_driver import Driver, assert_units_inside
from .test_static import STATIC
from .test_table import _create, _new_page


def test_5_3_the_lobby_selects_one_bot_and_the_newcomers_default(server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}/")
    page.select_option("#n-seats", "4")
    page.wait_for_selector("#seat-rows tr:nth-child(4)")
    chosen = page.eval_on_selector_all(
        "#seat-rows select.who", "els => els.map(e => [e.value, [...e.options].filter(o => o.selected).length])")
    assert chosen == [["human", 1], ["bot:easy", 1], ["bot:easy", 1], ["bot:easy", 1]], chosen
    # The seats offer the levels (issue 38), each used one explained in one line of measured
    # strength and speed, in the bots package's words.
    from newdawn.bots.registry import LEVELS

    offered = page.eval_on_selector("#seat-rows tr:nth-child(2) select.who", "e => [...e.options].map(o => o.textContent)")
    assert offered == ["Human"] + [f"Bot: {lv.label}" for lv in LEVELS.values()], offered
    assert page.inner_text(".bot-info") == f"Easy: {LEVELS['easy'].description}"
    page.select_option("#seat-rows tr:nth-child(2) select.who", "bot:hard")
    assert f"Hard: {LEVELS['hard'].description}" in page.inner_text(".bot-info")
    # The lobby's script holds no words of its own about the bots.
    lobby = (STATIC / "lobby.js").read_text()
    assert all(lv.description not in lobby and lv.label not in lobby for lv in LEVELS.values())
    assert not errors, errors


def _luminance(rgb: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", rgb)[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_5_4_create_game_stays_readable_on_hover(server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}/")
    page.hover("#create-btn")
    page.wait_for_timeout(100)
    fg, bg = page.eval_on_selector("#create-btn", "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
    hi, lo = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    assert (hi + 0.05) / (lo + 0.05) >= 4.5, (fg, bg)
    assert not errors, errors


# Words of a card name that the browser laid out on more than one line box: broken mid-word.
BROKEN_WORDS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('.focus-card .cname, .focus-opt .olabel')) {
    const node = el.firstChild;
    if (!node || node.nodeType !== 3) continue;
    const text = node.textContent;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text))) {
      const r = document.createRange();
      r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
}"""


def test_5_6_card_names_never_break_mid_word(server: str, browser: Any) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 6})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0})
    while not page.locator("#decision .focus-opt").count():
        d.step()
    for w, h in ((1440, 900), (1024, 768), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(100)
        assert page.locator(".focus-card .cname").count() >= 10
        assert page.evaluate(BROKEN_WORDS) == [], w
    assert not errors, errors


def test_5_8_after_a_server_restart_the_table_reconnects_and_buttons_wait_meanwhile(
        browser: Any, tmp_path: Path) -> None:
    port = _free_port()
    db = f"sqlite:///{tmp_path / 'games.db'}"

    def start() -> tuple[uvicorn.Server, threading.Thread]:
        srv = uvicorn.Server(uvicorn.Config(create_app(db, bot_delay=0), host="127.0.0.1", port=port, log_level="warning"))
        th = threading.Thread(target=srv.run, daemon=True)
        th.start()
        end = time.monotonic() + 20
        while not srv.started:
            assert time.monotonic() < end and th.is_alive(), "the server did not start"
            time.sleep(0.05)
        return srv, th

    srv, th = start()
    base = f"http://127.0.0.1:{port}"
    req = urllib.request.Request(f"{base}/api/games", data=json.dumps(
        {"seats": [{"kind": "human"}, {"kind": "human"}], "hotseat": True}).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        res = json.loads(r.read())
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{base}{res['hotseat_url']}")
    d = Driver(page, seats={0, 1})
    d.wait_my_decision()
    d.step()
    d.wait_my_decision()
    # The server goes away: the table says so and every button of the decision is off.
    srv.should_exit = True
    th.join(timeout=15)
    page.wait_for_function("() => document.body.dataset.conn === 'offline'", timeout=15000)
    assert page.locator(".banner").count() == 1
    states = page.eval_on_selector_all("#decision button.opt", "els => els.map(e => e.disabled)")
    assert states and all(states), states
    # A new server on the same database: the table comes back by itself, without an error left on screen.
    srv, th = start()
    try:
        page.wait_for_function("() => document.body.dataset.conn === 'live'", timeout=20000)
        assert page.inner_text("#error") == ""
        assert page.locator(".banner").count() == 0
        d.step()  # and it plays on
    finally:
        srv.should_exit = True
        th.join(timeout=15)
    errors = [e for e in errors if "WebSocket" not in e and "ERR_CONNECTION_REFUSED" not in e]
    assert not errors, errors


def test_5_11_pieces_stand_inside_their_space(server: str, browser: Any) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}],
                           "seed": 9})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['seats'][0]['url']}")
    d = Driver(page, seats={0}, seed=9, hurry=True)
    for _ in range(60):
        if d.step() == "over":
            break
    assert page.locator(".map .unit").count() >= 3
    assert_units_inside(page)
    assert not errors, errors


def test_5_12_no_two_kinds_of_piece_share_a_mark() -> None:
    text = (STATIC / "map.js").read_text(encoding="utf-8")
    block = re.search(r"export const DISTRICT_MARK = \{(.*?)\};", text, re.S)
    assert block, "map.js has no DISTRICT_MARK"
    marks = re.findall(r':\s*"([^"]+)"', block.group(1))
    assert len(marks) == 5 and len(set(marks)) == 5, marks
    # Barbarians carry letters, resources M/Hg/Oil/◇, capitals ★, wonders W: districts use none of them.
    assert not any(re.search(r"[A-Za-z★◇]", m) for m in marks), marks
