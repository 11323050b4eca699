"""Following the others: what each seat did since the viewer's last turn, and where."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import GameState
from .names import card_name, piece_words, seat_name, space_text

RECENT = 60
"""Without a decision of the viewer to start from, summaries cover the last 60 actions."""


def since_last_decision(groups: Sequence[dict[str, Any]], viewer: int) -> list[dict[str, Any]]:
    """The log groups since the end of the viewer's last turn (the last ``RECENT`` for a
    spectator or a viewer who has not acted yet). A decision of the viewer's own outside their
    turn (a district paying out at the start of a round, a choice in another seat's turn) does
    not start the window again: every turn played since the viewer's own is still told."""
    if viewer < 0:
        return list(groups[-RECENT:])
    turn = next((k for k in range(len(groups) - 1, -1, -1)
                 if groups[k]["seat"] == viewer and starts_turn(groups[k])), None)
    if turn is None:  # before the viewer's first turn: since their last decision (setup)
        for k in range(len(groups) - 1, -1, -1):
            if groups[k]["seat"] == viewer and groups[k]["n"] > 0:
                return list(groups[k + 1:])
        return list(groups[-RECENT:])
    # The viewer's turn goes on (their later choices in it) until another seat starts a turn
    # or a new round begins.
    end, rnd = turn, _round(groups[turn])
    for j in range(turn + 1, len(groups)):
        g = groups[j]
        if (g["seat"] != viewer and starts_turn(g)) or _round(g) not in (None, rnd):
            break
        if g["seat"] == viewer:
            end = j
    return list(groups[end + 1:])


def starts_turn(g: dict[str, Any]) -> bool:
    """The group resolves a focus card: a seat's turn starts with it."""
    return any(e.get("card") for e in g.get("entries", []) if e["kind"] == "action")


def _round(g: dict[str, Any]) -> int | None:
    entries = g.get("entries", [])
    return entries[0]["round"] if entries else None


def _turn_lines(st: GameState, groups: list[dict[str, Any]]) -> list[str]:
    """The sentences of one seat's turn: what happened (events), the choices that left no
    event of their own, and each piece's moves gathered into one line, made from the moves'
    facts (seat, piece, spaces; the place named on ``st``), never from the entries' words."""
    lines: list[str] = []
    said: list[str] = []
    moving: dict[str, Any] | None = None  # the piece whose steps are being gathered
    for g in groups:
        entries = g.get("entries", [])
        has_events = any(e["kind"] != "action" for e in entries)
        for e in entries:
            if e["kind"] == "action":
                if e["moves"]:
                    m = e["moves"][0]
                    if (moving is not None and _same_piece(moving, m) and moving["seat"] == m["seat"]
                            and moving["to"] == m["from"]):
                        moving["to"], moving["steps"] = m["to"], moving["steps"] + 1
                        lines[moving["line"]] = _move_line(st, moving)
                    else:
                        moving = {**m, "steps": 1, "line": len(lines), "who": e["seat"]}
                        lines.append(_move_line(st, moving))
                    continue
                if has_events or e.get("choice") in ("skip", "back", "confirm", "tokens"):
                    continue
            if e.get("card") and not (e.get("numbers") or {}).get("tokens"):
                said.append(e["text"])  # the card and slot head the summary already
                continue
            lines.append(e["text"])
    return lines or said


def _same_piece(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["kind"] == b["kind"] and a.get("figure") == b.get("figure") and a.get("letter") == b.get("letter")


def _move_line(st: GameState, m: dict[str, Any]) -> str:
    steps = m["steps"]
    piece = piece_words(m)
    piece = piece[:1].upper() + piece[1:]
    to = space_text(st, m["to"]) if m["to"] is not None else "a space"
    return f"{seat_name(m['who'])}: {piece} moves {steps} space{'s' if steps != 1 else ''}, to {to}"


def summaries(groups: Sequence[dict[str, Any]], viewer: int, st: GameState) -> list[dict[str, Any]]:
    """One summary per turn of another seat since the viewer's last decision: the card and
    slot it played, then what happened, in words, and the spaces it touched (places named as
    they stand on ``st``, the state shown)."""
    turns: list[tuple[int, list[dict[str, Any]]]] = []
    for g in since_last_decision(groups, viewer):
        seat = g["seat"]
        if seat == viewer or seat < 0:
            continue
        if not turns or turns[-1][0] != seat or starts_turn(g) and _has_card(turns[-1][1]):
            turns.append((seat, []))
        turns[-1][1].append(g)
    out = []
    for seat, gs in turns:
        card = slot = None
        spaces: list[int] = []
        for g in gs:
            for e in g.get("entries", []):
                if e.get("card") and card is None:
                    card, slot = e["card"], e.get("slot")
                for s in [*e["spaces"], *(x for m in e["moves"] for x in (m.get("from"), m.get("to")))]:
                    if s is not None and s not in spaces:
                        spaces.append(s)
        played = None if card is None else f"played {card_name(st, card)}" + (f" (slot {slot})" if slot else "")
        out.append({"seat": seat, "card": card, "slot": slot, "played": played, "lines": _turn_lines(st, gs),
                    "spaces": spaces})
    return out


def _has_card(groups: list[dict[str, Any]]) -> bool:
    return any(e.get("card") for g in groups for e in g.get("entries", []))


def touched(groups: Sequence[dict[str, Any]], viewer: int) -> list[int]:
    """Every space named by an entry since the viewer's last decision."""
    seen: set[int] = set()
    for g in since_last_decision(groups, viewer):
        for e in g.get("entries", []):
            seen.update(e["spaces"])
            for m in e.get("moves", []):
                seen.update(x for x in (m.get("from"), m.get("to")) if x is not None)
    return sorted(seen)
