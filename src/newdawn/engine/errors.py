"""Errors raised by the engine."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the current decision does not allow; the message names the rule."""


class NotationError(ValueError):
    """Text that is not an action in the engine's notation."""
