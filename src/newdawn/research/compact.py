"""The compact observation and the option action space: what a standard learner trains on.

The full observation (``observation.py``: 90,201 numbers, under 1% of them non-zero) and the full
action space (``codec.py``: 149,807 ids) name everything the notation can say; a default
MLP policy over them has tens of millions of weights. This module gives the small form:

**Options as actions.** The action is an index ``0 .. OPTIONS-1`` into the pending decision's
options (``agent_options``: the legal actions, ``back`` left out unless it is the only one).
The mask marks the first ``len(options)`` indices. A decision with more than ``OPTIONS``
options (about 1 in 80 of a learner's decisions in random play: where to place tokens or cities,
long moves, tile placements) shows ``OPTIONS`` of them drawn by the environment's generator;
the others cannot be chosen at that decision.

**The compact observation** (``CompactObserver``, ``compact_feature_names()``: 2,148 numbers
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
import random
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..bots.evaluate import hand_for
from ..bots.greedy import GreedyBot
from ..bots.random_bot import PASSIVE_VERBS
from ..content.schema import FOCUS_TYPES, RESOURCES, TERRAINS
from ..engine import (
    Action,
    GameState,
    IllegalActionError,
    agenda_progress,
    apply,
    content_for,
    decision_seat,
    determinize,
    legal_actions,
)
from ..engine import decision_kinds as engine_decision_kinds
from .codec import MAX_SEATS, forms

OPTIONS: Final = 16
"""Option slots of the compact action space and observation."""
ROW_SLOTS: Final = 6
VICTORY_SLOTS: Final = 6
"""Victory cards in play, in the state's order (Terra Incognita plays 5)."""
TAKE_BACK: Final = "back"
_BACK: Final = Action(TAKE_BACK)

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]


def agent_options(st: GameState, take_backs: bool = False) -> list[Action]:
    """The options an agent is offered: the legal actions, without ``back`` (a pure take-back
    an agent could repeat for ever: choose a card, take it back, choose it again) unless
    ``take_backs`` or it is the only option."""
    legal = legal_actions(st)
    if take_backs or len(legal) == 1:
        return legal
    if _BACK in legal:  # the engine offers ``back`` bare (it takes no argument)
        return [a for a in legal if a[0] != TAKE_BACK]
    return legal  # the engine's list, as legal_actions gives it: not to be changed


@functools.cache
def verbs() -> tuple[str, ...]:
    return tuple(sorted({v for v, _ in forms()}))


@functools.cache
def decision_kinds() -> tuple[str, ...]:
    return engine_decision_kinds()


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
            "focus_slot", "focus_level", "number", "space", *SPACE_FEATURES, "preview_gain", "preview_loss",
            "value_best", "value_gap")


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


_ON_MAP: Final = (-1).__lt__
"""Whether a figure's place is a space (>= 0) rather than its card (-1)."""
FOCUS_VERBS: Final = frozenset({"focus", "discard", "upgrade", "nw", "move", "swap", "trade", "take"})


def floats(a: FloatArray) -> memoryview[float]:
    """A flat memoryview of a C-contiguous float32 array: reading or writing one number or a
    slice through it costs about a third of numpy's indexing."""
    return a.reshape(-1).data.cast("B").cast("f")


