"""Game state: plain data that copies cheaply and round-trips through JSON exactly.

The map's geometry (which tiles lie where) is a shared immutable :class:`Board` rebuilt from
``placements``; everything that changes during play lives in small dicts and lists here.
Space ids index the board's tuples and stay stable as the map grows.

Piece locations of figures: ``LOCKED`` (not yet unlocked by a focus card), ``ON_CARD`` (on
the economy/military card), or a space id.
"""

from __future__ import annotations

import copy as _copy
from typing import Any, Final, TypeVar

from ..content import Content, load_content
from .actions import Action
from .board import Board, Placement, build_board
from .config import GameConfig
from .event import Event as Event  # re-exported: what GameState.events holds
from .frames import Frame as Frame  # re-exported: handlers import it with GameState
from .turn_facts import TurnFacts

LOCKED = -2
ON_CARD = -1

STATE_FORMAT: Final = 3
"""Version of the JSON form of a state (``GameState.to_json``, its ``"format"``): raised when
the form changes (2: frames with readable keys, ``frames.py``; 3: a frame's kind under
``"kind"``, was ``"k"``). ``from_json`` refuses another version; a stored game is then
replayed from its record (config, seed, actions), which never depends on it."""

T = TypeVar("T")


def without(items: tuple[T, ...], x: T) -> tuple[T, ...]:
    """``items`` less its first ``x``, as ``list.remove`` (ValueError when there is none): the
    tuple fields of a state are replaced, never changed in place (copies share them)."""
    i = items.index(x)
    return items[:i] + items[i + 1:]


# The serialised fields, in JSON order. The classes' ``__slots__`` are these tuples (the JSON
# code reads the module tuples, never ``__slots__``: mypyc's native classes have none).
_PLAYER_FIELDS: Final = (
    "leader", "color", "row", "trade", "cs_tokens", "gov", "dial", "resources", "nws",
    "dipl", "own_dipl", "wonders", "armies", "caravans", "flags",
)
_GAME_FIELDS: Final = (
    "config", "ruleset", "rng", "forced_dice", "placements", "core_count", "stack",
    "cities", "capitals", "ctl", "reinforced", "district", "tokens", "barbs", "cs_at",
    "cs_conquered", "cs_cards", "cs_aside_wonders", "wonder_at", "wonder_decks",
    "wonder_tokens", "removed_wonders", "gone_wonders", "victory_cards", "claims", "event_pos",
    "first", "current", "round", "turn", "players", "stack_frames", "winner", "version",
)
# Fields held as tuples: they change rarely, so copies of a state share them and a change
# replaces the tuple (``ps.wonders = (*ps.wonders, w)``). Their JSON form is a list.
_PLAYER_TUPLES: Final = frozenset({"cs_tokens", "nws", "dipl", "own_dipl", "wonders"})
_GAME_TUPLES: Final = frozenset({
    "placements", "stack", "capitals", "cs_aside_wonders", "wonder_tokens", "removed_wonders", "gone_wonders",
})


class PlayerState:
    """Everything that belongs to one seat."""

    __slots__ = _PLAYER_FIELDS

    leader: str
    """Leader id (content ``leaders``)."""
    color: str
    row: list[str]
    """Focus-row card ids by slot position, leftmost "1" slot first."""
    trade: dict[str, int]
    """Trade tokens by focus type (tokens stay with the card of that type)."""
    cs_tokens: tuple[str, ...]
    """City-state tokens held (each sits on the card of the city-state's type)."""
    gov: str
    """Government id, or "" for none; its token sits on the card of the government's type."""
    dial: int
    resources: dict[str, int]
    nws: tuple[str, ...]
    """Natural-wonder tokens held."""
    dipl: tuple[str, ...]
    """Diplomacy cards held from others: ``cs:<city-state>`` or ``p<seat>:<card>``."""
    own_dipl: tuple[str, ...]
    """This seat's own diplomacy cards still in its deck (others may take them)."""
    wonders: tuple[str, ...]
    armies: list[int]
    caravans: list[int]
    flags: dict[str, int]
    """Facts that agendas need and the map no longer shows (capital defeated, best attack)."""

    def copy(self) -> PlayerState:
        p = PlayerState()
        p.leader = self.leader
        p.color = self.color
        p.row = self.row[:]
        p.trade = self.trade.copy()
        p.cs_tokens = self.cs_tokens
        p.gov = self.gov
        p.dial = self.dial
        p.resources = self.resources.copy()
        p.nws = self.nws
        p.dipl = self.dipl
        p.own_dipl = self.own_dipl
        p.wonders = self.wonders
        p.armies = self.armies[:]
        p.caravans = self.caravans[:]
        p.flags = self.flags.copy()
        return p

    def to_json(self) -> dict[str, Any]:
        return {k: list(getattr(self, k)) if k in _PLAYER_TUPLES else getattr(self, k) for k in _PLAYER_FIELDS}

    @staticmethod
    def from_json(d: dict[str, Any]) -> PlayerState:
        p = PlayerState()
        for k in _PLAYER_FIELDS:
            v = d[k]
            if k in _PLAYER_TUPLES:
                v = tuple(v)
            elif isinstance(v, (list, dict)):
                v = type(v)(v)
            setattr(p, k, v)
        return p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


