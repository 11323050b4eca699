"""The ``view`` part of the table message as Pydantic models: what ``engine.player_view`` sends.

``player_view`` is the game state's own JSON (``GameState.to_json``, format ``STATE_FORMAT``)
less what no seat may see (``engine.view.HIDDEN_FIELDS``: the generator, forced dice, the tile
stack, the wonder decks below their top cards, the wonders removed unseen), plus a few facts
made for the viewer (``stack_size``, ``wonder_decks``, ``removed_wonder_count``, ``decision``,
``viewer``). Every key of it is declared here with what it means, so the JSON Schema of the
message (``schema.message_json_schema``) documents the fields the browser table reads;
``tests/server/test_view_schema_fresh.py`` fails when the table reads a field not declared here.

Maps keyed by space have string keys (JSON objects only have string keys): ``"12"`` is space 12
of the ``board`` part of the message. Seats are numbered from 0.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class ViewPlayer(_Model):
    """One seat's board: its focus row, tokens, dial, resources and pieces (``PlayerState``)."""

    leader: str
    """Leader id (``/api/content`` ``leaders``)."""
    color: str
    """The seat's colour name (one of the ruleset's ``colors``)."""
    row: list[str]
    """Focus-row card ids by slot position, leftmost (slot 1) first."""
    trade: dict[str, int]
    """Trade tokens by focus type (tokens stay with the card of that type)."""
    cs_tokens: list[str]
    """City-state tokens held (each sits on the card of the city-state's type)."""
    gov: str
    """Government id, or "" for none."""
    dial: int
    """The tech dial's position."""
    resources: dict[str, int]
    """Resource tokens held, by resource."""
    nws: list[str]
    """Natural-wonder tokens held (natural wonder ids)."""
    dipl: list[str]
    """Diplomacy cards held from others: ``cs:<city-state>`` or ``p<seat>:<card>``."""
    own_dipl: list[str]
    """This seat's own diplomacy cards still in its deck (others may take them)."""
    wonders: list[str]
    """Wonder ids built by this seat."""
    armies: list[int]
    """Each army's place by figure index: a space id, -1 on its card (ready), -2 locked."""
    caravans: list[int]
    """Each caravan's place, as ``armies``."""
    flags: dict[str, int]
    """Facts agendas need that the map no longer shows (capital defeated, best attack)."""


class ViewConfig(_Model):
    """The game's configuration (``engine.config.GameConfig``, the same keys and types; a test
    holds them together) without the seed."""

    players: int
    """Number of seats."""
    ruleset: str
    """Ruleset id (``/api/rulesets``)."""
    leaders: list[str] | None
    """Leader ids chosen at creation, by seat; None when they were dealt at random."""
    colors: list[str] | None
    """Colours chosen at creation, by seat; None for the ruleset's order."""
    max_rounds: int | None
    """The round limit; None for none."""
    generator: str
    """The random generator's name (``engine.rng.GENERATORS``)."""
    map: str | None = None
    """Base game option: "first_game" or "advanced" map building."""
    epic: bool | None = None
    """Base game option: the epic game (four victory cards to win)."""
    automa: bool | None = None
    """Base game option: the last seat is the Automated Player."""
    box: dict[str, int] | None = None
    """A rules scenario's own box of shared components (never in a real game)."""


class WonderDeck(_Model):
    """One wonder type's deck as a seat sees it."""

    top: str | None
    """The face-up wonder on top (None when the deck is empty)."""
    size: int
    """Cards in the deck, the top one included."""


class ViewDecision(_Model):
    """The pending decision as the engine states it (the message's own ``decision`` part says
    it in words, with option records: the table reads that one)."""

    seat: int
    """The seat that decides (-1 when the game is over)."""
    kind: str
    """The engine's decision kind."""
    options: list[str]
    """The legal actions' texts when the decision is this viewer's, else empty."""


class PlayerView(_Model):
    """The game as one seat sees it (``engine.player_view``)."""

    format: int
    """The state's JSON format (``engine.state.STATE_FORMAT``)."""
    config: ViewConfig
    ruleset: str
    """Ruleset id."""
    placements: list[tuple[str, int, str, int, int, int]]
    """The map as placed: ``[kind, tile, side, rotation, q, r]`` per placement ("tile", "fort",
    "water", "terrain"); the message's ``board`` is the geometry made from them."""
    core_count: int
    """The first ``core_count`` placements are the core tiles."""
    cities: dict[str, int]
    """Space -> seat of the city there (capitals included)."""
    capitals: list[int]
    """Space of each seat's capital by seat, -1 before it is placed."""
    ctl: dict[str, int]
    """Space -> seat of the control token there (districts included)."""
    reinforced: list[int]
    """Spaces whose control token (or district) shows its reinforced side, sorted."""
    district: dict[str, str]
    """Space -> district type, for control tokens that are districts."""
    tokens: dict[str, str]
    """Space -> resource, or ``nw:<id>`` natural-wonder token, lying on the map there."""
    barbs: dict[str, int]
    """Barbarian letter -> space, for barbarians on the map."""
    cs_at: dict[str, str]
    """Space -> city-state whose token is on the map there (not conquered)."""
    cs_conquered: dict[str, int]
    """City-state -> seat holding its token on a focus card."""
    cs_cards: dict[str, int]
    """City-state -> its diplomacy cards face up beside the map (0-2); absent when face down."""
    cs_aside_wonders: list[str]
    """Wonder cards nobody controls while their token lies on the map."""
    wonder_at: dict[str, str]
    """Space -> wonder token under the city (or token) there."""
    wonder_tokens: list[str]
    """Face-up wonders carrying a trade token from the event dial."""
    gone_wonders: list[str]
    """Face-up wonders removed by the event dial's wonder icon."""
    victory_cards: list[str]
    """The victory cards of this game."""
    claims: dict[str, list[int]]
    """Agenda id -> seats that placed a control token for it."""
    event_pos: int
    """The event dial's position."""
    first: int
    """The round's first seat."""
    current: int
    """The seat whose turn it is."""
    round: int
    """The round (1 after the setup)."""
    turn: dict[str, Any]
    """Facts of the current turn (``engine.turn_facts.TurnFacts``, checked by mypy in the
    engine); for tools: the table reads the message's words instead."""
    players: list[ViewPlayer]
    """Every seat's board, by seat."""
    stack_frames: list[dict[str, Any]]
    """The engine's pending steps, top last (``engine.frames``, typed there); for tools and
    debugging: the table reads the message's ``decision``."""
    winner: int
    """Seat of the winner, -1 while the game goes on, -2 when it ended without one."""
    version: int
    """Number of actions applied so far."""
    stack_size: int
    """Map tiles left in the stack (their order is hidden)."""
    wonder_decks: dict[str, WonderDeck]
    """Wonder type -> its deck as seen: the top card and the size."""
    removed_wonder_count: int
    """Wonders removed unseen at setup."""
    decision: ViewDecision
    viewer: int
    """The seat this view is for, -1 for a spectator."""
