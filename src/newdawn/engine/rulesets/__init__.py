"""Rules code chosen by the ruleset.

Most rules are shared by every ruleset and read their numbers from the ruleset data
(``content/data/ruleset_<id>.json``: row slots, tech dial, event dial, trade-token effects...).
Where a ruleset needs steps of its own, it registers them here, keyed by its id, and the shared
engine asks this registry at a few dispatch points instead of testing the ruleset's name:

Every ruleset registers a ``RulesetCode`` (an empty one keeps every shared behaviour, as Terra
Incognita's does, ``rulesets/ti.py``); ``code_for`` refuses a ruleset that registered none.

- ``setup``: after the players were dealt their leaders, rows and figures, build the map and
  push the setup steps (``setup.new_game``); ``None`` keeps the shared setup (capitals and forts
  placed on the core, the tile stack for exploring).
- ``config_options``: the ruleset's own ``new_game`` config keys with their defaults and allowed
  values (``setup.normalise_config``).
- ``victory_need``: how many victory cards a player must claim in this game
  (``victory.round_winner``); ``None`` keeps ``Ruleset.victory_cards_to_win``.
- ``wonder_remove``: how many wonder cards of each era setup removed unseen from each type's
  pile, for a number of players (``view.state_from_view`` samples the hidden decks with it);
  ``None`` keeps ``Ruleset.wonder_remove``.
- ``turn_step``: the frame kind a seat's turn begins with (``turn.run_turn``): ``"focus"`` for a
  player, the base game's ``"ap_turn"`` for its Automated Player; ``None`` keeps ``"focus"``.

A seat the engine plays itself decides through ``flow.SEAT_POLICY`` (``flow.advance``).

Focus-card effects, event-dial icons and seat decisions of a ruleset are ordinary engine ops,
auto steps and decisions (``ops.op``, ``flow.auto``, ``flow.choice``) registered by the
ruleset's modules (``engine/api.py`` imports them all through ``load_ruleset_modules``: this
registry stays on the engine's lowest floor, docs/engine.md); the ruleset's data names them, so only that ruleset ever reaches them.
See docs/rulesets.md.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from ...content import Content
    from ..config import GameConfig
    from ..state import GameState


@dataclass(frozen=True)
class ConfigOption:
    """A ``new_game`` config key that only this ruleset has."""

    default: Any
    choices: tuple[Any, ...]


@dataclass(frozen=True)
class RulesetCode:
    setup: Callable[[GameState, GameConfig], None] | None = None
    config_options: Callable[[Content], Mapping[str, ConfigOption]] | None = None
    victory_need: Callable[[GameState], int] | None = None
    wonder_remove: Callable[[Content, int], Mapping[str, int]] | None = None
    turn_step: Callable[[GameState, int], str] | None = None


CODE: Final[dict[str, RulesetCode]] = {}


def register(ruleset: str, code: RulesetCode) -> None:
    CODE[ruleset] = code


def code_for(ruleset: str) -> RulesetCode:
    """The ruleset's own code (a ruleset with none registers an empty ``RulesetCode()``)."""
    code = CODE.get(ruleset)
    if code is None:
        raise KeyError(f"no rules code is registered for the ruleset {ruleset!r}")
    return code


def load_ruleset_modules() -> None:
    """Import every module of this package: each registers its ruleset's code, decisions, ops and
    hooks (``engine/api.py`` calls this, so a new ruleset's modules need no import elsewhere)."""
    for m in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{m.name}")


def config_options(ruleset: str, content: Content) -> Mapping[str, ConfigOption]:
    fn = code_for(ruleset).config_options
    return fn(content) if fn is not None else {}


def wonder_remove(ruleset: str, content: Content, players: int) -> Mapping[str, int]:
    """Wonder cards of each era removed unseen from each type's pile at setup."""
    fn = code_for(ruleset).wonder_remove
    return fn(content, players) if fn is not None else content.ruleset.wonder_remove

