"""What the server sends: the ``view`` message of the web contract and the content table.

Everything a seat receives is built from ``engine.player_view`` (which already hides the tile
stack, the wonder decks below their top cards, the wonders removed unseen, the generator and
the seed) plus public facts: the map's geometry, the action log with its event lines, the
seats, and the parts of a pending combat's values (all on the table: dice, slots, terrain).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ..content import load_content
from ..engine import GameState, decision_seat, legal_actions, player_view
from ..engine.board import KIND_WATER
from ..engine.state import content_for

PRACTICE_NOTE = ("Practice game: its seed was typed by a person (or is an old, short one), so anyone "
                 "who knows the seed knows every die roll and draw to come.")


def board_json(st: GameState) -> dict[str, Any]:
    b = st.board
    spaces = []
    for i in range(b.n):
        q, r = b.coords[i]
        spaces.append({
            "id": i, "q": q, "r": r, "terrain": b.terrain[i], "tile": b.tile_no[i], "edge": b.edge[i],
            "fort": b.is_fort[i], "water_token": b.placements[b.tile_of[i]].kind == KIND_WATER,
        })
    return {"spaces": spaces}


def combat_json(st: GameState) -> dict[str, Any] | None:
    """The parts of both combat values while a combat decision is pending, else None.

    Parts the engine does not itemise (leader abilities, wonders) are given together as
    "leader and wonders" so that the parts always add up to the engine's value."""
    if st.winner != -1 or not st.stack_frames:
        return None
    f = st.stack_frames[-1]
    if f.get("k") != "combat":
        return None
    cb = content_for(st).ruleset.combat
    target: str = f["target"]
    kind = target.split(":")[0]
    s: int = f["space"]
    dseat: int = f["defender"]

    att: list[dict[str, Any]] = [{"label": f"focus card slot {f['slot']}", "value": int(f["slot"])}]
    if f.get("combat"):
        att.append({"label": "military card bonus", "value": int(f["combat"])})
    if kind == "barb" and f.get("vsb"):
        att.append({"label": "against barbarians", "value": int(f["vsb"])})
    rest = int(f["a_base"]) - sum(p["value"] for p in att)
    if rest:
        att.append({"label": "leader and wonders", "value": rest})

    diff = st.board.diff[s]
    dfd: list[dict[str, Any]] = []
    if kind == "barb":
        dfd.append({"label": "terrain difficulty", "value": diff})
    elif kind == "cs":
        dfd.append({"label": "city-state", "value": int(cb["city_state"])})
    elif kind == "fort":
        dfd.append({"label": "fort", "value": int(cb["fort"])})
    else:
        if kind == "city":
            mult = int(cb["city_terrain_multiplier"])
            dfd.append({"label": f"city: terrain difficulty {diff} x {mult}", "value": diff * mult})
        else:
            dfd.append({"label": "terrain difficulty", "value": diff})
            if kind == "ctl" and s in st.reinforced:
                dfd.append({"label": "reinforced control token", "value": int(cb["reinforced_self"])})
        if kind in ("ctl", "city"):
            adj = sum(1 for n in st.board.nbrs[s] if st.ctl.get(n) == dseat and n in st.reinforced)
            if adj:
                dfd.append({"label": f"{adj} adjacent reinforced token(s)",
                            "value": adj * int(cb["reinforced_adjacent"])})
        if dseat >= 0:
            armies_here = st.players[dseat].armies.count(s) - (1 if kind == "army" else 0)
            if armies_here > 0:
                dfd.append({"label": "friendly army", "value": int(cb["friendly_army"])})
    rest = int(f["d_base"]) - sum(p["value"] for p in dfd)
    if rest:
        dfd.append({"label": "leader and wonders", "value": rest})

    def side(seat: int, die: int, base: int, plus: int, parts: list[dict[str, Any]]) -> dict[str, Any]:
        return {"seat": seat, "die": die, "parts": parts, "base": base, "tokens": plus,
                "total": die + base + plus}

    return {
        "target": target, "space": s, "stage": f["stage"],
        "attacker": side(f["att"], f["a_die"], f["a_base"], f["a_plus"], att),
        "defender": side(dseat, f["d_die"], f["d_base"], f["d_plus"], dfd),
        "ties": "the defender wins ties",
    }


def production_json(st: GameState) -> dict[str, Any] | None:
    """While a wonder is being paid for: where its production comes from and what it costs,
    each as parts that add up to the engine's numbers; else None."""
    if st.winner != -1 or not st.stack_frames:
        return None
    f = st.stack_frames[-1]
    if f.get("k") != "pay":
        return None
    c = content_for(st)
    w: str = f["wonder"]
    parts: list[dict[str, Any]] = []
    below = st.stack_frames[-2] if len(st.stack_frames) > 1 else {}
    if below.get("k") == "build":
        slot = int(below["slot"])
        if below.get("w7") and slot >= 5:
            parts.append({"label": f"industry card in slot {slot} (wonder production)", "value": int(below["w7"])})
        else:
            parts.append({"label": f"industry card slot {slot}", "value": slot})
    if w in st.wonder_tokens:
        parts.append({"label": "trade token on the wonder", "value": 1})
    rv = int(f.get("rv", 2))  # what a resource is worth (3 for Nubia's leader)
    for r, k in sorted(f["res"].items()):
        parts.append({"label": f"{k} {r} resource(s) x {rv}", "value": rv * int(k)})
    for n in f["nw"]:
        nw = c.natural_wonders.get(n)
        parts.append({"label": f"natural wonder {nw.name if nw else n}", "value": 2})
    if f["trade"]:
        parts.append({"label": f"{f['trade']} industry trade token(s)", "value": int(f["trade"])})
    rest = int(f["prod"]) - sum(p["value"] for p in parts)
    if rest:
        parts.append({"label": "other", "value": rest})
    printed = c.wonders[w].cost
    cost_parts = [{"label": "printed cost", "value": printed}]
    if int(f["cost"]) != printed:
        cost_parts.append({"label": "leader and wonders", "value": int(f["cost"]) - printed})
    return {"wonder": w, "total": int(f["prod"]), "parts": parts, "cost": int(f["cost"]),
            "cost_parts": cost_parts}


def view_message(
    game_id: str,
    version: int,
    st: GameState,
    seat: int,
    acting: frozenset[int],
    log: list[dict[str, Any]],
    seats: list[dict[str, Any]],
    practice: bool = False,
    can_undo: bool = False,
) -> dict[str, Any]:
    """The contract's ``view`` message for a viewer who sees as ``seat`` (-1: spectator) and may
    act for the seats in ``acting`` (one seat, every human seat in hot-seat play, or none).
    ``practice``: the game's seed is known to someone (typed by a person), said in words too.
    ``can_undo``: the table offers undo (the game goes on and the last action was the viewer's)."""
    view = player_view(st, seat)
    owner = decision_seat(st)
    decision = {
        "seat": owner,
        "text": view["decision"]["text"],
        "options": [str(a) for a in legal_actions(st)] if owner in acting else [],
    }
    view["decision"] = decision
    return {
        "type": "view", "game_id": game_id, "version": version, "seat": seat, "view": view,
        "board": board_json(st), "decision": decision, "log": log, "seats": seats,
        "combat": combat_json(st), "production": production_json(st),
        "practice": practice,
        "practice_note": PRACTICE_NOTE if practice else None,
        "can_undo": can_undo,
    }


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


def content_json(ruleset: str = "ti") -> dict[str, Any]:
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
