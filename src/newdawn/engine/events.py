"""The event dial and its icons: barbarian spawning and movement, districts, governments and
the wonder icon (unified rules: The Event Dial, Barbarians)."""

from __future__ import annotations

from typing import cast

from . import hooks
from .actions import Action, action
from .decisions import item_choice
from .districts import ability_frames
from .flow import act, auto, choice, count_down, log, pop, push, push_all, replace_top, roll
from .frames import (
    DiscardFrame,
    DistrictEventFrame,
    EventBarbMoveFrame,
    EventDistrictsFrame,
    EventGovernmentFrame,
    EventSpawnFrame,
    EventWonderFrame,
    GovernmentFrame,
    RaidFrame,
)
from .pieces import raze_city, remove_control
from .spaces import armies_at, caravans_at, has_figure, is_empty, space_actions, space_at
from .state import ON_CARD, Frame, GameState, without


def turn_dial(st: GameState) -> None:
    """Rotate the pointer one section and resolve its icons in order (wonder icon last)."""
    dial = st._c.ruleset.event_dial
    st.event_pos = (st.event_pos + 1) % len(dial)
    icons = dial[st.event_pos]
    log(st, {"kind": "dial", "icons": list(icons), "pos": st.event_pos})
    # Districts and barbarians can complete or lose anyone's agendas: check all after the dial.
    # the kinds "event_<icon>" (``frames.py``: EventSpawnFrame...) carry no parameters
    push_all(st, [*(cast(Frame, {"kind": "event_" + icon}) for icon in icons),
                  {"kind": "agendas", "seats": list(range(st.n))}])


# ---------------------------------------------------------------- barbarians

def barbarian_spaces(st: GameState) -> dict[str, int]:
    """Letter -> the space printed with it, for tiles on the map."""
    return dict(_barbarian_letters(st))


def _barbarian_letters(st: GameState) -> tuple[tuple[str, int], ...]:
    """``barbarian_spaces`` as (letter, space) pairs in letter order, found once per map (kept
    in the board's memo)."""
    memo = st.board.memo
    got: tuple[tuple[str, int], ...] | None = memo.get("barbarian_letters")
    if got is None:
        out = {}
        for s, p in enumerate(st.board.printed):
            if p is not None and p.barbarian:
                out[p.barbarian] = s
        got = memo["barbarian_letters"] = tuple(sorted(out.items()))
    return got


@auto("event_spawn")
def run_spawn(st: GameState, f: EventSpawnFrame) -> None:
    """Each defeated barbarian returns to its letter's space if that space is empty or holds
    only caravans and armies (which go back to their cards)."""
    for letter, s in _barbarian_letters(st):
        if letter in st.barbs:
            continue
        if s in st.barbs.values():
            continue
        only_figures = s not in st.cities and s not in st.ctl and s not in st.tokens \
            and s not in st.cs_at and s not in st.wonder_at and not st.board.is_fort[s]
        if not only_figures:
            continue
        if has_figure(st, s):
            for p, i in armies_at(st, s):
                st.player_mut(p).armies[i] = ON_CARD
            for p, i in caravans_at(st, s):
                st.player_mut(p).caravans[i] = ON_CARD
        assert is_empty(st, s)
        st.barbs[letter] = s
        log(st, {"kind": "barb_return", "letter": letter, "space": s})


def _land_in(st: GameState, s: int, d: int) -> int:
    """The first non-water space from ``s`` in direction ``d`` (crossing water), or -1."""
    b = st.board
    n = b.nbr_dir[s][d]
    while n != -1 and b.is_water[n]:
        n = b.nbr_dir[n][d]
    return n


def barbarian_step(st: GameState, letter: str, d: int) -> None:
    """Move one barbarian one space in direction ``d`` and resolve what it meets."""
    start = st.barbs[letter]
    dest = _land_in(st, start, d)
    if dest == -1:  # off the edge: the opposite direction instead
        dest = _land_in(st, start, (d + 3) % 6)
    if dest != -1 and _turned_back(st, dest):
        # Petra (FAQ): as though it were attempting to move off the map.
        dest = _land_in(st, start, (d + 3) % 6)
        if dest != -1 and _turned_back(st, dest):
            dest = -1
    if dest == -1:
        return
    st.barbs[letter] = dest
    armies: list[tuple[int, int]] = []
    if has_figure(st, dest):  # (most steps meet none: spare the two searches)
        for p, i in caravans_at(st, dest):
            st.player_mut(p).caravans[i] = ON_CARD
            log(st, {"kind": "barb_hit", "letter": letter, "seat": p, "space": dest, "piece": 'caravan', "n": i})
        armies = armies_at(st, dest)
    if armies:
        for p, i in armies:
            st.player_mut(p).armies[i] = ON_CARD
            log(st, {"kind": "barb_hit", "letter": letter, "seat": p, "space": dest, "piece": 'army', "n": i})
        st.barbs[letter] = start  # back on the last non-water space it occupied
        return
    owner = st.cities.get(dest)
    if owner is not None:
        if dest == st.capitals[owner]:
            st.barbs[letter] = start
            log(st, {"kind": "barb_raid", "letter": letter, "seat": owner, "space": dest})
            push(st, {"kind": "raid", "seat": owner, "left": st._c.ruleset.barbarians["capital_discard"]})
            return
        raze_city(st, dest, letter)
        return
    owner = st.ctl.get(dest)
    if owner is not None:
        if dest in st.reinforced:
            st.mark_agendas("reinforced")
            st.reinforced_mut().discard(dest)
            st.barbs[letter] = start
            log(st, {"kind": "barb_turned", "letter": letter, "seat": owner, "space": dest})
        else:
            remove_control(st, dest)
            log(st, {"kind": "barb_hit", "letter": letter, "seat": owner, "space": dest, "piece": 'control token'})


