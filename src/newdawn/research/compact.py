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
from collections import Counter
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

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]


def agent_options(st: GameState, take_backs: bool = False) -> list[Action]:
    """The options an agent is offered: the legal actions, without ``back`` (a pure take-back
    an agent could repeat for ever: choose a card, take it back, choose it again) unless
    ``take_backs`` or it is the only option."""
    legal = legal_actions(st)
    if take_backs or len(legal) == 1:
        return legal
    for a in legal:
        if a[0] == TAKE_BACK:
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
    city-state tokens) when they differ from the last call's. An option's own features (verb,
    passive, focus type, number) are kept per action, a space's terrain per map; what lies on
    and around a space is read at each call. The result is the same as making everything anew
    (a test compares both)."""

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
        agenda = [self._count[k][0] for k in ("control", "cities", "districts", "wonders", "natural_wonders",
                                             "diplomacy", "cs_conquered")]
        agenda += [*self._res.values(), *(j for pair in self._gv for j in pair), self._won]
        self._agenda_cols = np.array(agenda, np.intp)
        self._row_cols = np.array([j for cols in self._row for j in cols] + self._row_level, np.intp)
        self._trade_cols = np.array([*self._trade.values(), s["dial"]], np.intp)
        self._made_for: tuple[Any, int] | None = None
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
        self._reinforced_epoch: object = None
        """The reinforced sides the seat rows count, and the epoch of their owners (``ctl``,
        which agendas read)."""
        self._m = floats(self.buf)
        self._abs_m = floats(self._abs)
        self._zeros = floats(np.zeros(compact_size(), np.float32))
        self._shown = 0
        """Option rows the last ``fill`` wrote (the next one clears them)."""
        self._option_of: dict[Action, tuple[memoryview[float], str | None, tuple[int, int] | None]] = {}
        self._oj = tuple(o[k] for k in (
            "difficulty", "fort", "natural_wonder", "resource", "mine", "rival", "my_city", "rival_city",
            "city_state", "wonder_token", "barbarian", "district", "reinforced", "focus_slot", "focus_level"))
        self._near_j = (o["near_mine"], o["near_rival"], o["near_my_city"], o["near_rival_city"])
        self._board: Any = None
        self._space_of: dict[int, tuple[int, float, bool]] = {}
        self._near: dict[tuple[int, int], tuple[tuple[int, float], ...]] = {}
        """(space, seat) -> the features of what is next to it (``ctl`` and ``cities``, which
        agendas read: kept while ``_epoch`` holds)."""
        self._bytes = self.buf.data.cast("B")
        self._map_key: tuple[Any, ...] = ()
        self._barbs_seen: dict[str, int] = {}
        self._space_rows: list[dict[Action, bytes]] = [{} for _ in range(MAX_SEATS)]
        """By seat, the bytes of the whole row of an option that names a space, as last written:
        kept while what such a row reads holds (``_map_changed`` drops the rows of the spaces
        it finds changed)."""
        self._rows_at: dict[int, list[tuple[int, Action]]] = {}
        """Space -> the (seat, option) of the kept rows that describe it."""
        self._map_copy: tuple[Any, ...] = ()
        """What space rows read, copied at the last change seen (``_map_changed``)."""

    def fill(self, st: GameState, seat: int, options: Sequence[Action] = (), preview_seed: int = 0,
             option_values: Sequence[float] | None = None, deciding: int | None = None) -> FloatArray:
        """The compact observation of ``seat`` (``options``: the shown options, if it decides;
        ``preview_seed`` draws the hidden parts the previews play with, see ``preview_options``;
        ``option_values``: the options' ``preview_values`` if already made; ``deciding``: the
        state's ``decision_seat`` if the caller knows it)."""
        c = content_for(st)
        n = len(st.players)
        dec = decision_seat(st) if deciding is None else deciding
        if self._made_for is None or self._made_for[0] is not c or self._made_for[1] != n:
            self._abs.fill(0.0)
            self.buf.fill(0.0)  # the seat rows beyond the new game's seats too
            self._made_for = (c, n)
            self._epoch = None
            self._own_of = [None] * MAX_SEATS
            self._own_seen = [()] * n
        if st._agenda_epoch is not self._epoch:
            self._agenda_part(st, c)
            self._epoch = st._agenda_epoch
            self._near.clear()
        players = st.players
        # a player's own columns: one comparison of everything they read with the last call's
        # copy, and only on a difference a look at each player
        reads = [(ps.row, ps.trade, ps.dial, ps.armies, ps.caravans, ps.cs_tokens) for ps in players]
        seen = self._own_seen
        if reads != seen:
            for p in range(n):
                if reads[p] != seen[p]:
                    self._own_parts(p, players[p], c)
        fresh = False
        if self._reinforced_epoch is not self._epoch or self._reinforced != st.reinforced:
            self._count_reinforced(st)  # into the seat rows, with their owners (``ctl``: the epoch)
            fresh = True
        # What a space option's row reads: the owners of pieces (the epoch), the map (a new board
        # when it grows), tokens, city-states, wonder tokens and districts (each added or removed
        # beside an agenda mark; their counts are compared too), the barbarians and the
        # reinforced sides (compared: they change without a mark).
        key = (st._agenda_epoch, st.board, len(st.tokens), len(st.cs_at), len(st.wonder_at), len(st.district))
        if fresh or key != self._map_key or st.barbs != self._barbs_seen:
            self._map_key = key
            self._barbs_seen = st.barbs.copy()
            self._map_changed(st)
        # Every write below goes through a memoryview of the buffer: a number or a slice
        # costs a third of numpy's indexing, and a call makes some thirty of them.
        buf, zeros = self._m, self._zeros
        s0, sw, o0 = self.s0, self.sw, self.o0
        # what the last call wrote outside the seat rows (the rows are copied whole below)
        buf[:s0] = zeros[:s0]
        if self._shown:
            end = o0 + self._shown * self.ow
            buf[o0:end] = zeros[o0:end]
        self._shown = 0
        a = self._abs_m  # the rows from the viewer's on
        buf[s0:s0 + (n - seat) * sw] = a[seat * sw:n * sw]
        if seat:
            buf[s0 + (n - seat) * sw:s0 + n * sw] = a[:seat * sw]
        # ---- what changes at every decision: the table, whose turn, the reinforced tokens
        tj = self._tj
        buf[tj[0]] = min(1.0, st.round / (st.config.get("max_rounds") or 200))
        buf[tj[1]] = min(1.0, len(options) / OPTIONS)
        buf[self._event_j[st.event_pos % 6]] = 1.0
        if dec >= 0:
            rd = (dec - seat) % n
            buf[tj[2]] = float(dec == seat)
            buf[self._dec_j[rd]] = 1.0
            buf[s0 + rd * sw + tj[3]] = 1.0
            kind = self._kind.get(st.stack_frames[-1]["kind"])
            if kind is not None:
                buf[kind] = 1.0
        buf[s0 + ((st.first - seat) % n) * sw + tj[4]] = 1.0

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

    def _agenda_part(self, st: GameState, c: Any) -> None:
        """The columns made from what agendas read, for every seat (absolute), and
        ``self.progress``."""
        a = self._abs
        a[:, self._agenda_cols] = 0.0
        n = st.n
        count = self._count
        ctl = st.ctl
        for name, cnt in (("control", Counter(ctl.values())), ("cities", Counter(st.cities.values())),
                          ("districts", Counter(ctl.get(sp, -1) for sp in st.district)),
                          ("cs_conquered", Counter(st.cs_conquered.values()))):
            j, m = count[name]
            for owner, k in cnt.items():
                if 0 <= owner < n:
                    a[owner, j] = min(1.0, k / m)
        res = self._res
        for p in range(n):
            ps = st.players[p]
            row = a[p]
            for name, k in (("wonders", len(ps.wonders)), ("natural_wonders", len(ps.nws)),
                            ("diplomacy", len(ps.dipl))):
                j, m = count[name]
                row[j] = min(1.0, k / m)
            for r, k in ps.resources.items():
                if k:
                    row[res[r]] = min(1.0, k / 3.0)
        to_win = max(1, c.ruleset.victory_cards_to_win)
        gv = self._gv
        progress = self.progress = goal_progress(st, c)
        for p in range(n):
            row = a[p]
            won = 0
            for v, (best, claimed) in enumerate(progress[p][:VICTORY_SLOTS]):
                if claimed:
                    won += 1
                    row[gv[v][0]] = 1.0
                    row[gv[v][1]] = 1.0
                elif best:
                    row[gv[v][0]] = best
            if won:
                row[self._won] = min(1.0, won / to_win)

    def _map_changed(self, st: GameState) -> None:
        """Something a space option's row reads may have changed: drop the kept rows of every
        space whose own facts differ from the last copy (a token, a city-state, a wonder, a
        district, a reinforced side, a barbarian, an owner) and of the neighbours of a space
        whose owner differs (their ``near_*``); all of them on a new map."""
        b = st.board
        now = (b, st.ctl.copy(), st.cities.copy(), st.tokens.copy(), st.cs_at.copy(), st.wonder_at.copy(),
               st.district.copy(), set(st.reinforced), set(st.barbs.values()))
        was, self._map_copy = self._map_copy, now
        rows, at = self._space_rows, self._rows_at
        if not was or was[0] is not b:
            for kept in rows:
                kept.clear()
            at.clear()
            return
        dirty: set[int] = set()
        nbrs = b.nbrs
        for k in (1, 2):  # owners of control tokens and cities: the space and its neighbours
            if now[k] != was[k]:
                for sp, _ in now[k].items() ^ was[k].items():
                    dirty.add(sp)
                    dirty.update(nbrs[sp])
        for k in (3, 4, 5, 6):
            if now[k] != was[k]:
                dirty.update(sp for sp, _ in now[k].items() ^ was[k].items())
        dirty |= now[7] ^ was[7]
        dirty |= now[8] ^ was[8]
        for sp in dirty:
            for seat, a in at.pop(sp, ()):
                rows[seat].pop(a, None)

    def _count_reinforced(self, st: GameState) -> None:
        j, m = self._count["reinforced"]
        ctl = st.ctl
        held = [0] * st.n
        for sp in st.reinforced:
            owner = ctl.get(sp, -1)
            if owner >= 0:
                held[owner] += 1
        self._reinforced = set(st.reinforced)
        self._reinforced_epoch = self._epoch
        a, sw = self._abs_m, self.sw
        for p, k in enumerate(held):
            a[p * sw + j] = min(1.0, k / m)

    def _own_parts(self, p: int, ps: Any, c: Any) -> None:
        """Seat ``p``'s columns not made from what agendas read, each part made again when what
        it reads differs from the last call's: the focus row; trade tokens and dial; figures on
        the map and city-state tokens."""
        k = self._own_of[p]
        if k is None:
            k = self._own_of[p] = [None] * 6
            self._abs[p, self._s["present"]] = 1.0
        row = self._abs[p]
        if k[0] != ps.row:
            row[self._row_cols] = 0.0
            row_feats = self._row_feats(c)
            for i, cid in enumerate(ps.row[:ROW_SLOTS]):
                ti, lv = row_feats[cid]
                row[self._row[i][ti]] = 1.0
                row[self._row_level[i]] = lv
            k[0] = ps.row[:]
        if k[1] != ps.trade or k[2] != ps.dial:
            row[self._trade_cols] = 0.0
            cap = max(1, c.ruleset.trade_cap)
            for ft, n in ps.trade.items():
                if n:
                    row[self._trade[ft]] = min(1.0, n / cap)
            row[self._s["dial"]] = min(1.0, ps.dial / max(1, c.ruleset.tech_dial_max))
            k[1] = ps.trade.copy()
            k[2] = ps.dial
        if k[3] != ps.armies or k[4] != ps.caravans or k[5] != ps.cs_tokens:
            count = self._count
            for name, n in (("armies_on_map", sum(1 for x in ps.armies if x >= 0)),
                            ("caravans_on_map", sum(1 for x in ps.caravans if x >= 0)),
                            ("cs_tokens", len(ps.cs_tokens))):
                j, m = count[name]
                row[j] = min(1.0, n / m)
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

    def _option(self, a: Action) -> tuple[memoryview[float], str | None, tuple[int, int] | None]:
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
        got = (floats(row), ft, q_r)
        if len(self._option_of) < 100_000:
            self._option_of[a] = got
        return got

    def _options(self, st: GameState, seat: int, options: Sequence[Action], c: Any) -> None:
        """Write the option rows (the buffer's rows are zero: ``fill`` cleared them). Each number
        is written into the flat buffer at its place (a few single writes cost less than a
        row's view and a copy)."""
        buf = self._m
        cards = c.focus_cards
        row_of: dict[str, tuple[int, int]] | None = None
        b = st.board
        if b is not self._board:
            self._board = b
            self._space_of.clear()
        ctl, cities = st.ctl, st.cities
        barbs: set[int] | None = None
        option_of, space_of, near_of = self._option_of, self._space_of, self._near
        ow = self.ow
        (j_diff, j_fort, j_nw, j_res, j_mine, j_rival, j_my_city, j_rival_city, j_cs, j_wonder, j_barb,
         j_district, j_reinforced, j_slot, j_level) = self._oj
        tokens, cs_at, wonder_at, district, reinforced = st.tokens, st.cs_at, st.wonder_at, st.district, st.reinforced
        shown = options if len(options) <= OPTIONS else options[:OPTIONS]
        self._shown = len(shown)
        kept = self._space_rows[seat]
        if len(kept) > 4096:
            for k in self._space_rows:
                k.clear()
            self._rows_at.clear()
        rows_at = self._rows_at
        raw = self._bytes
        r0 = self.o0 - ow
        for a in shown:
            r0 += ow
            row = kept.get(a)
            if row is not None:  # a space option: nothing its row reads has changed
                raw[4 * r0:4 * (r0 + ow)] = row
                continue
            got = option_of.get(a)
            if got is None:
                got = self._option(a)
            static, ft, q_r = got
            buf[r0:r0 + ow] = static
            if ft is not None:
                if row_of is None:
                    row_of = {cards[cid].type: (k, cards[cid].level) for k, cid in enumerate(st.players[seat].row)}
                slot = row_of.get(ft)
                if slot is not None:
                    if slot[0]:
                        buf[r0 + j_slot] = slot[0] / (ROW_SLOTS - 1)
                    buf[r0 + j_level] = slot[1] / 4.0
                continue
            if q_r is None:
                continue
            sp = b.index.get(q_r)
            if sp is None:  # a space off the map (a tile placement names where it would go)
                continue
            here = space_of.get(sp)
            if here is None:
                here = space_of[sp] = (self._terrain[b.terrain[sp]], min(1.0, b.diff[sp] / 5.0), bool(b.is_fort[sp]))
            buf[r0 + here[0]] = 1.0
            if here[1]:
                buf[r0 + j_diff] = here[1]
            if here[2]:
                buf[r0 + j_fort] = 1.0
            tok = tokens.get(sp)
            if tok is not None:
                buf[r0 + (j_nw if tok.startswith("nw:") else j_res)] = 1.0
            if sp in cs_at:
                buf[r0 + j_cs] = 1.0
            if sp in wonder_at:
                buf[r0 + j_wonder] = 1.0
            if barbs is None:
                barbs = set(st.barbs.values())
            if sp in barbs:
                buf[r0 + j_barb] = 1.0
            if sp in district:
                buf[r0 + j_district] = 1.0
            if sp in reinforced:
                buf[r0 + j_reinforced] = 1.0
            owner = ctl.get(sp, -1)
            if owner >= 0:
                buf[r0 + (j_mine if owner == seat else j_rival)] = 1.0
            owner = cities.get(sp, -1)
            if owner >= 0:
                buf[r0 + (j_my_city if owner == seat else j_rival_city)] = 1.0
            near = near_of.get((sp, seat))
            if near is None:
                counts = [0, 0, 0, 0]
                for nb in b.nbrs[sp]:
                    w = ctl.get(nb, -1)
                    if w >= 0:
                        counts[0 if w == seat else 1] += 1
                    w = cities.get(nb, -1)
                    if w >= 0:
                        counts[2 if w == seat else 3] += 1
                near = near_of[sp, seat] = tuple((j, n / 6.0) for j, n in zip(self._near_j, counts, strict=True) if n)
            for j, v in near:
                buf[r0 + j] = v
            kept[a] = raw[4 * r0:4 * (r0 + ow)].tobytes()
            at = rows_at.get(sp)
            if at is None:
                rows_at[sp] = [(seat, a)]
            else:
                at.append((seat, a))


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
