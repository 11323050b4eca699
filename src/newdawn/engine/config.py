"""A game's configuration (``GameState.config``): every key declared, so mypy checks each read.

What a caller gives ``new_game`` (a request, a record, a scenario, the command line) is loose
data; ``setup.normalise_config`` checks it once, at that edge, and returns a ``GameConfig``
with every default filled in. A record keeps that configuration without the seed (the record
has its own); the state's has the seed too. The JSON of a state holds the same dictionary.
"""

# No ``from __future__ import annotations``: ``NotRequired`` must be seen when the class is made
# (``GameConfig.__required_keys__``).
from typing import Final, NotRequired, TypedDict


class GameConfig(TypedDict):
    """The settings a game is created with; they never change during play."""

    players: int
    """Number of seats, within the ruleset's ``players`` range."""
    ruleset: str
    """Ruleset id (``content.rulesets.ruleset_ids``)."""
    leaders: list[str] | None
    """Leader ids by seat, or None to deal them from the game's generator."""
    colors: list[str] | None
    """Colours by seat (of the ruleset's ``colors``), or None for the ruleset's order."""
    max_rounds: int | None
    """The round limit (the game ends without a winner after it), or None for none."""
    generator: str
    """The random generator's name (``rng.GENERATORS``; records of format 1 name ``splitmix64``)."""
    seed: NotRequired[int]
    """The game's seed: in ``GameState.config`` (``new_game``'s ``seed``), not in a record's
    configuration, which keeps the seed beside it."""
    map: NotRequired[str]
    """Base game option: "first_game" (the printed map) or "advanced" map building."""
    epic: NotRequired[bool]
    """Base game option: the epic game (four victory cards to win instead of three)."""
    automa: NotRequired[bool]
    """Base game option: the last seat is the Automated Player."""
    box: NotRequired[dict[str, int]]
    """A rules scenario's own box: how many of a shared component it holds
    (``spaces.box_count``; never set in a real game)."""


RULESET_OPTIONS: Final = ("map", "epic", "automa")
"""The keys a ruleset's own options (``rulesets.config_options``) may take: each is declared
above with its type, so a ruleset that offers another option fails at the start of a game."""
