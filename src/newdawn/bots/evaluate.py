"""The static evaluation shared by ``greedy`` (one-step lookahead) and ``mcts`` (at the
rollout horizon). See docs/bots.md for the weights and their reasons.

``score(st, p)`` measures how well seat ``p`` stands; ``value(st, seat)`` is the seat's score
minus the best rival score, so a move that hurts the leading rival counts as much as one that
helps us. A finished game is worth +/- ``WIN``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine import GameState
from ..engine.spaces import coastal, is_mature, within
from ..engine.state import content_for
from ..engine.victory import agenda_met, fort_spaces

WIN = 10_000.0

W_CARD = 120.0
"""Each victory card claimed (the game is won with a number of them)."""
W_AGENDA = 40.0
"""Progress towards the nearest agenda of each unclaimed victory card, times its fraction
squared (the last steps of an agenda are worth more than the first)."""
W_SPACE = 1.0
"""Each friendly space (city or control token): territory."""
W_CITY = 5.0
W_MATURE = 3.0
W_WONDER = 8.0
W_DIAL = 1.5
"""Each step on the tech dial."""
W_LEVEL = 2.0
"""Each focus-card level above I in the focus row (technology)."""
W_TRADE = 0.6
W_RESOURCE = 1.0
W_REINFORCED = 0.5
W_THREAT = 2.5
"""Each rival army or barbarian next to one of our cities."""

class Facts:
    """What the progress measures of one seat share, each computed once per evaluation. The
    seat's cities and friendly spaces come from the pass over the board made for every seat
    at once (``_ByOwner``); the rest is computed when a measure first asks."""

    __slots__ = ("st", "p", "cities", "friendly", "_mature", "_wonders", "_forts")

    def __init__(self, st: GameState, p: int, cities: list[int], friendly: list[int]) -> None:
        self.st, self.p = st, p
        self.cities = cities
        self.friendly = friendly
        self._mature: list[int] | None = None
        self._wonders: list[Any] | None = None
        self._forts: float | None = None

    @property
    def mature(self) -> list[int]:
        if self._mature is None:
            st, p = self.st, self.p
            self._mature = [s for s in self.cities if is_mature(st, p, s)]
        return self._mature

    @property
    def wonders(self) -> list[Any]:
        if self._wonders is None:
            c = content_for(self.st)
            self._wonders = [c.wonders[w] for w in self.st.players[self.p].wonders]
        return self._wonders

    @property
    def forts(self) -> float:
        """Forts held plus the approach gradient (``_forts``), before dividing by the need."""
        if self._forts is None:
            self._forts = _forts(self.st, self.p)
        return self._forts


Progress = Callable[[Facts, Mapping[str, Any]], float]


def _frac(have: float, need: Any) -> float:
    n = max(1, int(need))
    return min(1.0, have / n)


def _same_era(f: Facts, a: Mapping[str, Any]) -> float:
    eras = [w.era for w in f.wonders]
    return _frac(max((eras.count(e) for e in set(eras)), default=0), a["n"])


PROGRESS: dict[str, Progress] = {
    "mature_cities": lambda f, a: _frac(len(f.mature), a["n"]),
    "natural_wonders": lambda f, a: _frac(
        sum(1 for s in f.friendly if f.st.board.terrain[s] == "natural_wonder"), a["n"]),
    "wonders_of_type": lambda f, a: _frac(sum(1 for w in f.wonders if w.type == a["type"]), a["n"]),
    "cities_on_map": lambda f, a: _frac(len(f.cities), a["n"]),
    "coastal_spaces": lambda f, a: _frac(sum(1 for s in f.friendly if coastal(f.st, s)), a["n"]),
    "tech_dial_space": lambda f, a: _frac(f.st.players[f.p].dial, a["n"]),
    "level_iv_cards": lambda f, a: _frac(
        sum(1 for cid in f.st.players[f.p].row if content_for(f.st).focus_cards[cid].level == 4), a["n"]),
    "reinforced_tokens": lambda f, a: _frac(sum(1 for s in f.st.reinforced if f.st.ctl.get(s) == f.p), a["n"]),
    "attack_value": lambda f, a: _frac(f.st.players[f.p].flags.get("best_attack", 0), a["n"]),
    "resources": lambda f, a: _frac(
        sum(f.st.players[f.p].resources.values()) + len(f.st.players[f.p].nws), a["n"]),
    "mature_city_tiles": lambda f, a: _frac(len({f.st.board.tile_of[s] for s in f.mature}), a["n"]),
    "wonder_types": lambda f, a: _frac(len({w.type for w in f.wonders}), a["n"]),
    "wonder_each_era": lambda f, a: _frac(len({w.era for w in f.wonders}), 3),
    "city_tiles": lambda f, a: _frac(len({f.st.board.tile_of[s] for s in f.cities}), a["n"]),
    "forts": lambda f, a: _frac(f.forts, a["n"]),
    "warmonger": lambda f, a: max(
        _frac(f.st.players[f.p].flags.get("capitals", 0), a.get("capitals", 1)),
        _frac(sum(1 for q in f.st.cs_conquered.values() if q == f.p), a.get("city_states", 2))),
    "diplomacy_sources": lambda f, a: _frac(
        len({d.split(":")[0] if d.startswith("p") else d for d in f.st.players[f.p].dipl}), a["n"]),
    "all_districts": lambda f, a: _frac(
        len({d for s, d in f.st.district.items() if f.st.ctl.get(s) == f.p}),
        len(content_for(f.st).ruleset.districts)),
    "wonders_same_era": _same_era,
}


def _fort_rings(st: GameState) -> dict[int, tuple[frozenset[int], frozenset[int]]]:
    """Per fort space: the spaces within 1 and within 3 steps (cached on the immutable board)."""
    b = st.board
    key = "bots:fort_rings"
    rings: dict[int, tuple[frozenset[int], frozenset[int]]] | None = b.memo.get(key)
    if rings is None:
        rings = {f: (frozenset(within(st, [f], 1)), frozenset(within(st, [f], 3))) for f in fort_spaces(st)}
        b.memo[key] = rings
    return rings


def _forts(st: GameState, p: int) -> float:
    """Forts held, plus a gradient for an army closing in on one not held (a fort is taken by
    attacking it, which one step of lookahead cannot plan): up to 0.6 of a fort for an army
    next to one, 0.3 within three spaces, scaled by how ready the military focus card is
    (its slot adds to the attack, and a fort defends with 6)."""
    held = 0
    rings = _fort_rings(st)
    ps = st.players[p]
    armies = [x for x in ps.armies if x >= 0]
    bonus = 0.0
    for s, (near, close) in rings.items():
        if st.cities.get(s, st.ctl.get(s)) == p:
            held += 1
            continue
        for x in armies:
            b = 0.6 if x in near else 0.3 if x in close else 0.0
            if b > bonus:
                bonus = b
    if bonus:
        fc = content_for(st).focus_cards
        slot = next((i + 1 for i, cid in enumerate(ps.row) if fc[cid].type == "military"), 1)
        bonus *= 0.4 + 0.6 * slot / max(1, len(ps.row))
    return held + bonus


Agendas = tuple[tuple[tuple[Any, Progress | None], ...], ...]


def _agendas(st: GameState) -> Agendas:
    """Per victory card in play: each agenda with its progress measure (None: met or not,
    ``agenda_met``). Cached on the board: the cards are dealt at setup."""
    key = "bots:agendas:" + ",".join(st.victory_cards)
    got: Agendas | None = st.board.memo.get(key)
    if got is None:
        c = content_for(st)
        got = tuple(tuple((ag, PROGRESS.get(ag.kind)) for ag in c.victory_cards[v].agendas)
                    for v in st.victory_cards)
        st.board.memo[key] = got
    return got


class _ByOwner:
    """One pass over the board for every seat: cities, control tokens, reinforced tokens and
    armies by owner, and who holds each victory card (a seat scored alone costs the same)."""

    __slots__ = ("cities", "ctl", "reinforced", "armies", "claimed")

    def __init__(self, st: GameState) -> None:
        n = st.n
        self.cities: list[list[int]] = [[] for _ in range(n)]
        self.ctl: list[list[int]] = [[] for _ in range(n)]
        self.reinforced = [0] * n
        for s, o in st.cities.items():
            if 0 <= o < n:
                self.cities[o].append(s)
        ctl = st.ctl
        for s, o in ctl.items():
            if 0 <= o < n:
                self.ctl[o].append(s)
        for x in st.reinforced:
            holder = ctl.get(x)
            if holder is not None and 0 <= holder < n:
                self.reinforced[holder] += 1
        self.armies = [[x for x in ps.armies if x >= 0] for ps in st.players]
        claims = st.claims
        self.claimed: list[set[int]] = []
        for ags in _agendas(st):
            who: set[int] = set()
            for ag, _ in ags:
                who.update(claims.get(ag.id, ()))
            self.claimed.append(who)


def _score(st: GameState, p: int, b: _ByOwner) -> float:
    c = content_for(st)
    ps = st.players[p]
    cities = b.cities[p]
    facts = Facts(st, p, cities, cities + b.ctl[p])
    cards = 0
    s = 0.0
    for ags, who in zip(_agendas(st), b.claimed, strict=True):
        if p in who:
            cards += 1
            continue
        best = 0.0
        for ag, fn in ags:
            f = fn(facts, ag.args) if fn is not None else (1.0 if agenda_met(st, p, ag) else 0.0)
            if f > best:
                best = f
        s += W_AGENDA * best * best
    s += W_CARD * cards
    s += W_SPACE * (len(cities) + len(b.ctl[p]))
    s += W_CITY * len(cities) + W_MATURE * len(facts.mature)
    s += W_WONDER * len(ps.wonders)
    s += W_DIAL * ps.dial
    fc = c.focus_cards
    s += W_LEVEL * sum(fc[cid].level - 1 for cid in ps.row)
    s += W_TRADE * sum(ps.trade.values())
    s += W_RESOURCE * (sum(ps.resources.values()) + len(ps.nws))
    s += W_REINFORCED * b.reinforced[p]
    # Threats: rival armies and barbarians next to our cities.
    nbrs = st.board.nbrs
    hostile: set[int] = set(st.barbs.values())
    for q, xs in enumerate(b.armies):
        if q != p:
            hostile.update(xs)
    if hostile:
        near = 0
        for city in cities:
            for x in nbrs[city]:
                if x in hostile:
                    near += 1
        s -= W_THREAT * near
    return s


def score(st: GameState, p: int) -> float:
    """How well seat ``p`` stands (the weights above; docs/bots.md)."""
    return _score(st, p, _ByOwner(st))


def value(st: GameState, seat: int) -> float:
    """The position for ``seat``: its score minus the best rival's, or +/-WIN when over."""
    if st.winner >= 0:
        return WIN if st.winner == seat else -WIN
    b = _ByOwner(st)
    mine = _score(st, seat, b)
    best_rival = max((_score(st, q, b) for q in range(st.n) if q != seat), default=0.0)
    return mine - best_rival


def scores(st: GameState) -> list[float]:
    """Every seat's score (used by MCTS to value a rollout for all seats at once)."""
    b = _ByOwner(st)
    return [_score(st, p, b) for p in range(st.n)]
