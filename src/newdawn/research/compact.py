"""The compact observation and the option action space: what a standard learner trains on.

The full observation (``observation.py``: 90,201 numbers, 0.7% of them non-zero) and the full
action space (``codec.py``: 149,807 ids) name everything the notation can say; a default
MLP policy over them has tens of millions of weights. This module gives the small form:

**Options as actions.** The action is an index ``0 .. OPTIONS-1`` into the pending decision's
options (``agent_options``: the legal actions, ``back`` left out unless it is the only one).
The mask marks the first ``len(options)`` indices. A decision with more than ``OPTIONS``
options (1 in 40 of a learner's decisions in random play: where to place tokens or cities,
long moves, tile placements) shows ``OPTIONS`` of them drawn by the environment's generator;
the others cannot be chosen at that decision.

**The compact observation** (``CompactObserver``, ``compact_feature_names()``: 2,116 numbers
in ``[0, 1]``) describes the seat's situation and each shown option:

- ``table``: the round (of ``max_rounds``), whose decision it is (relative seat), the kind of
  decision (one-hot over the engine's decision kinds), the event dial, the option count;
- ``seats`` (6 rows, **relative to the viewer**: row 0 is the viewer, row 1 the next seat):
  present, to move, first player, the focus row by slot (type one-hot and level), trade
  tokens, tech dial, resources, counts of control tokens, cities, reinforced tokens,
  districts, figures on the map, wonders, natural wonders, diplomacy cards, city-state tokens
  and conquests, and the goal: per victory card in play the best agenda's progress (``have /
  need`` from ``engine.victory.agenda_progress``) and whether the seat claimed it;
- ``options`` (``OPTIONS`` rows): shown, passive (``done``, ``skip``...), the verb (one-hot),
  the focus type an option names with that card's slot and level in the viewer's row, a
  number argument, and the space it names (the destination of a move): terrain, difficulty,
  what lies there (resource, natural wonder, city-state, wonder, fort, barbarian, district,
  the viewer's or a rival's token and city, reinforcement) and what is next to it (the
  viewer's and rivals' tokens and cities).

It is built from the state without ``player_view`` (a view is a full JSON copy, about ten
decisions' time), reading only what the view shows: the test builds it again from
``engine.view.state_from_view(player_view(st, seat))`` and from ``determinize`` and requires
the same numbers. Counts are divided by a realistic maximum and clipped to 1.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..bots.random_bot import PASSIVE_VERBS
from ..content.schema import FOCUS_TYPES, RESOURCES, TERRAINS
from ..engine import Action, GameState, IllegalActionError, apply, decision_seat, determinize, legal_actions
from ..engine.flow import CHOICE
from ..engine.state import content_for
from ..engine.victory import agenda_progress
from .codec import MAX_SEATS, forms

OPTIONS: Final = 16
"""Option slots of the compact action space and observation."""
ROW_SLOTS: Final = 6
VICTORY_SLOTS: Final = 6
"""Victory cards in play, in the state's order (Terra Incognita plays 5)."""
TAKE_BACK: Final = "back"

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]


def agent_options(st: GameState, take_backs: bool = False) -> list[Action]:
    """The options an agent is offered: the legal actions, without ``back`` (a pure take-back
    an agent could repeat for ever: choose a card, take it back, choose it again) unless
    ``take_backs`` or it is the only option."""
    legal = legal_actions(st)
    if take_backs or len(legal) == 1:
        return legal
    return [a for a in legal if a[0] != TAKE_BACK]


@functools.cache
def verbs() -> tuple[str, ...]:
    return tuple(sorted({v for v, _ in forms()}))


@functools.cache
def decision_kinds() -> tuple[str, ...]:
    import newdawn.engine.api  # noqa: F401  (late import: registers every decision kind)

    return tuple(sorted(CHOICE))


SEAT_COUNTS: Final = (
    ("control", 24.0), ("cities", 8.0), ("reinforced", 12.0), ("districts", 8.0), ("armies_on_map", 4.0),
    ("caravans_on_map", 4.0), ("wonders", 8.0), ("natural_wonders", 4.0), ("diplomacy", 6.0),
    ("cs_tokens", 4.0), ("cs_conquered", 4.0),
)
"""Counted features of a seat and the realistic maximum each is divided by."""
SPACE_FEATURES: Final = (
    *(f"terrain:{t}" for t in TERRAINS), "difficulty", "resource", "natural_wonder", "city_state",
    "wonder_token", "fort", "barbarian", "district", "mine", "rival", "my_city", "rival_city",
    "reinforced", "near_mine", "near_rival", "near_my_city", "near_rival_city",
)


