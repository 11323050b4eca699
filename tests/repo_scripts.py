"""A script of the repository (``tools/*.py``, ``examples/*.py``) loaded as a module, for the
tests that check what it computes or writes."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from spec_paths import REPO


def load_script(path: str, *, register: bool = False) -> ModuleType:
    """The script at ``path`` (relative to the repository) run as a fresh module named after its
    file; ``register`` also puts it in ``sys.modules`` (which its dataclasses need)."""
    file = REPO / path
    spec = importlib.util.spec_from_file_location(file.stem, file)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[file.stem] = mod
    spec.loader.exec_module(mod)
    return mod
