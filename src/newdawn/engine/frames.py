"""The declared shape of every pending step: one ``TypedDict`` per step kind.

A pending step (a *frame*, ``flow.py``) is a small JSON dict on ``GameState.stack_frames``:
``kind`` names its step kind, the other keys are its parameters. Each kind has a class here,
named after it (``"caravan_step"`` -> ``CaravanStepFrame``), that says which keys its frames
carry and of what type; ``Frame`` is the union of them all. mypy checks every frame the
engine builds (a dict literal where a ``Frame`` is expected) and every key a handler reads,
because a handler declares the class of its kind (``def caravan_act(st, f: CaravanStepFrame, a)``);
``tests/engine/test_frames.py`` checks that each registered kind has its class, that its
handlers declare it, and that the frames of played games have exactly these shapes.

At run time frames stay plain dicts (no cost, the JSON form is the dict itself). They are
never changed once on the stack (copies of a state share them): ``flow.replace_top`` puts a
changed copy in place.

The classes are grouped by the floor that handles them (``docs/engine.md``); the module in
brackets registers the kind's handlers. A ruleset's own steps are declared beside its modules
(the base game's in ``rulesets/base_frames.py``) and imported here into ``Frame``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from .frame_base import FrameBase as FrameBase  # re-exported: the common keys of every frame
from .rulesets.base_frames import (  # the base game's own steps, members of Frame
    ApDefeatBarbariansFrame,
    ApDialFrame,
    ApGainResourceFrame,
    ApGainTradeFrame,
    ApNukeBeginFrame,
    ApNukeEndFrame,
    ApNukeFrame,
    ApReinforceFrame,
    ApResolveFrame,
    ApStripFrame,
    ApTurnFrame,
    ApUpgradeCardFrame,
    ApUpgradeCheckFrame,
    BaseMapPlaceFrame,
    BaseMapTileFrame,
    BaseMapTurnFrame,
    BaseSetupFinishFrame,
    CardAttackAfterFrame,
    CardAttackFrame,
    EventTradeFrame,
)

if TYPE_CHECKING:
    from typing_extensions import ReadOnly




class ArmyParams(TypedDict):
    """An army card's parameters, carried along by the steps of its armies (``armies``,
    ``army_start``, ``army_step``, ``target``, ``army_after``, ``fx_raze``, ``combat``)."""

    seat: int
    slot: int
    """The slot the card resolves in (its combat value and the terrain it may enter)."""
    water: bool
    """The armies may enter water."""
    combat: int
    """The card's combat bonus."""
    vs_barbarian: int
    """The card's bonus against barbarians."""
    passes: list[str]
    """Pieces the armies may move through (Flight): ``control``, ``barbarian``..."""


class AttackInfo(TypedDict):
    """What an attack starts from (``military.start_combat``): an army's step, or a base
    military card's attack (no figure)."""

    seat: ReadOnly[int]
    space: ReadOnly[int]
    """The attacked space."""
    slot: ReadOnly[int]
    combat: ReadOnly[int]
    vs_barbarian: ReadOnly[int]
    passes: ReadOnly[list[str]]
    water: ReadOnly[NotRequired[bool]]
    figure: ReadOnly[NotRequired[int]]
    """The attacking army (index in ``PlayerState.armies``); none for a card's attack."""
    prev: ReadOnly[NotRequired[int]]
    """The space the army came from."""


class DistrictAbilityFrame(FrameBase):
    """A district's ability, resolved from its space (``districts.ability_frames``): the
    shape of the five district kinds below."""

    kind: ReadOnly[Literal["campus", "encampment", "hub", "theater", "zone"]]
    seat: int
    space: int
    """The district's space."""
    defeated: bool
    """Encampment: its defeat is used."""
    reinforced: bool
    """Encampment: its reinforcement is used."""


# ---------------------------------------------------------------- turn, setup, events, victory


class AfterResolveFrame(FrameBase):
    """Automatic (turn): The card has resolved and not yet reset (Venetian Arsenal, Estádio do
    Maracanã)."""

    kind: Literal["after_resolve"]
    seat: int
    type: str


class AgendasFrame(FrameBase):
    """Automatic (victory)."""

    kind: Literal["agendas"]
    seats: list[int]
    """Seats whose agendas are checked."""


class ClaimRemoveFrame(FrameBase):
    """Decision (victory): You completed an agenda: remove a control token from the map to claim
    it."""

    kind: Literal["claim_remove"]
    seat: int


