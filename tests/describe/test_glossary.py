"""The glossary (issue 39 §2): every piece of a ruleset in words, once; nothing of Terra
Incognita in a base game's."""

from __future__ import annotations

import json

from newdawn.content import load_content
from newdawn.describe.glossary import glossary
from newdawn.describe.rulesets import ruleset_records

from .conftest import Game


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


def test_a_base_game_says_nothing_of_terra_incognita_pieces(base_games: list[Game]) -> None:
    """Issue 39 §2: what a base game's players read (its log, questions, options with their
    hints, player boards, legend and How to play) names no army, fort, district or government
    and not Terra Incognita: the boards said "armies 0 ready, 0 on the map", a city site "too
    hard ... or next to a city or fort", the legend listed armies and forts, and the help said the
    military card moves armies."""
    import random
    import re

    from newdawn.describe import option_records
    from newdawn.describe.help import help_page
    from newdawn.describe.questions import question
    from newdawn.describe.table import board_words, map_words
    from newdawn.engine import legal_actions

    ti = re.compile(r"terra incognita|\bdistricts?\b|\bforts?\b|\bgovernments?\b|\barm(y|ies)\b", re.I)
    c = load_content("base")
    texts = [t for t in map_words(c)["pieces"].values()]
    texts += [s["text"] for sec in help_page(c) for it in sec["items"] for s in it["spans"]]
    for g in base_games:
        texts += [e["text"] for grp in g.groups for e in grp["entries"]]
        for st in random.Random(1).sample(g.states, 60):
            texts += [b["unused"] for b in board_words(st)]
            if st.winner == -1 and legal_actions(st):
                texts.append(question(st))
                texts += [x for r in option_records(st) for x in (r["label"], r["hint"], r["warning"]) if x]
    bad = [t for t in texts if ti.search(t.replace("Terracotta Army", ""))]
    assert len(texts) > 500 and not bad, bad[:10]
