"""Random-play conformance suite (in the spirit of OpenSpiel's ``random_sim_test``).

RandomBot plays seeded games with 2-5 players to the end (``max_rounds`` 200), and every
state the game passes through is checked:

* the pending decision has options until the game ends and none afterwards, without
  duplicates, each option's text parsing back to the same action;
* ``apply`` leaves its input unchanged; the state survives a JSON round trip with the same
  options; ``replay`` of the recorded actions passes through the very same states;
* the table obeys the component limits and placement rules (see ``check_invariants``);
* ``player_view`` is JSON data and hides the generator, the tile stack and the wonder decks.

Games of the "full" kind run every check at every step. The others (to reach 300+ games in a
few minutes on one core) run the cheap checks at every step and the expensive ones (JSON
round trip, apply-copy, player view, replay comparison) every ``SAMPLE_EVERY``-th step and at
the end. Tests are parametrized by (players, chunk of seeds) so pytest-xdist can spread them.
"""

from __future__ import annotations

import gc
import hashlib
import json
import random
import statistics
from collections import Counter
from typing import Any

import pytest
from helpers import snapshot

from newdawn.bots import RandomBot
from newdawn.engine import (
    GameState,
    apply,
    apply_in_place,
    decision_seat,
    legal_actions,
    make_record,
    new_game,
    parse_action,
    player_view,
    replay,
)
from newdawn.engine.state import LOCKED, ON_CARD

MAX_ROUNDS = 200
PLAYER_COUNTS = (2, 3, 4, 5)
FULL_GAMES = 2
"""Games per player count with every check at every step (about 1.5 ms a step)."""
SAMPLED_GAMES = 75
"""Further games per player count with the expensive checks sampled (about 0.15 ms a step)."""
CHUNK = 5
"""Seeds per test of the sampled kind."""
SAMPLE_EVERY = 61
"""Step interval of the expensive checks in sampled games (odd, so it drifts over phases)."""
STEP_LIMIT = 200_000
"""A game still running after this many actions is stuck."""
FULL_SEEDS = range(0, FULL_GAMES)
SAMPLED_SEEDS = range(1000, 1000 + SAMPLED_GAMES)

ARMY_BUSY = frozenset({"army_step", "target", "combat", "army_after"})
"""Frames of an army that is still moving or attacking."""
FORBIDDEN_VIEW_KEYS = frozenset({"rng", "stack", "removed_wonders", "forced_dice", "seed"})


def config(players: int) -> dict[str, Any]:
    return {"players": players, "max_rounds": MAX_ROUNDS}


def digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def where(players: int, seed: int, step: int) -> str:
    return f"players={players} seed={seed} step={step}"


# ---------------------------------------------------------------- per-state checks


_TEXT_OK: set[Any] = set()
"""Actions whose text round trip was checked."""


def check_options(st: GameState, opts: list[Any], ctx: str) -> None:
    if st.winner != -1:
        assert opts == [], f"{ctx}: options after the game ended: {opts[:5]}"
        assert decision_seat(st) == -1, ctx
        return
    assert opts, f"{ctx}: no options while the game goes on (frame {st.stack_frames[-1]})"
    distinct = set(opts)
    assert len(distinct) == len(opts), f"{ctx}: duplicate options {sorted(map(str, opts))}"
    # parse_action is a pure function of the text: each distinct action is checked once.
    for a in distinct - _TEXT_OK:
        assert parse_action(str(a)) == a, f"{ctx}: option {a!r} does not survive its text {str(a)!r}"
        _TEXT_OK.add(a)
    assert 0 <= decision_seat(st) < st.n, f"{ctx}: decision seat {decision_seat(st)}"


class BoardFacts:
    """Sets of space ids derived from one board (water, forts, printed city-states)."""

    def __init__(self, st: GameState) -> None:
        b = st.board
        self.board = b  # kept alive so that its id is not reused while cached
        self.water = frozenset(s for s in range(b.n) if b.is_water[s])
        self.forts = frozenset(s for s in range(b.n) if b.is_fort[s])
        self.cs_printed = {s: p.city_state for s, p in enumerate(b.printed) if p is not None and p.city_state}
        self.cs_spaces = frozenset(self.cs_printed)
        self.fallback = self.forts | self.cs_spaces
        """Spaces where a control token stands only in place of a city (FAQ: Attacking)."""
        self.nbrs = b.nbrs


