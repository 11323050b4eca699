"""Checks across the data files of one ruleset: counts, decks, leaders and their cards, wonders,
the map's tiles and the victory cards (each failure names the file and the entry)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from newdawn.content.model import Content
from newdawn.content.records import _fail
from newdawn.content.schema import ERAS, WONDER_TYPES, Wonder
from newdawn.content.vocab import EXPECTED_COUNTS

# --------------------------------------------------------------------------- cross-file checks


def _count_off(content: Content, want: Mapping[str, int]) -> tuple[str, int, int] | None:
    """The first record file ``(stem, wanted, found)`` of ``want`` whose number of records in
    ``content`` differs, else None."""
    for stem, n in want.items():
        found = len(getattr(content, stem))
        if found != n:
            return stem, n, found
    return None


def _deck_gap(cards: Iterable[tuple[str, int]], types: Iterable[str]) -> tuple[str, int, int] | None:
    """The first ``(type, level, found)`` of a deck (``cards`` as (type, level)) that does not
    hold exactly one card of each of ``types`` at each level I-IV, else None."""
    seen = Counter(cards)
    for t in types:
        for lvl in range(1, 5):
            if seen[(t, lvl)] != 1:
                return t, lvl, seen[(t, lvl)]
    return None


def _wonder_gap(wonders: Iterable[Wonder], want: int) -> tuple[str, str, int] | None:
    """The first ``(type, era, found)`` of a wonder set that does not hold ``want`` wonders of
    each type and era, else None."""
    seen = Counter((w.type, w.era) for w in wonders)
    for t in WONDER_TYPES:
        for era in ERAS:
            if seen[(t, era)] != want:
                return t, era, seen[(t, era)]
    return None


def _check_counts(content: Content) -> None:
    off = _count_off(content, EXPECTED_COUNTS)
    if off is not None:
        stem, want, found = off
        _fail(f"{stem}.json", "all entries", f"expected {want} entries, found {found}")


def _check_decks(content: Content) -> None:
    file = "focus_cards.json"
    rs = content.ruleset
    types = rs.focus_types
    deck = [(c.type, c.level) for c in content.focus_cards.values() if c.unique_of is None and c.box in rs.boxes]
    gap = _deck_gap(deck, types)
    if gap is not None:
        t, lvl, found = gap
        _fail(file, f"{rs.id} deck", f"needs exactly one standard {t} level-{lvl} card, found {found}")
    extra = sorted({k for k in deck if k[0] not in types})
    if extra:
        _fail(file, f"{rs.id} deck", f"has cards of types outside the ruleset: {extra}")


def _check_leaders(content: Content, ruleset_file: str) -> None:
    rs = content.ruleset
    deck = set(content.deck_ids(rs))
    growth_one = content.card_for("growth", 1, rs) if "growth" in rs.focus_types else None
    for lid, leader in content.leaders.items():
        entry = repr(lid)
        row = leader.start_row
        if len(row) != rs.start_row_length:
            _fail("leaders.json", entry, f"start_row has {len(row)} cards, expected {rs.start_row_length}")
        types: list[str] = []
        for cid in row:
            card = content.focus_cards.get(cid)
            if card is None:
                _fail("leaders.json", entry, f"start_row card {cid!r} does not exist in focus_cards.json")
            if cid not in deck or card.level != 1:
                _fail(
                    "leaders.json", entry, f"start_row card {cid!r} is not a level-I card of the {rs.id} deck"
                )
            types.append(card.type)
        if len(set(types)) != len(types):
            _fail("leaders.json", entry, f"start_row repeats a focus type: {types}")
        if growth_one is not None and row[0] != growth_one:
            _fail("leaders.json", entry, f"start_row must begin with {growth_one!r}, got {row[0]!r}")
        unique = content.focus_cards.get(leader.unique_card)
        if unique is None:
            _fail(
                "leaders.json",
                entry,
                f"unique_card {leader.unique_card!r} does not exist in focus_cards.json",
            )
        if unique.unique_of != lid:
            _fail(
                "leaders.json",
                entry,
                f"unique_card {leader.unique_card!r} has unique_of={unique.unique_of!r}",
            )
    for cid, card in content.focus_cards.items():
        if card.unique_of is None:
            continue
        owner = content.leaders.get(card.unique_of)
        if owner is None:
            _fail("focus_cards.json", repr(cid), f"unique_of {card.unique_of!r} is not a leader id")
        if owner.unique_card != cid:
            _fail(
                "focus_cards.json",
                repr(cid),
                f"leader {owner.id!r} names {owner.unique_card!r} as its unique card",
            )


def _check_wonders(content: Content, want: int) -> None:
    rs = content.ruleset
    gap = _wonder_gap((w for w in content.wonders.values() if w.box in rs.boxes), want)
    if gap is not None:
        t, era, found = gap
        _fail("wonders.json", f"{rs.id} wonder set", f"needs {want} {t} {era} wonders, found {found}")


def _check_map(content: Content) -> None:
    nw_at: dict[str, list[int]] = {}
    cs_at: dict[str, list[int]] = {}
    for tid, tile in content.tiles.items():
        kinds: set[str] = set()
        for side, spaces in tile.sides.items():
            for sp in spaces:
                entry = f"tile {tid} side {side} space #{sp.index}"
                if sp.natural_wonder is not None:
                    if sp.natural_wonder not in content.natural_wonders:
                        _fail("tiles.json", entry, f"unknown natural wonder {sp.natural_wonder!r}")
                    nw_at.setdefault(sp.natural_wonder, []).append(tid)
                    kinds.add("natural_wonder")
                if sp.city_state is not None:
                    if sp.city_state not in content.city_states:
                        _fail("tiles.json", entry, f"unknown city-state {sp.city_state!r}")
                    if sp.terrain != content.ruleset.city_state_terrain:
                        _fail(
                            "tiles.json",
                            entry,
                            f"city-state on {sp.terrain}, expected {content.ruleset.city_state_terrain}",
                        )
                    cs_at.setdefault(sp.city_state, []).append(tid)
                    kinds.add("city_state")
                if sp.capital:
                    kinds.add("capital")
        expected = "plain"
        for k in ("natural_wonder", "city_state", "capital"):
            if k in kinds:
                expected = k
                break
        if len(kinds) > 1 or tile.kind != expected:
            _fail(
                "tiles.json", f"tile {tid}", f"kind {tile.kind!r} does not match its features {sorted(kinds)}"
            )
    for nid, nw in content.natural_wonders.items():
        if nw_at.get(nid) != [nw.tile]:
            _fail(
                "natural_wonders.json",
                repr(nid),
                f"tile {nw.tile} but the map has it on {nw_at.get(nid, [])}",
            )
    for cid, cs in content.city_states.items():
        if cs_at.get(cid) != [cs.tile]:
            _fail("city_states.json", repr(cid), f"tile {cs.tile} but the map has it on {cs_at.get(cid, [])}")
        if cs.type not in content.ruleset.focus_types:
            _fail("city_states.json", repr(cid), f"type {cs.type!r} is not a focus type of the ruleset")


def _check_victory(content: Content, ruleset_file: str) -> None:
    rs = content.ruleset
    agenda_ids: set[str] = set()
    for vid, card in content.victory_cards.items():
        for a in card.agendas:
            if a.id in agenda_ids:
                _fail("victory_cards.json", repr(vid), f"duplicate agenda id {a.id!r}")
            agenda_ids.add(a.id)
    for fid in rs.victory_fixed:
        fixed = content.victory_cards.get(fid)
        if fixed is None or not fixed.fort or fixed.box not in rs.boxes:
            _fail(ruleset_file, "victory_fixed", f"{fid!r} is not a fort victory card of this ruleset")
    standard = [c for c in content.victory_cards.values() if not c.fort and c.box in rs.boxes]
    if len(standard) < rs.victory_random_cards:
        _fail(
            ruleset_file,
            "victory_random_cards",
            f"only {len(standard)} standard victory cards in the ruleset",
        )
    if rs.victory_cards_to_win > rs.victory_random_cards + len(rs.victory_fixed):
        _fail(ruleset_file, "victory_cards_to_win", "more cards needed than are in play")


def check_supply(content: Content, ruleset_file: str) -> None:
    """The box's counts (``Ruleset.supply``) that the records also count must agree with them:
    one barbarian token per letter printed on the ruleset's tiles, one token per natural wonder
    and per city-state, a player's diplomacy cards, a fort per player when the ruleset has forts."""
    sup = content.ruleset.supply
    letters = {sp.barbarian for t in content.tiles.values() for side in t.sides.values() for sp in side
               if sp.barbarian is not None}
    found = {
        "barbarians": len(letters),
        "natural_wonders": len(content.natural_wonders),
        "city_states": len(content.city_states),
        "player_diplomacy_per_color": len(content.player_diplomacy),
    }
    for key, n in found.items():
        if sup[key] != n:
            _fail(ruleset_file, f"supply.{key}", f"the box holds {sup[key]}, the content has {n}")
    if sup["forts"] and sup["forts"] < content.ruleset.players[1]:
        _fail(ruleset_file, "supply.forts", f"{sup['forts']} forts for up to {content.ruleset.players[1]} players")
    if sup["trade_tokens_limited"]:
        _fail(ruleset_file, "supply.trade_tokens_limited", "trade tokens are not limited (rules: Rules Clarifications)")


def _cross_check(content: Content, ruleset_file: str, wonders_per_type_era: int) -> None:
    _check_counts(content)
    _check_decks(content)
    _check_leaders(content, ruleset_file)
    _check_wonders(content, wonders_per_type_era)
    _check_map(content)
    _check_victory(content, ruleset_file)
    check_supply(content, ruleset_file)


