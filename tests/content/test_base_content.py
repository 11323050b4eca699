"""The base game's content (``load_content("base")``): counts, cross references, every card's
numbers against tables transcribed from ``shared/reference/content.md`` and
``automated-player.md``, the Automated Player, and clear errors for broken base data."""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from newdawn.content import ContentError, load_content, load_content_from
from newdawn.content.loader import read_raw
from newdawn.content.rulesets.base import BASE_COUNTS, MISSING_IN_ENGINE, BaseContent
from newdawn.content.rulesets.base_automa import AP_OPS
from newdawn.content.schema import Effect


def _broken(stem: str, mutate: Any) -> str:
    """Load the base game with one file replaced by a mutated copy; the error message."""
    doc = read_raw(stem)
    mutate(doc)
    with pytest.raises(ContentError) as info:
        load_content_from(ruleset="base", overrides={stem: doc})
    return str(info.value)


def _plain(o: object) -> object:
    """A JSON-able, order-independent picture of loaded content."""
    if dataclasses.is_dataclass(o) and not isinstance(o, type):
        return {f.name: _plain(getattr(o, f.name)) for f in dataclasses.fields(o)}
    if isinstance(o, Mapping):
        return {str(k): _plain(v) for k, v in sorted(o.items(), key=lambda kv: str(kv[0]))}
    if isinstance(o, list | tuple):
        return [_plain(x) for x in o]
    return o


