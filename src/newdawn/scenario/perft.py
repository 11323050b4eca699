"""Perft: the number of legal action sequences of a given length from a fixed position.

As in chess engines, perft(position, d) is the number of leaves of the tree of legal action
sequences of length ``d``; a finished game (no legal action) ends a branch early and adds
nothing below depth 0. Random outcomes (dice, draws) are part of ``apply``: the counts follow
the generator stored in the state, so a change in how dice are drawn changes them too.

A perft file (TOML) names a position and the expected counts::

    title = "Start of a 3-player game"
    [position]
    players = 3
    seed = 7
    random_plies = 0        # actions played first, chosen by a seeded random walk
    walk_seed = 0
    # or: scenario = "../scenarios/culture/split_among_cities.toml" and after = ["focus culture"]
    [counts]
    1 = 8
    2 = 64
"""

from __future__ import annotations

import random
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..content.rulesets import DEFAULT_RULESET
from ..engine import GameState, apply, apply_in_place, game_config, legal_actions, new_game
from .build import load
from .errors import ScenarioError

POSITION_KEYS = {"players", "seed", "leaders", "random_plies", "walk_seed", "scenario", "after", "generator",
                 "ruleset", "options"}


def perft(st: GameState, depth: int) -> int:
    """Leaves of the tree of legal action sequences of length ``depth`` from ``st``."""
    if depth == 0:
        return 1
    acts = legal_actions(st)
    if depth == 1:
        return len(acts)
    return sum(perft(apply(st, a), depth - 1) for a in acts)


def divide(st: GameState, depth: int) -> dict[str, int]:
    """perft(depth - 1) below each first action, keyed by the action's text."""
    return {str(a): perft(apply(st, a), depth - 1) for a in legal_actions(st)}


@dataclass
class PerftFile:
    path: str
    title: str
    state: GameState
    counts: dict[int, int]


def random_walk(st: GameState, plies: int, seed: int) -> GameState:
    """Play ``plies`` uniformly random legal actions (Python's generator seeded with ``seed``)."""
    r = random.Random(seed)
    st = st.copy()
    for _ in range(plies):
        acts = legal_actions(st)
        if not acts:
            break
        apply_in_place(st, r.choice(acts))
    return st


def position(path: str, pos: dict[str, Any]) -> GameState:
    extra = set(pos) - POSITION_KEYS
    if extra:
        raise ScenarioError(path, "position", f"unknown field(s) {sorted(extra)}; allowed: {sorted(POSITION_KEYS)}")
    if "scenario" in pos:
        st = load(Path(path).parent / str(pos["scenario"])).state
    else:
        try:
            cfg = game_config(pos.get("players", 2), leaders=pos.get("leaders"), generator=pos.get("generator"),
                              ruleset=str(pos.get("ruleset", DEFAULT_RULESET)))
            cfg.update(pos.get("options", {}))  # the ruleset's own options (base: map, epic)
            st = new_game(cfg, int(pos.get("seed", 0)))
        except ValueError as e:
            raise ScenarioError(path, "position", str(e)) from None
    for text in pos.get("after", []):
        try:
            st = apply(st, text)
        except ValueError as e:
            raise ScenarioError(path, "position.after", f"{text!r}: {e}") from None
    return random_walk(st, int(pos.get("random_plies", 0)), int(pos.get("walk_seed", 0)))


def load_perft(path: str | Path) -> PerftFile:
    p = str(path)
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise ScenarioError(p, "", f"cannot read: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(p, "", f"not valid TOML: {e}") from None
    pos = data.get("position")
    if not isinstance(pos, dict):
        raise ScenarioError(p, "position", "a perft file needs a [position] table")
    counts_raw = data.get("counts", {})
    try:
        counts = {int(k): int(v) for k, v in counts_raw.items()}
    except (ValueError, AttributeError):
        raise ScenarioError(p, "counts", "write counts as depth = number, e.g. 1 = 12") from None
    return PerftFile(p, str(data.get("title", Path(p).stem)), position(p, pos), counts)
