"""Terra Incognita (*A New Dawn* with its expansion) as a registered ruleset: every record of the
data files is read (the base box's too: the coverage tables and the glossary compare them), the
ruleset's settings from ``ruleset_ti.json``, and the checks across files for its own deck, wonder
set, leaders, map tiles and victory cards."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Final

from newdawn.content.checks import _cross_check
from newdawn.content.files import DataFiles
from newdawn.content.model import Content
from newdawn.content.records import _read_records
from newdawn.content.ruleset_reader import OPTIONAL_FIELDS, read_ruleset
from newdawn.content.rulesets import RulesetSpec, register

ID: Final = "ti"
WONDERS_PER_TYPE_ERA: Final = 3
"""Wonders of each type and era in the Terra Incognita wonder set."""


def standard_build(rid: str, wonders_per_type_era: int) -> Callable[[DataFiles], Content]:
    """The build of a ruleset read wholly by the shared reader from ``ruleset_<rid>.json``, with
    every field (Terra Incognita's; a variant of it registers its own id with this)."""
    file = f"ruleset_{rid}.json"

    def build(files: DataFiles) -> Content:
        records = _read_records(files)
        ruleset, r = read_ruleset(file, files.doc(f"ruleset_{rid}"), rid)
        missing = sorted(k for k in OPTIONAL_FIELDS if k not in r.obj)
        if missing:
            r.fail(f"missing key(s) {missing}")
        content = Content(**{stem: MappingProxyType(recs) for stem, recs in records.items()}, ruleset=ruleset)
        _cross_check(content, file, wonders_per_type_era)
        return content

    return build


register(RulesetSpec(id=ID, build=standard_build(ID, WONDERS_PER_TYPE_ERA), order=0))