class CommitFrame(FrameBase):
    """Decision (turn)."""

    kind: Literal["commit"]
    seat: int
    card: str
    slot: int
    by_effect: NotRequired[bool]
    """The card is resolved by another effect (Capitalism, Venetian Arsenal): no going back, no
    reset."""
    type: str
    """The row card's key (``flow.row_key``)."""


class DiscardFrame(FrameBase):
    """Decision (events)."""

    kind: Literal["discard"]
    seat: int
    left: int


class DistrictEventFrame(FrameBase):
    """Decision (events): Resolve your districts in the order you choose."""

    kind: Literal["district_event"]
    seat: int
    done: list[int]


class EndTurnFrame(FrameBase):
    """Automatic (turn)."""

    kind: Literal["end_turn"]
    seat: int


class EventBarbMoveFrame(FrameBase):
    """Automatic (events)."""

    kind: Literal["event_barb_move"]


class EventDistrictsFrame(FrameBase):
    """Automatic (events)."""

    kind: Literal["event_districts"]


class EventGovernmentFrame(FrameBase):
    """Automatic (events)."""

    kind: Literal["event_government"]


class EventSpawnFrame(FrameBase):
    """Automatic (events): Each defeated barbarian returns to its letter's space if that space is
    empty or holds only caravans and armies (which go back to their cards)."""

    kind: Literal["event_spawn"]


class EventWonderFrame(FrameBase):
    """Automatic (events): A trade token on each face-up wonder; a wonder that would get a second
    is removed."""

    kind: Literal["event_wonder"]


class FocusFrame(FrameBase):
    """Decision (turn): Choose a focus card to resolve."""

    kind: Literal["focus"]
    seat: int


class GovernmentFrame(FrameBase):
    """Decision (events): You may change your government to a card in a '1' slot."""

    kind: Literal["government"]
    seat: int


class NextTurnFrame(FrameBase):
    """Automatic (turn)."""

    kind: Literal["next_turn"]
    seat: int


class RaidFrame(FrameBase):
    """Automatic (events): A raided capital's owner discards trade tokens, if they have any when it
    is resolved."""

    kind: Literal["raid"]
    seat: int
    left: int


class ResetFrame(FrameBase):
    """Automatic (turn): Pick up the chosen card, shift the cards left of it one slot right, put it
    leftmost."""

    kind: Literal["reset"]
    seat: int
    type: str


class RoundEndFrame(FrameBase):
    """Automatic (turn): The victory check after the event dial has resolved (ruleset
    ``victory_check``)."""

    kind: Literal["round_end"]


class SetupCapitalFrame(FrameBase):
    """Decision (setup)."""

    kind: Literal["setup_capital"]
    seat: int
    tile: int


class SetupFinishFrame(FrameBase):
    """Automatic (setup)."""

    kind: Literal["setup_finish"]


class SetupFortFrame(FrameBase):
    """Decision (setup): Place your fort touching at least two core spaces."""

    kind: Literal["setup_fort"]
    seat: int


class StartOfTurnFrame(FrameBase):
    """Automatic (turn)."""

    kind: Literal["start_of_turn"]
    seat: int


class TurnFrame(FrameBase):
    """Automatic (turn)."""

    kind: Literal["turn"]


# ---------------------------------------------------------------- focus cards (ops, focus types)


class BuildFrame(FrameBase):
    """Decision (industry): Build a city or a world wonder."""

    kind: Literal["build"]
    seat: int
    after: int
    """Control tokens placed next to the new city."""
    ap: NotRequired[str]
    """Automated Player: what it builds (``city`` or ``wonder``)."""
    extra: NotRequired[int]
    """Production added per district of the builder."""
    from_caravans: NotRequired[bool]
    no_city: NotRequired[bool]
    on_figure: bool
    range: int
    resource_value: NotRequired[int]
    """Production of each resource token (2 unless the card says otherwise)."""
    slot: int
    slot5_production: int
    """The card's wonder production when it resolves in slot 5 (0: the slot number)."""
    water: bool


class CampusFrame(DistrictAbilityFrame):
    """Automatic (districts)."""

    kind: Literal["campus"]


class CapitalismFrame(FrameBase):
    """Automatic (economy): After this card resets, resolve another card as if in the first slot,
    without resetting it."""

    kind: Literal["capitalism"]
    seat: int


