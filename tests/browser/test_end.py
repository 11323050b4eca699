"""The end screen when a tie-break decided the game: built from a scenario position (both
players have four victory cards and no wonder; Seat 1 leads on friendly spaces)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from newdawn.scenario.build import load
from newdawn.server.views import view_message

from .table_driver import open_recorded_view
from .test_table import _new_page

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "victory" / "before_event_dial_default_ignores_the_dial.toml"


def test_the_end_screen_explains_the_tie_break(server: str, browser: Any, out_dir: Path) -> None:
    st = load(SCENARIO).state
    assert st.winner == 0
    seats = [{"seat": i, "kind": "human", "bot": None, "leader": p.leader, "color": p.color, "connected": True}
             for i, p in enumerate(st.players)]
    msg = view_message("fake", 9, st, 1, frozenset({1}), [], seats)
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    # The table gets this game's view over its WebSocket; here the scenario's ended game stands in for it.
    open_recorded_view(page, server, msg, "&token=t")
    page.wait_for_selector("#endscreen .tiebreak")
    assert page.inner_text("#endscreen h2").startswith("Seat 1") and "wins" in page.inner_text("#endscreen h2")
    tb = page.inner_text("#endscreen .tiebreak")
    assert "Seat 2 also reached the victory count" in tb, tb
    assert "Seat 1 beats Seat 2 on friendly spaces, 5 to 4" in tb, tb
    for seat, spaces in ((0, "5"), (1, "4")):
        row = page.locator(f'#endscreen tr[data-seat="{seat}"]')
        assert row.locator("td.cards").inner_text() == "4"
        assert row.locator("td.num").last.inner_text() == spaces
    # The heading and each seat's line are the server's words (describe/table.end_json).
    assert page.inner_text("#endscreen h2").strip() == msg["end"]["title"]
    lines = page.eval_on_selector_all("#endscreen .standings-list li", "els => els.map(e => e.textContent)")
    assert [x.split(": ", 1)[1] for x in lines] == [s["text"] for s in msg["end"]["standings"]], lines
    page.screenshot(path=str(out_dir / "end-tiebreak.png"))
    assert not errors, errors
