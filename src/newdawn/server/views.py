"""What the server sends: the ``view`` message of the web contract and the content table.

Everything a seat receives is built from ``engine.player_view`` (which already hides the tile
stack, the wonder decks below their top cards, the wonders removed unseen, the generator and
the seed) plus public facts: the map's geometry, the action log with its event lines, the
seats, and the parts of a pending combat's values (all on the table: dice, slots, terrain).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from .. import describe
from ..content import load_content
from ..content.rulesets import DEFAULT_RULESET
from ..describe.breakdown import combat_json, production_json
from ..describe.follow import summaries, touched
from ..describe.glossary import glossary
from ..describe.guide import decision_help
from ..describe.help import help_page
from ..describe.names import seat_full, seat_kind_words, seat_name
from ..describe.options import auto_action
from ..describe.questions import decider_words, question, question_spaces
from ..describe.reach import reach
from ..describe.table import board_words, content_words, map_words, nw_labels, space_words
from ..describe.why import space_reasons
from ..engine import KIND_WATER, GameState, decision_seat, legal_actions, player_view
from .chances import insight_json, state_chances
from .schema import SCHEMA_VERSION

PRACTICE_NOTE = ("Practice game: its seed was typed by a person (or is an old, short one), so anyone "
                 "who knows the seed knows every die roll and draw to come.")


def board_json(st: GameState) -> dict[str, Any]:
    """The map's geometry. A board never changes (a placed tile makes a new one), so its record
    is made once per board and shared (read-only) by every view of it."""
    b = st.board
    got: dict[str, Any] | None = b.memo.get("server.board_json")
    if got is None:
        spaces = []
        for i in range(b.n):
            q, r = b.coords[i]
            spaces.append({
                "id": i, "q": q, "r": r, "terrain": b.terrain[i], "tile": b.tile_no[i], "edge": b.edge[i],
                "fort": b.is_fort[i], "water_token": b.placements[b.tile_of[i]].kind == KIND_WATER,
            })
        got = b.memo["server.board_json"] = {"spaces": spaces, "nw_labels": nw_labels(st)}
    return got


_encode = json.JSONEncoder(check_circular=False).encode
"""``json.dumps`` without the check for cycles (a message is a tree): an eighth faster."""


def board_text(st: GameState) -> str:
    """``board_json`` as JSON text, made once per board (a third of a view's bytes)."""
    got: str | None = st.board.memo.get("server.board_text")
    if got is None:
        got = st.board.memo["server.board_text"] = _encode(board_json(st))
    return got


def view_text(msg: dict[str, Any], st: GameState) -> str:
    """A ``view_message`` as JSON text, its ``board`` spliced in from ``board_text`` rather than
    encoded again (the same JSON value; the key comes last)."""
    rest = _encode({k: v for k, v in msg.items() if k != "board"})
    return f'{rest[:-1]}, "board": {board_text(st)}}}'



def view_message(
    game_id: str,
    version: int,
    st: GameState,
    seat: int,
    acting: frozenset[int],
    log: list[dict[str, Any]],
    seats: list[dict[str, Any]],
    *,
    history: list[dict[str, Any]] | None = None,
    undo: tuple[bool, str | None] | None = None,
    practice: bool = False,
    shared: dict[str, Any] | None = None,
    view: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The contract's ``view`` message (``schema.ViewMessage``) for a viewer who sees as
    ``seat`` (-1: spectator) and may act for the seats in ``acting`` (one seat, every human
    seat in hot-seat play, or none). ``history`` is the log since the viewer's last decision
    or more (for the turn summaries and the touched spaces; default: ``log``); ``undo`` is
    (allowed, reason) for this viewer. ``practice``: the game's seed is known to someone
    (typed by a person), said in words too. ``shared``: ``shared_parts(st)`` when the caller
    builds several viewers' messages of one state (made once for all of them). ``view``: the
    viewer's ``player_view`` if made already (``seat_view``; read, never changed)."""
    common = shared_parts(st) if shared is None else shared
    view = player_view(st, seat) if view is None else dict(view)
    owner = decision_seat(st)
    options = describe.option_records(st) if owner in acting else []
    decision = {
        **common["decision"],
        "options": [o["action"] for o in options],
        "choices": options,
        "no_target_reason": describe.no_target_reason(st, options) if owner in acting else None,
        "map_hint": describe.map_hint(st, options) if owner in acting else None,
        "why_not": space_reasons(st, options) if owner in acting else [],
        "auto_action": auto_action(st) if owner in acting else None,
        "reach": reach(st) if owner in acting else None,
        "who": decider_words(st, owner, any(x["seat"] == owner and x["kind"] == "bot" for x in seats)),
    }
    view["decision"] = {**view["decision"], "options": decision["options"]}
    hist = log if history is None else history
    me = seat if seat >= 0 else (min(acting) if acting else -1)
    if undo is None:
        undo = (False, "undo is not offered here")
    for s in seats:
        if 0 <= s["seat"] < st.n:
            s.setdefault("name", seat_full(st, s["seat"]))
            s.setdefault("short_name", seat_name(s["seat"]))
            s.setdefault("kind_text", seat_kind_words(s["kind"], s.get("bot")))
    return {
        "type": "view", "schema_version": SCHEMA_VERSION, "game_id": game_id, "version": version,
        "seat": seat, "acting": sorted(acting), "view": view, "board": board_json(st),
        "space_words": common["space_words"], "boards": common["boards"], "decision": decision,
        "log": log, "seats": seats,
        "goal": common["goal"], "turn": common["turn"], "wonders": describe.wonders_json(st, me),
        "combat": common["combat"], "production": common["production"],
        "summaries": summaries(hist, me, st), "touched": touched(hist, me),
        "undo": {"allowed": undo[0], "reason": undo[1]}, "end": common["end"],
        "practice": practice, "practice_note": PRACTICE_NOTE if practice else None,
        "insight": insight_json(st, seat, seats, common["chances"]),
    }


def seat_view(public: dict[str, Any], st: GameState, seat: int) -> dict[str, Any]:
    """``player_view(st, seat)`` made from ``public``, the spectator's ``player_view(st, -1)``:
    a seat sees what a spectator sees, and its own options when it decides. The result shares
    ``public``'s parts (its own are the top level and ``decision``): read it, never change it,
    and never hand it to code that may (a bot thinking in this process)."""
    d = dict(public)
    if seat >= 0:
        decision = public["decision"]
        mine = decision["seat"] == seat
        d["decision"] = {**decision, "options": [str(a) for a in legal_actions(st)] if mine else []}
    d["viewer"] = seat
    return d


def shared_parts(st: GameState) -> dict[str, Any]:
    """The parts of a view that are the same for every viewer of ``st`` (read-only: several
    messages share them)."""
    owner = decision_seat(st)
    return {
        "decision": {
            "seat": owner,
            "kind": st.stack_frames[-1]["kind"] if st.winner == -1 and st.stack_frames else "over",
            "text": decision_text(st),
            "spaces": question_spaces(st),
            "help": decision_help(st),
        },
        "goal": describe.goal_json(st), "turn": describe.turn_json(st), "combat": combat_json(st),
        "production": production_json(st), "end": describe.end_json(st), "space_words": space_words(st),
        "chances": state_chances(st), "boards": board_words(st),
    }


def decision_text(st: GameState) -> str:
    """The pending question in the table's words."""
    return question(st)


def _plain(x: Any) -> Any:
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: _plain(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, Mapping):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


_DROP = ("effects", "source", "confidence", "box")


def _public(x: Any) -> dict[str, Any]:
    d: dict[str, Any] = _plain(x)
    for k in _DROP:
        d.pop(k, None)
    return d


def content_json(ruleset: str = DEFAULT_RULESET) -> dict[str, Any]:
    """The game content the table draws and explains (no hidden game state in it: it is the
    same for every game)."""
    c = load_content(ruleset)
    rs = c.ruleset
    return {
        "focus_cards": {k: _public(v) for k, v in c.focus_cards.items()},
        "leaders": {k: _public(v) for k, v in c.leaders.items()},
        "wonders": {k: _public(v) for k, v in c.wonders.items()},
        "city_states": {k: _public(v) for k, v in c.city_states.items()},
        "victory_cards": {k: _public(v) for k, v in c.victory_cards.items()},
        "natural_wonders": {k: _public(v) for k, v in c.natural_wonders.items()},
        "player_diplomacy": {k: _public(v) for k, v in c.player_diplomacy.items()},
        "terrain_difficulty": _plain(rs.terrain_difficulty),
        "glossary": list(glossary(ruleset)),
        "map_words": map_words(c), "board_words": content_words(c), "help": help_page(c),
        "tiles": {str(k): _public(v) for k, v in c.tiles.items()},
        "ruleset": {
            "colors": list(rs.colors), "focus_types": list(rs.focus_types), "row_slots": list(rs.row_slots),
            "slot_cap": rs.slot_cap, "trade_cap": rs.trade_cap, "governments": _plain(rs.governments),
            "event_dial": _plain(rs.event_dial), "tech_dial_max": rs.tech_dial_max,
            "tech_levels": _plain(rs.tech_levels), "districts": list(rs.districts),
            "combat": _plain(rs.combat), "victory_cards_to_win": rs.victory_cards_to_win,
            "players": list(rs.players), "components": _plain(rs.components),
            "start_armies": rs.start_armies, "start_caravans": rs.start_caravans,
        },
    }
