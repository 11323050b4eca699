"""The one exception the server's layers raise for a request they refuse."""

from __future__ import annotations


class GameError(Exception):
    """A request the server refuses; ``status`` is the HTTP status of the contract. A refused
    action carries the engine's fact too (``refusal``: ``Refusal.facts()``), its words being the
    message."""

    def __init__(self, status: int, message: str, refusal: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.refusal = refusal
