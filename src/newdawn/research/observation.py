"""Observations for learning code, built only from ``player_view`` (never the hidden state).

``Observation`` holds one flat ``float32`` tensor and named views into it (``dict``, the shape
OpenSpiel observers use):

- ``board``: ``(PLANES, GRID, GRID)`` planes over the axial window ``q, r`` in
  ``-WINDOW_RADIUS..WINDOW_RADIUS`` (``board[:, q + R, r + R]``); plane names in ``PLANE_NAMES``.
- ``players``: ``(MAX_SEATS, PLAYER_FEATURES)``, one row per seat **relative to the viewer**
  (row 0 is the viewer, row 1 the next seat in turn order...); feature names in
  ``player_feature_names()``.
- ``table``: ``(TABLE_FEATURES,)``: round, event dial, wonder decks, victory cards, claims...

Seats are relative to the viewer in every part (owner planes, player rows, the decision seat),
so a policy learned from one seat applies to every seat. A spectator (seat -1) sees seats in
their own order. The text observation (``observation_text``) is every field of the view in
words and compact JSON, so two different views never give the same text.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ..content import load_content
from ..content.rulesets import DEFAULT_RULESET
from ..content.schema import DISTRICTS, FOCUS_TYPES, RESOURCES, TERRAINS, WONDER_TYPES
from ..engine import Placement, build_board
from .codec import MAX_SEATS, WINDOW_RADIUS, EncodingError, _content_lists

GRID = 2 * WINDOW_RADIUS + 1
ROW_SLOTS = 6
MAX_LEVEL = 4
SEAT_PLANES = ("city", "capital", "control", "army", "caravan")
FloatArray = npt.NDArray[np.float32]


def _plane_names() -> tuple[str, ...]:
    names = ["on_map", *(f"terrain:{t}" for t in TERRAINS), "fort", *(f"resource:{r}" for r in RESOURCES),
             "natural_wonder"]
    for kind in SEAT_PLANES:
        names += [f"{kind}:seat+{i}" for i in range(MAX_SEATS)]
    names += ["reinforced", *(f"district:{d}" for d in DISTRICTS), "barbarian", "city_state",
              "wonder_token"]
    return tuple(names)


PLANE_NAMES = _plane_names()
PLANE = {n: i for i, n in enumerate(PLANE_NAMES)}


@functools.cache
def _vocab() -> dict[str, tuple[str, ...]]:
    """Sorted content id lists the vectors are laid over (every box of the packaged data)."""
    c = load_content(DEFAULT_RULESET)
    lists = _content_lists()
    agendas = sorted({a.id for v in c.victory_cards.values() for a in v.agendas})
    return {
        "leader": tuple(sorted(c.leaders)),
        "wonder": lists["wonder"],
        "gov": lists["gov"],
        "victory": tuple(sorted(c.victory_cards)),
        "agenda": tuple(agendas),
        "city_state": tuple(sorted(c.city_states)),
    }


@functools.cache
def player_feature_names() -> tuple[str, ...]:
    v = _vocab()
    names = ["present", "to_move", "first", "winner"]
    names += [f"leader:{x}" for x in v["leader"]]
    for slot in range(ROW_SLOTS):
        names += [f"row{slot + 1}:{t}" for t in FOCUS_TYPES] + [f"row{slot + 1}:level"]
    names += [f"trade:{t}" for t in FOCUS_TYPES]
    names += [f"cs_tokens:{t}" for t in FOCUS_TYPES]
    names += [f"gov:{g}" for g in v["gov"]]
    names += ["dial", *(f"resource:{r}" for r in RESOURCES), "natural_wonders", "dipl_held", "dipl_own"]
    names += [f"wonder:{w}" for w in v["wonder"]]
    names += ["armies_on_map", "armies_on_card", "caravans_on_map", "caravans_on_card"]
    names += [f"claim:{a}" for a in v["agenda"]]
    return tuple(names)


@functools.cache
def table_feature_names() -> tuple[str, ...]:
    v = _vocab()
    names = ["round", "game_over", "my_decision", *(f"decision:seat+{i}" for i in range(MAX_SEATS))]
    names += [f"event_pos:{i}" for i in range(6)]
    names += ["stack_size", "removed_wonders"]
    names += [f"deck_size:{t}" for t in WONDER_TYPES]
    names += [f"face_up:{w}" for w in v["wonder"]]
    names += [f"wonder_trade_token:{w}" for w in v["wonder"]]
    names += [f"gone:{w}" for w in v["wonder"]]
    names += [f"victory_card:{x}" for x in v["victory"]]
    names += [f"cs_cards:{x}" for x in v["city_state"]]
    names += [f"cs_conquered:{x}" for x in v["city_state"]]
    return tuple(names)


def layout() -> dict[str, tuple[int, ...]]:
    """Name -> shape of each part, in tensor order."""
    return {
        "board": (len(PLANE_NAMES), GRID, GRID),
        "players": (MAX_SEATS, len(player_feature_names())),
        "table": (len(table_feature_names()),),
    }


def observation_size() -> int:
    return sum(int(np.prod(s)) for s in layout().values())


def named_views(tensor: FloatArray) -> dict[str, FloatArray]:
    """The named parts (``board``, ``players``, ``table``) of a flat observation tensor, as
    views sharing its memory: for a tensor an environment returned, e.g.
    ``named_views(obs["observation"])["players"][0]`` is the viewer's own row."""
    if tensor.shape != (observation_size(),):
        raise ValueError(f"an observation tensor has shape ({observation_size()},), got {tensor.shape}")
    out: dict[str, FloatArray] = {}
    i = 0
    for name, shape in layout().items():
        size = int(np.prod(shape))
        out[name] = tensor[i:i + size].reshape(shape)
        i += size
    return out