_facts: dict[int, BoardFacts] = {}


def facts(st: GameState) -> BoardFacts:
    f = _facts.get(id(st.board))
    if f is None or f.board is not st.board:
        f = _facts[id(st.board)] = BoardFacts(st)
    return f


def on_map(spaces: Any, n_spaces: int) -> bool:
    return not spaces or (min(spaces) >= 0 and max(spaces) < n_spaces)


class MapMemo:
    """What ``check_invariants`` saw last: the map is checked again only when it changed."""

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.last_kind = ""
        """Kind of the decision the last action answered."""
        self.fallback: dict[int, int] = {}
        self.barb_spaces: dict[int, str] = {}


def map_key(st: GameState) -> tuple[Any, ...]:
    claims = {k: tuple(v) for k, v in st.claims.items()}
    return (st.board, st.cities, st.ctl, st.district, st.reinforced, st.cs_at, st.cs_conquered,
            st.barbs, claims, st.capitals)


def copy_key(key: tuple[Any, ...]) -> tuple[Any, ...]:
    board, *parts = key
    return (board, *(p.copy() if hasattr(p, "copy") else p for p in parts))


CARD_SWAPS = frozenset({"mass_media", "w_eiffel_pick"})
"""Decisions whose effect swaps a rival control token for one's own without an attack (Mass
Media, Eiffel Tower): replacing is not placing (FAQ: Control Tokens)."""


def check_invariants(st: GameState, ctx: str, memo: MapMemo) -> None:
    """Component limits and placement rules (see the module docstring)."""
    key = map_key(st)
    if key != memo.key:  # the board compares by identity, the rest by value
        check_map(st, ctx, memo)
        memo.key = copy_key(key)
    check_players(st, ctx, memo.barb_spaces)


