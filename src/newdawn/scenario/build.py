"""Reading a scenario file and building the real :class:`GameState` it describes.

A scenario is a TOML file (see ``docs/scenarios.md``): ``[game]`` (players, seed, leaders, the
map), ``[[space]]`` entries (what lies on a space), ``[player.<color or seat>]`` tables,
``[state]`` (whose turn, round, dials, decks, dice) and ``[[step]]`` entries played in order.
Every problem raises :class:`ScenarioError` naming the file and the line or field.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from ..content import Content, load_content
from ..content.loader import load_content_from, read_raw
from ..content.rulesets import DEFAULT_RULESET
from ..engine import (
    LOCKED,
    ON_CARD,
    Frame,
    GameState,
    IllegalActionError,
    NotationError,
    Placement,
    TurnFacts,
    advance,
    apply,
    apply_in_place,
    box_count,
    content_for,
    decision_seat,
    game_config,
    is_mature,
    legal_actions,
    new_game,
    parse_coord,
    seed_state,
    supply_left,
    unused_control,
)
from .errors import ScenarioError
from .frame_shapes import frame_problem

TOP_KEYS = {"title", "rule", "notes", "checks", "game", "space", "player", "state", "step", "puzzle"}
"""``puzzle`` is read by ``newdawn.strength.puzzles`` (a puzzle file is a scenario with a goal)."""
GAME_KEYS = {"players", "seed", "leaders", "colors", "setup", "tiles", "map", "core", "populate", "clear",
             "max_rounds", "ruleset", "generator", "options", "actions", "stop_in_setup", "core_die", "core_side"}
SCENARIO_RNG = "splitmix64"
"""The generator a scenario's game is built with unless ``[game] generator`` names another: the corpus
was written against the maps SplitMix64 deals for its seeds, and a scenario has no secrets."""
SPACE_KEYS = {"at", "keep", "terrain", "city", "capital", "control", "reinforced", "district", "token", "barbarian",
              "city_state", "wonder", "armies", "caravans", "mature"}
PLAYER_KEYS = {"leader", "row", "trade", "cs_tokens", "gov", "dial", "resources", "nws", "dipl", "own_dipl", "deck",
               "focus_deck", "wonders", "armies_on_card", "caravans_on_card", "flags", "unused_cities", "unused_control",
               "unused_districts"}
STATE_KEYS = {"current", "first", "round", "event_pos", "stack", "wonder_decks", "wonder_tokens", "victory_cards",
              "claims", "dice", "rng", "cs_cards", "frames", "turn", "removed_wonders", "gone_wonders",
              "aside_wonders", "supply", "hands", "placed_by"}
SUPPLY_KINDS = {"diamond": "resource:diamond", "marble": "resource:marble", "mercury": "resource:mercury",
                "oil": "resource:oil", "water": "water_tokens"}
"""``[state] supply`` and the ``supply`` game fact: the word of a scenario -> the engine's kind
(``engine.spaces.supply_left``)."""
UNUSED_KEYS = ("unused_cities", "unused_control", "unused_districts")


@dataclass
class Step:
    index: int
    line: int
    data: dict[str, Any]

    def label(self) -> str:
        return f"step {self.index + 1} (line {self.line})" if self.line else f"step {self.index + 1}"


@dataclass
class Scenario:
    path: str
    title: str
    rule: str
    state: GameState
    steps: list[Step] = field(default_factory=list)
    placed_by: dict[int, int] = field(default_factory=dict)
    """Who placed each tile on the map (-1: setup, nobody): the engine keeps no record of it, so
    the scenario follows it, from the seat whose decision put the tile on the map
    (``track_placements``), or from ``[state] placed_by`` for a map given by hand."""
    core_die: int | None = None
    """The die setup rolled for the core's side (None: the map was given by hand, or is fixed)."""


