"""Every decision's question, in the table's words, made from its frame.

The engine states what a pending decision is (its kind and its frame, ``engine/frames.py``)
and words nothing; each kind has its question here (``QUESTIONS``), with the table's names
(seats from 1, "Army 2", card and wonder names). ``question(st)`` is the pending question as
the table, the hints and the language-model adapter show it. ``tests/describe/test_questions.py``
checks that every decision kind has its question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..engine import ZIMBABWE, GameState, printed_number
from ..engine import frames as fr
from ..engine.rulesets import base_frames as bfr
from .names import card_name, plural, seat_full, wonder_name

Question = Callable[[GameState, Any], str]

QUESTIONS: Final[dict[str, Question]] = {}
"""Decision kind -> its question."""

NEAR: Final = {
    "city": "next to a friendly city", "space": "next to a friendly space", "district": "next to a friendly district",
}


def _asks(kind: str) -> Callable[[Callable[[GameState, Any], str]], Callable[[GameState, Any], str]]:
    def deco(fn: Callable[[GameState, Any], str]) -> Callable[[GameState, Any], str]:
        QUESTIONS[kind] = fn
        return fn
    return deco


def decider_words(st: GameState, seat: int, bot: bool) -> dict[str, str] | None:
    """The heading of the pending decision (``schema.DeciderWords``) in each way the table shows
    it: to the others (``waiting``: "Waiting for Seat 2 (Gandhi) (bot)"), to the seat that
    decides (``yours``, ``card``: a focus card played as it is), with the seat's name in a
    hot-seat game (``yours_named``, ``card_named``), and the hot-seat table's line when the
    screen goes to that seat (``pass``). None once the game is over."""
    if st.winner != -1 or not 0 <= seat < st.n:
        return None
    name = seat_full(st, seat)
    return {"waiting": f"Waiting for {name}" + (" (bot)" if bot else ""),
            "yours": "Your decision", "yours_named": f"{name}, your decision",
            "card": "Your card", "card_named": f"{name}, your card",
            "pass": f"{name} decides now: pass the screen."}


def question(st: GameState) -> str:
    """The pending decision's question ("The game is over" once it is)."""
    if st.winner != -1 or not st.stack_frames:
        return "The game is over"
    f = st.stack_frames[-1]
    fn = QUESTIONS.get(f["kind"])
    return fn(st, f) if fn is not None else f["kind"].replace("_", " ").capitalize()


_FIGURES: Final = {"army_step": "armies", "caravan_step": "caravans", "fx_ship_water": "caravans"}
"""Decision kinds about a moving figure: the question's place is where it stands."""


def question_spaces(st: GameState) -> list[int]:
    """The space ids the pending question talks about ("that mountain", "the explorer's space",
    the fight's space, the district that resolves, the moving army's space), for the table to
    highlight while the question is pointed at (it never reads the words); empty when the
    question names no place."""
    if st.winner != -1 or not st.stack_frames:
        return []
    f: dict[str, Any] = dict(st.stack_frames[-1])
    out: list[int] = []
    space = f.get("space")
    if isinstance(space, int):
        out.append(space)
    near = f.get("near")
    if isinstance(near, int) and near >= 0:
        out.append(near)
    elif isinstance(near, str) and ":" in near:  # "at:<space>", "within2:<space>"
        out.append(int(near.partition(":")[2]))
    pieces = _FIGURES.get(f["kind"])
    if pieces is not None and "figure" in f:
        ps = st.players[f["seat"]]
        at = (ps.armies if pieces == "armies" else ps.caravans)[f["figure"]]
        out.append(at)
    return sorted({s for s in out if 0 <= s < st.board.n})


def _combat_text(f: fr.CombatFrame) -> str:
    a = f["attack_die"] + f["attack_base"] + f["attack_plus"]
    d = f["defence_die"] + f["defence_base"] + f["defence_plus"]
    who = "Attacker" if f["stage"] == "attacker" else "Defender"
    return f"{who}: spend military trade tokens? (attack {a}, defence {d}; the defender wins ties)"


# ---------------------------------------------------------------- culture