@functools.cache
def table_names() -> tuple[str, ...]:
    return ("round", "my_decision", *(f"decision:seat+{i}" for i in range(MAX_SEATS)),
            *(f"kind:{k}" for k in decision_kinds()), *(f"event_pos:{i}" for i in range(6)), "options")


@functools.cache
def seat_names() -> tuple[str, ...]:
    names = ["present", "to_move", "first"]
    for s in range(ROW_SLOTS):
        names += [f"row{s + 1}:{t}" for t in FOCUS_TYPES] + [f"row{s + 1}:level"]
    names += [f"trade:{t}" for t in FOCUS_TYPES] + ["dial"] + [f"resource:{r}" for r in RESOURCES]
    names += [k for k, _ in SEAT_COUNTS]
    for v in range(VICTORY_SLOTS):
        names += [f"victory{v + 1}:progress", f"victory{v + 1}:claimed"]
    names.append("victory_cards_claimed")
    return tuple(names)


@functools.cache
def option_names() -> tuple[str, ...]:
    return ("shown", "passive", *(f"verb:{v}" for v in verbs()), *(f"focus:{t}" for t in FOCUS_TYPES),
            "focus_slot", "focus_level", "number", "space", *SPACE_FEATURES, "preview_gain", "preview_loss")


@functools.cache
def compact_layout() -> dict[str, tuple[int, ...]]:
    return {"table": (len(table_names()),), "seats": (MAX_SEATS, len(seat_names())),
            "options": (OPTIONS, len(option_names()))}


@functools.cache
def compact_size() -> int:
    return sum(int(np.prod(s)) for s in compact_layout().values())


@functools.cache
def compact_feature_names() -> tuple[str, ...]:
    """The name of every number of the compact observation, in order."""
    out = [f"table.{n}" for n in table_names()]
    out += [f"seat+{i}.{n}" for i in range(MAX_SEATS) for n in seat_names()]
    out += [f"option{i}.{n}" for i in range(OPTIONS) for n in option_names()]
    return tuple(out)


def compact_views(tensor: FloatArray) -> dict[str, FloatArray]:
    """The named parts (``table``, ``seats``, ``options``) of a compact observation, as views."""
    if tensor.shape != (compact_size(),):
        raise ValueError(f"a compact observation has shape ({compact_size()},), got {tensor.shape}")
    out: dict[str, FloatArray] = {}
    i = 0
    for name, shape in compact_layout().items():
        size = int(np.prod(shape))
        out[name] = tensor[i:i + size].reshape(shape)
        i += size
    return out


_COORD = re.compile(r"-?\d+,-?\d+")
_SPACE_TEXT: dict[str, tuple[int, int] | None] = {}
FOCUS_VERBS: Final = frozenset({"focus", "discard", "upgrade", "nw", "move", "swap", "trade", "take"})


def _arg_coord(arg: str) -> tuple[int, int] | None:
    """The space an argument names (the last one: a move's destination), as (q, r)."""
    got = _SPACE_TEXT.get(arg, False)
    if got is False:
        tail = arg.rsplit(" ", 1)[-1].rsplit(">", 1)[-1]
        if _COORD.fullmatch(tail):
            q, r = tail.split(",")
            got = (int(q), int(r))
        else:
            got = None
        if len(_SPACE_TEXT) < 200_000:
            _SPACE_TEXT[arg] = got
    return got  # type: ignore[return-value]


