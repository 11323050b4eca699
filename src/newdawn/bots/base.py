"""The bot interface and the loop that lets bots play a game (the one loop: the tournament,
``newdawn sim``, ``newdawn play``, ``newdawn bench`` and the tools all call ``play_game``).

A bot sees exactly what a player at the table sees: the ``player_view`` of its own seat (a
JSON dict, which hides the tile stack, the wonder decks below their top cards and the
generator) and the legal options of the decision it must take. It returns one of those
options. Its randomness comes from an injected ``random.Random``, so a bot with a given seed
replays the same choices.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from ..engine import Action, GameState, apply_in_place, decision_seat, determinize, legal_actions, player_view


class Bot(Protocol):
    name: str
    needs_view: bool
    """False for bots that ignore the view (the game loop then skips building it)."""

    def choose(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action: ...


def derive_seed(rng: random.Random) -> int:
    """A seed for a sampled state or a sub-generator, drawn from the bot's own generator."""
    return rng.getrandbits(62)


def samplings(base: GameState, seat: int, rng: random.Random, clock: Callable[[], float],
              stop: float | None = None, samples: int | None = None,
              start: float | None = None) -> Iterator[GameState]:
    """``base``, then fresh samplings of what ``seat`` cannot see in it (dice, hidden draws: a
    ``determinize`` each, seeded from ``rng``), for judging options on the same draws: at most
    ``samples``, and with ``stop`` (a ``clock`` value) another only while it would end by then
    at the pace of those taken since ``start`` (default: now). The first is always given."""
    t = clock() if start is None else start
    k = 0
    while samples is None or k < samples:
        if k and stop is not None:
            now = clock()
            if now + (now - t) / k > stop:
                return
        yield base if k == 0 else determinize(base, seat, derive_seed(rng))
        k += 1


Observer = Callable[[GameState, int, Action], None]
"""Called with the state, the deciding seat and the chosen action (see ``play_game``)."""


def play_game(
    st: GameState,
    bots: Sequence[Bot],
    step_limit: int = 1_000_000,
    *,
    before: Observer | None = None,
    after: Observer | None = None,
    stop: Callable[[GameState], bool] | None = None,
) -> tuple[GameState, int]:
    """Let ``bots`` (one per seat; the same bot may sit in several seats) play ``st`` to the
    end, in place. Returns the final state and the number of decisions taken. A decision with
    a single option is taken without asking a bot that needs a view (it could only answer that
    option); a bot that needs no view is always asked (its generator advances the same way
    whatever the options).

    ``before`` sees each chosen action before it is applied (the state still shows the
    decision), ``after`` once it is applied (``st.events`` holds what it did). ``stop`` is asked
    before every decision; True ends the loop there, like ``step_limit``."""
    n = 0
    while st.winner == -1 and n < step_limit:
        if stop is not None and stop(st):
            break
        legal = legal_actions(st)
        seat = decision_seat(st)
        bot = bots[seat]
        if not bot.needs_view:
            a = bot.choose(None, legal)
        elif len(legal) == 1:
            a = legal[0]
        else:
            a = bot.choose(player_view(st, seat), legal)
        if before is not None:
            before(st, seat, a)
        apply_in_place(st, a)
        n += 1
        if after is not None:
            after(st, seat, a)
    return st, n
