"""Playing a scenario's steps and checking its expectations.

Each ``[[step]]`` has one *anchor* key saying what it does: ``do`` (play actions), ``dice``
(force the next die results), ``illegal`` (an action that must be refused), ``options`` /
``includes`` / ``excludes`` / ``targets`` (the pending decision's options), ``decision`` (its
kind), ``space``, ``player`` or ``game`` (facts about the state). The run stops at the first
failed step: later steps depend on earlier ones.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..describe.event_words import event_sentence
from ..describe.questions import question
from ..describe.refusal_words import refusal_words
from ..engine import (
    ON_CARD,
    GameState,
    IllegalActionError,
    NotationError,
    apply,
    content_for,
    coord_text,
    decision_seat,
    is_mature,
    legal_actions,
    parse_action,
    player_view,
    supply_left,
    unused_cities,
    unused_control,
    used_districts,
    why_not,
)
from .build import (
    SUPPLY_KINDS,
    Scenario,
    Step,
    _die,
    _lookup,
    _norm,
    coord_of,
    focus_card_id,
    focus_deck,
    in_setup,
    load,
    seat_of,
    tile_numbers,
    track_placements,
)
from .errors import ScenarioError

ANCHORS = ("do", "dice", "illegal", "options", "includes", "excludes", "targets", "reach", "decision", "space",
           "player", "game", "view")
EXTRA = {"illegal": {"reason"}, "options": {"verb"}, "includes": set(), "excludes": set(), "targets": {"verb"},
         "reach": {"verb"}, "decision": {"seat", "frame", "describe"}, "do": {"log", "no_log"}, "dice": set(),
         "space": None, "player": None, "game": set(), "view": {"shows", "hides", "hides_tiles"}}
SPACE_FACTS = {"city", "capital", "control", "reinforced", "district", "token", "barbarian", "city_state", "wonder",
               "armies", "caravans", "empty", "terrain", "mature"}
PLAYER_FACTS = {"trade", "cs_tokens", "gov", "dial", "resources", "nws", "dipl", "own_dipl", "deck", "focus_deck",
                "wonders", "row",
                "armies_on_card", "caravans_on_card", "armies_at", "caravans_at", "flags", "leader", "unused_cities",
                "unused_control", "unused_districts"}
GAME_FACTS = {"winner", "round", "current", "first", "event_pos", "claims", "barbarians", "cs_conquered", "cs_cards",
              "wonder_decks", "wonder_tokens", "stack", "over", "removed_wonders", "gone_wonders", "aside_wonders",
              "supply", "tiles", "hands", "core_markers", "core_side", "core_die", "returned_tiles", "placed_by"}
REACH_LIMIT = 20000
"""States a ``reach`` step may visit before it reports the search as too large."""
_COORD = re.compile(r"-?\d+,-?\d+")


@dataclass
class Result:
    path: str
    title: str
    rule: str
    passed: bool
    failure: str = ""
    steps_run: int = 0
    final: GameState | None = field(default=None, repr=False)


class _Fail(Exception):
    pass


def run_file(path: str | Path) -> Result:
    """Load and run one scenario file; a malformed file raises :class:`ScenarioError`."""
    return run(load(path))


def run(sc: Scenario) -> Result:
    sc = dataclasses.replace(sc, placed_by=dict(sc.placed_by))  # followed through the steps
    st = sc.state
    for step in sc.steps:
        try:
            st = _run_step(sc, st, step)
        except _Fail as e:
            return Result(sc.path, sc.title, sc.rule, False, f"{step.label()}: {e}", step.index, st)
    return Result(sc.path, sc.title, sc.rule, True, "", len(sc.steps), st)


def _anchor(sc: Scenario, step: Step) -> str:
    found = [k for k in ANCHORS if k in step.data]
    if len(found) != 1:
        raise ScenarioError(sc.path, step.label(),
                            f"a step has exactly one of {', '.join(ANCHORS)}; got {', '.join(found) or 'none'}")
    key = found[0]
    allowed = EXTRA[key]
    if allowed is None:
        allowed = SPACE_FACTS if key == "space" else PLAYER_FACTS
    extra = set(step.data) - {key, "note"} - allowed
    if extra:
        raise ScenarioError(sc.path, step.label(),
                            f"unknown field(s) {', '.join(sorted(extra))} for a '{key}' step; "
                            f"allowed: {', '.join(sorted(allowed | {'note'}))}")
    return key


def _texts(v: object, sc: Scenario, step: Step, key: str) -> list[str]:
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    raise ScenarioError(sc.path, step.label(), f"{key}: expected a text or a list of texts, got {v!r}")


def _run_step(sc: Scenario, st: GameState, step: Step) -> GameState:
    key = _anchor(sc, step)
    d = step.data
    if key == "do":
        events: list[str] = []
        for text in _texts(d["do"], sc, step, "do"):
            try:
                before, seat = tile_numbers(st), decision_seat(st)
                st = apply(st, text)
                track_placements(before, st, seat, sc.placed_by)
            except NotationError as e:
                raise ScenarioError(sc.path, step.label(), f"bad action text {text!r}: {e}") from None
            except IllegalActionError as e:
                raise _Fail(f"{text!r} was refused: {e}") from None
            except Exception as e:  # an engine crash is a failed scenario, not a broken file
                raise _Fail(f"{text!r} crashed the engine: {type(e).__name__}: {e}") from None
            events.extend(event_sentence(st, e)[1] for e in st.events)
        _check_log(sc, step, events)
        return st
    if key == "dice":
        st = st.copy()
        try:
            st.forced_dice.extend(_die(x) for x in (d["dice"] if isinstance(d["dice"], list) else [d["dice"]]))
        except ValueError as e:
            raise ScenarioError(sc.path, step.label(), str(e)) from None
        return st
    if key == "illegal":
        text = d["illegal"]
        refusal = why_not(st, text)
        if refusal is None:
            raise _Fail(f"{text!r} is legal, expected it to be refused")
        # The reason as a player reads it (its words), or the refusal's kind.
        reason = refusal_words(st, refusal)
        want = d.get("reason")
        if want and _norm(want) not in _norm(reason) and _norm(want) != _norm(refusal.kind):
            raise _Fail(f"{text!r} is refused with {reason!r} ({refusal.kind}), which does not mention {want!r}")
        try:
            apply(st, text)
        except (IllegalActionError, NotationError):
            return st
        raise _Fail(f"why_illegal refuses {text!r} but apply accepts it")
    opts = [str(a) for a in legal_actions(st)]
    if key in ("options", "includes", "excludes"):
        want = {" ".join(t.split()) for t in _texts(d[key], sc, step, key)}
        have = set(opts)
        if key == "options" and d.get("verb"):
            have = {o for o in have if o.split(" ")[0] == d["verb"]}
        if key == "options" and want != have:
            raise _Fail(_set_diff("options", want, have))
        if key == "includes" and not want <= have:
            raise _Fail(f"options lack {sorted(want - have)}; options are {sorted(have)}")
        if key == "excludes" and want & have:
            raise _Fail(f"options include {sorted(want & have)}")
        return st
    if key == "targets":
        want = set(_texts(d["targets"], sc, step, "targets"))
        for t in want:
            if not _COORD.fullmatch(t):
                raise ScenarioError(sc.path, step.label(), f"targets: expected spaces as \"q,r\", got {t!r}")
        have = set()
        for o in opts:
            verb, _, arg = o.partition(" ")
            if d.get("verb") and verb != d["verb"]:
                continue
            found = _COORD.findall(arg)
            if found:
                have.add(found[-1])
        if want != have:
            raise _Fail(_set_diff("target spaces", want, have))
        return st
    if key == "reach":
        want = set(_texts(d["reach"], sc, step, "reach"))
        for t in want:
            if not _COORD.fullmatch(t):
                raise ScenarioError(sc.path, step.label(), f"reach: expected spaces as \"q,r\", got {t!r}")
        ends = reachable(st, d.get("verb", "to"))
        if ends is None:
            raise _Fail(f"the moves branch into more than {REACH_LIMIT} positions; assert fewer steps at once")
        if want != ends:
            raise _Fail(_set_diff("spaces the move can end on", want, ends))
        return st
    if key == "decision":
        kind = st.stack_frames[-1]["kind"] if st.winner == -1 else "game over"
        if kind != d["decision"]:
            raise _Fail(f"pending decision is {kind!r} ({question(st)}), expected {d['decision']!r}")
        if "seat" in d:
            want_seat = _seat(sc, step, st, d["seat"])
            if decision_seat(st) != want_seat:
                raise _Fail(f"decision is for {_who(st, decision_seat(st))}, expected {_who(st, want_seat)}")
        if "describe" in d and _norm(d["describe"]) not in _norm(question(st)):
            raise _Fail(f"the decision reads {question(st)!r}, which does not mention {d['describe']!r}")
        top = st.stack_frames[-1]
        for k, v in dict(d.get("frame", {})).items():
            if top.get(k) != v:
                raise _Fail(f"decision field {k}: expected {v!r}, got {top.get(k)!r} (frame {top})")
        return st
    if key == "space":
        _check_space(sc, step, st)
        return st
    if key == "player":
        _check_player(sc, step, st)
        return st
    if key == "view":
        _check_view(sc, step, st)
        return st
    _check_game(sc, step, st)
    return st


def _view_words(v: object, out: set[str], ints: set[int], tile_key: bool = False) -> None:
    """Every text of a view, and each word of it (an option names its card inside its text), and
    the tile numbers it shows (placements, dealt hands, a step's ``tile``)."""
    if isinstance(v, dict):
        for k, x in v.items():
            out.add(str(k))
            _view_words(x, out, ints, tile_key or k in ("tile", "tiles", "hands", "placements"))
    elif isinstance(v, list):
        if tile_key and len(v) == 6 and v[0] == "tile" and isinstance(v[1], int):  # a placement
            ints.add(v[1])
            return
        for x in v:
            _view_words(x, out, ints, tile_key)
    elif isinstance(v, str):
        out.add(v)
        out.update(w for w in re.split(r"[\s@:,()\[\]]+", v) if w)
        if v.startswith("tile "):
            out.add(v)
    elif isinstance(v, int) and not isinstance(v, bool) and tile_key:
        ints.add(v)


def _check_view(sc: Scenario, step: Step, st: GameState) -> None:
    """What one seat's view (``engine.view.player_view``) shows: ``shows`` and ``hides`` name
    cards, wonders, leaders or diplomacy cards by id or name; ``hides_tiles`` map tiles by number.
    ``view = "spectator"`` is the view of nobody's seat."""
    d = step.data
    ref = d["view"]
    seat = -1 if ref == "spectator" else _seat(sc, step, st, ref)
    c = content_for(st)
    tables: dict[str, dict[str, Any]] = {"wonder": dict(c.wonders), "focus card": dict(c.focus_cards),
                                         "leader": dict(c.leaders), "diplomacy card": dict(c.player_diplomacy),
                                         "city-state": dict(c.city_states), "natural wonder": dict(c.natural_wonders)}

    def ident(x: object) -> str:
        for name, table in tables.items():
            try:
                return _lookup(name, table, x)
            except ValueError:
                continue
        raise ScenarioError(sc.path, step.label(), f"view: {x!r} names no card, wonder, leader or diplomacy card")

    words: set[str] = set()
    tiles: set[int] = set()
    _view_words(player_view(st, seat), words, tiles)
    errs = [f"shows no {w}" for w in (ident(x) for x in d.get("shows", [])) if w not in words]
    errs += [f"shows {w}" for w in (ident(x) for x in d.get("hides", [])) if w in words]
    for t in d.get("hides_tiles", []):
        if not isinstance(t, int) or t not in c.tiles:
            raise ScenarioError(sc.path, step.label(), f"view: hides_tiles: {t!r} is not a tile of the ruleset")
        if t in tiles or f"tile {t}" in words:
            errs.append(f"shows tile {t}")
    if errs:
        raise _Fail(f"the view of {ref}: " + "; ".join(errs))


def _check_log(sc: Scenario, step: Step, events: list[str]) -> None:
    """``log``: texts that the step's log holds, in this order (each a part of one entry as the
    table words it, ``describe/event_words.py``, compared without case and punctuation);
    ``no_log``: texts no entry holds."""
    d = step.data
    normed = [_norm(e) for e in events]
    if "log" in d:
        at = 0
        for text in _texts(d["log"], sc, step, "log"):
            t = _norm(text)
            found = next((i for i in range(at, len(normed)) if t in normed[i]), None)
            if found is None:
                where = "after the previous expected entry " if at else ""
                raise _Fail(f"the log holds no entry {where}mentioning {text!r}; the log: {events}")
            at = found + 1
    for text in _texts(d.get("no_log", []), sc, step, "no_log"):
        hit = [e for e, n in zip(events, normed, strict=True) if _norm(text) in n]
        if hit:
            raise _Fail(f"the log mentions {text!r}: {hit}")


def reachable(st: GameState, verb: str = "to") -> set[str] | None:
    """Every space a move of the pending decision can end on: the spaces named by chains of
    ``verb`` actions (default ``to``), followed while the same seat's decision of the same kind
    waits (a move may stop after any step; a step that forces an attack, a trade or the end of
    the movement counts its space and goes no further). None when the search passes
    ``REACH_LIMIT`` positions."""
    if st.winner != -1 or not st.stack_frames:
        return set()
    kind, seat = st.stack_frames[-1]["kind"], decision_seat(st)
    out: set[str] = set()
    seen: set[str] = set()
    todo = [st]
    while todo:
        cur = todo.pop()
        for a in legal_actions(cur):
            if a.verb != verb:
                continue
            c = a.to if a.to is not None else a.at  # the space named last: a move's end
            if c is not None:
                out.add(coord_text(*c))
            nxt = apply(cur, a)
            if nxt.winner != -1 or not nxt.stack_frames:
                continue
            if nxt.stack_frames[-1]["kind"] != kind or decision_seat(nxt) != seat:
                continue
            key = repr((nxt.stack_frames[-1], [(p.armies, p.caravans) for p in nxt.players], nxt.turn))
            if key in seen:
                continue
            seen.add(key)
            if len(seen) > REACH_LIMIT:
                return None
            todo.append(nxt)
    return out


def _set_diff(what: str, want: set[str], have: set[str]) -> str:
    parts = [f"{what} differ"]
    if want - have:
        parts.append(f"missing {sorted(want - have)}")
    if have - want:
        parts.append(f"unexpected {sorted(have - want)}")
    return "; ".join(parts) + f" (all: {sorted(have)})"


def _seat(sc: Scenario, step: Step, st: GameState, ref: object) -> int:
    try:
        return seat_of(st, ref)
    except ValueError as e:
        raise ScenarioError(sc.path, step.label(), str(e)) from None


def _who(st: GameState, seat: int) -> str:
    return st.players[seat].color if 0 <= seat < st.n else "nobody"


def _none(v: object) -> bool:
    return v is False or v is None or v == "none" or v == [] or v == ""


def space_facts(st: GameState, s: int) -> dict[str, Any]:
    """What lies on a space, in the words the scenario files use."""
    out: dict[str, Any] = {}
    if s in st.cities:
        out["city"] = _who(st, st.cities[s])
    if s in st.capitals:
        out["capital"] = _who(st, st.capitals.index(s))
    if s in st.ctl:
        out["control"] = _who(st, st.ctl[s])
    if s in st.reinforced:
        out["reinforced"] = True
    if s in st.district:
        out["district"] = st.district[s]
    if s in st.tokens:
        out["token"] = st.tokens[s]
    for letter, at in st.barbs.items():
        if at == s:
            out["barbarian"] = letter
    if s in st.cs_at:
        out["city_state"] = st.cs_at[s]
    if s in st.wonder_at:
        out["wonder"] = st.wonder_at[s]
    armies = sorted(p.color for p in st.players for a in p.armies if a == s)
    caravans = sorted(p.color for p in st.players for a in p.caravans if a == s)
    if armies:
        out["armies"] = armies
    if caravans:
        out["caravans"] = caravans
    return out


def _space_extra(st: GameState, s: int, key: str) -> Any:
    """Facts asked for by name only (not listed by ``space_facts``): terrain and maturity."""
    if key == "terrain":
        return "fort" if st.board.is_fort[s] else st.board.terrain[s]
    owner = st.cities.get(s)
    return owner is not None and is_mature(st, owner, s)


def _check_space(sc: Scenario, step: Step, st: GameState) -> None:
    d = step.data
    try:
        s = coord_of(st, d["space"])
    except ValueError as e:
        raise ScenarioError(sc.path, step.label(), str(e)) from None
    have = space_facts(st, s)
    errs = []
    c = content_for(st)
    for k, v in d.items():
        if k in ("space", "note"):
            continue
        if k == "empty":
            if bool(v) != (not have):
                errs.append(f"expected it {'empty' if v else 'not empty'}, it holds {have or 'nothing'}")
            continue
        if k in ("terrain", "mature"):
            got_x = _space_extra(st, s, k)
            want_x = bool(v) if k == "mature" else _norm(str(v))
            if got_x != want_x:
                errs.append(f"{k}: expected {want_x!r}, got {got_x!r}")
            continue
        got = have.get(k)
        if _none(v):
            if got is not None:
                errs.append(f"{k}: expected none, got {got!r}")
            continue
        if k in ("armies", "caravans"):
            refs = v if isinstance(v, list) else [v]
            want: Any = sorted(_who(st, _seat(sc, step, st, x)) for x in refs)
        elif k in ("city", "capital", "control"):
            want = _who(st, _seat(sc, step, st, v))
        elif k == "reinforced":
            want = True
        elif k == "city_state":
            want = _lookup("city-state", dict(c.city_states), v)
        elif k == "wonder":
            want = _lookup("wonder", dict(c.wonders), v)
        elif k == "barbarian":
            want = str(v).upper()
        else:
            want = v
        if got != want:
            errs.append(f"{k}: expected {want!r}, got {got!r}")
    if errs:
        raise _Fail(f"space {d['space']}: " + "; ".join(errs) + f" (the space holds {have or 'nothing'})")


def _check_player(sc: Scenario, step: Step, st: GameState) -> None:
    d = step.data
    seat = _seat(sc, step, st, d["player"])
    ps = st.players[seat]
    c = content_for(st)
    b = st.board
    errs = []
    for k, v in d.items():
        if k in ("player", "note"):
            continue
        want: Any
        got: Any
        try:
            if k in ("trade", "resources"):
                got = {a: n for a, n in getattr(ps, k).items() if n}
                want = {a: n for a, n in dict(v).items() if n}
            elif k in ("unused_cities", "unused_control"):
                got = (unused_cities if k == "unused_cities" else unused_control)(st, seat)
                want = v
            elif k == "unused_districts":
                got = sorted(set(c.ruleset.districts) - used_districts(st, seat))
                want = sorted(_norm(x) for x in v)
            elif k in ("cs_tokens", "nws", "dipl", "own_dipl", "deck", "wonders"):
                got = sorted(getattr(ps, "own_dipl" if k == "deck" else k))
                table = {"cs_tokens": c.city_states, "nws": c.natural_wonders, "wonders": c.wonders,
                         "own_dipl": c.player_diplomacy, "deck": c.player_diplomacy}.get(k)
                want = sorted(_lookup(k, dict(table), x) if table is not None else x for x in v)
            elif k == "row":
                got = list(ps.row)
                want = [focus_card_id(c, x) for x in v]
            elif k == "focus_deck":
                got = focus_deck(st, seat)
                want = sorted(focus_card_id(c, x) for x in v)
            elif k in ("armies_on_card", "caravans_on_card"):
                figs = ps.armies if k.startswith("armies") else ps.caravans
                got = sum(1 for a in figs if a == ON_CARD)
                want = v
            elif k in ("armies_at", "caravans_at"):
                figs = ps.armies if k.startswith("armies") else ps.caravans
                got = sorted(f"{b.coords[a][0]},{b.coords[a][1]}" for a in figs if a >= 0)
                want = sorted(v)
            elif k == "flags":
                got = {f: ps.flags.get(f) for f in v}
                want = dict(v)
            elif k == "gov":
                got, want = ps.gov, _norm(v) if v else ""
            elif k == "leader":
                got, want = ps.leader, _lookup("leader", dict(c.leaders), v)
            else:
                got, want = getattr(ps, k), v
                if isinstance(got, tuple):  # a field held as a tuple (PlayerState): its JSON form is a list
                    got = list(got)
        except (ValueError, TypeError) as e:
            raise ScenarioError(sc.path, step.label(), f"{k}: {e}") from None
        if got != want:
            errs.append(f"{k}: expected {want!r}, got {got!r}")
    if errs:
        raise _Fail(f"player {ps.color}: " + "; ".join(errs))


def _check_game(sc: Scenario, step: Step, st: GameState) -> None:
    facts = step.data["game"]
    if not isinstance(facts, dict):
        raise ScenarioError(sc.path, step.label(), "game: expected a table of facts, e.g. game = {winner = \"red\"}")
    extra = set(facts) - GAME_FACTS
    if extra:
        raise ScenarioError(sc.path, step.label(), f"game: unknown fact(s) {sorted(extra)}; allowed: {sorted(GAME_FACTS)}")
    c = content_for(st)
    errs = []
    for k, v in facts.items():
        want: Any
        got: Any
        if k == "winner":
            got = {-1: "none yet", -2: "nobody"}.get(st.winner) or _who(st, st.winner)
            want = v if v in ("none yet", "nobody") else _who(st, _seat(sc, step, st, v))
        elif k == "over":
            got, want = st.winner != -1, bool(v)
        elif k in ("current", "first"):
            got, want = _who(st, getattr(st, k)), _who(st, _seat(sc, step, st, v))
        elif k == "claims":
            got = {ag: sorted(_who(st, x) for x in st.claims.get(ag, [])) for ag in v}
            want = {ag: sorted(_who(st, _seat(sc, step, st, x)) for x in seats) for ag, seats in v.items()}
        elif k == "barbarians":
            b = st.board
            got = {L: f"{b.coords[s][0]},{b.coords[s][1]}" for L, s in st.barbs.items() if L in v}
            want = {L: x for L, x in v.items() if not _none(x)}
        elif k == "cs_conquered":
            got = {cs: _who(st, st.cs_conquered[cs]) for cs in v if cs in st.cs_conquered}
            want = {_lookup("city-state", dict(c.city_states), cs): _who(st, _seat(sc, step, st, x))
                    for cs, x in v.items() if not _none(x)}
        elif k == "cs_cards":
            got = {cs: st.cs_cards.get(cs, 0) for cs in v}
            want = dict(v)
        elif k == "wonder_tokens":
            got = sorted(st.wonder_tokens)
            want = sorted(_lookup("wonder", dict(c.wonders), w) for w in v)
        elif k in ("removed_wonders", "gone_wonders", "aside_wonders"):
            got = sorted(getattr(st, "cs_aside_wonders" if k == "aside_wonders" else k))  # a list: a copy shows
            want = sorted(_lookup("wonder", dict(c.wonders), w) for w in v)
        elif k in ("tiles", "hands", "core_markers", "core_side", "core_die", "returned_tiles", "placed_by"):
            got, want = _map_fact(sc, step, st, k, v)
        elif k == "supply":
            unknown = set(v) - set(SUPPLY_KINDS)
            if unknown:
                raise ScenarioError(sc.path, step.label(), f"game: supply: unknown component(s) {sorted(unknown)}; "
                                    f"allowed: {sorted(SUPPLY_KINDS)}")
            got = {x: supply_left(st, SUPPLY_KINDS[x]) for x in v}
            want = dict(v)
        elif k == "wonder_decks":
            got = {t: st.wonder_decks.get(t, [])[: len(v[t])] for t in v}
            want = {t: [_lookup("wonder", dict(c.wonders), w) for w in ws] for t, ws in v.items()}
        else:
            got, want = getattr(st, k), v
            if isinstance(got, tuple):  # a field held as a tuple (GameState): its JSON form is a list
                got = list(got)
        if got != want:
            errs.append(f"{k}: expected {want!r}, got {got!r}")
    if errs:
        raise _Fail("game: " + "; ".join(errs))


def _tile_text(p: Any, fields: int) -> str:
    """A placed tile as ``[game] tiles`` writes it ("7 A0 0,0"), cut to ``fields`` fields ("7",
    "7 A" (side only: a wanted "A" field of one letter) or "7 A0", or all three)."""
    return " ".join([str(p.tile), f"{p.side}{p.k}", f"{p.q},{p.r}"][:fields])


def _map_fact(sc: Scenario, step: Step, st: GameState, k: str, v: Any) -> tuple[Any, Any]:
    """The facts of the map's tiles: ``tiles`` (every tile on the map, each as ``[game] tiles``
    writes it or a prefix of that: "7", "7 A", "7 A0", "7 A0 0,0"), ``hands`` (the tiles dealt to
    players and not yet placed: base map building, a Terra Incognita capital tile), ``core_markers`` (the core tiles that carry a
    reminder trade token: the core while map building goes on, none after), ``core_side`` ("A"
    or "B", the side the die chose) and ``returned_tiles`` (tiles of the ruleset in the box:
    neither on the map, in a hand, nor in the stack)."""
    tiles = [p for p in st.placements if p.kind == "tile"]
    if k == "core_die":
        if sc.core_die is None:
            raise ScenarioError(sc.path, step.label(), "core_die: no die was rolled for this map (given by hand, or fixed)")
        return sc.core_die, v
    if k == "placed_by":
        if not isinstance(v, dict):
            raise ScenarioError(sc.path, step.label(), f"placed_by: expected a table of tile = player, got {v!r}")
        want_by: dict[str, str] = {}
        for key, who in v.items():
            if not str(key).isdigit() or int(key) not in sc.placed_by:
                raise ScenarioError(sc.path, step.label(), f"placed_by: tile {key} is not on the map")
            want_by[str(int(key))] = "nobody" if who == "nobody" else _who(st, _seat(sc, step, st, who))
        return {t: _who(st, sc.placed_by[int(t)]) for t in want_by}, want_by
    if k == "tiles":
        by_no = {p.tile: p for p in tiles}
        want = sorted(str(w) for w in v)
        got = []
        for w in want:
            parts = w.split()
            p = by_no.get(int(parts[0])) if parts and parts[0].isdigit() else None
            if p is None:
                continue
            text = _tile_text(p, len(parts))
            got.append(f"{p.tile} {p.side}" if len(parts) == 2 and len(parts[1]) == 1 else text)
        named = {int(w.split()[0]) for w in want if w.split() and w.split()[0].isdigit()}
        got.extend(_tile_text(p, 3) for p in tiles if p.tile not in named)
        return sorted(got), want
    hands: list[list[int]] = [[] for _ in range(st.n)]
    if in_setup(st):
        for s, h in enumerate(st.turn.get("hands", [])):  # base map building
            hands[s].extend(h)
        for frame in st.stack_frames:  # Terra Incognita: a capital tile waits in its setup step
            f: dict[str, Any] = dict(frame)
            if f["kind"] == "setup_capital":
                hands[f["seat"]].append(f["tile"])
    if k == "hands":
        return ({_who(st, s): sorted(h) for s, h in enumerate(hands) if h},
                {_who(st, _seat(sc, step, st, ref)): sorted(int(t) for t in ts) for ref, ts in v.items() if ts})
    core = [p for p in st.placements[: st.core_count] if p.kind == "tile"]
    if k == "core_markers":
        return sorted(p.tile for p in core) if in_setup(st) else [], sorted(int(t) for t in v)
    if k == "core_side":
        return (core[0].side if core else "none"), v
    # returned_tiles
    gone = {p.tile for p in tiles} | {t for h in hands for t in h} | set(st.stack)
    return sorted(t for t in content_for(st).tiles if t not in gone), sorted(int(t) for t in v)


def show(st: GameState) -> str:
    """The position in words: every space with its terrain and contents, then the players."""
    b = st.board
    lines = [f"round {st.round}, first {_who(st, st.first)}, current {_who(st, st.current)}, "
             f"event dial {st.event_pos}; pending: {question(st)} [{st.stack_frames[-1]['kind'] if st.stack_frames else '-'}]"]
    for s in sorted(range(b.n), key=lambda s: (b.coords[s][1], b.coords[s][0])):
        q, r = b.coords[s]
        facts = space_facts(st, s)
        terr = "fort" if b.is_fort[s] else b.terrain[s]
        extra = " ".join(f"{k}={v}" for k, v in facts.items())
        lines.append(f"  {q},{r}  tile {b.tile_no[s]:>2}  {terr:<14} {extra}")
    for ps in st.players:
        lines.append(f"{ps.color}: leader {ps.leader}, row {ps.row}, trade {ps.trade}, dial {ps.dial}, gov "
                     f"{ps.gov or '-'}, resources {ps.resources}, cs {ps.cs_tokens}, wonders {ps.wonders}")
    lines.append("options: " + ", ".join(str(a) for a in legal_actions(st)))
    return "\n".join(lines)


__all__ = ["Result", "parse_action", "run", "run_file", "show", "space_facts"]
