"""Agendas and victory (unified rules: Winning the Game, Fort Victory Cards).

Agendas are checked after every turn (and so after the event dial, which runs inside the
first player's turn): a completed agenda takes one of the player's unused control tokens and
stays claimed, except fort agendas, which are lost with the forts. The round-end check at the
start of the first player's turn declares the winner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import countOf
from typing import Any, Final

from ..content.model import Content
from ..content.schema import Agenda
from . import rulesets
from .decisions import space_choice
from .flow import auto, log, push
from .frames import AgendasFrame, ClaimRemoveFrame
from .pieces import remove_control
from .science import DIAL_WRAPPED
from .spaces import (
    city_spaces,
    friendly_spaces,
    is_mature,
    mature_cities,
    own_tokens,
    unused_control,
)
from .state import GameState, content_for

Progress = tuple[int, int]
"""(have, need) toward an agenda: it is met exactly when have >= need."""
ProgressFn = Callable[[GameState, int, Mapping[str, Any]], Progress]
PROGRESS: Final[dict[str, ProgressFn]] = {}
"""Agenda kind -> how far a seat is (one function per kind; the check is derived from it)."""


def progress_of(kind: str) -> Callable[[ProgressFn], ProgressFn]:
    def deco(fn: ProgressFn) -> ProgressFn:
        PROGRESS[kind] = fn
        return fn
    return deco


def _wonders(st: GameState, seat: int) -> list[Any]:
    c = content_for(st)
    return [c.wonders[w] for w in st.players[seat].wonders]


@progress_of("mature_cities")
def _mature(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return len(mature_cities(st, seat)), int(a["n"])


@progress_of("natural_wonders")
def _nws(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return _nw_pieces(st, seat), int(a["n"])


def _nw_pieces(st: GameState, seat: int) -> int:
    """Friendly pieces (a city, a control token) on natural-wonder spaces."""
    cities = st.cities
    ctl = st.ctl
    n = 0
    for s in _board_spaces(st, "natural_wonder"):
        n += (cities.get(s) == seat) + (ctl.get(s) == seat)
    return n


@progress_of("warmonger")
def _warmonger(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    """Conquered city-states toward their number; a defeated rival capital meets it at once."""
    need = int(a.get("city_states", 2))
    if st.players[seat].flags.get("capitals", 0) >= int(a.get("capitals", 1)):
        return need, need
    return sum(1 for p in st.cs_conquered.values() if p == seat), need


@progress_of("wonders_of_type")
def _wonders_type(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return sum(1 for w in _wonders(st, seat) if w.type == str(a["type"])), int(a["n"])


@progress_of("cities_on_map")
def _cities(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return len(city_spaces(st, seat)), int(a["n"])


@progress_of("coastal_spaces")
def _coastal(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    """Friendly pieces (a city, a control token) on coastal spaces."""
    coast = st.board.coastal
    n = 0
    for s, o in st.cities.items():
        if o == seat and coast[s]:
            n += 1
    for s, o in st.ctl.items():
        if o == seat and coast[s]:
            n += 1
    return n, int(a["n"])


@progress_of("tech_dial_space")
def _dial(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    """Reach space n: the pointer is on it or beyond, or it went past the last space once (it
    stood on every space on its way; the level-IV card of that space was gained the same way)."""
    ps = st.players[seat]
    n = int(a["n"])
    return (n if ps.flags.get(DIAL_WRAPPED) else ps.dial), n


@progress_of("level_iv_cards")
def _level4(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    cards = content_for(st).focus_cards
    return sum(1 for cid in st.players[seat].row if cards[cid].level == 4), int(a["n"])


@progress_of("reinforced_tokens")
def _reinforced(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return _reinforced_tokens(st, seat), int(a["n"])


def _reinforced_tokens(st: GameState, seat: int) -> int:
    """The seat's control tokens on their reinforced side."""
    ctl = st.ctl
    have = 0
    for s in st.reinforced:
        if ctl.get(s) == seat:
            have += 1
    return have


