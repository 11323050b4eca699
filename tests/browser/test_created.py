"""Issue 39 §5: after "Create game" the creator goes straight to the table of their seat; the
table gives the invite links once and says where the seat's link is kept (the lobby's "links",
in this browser); an invite link given there seats the other player."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from .test_table import _new_page


def test_the_creator_goes_to_the_table_with_the_invite_links_at_hand(server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.wait_for_selector("#seat-rows tr:nth-child(2) select.who")
    page.select_option("#seat-rows tr:nth-child(2) select.who", "human")
    page.click("#create-btn")
    page.wait_for_url("**/table.html*")
    page.wait_for_selector("#created-note")
    invite = page.inner_text("#created-note code.invite-url")
    assert "invite=" in invite and "created" not in page.url
    assert page.inner_text("#created-note ul.links li").startswith("Seat 2: ")  # the seat's name from the server
    page.click("#created-note button.close")
    assert not page.locator("#created-note").count()
    # the invited player opens the link and gets the other seat
    other = _new_page(browser, errors, 1440, 900)
    other.goto(invite)
    other.wait_for_url("**token=*")
    other.wait_for_selector(".pboard[data-seat='1']")
    # a reload of the creator's table does not show the note again
    page.reload()
    page.wait_for_selector("#decision")
    assert not page.locator("#created-note").count()
    # The lobby's list and links say the server's words (describe/lobby.py): players, status, each link's line.
    gid = page.url.split("game=", 1)[1].split("&", 1)[0]
    with urllib.request.urlopen(f"{server}/api/games", timeout=30) as r:
        (row,) = [g for g in json.loads(r.read())["games"] if g["game_id"] == gid]
    page.goto(f"{server}/")
    tr = page.locator(f'#game-rows tr[data-game="{gid}"]')
    tr.wait_for()
    assert tr.locator("td.players").inner_text() == row["players_text"] and row["players_text"]
    assert tr.locator("td").nth(4).inner_text() == row["status_text"] == "playing"
    assert tr.locator("a.resume").inner_text() == "Seat 1"
    tr.locator("button.links").click()
    page.wait_for_selector("#created a.invite-link")
    assert page.inner_text("#created a.seat-link") == "Seat 1 (human): your seat"
    assert page.inner_text("#created a.invite-link").startswith("Seat 2 (human): invite link")
    assert not [e for e in errors if "favicon" not in e], errors


def test_a_leader_chosen_for_two_seats_is_refused_in_the_servers_words(server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.wait_for_selector("#seat-rows tr:nth-child(2) select.leader")
    page.select_option("#seat-rows tr:nth-child(1) select.leader", "rome")
    page.select_option("#seat-rows tr:nth-child(2) select.leader", "rome")
    page.click("#create-btn")
    page.wait_for_function("document.querySelector('#create-error').textContent.length > 0")
    assert "is chosen for two seats" in page.inner_text("#create-error")
    assert "table.html" not in page.url
    page.select_option("#seat-rows tr:nth-child(2) select.leader", "")  # random: the server picks another
    page.click("#create-btn")
    page.wait_for_url("**/table.html*")
    assert not [e for e in errors if "favicon" not in e and "400" not in e], errors