class _Ctx:
    """Where we are in the file, for error messages."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.lines = text.splitlines()
        self.placed_by: dict[int, int] = {}
        self.core_die: int | None = None

    def header_line(self, header: str, nth: int = 0) -> int:
        """Line number (1-based) of the ``nth`` occurrence of a table header, 0 if not found."""
        pat = re.compile(r"^\s*" + re.escape(header) + r"\s*(#.*)?$")
        seen = 0
        for i, ln in enumerate(self.lines):
            if pat.match(ln):
                if seen == nth:
                    return i + 1
                seen += 1
        return 0

    def key_line(self, key: str, after: int = 0) -> int:
        pat = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
        for i in range(max(after - 1, 0), len(self.lines)):
            if pat.match(self.lines[i]):
                return i + 1
        return after

    def err(self, where: str, message: str, line: int = 0) -> ScenarioError:
        return ScenarioError(self.path, f"line {line}, {where}" if line else where, message)


# ------------------------------------------------------------------ name resolution

def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def seat_of(st: GameState, ref: object) -> int:
    """A player named by colour (``red``), seat number, or ``seat1``."""
    if isinstance(ref, bool):
        raise ValueError(f"expected a player (colour or seat), got {ref!r}")
    if isinstance(ref, int):
        if 0 <= ref < st.n:
            return ref
        raise ValueError(f"no seat {ref} in a {st.n}-player game")
    if isinstance(ref, str):
        t = _norm(ref)
        for i, p in enumerate(st.players):
            if p.color == t:
                return i
        m = re.fullmatch(r"(?:seat_?)?(\d+)", t)
        if m and int(m.group(1)) < st.n:
            return int(m.group(1))
        colours = ", ".join(p.color for p in st.players)
        raise ValueError(f"unknown player {ref!r} (players are {colours}, or seat numbers)")
    raise ValueError(f"expected a player (colour or seat), got {ref!r}")


def _lookup(kind: str, table: dict[str, Any], ref: object) -> str:
    if not isinstance(ref, str):
        raise ValueError(f"expected the name of a {kind}, got {ref!r}")
    t = _norm(ref)
    if t in table:
        return t
    for k, v in table.items():
        if _norm(getattr(v, "name", k)) == t:
            return k
    raise ValueError(f"unknown {kind} {ref!r}")


def focus_card_id(c: Content, ref: object) -> str:
    return _lookup("focus card", dict(c.focus_cards), ref)


def focus_deck(st: GameState, seat: int) -> list[str]:
    """A player's focus deck: the cards of their set (the ruleset's standard deck and their
    leader's unique card) that are not on their focus row, sorted by id. The engine keeps no deck
    of its own: a card leaves the deck when it takes a place in the row and returns when replaced."""
    c = content_for(st)
    ps = st.players[seat]
    cards = set(c.deck_ids())
    unique = c.leaders[ps.leader].unique_card
    if unique in c.focus_cards:
        cards.add(unique)
    return sorted(cards - set(ps.row))


def coord_of(st: GameState, ref: object) -> int:
    """Space id of ``q,r`` on the map."""
    if not isinstance(ref, str):
        raise ValueError(f"expected a space as \"q,r\", got {ref!r}")
    try:
        q, r = parse_coord(ref.strip())
    except NotationError as e:
        raise ValueError(str(e)) from None
    s = st.board.space_at((q, r))
    if s < 0:
        raise ValueError(f"no space {q},{r} on the map")
    return s


def parse_map_space(c: Content, text: str) -> Placement:
    """``"q,r terrain"``: one space of the map given space by space (no printed icons)."""
    parts = text.split()
    if len(parts) != 2:
        raise ValueError(f"expected a space as \"q,r terrain\" (e.g. \"0,0 grassland\"), got {text!r}")
    q, r = parse_coord(parts[0])
    return Placement.terrain_at((q, r), _terrain_name(c, parts[1]))


def _terrain_name(c: Content, ref: object) -> str:
    names = sorted(c.ruleset.terrain_difficulty)
    if not isinstance(ref, str) or _norm(ref) not in names:
        raise ValueError(f"unknown terrain {ref!r} (one of {', '.join(names)})")
    return _norm(ref)


def parse_tile(c: Content, text: str) -> Placement:
    """``"20 A3 0,0"`` (tile, side and rotation, translation), ``"fort q,r"`` or ``"water q,r"``."""
    parts = text.split()
    if len(parts) == 2 and parts[0] in ("fort", "water"):
        q, r = parse_coord(parts[1])
        return Placement.fort((q, r)) if parts[0] == "fort" else Placement.water((q, r))
    m = re.fullmatch(r"(\d+)\s+([AB])([0-5])\s+(-?\d+),(-?\d+)", text.strip())
    if not m:
        raise ValueError(f"expected a tile as \"<number> <side><rotation> q,r\" (e.g. \"20 A3 0,0\"), "
                         f"\"fort q,r\" or \"water q,r\"; got {text!r}")
    tile = int(m.group(1))
    if tile not in c.tiles:
        raise ValueError(f"no tile number {tile}")
    return Placement.for_tile(tile, m.group(2), int(m.group(3)), (int(m.group(4)), int(m.group(5))))


# ------------------------------------------------------------------ typed field access

def _want(ctx: _Ctx, where: str, v: Any, typ: type | tuple[type, ...], line: int) -> Any:
    if isinstance(v, bool) and typ is int:
        raise ctx.err(where, f"expected a whole number, got {v!r}", line)
    if not isinstance(v, typ):
        name = typ.__name__ if isinstance(typ, type) else " or ".join(t.__name__ for t in typ)
        raise ctx.err(where, f"expected {name}, got {v!r}", line)
    return v


def _unknown(ctx: _Ctx, where: str, d: dict[str, Any], allowed: set[str], line: int) -> None:
    extra = sorted(set(d) - allowed)
    if extra:
        raise ctx.err(where, f"unknown field(s) {', '.join(extra)}; allowed: {', '.join(sorted(allowed))}", line)


# ------------------------------------------------------------------ building

def load(path: str | Path) -> Scenario:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(str(p), "", f"cannot read: {e.strerror}") from None
    return parse(text, str(p))


def parse(text: str, path: str = "<scenario>") -> Scenario:
    ctx = _Ctx(path, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(path, "", f"not valid TOML: {e}") from None
    _unknown(ctx, "top level", data, TOP_KEYS, 0)
    rule = data.get("rule")
    if not isinstance(rule, str) or not rule.strip():
        raise ctx.err("rule", "every scenario names the rule it checks: rule = \"<file>: <section>\"")
    checks = data.get("checks", [])
    if not isinstance(checks, list) or not all(isinstance(c, str) and c for c in checks):
        raise ctx.err("checks", "checks names checklist entries: checks = [\"<entry id>\", ...]")
    title = data.get("title", Path(path).stem)
    st = _build_game(ctx, data.get("game", {}))
    spaces = _table_list(ctx, data, "space")
    _apply_terrain(ctx, st, spaces)
    for i, sp in enumerate(spaces):
        _apply_space(ctx, st, sp, i)
    explicit: set[tuple[int, str]] = set()
    unused: list[tuple[int, dict[str, Any], str, int]] = []
    players = data.get("player", {})
    _want(ctx, "player", players, dict, ctx.header_line("[player]"))
    for ref, pd in players.items():
        line = ctx.header_line(f"[player.{ref}]")
        try:
            seat = seat_of(st, ref)
        except ValueError as e:
            raise ctx.err(f"player.{ref}", str(e), line) from None
        _want(ctx, f"player.{ref}", pd, dict, line)
        _apply_player(ctx, st, seat, pd, f"player.{ref}", line)
        explicit |= {(seat, k) for k in ("armies_on_card", "caravans_on_card") if k in pd}
        unused.append((seat, pd, f"player.{ref}", line))
    _fill_figures(st, explicit)
    def set_unused() -> None:
        for u in unused:
            _apply_unused(ctx, st, *u)

    _apply_state(ctx, st, data.get("state", {}), set_unused)
    for i, sp in enumerate(spaces):
        _check_mature(ctx, st, sp, i)
    steps = []
    for i, sd in enumerate(_table_list(ctx, data, "step")):
        steps.append(Step(i, ctx.header_line("[[step]]", i), sd))
    return Scenario(path, str(title), rule.strip(), st, steps, ctx.placed_by, ctx.core_die)


def tile_numbers(st: GameState) -> set[int]:
    return {p.tile for p in st.placements if p.kind == "tile"}


def track_placements(before: set[int], st: GameState, seat: int, placed: dict[int, int]) -> None:
    """Tiles on the map now and not in ``before`` were placed by ``seat`` (whose decision it was)."""
    for t in tile_numbers(st) - before:
        placed[t] = seat


def _setup_placers(st: GameState) -> dict[int, int]:
    """After ``new_game``: the tiles setup laid by itself (the core, nobody's) and a capital tile
    laid for a seat the engine plays (the base game's Automated Player)."""
    b = st.board
    owners = {b.tile_no[s]: seat for seat, s in enumerate(st.capitals) if s >= 0}
    return {t: owners.get(t, -1) for t in tile_numbers(st)}


def _apply_tracked(st: GameState, text: str, placed: dict[int, int]) -> GameState:
    before, seat = tile_numbers(st), decision_seat(st)
    st = apply(st, text)
    track_placements(before, st, seat, placed)
    return st


def _table_list(ctx: _Ctx, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    v = data.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
        raise ctx.err(key, f"write each entry as a [[{key}]] table", ctx.key_line(key))
    return v


def _apply_placed_by(ctx: _Ctx, st: GameState, given: dict[str, Any]) -> None:
    """``[state] placed_by = { "20" = "red" }``: who placed tiles of a map given by hand. Each a
    tile on the map; a core tile is setup's (``"nobody"``), and a tile holding a player's capital
    was placed by that player."""
    b = st.board
    capital_of = {b.tile_no[s]: seat for seat, s in enumerate(st.capitals) if s >= 0}
    core = {p.tile for p in st.placements[: st.core_count] if p.kind == "tile"}
    for key, who in given.items():
        if not str(key).isdigit() or int(key) not in tile_numbers(st):
            raise ValueError(f"placed_by: tile {key} is not on the map")
        t = int(key)
        seat = -1 if who == "nobody" else seat_of(st, who)
        if t in core and seat != -1:
            raise ValueError(f"placed_by: tile {t} is a core tile, laid by setup (\"nobody\")")
        if t in capital_of and seat != capital_of[t]:
            raise ValueError(f"placed_by: tile {t} holds {st.players[capital_of[t]].color}'s capital: that player placed it")
        ctx.placed_by[t] = seat


def _core_die(ctx: _Ctx, g: dict[str, Any], ruleset: str, line: int) -> list[int]:
    """``core_die`` (1-6) or ``core_side`` ("A" or "B", the lowest die face that gives it): the
    die setup rolls for the core tiles' side (TI Setup 3e; base Advanced Map Building 3)."""
    if "core_die" in g and "core_side" in g:
        raise ctx.err("game", "give the core's die or its side, not both", line)
    clash = sorted(k for k in ("tiles", "map", "actions") if k in g)
    if ("core_die" in g or "core_side" in g) and clash:
        raise ctx.err("game", f"the core's die is rolled at setup: not together with {', '.join(clash)}", line)
    if "core_die" in g:
        die = _want(ctx, "game.core_die", g["core_die"], int, ctx.key_line("core_die", line))
        if not 1 <= die <= 6:
            raise ctx.err("game.core_die", f"a die shows 1 to 6, not {die}", ctx.key_line("core_die", line))
        return [die]
    if "core_side" in g:
        side = _want(ctx, "game.core_side", g["core_side"], str, ctx.key_line("core_side", line))
        a_rolls = load_content(ruleset).ruleset.core_side_a_rolls
        faces = [d for d in range(1, 7) if (d in a_rolls) == (side == "A")]
        if side not in ("A", "B") or not faces:
            raise ctx.err("game.core_side", f"the core's side is \"A\" or \"B\", not {side!r}", ctx.key_line("core_side", line))
        return faces[:1]
    return []


def _build_game(ctx: _Ctx, g: dict[str, Any]) -> GameState:
    line = ctx.header_line("[game]")
    _want(ctx, "game", g, dict, line)
    _unknown(ctx, "game", g, GAME_KEYS, line)
    # ``ruleset = "base"`` names the game's ruleset; a table replaces values of it (below).
    ruleset = g["ruleset"] if isinstance(g.get("ruleset"), str) else DEFAULT_RULESET
    leaders = g.get("leaders")
    cfg = game_config(g.get("players", 2), leaders=leaders, colors=g.get("colors"),
                      max_rounds=g.get("max_rounds"), generator=g.get("generator", SCENARIO_RNG), ruleset=ruleset)
    cfg.update(_want(ctx, "game.options", g.get("options", {}), dict, ctx.key_line("options", line)))
    seed = _want(ctx, "game.seed", g.get("seed", 1), int, line)
    if leaders is not None:
        try:
            c0 = load_content(ruleset)
        except ValueError as e:
            raise ctx.err("game.ruleset", str(e), ctx.key_line("ruleset", line)) from None
        try:
            cfg["leaders"] = [_lookup("leader", dict(c0.leaders), x) for x in leaders]
        except ValueError as e:
            raise ctx.err("game.leaders", str(e), ctx.key_line("leaders", line)) from None
    dice = _core_die(ctx, g, ruleset, line)
    try:
        st = new_game(cfg, seed, dice)
    except ValueError as e:
        raise ctx.err("game", str(e), line) from None
    if st.forced_dice:
        raise ctx.err("game", "this setup rolls no die for the core (the base game's first-game map is fixed)", line)
    ctx.placed_by = _setup_placers(st)
    ctx.core_die = next((e["die"] for e in st.events if e["kind"] == "setup_core"), None)
    c = content_for(st)
    if "actions" in g:
        return _play_actions(ctx, st, g, line)
    if "tiles" in g and "map" in g:
        raise ctx.err("game", "give the map either as tiles or space by space (map), not both", line)
    if "tiles" in g or "map" in g:
        key = "tiles" if "tiles" in g else "map"
        tl = ctx.key_line(key, line)
        items = _want(ctx, f"game.{key}", g[key], list, tl)
        if not items:
            raise ctx.err(f"game.{key}", "the map needs at least one entry", tl)
        try:
            if key == "tiles":
                placements = [parse_tile(c, _want(ctx, "game.tiles", t, str, tl)) for t in items]
            else:
                placements = [parse_map_space(c, _want(ctx, "game.map", t, str, tl)) for t in items]
                twice = sorted({p.t for p in placements if sum(1 for o in placements if o.t == p.t) > 1})
                if twice:
                    raise ValueError(f"space {twice[0][0]},{twice[0][1]} is listed twice")
        except (ValueError, NotationError) as e:
            raise ctx.err(f"game.{key}", str(e), tl) from None
        st.placements = tuple(placements)
        try:
            st.placements_changed()
        except ValueError as e:
            raise ctx.err(f"game.{key}", str(e), tl) from None
        st.core_count = _want(ctx, "game.core", g.get("core", 0), int, line)
        st.cities, st.capitals = {}, (-1,) * st.n
        st.stack = tuple(t for t in st.stack if t not in {p.tile for p in placements})
        st.stack_frames = [{"kind": "setup_finish"}]
        ctx.placed_by = dict.fromkeys(tile_numbers(st), -1)  # a map given by hand: [state] placed_by
        ctx.core_die = None
        advance(st)  # populates the map, deals the wonder decks, starts the first turn
        if not g.get("populate", True):
            _clear_map(st)
    else:
        setup = g.get("setup", "first")
        sl = ctx.key_line("setup", line)
        if setup != "first":
            for text in _want(ctx, "game.setup", setup, list, sl):
                try:
                    st = _apply_tracked(st, _want(ctx, "game.setup", text, str, sl), ctx.placed_by)
                except (IllegalActionError, NotationError) as e:
                    raise ctx.err("game.setup", f"{text!r}: {e}", sl) from None
        if _want(ctx, "game.stop_in_setup", g.get("stop_in_setup", False), bool, line):
            if not in_setup(st):
                raise ctx.err("game.stop_in_setup", "setup is over after the listed setup actions", line)
        else:
            while in_setup(st):
                st = _apply_tracked(st, str(legal_actions(st)[0]), ctx.placed_by)
        st = st.copy()
    if isinstance(g.get("ruleset"), dict):
        _override_ruleset(ctx, st, g["ruleset"], line)
    if g.get("clear", False):
        _clear_map(st)
    return st


def in_setup(st: GameState) -> bool:
    """Whether a setup decision is pending (forts, capital tiles, base map building)."""
    return bool(st.stack_frames) and st.stack_frames[-1]["kind"].startswith(("setup", "base_map"))


def _play_actions(ctx: _Ctx, st: GameState, g: dict[str, Any], line: int) -> GameState:
    """``[game] actions``: the position a real game reached, its record's actions played from the
    start (setup decisions included) on the game the other ``[game]`` fields configure."""
    al = ctx.key_line("actions", line)
    clash = sorted(k for k in ("setup", "tiles", "map", "clear", "core", "populate") if k in g)
    if clash:
        raise ctx.err("game.actions", f"a position reached by actions has the map its game dealt; "
                      f"drop {', '.join(clash)}", al)
    texts = _want(ctx, "game.actions", g["actions"], list, al)
    for i, text in enumerate(texts):
        try:
            before, seat = tile_numbers(st), decision_seat(st)
            apply_in_place(st, _want(ctx, "game.actions", text, str, al))
            track_placements(before, st, seat, ctx.placed_by)
        except (IllegalActionError, NotationError) as e:
            raise ctx.err("game.actions", f"action {i + 1} {text!r}: {e}", al) from None
        if st.winner != -1 and i + 1 < len(texts):
            raise ctx.err("game.actions", f"the game is over after action {i + 1}", al)
    if isinstance(g.get("ruleset"), dict):
        _override_ruleset(ctx, st, g["ruleset"], line)
    return st.copy()


def _override_ruleset(ctx: _Ctx, st: GameState, values: Any, line: int) -> None:
    """``[game] ruleset = { key = value }``: the game's ruleset with these top-level values replaced,
    validated by the content loader as the packaged file is (setup has already run with the packaged
    values; the rest of the scenario uses the replaced ones)."""
    rl = ctx.key_line("ruleset", line)
    _want(ctx, "game.ruleset", values, dict, rl)
    stem = f"ruleset_{st.ruleset}"
    doc = read_raw(stem)
    for k, v in values.items():
        if k not in doc or k in ("id", "provenance"):
            raise ctx.err("game.ruleset", f"{k!r} is not a ruleset value that can be replaced", rl)
        doc[k] = v
    try:
        st._c = load_content_from(None, st.ruleset, overrides={stem: doc})
    except ValueError as e:
        raise ctx.err("game.ruleset", str(e), rl) from None
    st._legal = None


def _clear_map(st: GameState) -> None:
    st.cities.clear()
    st.capitals = (-1,) * st.n
    st.ctl_mut().clear()
    st.reinforced_mut().clear()
    st.district.clear()
    st.tokens.clear()
    st.barbs.clear()
    st.cs_at.clear()
    st.wonder_at.clear()
    for seat in range(st.n):
        ps = st.player_mut(seat)
        ps.armies = [ON_CARD if a >= 0 else a for a in ps.armies]
        ps.caravans = [ON_CARD if a >= 0 else a for a in ps.caravans]


def _clear_space(st: GameState, s: int) -> None:
    st.cities.pop(s, None)
    st.capitals = tuple(-1 if x == s else x for x in st.capitals)
    st.ctl_mut().pop(s, None)
    st.reinforced_mut().discard(s)
    st.district.pop(s, None)
    st.tokens.pop(s, None)
    for letter in [k for k, v in st.barbs.items() if v == s]:
        del st.barbs[letter]
    st.cs_at.pop(s, None)
    st.wonder_at.pop(s, None)
    for seat in range(st.n):
        ps = st.player_mut(seat)
        ps.armies = [ON_CARD if a == s else a for a in ps.armies]
        ps.caravans = [ON_CARD if a == s else a for a in ps.caravans]


def _apply_terrain(ctx: _Ctx, st: GameState, spaces: list[dict[str, Any]]) -> None:
    """``terrain`` of ``[[space]]`` entries: the map gets a terrain placement for each (the space
    keeps its printed icons; see ``board.KIND_TERRAIN``)."""
    added = []
    for i, sp in enumerate(spaces):
        if "terrain" not in sp:
            continue
        line = ctx.header_line("[[space]]", i)
        try:
            s = coord_of(st, sp.get("at"))
            if st.board.is_fort[s]:
                raise ValueError("a fort's terrain is forest and cannot be changed")
            added.append(Placement.terrain_at(st.board.coords[s], _terrain_name(content_for(st), sp["terrain"])))
        except ValueError as e:
            raise ctx.err(f"space {sp.get('at')}.terrain", str(e), line) from None
    if added:
        st.placements = (*st.placements, *added)
        st.placements_changed()
        st._legal = None


def _check_mature(ctx: _Ctx, st: GameState, sp: dict[str, Any], i: int) -> None:
    """``mature = true/false`` of a ``[[space]]`` entry: the built position must agree."""
    if "mature" not in sp:
        return

    line = ctx.header_line("[[space]]", i)
    s = coord_of(st, sp["at"])
    owner = st.cities.get(s)
    if owner is None:
        raise ctx.err(f"space {sp['at']}.mature", "only a city can be mature (give city or capital)", line)
    want = _want(ctx, f"space {sp['at']}.mature", sp["mature"], bool, line)
    if is_mature(st, owner, s) != want:
        why = ("a neighbouring land space lacks a friendly control token" if want
               else "every neighbouring space holds a friendly control token or is water")
        raise ctx.err(f"space {sp['at']}.mature", f"the city is {'not ' if want else ''}mature: {why}", line)


def _apply_unused(ctx: _Ctx, st: GameState, seat: int, pd: dict[str, Any], where: str, line: int) -> None:
    """``unused_cities``, ``unused_control`` (numbers) and ``unused_districts`` (district types):
    the player's box holds as many pieces as the map, the victory cards and these unused ones
    together (``flags["box:<component>"]``, read by ``spaces.unused_*``)."""
    c = content_for(st)
    ps = st.player_mut(seat)
    try:
        if "unused_cities" in pd:
            n = _want(ctx, where + ".unused_cities", pd["unused_cities"], int, line)
            if n < 0:
                raise ValueError("unused_cities cannot be negative")
            ps.flags["box:cities"] = n + sum(1 for o in st.cities.values() if o == seat)
        if "unused_control" in pd:
            n = _want(ctx, where + ".unused_control", pd["unused_control"], int, line)
            if n < 0:
                raise ValueError("unused_control cannot be negative")
            ps.flags.pop("box:control_tokens", None)
            used = c.ruleset.components["control_tokens"] - unused_control(st, seat)
            ps.flags["box:control_tokens"] = n + used
        if "unused_districts" in pd:
            types = {_norm(_want(ctx, where + ".unused_districts", x, str, line))
                     for x in _want(ctx, where + ".unused_districts", pd["unused_districts"], list, line)}
            bad = types - set(c.ruleset.districts)
            if bad:
                raise ValueError(f"unknown district {sorted(bad)[0]!r} (one of {', '.join(c.ruleset.districts)})")
            on_map = {d for s, d in st.district.items() if st.ctl.get(s) == seat}
            if types & on_map:
                raise ValueError(f"the {sorted(types & on_map)[0]} district is on the map, so it is not unused")
            for d in c.ruleset.districts:
                if d not in types and d not in on_map:
                    ps.flags[f"box:district:{d}"] = 0
    except ValueError as e:
        raise ctx.err(where, str(e), line) from None


def _put_figure(figs: list[int], s: int) -> bool:
    for want in (ON_CARD, LOCKED):
        for i, a in enumerate(figs):
            if a == want:
                figs[i] = s
                return True
    return False


def _apply_space(ctx: _Ctx, st: GameState, sp: dict[str, Any], i: int) -> None:
    line = ctx.header_line("[[space]]", i)
    where = f"space {i + 1}"
    _unknown(ctx, where, sp, SPACE_KEYS, line)
    c = content_for(st)
    try:
        s = coord_of(st, sp.get("at"))
    except ValueError as e:
        raise ctx.err(where + ".at", str(e), line) from None
    where = f"space {sp['at']}"
    if not sp.get("keep", False):
        _clear_space(st, s)
    try:
        for key in ("city", "capital"):
            if key in sp:
                seat = seat_of(st, sp[key])
                st.cities[s] = seat
                if key == "capital":
                    st.capitals = (*st.capitals[:seat], s, *st.capitals[seat + 1:])
        if "control" in sp:
            st.ctl_mut()[s] = seat_of(st, sp["control"])
        if sp.get("reinforced", False):
            if s not in st.ctl:
                raise ValueError("reinforced needs a control token (control = <player>)")
            st.reinforced_mut().add(s)
        if "district" in sp:
            d = _norm(_want(ctx, where + ".district", sp["district"], str, line))
            if d not in c.ruleset.districts:
                raise ValueError(f"unknown district {sp['district']!r} (one of {', '.join(c.ruleset.districts)})")
            if s not in st.ctl:
                raise ValueError("a district is a control token: give control = <player>")
            st.district[s] = d
        if "token" in sp:
            tok = _want(ctx, where + ".token", sp["token"], str, line)
            if tok.startswith("nw:"):
                tok = "nw:" + _lookup("natural wonder", dict(c.natural_wonders), tok[3:])
            elif tok not in ("diamond", "marble", "mercury", "oil"):
                raise ValueError(f"unknown token {tok!r} (a resource, or nw:<natural wonder>)")
            st.tokens[s] = tok
        if "barbarian" in sp:
            letter = _want(ctx, where + ".barbarian", sp["barbarian"], str, line).upper()
            st.barbs[letter] = s
        if "city_state" in sp:
            cs = _lookup("city-state", dict(c.city_states), sp["city_state"])
            st.cs_at[s] = cs
            st.cs_cards.setdefault(cs, 2)
        if "wonder" in sp:
            st.wonder_at[s] = _lookup("wonder", dict(c.wonders), sp["wonder"])
        for key, attr in (("armies", "armies"), ("caravans", "caravans")):
            refs = sp.get(key, [])
            if isinstance(refs, (str, int)):
                refs = [refs]
            for ref in _want(ctx, f"{where}.{key}", refs, list, line):
                seat = seat_of(st, ref)
                if not _put_figure(getattr(st.player_mut(seat), attr), s):
                    raise ValueError(f"{st.players[seat].color} has no {key} left to place")
    except ValueError as e:
        raise ctx.err(where, str(e), line) from None


def _apply_player(ctx: _Ctx, st: GameState, seat: int, pd: dict[str, Any], where: str, line: int) -> None:
    _unknown(ctx, where, pd, PLAYER_KEYS, line)
    c = content_for(st)
    ps = st.player_mut(seat)
    try:
        if "leader" in pd:
            ps.leader = _lookup("leader", dict(c.leaders), pd["leader"])
        if "row" in pd:
            row = [focus_card_id(c, x) for x in _want(ctx, where + ".row", pd["row"], list, line)]
            types = sorted(c.focus_cards[x].type for x in row)
            if types != sorted(c.ruleset.focus_types):
                raise ValueError(f"the focus row needs one card of each type ({', '.join(c.ruleset.focus_types)}), "
                                 f"got {', '.join(row)}")
            ps.row = row
        if "trade" in pd:
            trade = _want(ctx, where + ".trade", pd["trade"], dict, line)
            for k, v in trade.items():
                if k not in c.ruleset.focus_types:
                    raise ValueError(f"trade: unknown focus type {k!r}")
                _want(ctx, f"{where}.trade.{k}", v, int, line)
            ps.trade = {k: v for k, v in trade.items() if v}
        if "cs_tokens" in pd:
            ps.cs_tokens = tuple(_lookup("city-state", dict(c.city_states), x) for x in pd["cs_tokens"])
            for cs in ps.cs_tokens:
                st.cs_conquered[cs] = seat
        if "gov" in pd:
            gov = _norm(pd["gov"]) if pd["gov"] else ""
            if gov and gov not in {g.id for g in c.ruleset.governments}:
                raise ValueError(f"unknown government {pd['gov']!r}")
            ps.gov = gov
        if "dial" in pd:
            ps.dial = _want(ctx, where + ".dial", pd["dial"], int, line)
        if "resources" in pd:
            res = _want(ctx, where + ".resources", pd["resources"], dict, line)
            ps.resources = {k: v for k, v in res.items() if v}
        if "nws" in pd:
            ps.nws = tuple(_lookup("natural wonder", dict(c.natural_wonders), x) for x in pd["nws"])
        if "dipl" in pd:
            ps.dipl = tuple(str(x) for x in pd["dipl"])
        if "own_dipl" in pd and "deck" in pd:
            raise ValueError("deck and own_dipl name the same cards: give one")
        for key in ("own_dipl", "deck"):
            if key in pd:
                cards = _want(ctx, f"{where}.{key}", pd[key], list, line)
                ps.own_dipl = tuple(_lookup("diplomacy card", dict(c.player_diplomacy), x) for x in cards)
        if "wonders" in pd:
            ps.wonders = tuple(_lookup("wonder", dict(c.wonders), x) for x in pd["wonders"])
            for wtype, deck in st.wonder_decks.items():
                st.wonder_decks[wtype] = [w for w in deck if w not in ps.wonders]
        for key in ("armies_on_card", "caravans_on_card"):
            if key in pd:
                n = _want(ctx, f"{where}.{key}", pd[key], int, line)
                figs = ps.armies if key == "armies_on_card" else ps.caravans
                free = [i for i, a in enumerate(figs) if a < 0]
                if n > len(free):
                    raise ValueError(f"{key} = {n} but only {len(free)} are off the map")
                for j, i in enumerate(free):
                    figs[i] = ON_CARD if j < n else LOCKED
        if "flags" in pd:
            ps.flags = dict(_want(ctx, where + ".flags", pd["flags"], dict, line))
        if "focus_deck" in pd:
            given = sorted(focus_card_id(c, x) for x in _want(ctx, where + ".focus_deck", pd["focus_deck"], list, line))
            deck = focus_deck(st, seat)
            if given != deck:
                extra, missing = sorted(set(given) - set(deck)), sorted(set(deck) - set(given))
                raise ValueError("focus_deck: the deck is the player's cards not on the row"
                                 + (f"; not in the deck: {', '.join(extra)}" if extra else "")
                                 + (f"; missing: {', '.join(missing)}" if missing else ""))
    except ValueError as e:
        raise ctx.err(where, str(e), line) from None


def _fill_figures(st: GameState, explicit: set[tuple[int, str]]) -> None:
    """Figures unlocked by the focus row stand on their card unless the file says otherwise."""
    c = content_for(st)
    rs = c.ruleset
    for seat in range(st.n):
        ps = st.player_mut(seat)
        cards = [c.focus_cards[x] for x in ps.row]
        for key, figs, start, attr in (("armies_on_card", ps.armies, rs.start_armies, "armies"),
                                       ("caravans_on_card", ps.caravans, rs.start_caravans, "caravans")):
            if (seat, key) in explicit:
                continue
            unlocked = max([start, *(getattr(x, attr) for x in cards)])
            on_map = sum(1 for a in figs if a >= 0)
            free = [i for i, a in enumerate(figs) if a < 0]
            for j, i in enumerate(free):
                figs[i] = ON_CARD if j < unlocked - on_map else LOCKED


def _apply_state(ctx: _Ctx, st: GameState, sd: dict[str, Any], before_advance: Callable[[], object]) -> None:
    line = ctx.header_line("[state]")
    _want(ctx, "state", sd, dict, line)
    _unknown(ctx, "state", sd, STATE_KEYS, line)
    c = content_for(st)
    try:
        if "first" in sd:
            st.first = seat_of(st, sd["first"])
        if "current" in sd:
            st.current = seat_of(st, sd["current"])
        if "round" in sd:
            st.round = _want(ctx, "state.round", sd["round"], int, line)
        if "event_pos" in sd:
            st.event_pos = _want(ctx, "state.event_pos", sd["event_pos"], int, line)
        if "stack" in sd:
            st.stack = tuple(int(x) for x in sd["stack"])
        if "hands" in sd:
            _apply_hands(st, _want(ctx, "state.hands", sd["hands"], dict, line))
        if "placed_by" in sd:
            _apply_placed_by(ctx, st, _want(ctx, "state.placed_by", sd["placed_by"], dict, line))
        if "wonder_decks" in sd:
            for wtype, deck in _want(ctx, "state.wonder_decks", sd["wonder_decks"], dict, line).items():
                if wtype not in st.wonder_decks:
                    raise ValueError(f"wonder_decks: unknown wonder type {wtype!r}")
                ids = [_lookup("wonder", dict(c.wonders), w) for w in deck]
                st.wonder_decks[wtype] = ids
        if "wonder_tokens" in sd:
            st.wonder_tokens = tuple(_lookup("wonder", dict(c.wonders), w) for w in sd["wonder_tokens"])
        for key, attr in (("removed_wonders", "removed_wonders"), ("gone_wonders", "gone_wonders"),
                          ("aside_wonders", "cs_aside_wonders")):
            if key in sd:
                ws = [_lookup("wonder", dict(c.wonders), w) for w in _want(ctx, f"state.{key}", sd[key], list, line)]
                for wtype, deck in st.wonder_decks.items():
                    st.wonder_decks[wtype] = [w for w in deck if w not in ws]
                setattr(st, attr, tuple(ws))
        if "victory_cards" in sd:
            st.victory_cards = [_lookup("victory card", dict(c.victory_cards), v) for v in sd["victory_cards"]]
        if "claims" in sd:
            agendas = {a.id for v in c.victory_cards.values() for a in v.agendas}
            claims = {}
            for ag, seats in sd["claims"].items():
                if ag not in agendas:
                    raise ValueError(f"claims: unknown agenda {ag!r}")
                claims[ag] = [seat_of(st, x) for x in seats]
            st.claims = claims
        if "cs_cards" in sd:
            st.cs_cards = {_lookup("city-state", dict(c.city_states), k): int(v) for k, v in sd["cs_cards"].items()}
        if "dice" in sd:
            st.forced_dice = [_die(x) for x in sd["dice"]]
        if "rng" in sd:
            st.rng = seed_state(_want(ctx, "state.rng", sd["rng"], int, line))
        if "turn" in sd:
            turn = dict(_want(ctx, "state.turn", sd["turn"], dict, line))
            unknown = sorted(set(turn) - set(TurnFacts.__annotations__))
            if unknown:
                raise ValueError(f"state.turn: unknown key(s) {', '.join(unknown)} "
                                 f"(the turn's facts are: {', '.join(TurnFacts.__annotations__)})")
            st.turn = cast(TurnFacts, turn)
    except ValueError as e:
        raise ctx.err("state", str(e), line) from None
    if "frames" in sd:
        # frames given by hand (experts): each must have its kind's declared shape (engine/frames.py)
        st.stack_frames = []
        for i, f in enumerate(_want(ctx, "state.frames", sd["frames"], list, line)):
            where = f"state.frames[{i}]"
            problem = frame_problem(_want(ctx, where, f, dict, ctx.key_line("frames", line)))
            if problem is not None:
                raise ctx.err(where, f"{problem} (in {f})", ctx.key_line("frames", line))
            st.stack_frames.append(cast(Frame, dict(f)))
    elif sd.keys() & {"first", "current", "round"} or st.stack_frames[-1]["kind"] == "focus":
        st.stack_frames = [{"kind": "end_turn", "seat": st.current}, {"kind": "focus", "seat": st.current}]
        if not sd.get("turn"):
            st.turn = {}
    before_advance()
    _apply_supply(ctx, st, sd.get("supply"), ctx.key_line("supply", line) if "supply" in sd else line)
    st._legal = None
    advance(st)


def _apply_supply(ctx: _Ctx, st: GameState, want: object, line: int) -> None:
    """``supply = { oil = 0, water = 2 }``: what the supply still holds of each kind named,
    given by a box of that size (``config["box"]``, engine/spaces.py ``box_count``). Every
    position is then checked against the box: more pieces in play than it holds is refused."""
    if want is not None:
        given: dict[str, Any] = _want(ctx, "state.supply", want, dict, line)
        box = dict(st.config.get("box", {}))
        for k, n in given.items():
            if k not in SUPPLY_KINDS:
                raise ctx.err("state.supply", f"unknown component {k!r}; allowed: {sorted(SUPPLY_KINDS)}", line)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ctx.err("state.supply", f"{k}: a count is a whole number 0 or more, got {n!r}", line)
            kind = SUPPLY_KINDS[k]
            in_play = box_count(st, kind) - supply_left(st, kind)
            if in_play + n > content_for(st).ruleset.supply[
                    "resources_per_type" if kind.startswith("resource:") else kind]:
                raise ctx.err("state.supply", f"{k}: {in_play} in play and {n} in the supply is more than the box holds", line)
            box[kind] = in_play + n
        st.config = {**st.config, "box": box}
    for k, kind in SUPPLY_KINDS.items():
        if supply_left(st, kind) < 0:
            raise ctx.err("state" if want is None else "state.supply",
                          f"the position has {box_count(st, kind) - supply_left(st, kind)} {k} in play; the box holds {box_count(st, kind)}", line)


def _apply_hands(st: GameState, hands: dict[str, Any]) -> None:
    """``hands = { red = [7, 3, 5] }``: the map tiles dealt to each player named, while base map
    building waits for them (``game.stop_in_setup``). A tile must be a tile of the ruleset, not
    on the map and in one hand only; the players not named keep their hands."""
    if "hands" not in st.turn or not in_setup(st):
        raise ValueError("hands: only while map building waits for the dealt tiles (stop_in_setup, base game)")
    c = content_for(st)
    placed = {p.tile for p in st.placements if p.kind == "tile"}
    old = st.turn["hands"]
    out = [list(h) for h in old]
    for ref, tiles in hands.items():
        seat = seat_of(st, ref)
        if not isinstance(tiles, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in tiles):
            raise ValueError(f"hands.{ref}: a list of tile numbers, got {tiles!r}")
        for t in tiles:
            if t not in c.tiles:
                raise ValueError(f"hands.{ref}: {t} is not a map tile of this ruleset")
            if t in placed:
                raise ValueError(f"hands.{ref}: tile {t} is on the map")
        if len(tiles) != len(old[seat]):
            raise ValueError(f"hands.{ref}: {len(old[seat])} tiles (the turns of map building were dealt for them)")
        out[seat] = list(tiles)
    top: dict[str, Any] = dict(st.stack_frames[-1])
    if top["kind"] == "base_map_place" and top["tile"] not in out[top["seat"]]:
        raise ValueError(f"hands: the pending placement is of tile {top['tile']}: keep it in its player's hand")
    dealt = [t for h in out for t in h]
    twice = sorted({t for t in dealt if dealt.count(t) > 1})
    if twice:
        raise ValueError(f"hands: tile {twice[0]} is dealt twice")
    st.turn = {**st.turn, "hands": out}


def _die(x: object) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 6:
        raise ValueError(f"a forced die is a whole number 1-6, got {x!r}")
    return x
