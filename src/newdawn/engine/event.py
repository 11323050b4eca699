"""The declared shape of every event: one ``TypedDict`` per event kind.

An event (``flow.log``) is what an action or an automatic step did, stated as facts: a small
JSON dict whose ``kind`` names what happened, and whose other keys are seats (from 0), space
ids (``st.board``), data ids (cards, wonders, city-states, governments, agendas) and numbers.
The engine writes no words: ``describe/log.py`` makes the sentences players read from these
facts (``EVENT_WORDS``, one per kind). Each kind has a class here, named after it
(``"take_token"`` -> ``TakeTokenEvent``); ``Event`` is the union of them all. mypy checks every
event the engine logs (a dict literal where an ``Event`` is expected), and
``tests/engine/test_event_shapes.py`` checks that the events of random games of both
rulesets have exactly these shapes (the checker is ``scenario/frame_shapes.py``'s).

Events live only on the state of one step (``GameState.events``, emptied by ``apply``): they
are not part of a state's JSON form, so their shape may change without touching old records.
The server keeps each action's events with its game (as these dicts).

A module left as Python in the compiled build (``tools/build_fast.py``), as ``frames.py``.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

# ---------------------------------------------------------------- control tokens, cities, districts


class PlaceEvent(TypedDict):
    """A control token, or a district (``district``: its id; "" for a plain token), is placed."""
    kind: Literal["place"]
    seat: int
    space: int
    district: str


class TakeTokenEvent(TypedDict):
    """A resource or natural wonder token (``token``: ``"nw:<id>"`` or a resource) is taken
    from ``space``; the Automated Player's tokens come from no space."""
    kind: Literal["take_token"]
    seat: int
    token: str
    space: NotRequired[int]


class TakeBackEvent(TypedDict):
    """A control token of ``seat`` goes back to its owner from ``space``."""
    kind: Literal["take_back"]
    seat: int
    space: int


class MoveTokenEvent(TypedDict):
    kind: Literal["move_token"]
    seat: int
    src: int
    dst: int


class ReinforceEvent(TypedDict):
    """A control token is reinforced; ``by``: the wonder or card that did it ("" by the rules)."""
    kind: Literal["reinforce"]
    seat: int
    space: int
    by: NotRequired[str]


class ReinforceAroundEvent(TypedDict):
    """Every token of ``seat`` beside its armies is reinforced (a leader's ability)."""
    kind: Literal["reinforce_around"]
    seat: int


class UnreinforceEvent(TypedDict):
    """The control token on ``space`` (of ``seat``, None if nobody's) is flipped to its
    unreinforced side."""
    kind: Literal["unreinforce"]
    seat: int | None
    space: int


class ReplaceTokenEvent(TypedDict):
    """``seat`` replaces ``other``'s control token on ``space`` with one of its own."""
    kind: Literal["replace_token"]
    seat: int
    other: int
    space: int


class TokenRemovedEvent(TypedDict):
    """``seat``'s control token on ``space`` leaves the map; ``by``: what removed it (a seat's
    wonder or card id, "nuclear_power", "automa"), "" by the rules."""
    kind: Literal["token_removed"]
    seat: int
    space: int
    by: NotRequired[str]
    actor: NotRequired[int]


class CityEvent(TypedDict):
    kind: Literal["city"]
    seat: int
    space: int


class ReplaceCityEvent(TypedDict):
    """``seat`` replaces ``other``'s city on ``space`` (``by``: the wonder)."""
    kind: Literal["replace_city"]
    seat: int
    other: int
    space: int
    by: str


class FallbackTokenEvent(TypedDict):
    """``seat`` has no city left and places a reinforced control token on ``space`` instead."""
    kind: Literal["fallback_token"]
    seat: int
    space: int


class RazeEvent(TypedDict):
    """``seat``'s army razes the token on ``space`` and moves on (a leader's card)."""
    kind: Literal["raze"]
    seat: int
    space: int


class WaterTokenEvent(TypedDict):
    """``seat`` lays a water token (Shipbuilding) on the new space ``space``."""
    kind: Literal["water_token"]
    seat: int
    space: int


class NwBackEvent(TypedDict):
    """The natural wonder ``nw``'s token goes back on its space."""
    kind: Literal["nw_back"]
    nw: str
    space: int


class NukeEvent(TypedDict):
    """``seat`` uses Nuclear Power on ``space``."""
    kind: Literal["nuke"]
    seat: int
    space: int


class NukeHitEvent(TypedDict):
    """The Automated Player's Nuclear Power destroys ``seat``'s ``piece`` on ``space``."""
    kind: Literal["nuke_hit"]
    seat: int
    space: int
    piece: Literal["city", "control token"]


