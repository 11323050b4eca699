"""The log as records: each action and each event in plain words, with spaces, moves and dice.

An action is described by the option record it was chosen from (``options.option_record`` on
the state before it), so the log and the buttons use the same names. Events are the engine's
``Event`` lines: their ``kind`` and ``data`` are put into words here (``EVENT_WORDS``); an event
the engine logs without data keeps its own sentence, with seats numbered from 1 and data ids
replaced by names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.actions import parse_action
from ..engine.state import GameState
from .names import (
    a_an,
    agenda_of,
    card_name,
    city_state_name,
    coord_of,
    district_name,
    government_name,
    icon_text_of,
    plain_sentence,
    plural,
    seat_name,
    space_text,
    terrain_text,
    thing_name,
    wonder_name,
)
from .options import option_record

Entry = dict[str, Any]
Words = Callable[[GameState, dict[str, Any]], tuple[str, str]]
"""(kind of log entry, sentence) for an event's data."""


def _entry(i: int, rnd: int, seat: int | None, kind: str, text: str, spaces: list[int] | None = None,
           moves: list[dict[str, Any]] | None = None, choice: str | None = None) -> Entry:
    """A log record (every key of the contract's ``LogEntry``; dice, numbers, card and slot
    are filled in by the events that have them)."""
    return {"i": i, "round": rnd, "seat": seat, "kind": kind, "text": text, "spaces": spaces or [],
            "moves": moves or [], "dice": None, "numbers": None, "card": None, "slot": None, "choice": choice}


def _s(d: dict[str, Any]) -> str:
    return seat_name(d.get("seat"))


def _sp(st: GameState, d: dict[str, Any], key: str = "space") -> str:
    s = d.get(key)
    return space_text(st, s) if isinstance(s, int) and 0 <= s < st.board.n else "a space"


def _terr(st: GameState, d: dict[str, Any]) -> str:
    """The terrain of the event's space (what stands there now may be the event's own result)."""
    s = d.get("space")
    return terrain_text(st, s) if isinstance(s, int) and 0 <= s < st.board.n else "a space"


def target_words(st: GameState, target: str, defender: int, s: int | None = None) -> str:
    """The piece attacked, in words: "Seat 2's city on the hills at 3,-1", "the city-state
    Carthage at 2,2", "barbarian B on the forest at 0,4"."""
    if s is None:
        return _target(st, target, defender)
    where = coord_of(st, s)
    kind = target.partition(":")[0]
    if kind == "cs" and s in st.cs_at:
        return f"the city-state {city_state_name(st, st.cs_at[s])} at {where}"
    if kind == "barb":
        letter = next((k for k, v in st.barbs.items() if v == s), "")
        return f"barbarian {letter} on {terrain_text(st, s)}".replace("barbarian  ", "a barbarian ")
    if kind == "fort":
        return f"the fort at {where}"
    return f"{_target(st, target, defender)} on {terrain_text(st, s)}"


def _target(st: GameState, target: str, defender: int) -> str:
    kind, _, rest = target.partition(":")
    if kind == "barb":
        return "a barbarian"
    if kind == "cs":
        return "a city-state"
    if kind == "fort":
        return "a fort"
    owner = seat_name(defender)
    return {"city": f"{owner}'s city", "ctl": f"{owner}'s control token", "army": f"{owner}'s army",
            "capital": f"{owner}'s capital", "caravan": f"{owner}'s caravan"}.get(kind, f"{owner}'s {kind}")


