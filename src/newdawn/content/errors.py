"""Errors raised while loading the content data files."""

from __future__ import annotations


class ContentError(ValueError):
    """A content data file is malformed or inconsistent.

    The message always names the file and the entry (record id, or a path inside the file) so a
    broken data edit can be found without a debugger.
    """
