"""The log as records: each action and each event in plain words, with spaces, moves and dice.

An action is described by the option record it was chosen from (``options.option_record`` on
the state before it), so the log and the buttons use the same names. Events are the engine's
facts (``engine/event.py``), put into words by ``event_words.py``.
"""

from __future__ import annotations

from typing import Any, cast

from ..engine import Event, GameState, parse_action
from .event_words import event_sentence, event_spaces, sentence
from .glossary import glossary_ids
from .names import piece_words, seat_name, space_text
from .options import option_record

Entry = dict[str, Any]


def _entry(i: int, rnd: int, seat: int | None, kind: str, text: str, spaces: list[int] | None = None,
           moves: list[dict[str, Any]] | None = None, choice: str | None = None) -> Entry:
    """A log record (every key of the contract's ``LogEntry``; dice, numbers, card and slot
    are filled in by the events that have them)."""
    return {"i": i, "round": rnd, "seat": seat, "kind": kind, "text": text, "spaces": spaces or [],
            "moves": moves or [], "dice": None, "numbers": None, "card": None, "slot": None, "choice": choice,
            "terms": []}


TERM_FIELDS: dict[str, tuple[str, ...]] = {
    "card": ("focus", "dipl", "cs"), "old": ("focus",), "a": ("focus",), "b": ("focus",),
    "wonder": ("wonder",), "revealed": ("wonder",), "district": ("district",), "gov": ("gov",),
    "cs": ("cs",), "nw": ("nw",), "held": ("dipl", "cs"), "new": ("dipl", "cs"), "agenda": ("agenda",),
}
"""Event fields that name a piece of the glossary, and the kinds of entry each may name."""


def event_terms(st: GameState, ev: Event) -> list[str]:
    """The glossary entries (``describe/glossary.py`` ids) of the pieces an event names: the card
    resolved or taken, the wonder, district, government, city-state, natural wonder or agenda, so
    that the log's line can open them in full (issue 39 §2). Only ids of the game's ruleset."""
    known = glossary_ids(str(st.config.get("ruleset") or ""))
    d = cast(dict[str, Any], ev)
    out: list[str] = []
    for key, kinds in TERM_FIELDS.items():
        v = d.get(key)
        if not isinstance(v, str):
            continue
        t = next((f"{k}:{v}" for k in kinds if f"{k}:{v}" in known), None)
        if t is not None and t not in out:
            out.append(t)
    return out


def move(kind: str, seat: int | None, src: int | None, dst: int | None, figure: int | None = None,
         letter: str | None = None) -> dict[str, Any]:
    """A move of the log (``schema.Move``): the piece as facts (``kind``: "army", "caravan",
    "barbarian", "control_token"; the figure's number from 1, or the barbarian's letter), never
    as words: ``piece_words`` makes them."""
    return {"kind": kind, "figure": figure, "letter": letter, "seat": seat, "from": src, "to": dst}


def event_entry(st: GameState, ev: Event, i: int, rnd: int) -> Entry:
    """The log record of the event ``ev`` (its words: ``event_words.py``), on the state after it."""
    e = _entry(i, rnd, None, "event", "")
    e["kind"], e["text"] = event_sentence(st, ev)
    seat = ev.get("seat")
    e["seat"] = seat if isinstance(seat, int) and seat >= 0 else None
    e["spaces"] = event_spaces(ev)
    e["terms"] = event_terms(st, ev)
    if ev["kind"] == "attack":
        e["dice"] = [ev["a_die"], ev["d_die"]]
        e["numbers"] = {"attack_die": ev["a_die"], "attack_base": ev["a_base"],
                        "defence_die": ev["d_die"], "defence_base": ev["d_base"]}
    elif ev["kind"] == "barb_die" or ev["kind"] == "reroll" or ev["kind"] == "setup_core":
        e["dice"] = [ev["die"]]
    elif ev["kind"] == "attack_result":
        e["numbers"] = {"attack": ev["attack"], "defence": ev["defence"], "won": ev["won"]}
    elif ev["kind"] == "move_token":
        e["moves"] = [move("control_token", e["seat"], ev["src"], ev["dst"])]
    elif ev["kind"] == "barb_moved":
        e["moves"] = [move("barbarian", None, None, ev["dst"], letter=ev["letter"])]
    elif ev["kind"] == "barb_return":
        e["moves"] = [move("barbarian", None, None, ev["space"], letter=ev["letter"])]
    elif ev["kind"] == "dial_advance":
        e["numbers"] = {"steps": ev["steps"], "dial": ev["to"]}
    elif ev["kind"] == "resolve":
        e["card"], e["slot"] = ev["card"], ev["slot"]
        if ev["tokens"]:
            e["numbers"] = {"tokens": ev["tokens"]}
    elif ev["kind"] == "wonder_built":
        e["numbers"] = {"production": ev["prod"], "cost": ev["cost"]}
    return e


