"""A seat's whole ``view`` message is made only from what that seat may know.

Differential test: for states of random games of both rulesets, every seat's and the
spectator's message is built from the real state and from copies in which everything the seat
cannot see (tile stack order, wonder decks below their tops, wonders removed unseen, the
generator) is re-sampled (``engine.determinize`` and ``engine.view.state_from_view``). Any field
that differs was computed from a hidden fact: a preview naming the next barbarian die or a wonder
still in the deck, a hint, a reach or a ``why_not`` reason.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from newdawn.bots.random_bot import RandomBot
from newdawn.engine import GameState, apply, decision_seat, determinize, legal_actions, new_game, player_view
from newdawn.engine.actions import Action
from newdawn.engine.api import apply_in_place
from newdawn.engine.view import state_from_view
from newdawn.server.views import view_message

SAMPLES = 2
"""Re-samplings compared with the real state, per state and viewer."""


def _message(st: GameState, seat: int) -> str:
    acting = frozenset({seat}) if seat >= 0 else frozenset()
    msg = view_message("g", st.version, st, seat, acting, [], [])
    return json.dumps(msg, sort_keys=True)


def _resampled(st: GameState, seat: int, k: int) -> GameState:
    if k % 2:
        return state_from_view(player_view(st, seat), 7919 * k + 1)
    return determinize(st, seat, 104729 * k + 3)


def _diff(a: Any, b: Any, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = [f"{path}.{k}" for k in set(a) ^ set(b)]
        for k in set(a) & set(b):
            out += _diff(a[k], b[k], f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True)) for d in _diff(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"[:300]]


def _crosses_a_round(st: GameState) -> bool:
    """Whether some focus option, resolved at once, ends the round (the dial turns: a die is
    rolled and wonders may be revealed), which is what a preview looks past."""
    for a in legal_actions(st):
        nxt = apply(st, a)
        if nxt.stack_frames and nxt.stack_frames[-1]["kind"] == "commit":
            nxt = apply(nxt, Action("resolve"))
        if any(e["kind"] == "dial" for e in nxt.events):
            return True
    return False


def _states(ruleset: str, seed: int, rounds: int) -> list[GameState]:
    """States worth checking from one random game: every focus decision whose preview looks
    past the end of a round, and every twelfth other state."""
    cfg: dict[str, Any] = {"players": 3, "max_rounds": rounds}
    if ruleset == "base":
        cfg["ruleset"] = "base"
    st = new_game(cfg, seed)
    bot = RandomBot(random.Random(seed))
    out: list[GameState] = []
    i = 0
    while st.winner == -1:
        focus = st.stack_frames[-1]["kind"] == "focus"
        if i % 12 == 0 or (focus and _crosses_a_round(st)):
            out.append(st.copy())
        apply_in_place(st, bot.choose(None, legal_actions(st)))
        i += 1
    return out


@pytest.mark.parametrize(("ruleset", "seed"), [("ti", 1), ("ti", 4), ("base", 3), ("base", 5)])
def test_every_field_of_every_view_is_the_same_when_hidden_facts_are_resampled(ruleset: str, seed: int) -> None:
    leaks: list[str] = []
    checked = 0
    for st in _states(ruleset, seed, rounds=30):
        for seat in (-1, *range(st.n)):
            # Only the deciding seat gets options, previews, reach and why_not; every other
            # viewer's message is the cheap one, checked on every fourth state.
            if seat != decision_seat(st) and checked % 4:
                continue
            real = _message(st, seat)
            for k in range(SAMPLES):
                other = _message(_resampled(st, seat, k), seat)
                if other != real:
                    diffs = _diff(json.loads(real), json.loads(other))
                    leaks.append(f"v{st.version} seat {seat}: {diffs[:3]}")
        checked += 1
    assert checked > 30
    assert not leaks, f"{len(leaks)} messages depend on hidden facts:\n" + "\n".join(leaks[:10])
