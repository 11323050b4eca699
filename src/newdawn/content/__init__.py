"""Game content (cards, wonders, leaders, tiles, ruleset numbers) loaded from validated JSON."""

from __future__ import annotations

from newdawn.content.errors import ContentError
from newdawn.content.loader import Content, load_content, load_content_from

__all__ = ["Content", "ContentError", "load_content", "load_content_from"]
