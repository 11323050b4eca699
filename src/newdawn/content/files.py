"""The data files of the content: JSON documents read from a directory (or the package), with
optional replacements (tests and tools give their own documents). Reading the records in them
is ``records.py``'s; the registry of rulesets (``rulesets/__init__.py``) hands these files to
each ruleset's builder."""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib.resources.abc import Traversable
from pathlib import Path

from newdawn.content.errors import ContentError


class DataFiles:
    """Reads data documents from a directory (or the package), with optional replacements."""

    def __init__(self, root: Traversable | Path, overrides: Mapping[str, object] | None):
        self.root = root
        self.overrides = dict(overrides or {})

    def doc(self, stem: str) -> object:
        if stem in self.overrides:
            return self.overrides[stem]
        path = self.root / f"{stem}.json"
        if not path.is_file():
            raise ContentError(f"{stem}.json: file not found in {self.root}")
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ContentError(f"{stem}.json: invalid JSON: {exc}") from exc