@_asks("place")
def _place(st: GameState, f: fr.PlaceFrame) -> str:
    return f"Place a control token ({f['left']} left, {NEAR.get(f['near'], 'next to the named space')})"


@_asks("shift")
def _shift(st: GameState, f: fr.ShiftFrame) -> str:
    return "You may move one of your control tokens to an adjacent empty space"


@_asks("mass_media")
def _mass_media(st: GameState, f: fr.MassMediaFrame) -> str:
    return "You may swap or flip a rival control token near your territory"


# ---------------------------------------------------------------- districts

@_asks("hub")
def _hub(st: GameState, f: fr.HubFrame) -> str:
    return "Commercial Hub: tokens for mature cities, or for deserts near it"


@_asks("zone")
def _zone(st: GameState, f: fr.ZoneFrame) -> str:
    return "Industrial Zone: tokens for forests near it, or 3 industry tokens for a city"


@_asks("zone_city")
def _zone_city(st: GameState, f: fr.ZoneCityFrame) -> str:
    return "Build a city within two spaces of a friendly space"


@_asks("encampment")
def _encampment(st: GameState, f: fr.EncampmentFrame) -> str:
    return "Encampment: defeat a barbarian or rival army, and/or reinforce a token, within 2"


@_asks("theater")
def _theater(st: GameState, f: fr.TheaterFrame) -> str:
    return "Theater Square: place a control token within 2 spaces"


# ---------------------------------------------------------------- economy

@_asks("caravans")
def _caravans(st: GameState, f: fr.CaravansFrame) -> str:
    return "Choose a caravan to move, or finish"


@_asks("caravan_start")
def _caravan_start(st: GameState, f: fr.CaravanStartFrame) -> str:
    return "Choose the city your caravan leaves from"


@_asks("caravan_step")
def _caravan_step(st: GameState, f: fr.CaravanStepFrame) -> str:
    return f"Move Caravan {f['figure'] + 1} ({f['left']} movement left)"


@_asks("dipl_take")
def _dipl_take(st: GameState, f: fr.DiplTakeFrame) -> str:
    return f"You may take one of Seat {f['rival'] + 1}'s diplomacy cards"


@_asks("swap_resource")
def _swap_resource(st: GameState, f: fr.SwapResourceFrame) -> str:
    return "You may trade one of your resources for another type"


@_asks("capitalism_pick")
def _capitalism_pick(st: GameState, f: fr.CapitalismPickFrame) -> str:
    return "You may resolve another focus card as if in the first slot"


@_asks("fx_ship_water")
def _fx_ship_water(st: GameState, f: fr.FxShipWaterFrame) -> str:
    return "Shipbuilding: you may lay a water token touching your caravan's space before exploring"


# ---------------------------------------------------------------- effects.diplomacy

@_asks("fx_seoul")
def _fx_seoul(st: GameState, f: fr.FxSeoulFrame) -> str:
    return "Seoul: you may move a barbarian to an adjacent empty land space"


@_asks("fx_geneva")
def _fx_geneva(st: GameState, f: fr.FxGenevaFrame) -> str:
    return "Geneva: you may exchange a diplomacy card with the player who gave it"


@_asks("fx_embassy")
def _fx_embassy(st: GameState, f: fr.FxEmbassyFrame) -> str:
    return f"Embassy: put a trade token on a card of Seat {f['giver'] + 1}"


@_asks("fx_nap")
def _fx_nap(st: GameState, f: fr.FxNapFrame) -> str:
    return "Non-Aggression Pact broken: you may return it to swap your military card"


# ---------------------------------------------------------------- effects.leaders

@_asks("fx_mountain")
def _fx_mountain(st: GameState, f: fr.FxMountainFrame) -> str:
    return 'You may place a control token on a mountain next to a friendly space' if f['near'] < 0 else 'Terrace Farms: you may place a control token next to that mountain'


@_asks("fx_radio")
def _fx_radio(st: GameState, f: fr.FxRadioFrame) -> str:
    return f"Radio: you may replace a rival non-capital city within {f['range']} spaces of your cities"


@_asks("fx_astronomy")
def _fx_astronomy(st: GameState, f: fr.FxAstronomyFrame) -> str:
    return "Astronomy: you may place one of the two bottom tiles of the stack next to your capital tile"


