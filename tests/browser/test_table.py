"""Acceptance of the browser table (issues 6 and 24): real server, real Chromium, clicks on the map."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from .table_driver import Driver, log_texts


def _create(base: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(f"{base}/api/games", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        out: dict[str, Any] = json.loads(r.read())
        return out


def _new_page(browser: Any, errors: list[str], width: int = 1280, height: int = 800) -> Any:
    """A page whose table shows other seats' moves at once (the tests do not wait for the pacing)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.add_init_script("localStorage.setItem('newdawn.speed', 'instant')")
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page


def test_lobby_creates_a_game_and_a_human_plays_three_turns_against_bots(
        server: str, browser: Any, out_dir: Path) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors)
    # The lobby: one human and three Easy bots, created through the form.
    page.goto(f"{server}/")
    page.select_option("#n-seats", "4")
    page.wait_for_selector("#seat-rows tr:nth-child(4) select.who")
    page.select_option("#seat-rows tr:nth-child(1) select.who", "human")
    for i in (2, 3, 4):
        page.select_option(f"#seat-rows tr:nth-child({i}) select.who", "bot:easy")
    # A leader chosen twice is refused by the server, in its words (describe/lobby.py).
    page.select_option("#seat-rows tr:nth-child(1) select.leader", "rome")
    page.select_option("#seat-rows tr:nth-child(2) select.leader", "rome")
    page.click("#create-btn")
    page.wait_for_function(
        "() => (document.getElementById('create-error')?.textContent || '').includes('chosen for two seats')")
    errors[:] = [e for e in errors if "400" not in e]  # the refused request, logged by the browser
    # Leaders chosen (the lobby would draw random ones for seats left on "random").
    for i, leader in enumerate(("rome", "egypt", "netherlands", "japan"), start=1):
        page.select_option(f"#seat-rows tr:nth-child({i}) select.leader", leader)
    page.fill("#seed", "11")
    page.click("#create-btn")
    # The creator goes straight to the table of their seat; the table says where the link is kept.
    page.wait_for_url("**/table.html*")
    page.wait_for_selector("#created-note")
    assert "created" not in page.url and "token=" in page.url
    seat_url = page.url.split(server, 1)[1]
    # ... and the lobby shows every link of the game again ("links").
    page.goto(f"{server}/")
    page.wait_for_selector("#game-rows tr[data-game] button.links")
    page.click("#game-rows tr[data-game] button.links")
    page.wait_for_selector("#created a.seat-link")
    assert page.locator("a.seat-link").count() == 1
    assert page.locator("a.spectator-link").count() == 1
    assert page.get_attribute("a.seat-link", "href") == seat_url
    page.screenshot(path=str(out_dir / "lobby.png"))
    spectator_url = page.get_attribute("a.spectator-link", "href")

    page.goto(f"{server}{seat_url}")
    assert not page.locator("#created-note").count()
    d = Driver(page, seats={0})
    page.wait_for_selector('.pboard[data-seat="0"] header')
    assert "Rome" in page.inner_text('.pboard[data-seat="0"] header')
    reloaded = False
    steps = 0
    # Three whole turns of seat 0: play until its fourth turn begins.
    while d.turns.get(0, 0) < 4:
        d.wait_my_decision()
        seat, text, targets, buttons = d.decision()
        if any(k == "focus" for _a, k in buttons) and d.turns.get(0, 0) == 3:
            break  # the fourth turn begins
        d.step()
        steps += 1
        assert steps < 400, "the turns do not end"
        if d.turns.get(0, 0) == 2 and not reloaded:
            page.screenshot(path=str(out_dir / "human-turn-2.png"))
            version = int(page.get_attribute("body", "data-version") or "0")
            page.reload()
            d.wait_my_decision()
            assert int(page.get_attribute("body", "data-version") or "0") >= version
            reloaded = True
    page.screenshot(path=str(out_dir / "human-after-3-turns.png"))
    texts = log_texts(page)
    assert reloaded
    mine = [t for t in texts if t.startswith("Seat 1")]
    assert any("control token" in t for t in mine), f"no control token placed by clicking: {mine}"
    assert any(" to " in t and ("Army" in t or "Caravan" in t) for t in mine), f"no caravan or army moved: {mine}"
    assert sum(1 for a in d.clicks if a.startswith("focus ")) >= 3
    assert any(t.startswith("Seat 2") for t in texts), "the bots did not play"
    # The log speaks the table's language: no engine ids, pieces numbered from 1 as on the buttons.
    assert not any("army 0" in t or "caravan 0" in t or "barb_move" in t for t in texts), texts

    # A spectator sees the same table without options; the replay steps through the game.
    spec = _new_page(browser, errors)
    spec.goto(f"{server}{spectator_url}")
    spec.wait_for_selector("#decision-text")
    assert spec.get_attribute("body", "data-mine") == "false"
    assert spec.locator(".map .target").count() == 0
    spec.goto(f"{server}{spectator_url}&replay=3")
    spec.wait_for_function("() => (document.getElementById('rp-label')?.textContent || '').startsWith('step 3')")
    assert spec.get_attribute("body", "data-version") == "3"
    spec.click("#rp-next")
    spec.wait_for_function("() => document.body.dataset.version === '4'")
    spec.screenshot(path=str(out_dir / "replay-step-4.png"))
    assert not errors, errors