def check_map(st: GameState, ctx: str, memo: MapMemo) -> None:
    rs = st._c.ruleset
    comp = rs.components
    n = st.n
    bf = facts(st)
    b = st.board
    n_spaces = b.n
    cities = st.cities
    ctl = st.ctl
    cs_at = st.cs_at
    city_keys = cities.keys()
    ctl_keys = ctl.keys()

    # Cities: on the map, not on water, alone in their space, never adjacent to each other
    # (except on printed city-state spaces: FAQ, City-States), at most 8 per seat. A capital
    # is never destroyed nor taken (rules: Capital City, Barbarian Movement).
    assert on_map(city_keys, n_spaces), f"{ctx}: city off the map {sorted(cities)}"
    assert not (bf.water & city_keys), f"{ctx}: city on water at {sorted(bf.water & city_keys)}"
    assert not (city_keys & cs_at.keys()), f"{ctx}: city shares a space with a city-state"
    assert not (city_keys & ctl_keys), f"{ctx}: city shares a space with a control token"
    nbrs = bf.nbrs
    cs_spaces = bf.cs_spaces
    for s in city_keys - cs_spaces:
        for t in nbrs[s]:
            if t in cities and t not in cs_spaces:
                raise AssertionError(f"{ctx}: adjacent cities at {b.coords[s]} and {b.coords[t]}")
    per_seat = Counter(cities.values())
    assert set(per_seat) <= set(range(n)), f"{ctx}: cities of seats {sorted(per_seat)}"
    assert max(per_seat.values(), default=0) <= comp["cities"], f"{ctx}: cities per seat {per_seat}"
    for seat, cap_s in enumerate(st.capitals):
        assert cap_s == -1 or cities.get(cap_s) == seat, f"{ctx}: capital of seat {seat} at {cap_s}"

    # Control tokens: on the map, not on water or a city-state, never on a fort or a printed
    # city-state space except in place of a city when none is left (rules: Forts; FAQ:
    # Attacking); at most 34 per seat counting those on agenda cards; districts are control
    # tokens, one of each type at most.
    assert on_map(ctl_keys, n_spaces), f"{ctx}: control token off the map {sorted(ctl)}"
    assert not (bf.water & ctl_keys), f"{ctx}: control token on water at {sorted(bf.water & ctl_keys)}"
    assert not (ctl_keys & cs_at.keys()), f"{ctx}: control token shares a space with a city-state"
    # A control token stands on a fort or a printed city-state space only in place of a city,
    # when a player conquers one with no unused city left (FAQ: Attacking), or after a card
    # swapped such a token (Mass Media, Eiffel Tower: replacing is not placing, FAQ: Control Tokens). It
    # is never a district there (rules: Forts). When such a token changes hands in an
    # attack, the attacker conquers the city-state, and places a city if one is left.
    fallback = {s: ctl[s] for s in bf.fallback & ctl_keys}
    swapped_by_card = memo.last_kind in CARD_SWAPS
    for s, o in fallback.items():
        if s in bf.forts:
            assert s not in st.district, f"{ctx}: district on the fort at {b.coords[s]} (rules: Forts)"
        if memo.fallback.get(s) != o and not swapped_by_card:
            left = comp["cities"] - per_seat[o]
            what = "fort" if s in bf.forts else "city-state space"
            assert left == 0, (
                f"{ctx}: seat {o} has a control token on the {what} at {b.coords[s]} "
                f"with {left} unused cities (rules: Forts; FAQ: Attacking)")
            cs = bf.cs_printed.get(s)
            if cs is not None:
                assert st.cs_conquered.get(cs) == o, (
                    f"{ctx}: seat {o} took the space of {cs} at {b.coords[s]} but its token is with "
                    f"{st.cs_conquered.get(cs)} (FAQ: Attacking)")
    memo.fallback = fallback
    used = Counter(ctl.values())
    assert set(used) <= set(range(n)), f"{ctx}: control tokens of seats {sorted(used)}"
    for s in st.district:
        used[ctl[s]] -= 1
    for agenda, seats in st.claims.items():
        assert len(set(seats)) == len(seats), f"{ctx}: agenda {agenda} claimed twice by one seat: {seats}"
        for p in seats:
            used[p] += 1
    assert max(used.values(), default=0) <= comp["control_tokens"], (
        f"{ctx}: control tokens in use per seat (map and agendas) {used}")
    assert st.reinforced <= ctl_keys, f"{ctx}: reinforced marks without tokens {st.reinforced - ctl_keys}"
    assert st.district.keys() <= ctl_keys, f"{ctx}: districts without tokens"
    if st.district:
        by_seat: dict[int, list[str]] = {}
        for s, d in st.district.items():
            by_seat.setdefault(ctl[s], []).append(d)
        for seat, ds in by_seat.items():
            assert len(set(ds)) == len(ds) and set(ds) <= set(rs.districts), f"{ctx}: seat {seat} districts {ds}"

    # City-state spaces (once setup has populated the map): the city-state's token, or a city
    # of the seat holding the conquered city-state's token, or a control token (see above).
    if -1 not in st.capitals:  # setup_finish runs as soon as the last capital is placed
        for s, cs in bf.cs_printed.items():
            holder = cities.get(s)
            if holder is not None:
                assert st.cs_conquered.get(cs) == holder, (
                    f"{ctx}: seat {holder}'s city stands on {cs} at {b.coords[s]} but its token is "
                    f"with {st.cs_conquered.get(cs)}")
            elif s not in ctl:
                # Empty only when its conqueror had neither a city nor a control token left.
                assert cs_at.get(s) == cs or cs in st.cs_conquered, f"{ctx}: {cs} at {b.coords[s]} is lost"
    for cs, seat in st.cs_conquered.items():
        assert cs in st.players[seat].cs_tokens, f"{ctx}: {cs} conquered by {seat} but not on its card"
    assert not (st.cs_conquered.keys() & set(cs_at.values())), f"{ctx}: a city-state both conquered and on the map"

    # Barbarians: on land, one per space, never with a city or a control token.
    barb_spaces = {s: letter for letter, s in st.barbs.items()}
    assert len(barb_spaces) == len(st.barbs), f"{ctx}: two barbarians share a space: {st.barbs}"
    bs = barb_spaces.keys()
    assert on_map(bs, n_spaces), f"{ctx}: barbarian off the map {st.barbs}"
    assert not (bf.water & bs), f"{ctx}: barbarian on water: {st.barbs}"
    assert not (bs & city_keys) and not (bs & ctl_keys), (
        f"{ctx}: barbarian shares a space with a city or control token: {st.barbs}")
    memo.barb_spaces = barb_spaces


