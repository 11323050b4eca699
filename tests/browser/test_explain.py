"""The table explains itself: combat values with their parts, and why a space is not legal."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from newdawn.engine import apply, legal_actions, new_game
from newdawn.engine.state import GameState
from newdawn.server.views import view_message

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
    # The table reads this game's view from the server; here a recorded combat stands in for it.
    page.route("**/api/games/fake/state*", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(msg)))
    page.goto(f"{server}/table.html?game=fake&token=t")
    page.wait_for_selector("#combat:not([hidden]) .cside")
    text = page.inner_text("#combat")
    att, dfd = combat["attacker"], combat["defender"]
    for side in (att, dfd):
        for part in side["parts"]:
            assert part["label"] in text
    rows = page.eval_on_selector_all("#combat .cside", "els => els.map(e => e.innerText)")
    assert f"die\t{att['die']}" in rows[0] and f"total\t{att['total']}" in rows[0]
    assert f"die\t{dfd['die']}" in rows[1] and f"total\t{dfd['total']}" in rows[1]
    assert "trade tokens spent" in rows[0] and "trade tokens spent" in rows[1]
    # The attacker decides: accept, or spend military trade tokens when it has them.
    assert page.locator('#decision button.opt[data-action="accept"]').count() == 1
    page.screenshot(path=str(out_dir / "combat-view.png"))
    assert not errors, errors


def test_hovering_a_space_that_is_not_legal_says_why(server: str, browser: Any, out_dir: Path) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "human"}], "leaders": None,
                           "seed": 2, "hotseat": True})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['hotseat_url']}")
    page.wait_for_function("() => document.body.dataset.mine === 'true'")
    assert page.locator(".space.target").count() > 0
    # The first decision places a fort: hover a printed space of the core (never a fort spot).
    page.locator(".space:not(.target):not(.ghost)").first.hover()
    page.wait_for_selector("#tooltip:not([hidden]) .why")
    why = page.inner_text("#tooltip .why")
    assert why.startswith("Not legal (fort "), why
    assert len(why) > len("Not legal (fort 0,0): ") + 5
    page.screenshot(path=str(out_dir / "why-tooltip.png"))
    # A highlighted target says what a click does.
    page.locator(".space.target").first.hover()
    page.wait_for_selector("#tooltip:not([hidden]) .legal")
    assert "click: fort " in page.inner_text("#tooltip .legal")
    # The keyboard reaches the targets too: focus one and press Enter.
    version = page.get_attribute("body", "data-version")
    fort = page.get_attribute(".space.target", "data-options")
    page.focus(".space.target")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
    assert page.eval_on_selector_all("#log code", "els => els.map(e => e.textContent)")[-1] == fort
    assert not errors, errors


def test_placing_a_tile_previews_it_before_the_click(server: str, browser: Any, out_dir: Path) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "human"}], "leaders": None,
                           "seed": 4, "hotseat": True})
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['hotseat_url']}")
    for _ in range(6):  # the forts first, then a capital tile
        # Ours, and the last click's send() over: the server pushes the new view over the WebSocket
        # before it answers the POST, so the page shows it while send() still awaits its follow-up
        # GET /state, and the table ignores a map click meanwhile (S.busy).
        page.wait_for_function(
            "() => document.body.dataset.mine === 'true' && !document.body.classList.contains('busy')")
        if page.inner_text("#decision-text").startswith("Place your capital tile"):
            break
        version = page.get_attribute("body", "data-version")
        page.locator(".space.target").first.click()
        page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
    assert page.inner_text("#decision-text").startswith("Place your capital tile")
    # A tile position offers its sides and rotations in a menu; each previews the tile.
    keys = page.eval_on_selector_all(".space.target", "els => els.map(e => [e.dataset.key, e.dataset.options])")
    key = next(k for k, opts in keys if "|" in opts)
    page.locator(f'.space.target[data-key="{key}"]').first.click()
    page.wait_for_selector("#menu:not([hidden]) button.opt")
    page.locator("#menu button.opt").nth(1).hover()
    page.wait_for_selector("polygon.preview")
    assert page.locator("polygon.preview").count() >= 7
    page.screenshot(path=str(out_dir / "tile-preview.png"))
    version = page.get_attribute("body", "data-version")
    chosen = page.locator("#menu button.opt").nth(1).get_attribute("data-action")
    page.locator("#menu button.opt").nth(1).click()
    page.wait_for_function(f"() => document.body.dataset.version !== '{version}'")
    assert page.eval_on_selector_all("#log code", "els => els.map(e => e.textContent)")[-1] == chosen
    assert not errors, errors