def test_hot_seat_two_humans_play_several_turns(server: str, browser: Any, out_dir: Path) -> None:
    res = _create(server, {"seats": [{"kind": "human"}, {"kind": "human"}], "leaders": None,
                           "seed": 5, "hotseat": True})
    assert res["hotseat_url"]
    errors: list[str] = []
    page = _new_page(browser, errors, width=820, height=1180)  # a tablet held upright
    page.goto(f"{server}{res['hotseat_url']}")
    d = Driver(page, seats={0, 1})
    seen: set[int] = set()
    steps = 0
    undone = False
    while min(d.turns.get(0, 0), d.turns.get(1, 0)) < 3:
        d.wait_my_decision()
        seen.add(int(page.get_attribute("body", "data-decision-seat") or "-1"))
        did = d.step()
        steps += 1
        assert steps < 400, "the turns do not end"
        if not undone and did == "map" and page.inner_text("#decision-text").startswith("Place a control token"):
            d.wait_my_decision()
            if page.inner_text("#decision-text").startswith("Place a control token"):
                # Take the placement back: the token leaves the map, the log forgets it.
                version = int(page.get_attribute("body", "data-version") or "0")
                actions = int(page.get_attribute("body", "data-actions") or "0")
                shown = page.locator("#log > li").count()  # actions that said something (silent steps draw none)
                page.wait_for_function("() => !document.getElementById('undo').disabled")
                page.click("#undo")
                page.wait_for_function(f"() => Number(document.body.dataset.version) > {version} || "
                                       "document.getElementById('error').textContent.length > 0")
                assert page.inner_text("#error") == ""
                assert page.get_attribute("body", "data-actions") == str(actions - 1)
                assert page.locator("#log > li").count() == shown - 1  # the placement's entry is gone
                page.screenshot(path=str(out_dir / "hotseat-after-undo.png"))
                undone = True
    page.screenshot(path=str(out_dir / "hotseat-tablet.png"), full_page=True)
    assert seen == {0, 1}
    assert undone, "no placement was taken back with Undo"
    assert sum(1 for a in d.clicks if a.startswith("focus ")) >= 6
    # The lobby of this browser offers to resume the game it played.
    page.goto(f"{server}/")
    resume = page.locator(f'tr[data-game="{res["game_id"]}"] a.resume')
    resume.first.wait_for()
    assert resume.first.get_attribute("href") == res["hotseat_url"]
    assert not errors, errors
