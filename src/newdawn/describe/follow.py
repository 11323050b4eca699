"""Following the others: what each seat did since the viewer last decided, and where."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def since_last_decision(groups: Sequence[dict[str, Any]], viewer: int) -> list[dict[str, Any]]:
    """The log groups after the viewer's last action (all of them for a spectator or a viewer
    who has not acted yet, limited to the last 60 actions)."""
    if viewer < 0:
        return list(groups[-60:])
    for k in range(len(groups) - 1, -1, -1):
        if groups[k]["seat"] == viewer and groups[k]["n"] > 0:
            return list(groups[k + 1:])
    return list(groups[-60:])


def summaries(groups: Sequence[dict[str, Any]], viewer: int) -> list[dict[str, Any]]:
    """One summary per turn of another seat since the viewer's last decision: the card and
    slot it played, then what happened, in words."""
    out: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    for g in since_last_decision(groups, viewer):
        for e in g.get("entries", []):
            seat = g["seat"]
            if seat == viewer or seat < 0:
                continue
            if cur is None or cur["seat"] != seat:
                cur = {"seat": seat, "card": None, "slot": None, "lines": [], "spaces": []}
                out.append(cur)
            if e.get("card") and cur["card"] is None:
                cur["card"], cur["slot"] = e["card"], e.get("slot")
            cur["lines"].append(e["text"])
            for s in e["spaces"]:
                if s not in cur["spaces"]:
                    cur["spaces"].append(s)
    return out


def touched(groups: Sequence[dict[str, Any]], viewer: int) -> list[int]:
    """Every space named by an entry since the viewer's last decision."""
    seen: set[int] = set()
    for g in since_last_decision(groups, viewer):
        for e in g.get("entries", []):
            seen.update(e["spaces"])
            for m in e.get("moves", []):
                seen.update(x for x in (m.get("from"), m.get("to")) if x is not None)
    return sorted(seen)