@_asks("fx_astronomy_rest")
def _fx_astronomy_rest(st: GameState, f: fr.FxAstronomyRestFrame) -> str:
    return "Astronomy: put each tile you looked at on the top or the bottom of the stack"


@_asks("fx_cartography")
def _fx_cartography(st: GameState, f: fr.FxCartographyFrame) -> str:
    return f"Cartography: you may build a city within {printed_number(st, 'cartography', 'range')} spaces of that rival city"


@_asks("fx_raze")
def _fx_raze(st: GameState, f: fr.FxRazeFrame) -> str:
    return "Scorched Earth: raze the beaten token (your army may go on), or replace it"


@_asks("any_resource")
def _any_resource(st: GameState, f: fr.AnyResourceFrame) -> str:
    return "Take a resource of your choice"


@_asks("fx_swap")
def _fx_swap(st: GameState, f: fr.FxSwapFrame) -> str:
    return "Legend of the Five Suns: you may swap two cards of your focus row"


@_asks("fx_england")
def _fx_england(st: GameState, f: fr.FxEnglandFrame) -> str:
    return "Pax Britannica: you may put a control token next to your new city"


@_asks("fx_nubia")
def _fx_nubia(st: GameState, f: fr.FxNubiaFrame) -> str:
    return "Kandake of Meroë: you may resolve one of your districts"


@_asks("fx_ibrahim")
def _fx_ibrahim(st: GameState, f: fr.FxIbrahimFrame) -> str:
    return "Grand Vizier: you may hand the Ibrahim card to another player"


@_asks("fx_poland")
def _fx_poland(st: GameState, f: fr.FxPolandFrame) -> str:
    return "Lithuanian Union: take a diplomacy card of another player"


@_asks("fx_mil_eng")
def _fx_mil_eng(st: GameState, f: fr.FxMilEngFrame) -> str:
    return "Military Engineering: set armies from your card into your cities, then reinforce"


@_asks("fx_mysticism")
def _fx_mysticism(st: GameState, f: fr.FxMysticismFrame) -> str:
    return "Mysticism: you may move a token of yours next to the new district"


@_asks("fx_america")
def _fx_america(st: GameState, f: fr.FxAmericaFrame) -> str:
    return "Roosevelt Corollary: put the natural-wonder token on a focus card"


# ---------------------------------------------------------------- effects.wonders

@_asks("w_colosseum")
def _w_colosseum(st: GameState, f: fr.WColosseumFrame) -> str:
    return "Colosseum: you may reinforce one of your control tokens next to your city"


@_asks("w_forbidden_city")
def _w_forbidden_city(st: GameState, f: fr.WForbiddenCityFrame) -> str:
    return "Forbidden City: you may destroy a rival control token next to your territory"


@_asks("w_eiffel_tower")
def _w_eiffel_tower(st: GameState, f: fr.WEiffelTowerFrame) -> str:
    return f"Eiffel Tower: name {printed_number(st, 'eiffel_tower', 'named')} control tokens of one rival ({len(f['named'])} named" + (', you may skip)' if not f['named'] else ')')


@_asks("w_eiffel_pick")
def _w_eiffel_pick(st: GameState, f: fr.WEiffelPickFrame) -> str:
    return f"Eiffel Tower: give Seat {f['by'] + 1} one of the two named tokens"


@_asks("w_oracle")
def _w_oracle(st: GameState, f: fr.WOracleFrame) -> str:
    return "Oracle: you may swap two adjacent cards of your focus row"


@_asks("w_great_zimbabwe")
def _w_great_zimbabwe(st: GameState, f: fr.WGreatZimbabweFrame) -> str:
    return f"Great Zimbabwe: move stored trade tokens ({st.players[f['seat']].flags.get(ZIMBABWE, 0)} left) onto your focus cards"


@_asks("w_upgrade")
def _w_upgrade(st: GameState, f: fr.WUpgradeFrame) -> str:
    return f"{wonder_name(st, f['wonder'])}: you may replace a card of your row with the next level ({f['left']} left)"


