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
from types import MappingProxyType
from typing import Any

from newdawn.content.base import build_base_content
from newdawn.content.checks import _cross_check
from newdawn.content.model import Content
from newdawn.content.records import _fail, _Files, _read_records
from newdawn.content.ruleset_reader import _ruleset
from newdawn.content.vocab import (
    AGENDA_KINDS,
    AGENDA_TIMINGS,
    BARBARIAN_LETTERS,
    BOXES,
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
    RULESET_BOXES,
    SPACES_PER_SIDE,
    SPECIAL_ARGS,
    TILE_KINDS,
    TILE_SIDES,
    TRADE_EFFECTS,
    VICTORY_CHECKS,
    WONDERS_PER_TYPE_ERA,
    Arg,
)

__all__ = [
    # the loader's own entry points
    "Content",
    "load_content",
    "load_content_from",
    "read_raw",
    # the vocabularies (content/vocab.py), named here too for the modules that read them from here
    "AGENDA_KINDS", "AGENDA_TIMINGS", "BARBARIAN_LETTERS", "BOXES", "CITY_STATE_FRAMES", "CONFIDENCES",
    "COUNT_THROUGH", "DATA_DIR", "DATA_PACKAGE", "EFFECT_OPS", "EVENT_ICONS", "EXPECTED_COUNTS", "PASS_THROUGH",
    "PRIMARY_RESOURCE", "RULESET_BOXES", "SPACES_PER_SIDE", "SPECIAL_ARGS", "TILE_KINDS", "TILE_SIDES",
    "TRADE_EFFECTS", "VICTORY_CHECKS", "WONDERS_PER_TYPE_ERA", "Arg",
]


def _build(files: _Files, ruleset_id: str) -> Content:
    records = _read_records(files)
    ruleset_file = f"ruleset_{ruleset_id}.json"
    ruleset = _ruleset(ruleset_file, files.doc(f"ruleset_{ruleset_id}"))
    if ruleset.id != ruleset_id:
        _fail(ruleset_file, "ruleset", f"'id' is {ruleset.id!r}, expected {ruleset_id!r}")
    content = Content(**{stem: MappingProxyType(recs) for stem, recs in records.items()}, ruleset=ruleset)
    _cross_check(content, ruleset_file)
    return content


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
    return _Files(_root(directory), None).doc(stem)


def load_content_from(
    directory: str | os.PathLike[str] | Traversable | None = None,
    ruleset: str = "ti",
    overrides: Mapping[str, object] | None = None,
) -> Content:
    """Load and validate content without caching.

    ``directory`` defaults to the packaged data. ``overrides`` maps a file stem (``"wonders"``,
    ``"ruleset_ti"``...) to a parsed JSON document that replaces that file.
    """
    files = _Files(_root(directory), overrides)
    if ruleset == "base":
        # The base game is built by its own module (shared records filtered by box, plus
        # ruleset_base.json and automated_player.json); Terra Incognita does not go there.
        return build_base_content(files)
    return _build(files, ruleset)


def load_content(ruleset: str = "ti") -> Content:
    """The packaged, validated content of ``ruleset`` (cached: loaded once per process)."""
    return _load_cached(ruleset)


@functools.lru_cache(maxsize=4)
def _load_cached(ruleset: str) -> Content:
    return load_content_from(None, ruleset)