# Fields of GameState whose JSON form has int keys (JSON objects only have string keys).
_INT_KEYED: Final = ("cities", "ctl", "district", "tokens", "wonder_at", "cs_at")
_SETS: Final = ("reinforced",)


# ``GameState._own`` bits: seat ``i``'s player is bit ``i``; then ``ctl`` and ``reinforced``.
_OWN_CTL: Final = 1 << 16
_OWN_REINFORCED: Final = 1 << 17
OWN_ALL: Final = (1 << 18) - 1
"""Every ``_own`` bit: a state built from scratch (``new_game``, ``from_json``) owns all it holds."""


class GameState:
    """The whole game at one moment. Treat as immutable outside the engine."""

    __slots__ = (*_GAME_FIELDS, "events", "board", "_options", "_agenda_dirty", "_agenda_clean", "_agenda_facts", "_agenda_epoch", "_own", "_c")

    config: GameConfig
    """The game's configuration (players, leaders, ruleset, round limit, seed); never changes."""
    ruleset: str
    rng: int
    forced_dice: list[int]
    """Die results to use before the generator (tests and scenarios force dice this way)."""
    placements: tuple[Placement, ...]
    core_count: int
    """The first ``core_count`` placements are the core tiles."""
    stack: tuple[int, ...]
    """Map tile stack, top first (tiles are drawn from the bottom, the end of the list)."""
    cities: dict[int, int]
    """Space -> seat of the city there (capitals included)."""
    capitals: tuple[int, ...]
    """Space of each seat's capital, -1 before it is placed."""
    ctl: dict[int, int]
    """Space -> seat of the control token there (districts included)."""
    reinforced: set[int]
    """Spaces whose control token (or district) shows its reinforced side."""
    district: dict[int, str]
    """Space -> district type, for control tokens that are districts."""
    tokens: dict[int, str]
    """Space -> resource or ``nw:<id>`` natural-wonder token lying on the map."""
    barbs: dict[str, int]
    """Barbarian letter -> space, for barbarians on the map."""
    cs_at: dict[int, str]
    """Space -> city-state whose token is on the map there (not conquered)."""
    cs_conquered: dict[str, int]
    """City-state -> seat holding its token on a focus card."""
    cs_cards: dict[str, int]
    """City-state -> diplomacy cards face up beside the map (0-2); absent when face down."""
    cs_aside_wonders: tuple[str, ...]
    """Wonder cards nobody controls while their token lies on the map: set aside after a
    city-state was liberated, or after a barbarian destroyed the city above the token."""
    wonder_at: dict[int, str]
    """Space -> wonder token under the city (or token) there."""
    wonder_decks: dict[str, list[str]]
    """Wonder type -> deck, top (face-up) card first. Copies of a state share the deck lists:
    a change replaces a deck with a new list, never changes one in place."""
    wonder_tokens: tuple[str, ...]
    """Face-up wonders carrying a trade token from the event dial."""
    removed_wonders: tuple[str, ...]
    """Wonders removed unseen at setup (hidden from every seat)."""
    gone_wonders: tuple[str, ...]
    """Face-up wonders removed by the event dial's wonder icon (public)."""
    victory_cards: list[str]
    claims: dict[str, list[int]]
    """Agenda id -> seats that placed a control token for it. Copies of a state share the
    lists: a claim won or lost replaces the agenda's list, never changes it in place."""
    event_pos: int
    first: int
    current: int
    round: int
    turn: TurnFacts
    """Facts scoped to the current turn (tokens used once per turn, trade destinations...)."""
    players: list[PlayerState]
    stack_frames: list[Frame]
    """Pending steps, top last. Frames are never mutated in place (copies share them)."""
    winner: int
    """Seat of the winner, -1 while the game goes on, -2 when it ended without one."""
    version: int
    """Number of actions applied so far."""
    events: list[Event]
    """Readable outcomes of the last action (not part of equality or the record)."""
    board: Board
    """The map's geometry, derived from ``placements`` (call ``placements_changed`` after
    adding one)."""
    _options: list[Action] | None
    """The pending decision's options once ``legal_actions`` listed them."""
    _agenda_dirty: bool
    """Something an agenda reads may have changed since the engine last checked the agendas
    (``mark_agendas``): ``api.apply`` checks them after the action only while this is True."""
    _agenda_clean: int
    """Seat bits: the seats whose agendas were checked since the last ``mark_agendas`` and had
    nothing to claim and no fort agenda lost (``victory.claim_completed`` and ``run_agendas``
    skip them: nothing an agenda reads has changed since). The checks read hooks only at points
    whose effects come from leaders, wonders and diplomacy cards (``friendly_seats``,
    ``maturity_any_control``), all marked when they change; a turn effect (``turn["fx"]``) at
    such a point would need a mark when it starts and ends."""
    _agenda_facts: frozenset[str] | None
    """Which of the facts only some agendas read (``victory.OPTIONAL_FACTS``: the reinforced
    sides, the tech dials, the cards of the focus rows) the victory cards of this game read, once
    they are dealt; None: not known yet, and every mark counts."""
    _agenda_epoch: object
    """A new object at every effective ``mark_agendas`` (and when the caches are forgotten):
    while a state holds the same object as when something was computed from what agendas read
    (the goal progress of ``research.compact``), nothing it read has changed. Copies share it
    until either is marked."""
    _own: int
    """Copy-on-write: which shared containers this state owns (``OWN_ALL`` bits). ``copy``
    shares the players and the ``ctl``/``reinforced`` containers between both states and
    clears the bits of both; the first change through ``player_mut``/``ctl_mut``/
    ``reinforced_mut`` copies the container and sets its bit."""
    _c: Content

    # ---- copy-on-write: every change to a player, ``ctl`` or ``reinforced`` goes through these
    def player_mut(self, seat: int) -> PlayerState:
        """Seat ``seat``'s player, to change: a player shared with another state (``copy``) is
        copied first. Read through ``players[seat]``; change only what this returns, and take it
        again after a call that may have changed the seat (an older reference may be the shared
        one)."""
        bit = 1 << seat
        if self._own & bit:
            return self.players[seat]
        p = self.players[seat].copy()
        self.players[seat] = p
        self._own |= bit
        return p

    def ctl_mut(self) -> dict[int, int]:
        """``ctl``, to change (copied first while shared with another state)."""
        if not self._own & _OWN_CTL:
            self.ctl = self.ctl.copy()
            self._own |= _OWN_CTL
        return self.ctl

    def reinforced_mut(self) -> set[int]:
        """``reinforced``, to change (copied first while shared with another state)."""
        if not self._own & _OWN_REINFORCED:
            self.reinforced = self.reinforced.copy()
            self._own |= _OWN_REINFORCED
        return self.reinforced

    # ---- caches, not serialised
    @property
    def _legal(self) -> list[Action] | None:
        return self._options

    @_legal.setter
    def _legal(self, options: list[Action] | None) -> None:
        """``st._legal = None`` after editing a state by hand (tests, scenarios) forgets every
        cache: the options, and that the agendas were checked (the next action checks them)."""
        self._options = options
        if options is None:
            self._agenda_dirty = True
            self._agenda_clean = 0
            self._agenda_facts = None
            self._agenda_epoch = object()

    def mark_agendas(self, fact: str = "") -> None:
        """Say that something an agenda reads is about to change: the pieces on the map and
        their owners (control tokens, reinforced sides, districts, cities, conquered
        city-states), the map's size, the claims, or a player's wonders, resources, natural
        wonders, diplomacy cards, tech dial, the cards of its focus row (not their order) or
        attack facts (``flags["capitals"]``, ``flags["best_attack"]``). The engine calls it
        beside each such change, and ``api.apply`` checks the agendas only after an action that
        called it (``tests/engine/test_agenda_marks.py`` plays seeded games and fails on a change
        made without it). ``fact`` names a change to one of the facts only some agendas read
        (``"reinforced"``, ``"dial"``, ``"row"``): the mark is dropped when none of this game's
        victory cards reads it."""
        if fact:
            facts = self._agenda_facts
            if facts is not None and fact not in facts:
                return
        self._agenda_dirty = True
        self._agenda_clean = 0
        self._agenda_epoch = object()

    # ---- derived, not serialised
    def placements_changed(self) -> None:
        try:
            prev: Board | None = self.board
        except AttributeError:  # the state's first board
            prev = None
        self.mark_agendas()  # the map's size is an agenda input
        b = build_board(self.placements, self._c.tiles, prev)
        if not b.diff and b.n:
            d = self._c.ruleset.terrain_difficulty
            b.diff = tuple(d[x] for x in b.terrain)
        self.board = b

    @property
    def n(self) -> int:
        return len(self.players)

    def copy(self) -> GameState:
        s = GameState()
        s.config = self.config
        s.ruleset = self.ruleset
        s.rng = self.rng
        s.forced_dice = self.forced_dice[:]
        s.placements = self.placements
        s.core_count = self.core_count
        s.stack = self.stack
        s.cities = self.cities.copy()
        s.capitals = self.capitals
        s.ctl = self.ctl  # shared until ctl_mut (copy-on-write)
        s.reinforced = self.reinforced  # shared until reinforced_mut
        s.district = self.district.copy()
        s.tokens = self.tokens.copy()
        s.barbs = self.barbs.copy()
        s.cs_at = self.cs_at.copy()
        s.cs_conquered = self.cs_conquered.copy()
        s.cs_cards = self.cs_cards.copy()
        s.cs_aside_wonders = self.cs_aside_wonders
        s.wonder_at = self.wonder_at.copy()
        s.wonder_decks = self.wonder_decks.copy()  # the lists are shared (never changed in place)
        s.wonder_tokens = self.wonder_tokens
        s.removed_wonders = self.removed_wonders
        s.gone_wonders = self.gone_wonders
        s.victory_cards = self.victory_cards
        s.claims = self.claims.copy()  # the lists are shared (never changed in place)
        s.event_pos = self.event_pos
        s.first = self.first
        s.current = self.current
        s.round = self.round
        s.turn = self.turn.copy()
        s.players = self.players[:]  # each player shared until player_mut
        s.stack_frames = self.stack_frames[:]
        s.winner = self.winner
        s.version = self.version
        s.events = []
        s.board = self.board
        s._options = None
        s._agenda_dirty = self._agenda_dirty
        s._agenda_clean = self._agenda_clean
        s._agenda_facts = self._agenda_facts
        s._agenda_epoch = self._agenda_epoch
        s._c = self._c
        s._own = 0
        self._own = 0  # both states now share the containers: either copies before a change
        return s

    # ---- JSON
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": STATE_FORMAT}
        for k in _GAME_FIELDS:
            v = getattr(self, k)
            if k == "players" or k == "placements":
                v = [p.to_json() for p in v]
            elif k in _GAME_TUPLES:
                v = list(v)
            elif k in _INT_KEYED:
                v = {str(a): b for a, b in v.items()}
            elif k in _SETS:
                v = sorted(v)
            out[k] = v
        return out

    @staticmethod
    def from_json(d: dict[str, Any]) -> GameState:
        """The state ``to_json`` gave; ValueError for a state of another format version (an
        older snapshot: replay its game instead)."""
        if d.get("format", 1) != STATE_FORMAT:
            raise ValueError(f"state format {d.get('format', 1)}, this engine reads {STATE_FORMAT}: "
                             "replay the game from its record")
        s = GameState()
        for k in _GAME_FIELDS:
            v = d[k]
            if k == "players":
                v = [PlayerState.from_json(p) for p in v]
            elif k == "placements":
                v = tuple(Placement.from_json(p) for p in v)
            elif k in _GAME_TUPLES:
                v = tuple(v)
            elif k in _INT_KEYED:
                v = {int(a): b for a, b in v.items()}
            elif k in _SETS:
                v = set(v)
            else:
                v = _copy.deepcopy(v)
            setattr(s, k, v)
        s.events = []
        s._legal = None
        s._own = OWN_ALL
        s._c = load_content(s.ruleset)
        s.placements_changed()
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def content_for(state: GameState) -> Content:
    c: Content = state._c
    return c


def difficulty_table(state: GameState) -> tuple[int, ...]:
    """Terrain difficulty of every space under the game's ruleset."""
    return state.board.diff
