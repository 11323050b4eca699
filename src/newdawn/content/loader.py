"""Load and validate the content data files in ``newdawn/content/data``.

``load_content()`` is the entry point for the engine (cached). ``load_content_from()`` does the
same work uncached and accepts another directory and/or replacement documents, which is how the
tests feed the validator broken data.

Validation is strict: every record must have exactly the keys of its dataclass, every enum value
must be known, every effect op and argument must be in :data:`EFFECT_OPS`, every agenda kind and
argument in :data:`AGENDA_KINDS`, and cross references (start rows, unique cards, tiles,
natural wonders, city-states, victory cards) must resolve. Any problem raises
:class:`~newdawn.content.errors.ContentError` naming the file and the entry.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from newdawn.content.errors import ContentError
from newdawn.content.files import DataFiles
from newdawn.content.model import Content
from newdawn.content.rulesets import DEFAULT_RULESET, spec_for
from newdawn.content.vocab import (
    AGENDA_KINDS,
    AGENDA_TIMINGS,
    BARBARIAN_LETTERS,
    CITY_STATE_FRAMES,
    CONFIDENCES,
    COUNT_THROUGH,
    DATA_DIR,
    DATA_PACKAGE,
    EFFECT_OPS,
    EVENT_ICONS,
    EXPECTED_COUNTS,
    PASS_THROUGH,
    PRIMARY_RESOURCE,
    SPACES_PER_SIDE,
    SPECIAL_ARGS,
    TILE_KINDS,
    TILE_SIDES,
    TRADE_EFFECTS,
    VICTORY_CHECKS,
    Arg,
)

__all__ = [
    # the loader's own entry points
    "Content",
    "load_content",
    "load_content_from",
    "read_raw",
    # the vocabularies (content/vocab.py), named here too for the modules that read them from here
    "AGENDA_KINDS", "AGENDA_TIMINGS", "BARBARIAN_LETTERS", "CITY_STATE_FRAMES", "CONFIDENCES",
    "COUNT_THROUGH", "DATA_DIR", "DATA_PACKAGE", "EFFECT_OPS", "EVENT_ICONS", "EXPECTED_COUNTS", "PASS_THROUGH",
    "PRIMARY_RESOURCE", "SPACES_PER_SIDE", "SPECIAL_ARGS", "TILE_KINDS", "TILE_SIDES",
    "TRADE_EFFECTS", "VICTORY_CHECKS", "Arg",
]


# --------------------------------------------------------------------------- public API


def _package_root() -> Traversable:
    return resources.files(DATA_PACKAGE).joinpath(DATA_DIR)


def _root(directory: str | os.PathLike[str] | Traversable | None) -> Traversable | Path:
    if directory is None:
        return _package_root()
    if isinstance(directory, str | os.PathLike):
        return Path(directory)
    return directory


def read_raw(stem: str, directory: str | os.PathLike[str] | Traversable | None = None) -> Any:
    """Parsed JSON of one data file (e.g. ``"focus_cards"``), a fresh copy each call; for tools and tests."""
    return DataFiles(_root(directory), None).doc(stem)


def load_content_from(
    directory: str | os.PathLike[str] | Traversable | None = None,
    ruleset: str = DEFAULT_RULESET,
    overrides: Mapping[str, object] | None = None,
) -> Content:
    """Load and validate content without caching.

    ``directory`` defaults to the packaged data. ``overrides`` maps a file stem (``"wonders"``,
    ``"ruleset_ti"``...) to a parsed JSON document that replaces that file.
    """
    try:
        spec = spec_for(ruleset)
    except KeyError as e:
        raise ContentError(f"ruleset_{ruleset}.json: {e.args[0]}") from None
    return spec.build(DataFiles(_root(directory), overrides))


def load_content(ruleset: str = DEFAULT_RULESET) -> Content:
    """The packaged, validated content of ``ruleset`` (cached: loaded once per process)."""
    return _load_cached(ruleset)


@functools.lru_cache(maxsize=4)
def _load_cached(ruleset: str) -> Content:
    return load_content_from(None, ruleset)