class CompactObserver:
    """Fills the compact observation of a seat (see the module docstring). One buffer per
    observer: ``fill`` returns it, so copy it to keep it."""

    def __init__(self, previews: bool = False) -> None:
        self.previews = previews
        """Fill each option's ``preview_gain`` / ``preview_loss`` (see ``preview_options``)."""
        self.buf: FloatArray = np.zeros(compact_size(), np.float32)
        lay = compact_layout()
        self.t0 = 0
        self.s0 = lay["table"][0]
        self.sw = lay["seats"][1]
        self.o0 = self.s0 + MAX_SEATS * self.sw
        self.ow = lay["options"][1]
        t = {n: i for i, n in enumerate(table_names())}
        s = {n: i for i, n in enumerate(seat_names())}
        o = {n: i for i, n in enumerate(option_names())}
        self._t, self._s, self._o = t, s, o
        self._kind = {k: t[f"kind:{k}"] for k in decision_kinds()}
        self._verb = {v: o[f"verb:{v}"] for v in verbs()}
        self._focus = {f: o[f"focus:{f}"] for f in FOCUS_TYPES}
        self._row = [[s[f"row{k + 1}:{f}"] for f in FOCUS_TYPES] for k in range(ROW_SLOTS)]
        self._row_level = [s[f"row{k + 1}:level"] for k in range(ROW_SLOTS)]
        self._trade = {f: s[f"trade:{f}"] for f in FOCUS_TYPES}
        self._res = {r: s[f"resource:{r}"] for r in RESOURCES}
        self._terrain = {tr: o[f"terrain:{tr}"] for tr in TERRAINS}
        self._count = [s[k] for k, _ in SEAT_COUNTS]
        self._sv = [s["present"], s["to_move"], s["first"], s["dial"]]
        self._gv = [(s[f"victory{v + 1}:progress"], s[f"victory{v + 1}:claimed"]) for v in range(VICTORY_SLOTS)]
        self._won = s["victory_cards_claimed"]
        self._rows: dict[int, tuple[Any, dict[str, tuple[int, float]]]] = {}
        self.progress: list[list[tuple[float, bool]]] = []
        """The goal progress of the last ``fill`` (``goal_progress``), by absolute seat."""
        self.scale: FloatArray = np.ones(compact_size(), np.float32)
        for p in range(MAX_SEATS):
            b = self.s0 + p * self.sw
            for (_, m), j in zip(SEAT_COUNTS, self._count, strict=True):
                self.scale[b + j] = 1.0 / m
            for j in self._res.values():
                self.scale[b + j] = 1.0 / 3.0

    def fill(self, st: GameState, seat: int, options: Sequence[Action] = (), preview_seed: int = 0) -> FloatArray:
        """The compact observation of ``seat`` (``options``: the shown options, if it decides;
        ``preview_seed`` draws the hidden parts the previews play with, see ``preview_options``)."""
        idx: list[int] = []
        val: list[float] = []
        c = content_for(st)
        n = st.n
        dec = decision_seat(st)
        t = self._t
        # ---- table
        idx += [t["round"], t["options"]]
        val += [min(1.0, st.round / (st.config.get("max_rounds") or 200)), min(1.0, len(options) / OPTIONS)]
        if dec >= 0:
            idx += [t["my_decision"], t[f"decision:seat+{(dec - seat) % n}"]]
            val += [float(dec == seat), 1.0]
            kind = self._kind.get(st.stack_frames[-1]["kind"])
            if kind is not None:
                idx.append(kind)
                val.append(1.0)
        idx.append(t[f"event_pos:{st.event_pos % 6}"])
        val.append(1.0)
        # ---- seats
        rel = [self.s0 + ((p - seat) % n) * self.sw for p in range(n)]
        ctl = st.ctl
        counts = [Counter(ctl.values()), Counter(st.cities.values()),
                  Counter(ctl.get(sp, -1) for sp in st.reinforced),
                  Counter(ctl.get(sp, -1) for sp in st.district)]
        for j, cnt in zip(self._count, counts, strict=False):
            for owner, k in cnt.items():
                if owner >= 0:
                    idx.append(rel[owner] + j)
                    val.append(k)
        for owner, k in Counter(st.cs_conquered.values()).items():
            if 0 <= owner < n:
                idx.append(rel[owner] + self._count[10])
                val.append(k)
        cap = max(1, c.ruleset.trade_cap)
        dial_max = max(1, c.ruleset.tech_dial_max)
        row_feats = self._row_feats(c)
        sv = self._sv
        for p in range(n):
            ps = st.players[p]
            b = rel[p]
            idx += [b + sv[0], b + sv[1], b + sv[2], b + sv[3],
                    b + self._count[4], b + self._count[5], b + self._count[6], b + self._count[7],
                    b + self._count[8], b + self._count[9]]
            val += [1.0, float(p == dec), float(p == st.first), ps.dial / dial_max,
                    sum(1 for x in ps.armies if x >= 0), sum(1 for x in ps.caravans if x >= 0),
                    len(ps.wonders), len(ps.nws), len(ps.dipl), len(ps.cs_tokens)]
            for k, cid in enumerate(ps.row[:ROW_SLOTS]):
                ti, lv = row_feats[cid]
                idx += [b + self._row[k][ti], b + self._row_level[k]]
                val += [1.0, lv]
            for ft, k in ps.trade.items():
                if k:
                    idx.append(b + self._trade[ft])
                    val.append(k / cap)
            for r, k in ps.resources.items():
                if k:
                    idx.append(b + self._res[r])
                    val.append(k)
        self._goal(st, c, seat, rel, idx, val)
        # ---- options
        if options:
            self._options(st, seat, options, idx, val)
            if self.previews:
                gp, lp = self._o["preview_gain"], self._o["preview_loss"]
                to_win = max(1, c.ruleset.victory_cards_to_win)
                now = potential(self.progress, seat, to_win)
                for i, after in enumerate(preview_options(st, seat, options[:OPTIONS], preview_seed)):
                    d = (after - now) * to_win
                    if d:
                        idx.append(self.o0 + i * self.ow + (gp if d > 0 else lp))
                        val.append(abs(d))
        buf = self.buf
        buf.fill(0.0)
        buf[idx] = val
        buf *= self.scale
        np.minimum(buf, 1.0, out=buf)
        return buf

    def _row_feats(self, c: Any) -> dict[str, tuple[int, float]]:
        """Focus card id -> (index of its type, level / 4), per content."""
        got = self._rows.get(id(c))
        if got is None or got[0] is not c:
            feats = {cid: (FOCUS_TYPES.index(card.type), card.level / 4.0) for cid, card in c.focus_cards.items()}
            got = self._rows[id(c)] = (c, feats)
        return got[1]

    def _goal(self, st: GameState, c: Any, seat: int, rel: list[int], idx: list[int], val: list[float]) -> None:
        """Per seat, per victory card in play: the best agenda's ``have / need`` (1 once the
        seat claimed the card) and the claim; the cards claimed over those a win needs. The
        progress is kept in ``self.progress`` (by absolute seat) for ``potential``."""
        to_win = max(1, c.ruleset.victory_cards_to_win)
        gv = self._gv
        progress = self.progress = goal_progress(st, c)
        for p in range(st.n):
            b = rel[p]
            won = 0
            for v, (best, claimed) in enumerate(progress[p][:VICTORY_SLOTS]):
                if claimed:
                    won += 1
                    idx += [b + gv[v][0], b + gv[v][1]]
                    val += [1.0, 1.0]
                elif best:
                    idx.append(b + gv[v][0])
                    val.append(best)
            if won:
                idx.append(b + self._won)
                val.append(won / to_win)

    def _options(self, st: GameState, seat: int, options: Sequence[Action], idx: list[int],
                 val: list[float]) -> None:
        o = self._o
        c = content_for(st)
        cards = c.focus_cards
        row = st.players[seat].row
        row_of = {cards[cid].type: (k, cards[cid].level) for k, cid in enumerate(row)}
        b = st.board
        ctl, cities = st.ctl, st.cities
        tokens, cs_at, wonder_at = st.tokens, st.cs_at, st.wonder_at
        barbs = set(st.barbs.values())
        for i, a in enumerate(options[:OPTIONS]):
            base = self.o0 + i * self.ow
            verb, arg = a[0], a[1]
            idx += [base + o["shown"]]
            val += [1.0]
            j = self._verb.get(verb)
            if j is not None:
                idx.append(base + j)
                val.append(1.0)
            if verb in PASSIVE_VERBS:
                idx.append(base + o["passive"])
                val.append(1.0)
            if not arg:
                continue
            if verb in FOCUS_VERBS:
                ft = arg.split("@")[-1]
                fj = self._focus.get(ft)
                if fj is not None:
                    idx.append(base + fj)
                    val.append(1.0)
                    slot = row_of.get(ft)
                    if slot is not None:
                        idx += [base + o["focus_slot"], base + o["focus_level"]]
                        val += [slot[0] / (ROW_SLOTS - 1), slot[1] / 4.0]
                    continue
            if arg.isdigit():
                idx.append(base + o["number"])
                val.append(min(1.0, int(arg) / 15.0))
                continue
            q_r = _arg_coord(arg)
            if q_r is None:
                continue
            sp = b.index.get(q_r)
            idx.append(base + o["space"])
            val.append(1.0)
            if sp is None:  # a space off the map (a tile placement names where it would go)
                continue
            idx += [base + self._terrain[b.terrain[sp]], base + o["difficulty"]]
            val += [1.0, min(1.0, b.diff[sp] / 5.0)]
            tok = tokens.get(sp)
            if tok is not None:
                idx.append(base + (o["natural_wonder"] if tok.startswith("nw:") else o["resource"]))
                val.append(1.0)
            for present, name in ((sp in cs_at, "city_state"), (sp in wonder_at, "wonder_token"),
                                  (b.is_fort[sp], "fort"), (sp in barbs, "barbarian"),
                                  (sp in st.district, "district"), (sp in st.reinforced, "reinforced")):
                if present:
                    idx.append(base + o[name])
                    val.append(1.0)
            owner = ctl.get(sp, -1)
            if owner >= 0:
                idx.append(base + (o["mine"] if owner == seat else o["rival"]))
                val.append(1.0)
            cowner = cities.get(sp, -1)
            if cowner >= 0:
                idx.append(base + (o["my_city"] if cowner == seat else o["rival_city"]))
                val.append(1.0)
            near = [0, 0, 0, 0]
            for nb in b.nbrs[sp]:
                w = ctl.get(nb, -1)
                if w >= 0:
                    near[0 if w == seat else 1] += 1
                w = cities.get(nb, -1)
                if w >= 0:
                    near[2 if w == seat else 3] += 1
            for k, name in enumerate(("near_mine", "near_rival", "near_my_city", "near_rival_city")):
                if near[k]:
                    idx.append(base + o[name])
                    val.append(near[k] / 6.0)


