"""The glossary (issue 39 §2): every piece of a ruleset in words, once; nothing of Terra
Incognita in a base game's."""

from __future__ import annotations

import json

from newdawn.content import load_content
from newdawn.describe.glossary import glossary
from newdawn.describe.rulesets import ruleset_records


def test_every_piece_in_play_has_one_entry_with_its_words() -> None:
    for rid in ("ti", "base"):
        g = glossary(rid)
        ids = [e["id"] for e in g]
        assert len(ids) == len(set(ids))
        assert all(e["name"] and e["text"] and e["kind"] for e in g)
        c = load_content(rid)
        assert {f"leader:{x}" for x in c.leaders} <= set(ids)
        assert {f"wonder:{x}" for x in c.wonders} <= set(ids)
        assert {f"cs:{x}" for x in c.city_states} <= set(ids)
        assert {f"dipl:{x}" for x in c.player_diplomacy} <= set(ids)
        assert {f"nw:{x}" for x in c.natural_wonders} <= set(ids)
        assert {f"agenda:{a.id}" for v in c.victory_cards.values() for a in v.agendas} <= set(ids)
        assert "term:mature_city" in ids
        # one card per name and level: the card reference listed two "Currency level 2"
        cards = [(e["name"], e["sub"]) for e in g if e["kind"] == "Focus card"]
        assert len(cards) == len(set(cards)), cards
    ti = {e["id"] for e in glossary("ti")}
    assert {"district:campus", "gov:republic", "term:fort"} <= ti and "focus:currency_base" not in ti


def test_a_base_games_glossary_says_nothing_of_terra_incognita() -> None:
    text = json.dumps(glossary("base"))
    assert "Terra Incognita" not in text and "district" not in text.lower()
    assert not [e for e in glossary("base") if e["id"].split(":")[0] in ("district", "gov") or e["id"] == "term:fort"]


def test_the_lobby_tells_each_leaders_ability() -> None:
    for r in ruleset_records():
        for lead in r["leaders"]:
            assert len(lead["ability"]) > 20 and "sources" not in lead["ability"]
