"""Issue 25: a base game with the Automated Player created from the lobby (ruleset choice,
"add the Automated Player") and played through the table until round 2."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from .table_driver import Driver
from .test_table import _new_page


def _view(server: str, game_id: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server}/api/games/{game_id}/state") as r:  # noqa: S310 - our test server
        out: dict[str, Any] = json.loads(r.read())
    return out


def test_a_base_game_with_the_automated_player_from_the_lobby(server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.wait_for_selector("#ruleset")
    page.select_option("#ruleset", "base")
    page.wait_for_selector("#opt-map")
    page.check("#automa")
    assert "Automated Player" in page.inner_text("#seat-rows")
    assert page.input_value('#seat-rows tr:nth-child(2) select.who') == "bot:easy"
    page.fill("#seed", "3")
    page.click("#create-btn")
    page.wait_for_url("**/table.html*")  # the creator goes straight to their seat
    game_id = page.url.split("game=", 1)[1].split("&", 1)[0]
    v = _view(server, game_id)
    assert v["view"]["config"]["ruleset"] == "base" and v["view"]["config"]["automa"] is True
    assert [s["kind"] for s in v["seats"]] == ["human", "bot", "ap"]
    d = Driver(page, seats={0}, seed=3, hurry=True)
    d.wait_my_decision()
    assert "Automated Player" in page.inner_text("#side")
    assert page.locator(".pboard[data-seat='0'] .focus-row li").count() == 5  # five focus slots
    steps = 0
    while _view(server, game_id)["view"]["round"] < 2:
        assert d.step() != "over"
        steps += 1
        assert steps < 300, "round 2 did not come"
    assert not errors and not d.page_errors, errors + d.page_errors


def test_the_lobby_says_what_each_setting_means_in_the_servers_words(server: str, browser: Any) -> None:
    """Issue 39 §2: each setting's meaning under it (describe/lobby.SETTINGS, and each game
    option's ``text`` of describe/rulesets.OPTIONS), the game length and each chosen leader's
    ability beside them."""
    from newdawn.describe.lobby import SETTINGS
    from newdawn.describe.rulesets import OPTIONS

    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.wait_for_selector("#seed-info")
    page.select_option("#turn-limit", index=1)
    for key in ("max_rounds", "turn_limit", "seed", "hotseat"):
        assert page.inner_text(f"#{key}-info") == SETTINGS[key], key
    assert page.inner_text("#game-length").startswith("A whole game: about")
    page.select_option("#seat-rows tr:nth-child(1) select.leader", "rome")
    assert "Trajan (Rome)" in page.inner_text(".leader-info")
    page.select_option("#ruleset", "base")
    page.wait_for_selector("#opt-map-info")
    assert page.inner_text("#opt-map-info") == OPTIONS["map"][2]
    assert page.inner_text("#opt-epic-info") == OPTIONS["epic"][2]
    assert not errors, errors
