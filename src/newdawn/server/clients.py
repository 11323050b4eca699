"""Who is asking: the client's address behind trusted proxies only, the owner key the bot pool
and the limits count by, rate limits, and the origin check on game creation (issue 43, item 5).

The server trusts ``X-Forwarded-For`` only from the proxies it is told about
(``--trusted-proxy``; none by default, and uvicorn's own header handling is off), so a client
cannot pick its own address. IPv6 clients are counted by their /64 network (one host usually
has a whole /64 to choose from).
"""

from __future__ import annotations

import collections
import hashlib
import ipaddress
import secrets
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(values: Iterable[str]) -> tuple[IPNetwork, ...]:
    """``["10.0.0.1", "192.168.0.0/16", "::1"]`` as networks (ValueError names a bad one)."""
    out = []
    for v in values:
        try:
            out.append(ipaddress.ip_network(v.strip(), strict=False))
        except ValueError:
            raise ValueError(f"not an address or network: {v!r}") from None
    return tuple(out)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None


def client_address(peer: str | None, headers: Mapping[str, str], trusted: tuple[IPNetwork, ...]) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy, the nearest
    address in ``X-Forwarded-For`` that is not itself a trusted proxy."""
    addr = _ip(peer or "")
    if addr is None:
        return peer or "?"
    if not trusted or not any(addr in n for n in trusted):
        return str(addr)
    hops = [h for h in headers.get("x-forwarded-for", "").split(",") if h.strip()]
    for hop in reversed(hops):
        ip = _ip(hop)
        if ip is None:
            break  # a garbled chain: the last good address is the best we know
        addr = ip
        if not any(ip in n for n in trusted):
            break
    return str(addr)


def bucket(address: str) -> str:
    """The key limits count by: the address, or its /64 network for IPv6."""
    ip = _ip(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return address


_SALT = secrets.token_bytes(16)


def owner_key(address: str) -> str:
    """A short key for a client, stored with the games it creates (not its address)."""
    return hashlib.blake2b(bucket(address).encode(), key=_SALT, digest_size=8).hexdigest()


@dataclass
class RateLimiter:
    """At most ``n`` events per ``window`` seconds per key (a sliding window in memory)."""

    n: int
    window: float
    clock: collections.abc.Callable[[], float] = time.monotonic
    events: dict[str, collections.deque[float]] = field(default_factory=dict)

    def hit(self, key: str) -> float:
        """Count an event for ``key``: 0 if allowed, else the seconds until one would be."""
        now = self.clock()
        q = self.events.setdefault(key, collections.deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        if len(q) >= self.n:
            return max(0.1, q[0] + self.window - now)
        q.append(now)
        if len(self.events) > 10_000:  # forget idle keys
            for k in [k for k, v in self.events.items() if not v or v[-1] <= now - self.window]:
                del self.events[k]
        return 0.0


def same_origin(headers: Mapping[str, str], allowed: tuple[str, ...] = ()) -> bool:
    """Whether a state-changing request comes from this server's own pages (or from no page at
    all: a script or curl sends no ``Origin``). A browser always sends ``Origin`` on a
    cross-origin POST, plain-text forms included; it must name this host or an allowed one."""
    origin = headers.get("origin")
    if origin is None or origin in allowed or "*" in allowed:
        return True
    host = headers.get("host", "")
    parts = urlsplit(origin)
    return bool(parts.netloc) and parts.netloc.lower() == host.lower()
