"""A bot's army or caravan never steps back onto a space it already stood on in the same move.
(``hard:1ms``: Hard whose turn's time is spent at once, so its moves are its one-ply fallback's.)

Greedy judged each step one ply ahead, and between spaces of about the same value it walked
back and forth (-1,0 to 0,0 to -1,0 ...) and stopped where it began: the turn did nothing
although its focus card had been chosen for what it would do (an empty turn).
"""

from __future__ import annotations

import pytest

from newdawn.bots.base import play_game
from newdawn.bots.registry import make_bot
from newdawn.engine import GameState, game_config, new_game
from newdawn.engine.actions import Action
from newdawn.engine.spaces import space_of

STEP_KINDS = ("army_step", "caravan_step")


class MoveWatch:
    """Records, per move of a figure of the watched seats, the spaces it stood on."""

    def __init__(self, seats: set[int]) -> None:
        self.seats = seats
        self.key: tuple[int, int, str, int] | None = None
        self.path: list[int] = []
        self.revisits: list[tuple[int, list[int]]] = []
        self.steps = 0

    def before(self, st: GameState, seat: int, a: Action) -> None:
        f = st.stack_frames[-1]
        if f["kind"] not in STEP_KINDS or seat not in self.seats:
            return
        ps = st.players[seat]
        here = (ps.armies if f["kind"] == "army_step" else ps.caravans)[f["figure"]]
        key = (st.round, st.current, f["kind"], f["figure"])
        if key != self.key:
            self.key, self.path = key, []
        if here not in self.path:
            self.path.append(here)
        if a.verb == "to":
            self.steps += 1
            to = space_of(st, a.arg)
            if to in self.path:
                self.revisits.append((st.round, [*self.path, to]))


@pytest.mark.parametrize(("ruleset", "spec"), [("ti", "greedy"), ("ti", "normal"), ("base", "greedy"),
                                                ("ti", "hard:1ms")])
def test_figures_never_walk_back_onto_a_space_of_the_same_move(ruleset: str, spec: str) -> None:
    watch = MoveWatch({0, 1})
    # games until the figures have stepped often enough for the check to mean something (Normal,
    # playing its turns' rest out, moved its figures 8 times in the first two)
    for seed in (600402, 600404, 600406, 600408):
        st = new_game(game_config(2, max_rounds=9, ruleset=ruleset), seed)
        play_game(st, [make_bot(spec, seed), make_bot(spec, seed + 1)], before=watch.before)
        if watch.steps > 10:
            break
    assert watch.steps > 10
    assert watch.revisits == []
