"""Acceptance (issue 39 §1): "Learn to play" from the lobby starts the guided game, and the
learner follows every step to the last through the table alone: each step frames the part of
the table it talks about, a step that asks for turns waits until they are played, the step
survives a reload, and the guide can be left. Screenshots of each step at 1440x900 and of a
few at 390x844 go to out/screenshots/guide/ (or $NEWDAWN_SHOTS)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from newdawn.describe.guide import GUIDE, GUIDE_TARGETS

from .table_driver import Driver
from .test_table import _new_page

SHOTS = Path(os.environ.get("NEWDAWN_SHOTS") or Path(__file__).resolve().parents[2] / "out" / "screenshots" / "guide")
TARGETS = {"map": "map-pane", "focus-row": "focus-row", "decision": "decision", "dial": "pline", "goal": "goal",
           "wonders": "wonders", "log": "log-box", "undo": "undo"}
"""What the framed element is, per target (its id or class)."""


def _framed(page: Any) -> list[str]:
    return page.eval_on_selector_all(".guide-target", "els => els.map(e => e.id || e.className.split(' ')[0])")


def _shoot(page: Any, name: str, phone: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(120)
    page.screenshot(path=str(SHOTS / f"{name}-1440x900.png"))
    if phone:
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(200)
        page.locator("#guide").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{name}-390x844.png"))
        page.set_viewport_size({"width": 1440, "height": 900})
        page.wait_for_timeout(150)


def test_learn_to_play_follows_every_step_of_the_guide(server: str, browser: Any) -> None:
    assert set(TARGETS) == set(GUIDE_TARGETS)
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.click("#learn-btn")
    page.wait_for_url("**/table.html*")
    page.wait_for_selector("#guide")
    d = Driver(page, seats={0}, seed=2, hurry=True)
    seen: list[str] = []
    for n, step in enumerate(GUIDE):
        page.wait_for_selector(f'#guide[data-step="{step.id}"]')
        assert page.inner_text("#guide-title") == step.title
        assert f"step {n + 1} of {len(GUIDE)}" in page.inner_text("#guide")
        if step.turns:
            assert page.is_disabled("#guide-next")
            assert page.inner_text("#guide-wait")
            if n == 2:  # a reload finds the same step, still waiting
                page.reload()
                page.wait_for_selector(f'#guide[data-step="{step.id}"]')
                assert page.is_disabled("#guide-next")
            while page.is_disabled("#guide-next"):
                assert d.step() != "over"
        page.wait_for_function("() => document.querySelectorAll('.guide-target').length === 1")
        framed = _framed(page)
        assert framed == [TARGETS[step.target]], (step.id, framed)
        _shoot(page, f"{n + 1:02d}-{step.id}", phone=step.id in ("welcome", "focus_row", "first_turn"))
        seen.append(step.id)
        page.click("#guide-next")
        if n + 1 < len(GUIDE):
            page.wait_for_selector(f'#guide[data-step="{GUIDE[n + 1].id}"]')
    assert seen == [s.id for s in GUIDE]
    # the last step's button closed the guide; a reload keeps it closed, the game goes on
    page.wait_for_selector("#guide", state="detached")
    assert not page.locator(".guide-target").count()
    page.reload()
    d.wait_my_decision()
    assert not page.locator("#guide").count()
    assert not [e for e in errors if "favicon" not in e], errors


def test_the_guide_can_be_left_at_its_first_step(server: str, browser: Any) -> None:
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.click("#learn-btn")
    page.wait_for_selector("#guide")
    page.click("#guide-leave")
    page.wait_for_selector("#guide", state="detached")
    page.reload()
    page.wait_for_selector("#decision")
    page.wait_for_timeout(300)
    assert not page.locator("#guide").count()
    assert not [e for e in errors if "favicon" not in e], errors