@_asks("w_potala_palace")
def _w_potala_palace(st: GameState, f: fr.WPotalaPalaceFrame) -> str:
    return f"Potala Palace: take diplomacy cards from other players ({f['left']} left)"


@_asks("w_cristo_redentor")
def _w_cristo_redentor(st: GameState, f: fr.WCristoRedentorFrame) -> str:
    return "Cristo Redentor: you may replace a rival city near the wonder with one of yours"


@_asks("w_apadana")
def _w_apadana(st: GameState, f: fr.WApadanaFrame) -> str:
    return "Apadana: you may explore from an edge space of any tile"


@_asks("w_apadana_claim")
def _w_apadana_claim(st: GameState, f: fr.WApadanaClaimFrame) -> str:
    return "Apadana: you may put a control token on an empty space of the new tile"


@_asks("w_amundsen")
def _w_amundsen(st: GameState, f: fr.WAmundsenFrame) -> str:
    return "Amundsen-Scott: you may build a city holding this wonder on a map-edge space"


@_asks("w_stonehenge")
def _w_stonehenge(st: GameState, f: fr.WStonehengeFrame) -> str:
    return "Stonehenge: you may place control tokens on hills next to the one you placed"


@_asks("w_orszaghaz")
def _w_orszaghaz(st: GameState, f: fr.WOrszaghazFrame) -> str:
    return "Országház: you may conquer the city-state your caravan reached"


@_asks("w_great_library")
def _w_great_library(st: GameState, f: fr.WGreatLibraryFrame) -> str:
    return f"Great Library: you may take a card like one in Seat {f['rival'] + 1}'s row"


@_asks("w_sankore")
def _w_sankore(st: GameState, f: fr.WSankoreFrame) -> str:
    return "University of Sankore: you may swap two non-science cards of your row"


@_asks("w_venetian_arsenal")
def _w_venetian_arsenal(st: GameState, f: fr.WVenetianArsenalFrame) -> str:
    return f"Venetian Arsenal: you may resolve your {f['type']} card again as if in the first slot"


@_asks("w_estadio")
def _w_estadio(st: GameState, f: fr.WEstadioFrame) -> str:
    return "Estádio do Maracanã: you may also resolve and reset your economy card"


# ---------------------------------------------------------------- events

@_asks("discard")
def _discard(st: GameState, f: fr.DiscardFrame) -> str:
    return f"Barbarians raid your capital: discard trade tokens ({f['left']} left)"


@_asks("district_event")
def _district_event(st: GameState, f: fr.DistrictEventFrame) -> str:
    return "Resolve your districts in the order you choose"


@_asks("government")
def _government(st: GameState, f: fr.GovernmentFrame) -> str:
    return "You may change your government to a card in a '1' slot"


# ---------------------------------------------------------------- explore

@_asks("explore_place")
def _explore_place(st: GameState, f: fr.ExplorePlaceFrame) -> str:
    return "Place the map tile you drew touching the explorer's space"


# ---------------------------------------------------------------- growth

@_asks("reinforce")
def _reinforce(st: GameState, f: fr.ReinforceFrame) -> str:
    return f"Reinforce your control tokens ({f['left']} left)"


@_asks("district")
def _district(st: GameState, f: fr.DistrictFrame) -> str:
    return "Place a district"


@_asks("globalization")
def _globalization(st: GameState, f: fr.GlobalizationFrame) -> str:
    return "Name a district type: every player with one resolves it"


# ---------------------------------------------------------------- industry

@_asks("build")
def _build(st: GameState, f: fr.BuildFrame) -> str:
    return "Build a city or a world wonder"


@_asks("pay")
def _pay(st: GameState, f: fr.PayFrame) -> str:
    return f"Pay for {wonder_name(st, f['wonder'])}: production {f['production']} of {f['cost']}"


@_asks("wonder_city")
def _wonder_city(st: GameState, f: fr.WonderCityFrame) -> str:
    return f"Choose the city that holds the {wonder_name(st, f['wonder'])} token"


# ---------------------------------------------------------------- military

@_asks("armies")
def _armies(st: GameState, f: fr.ArmiesFrame) -> str:
    return "Choose an army to move, or finish"


@_asks("army_start")
def _army_start(st: GameState, f: fr.ArmyStartFrame) -> str:
    return "Choose the city your army leaves from"