class CompactObserver:
    """Fills the compact observation of a seat (see the module docstring). One buffer per
    observer: ``fill`` returns it, so copy it to keep it.

    The observer is incremental, so that an observation at every decision stays cheap: it keeps
    the seat rows by absolute seat between calls and makes again only what changed. What agendas
    read (the pieces on the map and their owners, wonders, natural wonders, diplomacy cards,
    resources, and the goal progress) is made again when the state's ``_agenda_epoch`` is not
    the one it was made from (the engine renews it at every ``mark_agendas``: about one action in
    fifteen); a player's other features (focus row, trade tokens, dial, figures on the map,
    city-state tokens) when they differ from the last call's; the reinforced sides when the set
    differs. The rows are copied into the buffer only when they or the viewer changed. Every
    option row is kept as bytes per seat while what it reads holds (``_kept_rows``): an
    option's own part for good, a focus type's row until the seat's focus row changes, a
    space's row until a change of the map touches the space or, for a new owner, a neighbour
    (``_map_changed``). The result is the same as making everything anew (the tests compare it
    with a fresh observer and with a plain reference made by name from the state)."""

    def __init__(self, previews: bool = False, values: bool = False) -> None:
        self.previews = previews
        """Fill each option's ``preview_gain`` / ``preview_loss`` (see ``preview_options``)."""
        self.values = values
        """Fill each option's ``value_best`` / ``value_gap`` (see ``preview_values``)."""
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
        self._count = {k: (s[k], m) for k, m in SEAT_COUNTS}
        self._gv = [(s[f"victory{v + 1}:progress"], s[f"victory{v + 1}:claimed"]) for v in range(VICTORY_SLOTS)]
        self._won = s["victory_cards_claimed"]
        self._rows: dict[int, tuple[Any, dict[str, tuple[int, float]]]] = {}
        self.progress: list[list[tuple[float, bool]]] = []
        """The goal progress of the last ``fill`` (``goal_progress``), by absolute seat."""
        # the seat rows by absolute seat, and what each part was made from
        self._abs: FloatArray = np.zeros((MAX_SEATS, self.sw), np.float32)
        self._agenda_counts = tuple(self._count[k] for k in ("control", "cities", "districts", "cs_conquered",
                                                             "wonders", "natural_wonders", "diplomacy"))
        self._res_cols = tuple(self._res.items())
        self._figure_counts = tuple(self._count[k] for k in ("armies_on_map", "caravans_on_map", "cs_tokens"))
        self._row_span = _span([j for cols in self._row for j in cols] + self._row_level)
        self._trade_span = _span([*self._trade.values(), s["dial"]])
        """The columns of the focus row, of the trade tokens and dial: each a run of columns."""
        self._made_for: tuple[Any, int] = (None, 0)
        """(content, players) the rows were made for: another game clears them."""
        self._epoch: object = None
        self._own_of: list[list[Any] | None] = [None] * MAX_SEATS
        self._own_seen: list[tuple[Any, ...]] = []
        """By seat, what its own columns were made from (copies; ``_own_parts``)."""
        """Per seat what its own columns were made from (``_own_parts``)."""
        self._tj = (t["round"], t["options"], t["my_decision"], s["to_move"], s["first"])
        self._event_j = [t[f"event_pos:{i}"] for i in range(6)]
        self._dec_j = [t[f"decision:seat+{i}"] for i in range(MAX_SEATS)]
        self._reinforced: set[int] = set()
        """The reinforced sides the seat rows count, and the epoch of their owners (``ctl``,
        which agendas read)."""
        self._m = floats(self.buf)
        self._abs_m = floats(self._abs)
        self._zeros = floats(np.zeros(compact_size(), np.float32))
        self._shown = 0
        """Option rows the last ``fill`` wrote (the next one clears those it does not write)."""
        self._abs_made = 0
        """Counts the changes of the seat rows by absolute seat (``_abs``)."""
        self._copied: tuple[int, int] = (-1, -1)
        """(viewer, ``_abs_made``) of the seat rows in the buffer."""
        self._marks: tuple[int, int] = (-1, -1)
        """Where the last call marked whose turn it is and the first player (-1: nowhere)."""
        self._config: Any = None
        self._rounds = 200
        self._option_of: dict[Action, tuple[bytes, str | None, tuple[int, int] | None]] = {}
        self._oj = tuple(o[k] for k in (
            "difficulty", "fort", "natural_wonder", "resource", "mine", "rival", "my_city", "rival_city",
            "city_state", "wonder_token", "barbarian", "district", "reinforced", "focus_slot", "focus_level"))
        self._near_j = (o["near_mine"], o["near_rival"], o["near_my_city"], o["near_rival_city"])
        self._board: Any = None
        self._space_of: dict[int, tuple[int, float, bool]] = {}
        self._bytes = self.buf.data.cast("B")
        self._map_key: tuple[Any, ...] = ()
        self._barbs_seen: dict[str, int] = {}
        self._kept_rows: list[dict[Action, bytes]] = [{} for _ in range(MAX_SEATS)]
        """By seat, the bytes of each option's whole row as last made, kept while what it reads
        holds: a row that names a space until ``_map_changed`` finds the space or its
        neighbourhood changed (or the map grew), a row that names a focus type until the
        seat's focus row changes (``_own_parts``), any other for good."""
        self._rows_at: dict[int, list[tuple[int, Action]]] = {}
        """Space -> the (seat, option) of the kept rows that describe it."""
        self._focus_kept: list[list[Action]] = [[] for _ in range(MAX_SEATS)]
        """By seat, the options of its kept rows that name a focus type."""
        self._slots: list[dict[str, tuple[int, int]]] = [{} for _ in range(MAX_SEATS)]
        """By seat, focus type -> (slot, level) of its card in the seat's row."""
        self._focus_row: dict[tuple[Action, tuple[int, int] | None], bytes] = {}
        """(option naming a focus type, the type's (slot, level)) -> the option's row."""
        self._map_board: Any = None
        self._map_copy: list[dict[int, Any]] = []
        """What space rows read on the map ``_map_board``, copied at the last change seen
        (``_map_changed``): the owners of control tokens and cities, tokens, city-states,
        wonder tokens, districts."""

    def fill(self, st: GameState, seat: int, options: Sequence[Action] = (), preview_seed: int = 0,
             option_values: Sequence[float] | None = None, deciding: int | None = None) -> FloatArray:
        """The compact observation of ``seat`` (``options``: the shown options, if it decides;
        ``preview_seed`` draws the hidden parts the previews play with, see ``preview_options``;
        ``option_values``: the options' ``preview_values`` if already made; ``deciding``: the
        state's ``decision_seat`` if the caller knows it)."""
        c = content_for(st)
        players = st.players
        n = len(players)
        dec = decision_seat(st) if deciding is None else deciding
        made_for = self._made_for
        if made_for[0] is not c or made_for[1] != n:
            self._abs.fill(0.0)
            self.buf.fill(0.0)  # the seat rows beyond the new game's seats too
            self._abs_made += 1
            self._marks = (-1, -1)
            self._made_for = (c, n)
            self._epoch = None
            self._own_of = [None] * MAX_SEATS
            self._own_seen = [()] * n
            self._forget_rows()
        epoch = st._agenda_epoch
        new_epoch = epoch is not self._epoch
        if new_epoch:
            self._agenda_part(st, c)
            self._epoch = epoch
        # a player's own columns: one comparison of everything they read with the last call's
        # copy, and only on a difference a look at each player
        reads = [(ps.row, ps.trade, ps.dial, ps.armies, ps.caravans, ps.cs_tokens) for ps in players]
        seen = self._own_seen
        if reads != seen:
            for p in range(n):
                if reads[p] != seen[p]:
                    self._own_parts(p, players[p], c)
        # the reinforced sides change without a mark: compared
        was_reinforced = self._reinforced
        new_reinforced = st.reinforced != was_reinforced
        if new_reinforced:
            self._reinforced = set(st.reinforced)
        if new_epoch or new_reinforced:
            self._count_reinforced(st)  # into the seat rows, with their owners (``ctl``: the epoch)
        # What a space option's row reads: the owners of pieces (the epoch), the map (a new board
        # when it grows), tokens, city-states, wonder tokens and districts (each added or removed
        # beside an agenda mark; their counts are compared too), the barbarians (compared) and
        # the reinforced sides.
        key = (epoch, st.board, len(st.tokens), len(st.cs_at), len(st.wonder_at), len(st.district))
        new_key = key != self._map_key
        barbs = st.barbs
        new_barbs = barbs != self._barbs_seen
        if new_key or new_reinforced or new_barbs:
            self._map_changed(st, new_key, was_reinforced if new_reinforced else None,
                              self._barbs_seen if new_barbs else None)
            self._map_key = key
            self._barbs_seen = barbs.copy()
        # Every write below goes through a memoryview of the buffer: a number or a slice
        # costs a third of numpy's indexing, and a call makes some thirty of them.
        buf, zeros = self._m, self._zeros
        s0, sw, o0, ow = self.s0, self.sw, self.o0, self.ow
        # The option rows: the shown ones are written whole below, the others the last call
        # wrote are cleared.
        k = len(options)
        shown = k if k <= OPTIONS else OPTIONS
        if self._shown > shown:
            buf[o0 + shown * ow:o0 + self._shown * ow] = zeros[:(self._shown - shown) * ow]
        self._shown = shown
        # The seat rows from the viewer's on, copied unless the last call copied the same, and
        # the marks of whose turn it is and of the first player.
        tj = self._tj
        to_move = s0 + ((dec - seat) % n) * sw + tj[3] if dec >= 0 else -1
        first = s0 + ((st.first - seat) % n) * sw + tj[4]
        if self._copied != (seat, self._abs_made):
            self._copied = (seat, self._abs_made)
            a = self._abs_m
            buf[s0:s0 + (n - seat) * sw] = a[seat * sw:n * sw]
            if seat:
                buf[s0 + (n - seat) * sw:s0 + n * sw] = a[:seat * sw]
        else:
            for j in self._marks:
                if j >= 0:
                    buf[j] = 0.0
        if to_move >= 0:
            buf[to_move] = 1.0
        buf[first] = 1.0
        self._marks = (to_move, first)
        # ---- the table
        buf[:s0] = zeros[:s0]
        x = st.round / self._max_rounds(st)
        buf[tj[0]] = x if x < 1.0 else 1.0
        x = k / OPTIONS
        buf[tj[1]] = x if x < 1.0 else 1.0
        buf[self._event_j[st.event_pos % 6]] = 1.0
        if dec >= 0:
            buf[tj[2]] = float(dec == seat)
            buf[self._dec_j[(dec - seat) % n]] = 1.0
            kind = self._kind.get(st.stack_frames[-1]["kind"])
            if kind is not None:
                buf[kind] = 1.0

        # ---- options
        if options:
            self._options(st, seat, options, c)
            if self.previews:
                gp, lp = self._o["preview_gain"], self._o["preview_loss"]
                to_win = max(1, c.ruleset.victory_cards_to_win)
                now = potential(self.progress, seat, to_win)
                for i, after in enumerate(preview_options(st, seat, options[:OPTIONS], preview_seed)):
                    d = (after - now) * to_win
                    if d:
                        buf[o0 + i * self.ow + (gp if d > 0 else lp)] = min(1.0, abs(d))
            if self.values:
                jb, jg = self._o["value_best"], self._o["value_gap"]
                vals = (preview_values(st, seat, options[:OPTIONS], preview_seed + 1) if option_values is None
                        else option_values[:OPTIONS])
                top = max(vals)
                for i, v in enumerate(vals):
                    gap = top - v
                    if gap <= VALUE_TIE:
                        buf[o0 + i * self.ow + jb] = 1.0
                    else:
                        buf[o0 + i * self.ow + jg] = min(1.0, gap / VALUE_GAP_SCALE)
        return self.buf

    def _max_rounds(self, st: GameState) -> int:
        """The round count the table's ``round`` is divided by (per configuration)."""
        cfg = st.config
        if cfg is not self._config:
            self._config = cfg
            self._rounds = cfg.get("max_rounds") or 200
        return self._rounds

    def _agenda_part(self, st: GameState, c: Any) -> None:
        """The columns made from what agendas read, for every seat (absolute; each column is
        written, zeros too), and ``self.progress``."""
        a, sw = self._abs_m, self.sw
        self._abs_made += 1
        ctl = st.ctl
        owners = list(ctl.values())
        cities = list(st.cities.values())
        districts = [ctl.get(sp, -1) for sp in st.district]
        conquered = list(st.cs_conquered.values())
        (jo, mo), (jc, mc), (jd, md), (jq, mq), (jw, mw), (jn, mn), (jp, mp) = self._agenda_counts
        res = self._res_cols
        gv = self._gv
        slots = range(VICTORY_SLOTS)
        j_won = self._won
        to_win = max(1, c.ruleset.victory_cards_to_win)
        progress = self.progress = goal_progress(st, c)
        for p, ps in enumerate(st.players):
            r0 = p * sw
            a[r0 + jo] = min(1.0, owners.count(p) / mo)
            a[r0 + jc] = min(1.0, cities.count(p) / mc)
            a[r0 + jd] = min(1.0, districts.count(p) / md)
            a[r0 + jq] = min(1.0, conquered.count(p) / mq)
            a[r0 + jw] = min(1.0, len(ps.wonders) / mw)
            a[r0 + jn] = min(1.0, len(ps.nws) / mn)
            a[r0 + jp] = min(1.0, len(ps.dipl) / mp)
            held = ps.resources
            for r, j in res:
                a[r0 + j] = min(1.0, held.get(r, 0) / 3.0)
            cards = progress[p]
            won = 0
            for v in slots:
                jv, jcl = gv[v]
                if v < len(cards):
                    best, claimed = cards[v]
                    if claimed:
                        won += 1
                        a[r0 + jv] = a[r0 + jcl] = 1.0
                        continue
                    a[r0 + jv] = best
                else:
                    a[r0 + jv] = 0.0
                a[r0 + jcl] = 0.0
            a[r0 + j_won] = min(1.0, won / to_win)

    def _map_changed(self, st: GameState, owners: bool, reinforced: set[int] | None,
                     barbs: dict[str, int] | None) -> None:
        """Something a space option's row reads may have changed (``owners``: the map key; the
        reinforced sides and the barbarians as they were, if they changed): drop the kept rows
        of every space whose own facts differ from the last copy (a token, a city-state, a
        wonder, a district, a reinforced side, a barbarian, an owner) and of the neighbours of
        a space whose owner differs (their ``near_*``); all of them on a new map."""
        b = st.board
        now: tuple[dict[int, Any], ...] = (st.ctl, st.cities, st.tokens, st.cs_at, st.wonder_at, st.district)
        copies = self._map_copy
        if b is not self._map_board:
            self._map_board = b
            self._map_copy = [d.copy() for d in now]
            self._forget_rows()
            return
        dirty: set[int] = set()
        if owners:
            for k, d in enumerate(now):
                was = copies[k]
                if d == was:
                    continue
                changed = [sp for sp, v in d.items() if was.get(sp) != v]
                changed += [sp for sp in was if sp not in d]
                copies[k] = d.copy()
                if k < 2:  # an owner: the space and its neighbours (``near_*``)
                    nbrs = b.nbrs
                    for sp in changed:
                        dirty.update(nbrs[sp])
                dirty.update(changed)
        if reinforced is not None:
            dirty |= reinforced ^ self._reinforced
        if barbs is not None:
            dirty |= set(barbs.values()) ^ set(st.barbs.values())
        rows, at = self._kept_rows, self._rows_at
        for sp in dirty:
            for seat, a in at.pop(sp, ()):
                rows[seat].pop(a, None)

    def _forget_rows(self) -> None:
        for kept in self._kept_rows:
            kept.clear()
        for held in self._focus_kept:
            held.clear()
        self._rows_at.clear()

    def _count_reinforced(self, st: GameState) -> None:
        j, m = self._count["reinforced"]
        owners = list(map(st.ctl.get, st.reinforced))
        a, sw = self._abs_m, self.sw
        self._abs_made += 1
        for p in range(st.n):
            a[p * sw + j] = min(1.0, owners.count(p) / m)

    def _own_parts(self, p: int, ps: Any, c: Any) -> None:
        """Seat ``p``'s columns not made from what agendas read, each part made again when what
        it reads differs from the last call's: the focus row; trade tokens and dial; figures on
        the map and city-state tokens."""
        k = self._own_of[p]
        a = self._abs_m
        self._abs_made += 1
        r0 = p * self.sw
        if k is None:
            k = self._own_of[p] = [None] * 6
            a[r0 + self._s["present"]] = 1.0
        if k[0] != ps.row:
            held, kept = self._focus_kept[p], self._kept_rows[p]
            for a_ in held:
                kept.pop(a_, None)
            held.clear()
            j0, j1 = self._row_span
            a[r0 + j0:r0 + j1] = self._zeros[:j1 - j0]
            row_feats = self._row_feats(c)
            cols, levels = self._row, self._row_level
            for i, cid in enumerate(ps.row[:ROW_SLOTS]):
                ti, lv = row_feats[cid]
                a[r0 + cols[i][ti]] = 1.0
                a[r0 + levels[i]] = lv
            cards = c.focus_cards
            self._slots[p] = {cards[cid].type: (i, cards[cid].level) for i, cid in enumerate(ps.row)}
            k[0] = ps.row[:]
        if k[1] != ps.trade or k[2] != ps.dial:
            j0, j1 = self._trade_span
            a[r0 + j0:r0 + j1] = self._zeros[:j1 - j0]
            cap = max(1, c.ruleset.trade_cap)
            trade = self._trade
            for ft, n in ps.trade.items():
                if n:
                    a[r0 + trade[ft]] = min(1.0, n / cap)
            a[r0 + self._s["dial"]] = min(1.0, ps.dial / max(1, c.ruleset.tech_dial_max))
            k[1] = ps.trade.copy()
            k[2] = ps.dial
        if k[3] != ps.armies or k[4] != ps.caravans or k[5] != ps.cs_tokens:
            (ja, ma), (jc, mc), (jt, mt) = self._figure_counts
            a[r0 + ja] = min(1.0, sum(map(_ON_MAP, ps.armies)) / ma)  # at a space: >= 0
            a[r0 + jc] = min(1.0, sum(map(_ON_MAP, ps.caravans)) / mc)
            a[r0 + jt] = min(1.0, len(ps.cs_tokens) / mt)
            k[3] = ps.armies[:]
            k[4] = ps.caravans[:]
            k[5] = ps.cs_tokens
        self._own_seen[p] = (k[0], k[1], k[2], k[3], k[4], k[5])

    def _row_feats(self, c: Any) -> dict[str, tuple[int, float]]:
        """Focus card id -> (index of its type, level / 4), per content."""
        got = self._rows.get(id(c))
        if got is None or got[0] is not c:
            feats = {cid: (FOCUS_TYPES.index(card.type), card.level / 4.0) for cid, card in c.focus_cards.items()}
            got = self._rows[id(c)] = (c, feats)
        return got[1]

    def _option(self, a: Action) -> tuple[bytes, str | None, tuple[int, int] | None]:
        """What an option's row holds whatever the state (shown, verb, passive, focus type,
        number, that it names a space), the focus type it names (for its slot and level in the
        row) and the space it names."""
        o = self._o
        verb = a.verb
        writes = [(o["shown"], 1.0)]
        j = self._verb.get(verb)
        if j is not None:
            writes.append((j, 1.0))
        if verb in PASSIVE_VERBS:
            writes.append((o["passive"], 1.0))
        ft: str | None = None
        q_r: tuple[int, int] | None = None
        if a.arg:
            # The focus type an option names: the card's own (``focus culture``), or the type a
            # new card goes under (``take <card>@<type>``); a pair (``swap a>b``) names none.
            name = a.key2 if verb == "take" and a.key2 else (a.key if not a.key2 else "")
            fj = self._focus.get(name) if verb in FOCUS_VERBS else None
            if fj is not None:
                ft = name
                writes.append((fj, 1.0))
            elif a.n >= 0 and not a.key:  # a number alone
                if a.n:
                    writes.append((o["number"], min(1.0, a.n / 15.0)))
            else:
                q_r = a.to if a.to is not None else a.at  # the space named last: a move's end
                if q_r is not None:
                    writes.append((o["space"], 1.0))
        row = np.zeros(self.ow, np.float32)
        for j, v in writes:
            row[j] = v
        got = (row.tobytes(), ft, q_r)
        if len(self._option_of) < 100_000:
            self._option_of[a] = got
        return got

    def _options(self, st: GameState, seat: int, options: Sequence[Action], c: Any) -> None:
        """Write the option rows (the buffer's rows are zero: ``fill`` cleared them): each the
        bytes kept for it while what it reads holds (``_kept_rows``), else made anew: an
        option's own part (``_option``), with the slot and level of the focus type it names, or
        what lies on and around the space it names (``_space_row``)."""
        shown = options if len(options) <= OPTIONS else options[:OPTIONS]
        kept = self._kept_rows[seat]
        if len(kept) > 4096:
            self._forget_rows()
        raw = self._bytes
        rb = 4 * self.ow
        p = 4 * self.o0
        rows = list(map(kept.get, shown))
        if None not in rows:  # all kept: one copy
            raw[p:p + rb * len(rows)] = b"".join(rows)  # type: ignore[arg-type]
            return
        option_of = self._option_of
        for a, row in zip(shown, rows, strict=True):
            if row is None:
                got = option_of.get(a)
                if got is None:
                    got = self._option(a)
                row, ft, q_r = got
                if q_r is not None:
                    self._space_row(st, seat, a, row, q_r, p)
                    p += rb
                    continue
                if ft is not None:  # its slot and level in the seat's row (``_own_parts``)
                    at = self._slots[seat].get(ft)
                    key = (a, at)
                    got_row = self._focus_row.get(key)
                    if got_row is None:
                        got_row = self._focus_row[key] = self._with_slot(row, at)
                    row = got_row
                    self._focus_kept[seat].append(a)
                kept[a] = row
            raw[p:p + rb] = row
            p += rb

    def _with_slot(self, row: bytes, at: tuple[int, int] | None) -> bytes:
        """An option's own row with the slot and level of the focus card it names."""
        if len(self._focus_row) > 100_000:
            self._focus_row.clear()
        if at is None:
            return row
        out = bytearray(row)
        nums = memoryview(out).cast("f")
        slot, level = at
        if slot:
            nums[self._oj[13]] = slot / (ROW_SLOTS - 1)
        nums[self._oj[14]] = level / 4.0
        return bytes(out)

    def _space_row(self, st: GameState, seat: int, a: Action, static: bytes, q_r: tuple[int, int], p: int) -> None:
        """Make the row of option ``a``, which names the space ``q_r``, at byte ``p`` of the
        buffer: its own part (``static``) and what lies on and around the space, each number
        written at its place; keep its bytes."""
        buf = self._m
        ow = self.ow
        r0 = p // 4
        self._bytes[p:p + 4 * ow] = static
        kept = self._kept_rows[seat]
        b = st.board
        if b is not self._board:
            self._board = b
            self._space_of.clear()
        sp = b.index.get(q_r)
        if sp is None:  # a space off the map (a tile placement names where it would go): the map holds it
            kept[a] = self._bytes[p:p + 4 * ow].tobytes()
            return
        (j_diff, j_fort, j_nw, j_res, j_mine, j_rival, j_my_city, j_rival_city, j_cs, j_wonder, j_barb,
         j_district, j_reinforced, _, _) = self._oj
        here = self._space_of.get(sp)
        if here is None:
            here = self._space_of[sp] = (self._terrain[b.terrain[sp]], min(1.0, b.diff[sp] / 5.0), bool(b.is_fort[sp]))
        buf[r0 + here[0]] = 1.0
        if here[1]:
            buf[r0 + j_diff] = here[1]
        if here[2]:
            buf[r0 + j_fort] = 1.0
        tok = st.tokens.get(sp)
        if tok is not None:
            buf[r0 + (j_nw if tok.startswith("nw:") else j_res)] = 1.0
        if sp in st.cs_at:
            buf[r0 + j_cs] = 1.0
        if sp in st.wonder_at:
            buf[r0 + j_wonder] = 1.0
        if sp in st.barbs.values():
            buf[r0 + j_barb] = 1.0
        if sp in st.district:
            buf[r0 + j_district] = 1.0
        if sp in st.reinforced:
            buf[r0 + j_reinforced] = 1.0
        ctl, cities = st.ctl, st.cities
        owner = ctl.get(sp, -1)
        if owner >= 0:
            buf[r0 + (j_mine if owner == seat else j_rival)] = 1.0
        owner = cities.get(sp, -1)
        if owner >= 0:
            buf[r0 + (j_my_city if owner == seat else j_rival_city)] = 1.0
        mine = rival = my_city = rival_city = 0
        for nb in b.nbrs[sp]:
            w = ctl.get(nb, -1)
            if w >= 0:
                if w == seat:
                    mine += 1
                else:
                    rival += 1
            w = cities.get(nb, -1)
            if w >= 0:
                if w == seat:
                    my_city += 1
                else:
                    rival_city += 1
        j_near_mine, j_near_rival, j_near_my_city, j_near_rival_city = self._near_j
        if mine:
            buf[r0 + j_near_mine] = mine / 6.0
        if rival:
            buf[r0 + j_near_rival] = rival / 6.0
        if my_city:
            buf[r0 + j_near_my_city] = my_city / 6.0
        if rival_city:
            buf[r0 + j_near_rival_city] = rival_city / 6.0
        kept[a] = self._bytes[p:p + 4 * ow].tobytes()
        at = self._rows_at.get(sp)
        if at is None:
            self._rows_at[sp] = [(seat, a)]
        else:
            at.append((seat, a))


