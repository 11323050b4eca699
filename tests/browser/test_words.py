"""Issue 41: the sentences the table shows are the server's (made in describe/), placed by the
JavaScript as they come: the line under a decision answered on the map, the wonder payment's
heading and what is still needed."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from newdawn.engine import GameState, apply, legal_actions, new_game
from newdawn.server.views import view_message

from .table_driver import open_recorded_view
from .test_places import _army_step_state
from .test_table import _new_page

SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


def test_the_decision_says_how_to_answer_on_the_map_in_the_servers_words(server: str, browser: Any) -> None:
    st = _army_step_state()
    seat = st.stack_frames[-1]["seat"]
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, seat, frozenset({seat}), [], seats)
    hint = msg["decision"]["map_hint"]
    assert hint and "highlighted space" in hint["text"], hint
    errors: list[str] = []
    page = _new_page(browser, errors)
    open_recorded_view(page, server, msg, "&token=t")
    page.wait_for_selector("#map-hint")
    assert page.inner_text("#map-hint") == hint["text"]
    assert page.inner_text("#decision .decider").strip() == msg["decision"]["who"]["yours"]
    assert page.inner_text("#decision details.all-options summary") == hint["listed"]
    # the turn panel's and the goal panel's lines (describe/table.turn_json, describe/goal.goal_json)
    assert page.inner_text("#turn .round b") == msg["turn"]["round_text"]
    assert msg["turn"]["first_text"] in page.inner_text("#turn .round")
    chips = page.eval_on_selector_all("#goal .claimed .chip b", "els => els.map(e => e.textContent)")
    assert chips == [c["text"] for c in msg["goal"]["claimed"]], chips
    titles = page.eval_on_selector_all("#goal .prog", "els => els.map(e => e.title)")
    assert titles == [p["title"] for card in msg["goal"]["cards"] for a in card["agendas"] for p in a["progress"]]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#decision").screenshot(path=str(SCREENSHOTS / "decision-map-hint.png"))
    assert not errors, errors
    # A spectator is told whom the table waits for, in the server's words.
    other = view_message("fake", st.version, st, -1, frozenset(), [], seats)
    spectator = _new_page(browser, errors)
    open_recorded_view(spectator, server, other)
    spectator.wait_for_selector("#decision .decider span")
    assert spectator.inner_text("#decision .decider").strip() == other["decision"]["who"]["waiting"]
    assert other["decision"]["who"]["waiting"].startswith(f"Waiting for Seat {seat + 1} (")
    assert not errors, errors


def _paying_state() -> GameState:
    for game in range(40):
        st = new_game({"players": 3}, game)
        rnd = random.Random(game)
        for _ in range(4000):
            if st.winner != -1:
                break
            if st.stack_frames[-1]["kind"] == "pay":
                return st
            st = apply(st, rnd.choice(legal_actions(st)))
    raise AssertionError("no wonder payment came up in random play")


def test_the_wonder_payment_says_what_it_pays_for_and_what_is_missing_in_the_servers_words(
        server: str, browser: Any) -> None:
    st = _paying_state()
    seat = st.stack_frames[-1]["seat"]
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, seat, frozenset({seat}), [], seats)
    prod = msg["production"]
    assert prod["title"].startswith("Paying for ") and prod["status"]
    errors: list[str] = []
    page = _new_page(browser, errors)
    open_recorded_view(page, server, msg, "&token=t")
    page.wait_for_selector("#production h3")
    assert page.inner_text("#production h3") == prod["title"]
    assert page.inner_text("#production p.hint") == prod["status"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#production").screenshot(path=str(SCREENSHOTS / "production-words.png"))
    assert not errors, errors


def test_the_player_boards_are_said_in_the_servers_words(server: str, browser: Any) -> None:
    st = _paying_state()  # mid-game: cities, tokens and pieces on the map
    seats = [{"seat": i, "kind": "human" if i == 0 else "bot", "bot": None if i == 0 else "normal",
              "leader": p.leader, "color": p.color, "connected": True} for i, p in enumerate(st.players)]
    msg = view_message("fake", st.version, st, -1, frozenset(), [], seats)
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    open_recorded_view(page, server, msg)
    for w in msg["boards"]:
        board = page.locator(f'.pboard[data-seat="{w["seat"]}"]')
        board.wait_for()
        assert board.locator(".pline").inner_text().endswith(f"resources {w['resources']}")
        assert board.locator(".kind").inner_text().startswith(msg["seats"][w["seat"]]["kind_text"])
        board.locator("button.more").click()
        assert f"Unused: {w['unused']}" in board.locator(".pdetails").inner_text()
    assert page.locator('.pboard[data-seat="1"] .kind').inner_text() == "bot normal"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator('.pboard[data-seat="0"]').screenshot(path=str(SCREENSHOTS / "player-board-words.png"))
    assert not errors, errors


def test_how_to_play_is_the_servers_page(server: str, browser: Any) -> None:
    from newdawn.content import load_content
    from newdawn.describe.help import help_page

    page_words = help_page(load_content("ti"))
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.wait_for_selector("#help-btn:not([disabled])")
    page.click("#help-btn")
    page.wait_for_selector("#help .rules h3")
    assert page.eval_on_selector_all("#help .rules h3", "els => els.map(e => e.textContent)") == [
        s["heading"] for s in page_words]
    first = page.inner_text("#help .rules p")
    assert first == "".join(x["text"] for x in page_words[0]["paragraphs"][0])
    assert page.locator("#help .rules ul").first.locator("li").count() == len(page_words[1]["items"])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#help").screenshot(path=str(SCREENSHOTS / "help-words.png"))
    assert not errors, errors
