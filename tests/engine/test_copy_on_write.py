"""``GameState.copy`` shares the players and the ``ctl``/``reinforced`` containers with the
state it copies; the engine copies one before changing it (``GameState.player_mut``,
``ctl_mut``, ``reinforced_mut``). A change made without the accessor would silently change
the other state too, and a reference taken before the accessor would read or write the shared
container instead of this state's own. These seeded random games of both rulesets (2 to 5
players) check, at every action, that

- ``apply`` leaves the state it was given exactly as it was;
- ``apply_in_place`` on a copy leaves the original as it was;
- the copying ``apply`` plays the same game as ``apply_in_place`` on a state that was never
  copied (so owns everything and never copies).

``tools/check_cow.py`` checks the same statically: it types the shared containers read-only
and runs mypy, which names every change made without an accessor."""

from __future__ import annotations

import json
import random

import pytest

from newdawn.bots import RandomBot
from newdawn.engine import (
    GameState,
    apply,
    apply_in_place,
    decision_seat,
    game_config,
    legal_actions,
    new_game,
)

GAMES = [
    ("ti", 2, 21), ("ti", 3, 22), ("ti", 4, 23), ("ti", 5, 24), ("ti", 4, 25),
    ("base", 2, 31), ("base", 3, 32), ("base", 4, 33),
]


def snap(st: GameState) -> str:
    """The state as JSON text (``to_json`` returns the state's own lists and dicts, which a
    later change would change in the snapshot too)."""
    return json.dumps(st.to_json(), sort_keys=True)


@pytest.mark.parametrize(("ruleset", "players", "seed"), GAMES)
def test_copies_never_change_each_other(ruleset: str, players: int, seed: int) -> None:
    config = game_config(players, max_rounds=50, ruleset=ruleset)
    st = new_game(config, seed)
    alone = new_game(config, seed)  # played in place, never copied
    bot = RandomBot(random.Random(seed))
    n = 0
    while st.winner == -1:
        a = bot.choose(None, legal_actions(st))
        where = f"{ruleset} {players}p seed {seed}, action {st.version} ({a} by seat {decision_seat(st)} at " \
                f"a {st.stack_frames[-1]['kind']!r} decision)"
        before = snap(st)
        side = st.copy()
        apply_in_place(side, a)
        assert snap(st) == before, f"{where}: apply_in_place on a copy changed the original"
        nxt = apply(st, a)
        assert snap(st) == before, f"{where}: apply changed the state it was given"
        apply_in_place(alone, a)
        assert snap(nxt) == snap(alone) == snap(side), \
            f"{where}: the copying apply played differently from apply_in_place on a state never copied"
        st = nxt
        n += 1
    assert n > 300