def _turned_back(st: GameState, s: int) -> bool:
    return turns_back_barbarian(st, s)


@auto("event_barb_move")
def run_barbarian_move(st: GameState, f: EventBarbMoveFrame) -> None:
    rs = st._c.ruleset
    to_dir = rs.barbarians["die_to_direction"]
    die = roll(st)
    log(st, {"kind": "barb_die", "die": die})
    for letter in sorted(st.barbs):
        barbarian_step(st, letter, to_dir[die - 1])
    # More than one barbarian in a space: the earliest letter moves again (FAQ), until none.
    for _ in range(100):
        seen: dict[int, str] = {}
        clash = None
        for letter in sorted(st.barbs):
            s = st.barbs[letter]
            if s in seen:
                clash = seen[s]
                break
            seen[s] = letter
        if clash is None:
            return
        die = roll(st)
        barbarian_step(st, clash, to_dir[die - 1])


@auto("raid")
def run_raid(st: GameState, f: RaidFrame) -> None:
    """A raided capital's owner discards trade tokens, if they have any when it is resolved."""
    if sum(st.players[f["seat"]].trade.values()) > 0:
        push(st, {"kind": "discard", "seat": f["seat"], "left": f["left"]})


@choice("discard")
def discard_options(st: GameState, f: DiscardFrame) -> list[Action]:
    t = st.players[f["seat"]].trade
    return [action("discard", k) for k in st._c.ruleset.focus_types if t.get(k, 0) > 0]


@act("discard")
def discard_act(st: GameState, f: DiscardFrame, a: Action) -> None:
    t = st.player_mut(f["seat"]).trade
    t[a.key] -= 1
    if sum(t.values()) == 0:
        pop(st)
    else:
        count_down(st, f)


# ---------------------------------------------------------------- districts, governments, wonders

@auto("event_districts")
def run_districts(st: GameState, f: EventDistrictsFrame) -> None:
    ctl = st.ctl
    owners = {ctl[s] for s in st.district if s in ctl}  # seats with a control token on a district
    frames: list[Frame] = []
    for k in range(st.n):
        p = (st.first + k) % st.n
        if p in owners:
            frames.append({"kind": "district_event", "seat": p, "done": []})
    push_all(st, frames)


@choice("district_event")
def district_event_options(st: GameState, f: DistrictEventFrame) -> list[Action]:
    seat = f["seat"]
    ctl = st.ctl
    done = f["done"]
    mine = [s for s in st.district if ctl.get(s) == seat and s not in done]

    return [*space_actions("resolve", st, mine), action("done")]


@act("district_event")
def district_event_act(st: GameState, f: DistrictEventFrame, a: Action) -> None:
    if a.verb == "done":
        pop(st)
        return
    s = space_at(st, a)
    replace_top(st, {**f, "done": [*f["done"], s]})
    push_all(st, ability_frames(st, f["seat"], s, st.district[s]))


@auto("event_government")
def run_government(st: GameState, f: EventGovernmentFrame) -> None:
    push_all(st, [{"kind": "government", "seat": (st.first + k) % st.n} for k in range(st.n)])


def _governments(st: GameState, f: Frame) -> list[str]:
    c = st._c
    ps = st.players[f["seat"]]
    first_slots = [i for i, v in enumerate(c.ruleset.row_slots) if v == 1]
    types = {c.focus_cards[ps.row[i]].type for i in first_slots}
    return [g.id for g in c.ruleset.governments if g.type in types and g.id != ps.gov]


def _government_do(st: GameState, f: Frame, a: Action) -> None:
    gov = a.key
    st.player_mut(f["seat"]).gov = gov
    log(st, {"kind": "government", "seat": f['seat'], "gov": gov})


item_choice("government", GovernmentFrame,
            "gov", _governments, _government_do, skip="keep")


@auto("event_wonder")
def run_wonder_icon(st: GameState, f: EventWonderFrame) -> None:
    """A trade token on each face-up wonder; a wonder that would get a second is removed."""
    for wtype in sorted(st.wonder_decks):
        deck = st.wonder_decks[wtype]
        if not deck:
            continue
        w = deck[0]
        if w in st.wonder_tokens:
            st.wonder_tokens = without(st.wonder_tokens, w)
            deck = st.wonder_decks[wtype] = deck[1:]  # a new list: copies of the state share the decks
            st.gone_wonders = (*st.gone_wonders, w)
            log(st, {"kind": "wonder_gone", "wonder": w, "revealed": deck[0] if deck else ""})
        else:
            st.wonder_tokens = (*st.wonder_tokens, w)


def turns_back_barbarian(st: GameState, s: int) -> bool:
    """Petra (FAQ): a barbarian does not enter a space with a city or reinforced control token
    of a player who has Petra."""
    o = st.cities.get(s)
    if o is None and s in st.reinforced:
        o = st.ctl.get(s)
    return o is not None and hooks.grants(st, o, "turn_back_barbarians")
