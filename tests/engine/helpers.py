"""Building positions for rule tests: a real game past setup, then pieces set by hand."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection

from newdawn.engine import apply, legal_actions, new_game
from newdawn.engine.actions import Action
from newdawn.engine.flow import advance
from newdawn.engine.state import GameState


def after_setup(players: int = 2, seed: int = 1, leaders: list[str] | None = None) -> GameState:
    """A game whose setup decisions took the first option, waiting for the first focus choice.

    Dealt by SplitMix64, the generator these hand-made positions were written against (which
    spaces lie where, who goes first): the tests built on them check rules, not the generator."""
    st = new_game({"players": players, "leaders": leaders, "generator": "splitmix64"}, seed)
    while st.stack_frames[-1]["kind"].startswith("setup"):
        st = apply(st, legal_actions(st)[0])
    assert st.stack_frames[-1]["kind"] == "focus"
    return st


def space(st: GameState, pred: object = None, *, terrain: str | None = None, avoid: set[int] | None = None) -> int:
    """The first empty land space matching the terrain (and not in ``avoid``)."""
    from newdawn.engine.spaces import is_empty

    b = st.board
    for s in range(b.n):
        if avoid and s in avoid:
            continue
        if terrain is not None and b.terrain[s] != terrain:
            continue
        if b.is_water[s] or not is_empty(st, s):
            continue
        return s
    raise LookupError(f"no empty {terrain} space")


def text(st: GameState, s: int) -> str:
    q, r = st.board.coords[s]
    return f"{q},{r}"


def put_first(st: GameState, ftype: str) -> None:
    """Move the card of ``ftype`` to a given slot is done by rotating the row (tests only)."""
    c = st._c
    row = st.players[st.current].row
    i = next(i for i, cid in enumerate(row) if c.focus_cards[cid].type == ftype)
    row.insert(0, row.pop(i))


def set_slot(st: GameState, seat: int, ftype: str, pos: int) -> None:
    """Put the card of ``ftype`` at row position ``pos`` (0 = leftmost '1' slot)."""
    c = st._c
    row = st.players[seat].row
    i = next(i for i, cid in enumerate(row) if c.focus_cards[cid].type == ftype)
    row.insert(pos, row.pop(i))


def resolve(st: GameState, ftype: str, spend: int = 0) -> GameState:
    st = apply(st, Action("focus", ftype))
    return apply(st, Action("resolve", str(spend)) if spend else Action("resolve"))


def fresh(st: GameState) -> GameState:
    """Re-run automatic steps after a hand edit and clear the caches (``st._legal = None``:
    the options, and which seats' agendas are known to be checked)."""
    st = st.copy()
    st._legal = None
    advance(st)
    return st


def clear_space(st: GameState, s: int) -> None:
    st.tokens.pop(s, None)
    st.ctl.pop(s, None)
    st.reinforced.discard(s)
    st.district.pop(s, None)
    for letter in [k for k, v in st.barbs.items() if v == s]:
        del st.barbs[letter]


def kinds(st: GameState) -> list[str]:
    """The kinds of the pending frames, bottom to top."""
    return [f["kind"] for f in st.stack_frames]


def opts(st: GameState, verb: str) -> set[str]:
    """The arguments of the legal options with this verb."""
    return {a.arg for a in legal_actions(st) if a.verb == verb}


def land(st: GameState, pred: Callable[[int], bool] = lambda s: True, avoid: Collection[int] = ()) -> int:
    """A land space (no fort, city or city-state, printed or placed) matching ``pred``, cleared of
    tokens."""
    b = st.board
    for s in range(b.n):
        if s in avoid or b.is_water[s] or b.is_fort[s] or s in st.cities or s in st.cs_at:
            continue
        printed = b.printed[s]
        if printed is not None and printed.city_state:
            continue
        if pred(s):
            clear_space(st, s)
            return s
    raise LookupError


def snapshot(st: GameState) -> str:
    """The whole state as canonical JSON text: equal texts, equal states."""
    return json.dumps(st.to_json(), sort_keys=True)