def _effects(effects: tuple[Effect, ...]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for e in effects:
        if e.op == "choose":
            for opt in e.args["options"]:
                out.extend(_effects(opt))
        else:
            out.append({"op": e.op, **{k: (list(v) if isinstance(v, tuple) else v) for k, v in e.args.items()}})
    return out


# ----------------------------------------------------------------------------- loading


def test_base_loads_cached_and_separate_from_ti(base: BaseContent) -> None:
    assert load_content("base") is base
    assert base.ruleset.id == "base"
    ti = load_content("ti")
    assert not isinstance(ti, BaseContent)
    assert ti.ruleset.id == "ti"
    assert repr(base).startswith("Content(ruleset='base', focus_cards=20, wonders=24")


def test_counts(base: BaseContent) -> None:
    got = {
        "focus_cards": len(base.focus_cards),
        "wonders": len(base.wonders),
        "leaders": len(base.leaders),
        "city_states": len(base.city_states),
        "natural_wonders": len(base.natural_wonders),
        "victory_cards": len(base.victory_cards),
        "player_diplomacy": len(base.player_diplomacy),
        "tiles": len(base.tiles),
    }
    assert got == dict(BASE_COUNTS)
    assert got == {"focus_cards": 20, "wonders": 24, "leaders": 8, "city_states": 8, "natural_wonders": 8,
                   "victory_cards": 5, "player_diplomacy": 4, "tiles": 16}
    assert len(base.automated_player.cards) == 20
    assert sorted(base.tiles) == list(range(1, 17))


def test_only_base_box_records(base: BaseContent) -> None:
    for mapping in (base.focus_cards, base.wonders, base.city_states, base.leaders, base.victory_cards,
                    base.natural_wonders, base.player_diplomacy, base.tiles):
        for rec in mapping.values():
            assert rec.box in ("both", "base")
    assert all(c.unique_of is None and c.armies == 0 for c in base.focus_cards.values())
    assert all(lead.unique_card == "" for lead in base.leaders.values())
    assert len(base.deck_ids()) == 20
    assert base.card_for("military", 1) == "masonry_base"
    with pytest.raises(KeyError):
        base.card_for("growth", 1)


def test_ti_content_is_unchanged_by_the_base_files(tmp_path: Path) -> None:
    """Terra Incognita loads exactly the same content with or without the base-only files."""
    src = resources.files("newdawn.content").joinpath("data")
    data = tmp_path / "data"
    data.mkdir()
    for entry in src.iterdir():
        if entry.name.endswith(".json") and entry.name not in ("ruleset_base.json", "automated_player.json"):
            (data / entry.name).write_bytes(entry.read_bytes())
    without = load_content_from(data, "ti")
    with_base = load_content("ti")
    assert json.dumps(_plain(without), sort_keys=True) == json.dumps(_plain(with_base), sort_keys=True)
    # and the base game cannot load without its own files
    with pytest.raises(ContentError, match="ruleset_base.json: file not found"):
        load_content_from(data, "base")
    shutil.rmtree(data)


# ----------------------------------------------------------------------------- ruleset


def test_ruleset_numbers(base: BaseContent) -> None:
    rs = base.ruleset
    assert rs.players == (2, 4)
    assert rs.colors == ("red", "blue", "green", "orange")
    assert rs.focus_types == ("culture", "science", "economy", "industry", "military")
    assert rs.row_slots == (1, 2, 3, 4, 5) and rs.slot_cap == 5 and rs.start_row_length == 5
    assert dict(rs.components) == {"cities": 8, "armies": 0, "caravans": 3, "control_tokens": 31}
    assert rs.start_caravans == 1 and rs.start_armies == 0
    assert base.rules.start_caravan_card == "economy"
    assert dict(rs.trade_effect) == {"culture": "control_token", "science": "dial_space", "economy": "caravan_move",
                                     "industry": "production", "military": "combat"}
    assert rs.trade_cap == 3 and rs.caravan_trade_tokens == 2
    tt = base.rules.trade_tokens
    assert (tt["city_state_tokens_count_to_cap"], tt["city_state_token_uses_per_turn"], tt["move_with_replaced_card"]) == (
        False, 1, True)
    assert dict(tt["spend_when"]) == {"culture": "resolve", "science": "resolve", "economy": "resolve",
                                      "industry": "wonder_payment", "military": "combat"}
    assert dict(rs.combat) == {"city_state": 8, "reinforced_self": 1, "reinforced_adjacent": 1,
                               "city_terrain_multiplier": 2, "barbarian_trade_tokens": 1, "capital_trade_take": 2}
    assert rs.barbarians["capital_discard"] == 2
    assert rs.tech_dial_max == 24 and rs.tech_dial_wrap == 15
    assert dict(rs.tech_levels) == {3: 2, 6: 2, 10: 3, 14: 3, 19: 4, 24: 4}
    assert rs.event_dial == (("spawn",), (), ("barb_move",), ("trade",), ("barb_move",))
    assert rs.victory_cards_to_win == 3 and rs.victory_random_cards == 3 and rs.victory_fixed == ()
    assert rs.victory_check == "after_event_dial"
    assert dict(base.rules.victory_cards) == {"standard": 3, "epic": 4}
    assert base.rules.tie_breaks == ("wonders", "friendly_spaces")
    assert rs.districts == () and rs.governments == ()
    assert dict(rs.core_tiles) == {2: 4, 3: 4, 4: 4} and rs.core_side_a_rolls == (1, 2, 3)
    assert {k: dict(v) for k, v in base.rules.wonder_remove_by_players.items()} == {
        2: {"ancient": 1, "medieval": 1}, 3: {"ancient": 1}, 4: {}}
    assert base.rules.options["map"].default == "advanced"
    assert set(base.rules.options["map"].choices) == {"advanced", "first_game"}
    assert base.rules.options["epic"].default is False
    am = base.rules.advanced_map
    assert dict(am.core_kinds) == {"natural_wonder": 2, "city_state": 2}
    assert am.tiles_per_player == 2 and am.touch_min == 4 and am.capital_tiles_per_player == 1
    assert base.ruleset.supply["trade_tokens_limited"] == 0 and base.ruleset.supply["barbarians"] == 9


def test_uncertain_ruleset_values_carry_an_alternative(base: BaseContent) -> None:
    prov = base.rules.provenance
    for key in ("event_dial", "tech_levels", "core_placements", "barbarians", "explore_touch_min",
                "victory_check", "base_rules.first_game_map"):
        assert prov[key]["confidence"] in ("medium", "low"), key
        assert prov[key]["alternative"], key
    assert base.rules.card_overrides["animal_husbandry_base"]["confidence"] == "low"


def test_first_game_map(base: BaseContent) -> None:
    fg = base.rules.first_game_map
    assert fg.side == "A"
    assert [len(fg.tiles[n]) for n in (2, 3, 4)] == [10, 13, 16]
    assert set(fg.tiles[2]) < set(fg.tiles[3]) < set(fg.tiles[4]) == set(range(1, 17))
    for n in (2, 3, 4):
        caps = fg.capitals[n]
        assert len(caps) == n
        assert all(base.tiles[t].kind == "capital" for t in caps)
        assert {t for t in fg.tiles[n] if base.tiles[t].kind == "capital"} == set(caps)
    assert fg.capitals[3][:2] == fg.capitals[2] and fg.capitals[4][:3] == fg.capitals[3]


# ----------------------------------------------------------------------------- leaders

# content.md 1.1, slots 1 -> 5 (Masonry is the base military card).
LEADER_ROWS = {
    "america": ("masonry_base", "astrology", "pottery", "early_empire", "foreign_trade"),
    "aztec": ("astrology", "early_empire", "foreign_trade", "masonry_base", "pottery"),
    "egypt": ("astrology", "foreign_trade", "pottery", "masonry_base", "early_empire"),
    "france": ("masonry_base", "astrology", "foreign_trade", "pottery", "early_empire"),
    "japan": ("pottery", "foreign_trade", "masonry_base", "astrology", "early_empire"),
    "rome": ("astrology", "foreign_trade", "masonry_base", "early_empire", "pottery"),
    "scythia": ("early_empire", "masonry_base", "astrology", "foreign_trade", "pottery"),
    "sumeria": ("foreign_trade", "early_empire", "astrology", "masonry_base", "pottery"),
}
LEADER_ARGS = {
    "egypt": {"discount": 1},
    "france": {"ancient": 1, "medieval": 2, "modern": 3},
    "japan": {"difficulty": 3},
    "scythia": {"bonus": 3, "terrains": ["grassland", "hills"]},
}


def test_leaders(base: BaseContent) -> None:
    ti = load_content("ti")
    assert {lid: lead.start_row for lid, lead in base.leaders.items()} == LEADER_ROWS
    for lid, lead in base.leaders.items():
        # Terra Incognita keeps the base order after Irrigation (content.md 1.1)
        ti_row = ti.leaders[lid].start_row
        assert ti_row[0] == "irrigation"
        assert tuple("masonry_base" if c == "masonry" else c for c in ti_row[1:]) == lead.start_row
        assert (lead.ability, lead.text) == (ti.leaders[lid].ability, ti.leaders[lid].text)
        (eff,) = lead.effects
        assert eff.op == "special" and eff.args["handler"] == lid
        want = LEADER_ARGS.get(lid, {})
        assert {k: (list(v) if isinstance(v, tuple) else v) for k, v in eff.args.items() if k != "handler"} == want


# ----------------------------------------------------------------------------- focus cards

# content.md 2.1-2.5: (type, level, caravans, effects with numbers).
FOCUS = {
    "early_empire": ("culture", 1, 0, [{"op": "place_control", "count": 2, "near": "city"}]),
    "drama_and_poetry": ("culture", 2, 0, [{"op": "place_control", "count": 2, "near": "city"}, {"op": "shift_control"}]),
    "civil_service": ("culture", 3, 0, [{"op": "place_control", "count": 2, "near": "city"},
                                        {"op": "place_control", "count": 1, "near": "space", "trade": False}]),
    "mass_media": ("culture", 4, 0, [{"op": "place_control", "count": 3, "near": "city"}, {"op": "mass_media", "range": 2}]),
    "astrology": ("science", 1, 0, [{"op": "advance_dial"}]),
    "mathematics": ("science", 2, 0, [{"op": "gain_trade", "count": 1}, {"op": "advance_dial"}]),
    "replaceable_parts": ("science", 3, 0, [{"op": "gain_missing_resource"}, {"op": "advance_dial"}]),
    "nuclear_power": ("science", 4, 0, [{"op": "nuke", "min_slot": 5}, {"op": "advance_dial"}]),
    "foreign_trade": ("economy", 1, 1, [{"op": "caravans", "move": 3, "water": False, "barbarian": "none"}]),
    "currency_base": ("economy", 2, 2, [{"op": "caravans", "move": 4, "water": False, "barbarian": "defeat_continue"}]),
    "steam_power": ("economy", 3, 2, [{"op": "caravans", "move": 6, "water": True, "barbarian": "none"}, {"op": "swap_resource"}]),
    "capitalism": ("economy", 4, 3, [{"op": "caravans", "move": 6, "water": True, "barbarian": "none"}, {"op": "capitalism"}]),
    "pottery": ("industry", 1, 0, [{"op": "build", "city_range": 2, "count_water": False, "on_figure": False,
                                    "wonder_slot5_production": 0, "after_city_control": 0}]),
    "animal_husbandry_base": ("industry", 2, 0, [{"op": "build", "city_range": 3, "count_water": False, "on_figure": False,
                                                  "wonder_slot5_production": 0, "after_city_control": 0,
                                                  "range_from_caravan": True}]),
    "nationalism": ("industry", 3, 0, [{"op": "build", "city_range": 4, "count_water": True, "on_figure": False,
                                        "wonder_slot5_production": 7, "after_city_control": 0}]),
    "urbanization": ("industry", 4, 0, [{"op": "build", "city_range": 5, "count_water": True, "on_figure": False,
                                         "wonder_slot5_production": 0, "after_city_control": 2}]),
    "masonry_base": ("military", 1, 0, [{"op": "reinforce"}, {"op": "attack_from_card", "attacks": 2, "range": 2,
                                        "combat": 0, "vs_barbarian": 0, "count_through": []}]),
    "iron_working_base": ("military", 2, 0, [{"op": "reinforce"}, {"op": "attack_from_card", "attacks": 2, "range": 3,
                                             "combat": 1, "vs_barbarian": 2, "count_through": []}]),
    "mass_production_base": ("military", 3, 0, [{"op": "reinforce"}, {"op": "attack_from_card", "attacks": 2, "range": 3,
                                                "combat": 2, "vs_barbarian": 0, "count_through": ["water"]}]),
    "flight_base": ("military", 4, 0, [{"op": "reinforce"}, {"op": "attack_from_card", "attacks": 3, "range": 5,
                                       "combat": 3, "vs_barbarian": 0,
                                       "count_through": ["water", "rival", "barbarian", "city_state"]}]),
}


def test_focus_cards_numbers(base: BaseContent) -> None:
    assert set(base.focus_cards) == set(FOCUS)
    for cid, (ftype, level, caravans, effects) in FOCUS.items():
        card = base.focus_cards[cid]
        assert (card.type, card.level, card.caravans, card.armies) == (ftype, level, caravans, 0), cid
        assert _effects(card.effects) == effects, cid


def test_military_cards_choose_between_reinforcing_and_attacking(base: BaseContent) -> None:
    for lvl in range(1, 5):
        card = base.focus_cards[base.card_for("military", lvl)]
        (choose,) = card.effects
        assert choose.op == "choose"
        assert [[e.op for e in opt] for opt in choose.args["options"]] == [["reinforce"], ["attack_from_card"]]


# ----------------------------------------------------------------------------- wonders

# content.md 3 (base box): name, type, era, cost, resources, printed numbers.
WONDERS = {
    "stonehenge": ("Stonehenge", "cultural", "ancient", 7, ("marble", "mercury"), {}),
    "hanging_gardens": ("Hanging Gardens", "cultural", "ancient", 8, ("marble", "diamond"), {"max_difficulty": 4}),
    "forbidden_city": ("Forbidden City", "cultural", "medieval", 9, ("marble", "oil"), {}),
    "chichen_itza": ("Chichen Itza", "cultural", "medieval", 10, ("marble", "mercury"), {}),
    "sydney_opera_house": ("Sydney Opera House", "cultural", "modern", 10, ("marble", "diamond"), {}),
    "eiffel_tower": ("Eiffel Tower", "cultural", "modern", 12, ("marble", "oil"), {"named": 2}),
    "colossus": ("Colossus", "economic", "ancient", 7, ("diamond", "oil"), {"steps": 6}),
    "great_lighthouse": ("Great Lighthouse", "economic", "ancient", 8, ("diamond", "mercury"), {}),
    "machu_picchu_base": ("Machu Picchu", "economic", "medieval", 10, ("diamond", "mercury"), {"max_slot": 2, "as_slot": 3}),
    "great_zimbabwe": ("Great Zimbabwe", "economic", "medieval", 9, ("diamond", "oil"), {"store": 4}),
    "estadio_do_maracana": ("Estádio do Maracanã", "economic", "modern", 10, ("diamond", "marble"), {}),
    "big_ben": ("Big Ben", "economic", "modern", 10, ("diamond", "mercury"), {"per_caravan": 2}),
    "oracle": ("Oracle", "scientific", "ancient", 8, ("mercury", "marble"), {}),
    "pyramids": ("Pyramids", "scientific", "ancient", 9, ("mercury", "oil"), {"cards": 3, "level": 1}),
    "porcelain_tower": ("Porcelain Tower", "scientific", "medieval", 9, ("mercury", "diamond"), {"cards": 2}),
    "potala_palace": ("Potala Palace", "scientific", "medieval", 10, ("mercury", "marble"), {"take": 3, "hold": 4}),
    "oxford_university": ("Oxford University", "scientific", "modern", 10, ("mercury", "marble"), {}),
    "kremlin": ("Kremlin", "scientific", "modern", 11, ("mercury", "oil"), {"attack": 4}),
    "petra": ("Petra", "militaristic", "ancient", 7, ("oil", "diamond"), {"defence": 2}),
    "terracotta_army": ("Terracotta Army", "militaristic", "ancient", 8, ("oil", "marble"), {"attack": 2}),
    "alhambra": ("Alhambra", "militaristic", "medieval", 10, ("oil", "marble"), {"bonus": 2}),
    "venetian_arsenal": ("Venetian Arsenal", "militaristic", "medieval", 10, ("oil", "diamond"), {"slot": 5}),
    "pentagon_base": ("Pentagon", "militaristic", "modern", 12, ("oil", "diamond"), {"attack": 2}),
    "ruhr_valley": ("Ruhr Valley", "militaristic", "modern", 11, ("oil", "mercury"), {"defence": 5}),
}


def test_wonders(base: BaseContent) -> None:
    assert set(base.wonders) == set(WONDERS)
    for wid, (name, wtype, era, cost, res, args) in WONDERS.items():
        w = base.wonders[wid]
        assert (w.name, w.type, w.era, w.cost, w.resources) == (name, wtype, era, cost, res), wid
        (eff,) = w.effects
        assert eff.op == "special" and eff.args["handler"] == wid
        assert {k: v for k, v in eff.args.items() if k != "handler"} == args, wid


# ----------------------------------------------------------------------------- the rest

CITY_STATES = {  # content.md 4: type, frame, tile, printed numbers
    "kumasi": ("culture", "diamond", 6, {"difficulty": 1}),
    "mohenjo_daro": ("culture", "circle", 14, {"easier": 1}),
    "seoul": ("science", "diamond", 12, {}),
    "geneva": ("science", "circle", 14, {}),
    "buenos_aires": ("industry", "diamond", 15, {"discount": 2}),
    "brussels": ("industry", "circle", 12, {"per_city": 1}),
    "kabul": ("military", "diamond", 15, {"attack": 3}),
    "carthage": ("military", "circle", 6, {"per_piece": 1, "range": 2}),
}
NATURAL_WONDERS = {  # content.md 7
    "cliffs_of_dover": ("marble", 1), "torres_del_paine": ("diamond", 1), "crater_lake": ("mercury", 2),
    "mount_everest": ("oil", 2), "galapagos_islands": ("mercury", 4), "grand_mesa": ("diamond", 4),
    "mount_kilimanjaro": ("oil", 13), "pantanal": ("marble", 13),
}
VICTORY = {  # content.md 6 (R back page)
    "victory_1": [("populous", "mature_cities", {"n": 5}), ("preservationist", "natural_wonders", {"n": 2})],
    "victory_2": [("warmonger", "warmonger", {"capitals": 1, "city_states": 2}),
                  ("paranoid", "wonders_of_type", {"type": "militaristic", "n": 2})],
    "victory_3": [("civilized", "cities_on_map", {"n": 8}), ("money_grubber", "wonders_of_type", {"type": "economic", "n": 2})],
    "victory_4": [("explorer", "coastal_spaces", {"n": 15}), ("aesthetic", "wonders_of_type", {"type": "cultural", "n": 2})],
    "victory_5_base": [("technophile_base", "tech_dial_space", {"n": 24}),
                       ("scholarly_base", "wonders_of_type", {"type": "scientific", "n": 2})],
}
DIPLOMACY = {"joint_war": {"attack": 2}, "defensive_pact": {"defence": 2}, "embassy": {}, "open_borders": {}}


def test_city_states_natural_wonders_victory_and_diplomacy(base: BaseContent) -> None:
    assert set(base.city_states) == set(CITY_STATES)
    for cid, (ctype, frame, tile, args) in CITY_STATES.items():
        cs = base.city_states[cid]
        assert (cs.type, cs.frame, cs.tile) == (ctype, frame, tile), cid
        assert {k: v for k, v in cs.effects[0].args.items() if k != "handler"} == args, cid
    assert {k: (n.resource, n.tile) for k, n in base.natural_wonders.items()} == NATURAL_WONDERS
    got = {vid: [(a.id, a.kind, dict(a.args)) for a in v.agendas] for vid, v in base.victory_cards.items()}
    assert got == VICTORY
    assert {k: {a: v for a, v in d.effects[0].args.items() if a != "handler"}
            for k, d in base.player_diplomacy.items()} == DIPLOMACY


def test_tiles_hold_only_base_pieces(base: BaseContent) -> None:
    letters = set()
    for tile in base.tiles.values():
        for spaces in tile.sides.values():
            for sp in spaces:
                assert sp.city_state is None or sp.city_state in base.city_states
                assert sp.natural_wonder is None or sp.natural_wonder in base.natural_wonders
                if sp.barbarian:
                    letters.add(sp.barbarian)
    assert letters == set("ABCDEFGHI")
    assert sorted(t for t, d in base.tiles.items() if d.kind == "capital") == [7, 9, 11, 16]


# ----------------------------------------------------------------------------- Automated Player

# automated-player.md section 3: (name, type, level, caravans, numbers, priority lists).
P6 = ["natural_wonder", "resource", "barbarian_spawn", "most_adjacent_cities", "city_closest_to_maturity", "highest_terrain"]
P_CIVIL = [*P6[:3], "adjacent_token_or_spawn", *P6[3:]]
P_MM = [*P6[:5], "adjacent_rival_space", "highest_terrain"]
DEST = ["city_state_without_diplomacy", "rival_city", "city_state"]
CITY = ["most_adjacent_tokens", "barbarian_spawn", "highest_defence"]
WONDER = ["closest_to_agenda", "lowest_cost"]
REINF = ["closest_to_barbarian_or_rival", "highest_terrain"]


def _t(kind: str, md: int | None = None) -> dict[str, Any]:
    return {"kind": kind} if md is None else {"kind": kind, "max_defence": md}


AP_CARDS: dict[str, tuple[str, int, int, dict[str, Any], list[Any]]] = {
    "ap_early_empire": ("culture", 1, 0, {"tokens": [2]}, [P6]),
    "ap_drama_and_poetry": ("culture", 2, 0, {"tokens": [3]}, [P6]),
    "ap_civil_service": ("culture", 3, 0, {"tokens": [3, 1]}, [P_CIVIL, P_CIVIL]),
    "ap_mass_media": ("culture", 4, 0, {"tokens": [4], "strip": True}, [P_MM]),
    "ap_astrology": ("science", 1, 0, {"dial": 5}, []),
    "ap_mathematics": ("science", 2, 0, {"dial": 5, "trade": 1}, ["fewest_tokens_highest_in_row"]),
    "ap_replaceable_parts": ("science", 3, 0, {"dial": 5}, ["lowest_level_highest_in_row"]),
    "ap_nuclear_power": ("science", 4, 0, {"dial": 5}, ["non_capital_city"]),
    "ap_foreign_trade": ("economy", 1, 1, {"move": 3, "water": False}, [DEST]),
    "ap_currency": ("economy", 2, 2, {"move": 4, "water": False}, [DEST]),
    "ap_steam_power": ("economy", 3, 2, {"move": 6, "water": True}, [DEST]),
    "ap_capitalism": ("economy", 4, 3, {"move": 6, "water": True}, [DEST]),
    "ap_pottery": ("industry", 1, 0, {"production": 5, "range": 2, "water": False, "from_caravan": False}, [WONDER, CITY]),
    "ap_animal_husbandry": ("industry", 2, 0, {"production": 6, "range": 3, "water": False, "from_caravan": True}, [WONDER, CITY]),
    "ap_nationalism": ("industry", 3, 0, {"production": 7, "range": 4, "water": True, "from_caravan": False}, [WONDER, CITY]),
    "ap_urbanization": ("industry", 4, 0, {"production": 8, "range": 5, "water": True, "from_caravan": False}, [WONDER, CITY]),
    "ap_masonry": ("military", 1, 0, {"attacks": 2, "range": 2, "combat": 5, "vs_barb": None, "k": 3, "through": []},
                   [[_t("barbarian"), _t("rival_city", 4), _t("rival_control")], REINF]),
    "ap_iron_working": ("military", 2, 0, {"attacks": 2, "range": 3, "combat": 6, "vs_barb": 8, "k": 2, "through": []},
                        [[_t("barbarian"), _t("rival_city", 6), _t("rival_control")], REINF]),
    "ap_mass_production": ("military", 3, 0, {"attacks": 2, "range": 3, "combat": 7, "vs_barb": None, "k": 1, "through": ["water"]},
                           [[_t("rival_city_with_wonder", 8), _t("barbarian_adjacent_friendly"), _t("rival_city", 8),
                             _t("city_state"), _t("rival_control")], REINF]),
    "ap_flight": ("military", 4, 0, {"attacks": 3, "range": 5, "combat": 8, "vs_barb": None, "k": 1,
                                     "through": ["water", "rival", "barbarian", "city_state"]},
                  [[_t("rival_city_with_wonder", 10), _t("barbarian_adjacent_friendly"), _t("rival_city", 10),
                    _t("city_state"), _t("rival_control")], REINF]),
}


def _ap_numbers(effects: tuple[Effect, ...]) -> tuple[dict[str, Any], list[Any]]:
    nums: dict[str, Any] = {}
    prios: list[Any] = []
    for e in effects:
        a = e.args
        if e.op == "ap_place_control":
            nums.setdefault("tokens", []).append(a["count"])
            prios.append(list(a["priority"]))
        elif e.op == "ap_strip_rivals":
            nums["strip"] = True
        elif e.op == "ap_advance_dial":
            nums["dial"] = a["steps"]
        elif e.op == "ap_gain_trade":
            nums["trade"] = a["count"]
            prios.append(a["target"])
        elif e.op == "ap_upgrade_card":
            prios.append(a["pick"])
        elif e.op == "ap_nuke_humans":
            prios.append(a["target"])
        elif e.op == "ap_caravans":
            nums.update(move=a["move"], water=a["water"])
            prios.append(list(a["destinations"]))
        elif e.op == "ap_build_wonder":
            nums["production"] = a["production"]
            prios.append(list(a["priority"]))
        elif e.op == "ap_build_city":
            nums.update(range=a["range"], water=a["count_water"], from_caravan=a["from_caravan"])
            prios.append(list(a["priority"]))
        elif e.op == "ap_attack":
            nums.update(attacks=a["attacks"], range=a["range"], combat=a["combat"],
                        vs_barb=a.get("combat_vs_barbarian"), through=list(a["count_through"]))
            prios.append([dict(t) for t in a["targets"]])
        elif e.op == "ap_reinforce":
            assert a["base"] == 5
            nums["k"] = a["per_attack"]
            prios.append(list(a["priority"]))
    return nums, prios


def test_automated_player_cards(base: BaseContent) -> None:
    ap = base.automated_player
    assert set(ap.cards) == set(AP_CARDS)
    for cid, (ftype, level, caravans, nums, prios) in AP_CARDS.items():
        card = ap.cards[cid]
        assert (card.type, card.level, card.caravans) == (ftype, level, caravans), cid
        got_nums, got_prios = _ap_numbers(card.effects)
        assert got_nums == nums, cid
        assert got_prios == prios, cid
        # every card names how it decides: its own priority lists, or (Astrology, which prints
        # it) the tech-upgrade rule
        assert got_prios or (cid == "ap_astrology" and ap.tech_upgrade["pick"] == "random_lowest_level"), cid
        # the AP card carries the name of the base card of its type and level
        assert card.name == base.focus_cards[base.card_for(ftype, level)].name


def test_automated_player_extras(base: BaseContent) -> None:
    ap = base.automated_player
    ops = {cid: [e.op for e in c.effects] for cid, c in ap.cards.items()}
    assert ops["ap_currency"][0] == "ap_defeat_barbarians"
    assert not ap.cards["ap_currency"].effects[0].args["trade"]
    assert ops["ap_steam_power"][0] == "ap_gain_resource"
    cap = ap.cards["ap_capitalism"].effects[-1].args
    assert (cap["resolve"], cap["slot"], cap["reset"]) == ("slot", 5, False)
    urb = ap.cards["ap_urbanization"].effects[-1].args
    assert (urb["resolve"], urb["slot"], urb["reset"]) == ("culture", 5, True)
    assert dict(ap.turn) == {"resolve_slot": 5, "reset_to_slot": 1}
    assert ap.self_upgrades["industry"].chain == ("ap_pottery", "ap_animal_husbandry", "ap_nationalism", "ap_urbanization")
    assert ap.self_upgrades["military"].chain == ("ap_masonry", "ap_iron_working", "ap_mass_production")
    assert ap.tech_upgrade["pick"] == "random_lowest_level"
    assert ap.param("leftover_choice") == "state_rng"
    for p in ap.parameters.values():
        assert p.alternative and p.source
        assert p.value in p.choices
    assert set(AP_OPS) >= {e.op for c in ap.cards.values() for e in c.effects}


def test_automated_player_start_rows_match_the_leaders(base: BaseContent) -> None:
    ap = base.automated_player
    for lid, lead in base.leaders.items():
        human_types = tuple(base.focus_cards[c].type for c in lead.start_row)
        assert ap.start_rows[lid] == human_types, lid
        row = ap.start_row(lid)
        assert all(ap.cards[c].level == 1 for c in row)
    # automated-player.md section 2: Egypt's row is Sci, Eco, Ind, Mil, Cul, so its first AP
    # action (slot 5) is culture and it then works right to left
    assert ap.start_rows["egypt"] == ("science", "economy", "industry", "military", "culture")


# ----------------------------------------------------------------------------- engine ledger


def test_every_base_op_is_implemented_or_listed_as_missing(base: BaseContent) -> None:
    import newdawn.engine  # noqa: F401  (registers the effect ops)
    from newdawn.engine.ops import OPS

    used: set[str] = set()
    for c in base.focus_cards.values():
        for e in _effects(c.effects):
            used.add(f"op:{e['op']}")
            if e.get("range_from_caravan"):
                used.add("arg:build.range_from_caravan")
    # Ops must have a handler; base-only arguments are checked by the base scenarios that name
    # them (tests/scenarios/base: animal_husbandry_range_from_caravan.toml).
    unknown = sorted(u for u in used if u.startswith("op:") and u[3:] not in OPS and u not in MISSING_IN_ENGINE)
    assert not unknown, f"base ops neither implemented nor listed in MISSING_IN_ENGINE: {unknown}"
    # every listed op/arg is really used by the base data
    for key in MISSING_IN_ENGINE:
        if key.startswith(("op:", "arg:")):
            assert key in used, key
    assert "trade" in {i for section in base.ruleset.event_dial for i in section}
    assert () in base.ruleset.event_dial


# ----------------------------------------------------------------------------- broken data


def _rec(doc: dict[str, Any], rid: str) -> dict[str, Any]:
    for c in doc["cards"]:
        if c["id"] == rid:
            assert isinstance(c, dict)
            return c
    raise AssertionError(rid)


@pytest.mark.parametrize(
    ("stem", "mutate", "message"),
    [
        ("ruleset_base", lambda d: d.update(players=[2, 5]), "'colors' must be 5 or more"),
        ("ruleset_base", lambda d: d["focus_types"].append("growth"), "the base game has no growth"),
        ("ruleset_base", lambda d: d["components"].update(armies=2), "the base game has no armies"),
        ("ruleset_base", lambda d: d["event_dial"].insert(0, ["barb_move"]), "starts on the barbarian-spawn"),
        ("ruleset_base", lambda d: d["event_dial"].append(["districts"]), "Terra Incognita icon"),
        ("ruleset_base", lambda d: d["leaders"].pop("rome"), "needs a start row for exactly the base leaders"),
        ("ruleset_base", lambda d: d["leaders"]["rome"].update(start_row=["astrology"] * 5),
         "one card of each focus type"),
        ("ruleset_base", lambda d: d["leaders"]["rome"].update(start_row=["masonry", "astrology", "foreign_trade",
                                                                          "early_empire", "pottery"]),
         "'masonry' is not a level-I card of the base deck"),
        ("ruleset_base", lambda d: d["card_overrides"]["animal_husbandry_base"]["effects"][0].update(op="fly"),
         "unknown effect op 'fly'"),
        ("ruleset_base", lambda d: d["card_overrides"].update(pottery=d["card_overrides"]["animal_husbandry_base"]),
         "overrides a card shared with Terra Incognita"),
        ("ruleset_base", lambda d: d["base_rules"]["first_game_map"]["placements"].update({"15": [3, [0, 0]]}),
         "overlap"),
        ("ruleset_base", lambda d: d["base_rules"]["first_game_map"]["capitals"].update({"2": [11, 1]}),
         "not a capital tile"),
        ("ruleset_base", lambda d: d["base_rules"]["first_game_map"]["tiles"]["3"].remove(1),
         "must hold every tile of the 2-player map"),
        ("ruleset_base", lambda d: d["base_rules"]["victory_cards"].update(epic=6), "the epic game needs 6 cards"),
        ("ruleset_base", lambda d: d["base_rules"]["wonder_remove_by_players"].pop("3"), "player counts"),
        ("ruleset_base", lambda d: d["base_rules"]["tie_breaks"].append("age"), "tie_breaks[2] = 'age'"),
        ("ruleset_base", lambda d: d["base_rules"]["options"]["map"].update(default="random"), "not one of the choices"),
        ("ruleset_base", lambda d: d["provenance"].update(governments=d["provenance"]["event_dial"]),
         "provenance key 'governments'"),
        ("automated_player", lambda d: d["cards"].pop(), "needs exactly one military level-4 card, found 0"),
        ("automated_player", lambda d: _rec(d, "ap_masonry")["effects"][0].update(combat=0), "'combat' must be an integer >= 1"),
        ("automated_player", lambda d: _rec(d, "ap_masonry")["effects"][0]["targets"].append({"kind": "dragon"}),
         "'kind' = 'dragon'"),
        ("automated_player", lambda d: _rec(d, "ap_early_empire")["effects"][0]["priority"].append("closest_to_sea"),
         "unknown value(s) ['closest_to_sea']"),
        ("automated_player", lambda d: _rec(d, "ap_pottery").update(name="Bronze Working"), "differs from the base card"),
        ("automated_player", lambda d: _rec(d, "ap_capitalism").update(caravans=2), "2 caravans, the base card has 3"),
        ("automated_player", lambda d: d["parameters"]["trade_spend"].update(value="sometimes"), "not one of the choices"),
        ("automated_player", lambda d: d["parameters"].pop("victory"), "missing parameter(s) ['victory']"),
        ("automated_player", lambda d: d["start_rows"]["rome"].reverse() or d["start_rows"]["rome"].pop(),
         "each focus type once"),
        ("automated_player", lambda d: d["self_upgrades"]["military"]["chain"].reverse(), "must be the level-1"),
    ],
)
def test_broken_base_data_is_refused(stem: str, mutate: Any, message: str) -> None:
    err = _broken(stem, mutate)
    assert message in err
    assert err.startswith(f"{stem}.json: ")


def test_a_ruleset_with_missing_rules_is_refused_with_the_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """While a ruleset's content names rules the engine lacks, new_game lists them instead of
    dealing a game that would crash in play."""
    from newdawn.engine import new_game

    monkeypatch.setattr(BaseContent, "missing_rules", lambda self: ("rule one", "rule two"))
    with pytest.raises(ValueError, match="'base' ruleset cannot be played yet: the engine lacks 2 of its rules: "
                                         "rule one; rule two"):
        new_game({"ruleset": "base", "players": 2}, 1)
    assert new_game({"ruleset": "ti", "players": 2}, 1).ruleset == "ti"


def test_the_engine_has_every_base_rule(base: BaseContent) -> None:
    from newdawn.engine import new_game

    assert base.missing_rules() == ()
    st = new_game({"ruleset": "base", "players": 3}, 1)
    assert st.ruleset == "base" and st.config["map"] == "advanced" and st.config["epic"] is False
