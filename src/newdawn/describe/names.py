"""The table's names for things: seats from 1, pieces from 1, cards, wonders, spaces.

Every sentence and label of the table uses these, so a button, a log line and a hint name a
thing the same way ("Seat 2", "Army 1", "Early Empire", "the hills beside Seoul").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..content.schema import Agenda
from ..engine import Action, Frame, GameState, ap_seat, content_for
from .places import TERRAIN as TERRAIN
from .places import place, place_name

DISTRICT = {
    "campus": "Campus", "commercial_hub": "Commercial Hub", "encampment": "Encampment",
    "industrial_zone": "Industrial Zone", "theater_square": "Theater Square",
}
FOCUS_TYPE = {
    "culture": "culture", "science": "science", "economy": "economy", "industry": "industry",
    "military": "military", "growth": "growth",
}
ICON = {
    "spawn": "defeated barbarians return",
    "barb_move": "barbarians move",
    "districts": "districts resolve",
    "government": "players may change government",
    "wonder": "a trade token on each face-up wonder (a second removes it)",
    "trade": "trade tokens",
}
SKIP_VERBS = ("done", "skip", "pass", "keep", "none", "stop")
AUTOMA_NAME = "Automated Player"
"""How the table and the lobby name the Automated Player's seat."""


def pending_frame(st: GameState) -> Frame | None:
    """The frame of the pending decision (its kind is ``["kind"]``), None when the game is over."""
    if st.winner != -1 or not st.stack_frames:
        return None
    return st.stack_frames[-1]


def seat_name(seat: int | None) -> str:
    if seat is None or seat < 0:
        return "nobody"
    return f"Seat {seat + 1}"


def seat_kind_words(kind: str, bot: str | None) -> str:
    """Who plays a seat, on its player board: "human", "bot normal"; nothing for the Automated
    Player (its name says it)."""
    if kind == "bot":
        return f"bot {bot or ''}".strip()
    return "" if kind == "ap" else "human"


def seat_full(st: GameState, seat: int) -> str:
    """"Seat 2 (Gandhi)"."""
    if not 0 <= seat < st.n:
        return seat_name(seat)
    if seat == ap_seat(st):
        return f"{seat_name(seat)} ({AUTOMA_NAME})"
    return f"{seat_name(seat)} ({leader_name(st, st.players[seat].leader)})"


def leader_name(st: GameState, lid: str) -> str:
    ld = content_for(st).leaders.get(lid)
    return ld.leader if ld else words(lid)


def words(ident: str) -> str:
    """Last resort for a data id with no name: "cristo_redentor" -> "cristo redentor"."""
    return ident.replace("_", " ")


def _named(records: Mapping[str, Any], ident: str) -> str:
    """The printed name of the record ``ident``, else the id in words."""
    x = records.get(ident)
    return x.name if x is not None else words(ident)


def card_name(st: GameState, cid: str) -> str:
    return _named(content_for(st).focus_cards, cid)


def wonder_name(st: GameState, wid: str) -> str:
    return _named(content_for(st).wonders, wid)


def city_state_name(st: GameState, cs: str) -> str:
    return _named(content_for(st).city_states, cs)


def natural_wonder_name(st: GameState, nw: str) -> str:
    return _named(content_for(st).natural_wonders, nw)


def a_an(phrase: str) -> str:
    """The phrase with its indefinite article: "an Industrial Zone", "a Campus"."""
    return f"{'an' if phrase[:1].lower() in 'aeiou' else 'a'} {phrase}"


def district_name(d: str) -> str:
    return DISTRICT.get(d, words(d))


def government_name(st: GameState, gid: str) -> str:
    for g in content_for(st).ruleset.governments:
        if g.id == gid:
            return g.name
    return words(gid)


def victory_card_name(st: GameState, vc: str) -> str:
    """Victory cards have no printed title: named after their two agendas."""
    card = content_for(st).victory_cards.get(vc)
    if card is None:
        return words(vc)
    return " / ".join(a.name for a in card.agendas)


def agenda_of(st: GameState, aid: str) -> Agenda | None:
    """The agenda ``aid`` of the game's content (on whichever victory card), None if unknown."""
    for vc in content_for(st).victory_cards.values():
        for a in vc.agendas:
            if a.id == aid:
                return a
    return None


def agenda_name(st: GameState, aid: str) -> str:
    a = agenda_of(st, aid)
    return a.name if a is not None else words(aid)