def barbarian_moves(before: GameState, after: GameState) -> list[dict[str, Any]]:
    """Barbarians that changed space between two states."""
    out = []
    for letter, s in sorted(after.barbs.items()):
        was = before.barbs.get(letter)
        if was is not None and was != s:
            out.append(move("barbarian", None, was, s, letter=letter))
    return out


def action_entries(before: GameState, seat: int, action: str, after: GameState, i: int) -> list[Entry]:
    """The log records of action number ``i`` (1 = the first): the choice, then its events."""
    rnd = before.round
    out: list[Entry] = []
    if before.stack_frames and before.winner == -1:
        f = before.stack_frames[-1]
        try:
            r = option_record(before, f, parse_action(action))
        except Exception:  # a record from an older rules version: keep the text
            r = None
        if r is not None:
            text = f"{seat_name(seat)} {r.said}" if r.said else f"{seat_name(seat)}: {r.label}"
            e = _entry(i, rnd, seat, "action", text, list(r.spaces), choice=r.kind)
            if r.kind == "move" and r.src is not None and r.dst is not None:
                if f["kind"] == "army_step" or f["kind"] == "caravan_step":
                    kind = "army" if f["kind"] == "army_step" else "caravan"
                    e["moves"] = [move(kind, seat, r.src, r.dst, figure=f["figure"] + 1)]
                else:
                    e["moves"] = [move("control_token", seat, r.src, r.dst)]
            if r.amount is not None:
                e["numbers"] = {"amount": r.amount}
            # Steps on the way, and the bare confirmation of a card (its resolve event says
            # more), are left out.
            if f["kind"] != "commit" and not r.quiet:
                out.append(e)
    told = [event_entry(after, ev, i, rnd) for ev in after.events]  # log entries, not events
    if out and not out[-1]["moves"] and any(e["seat"] == seat for e in told):
        # A choice whose events tell it ("places a control token on ...", "changes
        # government to ...") is left out.
        out.pop()
    base = len(out)
    out.extend(told)
    moves = barbarian_moves(before, after)
    if moves:
        # sentence(), not str.capitalize(): that also makes the letter small ("Barbarian j").
        text = "Barbarians move: " + ", ".join(f"{sentence(piece_words(m))} to {space_text(after, m['to'])}" for m in moves)
        spaces = sorted({m["to"] for m in moves} | {m["from"] for m in moves})
        # Told where they moved: right after the die (the event dial) or the move that moved
        # them, not at the end of the action, where it fell into the Automated Player's turn that
        # followed (``turn_parts``) as though that turn had moved them.
        die = [k for k, ev in enumerate(after.events) if ev["kind"] in ("barb_die", "barb_moved", "barb_return")]
        at = base + die[-1] + 1 if die else len(out)
        out.insert(at, _entry(i, rnd, None, "barbarian", text, spaces, moves))
    return out


def turn_parts(group: dict[str, Any], ap: int) -> list[dict[str, Any]]:
    """An action's log group split where a turn of the seat the engine plays (the base game's
    Automated Player, ``ap``; -1: none) begins inside it: that turn is a group of its own
    (same action number, ``part`` 1, 2...), under that seat, so that it is told and drawn as
    a bot's turn is, not under the person whose action set it going."""
    entries = group["entries"]
    cuts = [k for k, e in enumerate(entries)
            if ap >= 0 and group["seat"] != ap and e["kind"] == "action" and e.get("card") and e["seat"] == ap]
    if not cuts:
        return [{**group, "part": 0}]
    parts = []
    bounds = [0, *cuts, len(entries)]
    for p, (a, b) in enumerate(zip(bounds, bounds[1:], strict=False)):
        if p == 0 and a == b:
            continue  # the person's choice said nothing of its own (a card's confirmation)
        parts.append({**group, "seat": group["seat"] if p == 0 else ap, "part": p, "entries": entries[a:b],
                      "events": group["events"] if p == 0 else []})
    return parts


def setup_entries(st: GameState) -> list[Entry]:
    return [event_entry(st, ev, 0, st.round) for ev in st.events]