class CapitalismPickFrame(FrameBase):
    """Decision (economy): You may resolve another focus card as if in the first slot."""

    kind: Literal["capitalism_pick"]
    seat: int


class _CaravanMoveFields(FrameBase):
    """The fields of a caravan's move, shared by its start and its steps (not a step kind)."""

    seat: int
    barb: str
    explored: bool
    figure: int
    """The caravan (index in ``PlayerState.caravans``)."""
    left: int
    slot: int
    water: bool


class CaravanStartFrame(_CaravanMoveFields):
    """Decision (economy): Choose the city your caravan leaves from."""

    kind: Literal["caravan_start"]


class CaravanStepFrame(_CaravanMoveFields):
    """Decision (economy)."""

    kind: Literal["caravan_step"]


class CaravansFrame(FrameBase):
    """Decision (economy): Choose a caravan to move, or finish."""

    kind: Literal["caravans"]
    seat: int
    ap: NotRequired[list[str]]
    """Automated Player: its destination priorities."""
    barb: str
    """What the caravans do to barbarians: ``none`` or ``defeat`` (Currency)."""
    move: int
    moved: list[int]
    """Caravans (indexes in ``PlayerState.caravans``) moved already."""
    slot: int
    water: bool


class ChooseFrame(FrameBase):
    """Decision (ops): Choose which effect of the card to resolve."""

    kind: Literal["choose"]
    seat: int
    bonus: int
    """Trade tokens spent on the card."""
    options: list[list[dict[str, Any]]]
    """Each option: the effects (``ops.effect_json``) it resolves."""
    slot: int
    type: str


class DialFrame(FrameBase):
    """Automatic (science)."""

    kind: Literal["dial"]
    seat: int
    steps: int


class DiplTakeFrame(FrameBase):
    """Decision (economy)."""

    kind: Literal["dipl_take"]
    seat: int
    rival: int


class DistrictFrame(FrameBase):
    """Decision (growth): Place a district."""

    kind: Literal["district"]
    seat: int
    max: int


class EncampmentFrame(DistrictAbilityFrame):
    """Decision (districts): Encampment: defeat a barbarian or rival army, and/or reinforce a
    token, within 2."""

    kind: Literal["encampment"]


class ExplorePlaceFrame(FrameBase):
    """Decision (explore)."""

    kind: Literal["explore_place"]
    seat: int
    options: list[str]
    """The placements of the drawn tile that may be chosen."""
    space: int
    tile: int


class FxShipWaterFrame(FrameBase):
    """Decision (economy): Shipbuilding: you may lay a water token touching your caravan's space
    before exploring."""

    kind: Literal["fx_ship_water"]
    seat: int
    space: int


class GlobalizationFrame(FrameBase):
    """Decision (growth): Name a district type: every player with one resolves it."""

    kind: Literal["globalization"]
    seat: int


class HubFrame(DistrictAbilityFrame):
    """Decision (districts): Commercial hub: tokens for mature cities, or for deserts near it."""

    kind: Literal["hub"]


class MassMediaFrame(FrameBase):
    """Decision (culture): You may swap or flip a rival control token near your territory."""

    kind: Literal["mass_media"]
    seat: int
    range: int


class MissingResourceFrame(FrameBase):
    """Decision (science): You may take a resource of a type you do not have."""

    kind: Literal["missing_resource"]
    seat: int


class NukeFrame(FrameBase):
    """Decision (science): You may choose a space: control tokens in and around it are destroyed or
    flipped."""

    kind: Literal["nuke"]
    seat: int


class OccupyTokenFrame(FrameBase):
    """Decision (pieces): No city or control token left: take one of your control tokens back to
    hold the space."""

    kind: Literal["occupy_token"]
    seat: int
    space: int


class PayFrame(FrameBase):
    """Decision (industry)."""

    kind: Literal["pay"]
    seat: int
    cost: int
    """The wonder's cost."""
    paid_nws: list[str]
    """Natural-wonder tokens paid."""
    production: int
    """Production reached so far (the build step's, plus what is paid here)."""
    paid_resources: dict[str, int]
    """Resource tokens paid, by type."""
    resource_value: int
    """Production of each resource token (the build step's ``resource_value``)."""
    trade: int
    """Trade tokens paid."""
    wonder: str