@progress_of("attack_value")
def _attack(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return st.players[seat].flags.get("best_attack", 0), int(a["n"])


@progress_of("diplomacy_sources")
def _diplomacy(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    sources = {d.split(":")[0] if d.startswith("p") else d for d in st.players[seat].dipl}
    return len(sources), int(a["n"])


@progress_of("resources")
def _resources(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    ps = st.players[seat]
    return sum(ps.resources.values()) + len(ps.nws), int(a["n"])


@progress_of("mature_city_tiles")
def _mature_tiles(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return len({st.board.tile_of[s] for s in mature_cities(st, seat)}), int(a["n"])


@progress_of("wonder_types")
def _wonder_types(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return len({w.type for w in _wonders(st, seat)}), int(a["n"])


@progress_of("all_districts")
def _districts(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    mine = {d for s, d in st.district.items() if st.ctl.get(s) == seat}
    return len(mine), len(content_for(st).ruleset.districts)


@progress_of("wonder_each_era")
def _eras(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return len({w.era for w in _wonders(st, seat)}), 3


@progress_of("city_tiles")
def _city_tiles(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    return len({st.board.tile_of[s] for s in city_spaces(st, seat)}), int(a["n"])


@progress_of("wonders_same_era")
def _same_era(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    eras = [w.era for w in _wonders(st, seat)]
    return max((eras.count(e) for e in set(eras)), default=0), int(a["n"])


@progress_of("forts")
def _forts(st: GameState, seat: int, a: Mapping[str, Any]) -> Progress:
    """A fort is controlled by a friendly city on it (or, with no city left, a control token)."""
    return _fort_counts(st).get(seat, 0), int(a["n"])


def fort_spaces(st: GameState) -> tuple[int, ...]:
    return _board_spaces(st, "forts")


def _fort_counts(st: GameState) -> dict[int, int]:
    """Seat -> forts it controls (a city on the fort, else a control token), in one pass."""
    cities = st.cities
    ctl = st.ctl
    counts: dict[int, int] = {}
    for s in _board_spaces(st, "forts"):
        o = cities.get(s)
        if o is None:
            o = ctl.get(s)
        if o is not None:
            counts[o] = counts.get(o, 0) + 1
    return counts


def _board_spaces(st: GameState, kind: str) -> tuple[int, ...]:
    """The spaces of one kind, ``forts`` or a terrain (``natural_wonder``), kept in
    the board's memo (a new board is built when the map grows)."""
    b = st.board
    got: tuple[int, ...] | None = b.memo.get(kind)
    if got is None:
        if kind == "forts":
            got = tuple(s for s in range(b.n) if b.is_fort[s])
        else:
            got = tuple(s for s in range(b.n) if b.terrain[s] == kind)
        b.memo[kind] = got
    return got


def agenda_progress(st: GameState, seat: int, ag: Agenda) -> Progress:
    """(have, need) of ``seat`` toward agenda ``ag`` (also for bots and the table)."""
    return PROGRESS[ag.kind](st, seat, ag.args)


CITY_BOUND: Final = frozenset({"mature_cities", "mature_city_tiles", "city_tiles"})
"""Agenda kinds whose progress is at most the seat's number of cities (their ``n`` is the need):
``agenda_met`` counts the cities first and looks no further when there are too few."""
WONDER_BOUND: Final = frozenset({"wonders_of_type", "wonders_same_era", "wonder_types", "wonder_each_era"})
"""Agenda kinds whose progress is at most the seat's number of wonders: ``agenda_met`` looks no
further when it has fewer wonders than the need (``n``; three eras for ``wonder_each_era``)."""


def agenda_met(st: GameState, seat: int, ag: Agenda) -> bool:
    """Whether ``seat`` meets agenda ``ag`` now: ``agenda_progress`` reaches its need. Asked
    after every action that changes what agendas read, so each agenda gets a check of its own
    (``_met_check``, made once per agenda) that stops as soon as the answer is known."""
    got = _MET.get(id(ag))
    if got is None or got[0] is not ag:
        if len(_MET) > 4096:
            _MET.clear()
        got = _MET[id(ag)] = (ag, _met_check(ag))
    return got[1](st, seat)


MetCheck = Callable[[GameState, int], bool]
_MET: Final[dict[int, tuple[Agenda, MetCheck]]] = {}
"""id of an agenda -> (that agenda, its check); a hit counts only for that very object."""


def _met_check(ag: Agenda) -> MetCheck:
    """``agenda_progress(st, seat, ag)`` reaches its need, as a function of (state, seat) with
    the agenda's numbers read once. The city and wonder agendas first compare the seat's number
    of cities or wonders (an upper bound of their progress) with the need."""
    kind = ag.kind
    args = ag.args
    progress = PROGRESS[kind]

    def general(st: GameState, seat: int) -> bool:
        have, need = progress(st, seat, args)
        return have >= need

    if kind in WONDER_BOUND:
        most = 3 if kind == "wonder_each_era" else int(args["n"])

        def wonders(st: GameState, seat: int) -> bool:
            if len(st.players[seat].wonders) < most:
                return False
            return general(st, seat)
        return wonders
    n = int(args["n"]) if "n" in args else 0
    if kind == "forts":
        def forts(st: GameState, seat: int) -> bool:
            return _fort_counts(st).get(seat, 0) >= n
        return forts
    if kind == "diplomacy_sources":
        def diplomacy(st: GameState, seat: int) -> bool:
            if len(st.players[seat].dipl) < n:  # each card has one source
                return False
            return general(st, seat)
        return diplomacy
    if kind == "cities_on_map":
        def cities_on_map(st: GameState, seat: int) -> bool:
            return countOf(st.cities.values(), seat) >= n
        return cities_on_map
    if kind == "mature_cities":
        def mature(st: GameState, seat: int) -> bool:
            cities = st.cities
            spare = countOf(cities.values(), seat) - n  # cities that may fail to be mature
            if spare < 0:
                return False
            for s, o in cities.items():
                if o == seat and not is_mature(st, seat, s):
                    spare -= 1
                    if spare < 0:
                        return False
            return True
        return mature
    if kind in CITY_BOUND:
        def city_bound(st: GameState, seat: int) -> bool:
            cities = st.cities
            if countOf(cities.values(), seat) < n:
                return False
            mine = [s for s, o in cities.items() if o == seat]
            tile_of = st.board.tile_of
            if kind == "city_tiles":
                return len({tile_of[s] for s in mine}) >= n
            # mature_city_tiles
            if len({tile_of[s] for s in mine}) < n:
                return False
            return len({tile_of[s] for s in mine if is_mature(st, seat, s)}) >= n
        return city_bound
    if kind == "coastal_spaces":
        def coastal(st: GameState, seat: int) -> bool:
            if countOf(st.cities.values(), seat) + countOf(st.ctl.values(), seat) < n:
                return False
            return general(st, seat)
        return coastal
    if kind == "reinforced_tokens":
        def reinforced(st: GameState, seat: int) -> bool:
            return len(st.reinforced) >= n and _reinforced_tokens(st, seat) >= n
        return reinforced
    if kind == "natural_wonders":
        def natural_wonders(st: GameState, seat: int) -> bool:
            return _nw_pieces(st, seat) >= n
        return natural_wonders
    if kind == "attack_value":
        def attack(st: GameState, seat: int) -> bool:
            return st.players[seat].flags.get("best_attack", 0) >= n
        return attack
    if kind == "all_districts":
        def districts(st: GameState, seat: int) -> bool:
            if len(st.district) < len(content_for(st).ruleset.districts):
                return False
            return general(st, seat)
        return districts
    if kind == "resources":
        def resources(st: GameState, seat: int) -> bool:
            ps = st.players[seat]
            return sum(ps.resources.values()) + len(ps.nws) >= n
        return resources
    return general


AgendaCheck = tuple[str, int, MetCheck, Agenda]
"""An agenda's id, its need when it is a fort agenda (-1 otherwise: its check counts) and its
check (``_met_check``), and the agenda."""
CardChecks = dict[str, tuple[bool, tuple[AgendaCheck, ...]]]
_CARDS: Final[dict[int, tuple[Content, CardChecks]]] = {}


def card_checks(c: Content) -> CardChecks:
    """Victory card id -> (whether it is a fort card, an ``AgendaCheck`` per agenda), made once
    per content: the agenda checks run on many actions (``claim_completed``)."""
    got = _CARDS.get(id(c))
    if got is None or got[0] is not c:
        table = {
            vc.id: (vc.fort, tuple((ag.id, int(ag.args["n"]) if ag.kind == "forts" else -1, _met_check(ag), ag)
                                   for ag in vc.agendas))
            for vc in c.victory_cards.values()
        }
        got = _CARDS[id(c)] = (c, table)
    return got[1]


def claimed_cards(st: GameState, seat: int) -> int:
    """Victory cards on which ``seat`` holds a control token."""
    return card_counts(st)[seat]


def card_counts(st: GameState) -> list[int]:
    """By seat, the victory cards on which it holds a control token (one pass over the claims)."""
    counts = [0] * st.n
    claims = st.claims
    if claims:
        for card in _plan(st)[0]:
            seats: set[int] = set()
            for aid in card[3]:
                held = claims.get(aid)
                if held:
                    seats.update(held)
            for p in seats:
                counts[p] += 1
    return counts


def push_agenda_checks(st: GameState, seats: list[int] | None = None) -> None:
    """Check agendas: of ``seats`` (default all) for completion, and of everyone for the
    fort agendas that must be held continuously."""
    push(st, {"kind": "agendas", "seats": list(range(st.n)) if seats is None else seats})


OPTIONAL_FACTS: Final = {
    "reinforced": frozenset({"reinforced_tokens"}),
    "dial": frozenset({"tech_dial_space"}),
    "row": frozenset({"level_iv_cards"}),
}
"""Facts only some agenda kinds read -> those kinds: a change to one of them alone
(``GameState.mark_agendas(fact)``) needs no agenda check in a game whose victory cards have
none of them."""


def agenda_facts(st: GameState) -> frozenset[str]:
    """The ``OPTIONAL_FACTS`` the agendas of the victory cards of ``st`` read."""
    cards = content_for(st).victory_cards
    kinds = {ag.kind for vc in st.victory_cards for ag in cards[vc].agendas}
    return frozenset(fact for fact, readers in OPTIONAL_FACTS.items() if readers & kinds)


def claim_completed(st: GameState, actor: int = -1) -> bool:
    """Ruleset ``agenda_timing = "on_completion"`` (unified rules, Winning the Game: "When a
    player completes an agenda, that player places one of his or her control tokens next to that
    agenda's victory card"): called by ``api.apply`` once the engine waits for a decision after
    an action that changed something agendas read (``GameState.mark_agendas``), with the seat
    that took it. When that seat or
    the current player has completed an agenda on a card they have not claimed, or anyone no
    longer holds a claimed fort agenda, it pushes the agenda check (``run_agendas``, which may ask
    for a token to be removed first) and returns True; the caller then runs it. Other seats rarely
    complete an agenda by someone else's action; they are checked fully after the event dial,
    after Globalization and at the end of their own turn. The checks change nothing, so their
    order does not matter: only whether one of them finds something."""
    if st._agenda_facts is None and st.victory_cards:
        st._agenda_facts = agenda_facts(st)
    cur = st.current
    if actor == cur or actor == -1:
        full = [] if cur == -1 else [cur]
    elif cur == -1:
        full = [actor]
    else:
        full = [actor, cur] if actor < cur else [cur, actor]
    clean = st._agenda_clean
    claims = st.claims
    cards, fort_entries, has_forts = _plan(st)
    forts = _fort_counts(st) if has_forts else _NO_FORTS
    # A seat that claimed an agenda of a fort card keeps it only while it is met.
    for aid, need, check, _ag in fort_entries:
        held = claims.get(aid)
        if held:
            for seat in held:
                if not clean >> seat & 1 and (forts.get(seat, 0) < need if need >= 0 else not check(st, seat)):
                    push_agenda_checks(st, full)
                    return True
    for seat in full:
        if clean >> seat & 1:
            continue
        have_forts = forts.get(seat, 0)
        for _vc_id, _fort, _entries, ids, fort_need, checks in cards:
            for aid in ids:
                if seat in claims.get(aid, ()):
                    break  # it holds this card
            else:
                if have_forts >= fort_need:
                    push_agenda_checks(st, full)
                    return True
                for check in checks:
                    if check(st, seat):
                        push_agenda_checks(st, full)
                        return True
    for seat in full:
        clean |= 1 << seat
    st._agenda_clean = clean | FORTS_HELD  # every fort agenda claimed is still met
    return False


_NO_FORTS: Final[dict[int, int]] = {}
_NEVER: Final = 1 << 62
"""The fort need of a card without a fort agenda."""
PlanCard = tuple[str, bool, tuple[AgendaCheck, ...], tuple[str, ...], int, tuple[MetCheck, ...]]
"""A dealt victory card: its id, whether it is a fort card, its ``card_checks`` entries, and
for the question whether a seat meets one of them: their ids, the least need of its fort
agendas (``_NEVER`` without one) and the checks of the others."""
Plan = tuple[tuple[PlanCard, ...], tuple[AgendaCheck, ...], bool]
"""The dealt victory cards in order, the entries of the fort cards, and whether an agenda
counts forts."""
_PLANS: Final[dict[int, tuple[list[str], list[str], Content, Plan]]] = {}
"""id of a ``GameState.victory_cards`` list -> (that list, a copy, the content, its plan): a
hit counts only for that very list, unchanged, and content."""


def _plan(st: GameState) -> Plan:
    """The ``Plan`` of the victory cards of ``st``, made once per game (its states share the
    list) rather than looked up card by card on every agenda check."""
    vcs = st.victory_cards
    c = st._c
    got = _PLANS.get(id(vcs))
    if got is None or got[0] is not vcs or got[2] is not c or got[1] != vcs:
        if len(_PLANS) > 256:
            _PLANS.clear()
        table = card_checks(c)
        cards: list[PlanCard] = []
        for vc_id in vcs:
            fort, entries = table[vc_id]
            fort_need = min((e[1] for e in entries if e[1] >= 0), default=_NEVER)
            cards.append((vc_id, fort, entries, tuple(e[0] for e in entries), fort_need,
                          tuple(e[2] for e in entries if e[1] < 0)))
        plan = (tuple(cards), tuple(e for _v, fort, es, *_rest in cards if fort for e in es),
                any(card[4] != _NEVER for card in cards))
        got = _PLANS[id(vcs)] = (vcs, list(vcs), c, plan)
    return got[3]


FORTS_HELD: Final = 1 << 30
"""A bit of ``GameState._agenda_clean`` above the seat bits: every claimed fort agenda was found
still met since the last ``mark_agendas`` (``claim_completed`` checks them all), so the agenda
check leaves alone the seats it was not asked to check fully (all it would do for them is check
their fort agendas)."""


@auto("agendas")
def run_agendas(st: GameState, f: AgendasFrame) -> None:
    if st._agenda_facts is None and st.victory_cards:
        st._agenda_facts = agenda_facts(st)
    check_seats = f["seats"]
    clean = st._agenda_clean
    if clean & FORTS_HELD:
        for seat in check_seats:
            if not clean >> seat & 1:
                break
        else:
            return  # nothing read has changed for the seats asked, and no fort agenda is lost
    claims = st.claims
    cards, _fort_entries, has_forts = _plan(st)
    forts = _fort_counts(st) if has_forts else _NO_FORTS  # no piece moves here
    n = st.n
    for k in range(n):
        seat = (st.current + k) % n
        clean = st._agenda_clean
        if clean >> seat & 1:
            continue  # checked since the last change to what agendas read: nothing to do
        full = seat in check_seats
        if not full and clean & FORTS_HELD:
            continue  # its fort agendas are met, and nothing else is asked of it
        have_forts = forts.get(seat, 0)
        for vc_id, fort, entries, ids, fort_need, checks in cards:
            if fort:
                # Only this seat's own claims change here, after it has read them on this card.
                mine = lost = False
                for e in entries:
                    if seat in claims.get(e[0], ()):
                        need = e[1]
                        if have_forts < need if need >= 0 else not e[2](st, seat):
                            st.mark_agendas()
                            claims[e[0]] = [p for p in claims[e[0]] if p != seat]
                            log(st, {"kind": "agenda_lost", "seat": seat, "agenda": e[0], "card": vc_id})
                            lost = True
                        else:
                            mine = True
                if (mine and not lost) or not full:
                    continue
            elif not full:
                continue
            else:
                held = False
                for aid in ids:
                    if seat in claims.get(aid, ()):
                        held = True
                        break
                if held:
                    continue  # it holds this card
            # Does it meet one of the card's agendas? Only then find the first it meets.
            if have_forts < fort_need:
                for check in checks:
                    if check(st, seat):
                        break
                else:
                    continue
            for e in entries:
                need = e[1]
                if have_forts >= need if need >= 0 else e[2](st, seat):
                    if unused_control(st, seat) <= 0:
                        # FAQ: with no unused token, remove one from the map first.
                        push(st, {"kind": "agendas", "seats": check_seats})
                        push(st, {"kind": "claim_remove", "seat": seat})
                        return
                    st.mark_agendas()
                    claims[e[0]] = [*claims.get(e[0], []), seat]
                    log(st, {"kind": "agenda", "seat": seat, "agenda": e[0], "card": vc_id})
                    break
        if full:
            st._agenda_clean |= 1 << seat  # nothing left to claim, no fort agenda lost


space_choice("claim_remove", ClaimRemoveFrame,
             "remove", lambda st, f: own_tokens(st, f["seat"]), lambda st, f, s, where: remove_control(st, s),
             skip=None)


def victory_cards_needed(st: GameState) -> int:
    """Victory cards a seat must hold at the end of a round to win: the ruleset's number, or
    its option's (the base game's epic game)."""
    need_fn = rulesets.code_for(st.ruleset).victory_need
    return need_fn(st) if need_fn is not None else content_for(st).ruleset.victory_cards_to_win


def round_winner(st: GameState) -> int | None:
    """The winner at the end of a round, with the rulebook's tie-breaks, or None."""
    need = victory_cards_needed(st)
    counts = card_counts(st)
    cands = [p for p in range(st.n) if counts[p] >= need]
    if not cands:
        return None

    def key(p: int) -> tuple[int, int, int]:
        return (counts[p], len(st.players[p].wonders), len(friendly_spaces(st, p)))

    cands.sort(key=key, reverse=True)
    return cands[0]
