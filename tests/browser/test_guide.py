"""Acceptance (issue 39 §1): "Learn to play" from the lobby starts the guided game, and the
learner follows every step to the last through the table alone: each step frames the part of
the table it talks about, a step that asks the learner to do something (resolve a card, place a
control token, attack, build a wonder) waits until the game shows it done and then moves on by
itself, the step survives a reload, and the guide can be left. Screenshots of each step at
1440x900 and 390x844 go to out/screenshots/guide/ (or $NEWDAWN_SHOTS)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from guide_learner import next_action
from newdawn.describe.guide import GUIDE, GUIDE_TARGETS
from newdawn.engine import GameState, replay
from newdawn.server.guide import guide_game, guide_games

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


def _state(page: Any, server: str) -> GameState:
    """The game as the server recorded it, replayed (the page's own game and token)."""
    q = parse_qs(urlparse(page.url).query)
    full = page.request.get(f"{server}/api/games/{q['game'][0]}/state",
                            params={"token": q["token"][0], "log_from": 0}).json()
    config, seed, _ = guide_game(full["view"]["ruleset"])
    acts = [e["action"] for e in full["log"] if e["n"] > 0 and not e.get("part")]
    return replay({"config": config, "seed": seed, "actions": acts})[-1]


def _do(d: Driver, action: str) -> None:
    """Take ``action`` through the table as a person would: its button, else its space on the
    map (and the menu's entry for it when a menu opens there)."""
    page = d.page
    before = d.version()
    button = page.locator(f'#decision button.opt[data-action="{action}"]:visible')
    if button.count():
        button.first.click()
        d.clicks.append(action)
        d._after(before)
        return
    key = action.split()[-1]
    target = page.locator(f'.map .target[data-key="{key}"]')
    assert target.count(), f"{action!r}: neither a button nor a highlighted space"
    target.first.click()
    item = page.locator(f'#menu button.opt[data-action="{action}"]')
    for _ in range(50):
        if d.version() > before or item.count():
            break
        page.wait_for_timeout(40)
    if item.count():
        item.first.click()
    d.clicks.append(action)
    d._after(before)


@pytest.mark.parametrize("button", ["learn-btn", "learn-btn-base"])
def test_learn_to_play_follows_every_step_of_the_guide(server: str, browser: Any, button: str) -> None:
    """The learner reads the steps that explain and does what the others ask (resolve a card,
    spread, attack, build a wonder) by playing the table; those steps move on by themselves. The
    lobby offers a guided game per ruleset: Terra Incognita's (the default) and the base game's."""
    assert set(TARGETS) == set(GUIDE_TARGETS)
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.wait_for_selector("button.learn")  # the lobby draws them once its options have come
    assert page.locator("button.learn").count() == len(guide_games())
    prefix = "" if button == "learn-btn" else "base-"
    page.click(f"#{button}")
    page.wait_for_url("**/table.html*")
    page.wait_for_selector("#guide")
    d = Driver(page, seats={0}, seed=2, hurry=True)
    seen: list[str] = []
    for n, step in enumerate(GUIDE):
        page.wait_for_selector(f'#guide[data-step="{step.id}"]')
        assert page.inner_text("#guide-title") == step.title
        assert f"step {n + 1} of {len(GUIDE)}" in page.inner_text("#guide")
        assert page.is_enabled("#guide-leave")  # the learner may leave at any step
        page.wait_for_function("() => document.querySelectorAll('.guide-target').length === 1")
        framed = _framed(page)
        assert framed == [TARGETS[step.target]], (step.id, framed)
        _shoot(page, f"{prefix}{n + 1:02d}-{step.id}", phone=True)
        seen.append(step.id)
        if step.goal:
            assert page.is_disabled("#guide-next")
            assert page.inner_text("#guide-wait")
            if step.id == "first_turn":  # a reload finds the same step, still waiting
                page.reload()
                page.wait_for_selector(f'#guide[data-step="{step.id}"]')
                assert page.is_disabled("#guide-next")
            for _ in range(60):  # the learner's decisions until the step moves on by itself
                if page.locator(f'#guide[data-step="{step.id}"]').count() == 0:
                    break
                d.wait_my_decision()
                if page.locator(f'#guide[data-step="{step.id}"]').count() == 0:
                    break
                _do(d, next_action(_state(page, server), 0, step.goal))
            else:
                raise AssertionError(f"the step {step.id} never moved on")
        else:
            assert page.is_enabled("#guide-next")
            page.click("#guide-next")
        if n + 1 < len(GUIDE):
            page.wait_for_selector(f'#guide[data-step="{GUIDE[n + 1].id}"]')
    assert seen == [s.id for s in GUIDE]
    assert int(page.get_attribute("body", "data-version") or "0") < 200  # a few turns, not a game
    # the last step's button closed the guide; a reload keeps it closed, the game goes on
    page.wait_for_selector("#guide", state="detached")
    assert not page.locator(".guide-target").count()
    page.reload()
    d.wait_my_decision()
    assert not page.locator("#guide").count()
    assert not [e for e in errors if "favicon" not in e], errors


@pytest.mark.parametrize("nexts", [0, 2])
def test_the_guide_can_be_left_at_any_step(server: str, browser: Any, nexts: int) -> None:
    """Left at its first step, or at the third (a step that waits for a turn)."""
    errors: list[str] = []
    page = _new_page(browser, errors, 1440, 900)
    page.goto(f"{server}/")
    page.click("#learn-btn")
    page.wait_for_selector("#guide")
    for n in range(nexts):
        page.click("#guide-next")
        page.wait_for_selector(f'#guide[data-step="{GUIDE[n + 1].id}"]')
    page.click("#guide-leave")
    page.wait_for_selector("#guide", state="detached")
    page.reload()
    page.wait_for_selector("#decision")
    page.wait_for_timeout(300)
    assert not page.locator("#guide").count()
    assert not [e for e in errors if "favicon" not in e], errors
