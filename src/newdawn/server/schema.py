"""The ``view`` message as Pydantic models: the typed contract between the server and the table.

Every field the browser table reads is declared here; ``views.view_message`` builds a plain
dict and the tests validate every message of real games against :class:`ViewMessage`
(``ViewMessage.model_validate(msg)``). Words (labels, hints, sentences) come from
``newdawn.describe``; numbers come from engine functions. Spaces are board space ids (the
``id`` of ``board.spaces``); seats are numbered from 0 in data and from 1 in words.

The option record (``Option``, with ``OptionKind``) is declared in ``newdawn.describe.contract``,
where the records are built, and used here as it is.

``docs/server-api.md`` describes the message; ``docs/examples/view-message.json`` is one from a
real game (``tools/view_example.py`` writes it).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..describe.contract import Option, OptionKind
from .view_state import PlayerView

SCHEMA_VERSION = 1


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, use_attribute_docstrings=True)


# ---------------------------------------------------------------- decision

class Reach(_Model):
    """A space a moving piece can reach this turn, and the engine's steps to get there."""

    dst: int
    steps: list[str]
    """Action texts to send in order (each one a legal option when its turn comes)."""
    warning: str | None = None
    """Set on a destination whose last step starts a fight ("starts a fight")."""
    hint: str | None = None
    label: str
    """The destination's words ("Army 2 goes here (3 spaces)"), for its menu entry."""


class SpaceReason(_Model):
    """The engine's reason why the spaces listed are not a choice of the pending decision."""

    reason: str
    spaces: list[int]


class MapHint(_Model):
    """How to answer a decision on the map, under its question (``describe.options.map_hint``)."""

    text: str
    """"Click one of the 3 highlighted spaces on the map (or Tab to them and press Enter).", or
    for a move that picks its piece first "Click a highlighted piece, then where it goes."."""
    selected: str | None = None
    """Once the piece is picked (a move that picks its piece first): what to click next."""
    listed: str = ""
    """The heading of the same options as a list of buttons: "all 6 map options as a list"."""


class DeciderWords(_Model):
    """The heading of the pending decision, in each way the table shows it
    (``describe.questions.decider_words``): the table picks one and makes no word."""

    waiting: str
    """To the others: "Waiting for Seat 2 (Gandhi) (bot)"."""
    yours: str
    """To the seat that decides: "Your decision"."""
    yours_named: str
    """The same in a hot-seat game, where several seats share the screen: "Seat 2 (Gandhi), your decision"."""
    card: str
    """A focus card played as it is (no trade token to spend on it): "Your card"."""
    card_named: str
    pass_: str = Field(alias="pass")
    """The hot-seat table's line when the screen goes to this seat: "Seat 2 (Gandhi) decides now: pass the screen."."""


class Decision(_Model):
    seat: int
    """The seat that decides (-1 when the game is over)."""
    kind: str
    """The engine's decision kind (frame kind), for styling only."""
    text: str
    """The question in plain words."""
    spaces: list[int] = []
    """The space ids the question talks about (the fight's space, the moving army's, "that
    mountain"), highlighted while the question is pointed at; the words never carry them."""
    help: str | None = None
    """Why the decision matters, for a decision a newcomer meets without context (the setup)."""
    options: list[str]
    """The action texts of the options (as in ``view.decision.options``), only for a viewer who
    may take this decision (else empty). Kept for simple clients; the table reads ``choices``."""
    choices: list[Option]
    """The same options as records, in the same order."""
    no_target_reason: str | None = None
    """Why no space of the map can be chosen now (None when some option names a space)."""
    map_hint: MapHint | None = None
    """How to answer on the map, for a viewer who may take this decision and some option of
    which stands on the map (else None)."""
    why_not: list[SpaceReason] = []
    """On a decision that chooses spaces: for the other spaces, the engine's reason why each is
    not a choice (``why_not`` of the action a click there would make, in describe's words),
    grouped by reason.
    Spaces missing here get ``no_target_reason`` or a general word."""
    reach: list[Reach] | None = None
    """On an army or caravan step decision, or the choice of which army or caravan moves: every
    space a piece can still reach this turn by legal steps (shortest), for one-gesture moves; None
    on other decisions."""
    who: DeciderWords | None = None
    """The decision's heading in words (None once the game is over)."""
    auto_action: str | None = None
    """An action the table may send at once because the decision asks nothing (a focus card
    with no trade tokens to spend: only "resolve" and "back"); None otherwise."""