EVENT_WORDS: dict[str, Words] = {
    "take_token": lambda st, d: ("event", f"{_s(d)} takes the {thing_name(st, d['token'])} token at {_sp(st, d)}"),
    "place": lambda st, d: ("event", f"{_s(d)} places "
                            + (a_an(f"{district_name(d['district'])} district") if d.get("district") else "a control token")
                            + f" on {_sp(st, d)}"),
    "take_back": lambda st, d: ("event", f"{_s(d)} takes back the control token on {_sp(st, d)}"),
    "move_token": lambda st, d: ("event", f"{_s(d)} moves a control token from {_sp(st, d, 'src')} to {_sp(st, d, 'dst')}"),
    "unreinforce": lambda st, d: ("event", f"the control token on {_sp(st, d)} is flipped to its unreinforced side"),
    "replace_token": lambda st, d: ("event", f"{_s(d)} replaces {seat_name(d['other'])}'s control token on {_sp(st, d)}"),
    "token_removed": lambda st, d: ("event", f"{_s(d)}'s control token on {_sp(st, d)} is removed"),
    "dial_advance": lambda st, d: ("event", f"{_s(d)} turns the tech dial {plural(d['steps'], 'space')}, to {d['to']}"),
    "take_card": lambda st, d: ("event", f"{_s(d)} takes {card_name(st, d['card'])}"),
    "ap_replace": lambda st, d: ("event", f"{_s(d)} replaces {card_name(st, d['old'])} with {card_name(st, d['card'])}"),
    "dial": lambda st, d: ("dial", f"The event dial turns: {icon_text_of(d['icons'])}" if d["icons"]
                           else "The event dial turns to a blank space"),
    "barb_return": lambda st, d: ("barbarian", f"Barbarian {d['letter']} returns on {_sp(st, d)}"),
    "barb_hit": lambda st, d: ("barbarian", _barb_hit(st, d)),
    "barb_raid": lambda st, d: ("barbarian", f"Barbarian {d['letter']} raids {_s(d)}'s capital"),
    "barb_turned": lambda st, d: ("barbarian", f"Barbarian {d['letter']} is turned back by {_s(d)}'s reinforced "
                                  f"token on {_sp(st, d)}; the token is flipped"),
    "barb_moved": lambda st, d: ("barbarian", f"{_s(d)} moves barbarian {d['letter']} to {_sp(st, d, 'dst')}"),
    "barb_die": lambda st, d: ("barbarian", f"Barbarians move: the die shows {d['die']}"),
    "government": lambda st, d: ("event", f"{_s(d)} changes government to {government_name(st, d['gov'])}"),
    "wonder_gone": lambda st, d: ("event", f"{wonder_name(st, d['wonder'])} leaves the game (a second trade token)"
                                  + (f"; {wonder_name(st, d['revealed'])} is revealed" if d.get("revealed") else "")),
    "attack": lambda st, d: ("combat", f"{_s(d)} attacks {target_words(st, d['target'], d['defender'], d['space'])}: "
                             f"{d['a_die']} + {d['a_base']} against {d['d_die']} + {d['d_base']}"),
    "reroll": lambda st, d: ("combat", f"{_s(d)} rerolls: {d['die']}"),
    "attack_result": lambda st, d: ("combat", (f"The attack succeeds ({d['attack']} against {d['defence']})"
                                               if d["won"] else
                                               f"The attack fails ({d['attack']} against {d['defence']}): "
                                               "the army returns to its card")),
    "city": lambda st, d: ("event", f"{_s(d)} builds a city on {_terr(st, d)}"),
    "conquer": lambda st, d: ("event", f"{_s(d)} conquers {city_state_name(st, d['cs'])}"),
    "liberate": lambda st, d: ("event", (f"{_s(d)} liberates " if d.get("seat", -1) >= 0 else "")
                               + city_state_name(st, d["cs"]) + ("" if d.get("seat", -1) >= 0 else " is liberated")),
    "army_home": lambda st, d: ("event", f"{_s(d)}'s army goes back to its card"),
    "army_back": lambda st, d: ("event", f"{_s(d)}'s army returns to {_sp(st, d)}"),
    "wonder_control": lambda st, d: ("event", f"{_s(d)} gains control of {wonder_name(st, d['wonder'])}"),
    "wonder_built": lambda st, d: ("event", f"{_s(d)} builds {wonder_name(st, d['wonder'])} "
                                   f"(production {d['prod']} for cost {d['cost']})"),
    "win": lambda st, d: ("end", f"{_s(d)} wins the game"),
    "round_limit": lambda st, d: ("end", f"The round limit ({d['rounds']}) is reached: nobody wins"),
    "resolve": lambda st, d: ("action", f"{_s(d)} resolves {card_name(st, d['card'])} in slot {d['slot']}"
                              + (f" with {d['tokens']} trade token{'s' if d['tokens'] != 1 else ''}"
                                 if d.get("tokens") else "")),
    "agenda": lambda st, d: ("claim", f"{_s(d)} completes the agenda {_agenda(st, d['agenda'])}"),
    "agenda_lost": lambda st, d: ("claim", f"{_s(d)} loses the agenda {_agenda(st, d['agenda'])}"),
    "setup_core": lambda st, d: ("setup", f"The core tiles are laid (die {d['die']}); {seat_name(d['first'])} goes first"),
    "fort": lambda st, d: ("setup", f"{_s(d)} places a fort at {d['coord']}"),
    "capital": lambda st, d: ("setup", f"{_s(d)} places their capital tile at {d['coord']}"),
    "caravan_barb": lambda st, d: ("event", f"{_s(d)}'s caravan defeats barbarian {d['letter']} on {_sp(st, d)}"),
    "caravan_cs": lambda st, d: ("event", f"{_s(d)}'s caravan reaches {city_state_name(st, d['cs'])}: "
                                 f"{d['n']} trade tokens"),
    "caravan_city": lambda st, d: ("event", f"{_s(d)}'s caravan reaches {seat_name(d['other'])}'s city on {_sp(st, d)}"),
    "take_rival_card": lambda st, d: ("event", f"{_s(d)} takes {seat_name(d['other'])}'s {thing_name(st, d['card'])}"),
    "explore": lambda st, d: ("event", f"{_s(d)} explores and draws a map tile"),
}