# ---------------------------------------------------------------- cards, dials, trade


class ResolveEvent(TypedDict):
    """``seat`` resolves focus card ``card`` in slot ``slot`` with ``tokens`` trade tokens."""
    kind: Literal["resolve"]
    seat: int
    card: str
    slot: int
    tokens: int


class DialAdvanceEvent(TypedDict):
    """``seat``'s tech dial turns ``steps`` spaces, to ``to``."""
    kind: Literal["dial_advance"]
    seat: int
    steps: int
    to: int


class TakeCardEvent(TypedDict):
    """``seat`` takes focus card ``card`` (an upgrade)."""
    kind: Literal["take_card"]
    seat: int
    card: str


class ApReplaceEvent(TypedDict):
    """The Automated Player replaces its card ``old`` with ``card``."""
    kind: Literal["ap_replace"]
    seat: int
    card: str
    old: str


class TradeEvent(TypedDict):
    """The Automated Player puts a trade token on its ``card`` card (a focus type)."""
    kind: Literal["trade"]
    seat: int
    card: str


class ApCannotPlaceEvent(TypedDict):
    """The Automated Player cannot place ``left`` control tokens: trade tokens go on its
    ``card`` card instead."""
    kind: Literal["ap_cannot_place"]
    seat: int
    left: int
    card: str


class DistrictTradeEvent(TypedDict):
    """``seat``'s district ``district`` puts ``n`` trade tokens on its ``focus`` card."""
    kind: Literal["district_trade"]
    seat: int
    district: str
    space: int
    n: int
    focus: str


class EventTradeEvent(TypedDict):
    """The base game's trade icon: ``seat`` gains ``tokens`` trade tokens (mature cities)."""
    kind: Literal["event_trade"]
    seat: int
    tokens: int


class SwapCardsEvent(TypedDict):
    """``seat`` swaps its cards of focus types ``a`` and ``b`` (``by``: the effect's id)."""
    kind: Literal["swap_cards"]
    seat: int
    a: str
    b: str
    by: str


class PactReturnEvent(TypedDict):
    """``seat`` returns the Non-Aggression Pact and swaps its military and ``focus`` cards."""
    kind: Literal["pact_return"]
    seat: int
    focus: str


class EmbassyEvent(TypedDict):
    """``seat``'s Embassy puts a trade token on ``giver``'s ``focus`` card."""
    kind: Literal["embassy"]
    seat: int
    giver: int
    focus: str


class NwCardEvent(TypedDict):
    """``seat`` puts the natural wonder ``nw`` on its ``focus`` card (a leader's ability)."""
    kind: Literal["nw_card"]
    seat: int
    nw: str
    focus: str


class JebelBarkalEvent(TypedDict):
    """``seat`` spends ``resource`` for +``plus`` in combat (Jebel Barkal)."""
    kind: Literal["jebel_barkal"]
    seat: int
    resource: str
    plus: int


class TakeResourceEvent(TypedDict):
    kind: Literal["take_resource"]
    seat: int
    resource: str


class IbrahimEvent(TypedDict):
    """``seat`` hands Ibrahim to ``other``."""
    kind: Literal["ibrahim"]
    seat: int
    other: int


class GovernmentEvent(TypedDict):
    kind: Literal["government"]
    seat: int
    gov: str


# ---------------------------------------------------------------- wonders, city-states, diplomacy


class WonderControlEvent(TypedDict):
    kind: Literal["wonder_control"]
    seat: int
    wonder: str


class WonderBuiltEvent(TypedDict):
    kind: Literal["wonder_built"]
    seat: int
    wonder: str
    prod: int
    cost: int


class TakeWonderEvent(TypedDict):
    """``seat`` takes the wonder ``wonder`` (from its holder, or from the market)."""
    kind: Literal["take_wonder"]
    seat: int
    wonder: str


class WonderGoneEvent(TypedDict):
    """``wonder`` leaves the game (a second trade token); ``revealed``: the next one ("" none)."""
    kind: Literal["wonder_gone"]
    wonder: str
    revealed: str


class WonderMovedEvent(TypedDict):
    """``seat`` moves the token of the wonder ``wonder`` to ``space``."""
    kind: Literal["wonder_moved"]
    seat: int
    wonder: str
    space: int


class ConquerEvent(TypedDict):
    kind: Literal["conquer"]
    seat: int
    cs: str


class LiberateEvent(TypedDict):
    """The city-state ``cs`` is liberated (by ``seat``; -1: by nobody)."""
    kind: Literal["liberate"]
    seat: int
    cs: str