def check_players(st: GameState, ctx: str, barb_spaces: dict[int, str]) -> None:
    """Figures (valid places; no figure with a barbarian unless an army is passing through or
    attacking it), trade tokens (0-3 per card), resources and city-state tokens."""
    rs = st._c.ruleset
    comp = rs.components
    n_spaces = st.board.n
    cap = rs.trade_cap
    n_armies = comp["armies"]
    n_caravans = comp["caravans"]
    for seat, ps in enumerate(st.players):
        figs = ps.armies + ps.caravans
        assert len(ps.armies) == n_armies and len(ps.caravans) == n_caravans, (
            f"{ctx}: seat {seat} figures {ps.armies} {ps.caravans}")
        assert min(figs) >= LOCKED and max(figs) < n_spaces, f"{ctx}: seat {seat} figures at {figs}"
        if barb_spaces and not barb_spaces.keys().isdisjoint(figs):
            moving = {(f["seat"], f["figure"]) for f in st.stack_frames if f["kind"] in ARMY_BUSY}
            for kind, where_ in (("army", ps.armies), ("caravan", ps.caravans)):
                for i, at in enumerate(where_):
                    assert at not in barb_spaces or (kind == "army" and (seat, i) in moving), (
                        f"{ctx}: seat {seat}'s {kind} shares {st.board.coords[at]} with barbarian "
                        f"{barb_spaces[at]}")
        if ps.trade:
            assert min(ps.trade.values()) >= 0 and max(ps.trade.values()) <= cap, f"{ctx}: seat {seat} trade {ps.trade}"
            assert ps.trade.keys() <= set(rs.focus_types), f"{ctx}: seat {seat} trade {ps.trade}"
        if ps.resources:
            assert min(ps.resources.values()) >= 0, f"{ctx}: seat {seat} resources {ps.resources}"
        assert len(set(ps.cs_tokens)) == len(ps.cs_tokens), f"{ctx}: seat {seat} cs tokens {ps.cs_tokens}"


def check_view(st: GameState, seat: int, ctx: str) -> None:
    view = player_view(st, seat)
    text = json.dumps(view)  # raises for anything that is not JSON data
    # In JSON text a key is a string followed by a colon; no string value is.
    leaked = [k for k in FORBIDDEN_VIEW_KEYS if f'"{k}": ' in text]
    assert not leaked, f"{ctx}: player_view({seat}) shows {sorted(leaked)}"
    decks = view["wonder_decks"]
    assert set(decks) == set(st.wonder_decks), ctx
    for wtype, deck in st.wonder_decks.items():
        assert decks[wtype] == {"top": deck[0] if deck else None, "size": len(deck)}, (
            f"{ctx}: player_view({seat}) wonder deck {wtype}: {decks[wtype]}")
    hidden = set(st.removed_wonders)
    for deck in st.wonder_decks.values():
        hidden.update(deck[1:])
    for w in hidden:
        assert f'"{w}"' not in text, f"{ctx}: player_view({seat}) names the hidden wonder {w}"


def check_round_trip(st: GameState, data: dict[str, Any], text: str, opts: list[Any], ctx: str) -> None:
    """``data`` is ``st.to_json()`` and ``text`` its canonical JSON: the state read back from
    the text equals ``st`` (``GameState.__eq__`` compares ``to_json``) and has its options."""
    back = GameState.from_json(json.loads(text))
    assert back.to_json() == data, f"{ctx}: JSON round trip changes the state"
    assert legal_actions(back) == opts, f"{ctx}: JSON round trip changes the options"


# ---------------------------------------------------------------- playing

RESULTS: dict[tuple[int, int], tuple[int, int]] = {}
"""(players, seed) -> (winner, rounds played) of the games this process has checked."""


def play(players: int, seed: int, *, full: bool) -> dict[str, Any]:
    """Play one game with every check (``full``) or with the expensive ones sampled.
    Returns a summary: winner, rounds played, actions."""
    # ``replay`` returns thousands of live states at once: the cyclic garbage collector would
    # rescan them over and over (three times the replay's own cost). States hold no cycles.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _play(players, seed, full=full)
    finally:
        if was_enabled:
            gc.enable()


