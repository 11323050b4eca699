"""Tests for the content data files and their validating loader."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from newdawn.content import Content, ContentError, load_content, load_content_from
from newdawn.content.loader import EFFECT_OPS, read_raw
from newdawn.content.schema import ERAS, FOCUS_TYPES, TERRAINS, WONDER_TYPES, Effect


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def _broken(stem: str, mutate: Any) -> ContentError:
    """Load with one file replaced by a mutated copy; return the raised ContentError."""
    doc = read_raw(stem)
    mutate(doc)
    with pytest.raises(ContentError) as info:
        load_content_from(overrides={stem: doc})
    return info.value


def _record(doc: dict[str, Any], stem: str, rid: str) -> dict[str, Any]:
    for rec in doc[stem]:
        if rec["id"] == rid:
            assert isinstance(rec, dict)
            return rec
    raise AssertionError(rid)


# ----------------------------------------------------------------------------- real data


def test_real_data_loads_and_is_cached(content: Content) -> None:
    assert load_content() is content
    assert load_content("ti") is content
    assert content.ruleset.id == "ti"


def test_uncached_loader_matches(content: Content) -> None:
    fresh = load_content_from()
    assert fresh is not content
    assert set(fresh.focus_cards) == set(content.focus_cards)


def test_counts(content: Content) -> None:
    assert len(content.focus_cards) == 24 + 6 + 18
    assert len(content.wonders) == 38
    assert len(content.city_states) == 12
    assert len(content.leaders) == 18
    assert len(content.natural_wonders) == 12
    assert len(content.player_diplomacy) == 5
    assert len(content.victory_cards) == 13
    assert len(content.tiles) == 21
    assert sum(1 for c in content.focus_cards.values() if c.unique_of) == 18
    assert sorted(c.id for c in content.focus_cards.values() if c.box == "base") == sorted(
        [
            "currency_base",
            "animal_husbandry_base",
            "masonry_base",
            "iron_working_base",
            "mass_production_base",
            "flight_base",
        ]
    )


def test_ti_deck(content: Content) -> None:
    deck = content.deck_ids()
    assert len(deck) == 24
    assert Counter((content.focus_cards[c].type, content.focus_cards[c].level) for c in deck) == Counter(
        {(t, lvl): 1 for t in FOCUS_TYPES for lvl in range(1, 5)}
    )
    assert "currency" in deck and "currency_base" not in deck
    assert content.card_for("military", 1) == "masonry"
    assert content.card_for("economy", 2) == "currency"
    assert content.card_for("industry", 2) == "animal_husbandry"
    assert content.card_for("growth", 4) == "globalization"
    assert content.deck_ids(content.ruleset) == deck


def test_base_deck_view(content: Content) -> None:
    base = load_content("base")
    assert len(base.deck_ids()) == 20
    assert base.card_for("military", 3) == "mass_production_base"
    assert base.card_for("economy", 2) == "currency_base"
    assert len(base.wonder_ids()) == 24
    assert "pentagon_base" in base.wonder_ids()
    with pytest.raises(KeyError, match="not the ruleset of this content"):
        content.deck_ids("base")


def test_figures_on_cards(content: Content) -> None:
    econ = [content.card_for("economy", lvl) for lvl in range(1, 5)]
    assert [content.focus_cards[c].caravans for c in econ] == [1, 2, 2, 3]
    mil = [content.card_for("military", lvl) for lvl in range(1, 5)]
    assert [content.focus_cards[c].armies for c in mil] == [1, 2, 2, 2]
    for cid in content.deck_ids():
        card = content.focus_cards[cid]
        if card.type != "economy":
            assert card.caravans == 0
        if card.type != "military":
            assert card.armies == 0


def test_effects_are_frozen_and_nested(content: Content) -> None:
    ee = content.focus_cards["early_empire"].effects
    assert ee == (Effect("place_control", MappingProxyType({"count": 2, "near": "city"})),)
    assert isinstance(ee[0].args, MappingProxyType)
    (choose,) = content.focus_cards["engineering"].effects
    assert choose.op == "choose"
    first, second = choose.args["options"]
    assert [e.op for e in first] == ["district", "place_control"]
    assert first[1].bool("trade", True) is False
    assert [e.op for e in second] == ["reinforce"]
    flight = content.focus_cards["flight"].effects[0]
    assert flight.int("move") == 6 and flight.int("combat") == 3
    assert flight.strs("pass_through") == ("control", "caravan", "barbarian", "city_state")
    assert content.focus_cards["currency"].effects[0].str("barbarian") == "defeat_stop"
    assert content.focus_cards["currency_base"].effects[0].str("barbarian") == "defeat_continue"
    nat = content.focus_cards["nationalism"].effects[0]
    assert nat.int("wonder_slot5_production") == 7 and nat.bool("count_water")


def test_every_effect_op_known(content: Content) -> None:
    def walk(effects: tuple[Effect, ...]) -> None:
        for e in effects:
            assert e.op in EFFECT_OPS
            if e.op == "choose":
                for opt in e.args["options"]:
                    walk(opt)

    for card in content.focus_cards.values():
        walk(card.effects)


def test_wonders(content: Content) -> None:
    ids = content.wonder_ids()
    assert len(ids) == 36
    assert "pentagon" in ids and "pentagon_base" not in ids
    assert "machu_picchu" in ids and "machu_picchu_base" not in ids
    per = Counter((content.wonders[w].type, content.wonders[w].era) for w in ids)
    assert per == Counter({(t, e): 3 for t in WONDER_TYPES for e in ERAS})
    assert content.wonders["oxford_university"].cost == 10
    assert content.wonders["terracotta_army"].cost == 8
    assert content.wonders["stonehenge"].resources == ("marble", "mercury")


def test_leaders(content: Content) -> None:
    china = content.leaders["china"]
    assert china.start_row == (
        "irrigation",
        "masonry",
        "pottery",
        "foreign_trade",
        "early_empire",
        "astrology",
    )
    assert content.leaders["rome"].start_row[1:] == (
        "astrology",
        "foreign_trade",
        "masonry",
        "early_empire",
        "pottery",
    )
    for leader in content.leaders.values():
        assert leader.start_row[0] == "irrigation"
        assert len({content.focus_cards[c].type for c in leader.start_row}) == 6
        assert content.unique_card(leader.id).unique_of == leader.id
    assert content.unique_card("america").id == "radio"


def test_victory_cards(content: Content) -> None:
    rs = content.ruleset
    for fid in rs.victory_fixed:
        assert content.victory_cards[fid].fort
    standard = [v for v in content.victory_cards.values() if not v.fort and v.box in rs.boxes]
    assert len(standard) == 10
    assert content.victory_cards["victory_5"].agendas[0].kind == "level_iv_cards"
    assert content.victory_cards["victory_5_base"].box == "base"
    warmonger = content.victory_cards["victory_2"].agendas[0]
    assert dict(warmonger.args) == {"capitals": 1, "city_states": 2}


def test_tiles(content: Content) -> None:
    assert sorted(content.tiles) == list(range(1, 22))
    nws = set()
    css = set()
    for tile in content.tiles.values():
        assert set(tile.sides) == {"A", "B"}
        for spaces in tile.sides.values():
            assert len(spaces) == 10
            for sp in spaces:
                assert sp.terrain in TERRAINS
                if sp.natural_wonder:
                    nws.add(sp.natural_wonder)
                if sp.city_state:
                    css.add(sp.city_state)
    assert nws == set(content.natural_wonders)
    assert css == set(content.city_states)
    assert content.tiles[1].sides["A"][0].natural_wonder == "torres_del_paine"
    assert content.tiles[17].box == "ti" and content.tiles[17].kind == "capital"
    assert [t for t in content.tiles if content.tiles[t].kind == "capital"] == [7, 9, 11, 16, 17]


def test_ruleset(content: Content) -> None:
    rs = content.ruleset
    assert rs.players == (2, 5)
    assert rs.focus_types == FOCUS_TYPES
    assert rs.row_slots == (1, 1, 2, 3, 4, 5)
    assert dict(rs.core_tiles) == {2: 2, 3: 2, 4: 4, 5: 4}
    assert dict(rs.tech_levels) == {3: 2, 6: 2, 10: 3, 14: 3, 19: 4, 24: 4}
    assert rs.core_placements["A"][1] == (0, (2, 1))
    assert rs.event_dial[0] == ("spawn", "wonder")
    assert len(rs.event_dial) == 6
    assert {g.type: g.arrows for g in rs.governments}["industry"] == 1
    assert rs.terrain_difficulty["mountain"] == 5
    assert rs.combat["city_state"] == 8
    assert rs.boxes == ("both", "ti")
    for name, entry in rs.provenance.items():
        assert hasattr(rs, name)
        assert entry["confidence"] in ("medium", "low")


def test_data_is_read_only(content: Content) -> None:
    with pytest.raises(TypeError):
        content.focus_cards["x"] = content.focus_cards["pottery"]  # type: ignore[index]
    with pytest.raises(TypeError):
        content.focus_cards["pottery"].effects[0].args["city_range"] = 9  # type: ignore[index]


# ----------------------------------------------------------------------------- broken data


def test_rejects_unknown_op() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        _record(doc, "focus_cards", "early_empire")["effects"].append({"op": "teleport"})

    err = _broken("focus_cards", mutate)
    assert "focus_cards.json" in str(err) and "early_empire" in str(err) and "teleport" in str(err)


def test_rejects_unknown_effect_argument() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        _record(doc, "focus_cards", "flight")["effects"][0]["speed"] = 9

    err = _broken("focus_cards", mutate)
    assert "flight" in str(err) and "speed" in str(err)


def test_rejects_missing_effect_argument_in_nested_choice() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        del _record(doc, "focus_cards", "engineering")["effects"][0]["options"][0][1]["count"]

    err = _broken("focus_cards", mutate)
    assert "engineering" in str(err) and "'count'" in str(err)


def test_rejects_bad_start_row_reference() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        _record(doc, "leaders", "zulu")["start_row"][2] = "no_such_card"

    err = _broken("leaders", mutate)
    assert "leaders.json" in str(err) and "zulu" in str(err) and "no_such_card" in str(err)


def test_rejects_start_row_without_irrigation_first() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        row = _record(doc, "leaders", "china")["start_row"]
        row[0], row[1] = row[1], row[0]

    err = _broken("leaders", mutate)
    assert "china" in str(err) and "irrigation" in str(err)


def test_rejects_unique_card_pointing_elsewhere() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        _record(doc, "focus_cards", "radio")["unique_of"] = "zulu"

    err = _broken("focus_cards", mutate)
    assert "radio" in str(err)


def test_rejects_unknown_natural_wonder_on_tile() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        doc["tiles"][0]["sides"]["A"][0]["natural_wonder"] = "atlantis"

    err = _broken("tiles", mutate)
    assert "tiles.json" in str(err) and "tile 1 side A" in str(err) and "atlantis" in str(err)


def test_rejects_bad_terrain() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        doc["tiles"][2]["sides"]["B"][4]["terrain"] = "mountains"

    err = _broken("tiles", mutate)
    assert "tiles.json" in str(err) and "'mountains'" in str(err) and "side B" in str(err)


def test_rejects_missing_field() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        del _record(doc, "wonders", "petra")["cost"]

    err = _broken("wonders", mutate)
    assert "wonders.json" in str(err) and "petra" in str(err) and "missing" in str(err) and "cost" in str(err)


def test_rejects_unknown_key() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        _record(doc, "city_states", "kabul")["colour"] = "red"

    err = _broken("city_states", mutate)
    assert "kabul" in str(err) and "colour" in str(err)


@pytest.mark.parametrize(
    ("stem", "rid", "key", "value", "needle"),
    [
        ("wonders", "alhambra", "era", "future", "'future'"),
        ("wonders", "alhambra", "type", "religious", "'religious'"),
        ("wonders", "alhambra", "resources", ["marble", "oil"], "'oil'"),
        ("natural_wonders", "pantanal", "resource", "gold", "'gold'"),
        ("focus_cards", "pottery", "confidence", "certain", "'certain'"),
        ("focus_cards", "pottery", "level", 5, "level"),
        ("focus_cards", "pottery", "caravans", 2, "caravans"),
        ("city_states", "seoul", "frame", "square", "'square'"),
    ],
)
def test_rejects_bad_enum(stem: str, rid: str, key: str, value: object, needle: str) -> None:
    def mutate(doc: dict[str, Any]) -> None:
        _record(doc, stem, rid)[key] = value

    err = _broken(stem, mutate)
    assert f"{stem}.json" in str(err) and rid in str(err) and needle in str(err)


def test_rejects_duplicate_id() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        doc["wonders"].append(dict(_record(doc, "wonders", "petra")))

    err = _broken("wonders", mutate)
    assert "duplicate id 'petra'" in str(err)


def test_rejects_wrong_counts() -> None:
    err = _broken("city_states", lambda doc: doc["city_states"].pop())
    assert "city_states.json" in str(err) and "expected 12" in str(err)


def test_rejects_unbalanced_wonder_set() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        _record(doc, "wonders", "colosseum")["era"] = "medieval"

    err = _broken("wonders", mutate)
    assert "wonders.json" in str(err) and "cultural" in str(err)


def test_rejects_bad_agenda() -> None:
    def mutate(doc: dict[str, Any]) -> None:
        _record(doc, "victory_cards", "victory_6")["agendas"][0]["kind"] = "happiness"

    err = _broken("victory_cards", mutate)
    assert "victory_6" in str(err) and "happiness" in str(err)


def test_rejects_bad_ruleset() -> None:
    def dial(doc: dict[str, Any]) -> None:
        doc["event_dial"][0] = ["wonder", "spawn"]

    err = _broken("ruleset_ti", dial)
    assert "ruleset_ti.json" in str(err) and "event_dial[0]" in str(err)

    def fixed(doc: dict[str, Any]) -> None:
        doc["victory_fixed"] = ["fortified", "victory_6"]

    err = _broken("ruleset_ti", fixed)
    assert "victory_6" in str(err)

    def prov(doc: dict[str, Any]) -> None:
        doc["provenance"]["nonsense"] = {"source": "x", "confidence": "low", "alternative": "y"}

    err = _broken("ruleset_ti", prov)
    assert "nonsense" in str(err)


def test_directory_copy_and_bad_json(tmp_path: Path) -> None:
    src = resources.files("newdawn.content").joinpath("data")
    for name in ("focus_cards", "wonders", "city_states", "leaders", "victory_cards"):
        (tmp_path / f"{name}.json").write_text(
            (src / f"{name}.json").read_text(encoding="utf-8"), encoding="utf-8"
        )
    for name in ("natural_wonders", "player_diplomacy", "tiles", "ruleset_ti"):
        with resources.as_file(src / f"{name}.json") as p:
            shutil.copy(p, tmp_path / f"{name}.json")
    assert len(load_content_from(tmp_path).leaders) == 18

    doc = json.loads((tmp_path / "natural_wonders.json").read_text(encoding="utf-8"))
    _record(doc, "natural_wonders", "gobustan")["tile"] = 4
    (tmp_path / "natural_wonders.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ContentError, match=r"natural_wonders\.json: 'gobustan'"):
        load_content_from(tmp_path)

    (tmp_path / "natural_wonders.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match=r"natural_wonders\.json: invalid JSON"):
        load_content_from(tmp_path)


def test_unknown_ruleset() -> None:
    with pytest.raises(ContentError, match="ruleset_nowhere"):
        load_content_from(ruleset="nowhere")
