"""Per-seat features of a position, the input of the learned win-chance model (``model``).

``seat_features(st)`` gives one row of ``FEATURES`` per seat. Every feature reads only what
the table shows (the seats' pieces, rows, tokens, claims, the dealt victory cards, the round),
so the features of a state rebuilt from a seat's view (``engine.view.state_from_view``) are
those of the real state: the model never learns from hidden facts.

The terms are the hand evaluation's (``evaluate``: victory cards, agenda progress squared,
territory, cities, mature cities, wonders, dial, card levels, trade tokens, resources,
reinforced tokens, threats, the fort terms) and what a strong player also reads: progress on
each kind of agenda dealt, how close the seat is to its winning card, threats to and from the
forts, whose turn comes next, and the tempo (late in the game a card is closer to a win). A
model scores a seat by ``w . x`` and the seats' chances are the softmax of the scores
(a conditional logit): features that are the same for every seat (the round alone) would
cancel, so the tempo enters through products (``cards_late``, ``agenda_late``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..engine import GameState, agenda_met, content_for, victory_cards_needed
from .evaluate import (
    PROGRESS,
    W_CARD,
    W_DIPLOMACY,
    Facts,
    _agendas,
    _ByOwner,
    caravans,
    fort_risk,
    own_evaluation,
    strike,
)

LATE_ROUND: Final = 40
"""The round by which a game is late (``late`` = round / LATE_ROUND, at most 1): games of
greedy bots last about 30 to 45 rounds."""

AGENDA_KINDS: Final[tuple[str, ...]] = tuple(sorted(PROGRESS))
"""The agenda kinds with a progress measure; the others count as met or not (``ag:other``)."""

BASE_FEATURES: Final[tuple[str, ...]] = (
    "cards", "cards_late", "one_to_win", "next_card", "agenda_sq", "agenda_late",
    "spaces", "cities", "mature", "wonders", "dial", "levels", "trade", "resources", "reinforced",
    "threats", "forts_held", "fort_approach", "strike", "fort_risk", "caravans", "diplomacy",
    "to_move", "order", "is_ap",
)
FEATURES: Final[tuple[str, ...]] = BASE_FEATURES + tuple(f"ag:{k}" for k in AGENDA_KINDS) + ("ag:other",)
"""The feature names, in the order of a row."""

INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(FEATURES)}

_KIND_INDEX: Final[dict[str, int]] = {k: INDEX["ag:" + k] for k in AGENDA_KINDS}
"""Agenda kind -> the index of its ``ag:`` feature (the kinds without a progress measure: ``ag:other``)."""
_OTHER: Final = INDEX["ag:other"]

SIGNS: Final[dict[str, int]] = {
    **{f: 1 for f in FEATURES},
    "threats": -1, "fort_risk": -1, "cards_late": 0, "agenda_late": 0, "to_move": 0, "order": 0, "is_ap": 0,
}
"""The sign a weight must keep (1: at least 0, -1: at most 0, 0: free): more of a good thing
never lowers a seat's chance, which keeps a model fitted on few games sane."""

HAND: Final[dict[str, float]] = {
    "cards": W_CARD, "agenda_sq": 40.0, "spaces": 1.0, "cities": 5.0, "mature": 3.0, "wonders": 8.0,
    "dial": 1.5, "levels": 2.0, "trade": 0.6, "resources": 1.0, "reinforced": 0.5, "threats": -2.5,
    "caravans": 1.0, "diplomacy": W_DIPLOMACY,
}
"""The hand evaluation's weights in feature units (``evaluate``'s table; the caravan terms are
the base game's): the model's starting point and the pull of its regularisation."""


def victory_need(st: GameState) -> int:
    """Victory cards a seat needs to win (the ruleset's, or its option's: the base epic game)."""
    return victory_cards_needed(st)


SKIPPABLE: Final[frozenset[str]] = frozenset({"threats", "strike", "fort_risk", "caravans"})
"""The features that cost a pass of their own: a model that does not weigh them need not compute
them (``skip``; their columns are then 0)."""