class PlaceFrame(FrameBase):
    """Decision (culture)."""

    kind: Literal["place"]
    seat: int
    ap: NotRequired[list[str]]
    """Automated Player: its placement priorities."""
    ap_card: NotRequired[str]
    """Automated Player: the card whose unplaced tokens become trade tokens on it."""
    left: int
    max: int | None
    """The highest terrain difficulty allowed (the slot); None: any."""
    near: str
    """Where tokens go: ``city`` (next to a friendly city), ``at:<space>``..."""
    standard: NotRequired[bool]
    """The standard placement of a culture card (Chichen Itza applies to it only)."""


class ReinforceFrame(FrameBase):
    """Decision (growth)."""

    kind: Literal["reinforce"]
    seat: int
    left: int


class ShiftFrame(FrameBase):
    """Decision (culture): You may move one of your control tokens to an adjacent empty space."""

    kind: Literal["shift"]
    seat: int


class SwapResourceFrame(FrameBase):
    """Decision (economy): You may trade one of your resources for another type."""

    kind: Literal["swap_resource"]
    seat: int


class TechFrame(FrameBase):
    """Decision (science)."""

    kind: Literal["tech"]
    seat: int
    level: int


class TheaterFrame(DistrictAbilityFrame):
    """Decision (districts): Theater square: place a control token within 2 spaces."""

    kind: Literal["theater"]


class TradePlaceFrame(FrameBase):
    """Decision (science)."""

    kind: Literal["trade_place"]
    seat: int
    left: int


class WonderCityFrame(FrameBase):
    """Decision (industry)."""

    kind: Literal["wonder_city"]
    seat: int
    wonder: str


class ZoneFrame(DistrictAbilityFrame):
    """Decision (districts): Industrial zone: tokens for forests near it, or 3 industry tokens for
    a city."""

    kind: Literal["zone"]


class ZoneCityFrame(FrameBase):
    """Decision (districts): Build a city within two spaces of a friendly space."""

    kind: Literal["zone_city"]
    seat: int


# ---------------------------------------------------------------- armies and combat (military.py)


class ArmiesFrame(FrameBase):
    """Decision (military): Choose an army to move, or finish."""

    kind: Literal["armies"]
    seat: int
    combat: int
    move: int
    moved: list[int]
    """Armies (indexes in ``PlayerState.armies``) moved already."""
    passes: list[str]
    reattack: bool
    """An army beaten this turn may move again (the card says so)."""
    reattack_used: bool
    slot: int
    vs_barbarian: int
    """The card's bonus against barbarians."""
    water: bool


class ArmyAfterFrame(FrameBase):
    """Automatic (military): After the attack the army stays unless the space still holds a city-
    state, an unclaimed fort or a rival piece; then it goes back to the last space it left that
    had none."""

    kind: Literal["army_after"]
    seat: int
    combat: int
    figure: int
    passes: list[str]
    prev: int
    slot: int
    space: int
    vs_barbarian: int
    water: bool


class _ArmyMoveFields(FrameBase):
    """The fields of an army's move, shared by its start and its steps (not a step kind)."""

    seat: int
    combat: int
    explored: bool
    figure: int
    """The army (index in ``PlayerState.armies``)."""
    left: int
    passes: list[str]
    prev: int
    """The space it came from (where it falls back after a lost fight)."""
    slot: int
    vs_barbarian: int
    water: bool


class ArmyStartFrame(_ArmyMoveFields):
    """Decision (military): Choose the city your army leaves from."""

    kind: Literal["army_start"]


class ArmyStepFrame(_ArmyMoveFields):
    """Decision (military)."""

    kind: Literal["army_step"]


class CombatFrame(FrameBase):
    """Decision (military)."""

    kind: Literal["combat"]
    seat: int
    attack_base: int
    attack_die: int
    """The attacker's die; ``a_base`` its combat value, ``a_plus`` tokens spent (``d_``: the
    defender's)."""
    attack_plus: int
    attacker: int
    """The attacker (``seat`` is whoever decides now: attacker, then defender)."""
    combat: int
    defence_base: int
    defence_die: int
    defence_plus: int
    defender: int
    figure: NotRequired[int]
    passes: list[str]
    prev: NotRequired[int]
    slot: int
    space: int
    stage: str
    """``attacker`` or ``defender``: whose turn it is to spend trade tokens."""
    target: str
    """What is attacked: ``barb``, ``city``, ``ctl``, ``cs``, ``fort``, ``army:<seat>``..."""
    vs_barbarian: int
    water: NotRequired[bool]


