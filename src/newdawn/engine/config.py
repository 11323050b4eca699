"""A game's configuration (``GameState.config``): every key declared, so mypy checks each read.

What a caller gives ``new_game`` (a request, a record, a scenario, the command line) is loose
data; ``checked_config`` (called as ``setup.normalise_config``, which tells it what the ruleset
allows) checks it once, at that edge, and returns a ``GameConfig`` with every default filled
in: every read of a loose configuration's keys is here, beside the declaration. A record keeps that configuration without the seed (the record
has its own); the state's has the seed too. The JSON of a state holds the same dictionary.
"""

# No ``from __future__ import annotations``: ``NotRequired`` must be seen when the class is made
# (``GameConfig.__required_keys__``).
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NotRequired, TypedDict

from ..content.rulesets import DEFAULT_RULESET
from . import rng


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

DEFAULT_CONFIG: Final[dict[str, Any]] = {"players": 4, "ruleset": DEFAULT_RULESET, "leaders": None, "colors": None,
                                         "max_rounds": None, "generator": rng.BLAKE2B}
"""The values of the keys a configuration may leave out. ``generator`` names the generator
(``engine.rng.GENERATORS``): records of format 1 were played with ``splitmix64`` and say so when
they are replayed (``engine.api.replay``)."""


@dataclass(frozen=True)
class ConfigLimits:
    """What one ruleset allows in a configuration (``setup.normalise_config`` gathers it from the
    ruleset's content and code for ``checked_config``)."""

    options: Mapping[str, tuple[Any, tuple[Any, ...]]]
    """The ruleset's own option keys (``rulesets.config_options``), in its order -> (default,
    allowed values)."""
    missing: Sequence[str]
    """Rules of the ruleset the engine cannot play yet, in words (``Content.missing_rules``)."""
    players: tuple[int, int]
    """The fewest and the most seats."""
    leaders: Collection[str]
    """The leader ids."""
    colors: Sequence[str]
    """The seat colours, in the ruleset's order."""


def _same_choice(value: object, choices: Sequence[object]) -> bool:
    """Whether ``value`` is one of ``choices`` with the same type (``1`` is not ``True``)."""
    return any(type(c) is type(value) and c == value for c in choices)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def checked_config(config: Mapping[str, Any] | None, limits_for: Callable[[str], ConfigLimits]) -> GameConfig:
    """The configuration ``config`` asks for, checked and with every default filled in (without
    the seed: ``new_game`` adds its own); ``limits_for`` tells what a ruleset allows. ValueError
    names the first key that is wrong; ``config`` itself is left as it was."""
    given = {k: v for k, v in (config or {}).items() if k != "seed"}
    cfg: dict[str, Any] = {**DEFAULT_CONFIG, **given}
    ruleset = cfg["ruleset"]
    if not isinstance(ruleset, str):
        raise ValueError(f"ruleset must be a ruleset id, got {ruleset!r}")
    limits = limits_for(ruleset)
    undeclared = sorted(set(limits.options) - set(RULESET_OPTIONS))
    if undeclared:
        raise ValueError(f"the {ruleset!r} ruleset offers options {undeclared} that engine/config.py "
                         "does not declare")
    unknown = set(cfg) - set(DEFAULT_CONFIG) - set(limits.options)
    if unknown:
        raise ValueError(f"unknown config keys: {sorted(unknown)}")
    for key, (default, choices) in limits.options.items():
        cfg.setdefault(key, default)
        if not _same_choice(cfg[key], choices):
            raise ValueError(f"{key} must be one of {list(choices)}, got {cfg[key]!r}")
    if limits.missing:
        raise ValueError(f"the {ruleset!r} ruleset cannot be played yet: the engine lacks {len(limits.missing)} "
                         f"of its rules: {'; '.join(limits.missing)} (docs/rules-coverage.md)")
    lo, hi = limits.players
    n = cfg["players"]
    if not _whole(n) or not lo <= n <= hi:
        raise ValueError(f"players must be between {lo} and {hi}, got {n!r}")
    leaders: list[str] | None = None
    if cfg["leaders"] is not None:
        if isinstance(cfg["leaders"], str):
            raise ValueError("leaders must be a list of leader ids or null")
        leaders = list(cfg["leaders"])
        if len(leaders) != n:
            raise ValueError(f"{n} leaders needed, got {len(leaders)}")
        for lid in leaders:
            if lid not in limits.leaders:
                raise ValueError(f"unknown leader {lid!r}")
        if len(set(leaders)) != n:
            raise ValueError("each leader can be taken once")
    colors: list[str] | None = None
    if cfg["colors"] is not None:
        if isinstance(cfg["colors"], str):
            raise ValueError("colors must be a list of colours or null")
        colors = list(cfg["colors"])
        if len(colors) != n or len(set(colors)) != n or not set(colors) <= set(limits.colors):
            raise ValueError(f"colors must be {n} different colours of {list(limits.colors)}")
    generator = cfg["generator"]
    if generator not in rng.GENERATORS:
        raise ValueError(f"generator must be one of {list(rng.GENERATORS)}")
    mr = cfg["max_rounds"]
    if mr is not None and (not _whole(mr) or mr < 1):
        raise ValueError("max_rounds must be a positive whole number or null")
    out: GameConfig = {"players": n, "ruleset": ruleset, "leaders": leaders, "colors": colors, "max_rounds": mr,
                       "generator": generator}
    # The ruleset's options, in the order it gives them (the dictionary's order is the record's).
    for key in limits.options:
        if key == "map":
            out["map"] = cfg["map"]
        elif key == "epic":
            out["epic"] = cfg["epic"]
        elif key == "automa":
            out["automa"] = cfg["automa"]
    return out
