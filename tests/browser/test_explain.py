"""The table explains itself: combat values with their parts, hover explanations, menus and previews."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from newdawn.engine import apply, legal_actions, new_game
from newdawn.engine.state import GameState
from newdawn.server.views import view_message

from .table_driver import Driver
from .test_table import _create, _new_page


def _state_in_combat() -> GameState:
    for game in range(40):
        st = new_game({"players": 4}, game)
        rnd = random.Random(game)
        for _ in range(4000):
            if st.winner != -1:
                break
            if st.stack_frames[-1]["k"] == "combat":
                return st
            st = apply(st, rnd.choice(legal_actions(st)))
    raise AssertionError("no combat came up in random play")


def test_combat_view_lists_dice_parts_and_tokens(server: str, browser: Any, out_dir: Path) -> None:
    st = _state_in_combat()
    f = st.stack_frames[-1]
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, f["att"], frozenset({f["att"]}), [], seats)
    combat = msg["combat"]
    assert combat is not None
    errors: list[str] = []
    page = _new_page(browser, errors)
    # The table gets this game's view over its WebSocket; here a recorded combat stands in for it.
    page.route_web_socket("**/ws/games/fake*", lambda ws: ws.send(json.dumps(msg)))
    page.goto(f"{server}/table.html?game=fake&token=t")
    page.wait_for_selector("#combat .cside")
    text = page.inner_text("#combat")
    att, dfd = combat["attacker"], combat["defender"]
    for side in (att, dfd):
        for part in side["parts"]:
            assert part["label"] in text
    rows = page.eval_on_selector_all("#combat .cside", "els => els.map(e => e.innerText)")
    for row, side in zip(rows, (att, dfd), strict=True):
        assert f"die\t{side['die']}" in row and f"total\t{side['total']}" in row, row
    assert "trade tokens spent" in rows[0] and "trade tokens spent" in rows[1]
    # The attacker decides: accept, or spend military trade tokens when it has them.
    assert page.locator('#decision button.opt[data-action="accept"]').count() == 1
    page.screenshot(path=str(out_dir / "combat-view.png"))
    assert not errors, errors


def test_hovering_a_space_explains_it_and_the_keyboard_chooses(server: str, browser: Any, out_dir: Path) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "human"}], "leaders": None,
                           "seed": 2, "hotseat": True})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['hotseat_url']}")
    d = Driver(page, seats={0, 1})
    d.wait_my_decision()
    # Until a decision names spaces, hovering a space says why it cannot be chosen (bug 5.2).
    while not page.locator(".map .target").count():
        text = page.inner_text("#decision-text")
        page.locator(".map .space").first.hover()
        page.wait_for_selector("#tooltip .why")
        assert page.inner_text("#tooltip .why"), text
        d.step()
        d.wait_my_decision()
    # A highlighted target says what a click does, in the button's words.
    page.locator(".map .target").first.hover()
    page.wait_for_selector("#tooltip .legal")
    assert page.inner_text("#tooltip .legal").startswith("click: ")
    page.screenshot(path=str(out_dir / "target-tooltip.png"))
    # The keyboard reaches the targets too: focus one and press Enter (a menu opens when a
    # space offers several options; Enter then chooses its focused first entry).
    version = d.version()
    page.focus(".map .target")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {version} || !!document.getElementById('menu')")
    if page.locator("#menu").count():
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {version}")
    assert not errors, errors