class Observation:
    """A reusable observation buffer: ``tensor`` (flat) and ``dict`` (named views)."""

    def __init__(self) -> None:
        self.tensor: FloatArray = np.zeros(observation_size(), np.float32)
        self.dict: dict[str, FloatArray] = named_views(self.tensor)
        self._pf = {n: j for j, n in enumerate(player_feature_names())}
        self._tf = {n: j for j, n in enumerate(table_feature_names())}

    def set_from_view(self, view: Mapping[str, Any]) -> FloatArray:
        """Fill the buffer from a ``player_view`` and return the flat tensor."""
        self.tensor.fill(0.0)
        fill_board(self.dict["board"], view)
        fill_players(self.dict["players"], view, self._pf)
        fill_table(self.dict["table"], view, self._tf)
        return self.tensor


def _rel(seat: int, viewer: int, n: int) -> int:
    return (seat - viewer) % n if viewer >= 0 else seat


def fill_board(board: FloatArray, view: Mapping[str, Any]) -> None:
    c = load_content(view["ruleset"])
    b = build_board(tuple(Placement.from_json(p) for p in view["placements"]), c.tiles)
    n = len(view["players"])
    viewer = int(view["viewer"])
    R = WINDOW_RADIUS
    cells: list[tuple[int, int]] = []
    for q, r in b.coords:
        if max(abs(q), abs(r), abs(q + r)) > R:
            raise EncodingError(f"space {q},{r} lies outside the observation window (radius {R})")
        cells.append((q + R, r + R))
    qs = np.fromiter((x for x, _ in cells), np.intp, len(cells))
    rs = np.fromiter((y for _, y in cells), np.intp, len(cells))
    board[PLANE["on_map"], qs, rs] = 1.0
    for s, (x, y) in enumerate(cells):
        board[PLANE["terrain:" + b.terrain[s]], x, y] = 1.0
        if b.is_fort[s]:
            board[PLANE["fort"], x, y] = 1.0
    for s, tok in view["tokens"].items():
        x, y = cells[int(s)]
        if tok.startswith("nw:"):
            board[PLANE["natural_wonder"], x, y] = 1.0
        else:
            board[PLANE["resource:" + tok], x, y] = 1.0
    for s, seat in view["cities"].items():
        x, y = cells[int(s)]
        board[PLANE[f"city:seat+{_rel(seat, viewer, n)}"], x, y] = 1.0
    for seat, s in enumerate(view["capitals"]):
        if s >= 0:
            x, y = cells[s]
            board[PLANE[f"capital:seat+{_rel(seat, viewer, n)}"], x, y] = 1.0
    for s, seat in view["ctl"].items():
        x, y = cells[int(s)]
        board[PLANE[f"control:seat+{_rel(seat, viewer, n)}"], x, y] = 1.0
    for s in view["reinforced"]:
        x, y = cells[s]
        board[PLANE["reinforced"], x, y] = 1.0
    for s, d in view["district"].items():
        x, y = cells[int(s)]
        board[PLANE["district:" + d], x, y] = 1.0
    for seat, p in enumerate(view["players"]):
        rel = _rel(seat, viewer, n)
        for kind, figs in (("army", p["armies"]), ("caravan", p["caravans"])):
            for s in figs:
                if s >= 0:
                    x, y = cells[s]
                    board[PLANE[f"{kind}:seat+{rel}"], x, y] += 1.0
    for s in view["barbs"].values():
        x, y = cells[s]
        board[PLANE["barbarian"], x, y] = 1.0
    for s in view["cs_at"]:
        x, y = cells[int(s)]
        board[PLANE["city_state"], x, y] = 1.0
    for s in view["wonder_at"]:
        x, y = cells[int(s)]
        board[PLANE["wonder_token"], x, y] = 1.0


