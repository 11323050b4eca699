"""The table explains itself: combat values with their parts, hover explanations, menus and previews."""

from __future__ import annotations

import json
import random
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from newdawn.engine import apply, legal_actions, new_game
from newdawn.engine.state import GameState
from newdawn.server.views import view_message

from .table_driver import Driver, open_recorded_view
from .test_table import _create, _new_page


def _state_in_combat() -> GameState:
    for game in range(40):
        st = new_game({"players": 4}, game)
        rnd = random.Random(game)
        for _ in range(4000):
            if st.winner != -1:
                break
            if st.stack_frames[-1]["kind"] == "combat":
                return st
            st = apply(st, rnd.choice(legal_actions(st)))
    raise AssertionError("no combat came up in random play")


def test_combat_view_lists_dice_parts_and_tokens(server: str, browser: Any, out_dir: Path) -> None:
    st = _state_in_combat()
    f = st.stack_frames[-1]
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, f["attacker"], frozenset({f["attacker"]}), [], seats)
    combat = msg["combat"]
    assert combat is not None
    errors: list[str] = []
    page = _new_page(browser, errors)
    # The table gets this game's view over its WebSocket; here a recorded combat stands in for it.
    open_recorded_view(page, server, msg, "&token=t")
    page.wait_for_selector("#combat .cside")
    text = page.inner_text("#combat")
    att, dfd = combat["attacker"], combat["defender"]
    for side in (att, dfd):
        for part in side["parts"]:
            assert part["label"] in text
    rows = page.eval_on_selector_all("#combat .cside", "els => els.map(e => e.innerText)")
    for row, side in zip(rows, (att, dfd), strict=True):
        assert f"die\t{side['die']}" in row and f"total\t{side['total']}" in row, row
        assert row.startswith(("Attacker: ", "Defender: ")) and side["name"] in row.splitlines()[0], row
    assert "trade tokens spent" in rows[0] and "trade tokens spent" in rows[1]
    assert page.inner_text("#combat p.hint") == f"{combat['ties']} · {combat['stage_text']}"  # the server's words
    # The attacker decides: accept, or spend military trade tokens when it has them; with none to
    # spend, accepting is the only option and the table sends it itself (issue 39 §4).
    auto = msg["decision"]["auto_action"]
    assert auto == ("accept" if msg["decision"]["options"] == ["accept"] else None)
    assert page.locator('#decision button.opt[data-action="accept"]').count() == (0 if auto else 1)
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
    # The first decision of a game (the fort) says why it matters, for a newcomer.
    assert "fort" in page.inner_text("#decision .dhelp")
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


def test_hovering_a_space_that_is_not_a_choice_gives_the_engines_reason_for_that_space(
        server: str, browser: Any, out_dir: Path) -> None:
    """Bug 5.2: on a decision that chooses spaces, a space that is not a choice says why *it*
    is not (the engine's why_not of the action a click there would make, in describe's words), not the
    decision's general reason."""
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "human"}], "leaders": None,
                           "seed": 2, "hotseat": True})
    token = res["hotseat_url"].split("hotseat=")[1].split("&")[0]
    errors: list[str] = []
    page = _new_page(browser, errors)
    page.goto(f"{server}{res['hotseat_url']}")
    d = Driver(page, seats={0, 1}, seed=3)
    checked = 0
    for _ in range(60):
        d.wait_my_decision()
        actions = page.eval_on_selector_all("#decision .all-options button.opt", "els => els.map(e => e.dataset.action)")
        verbs = {a.split()[0] for a in actions if len(a.split()) == 2 and "," in a and ">" not in a}
        if len(verbs) == 1:
            verb = verbs.pop()
            targets = set(page.eval_on_selector_all(".map .target", "els => els.map(e => e.dataset.key)"))
            spaces = page.eval_on_selector_all(".map .space", "els => els.map(e => e.dataset.key)")
            others = [k for k in spaces if k not in targets]
            for key in others[:: max(1, len(others) // 3)][:3]:
                q = urllib.parse.urlencode({"action": f"{verb} {key}", "token": token})
                with urllib.request.urlopen(f"{server}/api/games/{res['game_id']}/why?{q}", timeout=30) as r:
                    why = json.loads(r.read())
                reason, kind = why["reason"], why["refusal"]["kind"]
                assert reason and key not in reason, (key, reason)  # a place by name, never its coordinates
                page.evaluate("(k) => { const e = document.querySelector(`.map .space[data-key='${k}']`);"
                              " const b = e.getBoundingClientRect(); e.dispatchEvent(new PointerEvent('pointermove',"
                              " {bubbles: true, clientX: b.x + b.width / 2, clientY: b.y + b.height / 2})); }", key)
                page.wait_for_selector(f"#tooltip[data-key='{key}'] .why")
                assert key not in page.inner_text("#tooltip"), "the tooltip names no coordinates"
                shown = page.inner_text("#tooltip .why")
                if kind in ("not_an_option", "verb_not_offered", "no_argument"):
                    continue  # the engine has nothing better: the decision's general words stand
                # The same fact in the same words, except that on the space itself the space is
                # "this space" rather than its name.
                assert shown.lower() == reason.lower() or shown.startswith("This space"), (key, kind, shown, reason)
                assert key not in shown, (key, shown)
                checked += 1
        if checked >= 3:
            break
        d.step()
    assert checked >= 3, "no decision choosing spaces with reasons came"
    page.screenshot(path=str(out_dir / "why-tooltip.png"))
    assert not errors, errors