class CsFateFrame(FrameBase):
    """Decision (military): Conquer the city-state, or liberate it."""

    kind: Literal["cs_fate"]
    seat: int
    space: int


class PlunderFrame(FrameBase):
    """Decision (military)."""

    kind: Literal["plunder"]
    seat: int
    defender: int
    left: int
    taken: int


class TargetFrame(FrameBase):
    """Decision (military): Choose the piece your army attacks."""

    kind: Literal["target"]
    seat: int
    combat: int
    figure: int
    passes: list[str]
    prev: int
    slot: int
    space: int
    vs_barbarian: int
    water: bool


class WonderMoveFrame(FrameBase):
    """Decision (military)."""

    kind: Literal["wonder_move"]
    seat: int
    space: int
    wonder: str


# ---------------------------------------------------------------- printed effects (effects/leaders.py, wonders.py, diplomacy.py)


class AnyResourceFrame(FrameBase):
    """Decision (effects.leaders): Take a resource of your choice."""

    kind: Literal["any_resource"]
    seat: int


class FxAmericaFrame(FrameBase):
    """Decision (effects.leaders): Roosevelt Corollary: put the natural-wonder token on a focus
    card."""

    kind: Literal["fx_america"]
    seat: int


class FxAstronomyFrame(FrameBase):
    """Decision (effects.leaders): Astronomy: you may place one of the two bottom tiles of the
    stack next to your capital tile."""

    kind: Literal["fx_astronomy"]
    seat: int


class FxAstronomyRestFrame(FrameBase):
    """Decision (effects.leaders): Astronomy: put each tile you looked at on the top or the bottom
    of the stack."""

    kind: Literal["fx_astronomy_rest"]
    seat: int
    left: int
    offset: int


class FxCartographyFrame(FrameBase):
    """Decision (effects.leaders)."""

    kind: Literal["fx_cartography"]
    seat: int
    space: int


class FxCraftsmanshipFrame(FrameBase):
    """Automatic (effects.leaders): Craftsmanship: after building a wonder with it, advance the
    tech dial 1."""

    kind: Literal["fx_craftsmanship"]
    seat: int
    had: int
    """The dial before the advance."""
    steps: int


class FxEmbassyFrame(FrameBase):
    """Decision (effects.diplomacy)."""

    kind: Literal["fx_embassy"]
    seat: int
    giver: int


class FxEnglandFrame(FrameBase):
    """Decision (effects.leaders): Pax Britannica: you may put a control token next to your new
    city."""

    kind: Literal["fx_england"]
    seat: int
    space: int


class FxGenevaFrame(FrameBase):
    """Decision (effects.diplomacy): Geneva: you may exchange a diplomacy card with the player who
    gave it."""

    kind: Literal["fx_geneva"]
    seat: int


class FxHumanismFrame(FrameBase):
    """Automatic (effects.leaders): Humanism: after its tokens are placed, a supply trade token per
    mature city."""

    kind: Literal["fx_humanism"]
    seat: int


class FxIbrahimFrame(FrameBase):
    """Decision (effects.leaders): Grand Vizier: you may hand the Ibrahim card to another player."""

    kind: Literal["fx_ibrahim"]
    seat: int


class FxMilEngFrame(FrameBase):
    """Decision (effects.leaders): Military Engineering: set armies from your card into your
    cities, then reinforce."""

    kind: Literal["fx_mil_eng"]
    seat: int


class FxMountainFrame(FrameBase):
    """Decision (effects.leaders)."""

    kind: Literal["fx_mountain"]
    seat: int
    near: int
    """Terrace Farms: the mountain space the token goes next to (-1: any mountain)."""


class FxMysticismFrame(FrameBase):
    """Decision (effects.leaders): Mysticism: you may move a token of yours next to the new
    district."""

    kind: Literal["fx_mysticism"]
    seat: int
    had: list[int]
    """The seat's tokens before the district was placed."""


class FxNapFrame(FrameBase):
    """Decision (effects.diplomacy): Non-Aggression Pact broken: you may return it to swap your
    military card."""

    kind: Literal["fx_nap"]
    seat: int
    giver: int


class FxNubiaFrame(FrameBase):
    """Decision (effects.leaders): Kandake of Meroë: you may resolve one of your districts."""

    kind: Literal["fx_nubia"]
    seat: int


