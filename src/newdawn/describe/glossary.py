"""The glossary: every piece of a ruleset in words, for the table, its card reference and the
guided game (issue 39 §2). Each entry has an ``id`` ("focus:currency", "district:campus",
"term:mature_city"), a ``kind``, a ``name``, a ``sub`` line (type, level, cost...) and the
``text`` in full. The table opens an entry when a piece carrying its id is tapped or clicked.

Only what a game of the ruleset uses is listed: a Terra Incognita game has no base-only card,
and a base game has no district, fort, government or anything else of the expansion.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..content import load_content
from ..content.rulesets import DEFAULT_RULESET
from .names import DISTRICT

DISTRICT_TEXT: dict[str, str] = {
    "campus": "At the start of each round the campus pays out: 1 trade token on your science card for each "
              "friendly space beside it with a mountain or a natural wonder.",
    "commercial_hub": "At the start of each round the commercial hub pays out, one of: 1 trade token on any of "
                      "your cards for each of your mature cities, or 1 trade token on your economy card for each "
                      "friendly desert space in or beside it.",
    "encampment": "At the start of each round the encampment acts, either or both: defeat a barbarian or rival "
                  "army within 2 spaces (a barbarian defeated gives a trade token), and reinforce one of your "
                  "control tokens within 2 spaces.",
    "industrial_zone": "At the start of each round the industrial zone pays out, one of: 1 trade token on your "
                       "industry card for each friendly forest space beside it, or spend 3 trade tokens of your "
                       "industry card to build a city within 2 spaces of a friendly space.",
    "theater_square": "At the start of each round the theater square places a control token within 2 spaces of "
                      "it, and one within 2 spaces of a friendly city with a wonder.",
}
"""What each district does (Terra Incognita player aid, "Districts"); the name is ``DISTRICT``'s."""

DISTRICT_COMMON = ("A district is a control token of a special kind, built by a card that lets you build one "
                   "(it may replace one of your control tokens). Only one of each kind.")

TERMS: dict[str, tuple[str, str, str]] = {
    "mature_city": ("Mature city", "A city (your capital too) is mature when every space beside it holds one of "
                    "your {tokens}, or water. A city on the edge of the map has fewer "
                    "neighbours, so it matures sooner. Several agendas count mature cities.", ""),
    "fort": ("Fort", "A fort stands on its own hex beside the core tiles, placed at the start. Its space counts "
             "as a forest of difficulty 3. An army that attacks an unclaimed fort needs to beat 6; the fort "
             "victory cards ask you to take forts.", "forts"),
    "control_token": ("Control token", "Your token on a space makes it friendly: it counts for agendas, blocks "
                      "rivals and lets your pieces spread. Reinforced (flipped) tokens are harder to take and "
                      "turn barbarians back.", ""),
    "trade_token": ("Trade token", "Trade tokens lie on your focus cards (at most 3 each). Spent on a card "
                    "they make it act as if it stood further right in your focus row.", ""),
    "focus_row": ("Focus row and slots", "Your {slots} focus cards lie in a row; the further right, the "
                  "stronger. On your turn you resolve one card at the strength of its slot, "
                  "then it goes back to slot 1 and the others shift right.", ""),
    "natural_wonder": ("Natural wonder", "A natural-wonder space has difficulty 5. Take its token with a control "
                       "token or a city beside it: it counts as a resource when you build a wonder, and for "
                       "some agendas.", ""),
    "government": ("Government", "A government token lies on one of your two cards in slot 1 and makes that "
                   "card resolve a number of slots further right (its arrows). You change it when a card "
                   "lets you.", "governments"),
}
"""Game terms that are no printed piece: name, text, and the pieces a ruleset needs for the term
(``""``: every ruleset; ``"forts"``, ``"governments"``: a ruleset with them)."""

NO_DISTRICTS_TEXT: dict[str, str] = {
    "dipl:open_borders": "The giver's cities and tokens count as friendly for your cities' maturity.",
}
"""Entries whose shared text speaks of districts, as a ruleset without districts (the base game)
says them."""

