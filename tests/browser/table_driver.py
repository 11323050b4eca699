"""Plays the table the way a person does: reads the decision panel, clicks highlighted map
targets, menus or the decision's buttons. Used by the browser tests.

The driver reads only what the page shows and the data attributes the table puts on its
controls (``data-action``, ``data-kind``, ``data-key``); it never builds an action itself."""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

HITTABLE = """els => els.filter(e => {
  const b = e.getBoundingClientRect();
  if (b.width === 0) return false;
  const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
  return hit && hit.closest('[data-key]') === e;
}).map(e => e.dataset.key)"""

BUTTONS = "#decision > .buttons button.opt, #decision > .focus-options button.opt"


@dataclass
class Driver:
    page: Any
    seats: set[int]
    """Seats this page plays (one seat, or every human seat in hot seat)."""
    seed: int = 1
    hurry: bool = False
    """Finish optional steps early (done, stop, skip...) most of the time: shorter games."""
    focus_plan: list[str] = field(default_factory=lambda: ["culture", "economy", "military", "science", "growth", "industry"])
    clicks: list[str] = field(default_factory=list)
    """Every action taken, in order (the chosen control's data-action)."""
    turns: dict[int, int] = field(default_factory=dict)
    """Focus cards chosen by each seat (a seat's turn starts with one)."""
    rng: random.Random = field(init=False)
    page_errors: list[str] = field(default_factory=list)
    read_at: int = 0
    """The table's version when the decision was last read."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))

    def wait_my_decision(self, timeout: float = 60.0) -> None:
        """Wait until the page offers a decision to one of our seats (bots play meanwhile)."""
        try:
            self.page.wait_for_function(
                # document.body is null for a moment while the page navigates (lobby -> table).
                "() => (!!document.body && document.body.dataset.mine === 'true' && document.body.dataset.pending === '0'"
                " && document.body.dataset.conn === 'live' && !document.querySelector('#decision button.opt[disabled]'))"
                " || !!document.getElementById('endscreen')", timeout=timeout * 1000)
        except Exception as e:
            shown = self.page.inner_text("#side")[:600]
            raise AssertionError(f"no decision for seats {sorted(self.seats)} came; the page shows: {shown}") from e

    def over(self) -> bool:
        return bool(self.page.locator("#endscreen").count())

    def decision(self) -> tuple[int, str, list[str], list[tuple[str, str]]]:
        self.read_at = self.version()  # before the targets: a view that comes meanwhile moves it
        seat = int(self.page.get_attribute("body", "data-decision-seat") or "-1")
        text = self.page.inner_text("#decision-text")
        targets = self.page.eval_on_selector_all(".map .target", HITTABLE)
        buttons = self.page.eval_on_selector_all(BUTTONS, "els => els.map(e => [e.dataset.action, e.dataset.kind])")
        return seat, text, targets, [(a, k) for a, k in buttons]

    def version(self) -> int:
        return int(self.page.get_attribute("body", "data-version") or "0")

    def _after(self, before: int) -> None:
        """Wait until the click was applied (the version moved on or an error shows). A send the
        page leaves unanswered fails the test with what the page sent and received."""
        wait = (f"() => !!document.body && (Number(document.body.dataset.version) > {before} || "
                "(document.getElementById('error')?.textContent.length ?? 0) > 0)")
        try:
            self.page.wait_for_function(wait, timeout=20000)
        except Exception as e:
            state = self.page.evaluate(
                "() => { const S = window.__newdawn; return {busy: S.busy, sentAt: S.sentAt, version: S.version,"
                " shown: S.model && S.model.msg.version, error: S.error, shownError: document.getElementById('error').textContent, queue: S.queue.length, autoSent: S.autoSent, trace: S.trace}; }")
            raise AssertionError(f"the page left a send unanswered (version {before}): {state} {self.page_errors}") from e
        err = self.page.inner_text("#error")
        assert not err, f"the server refused a click: {err}"

    def click_button(self, action: str) -> None:
        before = self.version()
        self.page.click(f'#decision button.opt[data-action="{action}"]')
        self.clicks.append(action)
        self._after(before)

    def click_target(self, key: str) -> str:
        """Click a highlighted space; choose the first entry when a menu opens, the first
        destination when the click selected a piece. Returns the action taken."""
        before = self.version()
        try:
            self.page.locator(f'.map .target[data-key="{key}"]').first.click(timeout=3000)
        except Exception:
            if self.version() > min(before, self.read_at) or self.over():
                return "gone"  # the table moved on (a view came meanwhile): look again
            now = self.page.eval_on_selector_all(".map .target", HITTABLE)
            raise AssertionError(f"space {key} was offered at version {self.read_at} and is gone at "
                                 f"{self.version()}; the map offers {now}") from None
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if self.version() > before:
                break
            menu = self.page.locator("#menu button.opt")
            if menu.count():
                act = menu.first.get_attribute("data-action") or ""
                menu.first.click()
                self.clicks.append(act)
                self._after(before)
                return act
            if self.page.locator(".map .target.selected").count():
                dst = [d for d in self.page.eval_on_selector_all(".map .target", HITTABLE) if d != key]
                if dst:
                    return self.click_target(dst[0])
            time.sleep(0.03)
        self._after(before)
        self.clicks.append(f"map {key}")
        return f"map {key}"

    def step(self) -> str:
        """Take one decision of ours. Returns a word for what was done ("over" at the end)."""
        self.wait_my_decision()
        if self.over():
            return "over"
        seat, text, targets, buttons = self.decision()
        assert seat in self.seats, f"the page offers seat {seat}'s decision"
        focus = [a for a, k in buttons if k == "focus"]
        if focus:
            n = self.turns.get(seat, 0)
            self.turns[seat] = n + 1
            want = f"focus {self.focus_plan[n % len(self.focus_plan)]}"
            self.click_button(want if want in focus else self.rng.choice(focus))
            return "focus"
        if not targets and self.page.locator(".map .target").count():
            self.page.click("text=fit")  # some targets hide under the buttons or off the view
            seat, text, targets, buttons = self.decision()
        usable = [a for a, k in buttons if k != "back"]
        skips = [a for a, k in buttons if k == "skip"]
        if self.hurry and skips and self.rng.random() < 0.75:
            self.click_button(skips[0])
            return "button"
        # Prefer moves on the map and real choices over finishing early.
        doers = [a for a, k in buttons if k in ("choice", "confirm", "pay", "tokens")]
        if targets and (not doers or self.rng.random() < 0.8):
            self.click_target(self.rng.choice(targets))
            return "map"
        if doers:
            self.click_button(self.rng.choice(doers))
            return "button"
        for _ in range(6):  # the map may still be drawing (or fitting) its targets
            if usable or targets:
                break
            time.sleep(0.5)
            if self.page.locator(".map .target").count():
                self.page.click("text=fit")
            seat, text, targets, buttons = self.decision()
            usable = [a for a, k in buttons if k != "back"]
        if not usable and not targets:
            # Every target lies under something (a narrow phone map): use the list of the map's
            # options, as a person would.
            listed = self.page.eval_on_selector_all("#decision .all-options button.opt", "els => els.map(e => e.dataset.action)")
            if listed:
                self.page.click("#decision .all-options summary")
                act = self.rng.choice(listed)
                before = self.version()
                self.page.click(f'#decision .all-options button.opt[data-action="{act}"]')
                self.clicks.append(act)
                self._after(before)
                return "list"
        assert usable or targets, f"no option offered for: {text}"
        if usable:
            self.click_button(self.rng.choice(usable))
            return "button"
        self.click_target(targets[0])
        return "map"


def log_texts(page: Any) -> list[str]:
    """The sentences of the table's game log, in order."""
    out: list[str] = page.eval_on_selector_all("#log .lhead, #log .entries > li", "els => els.map(e => e.textContent)")
    return out