def _span(cols: list[int]) -> tuple[int, int]:
    """(first, end) of columns that are a run without gaps."""
    lo, hi = min(cols), max(cols) + 1
    if sorted(cols) != list(range(lo, hi)):
        raise ValueError(f"columns {cols} are not a run")
    return lo, hi


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
    seats = range(st.n)
    out: list[list[tuple[float, bool]]] = [[] for _ in seats]
    for vc in st.victory_cards:
        agendas = [(ag, claims.get(ag.id, ())) for ag in c.victory_cards[vc].agendas]
        for p in seats:
            best = 0.0
            claimed = False
            for ag, by in agendas:
                if p in by:
                    claimed = True
                    best = 1.0
                    break
                have, need = agenda_progress(st, p, ag)
                f = have / need if need > 0 else 1.0
                if f > best:
                    best = f
            out[p].append((best if best < 1.0 else 1.0, claimed))
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


VALUE_TIE: Final = 1e-6
VALUE_GAP_SCALE: Final = 120.0
"""``value_gap`` is an option's value below the best option's, over this (a victory card's
weight in the bots' evaluation, ``bots.evaluate.W_CARD``), clipped to 1."""


def preview_values(st: GameState, seat: int, options: Sequence[Action], seed: int) -> list[float]:
    """Each option's value for ``seat`` in the bots' evaluation (``bots.evaluate``: victory cards,
    agenda progress, territory, cities, wonders, technology...), judged as the greedy bot judges
    its options (``GreedyBot.option_values``: after the chain of the seat's own decisions the
    option opens, played on with the best immediate value, plus the focus choice's tempo), on
    one copy of the state whose hidden parts are drawn anew from ``seed`` (``determinize``), as
    ``preview_options``. ``back`` gets the lowest value of the others."""
    world = determinize(st, seat, seed)
    bot = GreedyBot(random.Random(seed))
    bot.ev = hand_for(world.ruleset)
    got = dict(bot.option_values(world, seat, options))
    low = min(got.values()) if got else 0.0
    return [got.get(a, low) for a in options]


def goal_potential(st: GameState, seat: int) -> float:
    """The seat's progress toward victory minus its rivals' mean, for shaped rewards: per
    victory card in play, 1 when claimed, else the best agenda's ``have / need``; summed and
    divided by the victory cards a win needs."""
    c = content_for(st)
    return potential(goal_progress(st, c), seat, c.ruleset.victory_cards_to_win)