class TakeRivalCardEvent(TypedDict):
    """``seat`` takes ``other``'s diplomacy card ``card``."""
    kind: Literal["take_rival_card"]
    seat: int
    other: int
    card: str


class ExchangeDiplomacyEvent(TypedDict):
    """``seat`` gives back ``other``'s diplomacy card ``held`` (as held: ``p<seat>:<card>``) and
    takes ``new`` of theirs."""
    kind: Literal["exchange_diplomacy"]
    seat: int
    other: int
    held: str
    new: str


class ReturnCsCardEvent(TypedDict):
    """``seat`` returns the city-state ``cs``'s diplomacy card."""
    kind: Literal["return_cs_card"]
    seat: int
    cs: str


class ReturnDiplomacyEvent(TypedDict):
    """``seat`` returns ``other``'s diplomacy card ``card``."""
    kind: Literal["return_diplomacy"]
    seat: int
    other: int
    card: str


# ---------------------------------------------------------------- armies, caravans, combat


class AttackEvent(TypedDict):
    """``seat`` attacks ``target`` (a target kind: ``ctl``, ``city``, ``cs``, ``barb``...) on
    ``space``, owned by ``defender`` (-1: no seat); the dice and the bases of both sides."""
    kind: Literal["attack"]
    seat: int
    target: str
    space: int
    defender: int
    a_die: int
    a_base: int
    d_die: int
    d_base: int


class RerollEvent(TypedDict):
    kind: Literal["reroll"]
    seat: int
    die: int


class AttackResultEvent(TypedDict):
    """``won`` 1 or 0; on a failed attack ``home``: the army returns to its card."""
    kind: Literal["attack_result"]
    seat: int
    won: int
    attack: int
    defence: int
    space: int
    home: bool


class ArmyHomeEvent(TypedDict):
    """``seat``'s army goes back to its card (``space``: where it stood, when it stood on the map;
    ``why``: "" or ``"city_state"`` when it may not stay in a city-state's space)."""
    kind: Literal["army_home"]
    seat: int
    space: NotRequired[int]
    why: NotRequired[str]


class ArmyBackEvent(TypedDict):
    """``seat``'s army returns to ``space``, where it came from."""
    kind: Literal["army_back"]
    seat: int
    space: int


class CaravanHomeEvent(TypedDict):
    """``seat``'s caravan goes back to its card (it already traded there this turn)."""
    kind: Literal["caravan_home"]
    seat: int
    space: int


class ColossusEvent(TypedDict):
    """``seat`` gives caravan ``figure`` (from 0) one more step (Colossus)."""
    kind: Literal["colossus"]
    seat: int
    figure: int


class CaravanBarbEvent(TypedDict):
    kind: Literal["caravan_barb"]
    seat: int
    letter: str
    space: int


class CaravanCsEvent(TypedDict):
    """``seat``'s caravan reaches the city-state ``cs``: ``n`` trade tokens, and its diplomacy
    card when ``card``."""
    kind: Literal["caravan_cs"]
    seat: int
    cs: str
    n: int
    space: int
    card: bool


class CaravanCityEvent(TypedDict):
    kind: Literal["caravan_city"]
    seat: int
    other: int
    space: int


class EncampmentEvent(TypedDict):
    """``seat``'s Encampment on ``space`` defeats barbarian ``letter`` (``other`` -1) or
    ``other``'s army (``letter`` "")."""
    kind: Literal["encampment"]
    seat: int
    space: int
    letter: str
    other: int


class NoAttackFromEvent(TypedDict):
    """``seat`` holds ``space``, taken this turn, and cannot attack from it this turn."""
    kind: Literal["no_attack_from"]
    seat: int
    space: int


# ---------------------------------------------------------------- event dial and barbarians


class DialEvent(TypedDict):
    """The event dial turns to ``pos``, showing ``icons``."""
    kind: Literal["dial"]
    icons: list[str]
    pos: int


class BarbDieEvent(TypedDict):
    kind: Literal["barb_die"]
    die: int


class BarbReturnEvent(TypedDict):
    kind: Literal["barb_return"]
    letter: str
    space: int


class BarbHitEvent(TypedDict):
    """Barbarian ``letter`` destroys ``seat``'s ``piece`` on ``space`` (an army or caravan:
    ``n``, its number from 0, goes back to its card)."""
    kind: Literal["barb_hit"]
    letter: str
    seat: int
    space: int
    piece: Literal["city", "control token", "army", "caravan"]
    n: NotRequired[int]


class BarbRaidEvent(TypedDict):
    kind: Literal["barb_raid"]
    letter: str
    seat: int
    space: int


