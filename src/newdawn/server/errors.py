"""The one exception the server's layers raise for a request they refuse."""

from __future__ import annotations


class GameError(Exception):
    """A request the server refuses; ``status`` is the HTTP status of the contract."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