@_asks("army_step")
def _army_step(st: GameState, f: fr.ArmyStepFrame) -> str:
    return f"Move Army {f['figure'] + 1} ({f['left']} movement left)"


@_asks("target")
def _target(st: GameState, f: fr.TargetFrame) -> str:
    return "Choose the piece your army attacks"


@_asks("combat")
def _combat(st: GameState, f: fr.CombatFrame) -> str:
    return _combat_text(f)


@_asks("cs_fate")
def _cs_fate(st: GameState, f: fr.CsFateFrame) -> str:
    return "Conquer the city-state, or liberate it"


@_asks("plunder")
def _plunder(st: GameState, f: fr.PlunderFrame) -> str:
    return f"Take up to {f['left']} trade tokens from Seat {f['defender'] + 1}'s focus cards"


@_asks("wonder_move")
def _wonder_move(st: GameState, f: fr.WonderMoveFrame) -> str:
    return f"Move the {wonder_name(st, f['wonder'])} token to one of your cities"


# ---------------------------------------------------------------- ops

@_asks("choose")
def _choose(st: GameState, f: fr.ChooseFrame) -> str:
    return "Choose which effect of the card to resolve"


# ---------------------------------------------------------------- pieces

@_asks("occupy_token")
def _occupy_token(st: GameState, f: fr.OccupyTokenFrame) -> str:
    return "No city or control token left: take one of your control tokens back to hold the space"


# ---------------------------------------------------------------- rulesets.base_automa

@_asks("ap_nuke")
def _ap_nuke(st: GameState, f: bfr.ApNukeFrame) -> str:
    return "The Automated Player's Nuclear Power: choose one of your non-capital cities to lose"


# ---------------------------------------------------------------- rulesets.base_military

@_asks("card_attack")
def _card_attack(st: GameState, f: bfr.CardAttackFrame) -> str:
    return f"Attack a target within {plural(f['range'], 'space')} ({plural(f['left'], 'attack')} left), or finish"


# ---------------------------------------------------------------- rulesets.base_setup

@_asks("base_map_tile")
def _base_map_tile(st: GameState, f: bfr.BaseMapTileFrame) -> str:
    return f"Choose one of your {plural(len(st.turn['hands'][f['seat']]), 'map tile')} to place"


@_asks("base_map_place")
def _base_map_place(st: GameState, f: bfr.BaseMapPlaceFrame) -> str:
    return "Place the map tile (either side, any rotation)"


# ---------------------------------------------------------------- science

@_asks("tech")
def _tech(st: GameState, f: fr.TechFrame) -> str:
    return f"You may take a level {f['level']} focus card"


@_asks("trade_place")
def _trade_place(st: GameState, f: fr.TradePlaceFrame) -> str:
    return f"Place a trade token on a focus card ({f['left']} left)"


@_asks("missing_resource")
def _missing_resource(st: GameState, f: fr.MissingResourceFrame) -> str:
    return "You may take a resource of a type you do not have"


@_asks("nuke")
def _nuke(st: GameState, f: fr.NukeFrame) -> str:
    return "You may choose a space: control tokens in and around it are destroyed or flipped"


# ---------------------------------------------------------------- setup

@_asks("setup_fort")
def _setup_fort(st: GameState, f: fr.SetupFortFrame) -> str:
    return "Place your fort touching at least two core spaces"


@_asks("setup_capital")
def _setup_capital(st: GameState, f: fr.SetupCapitalFrame) -> str:
    return "Place your capital tile (either side, any rotation)"


# ---------------------------------------------------------------- turn

@_asks("focus")
def _focus(st: GameState, f: fr.FocusFrame) -> str:
    return "Choose a focus card to resolve"


@_asks("commit")
def _commit(st: GameState, f: fr.CommitFrame) -> str:
    return f"Resolve {card_name(st, f['card'])} in slot {f['slot']}, spending trade tokens?"


# ---------------------------------------------------------------- victory

@_asks("claim_remove")
def _claim_remove(st: GameState, f: fr.ClaimRemoveFrame) -> str:
    return "You completed an agenda: remove a control token from the map to claim it"