def _play(players: int, seed: int, *, full: bool) -> dict[str, Any]:
    _facts.clear()
    st = new_game(config(players), seed)
    bot = RandomBot(random.Random(seed))
    actions: list[Any] = []
    seen: dict[int, bytes] = {}  # step -> digest of the canonical JSON
    memo = MapMemo()
    check_invariants(st, where(players, seed, 0), memo)
    step = 0
    while True:
        ctx = where(players, seed, step)
        opts = legal_actions(st)
        check_options(st, opts, ctx)
        expensive = full or step % SAMPLE_EVERY == 0 or st.winner != -1
        if expensive:
            data = st.to_json()
            text = json.dumps(data, sort_keys=True)
            seen[step] = digest(text)
            check_round_trip(st, data, text, opts, ctx)
            # The seat to move and one more (all seats and the spectator in turn).
            for seat in {decision_seat(st), step % (players + 1) - 1}:
                check_view(st, seat, ctx)
        if st.winner != -1:
            break
        assert step < STEP_LIMIT, f"{ctx}: game still running after {STEP_LIMIT} actions"
        a = bot.choose(None, opts)
        actions.append(a)
        kind = st.stack_frames[-1]["kind"]
        if expensive:
            nxt = apply(st, a)
            assert st.to_json() == data, f"{ctx}: apply({a}) changed its input state"
            st = nxt
        else:
            apply_in_place(st, a)
        memo.last_kind = kind
        step += 1
        check_invariants(st, where(players, seed, step), memo)

    ctx = where(players, seed, step)
    assert st.winner == -2 or 0 <= st.winner < players, f"{ctx}: winner {st.winner}"
    # ``round`` counts the round that would start next when the game ends at a round's end.
    assert st.round <= MAX_ROUNDS + 1, f"{ctx}: round {st.round}"
    if st.winner == -2:
        assert st.round == MAX_ROUNDS + 1, f"{ctx}: ended without a winner in round {st.round}"

    record = json.loads(json.dumps(make_record(config(players), seed, actions)))
    states = replay(record)
    assert len(states) == len(actions) + 1, ctx
    for i, h in seen.items():
        assert digest(snapshot(states[i])) == h, f"{where(players, seed, i)}: replay differs from play"
    RESULTS[players, seed] = (st.winner, st.round - 1)
    return {"winner": st.winner, "rounds": st.round - 1, "steps": step}


def _chunks(seeds: range, size: int) -> list[tuple[int, ...]]:
    return [tuple(seeds[i:i + size]) for i in range(0, len(seeds), size)]


FULL_CASES = [pytest.param(p, s, id=f"p{p}-s{s}") for p in PLAYER_COUNTS for s in FULL_SEEDS]
SAMPLED_CASES = [
    pytest.param(p, chunk, id=f"p{p}-s{chunk[0]}-{chunk[-1]}")
    for p in PLAYER_COUNTS for chunk in _chunks(SAMPLED_SEEDS, CHUNK)
]


@pytest.mark.parametrize(("players", "seed"), FULL_CASES)
def test_full_checks(players: int, seed: int) -> None:
    play(players, seed, full=True)


@pytest.mark.parametrize(("players", "seeds"), SAMPLED_CASES)
def test_sampled_checks(players: int, seeds: tuple[int, ...]) -> None:
    failures = []
    for seed in seeds:
        try:
            play(players, seed, full=False)
        except AssertionError as e:
            failures.append(str(e).splitlines()[0])
    assert not failures, "\n".join(failures)


def test_figure_places_are_the_documented_ones() -> None:
    """check_players accepts any value from LOCKED up: that is LOCKED, ON_CARD or a space."""
    assert (LOCKED, ON_CARD) == (-2, -1)


def test_game_count() -> None:
    """The suite plays at least 300 games, over every player count."""
    assert len(PLAYER_COUNTS) * (len(FULL_SEEDS) + len(SAMPLED_SEEDS)) >= 300


# ---------------------------------------------------------------- every printed effect in play


