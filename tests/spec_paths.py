"""Where the tests find the specification (``shared/``: rules texts and component references).

The spec lives beside the repository (``<repo>/../shared``). ``NEWDAWN_SHARED`` overrides that
path, e.g. in a git worktree whose parent folder has no ``shared``. Tests that need the spec skip,
saying why, when it is absent; no test names an absolute path.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    """The spec folder: ``$NEWDAWN_SHARED`` if set, else ``<repo>/../shared`` (it may not exist)."""
    env = os.environ.get("NEWDAWN_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def require_shared(sub: str) -> Path:
    """``shared/<sub>``, or skip the calling test when it is missing."""
    p = shared_dir() / sub
    if not p.exists():
        pytest.skip(f"the spec folder {p} is missing (set NEWDAWN_SHARED to the shared/ folder)")
    return p
