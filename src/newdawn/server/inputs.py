"""Checking what clients send before anything else reads it (issue 28, item 8).

Bodies and WebSocket frames have a size limit; JSON may nest only a few levels; every string in
it must be encodable text without NUL (PostgreSQL refuses NUL, and a lone surrogate cannot be
stored or sent back); ids and tokens have their own shapes. Every refusal is a ``GameError``
(4xx) whose message quotes at most ``ECHO`` characters of the input.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import GameError

MAX_BODY_BYTES = 64 * 1024
"""Largest request body (the largest real one, a game's creation, is well under 1 KiB)."""
MAX_FRAME_CHARS = 16 * 1024
"""Largest WebSocket text frame a client may send (an action message is under 200 characters)."""
MAX_DEPTH = 8
"""Deepest nesting of JSON arrays and objects in a request (a game's creation needs 3)."""
MAX_ACTION_CHARS = 48
"""Longest action text (the engine's are at most 38 characters: "wonder amundsen_scott_research_station")."""
ECHO = 40
"""Most characters of a client's input an error message repeats."""

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def clip(x: Any) -> str:
    """``x`` as a short quotable text (at most ``ECHO`` characters of it)."""
    s = x if isinstance(x, str) else repr(x)
    s = s.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")
    return repr(s[:ECHO] + ("..." if len(s) > ECHO else ""))


def check_text(s: str, what: str) -> str:
    if "\x00" in s:
        raise GameError(400, f"{what} contains a NUL character")
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        raise GameError(400, f"{what} is not valid text (a lone surrogate)") from None
    return s


def check_tree(data: Any) -> Any:
    """``data`` (parsed JSON) if it nests at most ``MAX_DEPTH`` levels and all its strings (keys
    too) are valid text; GameError otherwise. Iterative, so depth itself cannot break it."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, str):
            check_text(x, "a string in the request")
        elif isinstance(x, (list, dict)):
            if depth >= MAX_DEPTH:
                raise GameError(400, f"the request nests deeper than {MAX_DEPTH} levels")
            if isinstance(x, dict):
                for k, v in x.items():
                    check_text(k, "a key in the request")
                    stack.append((v, depth + 1))
            else:
                stack.extend((v, depth + 1) for v in x)
    return data


def parse_json(raw: bytes | str, what: str = "the request body") -> Any:
    """Parse and check a client's JSON (GameError 400 for anything wrong)."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise GameError(400, f"{what} is not UTF-8 text") from None
    try:
        data = json.loads(raw)
    except RecursionError:
        raise GameError(400, f"{what} nests deeper than {MAX_DEPTH} levels") from None
    except ValueError:
        raise GameError(400, f"{what} must be JSON") from None
    return check_tree(data)


def check_game_id(game_id: Any) -> str:
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise GameError(404, f"no game {clip(game_id)}")
    return game_id


def check_token(token: Any) -> str | None:
    """A token as sent (None or "" for a spectator); 403 for one that cannot be any token."""
    if token is None or token == "":
        return None
    if not isinstance(token, str) or len(token) > 128 or not token.isascii() or "\x00" in token:
        raise GameError(403, "this token belongs to no seat of this game")
    return token


def check_action(action: Any) -> str:
    if not isinstance(action, str):
        raise GameError(400, "action must be the text of an action")
    check_text(action, "the action")
    if len(action) > MAX_ACTION_CHARS:
        raise GameError(400, f"the action text is too long ({len(action)} characters; at most {MAX_ACTION_CHARS})")
    return action


MAX_ROUNDS = 500
"""The largest round limit a game may be created with (a long game lasts about 15 rounds)."""
CREATE_FIELDS = frozenset({"seats", "ruleset", "leaders", "seed", "max_rounds", "turn_limit_s", "hotseat",
                           "my_seat", "map", "epic"})
"""The fields a creation request may have: any other is refused (a typo must not pass silently)."""


def check_flag(value: Any, what: str) -> bool:
    """A yes/no field: true, false or absent (null); never 1, "yes" or 1.0."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise GameError(400, f"{what} must be true or false")
    return value


def check_whole(value: Any, what: str, lo: int, hi: int) -> int | None:
    """A whole-number field within [lo, hi], or null; never true, 1.0 or "3"."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise GameError(400, f"{what} must be null or a whole number from {lo} to {hi}")
    return value


def same_choice(value: Any, choices: Any) -> bool:
    """Whether ``value`` is one of ``choices`` with the same type (``1.0`` or ``1`` is not ``True``)."""
    return any(type(c) is type(value) and c == value for c in choices)