class BarbTurnedEvent(TypedDict):
    kind: Literal["barb_turned"]
    letter: str
    seat: int
    space: int


class BarbMovedEvent(TypedDict):
    """``seat`` moves barbarian ``letter`` to ``dst`` (a diplomacy card)."""
    kind: Literal["barb_moved"]
    seat: int
    letter: str
    dst: int


# ---------------------------------------------------------------- map and setup


class ExploreEvent(TypedDict):
    kind: Literal["explore"]
    seat: int


class TileBackEvent(TypedDict):
    """``seat`` draws a tile that cannot be placed: it goes back on top of the stack."""
    kind: Literal["tile_back"]
    seat: int


class HolesEvent(TypedDict):
    """``n`` enclosed holes of the map are filled with water."""
    kind: Literal["holes"]
    n: int


class AstronomyEvent(TypedDict):
    """``seat`` places a tile from the stack (Astronomy); ``end``: "top"/"bottom" when it puts
    one back instead, "" when it places one."""
    kind: Literal["astronomy"]
    seat: int
    end: str


class MapTileEvent(TypedDict):
    """Base game setup: ``seat`` places map tile ``tile`` at ``coord``."""
    kind: Literal["map_tile"]
    seat: int
    tile: int
    coord: str


class SetupCoreEvent(TypedDict):
    kind: Literal["setup_core"]
    die: int
    first: int


class SetupFirstEvent(TypedDict):
    kind: Literal["setup_first"]
    first: int


class SetupMapEvent(TypedDict):
    kind: Literal["setup_map"]
    tiles: list[int]


class FortEvent(TypedDict):
    kind: Literal["fort"]
    seat: int
    coord: str
    space: int


class CapitalEvent(TypedDict):
    kind: Literal["capital"]
    seat: int
    coord: str
    space: int


class SetupDoneEvent(TypedDict):
    kind: Literal["setup_done"]


# ---------------------------------------------------------------- agendas and the end


class AgendaEvent(TypedDict):
    """``seat`` completes the agenda ``agenda`` of the victory card ``card``."""
    kind: Literal["agenda"]
    seat: int
    agenda: str
    card: str


class AgendaLostEvent(TypedDict):
    kind: Literal["agenda_lost"]
    seat: int
    agenda: str
    card: str


class WinEvent(TypedDict):
    kind: Literal["win"]
    seat: int


class RoundLimitEvent(TypedDict):
    kind: Literal["round_limit"]
    rounds: int


class NotImplementedEvent(TypedDict):
    """A card's effect ``effect`` (its handler name) is not implemented (docs/rules-coverage.md)."""
    kind: Literal["not_implemented"]
    effect: str


Event = (
    PlaceEvent | TakeTokenEvent | TakeBackEvent | MoveTokenEvent | ReinforceEvent | ReinforceAroundEvent
    | UnreinforceEvent | ReplaceTokenEvent | TokenRemovedEvent | CityEvent | ReplaceCityEvent | FallbackTokenEvent
    | RazeEvent | WaterTokenEvent | NwBackEvent | NukeEvent | NukeHitEvent
    | ResolveEvent | DialAdvanceEvent | TakeCardEvent | ApReplaceEvent | TradeEvent | ApCannotPlaceEvent
    | DistrictTradeEvent | EventTradeEvent | SwapCardsEvent | PactReturnEvent | EmbassyEvent | NwCardEvent
    | JebelBarkalEvent | TakeResourceEvent | IbrahimEvent | GovernmentEvent
    | WonderControlEvent | WonderBuiltEvent | TakeWonderEvent | WonderGoneEvent | WonderMovedEvent
    | ConquerEvent | LiberateEvent | TakeRivalCardEvent | ExchangeDiplomacyEvent | ReturnCsCardEvent
    | ReturnDiplomacyEvent
    | AttackEvent | RerollEvent | AttackResultEvent | ArmyHomeEvent | ArmyBackEvent | CaravanHomeEvent
    | ColossusEvent | CaravanBarbEvent | CaravanCsEvent | CaravanCityEvent | EncampmentEvent | NoAttackFromEvent
    | DialEvent | BarbDieEvent | BarbReturnEvent | BarbHitEvent | BarbRaidEvent | BarbTurnedEvent | BarbMovedEvent
    | ExploreEvent | TileBackEvent | HolesEvent | AstronomyEvent | MapTileEvent | SetupCoreEvent
    | SetupFirstEvent | SetupMapEvent | FortEvent | CapitalEvent | SetupDoneEvent
    | AgendaEvent | AgendaLostEvent | WinEvent | RoundLimitEvent | NotImplementedEvent
)
"""Any event: mypy tells them apart by ``kind``."""
