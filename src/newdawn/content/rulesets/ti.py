"""Terra Incognita (*A New Dawn* with its expansion) as a registered ruleset: every record of the
data files is read (the base box's too: the coverage tables and the glossary compare them), the
ruleset's settings from ``ruleset_ti.json``, and the checks across files for its own deck, wonder
set, leaders, map tiles and victory cards."""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from newdawn.content.checks import _cross_check
from newdawn.content.model import Content
from newdawn.content.records import _Files, _read_records
from newdawn.content.ruleset_reader import OPTIONAL_FIELDS, read_ruleset
from newdawn.content.rulesets import RulesetSpec, register

ID: Final = "ti"
FILE: Final = f"ruleset_{ID}.json"
WONDERS_PER_TYPE_ERA: Final = 3
"""Wonders of each type and era in the Terra Incognita wonder set."""


def build(files: _Files) -> Content:
    records = _read_records(files)
    ruleset, r = read_ruleset(FILE, files.doc(f"ruleset_{ID}"), ID)
    missing = sorted(k for k in OPTIONAL_FIELDS if k not in r.obj)
    if missing:
        r.fail(f"missing key(s) {missing}")
    content = Content(**{stem: MappingProxyType(recs) for stem, recs in records.items()}, ruleset=ruleset)
    _cross_check(content, FILE, WONDERS_PER_TYPE_ERA)
    return content


register(RulesetSpec(id=ID, build=build, order=0))