class FxPolandFrame(FrameBase):
    """Decision (effects.leaders): Lithuanian Union: take a diplomacy card of another player."""

    kind: Literal["fx_poland"]
    seat: int


class FxRadioFrame(FrameBase):
    """Decision (effects.leaders)."""

    kind: Literal["fx_radio"]
    seat: int
    range: int


class FxRazeFrame(FrameBase):
    """Decision (effects.leaders): Scorched Earth: raze the beaten token (your army may go on), or
    replace it."""

    kind: Literal["fx_raze"]
    seat: int
    combat: int
    figure: int
    passes: list[str]
    slot: int
    space: int
    vs_barbarian: int
    water: bool


class FxSeoulFrame(FrameBase):
    """Decision (effects.diplomacy): Seoul: you may move a barbarian to an adjacent empty land
    space."""

    kind: Literal["fx_seoul"]
    seat: int


class FxSwapFrame(FrameBase):
    """Decision (effects.leaders): Legend of the Five Suns: you may swap two cards of your focus
    row."""

    kind: Literal["fx_swap"]
    seat: int


class WAmundsenFrame(FrameBase):
    """Decision (effects.wonders): Amundsen-Scott: you may build a city holding this wonder on a
    map-edge space."""

    kind: Literal["w_amundsen"]
    seat: int


class WApadanaFrame(FrameBase):
    """Decision (effects.wonders): Apadana: you may explore from an edge space of any tile."""

    kind: Literal["w_apadana"]
    seat: int


class WApadanaClaimFrame(FrameBase):
    """Decision (effects.wonders): Apadana: you may put a control token on an empty space of the
    new tile."""

    kind: Literal["w_apadana_claim"]
    seat: int
    before: int
    """The number of spaces before the tile was explored (the new ones follow)."""


class WApadanaNewFrame(FrameBase):
    """Automatic (effects.wonders)."""

    kind: Literal["w_apadana_new"]
    seat: int
    before: int


class WColosseumFrame(FrameBase):
    """Decision (effects.wonders): Colosseum: you may reinforce one of your control tokens next to
    your city."""

    kind: Literal["w_colosseum"]
    seat: int


class WCristoRedentorFrame(FrameBase):
    """Decision (effects.wonders): Cristo Redentor: you may replace a rival city near the wonder
    with one of yours."""

    kind: Literal["w_cristo_redentor"]
    seat: int


class WEiffelPickFrame(FrameBase):
    """Decision (effects.wonders)."""

    kind: Literal["w_eiffel_pick"]
    seat: int
    by: int
    """The Eiffel Tower's owner, who receives the token."""
    named: list[int]
    """The two named spaces."""


class WEiffelTowerFrame(FrameBase):
    """Decision (effects.wonders)."""

    kind: Literal["w_eiffel_tower"]
    seat: int
    named: list[int]


class WEstadioFrame(FrameBase):
    """Decision (effects.wonders): Estádio do Maracanã: you may also resolve and reset your economy
    card."""

    kind: Literal["w_estadio"]
    seat: int


class WForbiddenCityFrame(FrameBase):
    """Decision (effects.wonders): Forbidden City: you may destroy a rival control token next to
    your territory."""

    kind: Literal["w_forbidden_city"]
    seat: int


class WGreatLibraryFrame(FrameBase):
    """Decision (effects.wonders)."""

    kind: Literal["w_great_library"]
    seat: int
    rival: int


class WGreatZimbabweFrame(FrameBase):
    """Decision (effects.wonders)."""

    kind: Literal["w_great_zimbabwe"]
    seat: int


class WOracleFrame(FrameBase):
    """Decision (effects.wonders): Oracle: you may swap two adjacent cards of your focus row."""

    kind: Literal["w_oracle"]
    seat: int


class WOrszaghazFrame(FrameBase):
    """Decision (effects.wonders): Országház: you may conquer the city-state your caravan reached."""

    kind: Literal["w_orszaghaz"]
    seat: int
    space: int


class WPotalaPalaceFrame(FrameBase):
    """Decision (effects.wonders)."""

    kind: Literal["w_potala_palace"]
    seat: int
    left: int


class WSankoreFrame(FrameBase):
    """Decision (effects.wonders): University of Sankore: you may swap two non-science cards of
    your row."""

    kind: Literal["w_sankore"]
    seat: int


