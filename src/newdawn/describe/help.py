"""The table's "How to play" page (issue 41: its words are made here, the table places them).

A page is a list of sections (``heading``, ``paragraphs``, ``items``); a paragraph or an item
is a list of spans (``text``, ``bold``); an item of the focus types carries its ``focus`` type,
which the table colours. The numbers come from the ruleset: how many victory cards lie on the
table and how many win, the row's slots, the cap on trade tokens, the terrains' difficulties.
"""

from __future__ import annotations

from typing import Any

from ..content.model import Content
from ..content.schema import TERRAINS
from .names import TERRAIN, words

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

FOCUS_HELP = (
    ("culture", "Culture", "place control tokens next to your cities and tokens, on terrain up to the slot's difficulty."),
    ("science", "Science", "turn your tech dial; passing a level gives you a better card of one type."),
    ("economy", "Economy", "move caravans; a caravan reaching a city-state or a rival city trades "
                           "(diplomacy cards, trade tokens)."),
    ("industry", "Industry", "build a city, or a world wonder paid with the slot number, resources and trade tokens."),
    ("military", "Military", "move armies and attack barbarians, city-states and rivals."),
    ("growth", "Growth", "put a district next to one of your cities, or reinforce control tokens."),
)
"""What each focus type does, in the help's list (a ruleset lists the types it has)."""

MILITARY_WITHOUT_ARMIES = "reinforce control tokens, or attack barbarians, city-states and rivals near your territory."
"""The military type's line in a ruleset without armies (the base game)."""

AT_THE_TABLE = (
    "Highlighted spaces on the map are your choices: click one (or Tab to it and press Enter).",
    "Every focus button says what the card would do now, and warns you when it would do nothing.",
    "Spaces ringed in cyan changed since your last turn; the \"Since your last turn\" panel tells what happened.",
    "Other players' moves play out at the speed you choose in the top bar.",
)


def _span(text: str, bold: bool = False) -> dict[str, Any]:
    return {"text": text, "bold": bold}


def _number(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def _section(heading: str, *paragraphs: list[dict[str, Any]], items: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"heading": heading, "paragraphs": list(paragraphs), "items": items or []}


def help_page(c: Content) -> list[dict[str, Any]]:
    """The "How to play" page of the ruleset of ``c`` (``/api/content``'s ``help``)."""
    rs = c.ruleset
    cards = rs.victory_random_cards + len(rs.victory_fixed)
    slots = ", ".join(str(s) for s in rs.row_slots)
    diff = rs.terrain_difficulty
    difficulties = ", ".join(f"{TERRAIN.get(t, words(t))} {diff[t]}" for t in TERRAINS if t in diff)
    texts = {t: text for t, _, text in FOCUS_HELP}
    if not rs.components.get("armies"):
        texts["military"] = MILITARY_WITHOUT_ARMIES
    focus = [{"focus": t, "spans": [_span(name, True), _span(f": {texts[t]}")]}
             for t, name, _ in FOCUS_HELP if t in rs.focus_types]
    dial = ["barbarians move or return", *(["districts pay out"] if rs.districts else []),
            *(["governments may change"] if rs.governments else []), "wonders gather trade tokens"]
    dial_text = ", ".join(dial[:-1]) + (", and " if len(dial) > 2 else " and ") + dial[-1]
    return [
        _section("The aim", [
            _span(f"{_number(cards).capitalize()} victory cards lie on the table, each with one or two agendas "
                  "(for example \"have 3 mature cities\"). Complete "),
            _span(f"one agenda on {rs.victory_cards_to_win} of the victory cards", True),
            _span(" and you win at once. The goal panel shows every agenda, who has claimed it, and each "
                  "player's progress in numbers."),
        ]),
        _section("Your turn", [
            _span("You have a "), _span("focus row", True),
            _span(f" of cards in slots {slots}. On your turn you resolve "), _span("one", True),
            _span(" card. The further right it lies, the stronger it is: its slot number is its strength (how far, "
                  "how many, which terrain). After resolving, the card moves to the leftmost slot and the cards to "
                  "its left move one slot right, so a card you have not used for a while grows stronger."),
        ], items=focus),
        _section("Trade tokens", [
            _span(f"Trade tokens lie on the cards of your row (at most {rs.trade_cap} on each). When you resolve a "
                  "card you may spend its tokens: each adds one to the card's strength for this turn. The table "
                  "shows what each token would add before you choose."),
        ]),
        _section("Terrain", [
            _span(f"Each space has a difficulty: {difficulties}. A card can reach a space when its slot is at least "
                  "the space's difficulty. The map's legend shows each terrain's colour and symbol."),
        ]),
        _section("Combat", [
            _span("The attacker and the defender each roll a die and add their base value (slot, bonuses, terrain, "
                  "reinforcements); each may then spend trade tokens. The table lists every part. The defender "
                  "wins ties."),
        ]),
        _section("The event dial", [
            _span(f"At the start of each round the first player turns the event dial: {dial_text}. "
                  "The turn panel says what the next turn of the dial does."),
        ]),
        _section("At this table", items=[{"focus": None, "spans": [_span(t)]} for t in AT_THE_TABLE]),
    ]
