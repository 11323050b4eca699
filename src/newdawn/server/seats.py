"""Seats handed to a bot and back, turn limits, and the words the table shows for them.

The rules (docs/server-api.md, "Seats handed to a bot"):

- A human seat may be handed to a bot by its own player at any time, and by any other human
  seat's player once the seat's player has been away (no socket open) for ``away_s``.
- When a game has a turn limit and the deciding seat runs out of time, the server hands that
  seat to a bot itself.
- The seat's player takes it back with their seat's token at any time.

The bot that plays a handed seat is a server setting (``SeatRules.bot``, default greedy). The
clock is the server's (``GameManager.clock``), never the engine's: the engine stays pure.
Everything here is pure (no I/O); ``GameManager`` calls it under the game's lock.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .errors import GameError

MIN_TURN_LIMIT_S = 30
MAX_TURN_LIMIT_S = 14 * 86_400
TURN_LIMITS: tuple[tuple[int | None, str], ...] = (
    (None, "no turn limit"),
    (60, "1 min a turn (live)"),
    (180, "3 min a turn (live)"),
    (600, "10 min a turn"),
    (3600, "1 hour a turn"),
    (86_400, "1 day a turn (by correspondence)"),
    (3 * 86_400, "3 days a turn (by correspondence)"),
)
"""The choices the lobby offers (any whole number of seconds in the bounds is accepted)."""
DEFAULT_AWAY_S = 300.0
"""How long a seat's player must be away before the others may hand the seat to a bot."""
HEARTBEAT_S = 30.0
"""Several processes: each notes its open seats' presence in the store this often."""
MAX_WEBHOOK_CHARS = 500


@dataclass(frozen=True)
class SeatRules:
    """The server's settings for handing seats over."""

    bot: str = "greedy"
    """The bot level that plays a handed seat."""
    away_s: float = DEFAULT_AWAY_S


class SeatLike(Protocol):
    seat: int
    kind: str
    proxy: str | None
    proxy_round: int | None
    proxy_by: int | None
    last_seen: float | None


def check_turn_limit(value: Any) -> int | None:
    """A game's ``turn_limit_s`` as given at creation: None or whole seconds within bounds."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise GameError(400, "turn_limit_s must be null (no limit) or a whole number of seconds")
    if not MIN_TURN_LIMIT_S <= value <= MAX_TURN_LIMIT_S:
        raise GameError(400, f"turn_limit_s must be between {MIN_TURN_LIMIT_S} and {MAX_TURN_LIMIT_S} "
                             f"seconds ({duration_words(MAX_TURN_LIMIT_S)})")
    return value


def check_webhook(value: Any) -> str | None:
    """A seat's webhook URL: None or "" clears it; else an http(s) URL with a host, at most
    ``MAX_WEBHOOK_CHARS`` characters, without spaces or control characters."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise GameError(400, "url must be a text (an http or https URL) or null")
    if len(value) > MAX_WEBHOOK_CHARS:
        raise GameError(400, f"url is longer than {MAX_WEBHOOK_CHARS} characters")
    if not value.isascii() or any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in value):
        raise GameError(400, "url must be plain ASCII without spaces (percent-encode the rest)")
    try:
        parts = urllib.parse.urlsplit(value)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        raise GameError(400, "url is not a valid URL") from None
    if parts.scheme not in ("http", "https") or not host:
        raise GameError(400, "url must be an http:// or https:// URL with a host")
    return value


def duration_words(seconds: float) -> str:
    """"45 s", "3 min", "2 min 30 s", "1 h 5 min", "2 days 3 h"."""
    s = max(0, int(round(seconds)))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        m, r = divmod(s, 60)
        return f"{m} min" + (f" {r} s" if r else "")
    if s < 86_400:
        h, r = divmod(s, 3600)
        return f"{h} h" + (f" {r // 60} min" if r // 60 else "")
    d, r = divmod(s, 86_400)
    return f"{d} day{'s' if d > 1 else ''}" + (f" {r // 3600} h" if r // 3600 else "")


def proxy_text(s: SeatLike, name: str, names: dict[int, str]) -> str | None:
    """"Seat 3 (Gandhi) is played by a bot since round 4 (their time ran out); their player
    can take it back." for a handed seat, else None."""
    if s.proxy is None:
        return None
    if s.proxy_by == -1:
        why = " (their time ran out)"
    elif s.proxy_by == s.seat:
        why = " (their player asked)"
    elif s.proxy_by is not None and s.proxy_by in names:
        why = f" (handed over by {names[s.proxy_by]} while their player was away)"
    else:
        why = ""
    since = f" since round {s.proxy_round}" if s.proxy_round else ""
    return f"{name} is played by a bot{since}{why}; their player can take it back."


def away_wait(s: SeatLike, connected: bool, now: float, rules: SeatRules) -> float | None:
    """Seconds until the other players may hand seat ``s`` to a bot (0: now), or None when its
    player is here (a socket is open)."""
    if connected:
        return None
    last = s.last_seen if s.last_seen is not None else now
    return max(0.0, rules.away_s - (now - last))


def handover_json(seats: Sequence[SeatLike], names: dict[int, str], acting: frozenset[int],
                  connected: dict[int, int], now: float, rules: SeatRules, over: bool) -> dict[str, Any]:
    """The viewer's part of the view message: which seats they may hand to a bot (``offers``,
    ``in_s`` seconds from now: 0 at once, later while the seat's player stays away) and which
    they may take back (``take_back``)."""
    offers: list[dict[str, Any]] = []
    take_back: list[dict[str, Any]] = []
    humans = [s for s in seats if s.kind == "human"]
    if acting and not over:
        own_only = len(acting) == 1
        for s in humans:
            name = names.get(s.seat, f"Seat {s.seat + 1}")
            if s.proxy is not None:
                if s.seat in acting:
                    take_back.append({"seat": s.seat, "label": "Take back my seat" if own_only else f"Take back {name}",
                                      "text": proxy_text(s, name, names)})
                continue
            if s.seat in acting:
                offers.append({"seat": s.seat, "in_s": 0.0,
                               "label": "Let a bot play for me" if own_only else f"Let a bot play {name}",
                               "text": "A bot plays the seat until you take it back."})
                continue
            wait = away_wait(s, bool(connected.get(s.seat)), now, rules)
            if wait is None:
                continue
            offers.append({"seat": s.seat, "in_s": round(wait, 1), "label": f"Hand {name} to a bot",
                           "text": f"{name} has left the table: after {duration_words(rules.away_s)} away, "
                                   f"the other players may hand the seat to a bot ({rules.bot}) until "
                                   "their player takes it back."})
    return {"bot": rules.bot, "away_s": rules.away_s, "offers": offers, "take_back": take_back}


def timer_json(deadline: float | None, limit: int | None, seat: int, name: str, now: float) -> dict[str, Any] | None:
    """The turn clock of the deciding seat, or None when the game has no limit or a bot decides."""
    if deadline is None or not limit:
        return None
    return {"seat": seat, "limit_s": limit, "remaining_s": round(max(0.0, deadline - now), 1),
            "text": f"{name} has {duration_words(limit)} for this turn; when the time runs out, "
                    "a bot plays for them until they take their seat back."}


def turn_options() -> list[dict[str, Any]]:
    """The lobby's turn-limit choices, with their words."""
    return [{"value": v, "label": label} for v, label in TURN_LIMITS]