# ---------------------------------------------------------------- log

MoveKind = Literal["army", "caravan", "barbarian", "control_token"]
"""The kinds of piece a log entry moves (words: ``describe.log.piece_words``)."""


class Move(_Model):
    kind: MoveKind
    figure: int | None = None
    """The army's or caravan's number, from 1 (None for other pieces)."""
    letter: str | None = None
    """The barbarian's letter (None for other pieces)."""
    seat: int | None
    """Owner (None for barbarians)."""
    from_: int | None = Field(default=None, alias="from")
    to: int | None


LogKind = Literal[
    "action",     # what a player chose
    "event",      # something that followed from it
    "combat",     # an attack and its result
    "barbarian",  # barbarians moving, returning, destroying
    "dial",       # the event dial turning
    "claim",      # an agenda completed or lost
    "setup",      # setting up the game
    "end",        # the game ends
]


class LogEntry(_Model):
    i: int
    """Action number (0 = setup)."""
    round: int
    seat: int | None
    kind: LogKind
    text: str
    """A plain sentence with the table's names (Seat 2, Army 1, card and wonder names)."""
    spaces: list[int] = Field(default_factory=list)
    moves: list[Move] = Field(default_factory=list)
    dice: list[int] | None = None
    numbers: dict[str, int] | None = None
    card: str | None = None
    """The focus card resolved (entries that resolve one)."""
    slot: int | None = None
    choice: OptionKind | None = None
    """For ``action`` entries: the kind of option chosen (``skip`` entries can be dimmed)."""
    terms: list[str] = Field(default_factory=list)
    """Glossary ids (``/api/content`` ``glossary``) of the pieces the entry names: the card
    resolved or taken, a wonder, district, government, city-state, natural wonder or agenda;
    the table offers each to be read in full (issue 39 §2)."""


class LogGroup(_Model):
    """One action of the game's log and what followed from it."""

    n: int
    """Action number: 0 is the setup, 1 the first action."""
    seat: int
    action: str
    """The engine's action text (replay and debugging only; show ``entries``)."""
    events: list[dict[str, Any]]
    """The engine's events as facts (``engine/event.py``; for tools and debugging: show ``entries``)."""
    entries: list[LogEntry] = Field(default_factory=list)
    part: int = 0
    """0, or 1, 2... for a turn of the Automated Player inside action ``n`` (its own group, under
    its seat: the engine plays it within a person's action)."""


# ---------------------------------------------------------------- goal and turn

class Progress(_Model):
    seat: int
    have: int
    need: int
    text: str
    """"2 of 3 mature cities", "dial 14 / 24"."""
    title: str = ""
    """The seat's name with it: "Seat 2 (Gandhi): 2 of 3 mature cities"."""
    short: str = ""
    """The numbers alone, where another seat's progress is shown small: "2/3"."""


class AgendaInfo(_Model):
    id: str
    name: str
    text: str
    claimed_by: list[int]
    claimed_titles: list[str] = []
    """For each seat of ``claimed_by``, in order: "claimed by Seat 1 (Gandhi)"."""
    progress: list[Progress]
    """One entry per seat, in seat order (every seat's progress is public)."""


class VictoryCardInfo(_Model):
    id: str
    name: str
    fort: bool
    agendas: list[AgendaInfo]


class CardCount(_Model):
    seat: int
    cards: int
    text: str = ""
    """Against the count that wins: "2 of 3"."""


class Goal(_Model):
    statement: str
    """"Complete one agenda on 4 of the 5 victory cards"."""
    to_win: int
    cards: list[VictoryCardInfo]
    claimed: list[CardCount]
    """Victory cards each seat has an agenda claimed on."""


