"""Puts ``tests/`` on the import path so that test modules in sub-folders can use ``spec_paths`` and ``repo_scripts``."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
