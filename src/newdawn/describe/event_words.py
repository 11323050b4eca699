"""The engine's events in words: one sentence per event, made from its facts.

The engine states what happened as facts (``engine/event.py``: one declared shape per kind,
seats from 0, space ids, data ids, numbers); each kind has its words here (``EVENT_WORDS``),
built from the table's names (``names.py``), so the log says "Seat 2", card and wonder names,
and a place as a player would name it. ``tests/describe/test_event_words.py`` checks that
every declared kind has its words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

from ..engine import GameState
from ..engine.event import (
    AgendaEvent,
    AgendaLostEvent,
    ApCannotPlaceEvent,
    ApReplaceEvent,
    ArmyBackEvent,
    ArmyHomeEvent,
    AstronomyEvent,
    AttackEvent,
    AttackResultEvent,
    BarbDieEvent,
    BarbHitEvent,
    BarbMovedEvent,
    BarbRaidEvent,
    BarbReturnEvent,
    BarbTurnedEvent,
    CapitalEvent,
    CaravanBarbEvent,
    CaravanCityEvent,
    CaravanCsEvent,
    CaravanHomeEvent,
    CityEvent,
    ColossusEvent,
    ConquerEvent,
    DialAdvanceEvent,
    DialEvent,
    DistrictTradeEvent,
    EmbassyEvent,
    EncampmentEvent,
    Event,
    EventTradeEvent,
    ExchangeDiplomacyEvent,
    ExploreEvent,
    FallbackTokenEvent,
    FortEvent,
    GovernmentEvent,
    HolesEvent,
    IbrahimEvent,
    JebelBarkalEvent,
    LiberateEvent,
    MapTileEvent,
    MoveTokenEvent,
    NoAttackFromEvent,
    NotImplementedEvent,
    NukeEvent,
    NukeHitEvent,
    NwBackEvent,
    NwCardEvent,
    PactReturnEvent,
    PlaceEvent,
    RazeEvent,
    ReinforceAroundEvent,
    ReinforceEvent,
    ReplaceCityEvent,
    ReplaceTokenEvent,
    RerollEvent,
    ResolveEvent,
    ReturnCsCardEvent,
    ReturnDiplomacyEvent,
    RoundLimitEvent,
    SetupCoreEvent,
    SetupDoneEvent,
    SetupFirstEvent,
    SetupMapEvent,
    SwapCardsEvent,
    TakeBackEvent,
    TakeCardEvent,
    TakeResourceEvent,
    TakeRivalCardEvent,
    TakeTokenEvent,
    TakeWonderEvent,
    TileBackEvent,
    TokenRemovedEvent,
    TradeEvent,
    UnreinforceEvent,
    WaterTokenEvent,
    WinEvent,
    WonderBuiltEvent,
    WonderControlEvent,
    WonderGoneEvent,
    WonderMovedEvent,
)
from .names import (
    a_an,
    agenda_of,
    at_space,
    at_terrain,
    card_name,
    city_state_name,
    diplomacy_name,
    district_name,
    government_name,
    icon_text_of,
    natural_wonder_name,
    plural,
    seat_name,
    space_text,
    terrain_text,
    thing_name,
    wonder_name,
    words,
)
from .places import place

Words = Callable[[GameState, Any], tuple[str, str]]
"""(kind of log entry, sentence) for an event of one kind."""

EVENT_WORDS: Final[dict[str, Words]] = {}
"""Event kind -> its words."""


def _words(kind: str, entry: str = "event") -> Callable[[Callable[[GameState, Any], str]], Callable[[GameState, Any], str]]:
    """Register the sentence of event ``kind`` (the log entry's kind is ``entry``)."""
    def deco(fn: Callable[[GameState, Any], str]) -> Callable[[GameState, Any], str]:
        EVENT_WORDS[kind] = lambda st, e: (entry, fn(st, e))
        return fn
    return deco


def sentence(text: str) -> str:
    """The text as a sentence: capital first letter."""
    return text[:1].upper() + text[1:]


def event_sentence(st: GameState, e: Event) -> tuple[str, str]:
    """(kind of log entry, sentence) of the event ``e`` on the state after it."""
    kind, text = EVENT_WORDS[e["kind"]](st, e)
    return kind, sentence(text)


def _on(st: GameState, s: int) -> str:
    """A space as a place: "the hills beside Seoul"."""
    return space_text(st, s) if 0 <= s < st.board.n else "a space"


def _terr(st: GameState, s: int) -> str:
    """The terrain of the event's space (what stands there now may be the event's own result)."""
    return terrain_text(st, s) if 0 <= s < st.board.n else "a space"


def _at(st: GameState, s: int) -> str:
    """"on the hills beside Seoul", "at Seoul"."""
    return at_space(st, s) if 0 <= s < st.board.n else "on a space"


def _at_terr(st: GameState, s: int) -> str:
    """"on the hills beside Seoul", "at Seoul": where the event took place, by terrain."""
    return at_terrain(st, s) if 0 <= s < st.board.n else "on a space"


def _focus(ftype: str) -> str:
    return f"{ftype} card"


def _source(st: GameState, by: str) -> str:
    """" (Colosseum)": the printed effect that did it, in brackets; "" by the rules."""
    if not by or by in ("automa",):
        return ""
    return f" ({thing_name(st, by)})"


def target_words(st: GameState, target: str, defender: int, s: int | None = None) -> str:
    """The piece attacked, in words: "Seat 2's city on the hills beside Seoul", "the
    city-state Carthage", "barbarian B on the forest beside Seat 1's capital"."""
    if s is None:
        return _target(target, defender)
    kind = target.partition(":")[0]
    if kind == "cs" and s in st.cs_at:
        return f"the city-state {city_state_name(st, st.cs_at[s])}"
    if kind == "barb":
        letter = next((k for k, v in st.barbs.items() if v == s), "")
        return f"barbarian {letter} {_at_terr(st, s)}" if letter else f"a barbarian {_at_terr(st, s)}"
    if kind == "fort":
        p = place(st, s) if 0 <= s < st.board.n else None
        if p is not None and p.terrain == "fort" and not p.landmark:
            return p.name  # "the fort north-east of Seoul", not "the fort on the fort north-east of Seoul"
        return f"the fort {_at_terr(st, s)}"
    return f"{_target(target, defender)} {_at_terr(st, s)}"


def _target(target: str, defender: int) -> str:
    kind = target.partition(":")[0]
    if kind == "barb":
        return "a barbarian"
    if kind == "cs":
        return "a city-state"
    if kind == "fort":
        return "a fort"
    owner = seat_name(defender)
    return {"city": f"{owner}'s city", "ctl": f"{owner}'s control token", "army": f"{owner}'s army",
            "capital": f"{owner}'s capital", "caravan": f"{owner}'s caravan"}.get(kind, f"{owner}'s {words(kind)}")


def _agenda(st: GameState, aid: str) -> str:
    a = agenda_of(st, aid)
    return f"{a.name} ({a.text.rstrip('.')})" if a is not None else words(aid)


def _token(st: GameState, token: str) -> str:
    """A token taken from the map: "the Mount Everest token", "a niter token"."""
    if token.startswith("nw:"):
        return f"the {natural_wonder_name(st, token[3:])} token"
    return a_an(f"{thing_name(st, token)} token")


# ---------------------------------------------------------------- control tokens, cities, districts

@_words("place")
def _place(st: GameState, e: PlaceEvent) -> str:
    what = a_an(f"{district_name(e['district'])} district") if e["district"] else "a control token"
    return f"{seat_name(e['seat'])} places {what} {_at_terr(st, e['space'])}"


@_words("take_token")
def _take_token(st: GameState, e: TakeTokenEvent) -> str:
    where = f" from {_terr(st, e['space'])}" if "space" in e else ""
    return f"{seat_name(e['seat'])} takes {_token(st, e['token'])}{where}"


@_words("take_back")
def _take_back(st: GameState, e: TakeBackEvent) -> str:
    return f"{seat_name(e['seat'])} takes back the control token {_at(st, e['space'])}"


@_words("move_token")
def _move_token(st: GameState, e: MoveTokenEvent) -> str:
    return f"{seat_name(e['seat'])} moves a control token from {_on(st, e['src'])} to {_on(st, e['dst'])}"


@_words("reinforce")
def _reinforce(st: GameState, e: ReinforceEvent) -> str:
    return f"{seat_name(e['seat'])} reinforces the control token {_at(st, e['space'])}{_source(st, e.get('by', ''))}"


@_words("reinforce_around")
def _reinforce_around(st: GameState, e: ReinforceAroundEvent) -> str:
    return f"{seat_name(e['seat'])} reinforces its control tokens beside its armies"


@_words("unreinforce")
def _unreinforce(st: GameState, e: UnreinforceEvent) -> str:
    return f"the control token {_at(st, e['space'])} is flipped to its unreinforced side"


@_words("replace_token")
def _replace_token(st: GameState, e: ReplaceTokenEvent) -> str:
    return f"{seat_name(e['seat'])} replaces {seat_name(e['other'])}'s control token {_at(st, e['space'])}"


@_words("token_removed")
def _token_removed(st: GameState, e: TokenRemovedEvent) -> str:
    by = e.get("by", "")
    if "actor" in e:
        return (f"{seat_name(e['actor'])} removes {seat_name(e['seat'])}'s control token from "
                f"{_on(st, e['space'])}{_source(st, by)}")
    return f"{seat_name(e['seat'])}'s control token {_at(st, e['space'])} is removed{_source(st, by)}"


@_words("city")
def _city(st: GameState, e: CityEvent) -> str:
    return f"{seat_name(e['seat'])} builds a city {_at_terr(st, e['space'])}"


@_words("replace_city")
def _replace_city(st: GameState, e: ReplaceCityEvent) -> str:
    return (f"{seat_name(e['seat'])} replaces {seat_name(e['other'])}'s city {_at_terr(st, e['space'])}"
            f"{_source(st, e['by'])}")


@_words("fallback_token")
def _fallback_token(st: GameState, e: FallbackTokenEvent) -> str:
    return (f"{seat_name(e['seat'])} has no city left and places a reinforced control token "
            f"{_at_terr(st, e['space'])}")


@_words("raze")
def _raze(st: GameState, e: RazeEvent) -> str:
    return f"{seat_name(e['seat'])} razes the control token {_at_terr(st, e['space'])}, and its army moves on"


@_words("water_token")
def _water_token(st: GameState, e: WaterTokenEvent) -> str:
    return f"{seat_name(e['seat'])} lays a water token at the edge of the map (Shipbuilding)"


@_words("nw_back")
def _nw_back(st: GameState, e: NwBackEvent) -> str:
    return f"the {natural_wonder_name(st, e['nw'])} token goes back on its space"


@_words("nuke")
def _nuke(st: GameState, e: NukeEvent) -> str:
    return f"{seat_name(e['seat'])} uses Nuclear Power {_at_terr(st, e['space'])}"


@_words("nuke_hit")
def _nuke_hit(st: GameState, e: NukeHitEvent) -> str:
    return f"Nuclear Power destroys {seat_name(e['seat'])}'s {e['piece']} {_at_terr(st, e['space'])}"


# ---------------------------------------------------------------- cards, dials, trade

@_words("resolve", "action")
def _resolve(st: GameState, e: ResolveEvent) -> str:
    tokens = f" with {plural(e['tokens'], 'trade token')}" if e["tokens"] else ""
    return f"{seat_name(e['seat'])} resolves {card_name(st, e['card'])} in slot {e['slot']}{tokens}"


@_words("dial_advance")
def _dial_advance(st: GameState, e: DialAdvanceEvent) -> str:
    return f"{seat_name(e['seat'])} turns the tech dial {plural(e['steps'], 'space')}, to {e['to']}"


@_words("take_card")
def _take_card(st: GameState, e: TakeCardEvent) -> str:
    return f"{seat_name(e['seat'])} takes {card_name(st, e['card'])}"


@_words("ap_replace")
def _ap_replace(st: GameState, e: ApReplaceEvent) -> str:
    return f"{seat_name(e['seat'])} replaces {card_name(st, e['old'])} with {card_name(st, e['card'])}"


@_words("trade")
def _trade(st: GameState, e: TradeEvent) -> str:
    return f"{seat_name(e['seat'])} puts a trade token on its {_focus(e['card'])}"


@_words("ap_cannot_place")
def _ap_cannot_place(st: GameState, e: ApCannotPlaceEvent) -> str:
    return (f"{seat_name(e['seat'])} cannot place {plural(e['left'], 'control token')}: trade tokens go on its "
            f"{_focus(e['card'])} instead")


@_words("district_trade")
def _district_trade(st: GameState, e: DistrictTradeEvent) -> str:
    return (f"{seat_name(e['seat'])}'s {district_name(e['district'])} puts {plural(e['n'], 'trade token')} "
            f"on its {_focus(e['focus'])}")


@_words("event_trade")
def _event_trade(st: GameState, e: EventTradeEvent) -> str:
    return f"{seat_name(e['seat'])} gains {plural(e['tokens'], 'trade token')} for its mature cities"


@_words("swap_cards")
def _swap_cards(st: GameState, e: SwapCardsEvent) -> str:
    return f"{seat_name(e['seat'])} swaps its {e['a']} and {e['b']} cards"


@_words("pact_return")
def _pact_return(st: GameState, e: PactReturnEvent) -> str:
    return f"{seat_name(e['seat'])} returns the Non-Aggression Pact and swaps its military and {e['focus']} cards"


@_words("embassy")
def _embassy(st: GameState, e: EmbassyEvent) -> str:
    return (f"{seat_name(e['seat'])}'s Embassy puts a trade token on {seat_name(e['giver'])}'s "
            f"{_focus(e['focus'])}")


@_words("nw_card")
def _nw_card(st: GameState, e: NwCardEvent) -> str:
    return f"{seat_name(e['seat'])} puts {natural_wonder_name(st, e['nw'])} on its {_focus(e['focus'])}"


@_words("jebel_barkal")
def _jebel_barkal(st: GameState, e: JebelBarkalEvent) -> str:
    return f"{seat_name(e['seat'])} spends {a_an(thing_name(st, e['resource']))} for +{e['plus']} (Jebel Barkal)"


@_words("take_resource")
def _take_resource(st: GameState, e: TakeResourceEvent) -> str:
    return f"{seat_name(e['seat'])} takes {a_an(thing_name(st, e['resource']) + ' token')}"


@_words("ibrahim")
def _ibrahim(st: GameState, e: IbrahimEvent) -> str:
    return f"{seat_name(e['seat'])} hands Ibrahim to {seat_name(e['other'])}"


@_words("government")
def _government(st: GameState, e: GovernmentEvent) -> str:
    return f"{seat_name(e['seat'])} changes government to {government_name(st, e['gov'])}"


# ---------------------------------------------------------------- wonders, city-states, diplomacy

@_words("wonder_control")
def _wonder_control(st: GameState, e: WonderControlEvent) -> str:
    return f"{seat_name(e['seat'])} gains control of {wonder_name(st, e['wonder'])}"


@_words("wonder_built")
def _wonder_built(st: GameState, e: WonderBuiltEvent) -> str:
    return (f"{seat_name(e['seat'])} builds {wonder_name(st, e['wonder'])} "
            f"(production {e['prod']} for cost {e['cost']})")


@_words("take_wonder")
def _take_wonder(st: GameState, e: TakeWonderEvent) -> str:
    return f"{seat_name(e['seat'])} takes {wonder_name(st, e['wonder'])}"


@_words("wonder_gone")
def _wonder_gone(st: GameState, e: WonderGoneEvent) -> str:
    revealed = f"; {wonder_name(st, e['revealed'])} is revealed" if e["revealed"] else ""
    return f"{wonder_name(st, e['wonder'])} leaves the game (a second trade token){revealed}"


@_words("wonder_moved")
def _wonder_moved(st: GameState, e: WonderMovedEvent) -> str:
    return f"{seat_name(e['seat'])} moves the {wonder_name(st, e['wonder'])} token to {_terr(st, e['space'])}"


@_words("conquer")
def _conquer(st: GameState, e: ConquerEvent) -> str:
    return f"{seat_name(e['seat'])} conquers {city_state_name(st, e['cs'])}"


@_words("liberate")
def _liberate(st: GameState, e: LiberateEvent) -> str:
    if e["seat"] >= 0:
        return f"{seat_name(e['seat'])} liberates {city_state_name(st, e['cs'])}"
    return f"{city_state_name(st, e['cs'])} is liberated"


@_words("take_rival_card")
def _take_rival_card(st: GameState, e: TakeRivalCardEvent) -> str:
    return f"{seat_name(e['seat'])} takes {seat_name(e['other'])}'s {thing_name(st, e['card'])}"


@_words("exchange_diplomacy")
def _exchange_diplomacy(st: GameState, e: ExchangeDiplomacyEvent) -> str:
    return (f"{seat_name(e['seat'])} gives back {diplomacy_name(st, e['held'])} and takes "
            f"{seat_name(e['other'])}'s {thing_name(st, e['new'])}")


@_words("return_cs_card")
def _return_cs_card(st: GameState, e: ReturnCsCardEvent) -> str:
    return f"{seat_name(e['seat'])} returns {city_state_name(st, e['cs'])}'s diplomacy card"


@_words("return_diplomacy")
def _return_diplomacy(st: GameState, e: ReturnDiplomacyEvent) -> str:
    return f"{seat_name(e['seat'])} returns {seat_name(e['other'])}'s {thing_name(st, e['card'])}"


# ---------------------------------------------------------------- armies, caravans, combat

@_words("attack", "combat")
def _attack(st: GameState, e: AttackEvent) -> str:
    return (f"{seat_name(e['seat'])} attacks {target_words(st, e['target'], e['defender'], e['space'])}: "
            f"{e['a_die']} + {e['a_base']} against {e['d_die']} + {e['d_base']}")


@_words("reroll", "combat")
def _reroll(st: GameState, e: RerollEvent) -> str:
    return f"{seat_name(e['seat'])} rerolls: {e['die']}"


@_words("attack_result", "combat")
def _attack_result(st: GameState, e: AttackResultEvent) -> str:
    if e["won"]:
        return f"the attack succeeds ({e['attack']} against {e['defence']})"
    home = ": the army returns to its card" if e["home"] else ""
    return f"the attack fails ({e['attack']} against {e['defence']}){home}"


@_words("army_home")
def _army_home(st: GameState, e: ArmyHomeEvent) -> str:
    if e.get("why") == "city_state" and "space" in e:
        return (f"{seat_name(e['seat'])}'s army may not stay in {_on(st, e['space'])} and goes back to its card")
    return f"{seat_name(e['seat'])}'s army goes back to its card"


@_words("army_back")
def _army_back(st: GameState, e: ArmyBackEvent) -> str:
    return f"{seat_name(e['seat'])}'s army returns to {_on(st, e['space'])}"


@_words("caravan_home")
def _caravan_home(st: GameState, e: CaravanHomeEvent) -> str:
    return f"{seat_name(e['seat'])}'s caravan, which already traded there this turn, goes back to its card"


@_words("colossus")
def _colossus(st: GameState, e: ColossusEvent) -> str:
    return f"{seat_name(e['seat'])} gives Caravan {e['figure'] + 1} one more step (Colossus)"


@_words("caravan_barb")
def _caravan_barb(st: GameState, e: CaravanBarbEvent) -> str:
    return f"{seat_name(e['seat'])} defeats barbarian {e['letter']} {_at_terr(st, e['space'])}"


@_words("caravan_cs")
def _caravan_cs(st: GameState, e: CaravanCsEvent) -> str:
    return (f"{seat_name(e['seat'])}'s caravan reaches {city_state_name(st, e['cs'])}: "
            f"{plural(e['n'], 'trade token')}" + (" and its diplomacy card" if e["card"] else ""))


@_words("caravan_city")
def _caravan_city(st: GameState, e: CaravanCityEvent) -> str:
    return f"{seat_name(e['seat'])}'s caravan reaches {seat_name(e['other'])}'s city {_at_terr(st, e['space'])}"


@_words("encampment")
def _encampment(st: GameState, e: EncampmentEvent) -> str:
    what = f"barbarian {e['letter']}" if e["letter"] else f"{seat_name(e['other'])}'s army"
    return f"{seat_name(e['seat'])}'s Encampment defeats {what}"


@_words("no_attack_from")
def _no_attack_from(st: GameState, e: NoAttackFromEvent) -> str:
    return f"{seat_name(e['seat'])} holds {_on(st, e['space'])} and cannot attack from it this turn"


# ---------------------------------------------------------------- event dial and barbarians

@_words("dial", "dial")
def _dial(st: GameState, e: DialEvent) -> str:
    return f"the event dial turns: {icon_text_of(e['icons'])}" if e["icons"] else "the event dial turns to a blank space"


@_words("barb_die", "barbarian")
def _barb_die(st: GameState, e: BarbDieEvent) -> str:
    return f"barbarians move: the die shows {e['die']}"


@_words("barb_return", "barbarian")
def _barb_return(st: GameState, e: BarbReturnEvent) -> str:
    return f"barbarian {e['letter']} returns {_at(st, e['space'])}"


@_words("barb_hit", "barbarian")
def _barb_hit(st: GameState, e: BarbHitEvent) -> str:
    """A barbarian entering a space destroys what stands there; an army or caravan (named as
    on the buttons: "Army 2") goes back to its focus card."""
    who = seat_name(e["seat"])
    if "n" in e:
        verb = "defeats" if e["piece"] == "army" else "destroys"
        return (f"barbarian {e['letter']} {verb} {who}'s {e['piece'].capitalize()} {e['n'] + 1} "
                f"{_at_terr(st, e['space'])}: it goes back to its focus card")
    return f"barbarian {e['letter']} destroys {who}'s {e['piece']} {_at_terr(st, e['space'])}"


@_words("barb_raid", "barbarian")
def _barb_raid(st: GameState, e: BarbRaidEvent) -> str:
    return f"barbarian {e['letter']} raids {seat_name(e['seat'])}'s capital"


@_words("barb_turned", "barbarian")
def _barb_turned(st: GameState, e: BarbTurnedEvent) -> str:
    return (f"barbarian {e['letter']} is turned back by {seat_name(e['seat'])}'s reinforced token "
            f"{_at_terr(st, e['space'])}; the token is flipped")


@_words("barb_moved", "barbarian")
def _barb_moved(st: GameState, e: BarbMovedEvent) -> str:
    return f"{seat_name(e['seat'])} moves barbarian {e['letter']} to {_on(st, e['dst'])}"


# ---------------------------------------------------------------- map and setup

@_words("explore")
def _explore(st: GameState, e: ExploreEvent) -> str:
    return f"{seat_name(e['seat'])} explores and draws a map tile"


@_words("tile_back")
def _tile_back(st: GameState, e: TileBackEvent) -> str:
    return f"{seat_name(e['seat'])} draws a map tile that cannot be placed: it goes back on top of the stack"


@_words("holes", "setup")
def _holes(st: GameState, e: HolesEvent) -> str:
    return f"{plural(e['n'], 'enclosed hole')} in the map {'is' if e['n'] == 1 else 'are'} filled with water"


@_words("astronomy")
def _astronomy(st: GameState, e: AstronomyEvent) -> str:
    if e["end"]:
        return f"{seat_name(e['seat'])} puts a map tile at the {e['end']} of the stack (Astronomy)"
    return f"{seat_name(e['seat'])} places a map tile from the stack (Astronomy)"


@_words("map_tile", "setup")
def _map_tile(st: GameState, e: MapTileEvent) -> str:
    return f"{seat_name(e['seat'])} places a map tile"


@_words("setup_core", "setup")
def _setup_core(st: GameState, e: SetupCoreEvent) -> str:
    return f"the core tiles are laid (die {e['die']}); {seat_name(e['first'])} goes first"


@_words("setup_first", "setup")
def _setup_first(st: GameState, e: SetupFirstEvent) -> str:
    return f"{seat_name(e['first'])} goes first"


@_words("setup_map", "setup")
def _setup_map(st: GameState, e: SetupMapEvent) -> str:
    return f"the first-game map is laid ({plural(len(e['tiles']), 'tile')})"


@_words("fort", "setup")
def _fort(st: GameState, e: FortEvent) -> str:
    """"Seat 1 places a fort in the south-west of the map": the space now holds the fort, whose
    name ("the fort in the south-west of the map") would say it twice."""
    s = e["space"]
    p = place(st, s) if 0 <= s < st.board.n else None
    where = p.where if p is not None and p.where and not p.landmark else _at_terr(st, s)
    return f"{seat_name(e['seat'])} places a fort {where}"


@_words("capital", "setup")
def _capital(st: GameState, e: CapitalEvent) -> str:
    # The capital is a landmark once placed: its own space is named by the landmarks around it
    # ("on the grassland north-west of Mato Tipila"), not by itself ("at Seat 2's capital").
    seat, s = e["seat"], e["space"]
    if 0 <= seat < len(st.capitals) and st.capitals[seat] == s:
        st = st.copy()
        st.capitals = tuple(-1 if q == seat else c for q, c in enumerate(st.capitals))
    return f"{seat_name(seat)} places their capital {_at_terr(st, s)}"


@_words("setup_done", "setup")
def _setup_done(st: GameState, e: SetupDoneEvent) -> str:
    return "the setup is complete"


# ---------------------------------------------------------------- agendas and the end

@_words("agenda", "claim")
def _agenda_done(st: GameState, e: AgendaEvent) -> str:
    return f"{seat_name(e['seat'])} completes the agenda {_agenda(st, e['agenda'])}"


@_words("agenda_lost", "claim")
def _agenda_lost(st: GameState, e: AgendaLostEvent) -> str:
    return f"{seat_name(e['seat'])} loses the agenda {_agenda(st, e['agenda'])}"


@_words("win", "end")
def _win(st: GameState, e: WinEvent) -> str:
    return f"{seat_name(e['seat'])} wins the game"


@_words("round_limit", "end")
def _round_limit(st: GameState, e: RoundLimitEvent) -> str:
    return f"the round limit ({e['rounds']}) is reached: nobody wins"


@_words("not_implemented")
def _not_implemented(st: GameState, e: NotImplementedEvent) -> str:
    return f"a card's effect ({words(e['effect'])}) is not implemented and is skipped"


def event_spaces(e: Event) -> list[int]:
    """The spaces an event names (to highlight when its sentence is pointed at)."""
    d = cast(dict[str, Any], e)
    return [d[k] for k in ("space", "src", "dst") if isinstance(d.get(k), int) and d[k] >= 0]
