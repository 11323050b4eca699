"""Errors of scenario files: each names the file and the line or field at fault."""

from __future__ import annotations


class ScenarioError(Exception):
    """A scenario file that cannot be read or built (not a failed expectation)."""

    def __init__(self, path: str, where: str, message: str) -> None:
        self.path = path
        self.where = where
        self.message = message
        super().__init__(f"{path}: {where}: {message}" if where else f"{path}: {message}")
