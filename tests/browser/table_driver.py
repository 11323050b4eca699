"""Plays the table the way a person does: reads the decision panel, clicks highlighted map
targets or the decision's buttons. Used by the browser tests."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

# Buttons a player never needs to press to get on with the game (they lead back or off the map).
AVOID = ("back", "explore", "boost", "reroll")


HITTABLE = """els => els.filter(e => {
  const b = e.getBoundingClientRect();
  const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
  return hit && hit.closest('[data-key]') === e;
}).map(e => e.dataset.key)"""


@dataclass
class Driver:
    page: Any
    seats: set[int]
    """Seats this page plays (one seat, or every human seat in hot seat)."""
    focus_plan: list[str] = field(default_factory=lambda: ["culture", "economy", "military", "science", "growth", "industry"])
    clicks: list[str] = field(default_factory=list)
    """Every action taken, in order (as the clicked element names it)."""
    turns: dict[int, int] = field(default_factory=dict)
    """Focus cards chosen by each seat (a seat's turn starts with one)."""

    def wait_my_decision(self, timeout: float = 60.0) -> None:
        """Wait until the page offers a decision to one of our seats (bots play meanwhile)."""
        try:
            self.page.wait_for_function(
                "() => document.body.dataset.mine === 'true' && !document.body.classList.contains('busy')",
                timeout=timeout * 1000)
        except Exception as e:
            shown = self.page.inner_text("#side")[:600]
            raise AssertionError(f"no decision for seats {sorted(self.seats)} came; the page shows: {shown}") from e

    def decision(self) -> tuple[int, str, list[str], list[str]]:
        seat = int(self.page.get_attribute("body", "data-decision-seat") or "-1")
        text = self.page.inner_text("#decision-text")
        # Only spaces a click can reach (not under the zoom buttons, not outside the map pane).
        targets = self.page.eval_on_selector_all(".space.target", HITTABLE)
        buttons = self.page.eval_on_selector_all(
            "#decision > .buttons button.opt", "els => els.map(e => e.dataset.action)")
        return seat, text, targets, buttons

    def _version(self) -> int:
        return int(self.page.get_attribute("body", "data-version") or "0")

    def _after(self, before: int) -> None:
        """Wait until the click was applied (the version moved on or an error shows)."""
        self.page.wait_for_function(
            f"() => Number(document.body.dataset.version) > {before} || "
            "document.getElementById('error').textContent.length > 0", timeout=30000)
        err = self.page.inner_text("#error")
        assert not err, f"the server refused a click: {err}"

    def click_button(self, action: str) -> None:
        before = self._version()
        self.page.click(f'#decision > .buttons button.opt[data-action="{action}"]')
        self.clicks.append(action)
        self._after(before)

    def click_target(self, key: str) -> str:
        """Click a highlighted space; choose the first entry when a menu opens. Returns the action."""
        before = self._version()
        sel = f'.space.target[data-key="{key}"]'
        opts = (self.page.get_attribute(sel, "data-options") or "").split("|")
        self.page.locator(sel).first.click()
        menu = self.page.locator("#menu:not([hidden]) button.opt")
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            if self._version() > before:
                break
            if menu.count():
                act = menu.first.get_attribute("data-action") or ""
                menu.first.click()
                self.clicks.append(act)
                self._after(before)
                return act
            # An arrow ("src>dst") decision: the first click selected the source.
            if self.page.locator(".space.selected").count():
                dst = self.page.eval_on_selector_all(".space.target", HITTABLE)
                dst = [d for d in dst if d != key]
                if dst:
                    self.page.locator(f'.space.target[data-key="{dst[0]}"]').first.click()
                    self._after(before)
                    act = f"{key}>{dst[0]}"
                    self.clicks.append(act)
                    return act
            time.sleep(0.05)
        self._after(before)
        self.clicks.append(opts[0])
        return opts[0]

    def step(self) -> str:
        """Take one decision of ours. Returns a word for what was done."""
        self.wait_my_decision()
        seat, text, targets, buttons = self.decision()
        assert seat in self.seats, f"the page offers seat {seat}'s decision"
        focus = [b for b in buttons if b.startswith("focus ")]
        if focus:
            n = self.turns.get(seat, 0)
            self.turns[seat] = n + 1
            want = f"focus {self.focus_plan[n % len(self.focus_plan)]}"
            self.click_button(want if want in focus else focus[0])
            return "focus"
        everywhere = self.page.locator(".space.target").count()
        if everywhere and not targets:
            self.page.click("#zoom-fit")  # some targets hide under the buttons or off the view
            seat, text, targets, buttons = self.decision()
        # Prefer real moves on the map (placements, steps) over finishing early.
        if targets:
            self.click_target(targets[0])
            return "map"
        for b in buttons:
            if b in ("resolve", "accept", "keep") or b.startswith("take ") or b.startswith("wonder "):
                self.click_button(b)
                return "button"
        usable = [b for b in buttons if b.split(" ")[0] not in AVOID] or buttons
        assert usable, f"no option offered for: {text}"
        # Finish a decision only when nothing else is offered.
        enders = [b for b in usable if b in ("done", "stop", "skip", "pass", "none", "trade")]
        others = [b for b in usable if b not in enders]
        self.click_button((others or enders)[0])
        return "button"


def log_actions(page: Any, seat: int | None = None) -> list[str]:
    """The actions in the table's game log (of one seat when given)."""
    rows = page.eval_on_selector_all(
        "#log > li", "els => els.map(e => [e.querySelector('.lseat').textContent, e.querySelector('code').textContent])")
    out = []
    for who, action in rows:
        m = re.match(r"Seat (\d+)", who)
        if seat is None or (m and int(m.group(1)) - 1 == seat):
            out.append(action)
    return out