def shown_options(options: list[Action], rng: np.random.Generator | None) -> list[Action]:
    """The options shown in the ``OPTIONS`` slots: all of them, or ``OPTIONS`` drawn by ``rng``
    in their listed order when there are more (the first ``OPTIONS`` without a generator)."""
    if len(options) <= OPTIONS:
        return options
    if rng is None:
        return options[:OPTIONS]
    keep = np.sort(rng.choice(len(options), OPTIONS, replace=False))
    return [options[int(k)] for k in keep]


def goal_progress(st: GameState, c: Any | None = None) -> list[list[tuple[float, bool]]]:
    """By seat, by victory card in play: (the best agenda's ``have / need``, at most 1; 1 once
    claimed) and whether the seat claimed the card (``engine.victory.agenda_progress``)."""
    c = content_for(st) if c is None else c
    claims = st.claims
    out: list[list[tuple[float, bool]]] = [[] for _ in range(st.n)]
    for vc in st.victory_cards:
        agendas = c.victory_cards[vc].agendas
        for p in range(st.n):
            best = 0.0
            claimed = False
            for ag in agendas:
                if p in claims.get(ag.id, ()):
                    claimed = True
                    best = 1.0
                    break
                have, need = agenda_progress(st, p, ag)
                f = have / need if need > 0 else 1.0
                if f > best:
                    best = f
            out[p].append((min(1.0, best), claimed))
    return out