@cache
def glossary_ids(ruleset: str = DEFAULT_RULESET) -> frozenset[str]:
    """The ids of the ruleset's glossary entries (``""``: the default ruleset)."""
    return frozenset(e["id"] for e in glossary(ruleset or DEFAULT_RULESET))


GOVERNMENT_TEXT = "Its card resolves {n} slot{s} further right while the token lies on it ({type} card)."


@cache
def glossary(ruleset: str = DEFAULT_RULESET) -> tuple[dict[str, Any], ...]:
    """Every entry of the ruleset's glossary (see the module's docstring), in the order the card
    reference shows them."""
    c = load_content(ruleset)
    out: list[dict[str, Any]] = []

    def add(id_: str, kind: str, name: str, sub: str, text: str) -> None:
        if not c.ruleset.districts:
            text = NO_DISTRICTS_TEXT.get(id_, text)
        out.append({"id": id_, "kind": kind, "name": name, "sub": sub, "text": text})

    civ = {lid: lead.civ for lid, lead in c.leaders.items()}
    for fid, f in sorted(c.focus_cards.items(), key=lambda kv: (kv[1].type, kv[1].level, kv[1].name)):
        if f.box not in c.ruleset.boxes:
            continue  # another ruleset's version of the card (the Terra Incognita content holds every box)
        unique = f" · unique to {civ.get(f.unique_of, f.unique_of)}" if f.unique_of and f.unique_of != "None" else ""
        add(f"focus:{fid}", "Focus card", f.name, f"{f.type} · level {f.level}{unique}", f.text)
    for lid, lead in sorted(c.leaders.items(), key=lambda kv: kv[1].civ):
        card = c.focus_cards.get(lead.unique_card) if lead.unique_card else None
        extra = f" Unique card: {card.name}." if card is not None else ""
        add(f"leader:{lid}", "Leader", f"{lead.leader} of {lead.civ}", lead.ability, f"{lead.text}{extra}")
    for wid, w in sorted(c.wonders.items(), key=lambda kv: (kv[1].type, kv[1].era, kv[1].name)):
        res = ", ".join(w.resources) or "none"
        add(f"wonder:{wid}", "Wonder", w.name, f"{w.type} · {w.era} · cost {w.cost} · resources {res}", w.text)
    for cid, cs in sorted(c.city_states.items(), key=lambda kv: kv[1].name):
        add(f"cs:{cid}", "City-state", cs.name, f"{cs.type} city-state · its diplomacy card", cs.text)
    for did, d in sorted(c.player_diplomacy.items(), key=lambda kv: kv[1].name):
        add(f"dipl:{did}", "Diplomacy card", d.name, "a player's diplomacy card", d.text)
    for nid, nw in sorted(c.natural_wonders.items(), key=lambda kv: kv[1].name):
        add(f"nw:{nid}", "Natural wonder", nw.name, f"counts as {nw.resource}", TERMS["natural_wonder"][1])
    for dist in c.ruleset.districts:
        add(f"district:{dist}", "District", DISTRICT.get(dist, dist), "",
            f"{DISTRICT_TEXT.get(dist, '')} {DISTRICT_COMMON}".strip())
    for g in c.ruleset.governments or ():
        add(f"gov:{g.id}", "Government", g.name, f"{g.type} · {g.arrows} arrow{'s' if g.arrows != 1 else ''}",
            GOVERNMENT_TEXT.format(n=g.arrows, s="s" if g.arrows != 1 else "", type=g.type))
    for _vid, v in sorted(c.victory_cards.items()):
        for a in v.agendas:
            add(f"agenda:{a.id}", "Agenda", a.name, "fort victory card" if v.fort else "victory card", a.text)
    has = {"": True, "forts": bool(c.ruleset.fort_terrain), "governments": bool(c.ruleset.governments)}
    for tid, (name, text, needs) in TERMS.items():
        if has[needs]:
            tokens = "control tokens or districts" if c.ruleset.districts else "control tokens"
            add(f"term:{tid}", "Term", name, "", text.format(slots=len(c.ruleset.row_slots), tokens=tokens))
    return tuple(out)