def _agenda(st: GameState, aid: str) -> str:
    a = agenda_of(st, aid)
    return f"{a.name} ({a.text.rstrip('.')})" if a is not None else aid


def _event_data_spaces(d: dict[str, Any]) -> list[int]:
    return [v for k, v in d.items() if k in ("space", "src", "dst") and isinstance(v, int) and v >= 0]


def _barb_hit(st: GameState, d: dict[str, Any]) -> str:
    """A barbarian entering a space destroys what stands there; an army or caravan (named as
    on the buttons: "Army 2") goes back to its focus card."""
    if "n" in d:
        verb = "defeats" if d["piece"] == "army" else "destroys"
        return (f"Barbarian {d['letter']} {verb} {_s(d)}'s {d['piece'].capitalize()} {d['n'] + 1} on {_sp(st, d)}: "
                "it goes back to its focus card")
    return f"Barbarian {d['letter']} destroys {_s(d)}'s {d['piece']} on {_sp(st, d)}"


def event_entry(st: GameState, ev: str, i: int, rnd: int) -> Entry:
    kind = getattr(ev, "kind", "")
    data: dict[str, Any] = getattr(ev, "data", {})
    e = _entry(i, rnd, None, "event", "")
    fn = EVENT_WORDS.get(kind)
    if not kind:
        e["text"] = plain_sentence(st, str(ev))
        return e
    try:
        if fn is None:  # facts without words of their own ("note"): the engine's sentence
            raise KeyError(kind)
        e["kind"], e["text"] = fn(st, data)
    except (KeyError, TypeError, IndexError):
        e["text"] = plain_sentence(st, str(ev))
    seat = data.get("seat")
    e["seat"] = seat if isinstance(seat, int) and seat >= 0 else None
    e["spaces"] = _event_data_spaces(data)
    if kind == "attack":
        e["dice"] = [data["a_die"], data["d_die"]]
        e["numbers"] = {"attack_die": data["a_die"], "attack_base": data["a_base"],
                        "defence_die": data["d_die"], "defence_base": data["d_base"]}
    elif kind in ("barb_die", "reroll") or kind == "setup_core":
        e["dice"] = [data["die"]]
    elif kind == "attack_result":
        e["numbers"] = {"attack": data["attack"], "defence": data["defence"], "won": data["won"]}
    elif kind == "move_token":
        e["moves"] = [{"piece": "control token", "seat": seat, "from": data["src"], "to": data["dst"]}]
    elif kind == "barb_moved":
        e["moves"] = [{"piece": f"barbarian {data['letter']}", "seat": None, "from": None, "to": data["dst"]}]
    elif kind == "barb_return":
        e["moves"] = [{"piece": "barbarian", "seat": None, "from": None, "to": data["space"]}]
    elif kind == "dial_advance":
        e["numbers"] = {"steps": data["steps"], "dial": data["to"]}
    elif kind == "resolve":
        e["card"], e["slot"] = data["card"], data["slot"]
        if data.get("tokens"):
            e["numbers"] = {"tokens": data["tokens"]}
    elif kind == "wonder_built":
        e["numbers"] = {"production": data["prod"], "cost": data["cost"]}
    return e


def barbarian_moves(before: GameState, after: GameState) -> list[dict[str, Any]]:
    """Barbarians that changed space between two states."""
    out = []
    for letter, s in sorted(after.barbs.items()):
        was = before.barbs.get(letter)
        if was is not None and was != s:
            out.append({"piece": f"barbarian {letter}", "seat": None, "from": was, "to": s})
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
                piece = "control token"
                if f["kind"] == "army_step" or f["kind"] == "caravan_step":
                    piece = f"{'army' if f['kind'] == 'army_step' else 'caravan'} {f['figure'] + 1}"
                e["moves"] = [{"piece": piece, "seat": seat, "from": r.src, "to": r.dst}]
            if r.amount is not None:
                e["numbers"] = {"amount": r.amount}
            # Steps on the way, and the bare confirmation of a card (its resolve event says
            # more), are left out.
            if f["kind"] != "commit" and not r.quiet:
                out.append(e)
    events = [event_entry(after, ev, i, rnd) for ev in after.events]
    if out and not out[-1]["moves"] and any(e["seat"] == seat for e in events):
        # A choice whose events tell it ("places a control token on ...", "changes
        # government to ...") is left out.
        out.pop()
    out.extend(events)
    moves = barbarian_moves(before, after)
    if moves:
        text = "Barbarians move: " + ", ".join(f"{m['piece'].capitalize()} to {space_text(after, m['to'])}" for m in moves)
        spaces = sorted({m["to"] for m in moves} | {m["from"] for m in moves})
        out.append(_entry(i, rnd, None, "barbarian", text, spaces, moves))
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