FORCED_GAMES = 6
"""Random games (5 players, random leaders) into which every wonder, city-state card and
player diplomacy card is put, spread over the games (random play alone builds a wonder in
about one game of two)."""
FORCED_SEEDS = range(7000, 7000 + FORCED_GAMES)
FORCED_PLAYERS = 5


def _force_wonder(st: GameState, seat: int, w: str) -> None:
    """``seat`` builds ``w`` as the industry card would after paying: the card leaves its deck
    (or the pile of wonders removed unseen or gone), then the seat chooses the city that holds
    it, which fires the "when built" effects (``industry.wonder_city_act``)."""
    for kind, deck in st.wonder_decks.items():
        if w in deck:  # decks are shared between copies until changed: a new list
            st.wonder_decks[kind] = [x for x in deck if x != w]
    st.removed_wonders = tuple(x for x in st.removed_wonders if x != w)
    st.gone_wonders = tuple(x for x in st.gone_wonders if x != w)
    st.wonder_tokens = tuple(x for x in st.wonder_tokens if x != w)
    st.players[seat].wonders += (w,)
    st.stack_frames.append({"kind": "wonder_city", "seat": seat, "wonder": w})
    st._legal = None


def _force_diplomacy(st: GameState, seat: int, player_card: str) -> None:
    """``seat`` takes ``player_card`` from the next seat (``economy.take_player_card``) and the
    diplomacy card of each city-state on the map that it lacks and that still has one left
    (as ``economy.arrive`` does)."""
    from newdawn.engine.economy import take_player_card

    giver = (seat + 1) % st.n
    if player_card in st.players[giver].own_dipl:
        take_player_card(st, seat, giver, player_card)
    ps = st.players[seat]
    for cs in sorted(set(st.cs_at.values())):
        if st.cs_cards.get(cs, 0) > 0 and "cs:" + cs not in ps.dipl:
            st.cs_cards[cs] -= 1
            ps.dipl += ("cs:" + cs,)
    st._legal = None


def play_forced(seed: int, wonders: list[str], player_cards: list[str]) -> tuple[set[str], set[str], set[str]]:
    """A random game in which ``wonders`` are built, one at a time, by the seat to move when it
    has a city free of wonders, and each seat takes diplomacy cards at its first turn; every
    state gets the cheap checks, every ``SAMPLE_EVERY``-th the expensive ones (no replay: the
    state was edited). Returns the wonders, city-states and player cards held at some point."""
    players = FORCED_PLAYERS
    from newdawn.engine.industry import free_wonder_cities

    # FORCED_SEEDS were picked so that these games, dealt by SplitMix64, put every city-state
    # card in someone's hands; the coverage is what this test is about, so it keeps that
    # generator (under the keyed one, Buenos Aires is never held in these games).
    st = new_game({**config(players), "generator": "splitmix64"}, seed)
    bot = RandomBot(random.Random(seed))
    todo = list(wonders)
    dealt: set[int] = set()
    held_w: set[str] = set()
    held_cs: set[str] = set()
    held_p: set[str] = set()
    memo = MapMemo()
    step = 0
    while True:
        ctx = f"forced {where(players, seed, step)}"
        top = st.stack_frames[-1]["kind"] if st.stack_frames else ""
        if st.winner == -1 and top == "focus":
            seat = st.current
            if seat not in dealt:
                dealt.add(seat)
                _force_diplomacy(st, seat, player_cards[seat % len(player_cards)])
            if todo and free_wonder_cities(st, seat):
                _force_wonder(st, seat, todo.pop(0))
            # A city-state that comes onto the map later (exploration) and was never held yet:
            # its card goes to the seat now, as a caravan there would bring it.
            for cs in sorted(set(st.cs_at.values()) - held_cs):
                if st.cs_cards.get(cs, 0) > 0 and "cs:" + cs not in st.players[seat].dipl:
                    st.cs_cards[cs] -= 1
                    st.players[seat].dipl += ("cs:" + cs,)
                    st._legal = None
        opts = legal_actions(st)
        check_options(st, opts, ctx)
        if step % SAMPLE_EVERY == 0 or st.winner != -1:
            data = st.to_json()
            check_round_trip(st, data, json.dumps(data, sort_keys=True), opts, ctx)
            for seat in {decision_seat(st), step % (players + 1) - 1}:
                check_view(st, seat, ctx)
        if st.winner != -1:
            break
        assert step < STEP_LIMIT, f"{ctx}: game still running after {STEP_LIMIT} actions"
        kind = st.stack_frames[-1]["kind"]
        apply_in_place(st, bot.choose(None, opts))
        memo.last_kind = kind
        step += 1
        check_invariants(st, ctx, memo)
        for ps in st.players:
            held_w.update(ps.wonders)
            for d in ps.dipl:
                kind, _, cid = d.partition(":")
                (held_cs if kind == "cs" else held_p).add(cid)
    assert not todo, f"forced seed {seed}: wonders never built {todo}"
    return held_w, held_cs, held_p