def potential(progress: list[list[tuple[float, bool]]], seat: int, to_win: int) -> float:
    """``goal_potential`` from a ``goal_progress`` table."""
    totals = [sum(f for f, _ in cards) for cards in progress]
    n = len(totals)
    rivals = (sum(totals) - totals[seat]) / max(1, n - 1)
    return (totals[seat] - rivals) / max(1, to_win)


def preview_options(st: GameState, seat: int, options: Sequence[Action], seed: int) -> list[float]:
    """``goal_potential`` of ``seat`` after each option, played on one copy of the state whose
    hidden parts (tile stack, wonder decks below their tops, the generator: the dice) are drawn
    anew from ``seed`` (``engine.determinize``), so a preview knows no hidden tile or die: an
    option whose outcome is random is previewed with one sampled outcome. An option the
    sampled world refuses (it cannot be, but is handled) keeps the current potential."""
    world = determinize(st, seat, seed)
    c = content_for(st)
    to_win = c.ruleset.victory_cards_to_win
    out = []
    for a in options:
        try:
            nxt = apply(world, a)
        except IllegalActionError:
            nxt = world
        out.append(potential(goal_progress(nxt, c), seat, to_win))
    return out


def goal_potential(st: GameState, seat: int) -> float:
    """The seat's progress toward victory minus its rivals' mean, for shaped rewards: per
    victory card in play, 1 when claimed, else the best agenda's ``have / need``; summed and
    divided by the victory cards a win needs."""
    c = content_for(st)
    return potential(goal_progress(st, c), seat, c.ruleset.victory_cards_to_win)