class Dial(_Model):
    pos: int
    sections: list[list[str]]
    """Icons of each section (data ids; words in ``next_text`` and ``section_texts``)."""
    section_texts: list[str]
    next_text: str
    """What the dial does when it turns next ("at the start of round 5: barbarians move")."""


class Turn(_Model):
    round: int
    max_rounds: int | None
    round_text: str = ""
    """"Round 3 of 10" ("Round 3" without a round limit)."""
    round_short: str = ""
    """"Round 3/10", for the top bar."""
    first_text: str = ""
    """"first player Seat 1 (Gandhi)"."""
    first: int
    current: int
    dial: Dial


# ---------------------------------------------------------------- wonders, breakdowns

class WonderInfo(_Model):
    id: str
    name: str
    type: str
    era: str
    cost: int
    resources: list[str]
    resources_text: str = ""
    """The resources that count towards it, in words ("oil, marble"), or "none"."""
    text: str
    trade_token: bool
    """A trade token from the event dial lies on it (a second one removes it)."""
    buildable: bool
    """Whether the viewer could build it now (cost against what they could produce)."""
    why_not: str | None


class Part(_Model):
    label: str
    value: int


class CombatSide(_Model):
    seat: int
    """-1 for a barbarian, a city-state or a fort."""
    name: str
    """Who fights on this side, in words ("Seat 2", "Barbarian B", "Carthage (city-state)")."""
    die: int
    base: int
    tokens: int
    total: int
    parts: list[Part]


class Combat(_Model):
    target: str
    target_text: str
    space: int
    stage: str
    stage_text: str = ""
    """Who decides now, in words: "now: the attacker may spend military trade tokens"."""
    attacker: CombatSide
    defender: CombatSide
    ties: str
    totals_text: str = ""
    """Both totals in a sentence ("Totals: attacker 7, defender 5."): the result's line when the
    log says nothing of the fight."""


class Production(_Model):
    wonder: str
    wonder_name: str
    total: int
    parts: list[Part]
    cost: int
    cost_parts: list[Part]
    title: str = ""
    """"Paying for the Pyramids: 5 of 8"."""
    status: str = ""
    """"3 more needed." or "Enough: you can build it now."."""


# ---------------------------------------------------------------- following others, end

class Summary(_Model):
    seat: int
    card: str | None
    slot: int | None
    played: str | None = None
    """What the seat played, after its name: "played Economy II (slot 3)" (None without a card)."""
    lines: list[str]
    spaces: list[int]


class Undo(_Model):
    allowed: bool
    reason: str | None


class Claim(_Model):
    card: str
    agenda: str
    agenda_name: str


class Standing(_Model):
    seat: int
    leader: str
    leader_name: str
    cards: int
    claims: list[Claim]
    wonders: int
    friendly_spaces: int
    text: str = ""
    """The seat's line: "3 victory cards (Science, Culture); 1 wonder, 5 friendly spaces"."""


class End(_Model):
    winner: int
    """Seat of the winner, -2 when the round limit ended the game without one."""
    title: str = ""
    """"Seat 2 (Gandhi) wins", or "The game ends without a winner"."""
    reason: str
    tiebreak: str | None
    standings: list[Standing]


class Seat(_Model):
    seat: int
    kind: str
    bot: str | None
    leader: str
    color: str
    connected: bool
    name: str = ""
    """"Seat 2 (Gandhi)"."""
    short_name: str = ""
    """"Seat 2", where the name does not fit (a phone's top bar)."""
    kind_text: str = ""
    """Who plays it, on its player board: "human", "bot normal" ("" for the Automated Player)."""
    proxy: str | None = None
    """Handover (server/seats.py): the bot level playing this human seat for its player now."""
    proxy_text: str | None = None
    """"Seat 3 (Gandhi) is played by a bot since round 4 (...); their player can take it back."."""


# ---------------------------------------------------------------- seats handed to bots, turn clock
# (server/seats.py; built in server/games.py, not by views.view_message)


