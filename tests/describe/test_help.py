"""The "How to play" page (issue 41): its words are made in describe/help.py from the ruleset."""

from __future__ import annotations

from newdawn.content import load_content
from newdawn.describe.help import help_page


def _text(spans: list[dict]) -> str:
    return "".join(s["text"] for s in spans)


def test_the_page_says_the_rulesets_own_numbers_and_focus_types() -> None:
    for rid in ("ti", "base"):
        c = load_content(rid)
        rs = c.ruleset
        page = help_page(c)
        assert [s["heading"] for s in page][:2] == ["The aim", "Your turn"]
        aim = _text(page[0]["paragraphs"][0])
        assert f"one agenda on {rs.victory_cards_to_win} of the victory cards" in aim
        bold = [s["text"] for s in page[0]["paragraphs"][0] if s["bold"]]
        assert bold == [f"one agenda on {rs.victory_cards_to_win} of the victory cards"]
        turn = _text(page[1]["paragraphs"][0])
        assert f"slots {', '.join(str(s) for s in rs.row_slots)}." in turn
        assert [i["focus"] for i in page[1]["items"]] == [t for t in ("culture", "science", "economy", "industry",
                                                                       "military", "growth") if t in rs.focus_types]
        everything = " ".join(_text(p) for s in page for p in s["paragraphs"] + [i["spans"] for i in s["items"]])
        assert f"at most {rs.trade_cap} on each" in everything
        assert ("districts pay out" in everything) == bool(rs.districts)
        assert ("governments may change" in everything) == bool(rs.governments)
        assert "{" not in everything and "_" not in everything
    assert _text(help_page(load_content("ti"))[0]["paragraphs"][0]).startswith("Five victory cards")