UNITS_OUTSIDE = """() => {
  const out = [];
  for (const u of document.querySelectorAll('.map .unit[data-at]')) {
    const b = u.getBoundingClientRect();
    const pts = [[b.x + b.width / 2, b.y + b.height / 2], [b.x + 1, b.y + 1], [b.right - 1, b.y + 1],
                 [b.x + 1, b.bottom - 1], [b.right - 1, b.bottom - 1]];
    for (const [x, y] of pts) {
      const under = document.elementsFromPoint(x, y).map((e) => e.closest('.space')).find(Boolean);
      const key = under ? under.getAttribute('data-key') : null;
      if (key !== u.dataset.at) { out.push(`${u.dataset.unit} at ${u.dataset.at}: a corner is over ${key}`); break; }
    }
  }
  return out;
}"""


def assert_units_inside(page: Any) -> None:
    """Every army, caravan and barbarian is drawn wholly inside the hex of its space (bug 5.11)."""
    page.click("text=fit")
    page.add_style_tag(content=".unit { transition: none !important; }")  # no piece caught mid-slide
    page.wait_for_timeout(300)
    outside = page.evaluate(UNITS_OUTSIDE)
    assert not outside, outside


def open_recorded_view(page: Any, server: str, msg: dict[str, Any], query: str = "") -> None:
    """Open the table on a game that exists only as one recorded view message: the WebSocket
    sends ``msg``, the game's content (which the table asks for by game id) is the content of
    the message's ruleset, and its chart of chances by round is empty."""
    ruleset = (msg["view"].get("config") or {}).get("ruleset", "ti")
    page.route("**/api/content?game=fake*", lambda route: route.continue_(url=f"{server}/api/content?ruleset={ruleset}"))
    page.route_web_socket("**/ws/games/fake*", lambda ws: ws.send(json.dumps(msg)))
    # No record behind the view, so no chart of chances by round (an end screen asks for one).
    page.route("**/api/games/fake/chart", lambda route: route.fulfill(json={"points": [], "last": "end"}))
    page.goto(f"{server}/table.html?game=fake{query}")