def seat_features(st: GameState, skip: frozenset[str] = frozenset()) -> list[list[float]]:
    """One row of ``FEATURES`` per seat (the ``SKIPPABLE`` features in ``skip`` left at 0)."""
    return _rows(st, range(st.n), skip)


def seat_row(st: GameState, p: int, skip: frozenset[str] = frozenset()) -> list[float]:
    """Seat ``p``'s row of ``FEATURES`` alone (``seat_features(st)[p]``, at the cost of one seat:
    a search asks for one seat's score at each option of its one-seat playouts)."""
    return _rows(st, (p,), skip)[0]


def _rows(st: GameState, seats: Iterable[int], skip: frozenset[str] = frozenset()) -> list[list[float]]:
    b = _ByOwner(st)
    n = st.n
    need = victory_need(st)
    late = min(1.0, st.round / LATE_ROUND)
    agendas = _agendas(st)
    fc = content_for(st).focus_cards
    holders = b.fort_holders(st)
    ap = n - 1 if st.config.get("automa") else -1
    # the base game's caravan terms
    caravan_terms = own_evaluation(st.ruleset) is not None
    caravan_approach = caravan_terms and "caravans" not in skip
    threats = "threats" not in skip
    strikes, risks = "strike" not in skip, "fort_risk" not in skip
    hostile_all: set[int] = set(st.barbs.values())
    nbrs = st.board.nbrs
    rows: list[list[float]] = []
    for p in seats:
        ps = st.players[p]
        cities = b.cities[p]
        facts = Facts(st, p, cities, cities + b.ctl[p])
        row = [0.0] * len(FEATURES)
        cards = 0
        agenda_sq = 0.0
        next_card = 0.0
        for ags, who in zip(agendas, b.claimed, strict=True):
            if p in who:
                cards += 1
                continue
            best = 0.0
            for ag, fn in ags:
                f = fn(facts, ag.args) if fn is not None else (1.0 if agenda_met(st, p, ag) else 0.0)
                key = _KIND_INDEX[ag.kind] if fn is not None else _OTHER
                if f > row[key]:
                    row[key] = f
                if f > best:
                    best = f
            agenda_sq += best * best
            if best > next_card:
                next_card = best
        row[0] = cards
        row[1] = cards * late
        row[2] = next_card * next_card if cards >= need - 1 else 0.0
        row[3] = next_card
        row[4] = agenda_sq
        row[5] = agenda_sq * late
        row[6] = len(cities) + len(b.ctl[p])
        row[7] = len(cities)
        row[8] = len(facts.mature)
        row[9] = len(ps.wonders)
        row[10] = ps.dial
        levels = 0
        for cid in ps.row:
            levels += fc[cid].level - 1
        row[11] = levels
        row[12] = sum(ps.trade.values())
        row[13] = sum(ps.resources.values()) + len(ps.nws)
        row[14] = b.reinforced[p]
        if threats:
            hostile = set(hostile_all)
            for q, xs in enumerate(b.armies):
                if q != p:
                    hostile.update(xs)
            near = 0
            if hostile:
                for city in cities:
                    for x in nbrs[city]:
                        if x in hostile:
                            near += 1
            row[15] = near
        held = sum(1 for o in holders.values() if o == p)
        row[16] = held
        row[17] = facts.forts - held if holders else 0.0
        if holders and strikes:
            row[18] = strike(st, p, facts.mature, b) / W_CARD
        if holders and risks:
            row[19] = fort_risk(st, p, b) / W_CARD
        if caravan_terms:
            row[21] = len(ps.dipl)
            if caravan_approach:
                row[20] = caravans(st, p) - W_DIPLOMACY * row[21]
        row[22] = 1.0 if p == st.current else 0.0
        row[23] = ((p - st.current) % n) / n
        row[24] = 1.0 if p == ap else 0.0
        rows.append(row)
    return rows
