"""The registry of rulesets: the one list of the rulesets newdawn plays, and the default.

A ruleset is a data file (``content/data/ruleset_<id>.json``, read by
:func:`newdawn.content.ruleset_reader.read_ruleset`, with any sections of its own) and the code
that registers it: a module of this package that calls :func:`register` with a
:class:`RulesetSpec` (how to load and check its content), and, where it needs steps of its own,
modules of ``newdawn.engine.rulesets`` (docs/rulesets.md). The modules of both packages are
found by listing the package, so a new ruleset adds files and touches no shared module.

Outside these two packages no module names a ruleset (``tests/test_ruleset_names.py``): code
that needs a ruleset takes it from a game's config, from :func:`ruleset_ids`, or from
:data:`DEFAULT_RULESET`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from newdawn.content.files import DataFiles
    from newdawn.content.model import Content

DEFAULT_RULESET: Final = "ti"
"""The ruleset a game plays when its config names none (checked to be registered)."""

SHARED_BOX: Final = "both"
"""The ``box`` of a record that belongs to every ruleset built on both boxes."""


@dataclass(frozen=True)
class RulesetSpec:
    """One registered ruleset."""

    id: str
    build: Callable[[DataFiles], Content]
    """Read and validate the ruleset's content from the data files."""
    order: int
    """Place in :func:`ruleset_ids` (the lobby's order)."""
    own_box: bool = True
    """Whether records may carry this ruleset's id as their ``box``."""


_SPECS: Final[dict[str, RulesetSpec]] = {}
_discovered = False


def register(spec: RulesetSpec) -> None:
    _SPECS[spec.id] = spec


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for m in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{m.name}")
    if DEFAULT_RULESET not in _SPECS:
        raise RuntimeError(f"the default ruleset {DEFAULT_RULESET!r} is not registered")


def ruleset_ids() -> tuple[str, ...]:
    """The registered rulesets, the default first, then in their ``order``."""
    _discover()
    return tuple(sorted(_SPECS, key=lambda r: (r != DEFAULT_RULESET, _SPECS[r].order, r)))


def spec_for(ruleset: str) -> RulesetSpec:
    _discover()
    spec = _SPECS.get(ruleset)
    if spec is None:
        raise KeyError(f"unknown ruleset {ruleset!r}; known: {list(ruleset_ids())}")
    return spec


def known_boxes() -> tuple[str, ...]:
    """The ``box`` values a record may carry: the shared box and each ruleset's own."""
    return (SHARED_BOX, *(r for r in ruleset_ids() if _SPECS[r].own_box))
