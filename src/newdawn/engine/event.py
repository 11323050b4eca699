"""``Event``, an event line of the engine (see ``flow.log``).

A module of its own because it subclasses ``str``, which mypyc cannot compile as a native
class: ``tools/build_fast.py`` leaves this module as Python in the compiled build.
"""

from __future__ import annotations

from typing import Any


class Event(str):
    """An event line: the engine's own sentence (a ``str``, as before) that may also carry its
    facts for the table, ``kind`` and ``data`` (seats, space ids, numbers, data ids), so that
    the words shown to players are made from data, never by re-reading the sentence. Made by
    ``flow.log`` with ``str``'s own constructor (a Python ``__new__`` would cost the hot path)."""

    kind: str = ""
    data: dict[str, Any] = {}  # a shared empty default, never changed