class HandoverOffer(_Model):
    seat: int
    in_s: float
    """Seconds (from when the view was built) until this viewer may hand the seat over; 0: now."""
    label: str
    text: str


class TakeBack(_Model):
    seat: int
    label: str
    text: str | None


class Handover(_Model):
    bot: str
    """The bot level that plays a handed seat (a server setting)."""
    away_s: float
    offers: list[HandoverOffer]
    take_back: list[TakeBack]


class Timer(_Model):
    seat: int
    """The deciding seat, whose clock runs."""
    limit_s: int
    remaining_s: float
    """Seconds left when the view was built (the table counts down from its arrival)."""
    text: str


class BoardSpace(_Model):
    id: int
    q: int
    r: int
    terrain: str
    tile: int
    edge: bool
    fort: bool
    water_token: bool


class NwLabel(_Model):
    name: str
    lines: list[str]
    """The name (without a leading "The") in at most two lines that fit the lower half of a hex."""


class Board(_Model):
    spaces: list[BoardSpace]
    nw_labels: dict[str, NwLabel]
    """Space id -> the label of the natural wonder printed there (``describe.table.nw_labels``)."""


class SpaceWords(_Model):
    """What the table says about a space when the pointer rests on it, on a click on a space
    that is not a choice, and the map's hover title of each piece (``describe.table.space_words``):
    the table places these strings and makes none. The same for every viewer of a state; a few
    lines for the whole map."""

    terrain: dict[str, str]
    """Terrain -> a space's first line: its terrain and difficulty ("Hills · difficulty 2")."""
    fort: dict[str, str]
    """Terrain -> the first line of a fort space of that terrain ("Hills (fort) · difficulty 2")."""
    titles: dict[str, str]
    """Piece key (the map's own: ``ci<space>`` city, ``c<space>`` control token or district,
    ``cs<space>`` city-state, ``t<space>`` resource or natural-wonder token, ``w<space>`` wonder,
    ``a-<seat>-<i>`` army, ``v-<seat>-<i>`` caravan, ``b-<letter>`` barbarian) -> its one line
    ("Capital of Seat 1 (Gandhi)", "Control token of Seat 2 (Cleopatra), reinforced", "City-state
    Seoul (science)", "Oil resource", "Barbarian B", "Army 2 of Seat 2 (Cleopatra)"): the piece's
    hover title on the map and its line in the tooltip."""
    pieces: dict[str, list[str]]
    """Space -> the keys (``titles``) of the things standing there, in the tooltip's order;
    spaces with nothing on them are absent."""
    touched: str
    """The line for a space touched since the viewer's last decision (``touched``)."""
    off_map: str
    """The line for a hex that is not a space of the map yet (a tile's ghost)."""
    click: str
    """Before the labels of what a click on the space would choose."""
    not_a_choice: str
    """After a space's first line, when a click there chooses nothing now."""
    sure: str
    """After a space's first line, heading the menu of a choice there that warns (a fight)."""
    no_reason: str
    """Why a space is not a choice when neither ``decision.why_not`` nor
    ``decision.no_target_reason`` says."""


# ---------------------------------------------------------------- chances of winning, hint, chart
# (issue 38, part 5: server/chances.py and server/advice.py, words in describe/advice.py)


class SeatChance(_Model):
    seat: int
    chance: float
    """From 0 to 1; the seats' chances add up to 1."""
    text: str
    """"Seat 2 (Gandhi): about 42% to win"."""


class Chances(_Model):
    """Each seat's chance of winning, estimated by the bots' evaluation from the viewer's own
    view (``engine.player_view``; a spectator's view for spectators): never from a hidden fact."""

    seats: list[SeatChance]
    note: str
    """What the numbers are (and are not), for a tooltip."""


class Insight(_Model):
    chances: Chances
    against_bots: bool
    """A practice game for this viewer (every other seat is a bot): the bar is shown by default."""
    hint: bool
    """The viewer may ask for a hint (``POST /api/games/{id}/hint``) when the decision is theirs."""