def diplomacy_name(st: GameState, d: str) -> str:
    """A diplomacy card as held: ``cs:<city-state>`` or ``p<seat>:<card>``, or a bare card id."""
    c = content_for(st)
    if d.startswith("cs:"):
        return f"{city_state_name(st, d[3:])}'s diplomacy card"
    if d.startswith("p") and ":" in d:
        who, _, card = d.partition(":")
        name = _named(c.player_diplomacy, card)
        if who[1:].isdigit():
            return f"{seat_name(int(who[1:]))}'s {name}"
        return name
    pd = c.player_diplomacy.get(d)
    if pd is not None:
        return pd.name
    if d in c.city_states:
        return f"{city_state_name(st, d)}'s diplomacy card"
    return words(d)


def thing_name(st: GameState, ident: str) -> str:
    """Name of any data id an action may carry: card, wonder, resource, district, city-state..."""
    c = content_for(st)
    if ident in c.focus_cards:
        return c.focus_cards[ident].name
    if ident in c.wonders:
        return c.wonders[ident].name
    if ident in DISTRICT:
        return DISTRICT[ident]
    if ident in c.city_states:
        return c.city_states[ident].name
    if ident in c.natural_wonders:
        return c.natural_wonders[ident].name
    if ident in c.player_diplomacy:
        return c.player_diplomacy[ident].name
    if ident in c.leaders:
        return c.leaders[ident].leader
    for g in c.ruleset.governments:
        if g.id == ident:
            return g.name
    if ident.startswith("nw:"):
        return natural_wonder_name(st, ident[3:])
    return words(ident)


def action_space(st: GameState, a: Action) -> int | None:
    """The space an action names (its ``at``), None if it names none on the map."""
    c = a.at
    return st.board.index.get(c) if c is not None else None


def coord_of(st: GameState, s: int) -> str:
    """"3,-1": the space's coordinates, for the debug view and action texts only (no sentence
    a player reads carries them: ``places.py`` names places)."""
    q, r = st.board.coords[s]
    return f"{q},{r}"


def space_text(st: GameState, s: int) -> str:
    """A space by what stands there, else by its place: "Seoul", "Seat 2's capital", "Seat 2's
    city beside Seoul", "Mount Everest", "the hills beside Seoul" (``places.py``)."""
    if not 0 <= s < st.board.n:
        return "a space"
    p = place(st, s)
    if s in st.cs_at or p.landmark:
        return p.name
    if s in st.cities:
        own = st.cities[s]
        kind = "capital" if st.capitals[own] == s else "city"
        return f"{seat_name(own)}'s {kind} {p.where}".rstrip()
    return p.name


def terrain_text(st: GameState, s: int) -> str:
    """"the hills beside Seoul": the space's terrain and where it is, whatever stands there."""
    return place_name(st, s)


def at_space(st: GameState, s: int) -> str:
    """``space_text`` with its preposition: "on the hills beside Seoul", "at Seoul", "at Seat 2's
    city beside Seoul"."""
    text = space_text(st, s)
    return f"{'on' if text.startswith('the ') else 'at'} {text}"


def at_terrain(st: GameState, s: int) -> str:
    """``terrain_text`` with its preposition: "on the hills beside Seoul", "at Seoul"."""
    text = terrain_text(st, s)
    return f"{'on' if text.startswith('the ') else 'at'} {text}"


def short_space(st: GameState, s: int) -> str:
    """"the hills beside Seoul", "Seoul", "Seat 2's city beside Seoul": for buttons."""
    if not 0 <= s < st.board.n:
        return "a space"
    p = place(st, s)
    if s in st.cities and not p.landmark:
        return f"{seat_name(st.cities[s])}'s city {p.where}".rstrip()
    return p.name


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def icon_text_of(icons: list[str] | tuple[str, ...]) -> str:
    return "; ".join(ICON.get(i, words(i)) for i in icons)


PIECE_KIND_WORDS = {"army": "army", "caravan": "caravan", "barbarian": "barbarian", "control_token": "control token"}
"""The words of a moving piece's kind (``schema.MoveKind``)."""


def piece_words(m: dict[str, Any]) -> str:
    """A moving piece in words, in lower case: "army 2", "barbarian B", "control token"."""
    name = PIECE_KIND_WORDS[m["kind"]]
    if m.get("figure") is not None:
        return f"{name} {m['figure']}"
    if m.get("letter"):
        return f"{name} {m['letter']}"
    return name
