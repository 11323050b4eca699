"""The base game's loaded content, for the content tests that read it."""

from __future__ import annotations

import pytest

from newdawn.content import load_content
from newdawn.content.rulesets.base import BaseContent


@pytest.fixture(scope="module")
def base() -> BaseContent:
    c = load_content("base")
    assert isinstance(c, BaseContent)
    return c
