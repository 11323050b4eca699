"""Acceptance (issue 24): a complete 2-player game against a bot, played through the UI only
(lobby form, seat link, clicks), to the end screen with a winner; the standings shown are
checked against the engine's own state of the recorded game.

It also writes the screenshots of ``make screenshots``: the table at the start, in the middle
of the game and at the end screen, at 1440x900 and 390x844, into ``out/screenshots/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from newdawn.content import load_content
from newdawn.engine import replay
from newdawn.server.store import Store

from .table_driver import Driver, assert_units_inside
from .test_table import _new_page

SHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"
SIZES = {"desktop": (1440, 900), "phone": (390, 844)}


def _shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)  # the map refits itself to the new size
        page.screenshot(path=str(SHOTS / f"{name}-{label}-{w}x{h}.png"))
    page.set_viewport_size({"width": 1440, "height": 900})


def test_a_whole_game_against_a_bot_to_the_end_screen(server: str, browser: Any, tmp_path: Path) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    # The lobby's defaults are a newcomer's game: 2 players, a human against the Easy bot.
    assert page.input_value("#n-seats") == "2"
    assert page.input_value('#seat-rows tr:nth-child(2) select.who') == "bot:easy"
    page.fill("#seed", "4")
    page.click("#create-btn")
    page.wait_for_url("**/table.html*")  # the creator goes straight to their seat
    game_id = page.url.split("game=", 1)[1].split("&", 1)[0]
    d = Driver(page, seats={0}, seed=4, hurry=True)
    d.wait_my_decision()
    _shoot(page, "start")
    steps = 0
    shot_mid = False
    while d.step() != "over":
        steps += 1
        assert steps < 1500, "the game does not end"
        if not shot_mid and d.turns.get(0, 0) >= 8 and page.locator("#decision .focus-opt").count():
            _shoot(page, "mid-game")
            assert_units_inside(page)
            shot_mid = True
    page.wait_for_selector("#endscreen")
    _shoot(page, "end")

    # The engine's own account of the recorded game.
    rec = Store(f"sqlite:///{tmp_path / 'games.db'}").load_game(game_id)
    assert rec is not None
    st = replay({"config": rec.config, "seed": rec.seed, "actions": [a for _, a in rec.actions]})[-1]
    assert st.winner >= 0, "the game ended without a winner"
    content = load_content(st.ruleset)
    card_of = {a.id: vc for vc, card in content.victory_cards.items() for a in card.agendas}
    cards = {seat: len({card_of[a] for a, seats in st.claims.items() if seat in seats and card_of[a] in st.victory_cards})
             for seat in range(st.n)}

    shown_winner = page.inner_text("#endscreen h2")
    assert shown_winner.startswith(f"Seat {st.winner + 1}") and "wins" in shown_winner, shown_winner
    for seat in range(st.n):
        row = page.locator(f'#endscreen tr[data-seat="{seat}"]')
        assert row.locator("td.cards").inner_text() == str(cards[seat]), (seat, cards)
    assert cards[st.winner] >= content.ruleset.victory_cards_to_win
    # Rematch, new game and replay are offered.
    assert page.locator("#endscreen #rematch").count() == 1
    assert page.locator('#endscreen a[href="/"]').count() == 1
    assert page.locator('#endscreen a[href*="replay=0"]').count() == 1
    # Undo is not offered once the game is over (bug 5.9).
    assert page.locator("#undo").count() == 0
    assert not errors, errors