class Guide(_Model):
    """A step of the guided first game (``describe.guide.guide_record``)."""
    step: int
    count: int
    heading: str = ""
    """"Guide · step 2 of 9"."""
    id: str
    title: str
    text: str
    target: str
    """The part of the table the step points at (``describe.guide.GUIDE_TARGETS``)."""
    ready: bool
    """The step waits for nothing more: "Next" is on."""
    wait: str | None
    """What the step waits for, in words, while it is not ready; once its goal is met, that it is."""
    done: bool
    """The learner has done what the step asks (``describe.guide.GOALS``, read from the game)."""
    last: bool


class Hint(_Model):
    """``POST /api/games/{id}/hint``: what Hard would choose now (nothing is played)."""

    action: str
    """The option's action text (the table finds the option by it; never shown)."""
    label: str
    text: str
    note: str
    version: int


class ChartPoint(_Model):
    round: int
    step: int
    """Actions played before this point (the last point: every action so far)."""
    chances: list[float]
    """Each seat's chance, in seat order."""
    label: str
    """Its mark on the round axis: "R3"; the last point "now" or "end"."""
    titles: list[str]
    """Each seat's line at this point, in seat order: "Seat 2 (Gandhi), round 3: 42%"."""


class Chart(_Model):
    """``GET /api/games/{id}/chart``: each seat's chance of winning at the start of every round
    and now (the last point), from the public view (a spectator's)."""

    points: list[ChartPoint]
    seats: list[str]
    last: str
    """The last point's label on the chart: "end" (the game is over) or "now"."""
    note: str
    title: str
    """The chart's caption: "Chance of winning by round"."""
    label: str
    """What a screen reader says of the chart (its caption and ``note``)."""


class BoardWords(_Model):
    """A seat's player board in words (``describe.table.board_words``), the same for every viewer."""

    seat: int
    resources: str
    """"oil ×2, marble", or "none"."""
    trade: dict[str, str]
    """Focus type -> the trade tokens on that card ("2 trade tokens"); types without any are absent."""
    unused: str
    """Its pieces off the map: "cities 3, control tokens 10; armies 1 ready, 1 on the map; caravans 2 ready, 0 on the map"."""


class ViewMessage(_Model):
    model_config = ConfigDict(extra="allow", populate_by_name=True, use_attribute_docstrings=True)  # transport may add fields

    type: Literal["view"]
    schema_version: int = SCHEMA_VERSION
    game_id: str
    version: int
    seat: int
    acting: list[int]
    view: PlayerView
    """``engine.player_view``: the game's public state (pieces, players, table), every field
    declared in ``server/view_state.py``."""
    board: Board
    space_words: SpaceWords | None = None
    """The words of the map's spaces (always sent by this server; None from an older one)."""
    boards: list[BoardWords] = []
    """Each seat's player board in words, in seat order."""
    decision: Decision
    log: list[LogGroup]
    seats: list[Seat]
    goal: Goal
    turn: Turn
    wonders: list[WonderInfo]
    combat: Combat | None
    production: Production | None
    summaries: list[Summary]
    touched: list[int]
    undo: Undo
    end: End | None
    practice: bool = False
    """The game's seed was typed by a person: anyone who knows it knows every roll to come."""
    practice_note: str | None = None
    timer: Timer | None = None
    """The deciding seat's turn clock when the game has a turn limit (server/seats.py)."""
    handover: Handover | None = None
    """What this viewer may hand to a bot or take back (server/seats.py)."""
    steps: int | None = None
    step: int | None = None
    step_text: str | None = None
    """A replay step's place in words: "step 12 of 240" (``describe.table.replay_step_text``)."""
    insight: Insight | None = None
    """Each seat's chance of winning and whether a hint is offered (server/chances.py)."""
    guide: Guide | None = None
    """The guided game's step for its learner (server/guide.py); None otherwise."""


def message_json_schema() -> dict[str, Any]:
    """The JSON Schema of the view message (for docs and non-Python clients)."""
    return ViewMessage.model_json_schema(by_alias=True)