def test_every_wonder_city_state_and_diplomacy_card_in_play() -> None:
    """Acceptance of the printed-effects issue: random games with random leaders and every
    wonder, city-state diplomacy card and player diplomacy card in play still pass the
    checks; across these games each of them was built or held at least once."""
    from newdawn.content import load_content

    c = load_content("ti")
    wonders = list(c.wonder_ids("ti"))
    random.Random(0).shuffle(wonders)
    # Oxford University first: built early, its rows with two cards of a type get a long game.
    wonders.remove("oxford_university")
    wonders.insert(0, "oxford_university")
    per = -(-len(wonders) // FORCED_GAMES)
    cards = sorted(c.player_diplomacy)
    seen_w: set[str] = set()
    seen_cs: set[str] = set()
    seen_p: set[str] = set()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for k, seed in enumerate(FORCED_SEEDS):
            w, cs, p = play_forced(seed, wonders[k * per:(k + 1) * per], cards[k:] + cards[:k])
            seen_w |= w
            seen_cs |= cs
            seen_p |= p
    finally:
        if was_enabled:
            gc.enable()
    assert set(wonders) <= seen_w, f"wonders never built: {sorted(set(wonders) - seen_w)}"
    assert set(c.city_states) <= seen_cs, f"city-state cards never held: {sorted(set(c.city_states) - seen_cs)}"
    assert set(c.player_diplomacy) <= seen_p, f"player cards never held: {sorted(set(c.player_diplomacy) - seen_p)}"


# ---------------------------------------------------------------- how games end


MIN_WINNER_SHARE = 0.4
"""Least share of random games per player count that must end with a winner."""

STUCK = -3
"""Pseudo-winner of a game whose pending decision has no options (an engine bug that the
conformance tests report)."""


def quick_game(players: int, seed: int) -> tuple[int, int]:
    """The same game as ``play`` plays (same seed, same bot), without checks: the winner
    (or ``STUCK``) and the number of rounds played."""
    st = new_game(config(players), seed)
    bot = RandomBot(random.Random(seed))
    while st.winner == -1:
        opts = legal_actions(st)
        if not opts:
            return STUCK, st.round
        apply_in_place(st, bot.choose(None, opts))
    return st.winner, st.round - 1


# Last in the file, so that (without xdist) every game is already in RESULTS.
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_report_winner_share_and_rounds(players: int) -> None:
    """Share of the suite's games that end with a winner (not the round limit), and the
    median length in rounds; printed (see ``pytest -s``). Over all player counts most random
    games end with a winner (about 2 in 3); two random players are the slowest to get
    there (about half of their games within 200 rounds), so each count must reach
    ``MIN_WINNER_SHARE``."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        # Games the checks above already played in this process are not played again.
        results = [RESULTS.get((players, s)) or quick_game(players, s) for s in (*FULL_SEEDS, *SAMPLED_SEEDS)]
    finally:
        if was_enabled:
            gc.enable()
    won = [r for w, r in results if w >= 0]
    stuck = sum(1 for w, _ in results if w == STUCK)
    share = len(won) / len(results)
    median_all = statistics.median(r for _, r in results)
    median_won = statistics.median(won) if won else float("nan")
    print(f"\n{players} players: {len(won)}/{len(results)} games won ({share:.0%}), "
          f"{stuck} stuck; median rounds {median_all} (games with a winner: {median_won})")
    assert share >= MIN_WINNER_SHARE, f"{players} players: only {share:.0%} of random games reach a winner"
