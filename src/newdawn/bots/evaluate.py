"""The static evaluation of ``greedy`` (one-step lookahead) and ``mcts`` (at the rollout
horizon and for the choices inside a turn). See docs/bots.md for the weights and their reasons.

``score(st, p)`` measures how well seat ``p`` stands; ``value(st, seat)`` is the seat's score
minus the best rival score, so a move that hurts the leading rival counts as much as one that
helps us. A finished game is worth +/- ``WIN``.

An :class:`Evaluation` says which terms count beyond the shared table: ``HAND`` (greedy's and,
for now, mcts's; the module functions ``score``/``value``) adds none; ``FORTS`` (given to a bot
as ``MctsBot(ev=FORTS)``; the 4-player mcts judges its decisions after the focus card by it,
``mcts.TACTICS``) adds the fort terms, what
the seat's next military turn can capture (``strike``) and what the rivals' next turns can take
from it (``fort_risk``), each an exact probability of the dice.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol

from ..content import load_content
from ..engine import (
    ON_CARD,
    GameState,
    agenda_met,
    coastal,
    content_for,
    defense_value,
    fort_spaces,
    is_mature,
    spendable,
    type_key,
    within,
)

WIN: Final = 10_000.0

W_CARD: Final = 120.0
"""Each victory card claimed (the game is won with a number of them)."""
W_AGENDA: Final = 40.0
"""Progress towards the nearest agenda of each unclaimed victory card, times its fraction
squared (the last steps of an agenda are worth more than the first)."""
W_SPACE: Final = 1.0
"""Each friendly space (city or control token): territory."""
W_CITY: Final = 5.0
W_MATURE: Final = 3.0
W_WONDER: Final = 8.0
W_DIAL: Final = 1.5
"""Each step on the tech dial."""
W_LEVEL: Final = 2.0
"""Each focus-card level above I in the focus row (technology)."""
W_TRADE: Final = 0.6
W_RESOURCE: Final = 1.0
W_REINFORCED: Final = 0.5
W_THREAT: Final = 2.5
"""Each rival army or barbarian next to one of our cities."""

W_TEMPO: Final = 1.2
"""At the focus choice, per slot of the card chosen (``Evaluation.tempo``, ``greedy.tempo``).
The row keeps its order when the card in the first slot is resolved again, so without this a
bot that finds one small gain there repeats it for ever while its other cards never climb
(every symmetric evaluation of the row is the same after any choice, so this is a rule of the
choice rather than a term of the position)."""
W_CARAVAN: Final = 3.0
"""Evaluations with the caravan terms only (``Evaluation.caravan``): up to this much for a
caravan close to a destination that gives it a diplomacy card it lacks (a city-state whose card
it does not hold, or a rival's city), half of it for any other destination, falling off with
the land distance over ``CARAVAN_REACH``. Below what an arrival gives (the ruleset's
``caravan_trade_tokens`` trade tokens and a card), so a caravan next to a destination enters
it rather than waits."""
CARAVAN_REACH: Final = 12
W_DIPLOMACY: Final = 4.0
"""Evaluations with the caravan terms only: each diplomacy card held (a city-state card is an
ability; a rival's card blocks its caravans' arrival and attacks)."""

W_STRIKE: Final = 0.6
"""``FORTS`` only: times the best capture the seat's next military turn can make, a fort
within reach of its armies taken with the exact odds of the dice (``strike``)."""
W_FORT_RISK: Final = 0.6
"""``FORTS`` only: times what the rivals' armies within reach of the seat's forts can take
on their next military turns, with the exact odds of the dice (``fort_risk``)."""
W_FORT_EXTRA: Final = 10.0
"""A fort captured or lost beyond those the fort victory cards need (it is still a city)."""
DEFENDER_TOKEN_SHARE: Final = 0.5
"""The share of a fort holder's military trade tokens counted in its defence: a defender
spends them only when they turn the fight, and an attacker who sees them may wait."""

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


PROGRESS: Final[dict[str, Progress]] = {
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
        if bonus < 0.6 and armies:
            if not near.isdisjoint(armies):
                bonus = 0.6
            elif bonus < 0.3 and not close.isdisjoint(armies):
                bonus = 0.3
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


def _p_beats(k: int) -> float:
    """P(d6 - d6 > k): an attack wins when its die beats the defender's by more than k."""
    return sum(6 - abs(j) for j in range(-5, 6) if j > k) / 36.0


_P_BEATS: Final = {k: _p_beats(k) for k in range(-6, 7)}


def p_attack_wins(attack: float, defence: float) -> float:
    """The chance that d6 + ``attack`` beats d6 + ``defence`` (the defender wins ties), linear
    between whole differences."""
    k = defence - attack
    if k < -6:
        return 1.0
    if k > 6:
        return 0.0
    lo = int(k // 1)
    if lo == k:
        return _P_BEATS[lo]
    t = k - lo
    return (1 - t) * _P_BEATS[lo] + t * _P_BEATS[min(6, lo + 1)]


def _military(st: GameState, p: int) -> tuple[int, int, int] | None:
    """The seat's military card as (slot, move, combat) of its ``armies`` effect; None when the
    row has no such card (the card is cached per id on the board's memo)."""
    c = content_for(st)
    ps = st.players[p]
    for i, cid in enumerate(ps.row):
        card = c.focus_cards[cid]
        if card.type != "military":
            continue
        key = "bots:armies:" + cid
        memo = st.board.memo
        if key not in memo:
            memo[key] = next(((e.int("move"), e.int("combat")) for e in card.effects if e.op == "armies"), None)
        got: tuple[int, int] | None = memo[key]
        if got is None:
            return None
        return c.ruleset.row_slots[i], got[0], got[1]
    return None


def _fort_reach(st: GameState, move: int) -> dict[int, frozenset[int]]:
    """Per fort space: the spaces within ``move`` steps of it (cached on the immutable board,
    one dict per move: the fort terms ask at every evaluation)."""
    key = f"bots:fort_reach:{move}"
    memo = st.board.memo
    got: dict[int, frozenset[int]] | None = memo.get(key)
    if got is None:
        got = {f: frozenset(within(st, [f], move)) for f in fort_spaces(st)}
        memo[key] = got
    return got


def _fort_holders(st: GameState) -> dict[int, int | None]:
    return {f: st.cities.get(f, st.ctl.get(f)) for f in fort_spaces(st)}


def _fort_need(st: GameState) -> int:
    """Forts the fort victory cards in play ask for at most (2: Expeditionary); cached on the
    board like the agendas."""
    key = "bots:fort_need:" + ",".join(st.victory_cards)
    memo = st.board.memo
    got: int | None = memo.get(key)
    if got is None:
        c = content_for(st)
        got = max((int(ag.args.get("n", 1)) for v in st.victory_cards if c.victory_cards[v].fort
                   for ag in c.victory_cards[v].agendas), default=0)
        memo[key] = got
    return got


def _held_defence(st: GameState, f: int, holder: int, attacker: int) -> float:
    target = "city" if f in st.cities else "ctl"
    tokens = spendable(st, holder, type_key(st, holder, "military"))
    return defense_value(st, target, f, holder, attacker) + DEFENDER_TOKEN_SHARE * tokens


def strike(st: GameState, p: int, mature: list[int], b: _ByOwner) -> float:
    """The best capture seat ``p``'s next military turn can make: over the forts it does not
    hold and its armies can reach (those on the map, or from its capital or a mature city
    while one waits on the card), the chance its attack wins times what the fort is worth to
    it (a victory card while it holds fewer forts than the cards need). The attack counts
    the card's slot now (it does not move unless another card is resolved from its right),
    the card's combat bonus and every military trade token it could spend; leader bonuses are
    left out."""
    mil = _military(st, p)
    if mil is None:
        return 0.0
    slot, move, combat = mil
    armies = b.armies[p]
    holders = b.fort_holders(st)
    starts: Collection[int] = armies
    if ON_CARD in st.players[p].armies:
        cap = st.capitals[p]
        starts = set(armies)
        if st.cities.get(cap) == p:
            starts.add(cap)
        starts.update(mature)
    if not starts:
        return 0.0
    reach = _fort_reach(st, move)
    targets = [(f, o) for f, o in holders.items() if o != p and not reach[f].isdisjoint(starts)]
    if not targets:
        return 0.0
    held = sum(1 for o in holders.values() if o == p)
    gain = W_CARD if held < _fort_need(st) else W_FORT_EXTRA
    attack = b.attack(st, p, slot, combat)
    open_fort = float(content_for(st).ruleset.combat["fort"])
    best = 0.0
    for f, o in targets:
        defence = open_fort if o is None or o < 0 else b.held_defence(st, f, o, p)
        v = p_attack_wins(attack, defence) * gain
        if v > best:
            best = v
    return best


def fort_risk(st: GameState, p: int, b: _ByOwner) -> float:
    """What seat ``p`` stands to lose on the rivals' next military turns: for each fort it
    holds, the chance that at least one rival with an army on the map within reach wins an
    attack on it (at that rival's slot, combat bonus and trade tokens, against the fort's
    defence: terrain, reinforced neighbours, an army on it, leader bonuses, a share of the
    holder's tokens), times the fort's worth."""
    mine = [f for f, o in b.fort_holders(st).items() if o == p]
    if not mine:
        return 0.0
    loss = W_CARD if len(mine) <= _fort_need(st) else W_FORT_EXTRA
    armies = b.armies
    rivals = []
    for q in range(st.n):
        if q == p or not armies[q]:
            continue
        mil = _military(st, q)
        if mil is not None:
            rivals.append((q, _fort_reach(st, mil[1]), mil))
    total = 0.0
    for f in mine:
        keep = 1.0
        for q, reach, (slot, _, combat) in rivals:
            if not reach[f].isdisjoint(armies[q]):
                keep *= 1.0 - p_attack_wins(b.attack(st, q, slot, combat), b.held_defence(st, f, p, q))
        total += (1.0 - keep) * loss
    return total


def _land_distances(st: GameState, sources: frozenset[int]) -> dict[int, int]:
    """Steps over land from the nearest source (cached on the immutable board by the sources)."""
    key = "bots:land:" + ",".join(map(str, sorted(sources)))
    memo = st.board.memo
    got: dict[int, int] | None = memo.get(key)
    if got is None:
        b = st.board
        got = {x: 0 for x in sources}
        frontier = list(sources)
        while frontier:
            nxt = []
            for x in frontier:
                for y in b.nbrs[x]:
                    if y not in got and not b.is_water[y]:
                        got[y] = got[x] + 1
                        nxt.append(y)
            frontier = nxt
        memo[key] = got
    return got


def caravans(st: GameState, p: int) -> float:
    """The caravan terms: each caravan's approach to a destination (one on its card counts from
    the capital, where it sets out), and the diplomacy cards held."""
    ps = st.players[p]
    have = set(ps.dipl)
    new: set[int] = set()
    other: set[int] = set()
    for s, cs in st.cs_at.items():
        if s in st.barbs.values():
            continue
        (other if "cs:" + cs in have else new).add(s)
    held_from = {d.split(":")[0] for d in have if d.startswith("p")}
    for s, o in st.cities.items():
        if 0 <= o != p and s not in st.cs_at:
            (other if f"p{o}" in held_from else new).add(s)
    value = W_DIPLOMACY * len(have)
    if not new and not other:
        return value
    d_new = _land_distances(st, frozenset(new)) if new else {}
    d_any = _land_distances(st, frozenset(new | other))
    cap = st.capitals[p]
    for x in ps.caravans:
        at = cap if x == ON_CARD else x
        if at < 0:
            continue
        near = max(0.0, 1.0 - d_new.get(at, CARAVAN_REACH) / CARAVAN_REACH)
        near_any = max(0.0, 1.0 - d_any.get(at, CARAVAN_REACH) / CARAVAN_REACH)
        value += W_CARAVAN * max(near, 0.5 * near_any)
    return value


class _ByOwner:
    """One pass over the board for every seat: cities, control tokens, reinforced tokens and
    armies by owner, and who holds each victory card (a seat scored alone costs the same)."""

    __slots__ = ("cities", "ctl", "reinforced", "armies", "claimed", "_holders", "_defence", "_attack")

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
        self._holders: dict[int, int | None] | None = None
        self._defence: dict[tuple[int, int, int], float] = {}
        self._attack: dict[int, int] = {}

    def held_defence(self, st: GameState, f: int, holder: int, attacker: int) -> float:
        """``_held_defence``, computed once per fort, holder and attacker (one seat's strike and
        a rival's fort risk ask for the same fights)."""
        key = (f, holder, attacker)
        got = self._defence.get(key)
        if got is None:
            got = _held_defence(st, f, holder, attacker)
            self._defence[key] = got
        return got

    def attack(self, st: GameState, p: int, slot: int, combat: int) -> int:
        """Seat ``p``'s attack with its military card at ``slot`` (``_military``): the slot,
        the card's combat bonus and every military trade token the seat could spend (computed once)."""
        got = self._attack.get(p)
        if got is None:
            got = slot + combat + spendable(st, p, type_key(st, p, "military"))
            self._attack[p] = got
        return got

    def fort_holders(self, st: GameState) -> dict[int, int | None]:
        """Who holds each fort (computed once, for the fort terms)."""
        if self._holders is None:
            self._holders = _fort_holders(st)
        return self._holders


def _score(st: GameState, p: int, b: _ByOwner, ev: Evaluation) -> float:
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
    if ev.caravan:
        s += ev.caravan * caravans(st, p)
    if ev.strike or ev.fort_risk:
        if ev.strike:
            s += ev.strike * strike(st, p, facts.mature, b)
        if ev.fort_risk:
            s -= ev.fort_risk * fort_risk(st, p, b)
    return s


class Judge(Protocol):
    """What a bot judges positions by: ``Evaluation`` (the hand table) or a learned model
    (``model.LearnedEvaluation``). The bots ask only for these, so either serves on both builds
    (the compiled build checks an argument's class where it is annotated)."""

    @property
    def tempo(self) -> float:
        """Bonus per slot of the focus card chosen, at the focus choice (``greedy.tempo``)."""
        ...

    def score(self, st: GameState, p: int) -> float: ...

    def value(self, st: GameState, seat: int) -> float: ...

    def scores(self, st: GameState) -> list[float]: ...


@dataclass(frozen=True)
class Evaluation:
    """The evaluation a bot judges by: the shared table plus the fort terms at these weights
    (0: left out)."""

    strike: float = 0.0
    """Times ``strike``: the best capture of the seat's next military turn."""
    fort_risk: float = 0.0
    """Times ``fort_risk``: what the rivals' next military turns can take from the seat."""
    caravan: float = 0.0
    """Times ``caravans``: the caravans' approach to their destinations and the diplomacy cards
    held."""
    tempo: float = W_TEMPO
    """Bonus per slot of the focus card chosen, at the focus choice (``greedy.tempo``)."""

    def score(self, st: GameState, p: int) -> float:
        """How well seat ``p`` stands."""
        return _score(st, p, _ByOwner(st), self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its fields, given to the constructor: the bot pool sends bots to its worker
        processes, and the compiled build's frozen dataclass refuses the attribute-by-attribute
        restore pickle does by default."""
        return Evaluation, tuple(getattr(self, f.name) for f in dataclasses.fields(self))

    def value(self, st: GameState, seat: int) -> float:
        """The position for ``seat``: its score minus the best rival's, or +/-WIN when over."""
        if st.winner >= 0:
            return WIN if st.winner == seat else -WIN
        b = _ByOwner(st)
        mine = _score(st, seat, b, self)
        best_rival = max((_score(st, q, b, self) for q in range(st.n) if q != seat), default=0.0)
        return mine - best_rival

    def scores(self, st: GameState) -> list[float]:
        """Every seat's score."""
        b = _ByOwner(st)
        return [_score(st, p, b, self) for p in range(st.n)]


HAND = Evaluation()
"""greedy's and mcts's evaluation: the table of docs/bots.md, no fort terms."""
FORTS = Evaluation(strike=W_STRIKE, fort_risk=W_FORT_RISK)
"""greedy's table plus the fort terms (the 4-player mcts's decisions after its focus card, ``mcts.TACTICS``)."""

BASE_TEMPO: Final = 10.0
"""The base game's focus tempo per slot (``Evaluation.tempo``). The Automated Player resolves
its fifth slot every turn; at greedy's 1.2 a slot, Normal mostly played its third and fell
behind on control tokens and wonders (docs/bots.md, "Tempo")."""
BASE = Evaluation(caravan=1.0, tempo=BASE_TEMPO)
"""greedy's table plus the caravan terms (``caravans``), with the base game's tempo: the base
game's evaluation. With no armies, a base player's economy card is its caravans, and a one-step
lookahead saw no gain in a caravan's step until it arrived."""


@functools.cache
def own_evaluation(ruleset: str) -> Evaluation | None:
    """A ruleset's own evaluation, or None: ``BASE`` for a ruleset without armies (its economy
    cards are its caravans: the base game)."""
    return BASE if load_content(ruleset).ruleset.components["armies"] == 0 else None


def hand_for(ruleset: str) -> Evaluation:
    """The evaluation a bot judges a game of ``ruleset`` by when none is given (its own, else ``HAND``)."""
    return own_evaluation(ruleset) or HAND


def score(st: GameState, p: int) -> float:
    """How well seat ``p`` stands by greedy's evaluation (the weights above; docs/bots.md)."""
    return _score(st, p, _ByOwner(st), HAND)


def value(st: GameState, seat: int) -> float:
    """The position for ``seat`` by greedy's evaluation: its score minus the best rival's, or
    +/-WIN when over."""
    return HAND.value(st, seat)


def scores(st: GameState) -> list[float]:
    """Every seat's score by greedy's evaluation."""
    return HAND.scores(st)