class WStonehengeFrame(FrameBase):
    """Decision (effects.wonders): Stonehenge: you may place control tokens on hills next to the
    one you placed."""

    kind: Literal["w_stonehenge"]
    seat: int
    at: int
    """The space of the Stonehenge city."""


class WUpgradeFrame(FrameBase):
    """Decision (effects.wonders)."""

    kind: Literal["w_upgrade"]
    seat: int
    done: list[str]
    """Row keys upgraded already."""
    left: int
    only_level: int
    """Only cards of this level (0: any)."""
    wonder: str


class WVenetianArsenalFrame(FrameBase):
    """Decision (effects.wonders)."""

    kind: Literal["w_venetian_arsenal"]
    seat: int
    type: str


Frame = (
    AfterResolveFrame
    | AgendasFrame
    | AnyResourceFrame
    | ApDefeatBarbariansFrame
    | ApDialFrame
    | ApGainResourceFrame
    | ApGainTradeFrame
    | ApNukeFrame
    | ApNukeBeginFrame
    | ApNukeEndFrame
    | ApReinforceFrame
    | ApResolveFrame
    | ApStripFrame
    | ApTurnFrame
    | ApUpgradeCardFrame
    | ApUpgradeCheckFrame
    | ArmiesFrame
    | ArmyAfterFrame
    | ArmyStartFrame
    | ArmyStepFrame
    | BaseMapPlaceFrame
    | BaseMapTileFrame
    | BaseMapTurnFrame
    | BaseSetupFinishFrame
    | BuildFrame
    | CampusFrame
    | CapitalismFrame
    | CapitalismPickFrame
    | CaravanStartFrame
    | CaravanStepFrame
    | CaravansFrame
    | CardAttackFrame
    | CardAttackAfterFrame
    | ChooseFrame
    | ClaimRemoveFrame
    | CombatFrame
    | CommitFrame
    | CsFateFrame
    | DialFrame
    | DiplTakeFrame
    | DiscardFrame
    | DistrictFrame
    | DistrictEventFrame
    | EncampmentFrame
    | EndTurnFrame
    | EventBarbMoveFrame
    | EventDistrictsFrame
    | EventGovernmentFrame
    | EventSpawnFrame
    | EventTradeFrame
    | EventWonderFrame
    | ExplorePlaceFrame
    | FocusFrame
    | FxAmericaFrame
    | FxAstronomyFrame
    | FxAstronomyRestFrame
    | FxCartographyFrame
    | FxCraftsmanshipFrame
    | FxEmbassyFrame
    | FxEnglandFrame
    | FxGenevaFrame
    | FxHumanismFrame
    | FxIbrahimFrame
    | FxMilEngFrame
    | FxMountainFrame
    | FxMysticismFrame
    | FxNapFrame
    | FxNubiaFrame
    | FxPolandFrame
    | FxRadioFrame
    | FxRazeFrame
    | FxSeoulFrame
    | FxShipWaterFrame
    | FxSwapFrame
    | GlobalizationFrame
    | GovernmentFrame
    | HubFrame
    | MassMediaFrame
    | MissingResourceFrame
    | NextTurnFrame
    | NukeFrame
    | OccupyTokenFrame
    | PayFrame
    | PlaceFrame
    | PlunderFrame
    | RaidFrame
    | ReinforceFrame
    | ResetFrame
    | RoundEndFrame
    | SetupCapitalFrame
    | SetupFinishFrame
    | SetupFortFrame
    | ShiftFrame
    | StartOfTurnFrame
    | SwapResourceFrame
    | TargetFrame
    | TechFrame
    | TheaterFrame
    | TradePlaceFrame
    | TurnFrame
    | WAmundsenFrame
    | WApadanaFrame
    | WApadanaClaimFrame
    | WApadanaNewFrame
    | WColosseumFrame
    | WCristoRedentorFrame
    | WEiffelPickFrame
    | WEiffelTowerFrame
    | WEstadioFrame
    | WForbiddenCityFrame
    | WGreatLibraryFrame
    | WGreatZimbabweFrame
    | WOracleFrame
    | WOrszaghazFrame
    | WPotalaPalaceFrame
    | WSankoreFrame
    | WStonehengeFrame
    | WUpgradeFrame
    | WVenetianArsenalFrame
    | WonderCityFrame
    | WonderMoveFrame
    | ZoneFrame
    | ZoneCityFrame
)
