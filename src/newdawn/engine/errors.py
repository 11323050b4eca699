"""Errors raised by the engine."""

from __future__ import annotations

from .refusal import Refusal


class IllegalActionError(ValueError):
    """An action that the current decision does not allow; the message names the rule, and
    ``refusal`` (when known) is the fact players read in words (``describe/refusal_words.py``)."""

    def __init__(self, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal


class NotationError(ValueError):
    """Text that is not an action in the engine's notation."""