def fill_players(out: FloatArray, view: Mapping[str, Any], f: Mapping[str, int]) -> None:
    c = load_content(view["ruleset"])
    n = len(view["players"])
    viewer = int(view["viewer"])
    to_move = view["decision"]["seat"]
    claims: dict[int, list[str]] = {}
    for agenda, seats in view["claims"].items():
        for s in seats:
            claims.setdefault(s, []).append(agenda)
    cap = max(1, c.ruleset.trade_cap)
    for seat, p in enumerate(view["players"]):
        row = out[_rel(seat, viewer, n)]
        row[f["present"]] = 1.0
        row[f["to_move"]] = float(seat == to_move)
        row[f["first"]] = float(seat == view["first"])
        row[f["winner"]] = float(seat == view["winner"])
        row[f["leader:" + p["leader"]]] = 1.0
        for slot, cid in enumerate(p["row"][:ROW_SLOTS]):
            card = c.focus_cards[cid]
            row[f[f"row{slot + 1}:{card.type}"]] = 1.0
            row[f[f"row{slot + 1}:level"]] = card.level / MAX_LEVEL
        for t, k in p["trade"].items():
            row[f["trade:" + t]] = k / cap
        for cs in p["cs_tokens"]:
            row[f["cs_tokens:" + c.city_states[cs].type]] += 1.0
        if p["gov"]:
            row[f["gov:" + p["gov"]]] = 1.0
        row[f["dial"]] = p["dial"] / c.ruleset.tech_dial_max
        for r, k in p["resources"].items():
            row[f["resource:" + r]] = float(k)
        row[f["natural_wonders"]] = float(len(p["nws"]))
        row[f["dipl_held"]] = float(len(p["dipl"]))
        row[f["dipl_own"]] = float(len(p["own_dipl"]))
        for w in p["wonders"]:
            row[f["wonder:" + w]] = 1.0
        row[f["armies_on_map"]] = float(sum(1 for s in p["armies"] if s >= 0))
        row[f["armies_on_card"]] = float(sum(1 for s in p["armies"] if s == -1))
        row[f["caravans_on_map"]] = float(sum(1 for s in p["caravans"] if s >= 0))
        row[f["caravans_on_card"]] = float(sum(1 for s in p["caravans"] if s == -1))
        for agenda in claims.get(seat, ()):
            row[f["claim:" + agenda]] = 1.0


def fill_table(out: FloatArray, view: Mapping[str, Any], f: Mapping[str, int]) -> None:
    n = len(view["players"])
    viewer = int(view["viewer"])
    out[f["round"]] = view["round"] / 100.0
    out[f["game_over"]] = float(view["winner"] != -1)
    seat = view["decision"]["seat"]
    if seat >= 0:
        out[f["my_decision"]] = float(seat == viewer)
        out[f[f"decision:seat+{_rel(seat, viewer, n)}"]] = 1.0
    out[f[f"event_pos:{view['event_pos'] % 6}"]] = 1.0
    out[f["stack_size"]] = view["stack_size"] / 10.0
    out[f["removed_wonders"]] = view["removed_wonder_count"] / 10.0
    for t, info in view["wonder_decks"].items():
        out[f["deck_size:" + t]] = info["size"] / 10.0
        if info["top"]:
            out[f["face_up:" + info["top"]]] = 1.0
    for w in view["wonder_tokens"]:
        out[f["wonder_trade_token:" + w]] = 1.0
    for w in view["gone_wonders"]:
        out[f["gone:" + w]] = 1.0
    for v in view["victory_cards"]:
        out[f["victory_card:" + v]] = 1.0
    for cs, k in view["cs_cards"].items():
        out[f["cs_cards:" + cs]] = float(k)
    for cs in view["cs_conquered"]:
        out[f["cs_conquered:" + cs]] = 1.0


def observation_text(view: Mapping[str, Any]) -> str:
    """The view in words for a language-model agent: a short summary, the pending decision and
    the options (for the seat that decides), then every field of the view as compact JSON (so
    the text is unique per view)."""
    d = view["decision"]
    lines = [
        f"newdawn ({view['ruleset']}), {len(view['players'])} players; you are seat {view['viewer']}; "
        f"round {view['round']}",
        "decision: " + (f"seat {d['seat']}: {d['kind']}" if d["seat"] >= 0 else "none, the game is over"),
    ]
    if d["options"]:
        lines.append("your options: " + " | ".join(d["options"]))
    for k in sorted(view):
        lines.append(f"{k}: {json.dumps(view[k], sort_keys=True, separators=(',', ':'))}")
    return "\n".join(lines)
