"""The goal on the table: victory cards, their agendas, claims and every seat's progress.

The numbers come from ``engine.victory.agenda_progress`` (the function the agenda check
itself uses); this module only puts them in words.
"""

from __future__ import annotations

from typing import Any

from ..engine import GameState, agenda_progress, claimed_cards, content_for
from .names import seat_full, victory_card_name

UNIT: dict[str, tuple[str, str]] = {
    "mature_cities": ("mature city", "mature cities"),
    "natural_wonders": ("natural wonder", "natural wonders"),
    "warmonger": ("conquered city-state", "conquered city-states"),
    "cities_on_map": ("city on the map", "cities on the map"),
    "coastal_spaces": ("coastal space", "coastal spaces"),
    "level_iv_cards": ("level IV card", "level IV cards"),
    "reinforced_tokens": ("reinforced token", "reinforced tokens"),
    "diplomacy_sources": ("diplomacy source", "diplomacy sources"),
    "resources": ("resource", "resources"),
    "mature_city_tiles": ("map tile with a mature city", "map tiles with a mature city"),
    "wonder_types": ("wonder type", "wonder types"),
    "all_districts": ("district type", "district types"),
    "wonder_each_era": ("era with a wonder", "eras with a wonder"),
    "city_tiles": ("map tile with a city", "map tiles with a city"),
    "wonders_same_era": ("wonder of one era", "wonders of one era"),
    "forts": ("fort", "forts"),
}


def progress_text(kind: str, args: Any, have: int, need: int) -> str:
    """"2 of 3 mature cities", "dial 14 / 24", "best attack 9 / 12"."""
    if kind == "tech_dial_space":
        return f"dial {have} / {need}"
    if kind == "attack_value":
        return f"best attack {have} / {need}"
    if kind == "wonders_of_type":
        unit = f"{args['type']} wonder"
        return f"{have} of {need} {unit if need == 1 else unit + 's'}"
    one, many = UNIT.get(kind, ("", ""))
    text = f"{have} of {need} {one if need == 1 else many}".rstrip()
    if kind == "warmonger" and have < need:
        text += " (or defeat a rival capital)"
    return text


def goal_json(st: GameState) -> dict[str, Any]:
    c = content_for(st)
    need = c.ruleset.victory_cards_to_win
    cards = []
    for vc_id in st.victory_cards:
        vc = c.victory_cards[vc_id]
        agendas = []
        for ag in vc.agendas:
            prog = []
            for seat in range(st.n):
                have, want = agenda_progress(st, seat, ag)
                text = progress_text(ag.kind, ag.args, have, want)
                prog.append({"seat": seat, "have": have, "need": want, "text": text,
                             "title": f"{seat_full(st, seat)}: {text}", "short": f"{have}/{want}"})
            claimed_by = list(st.claims.get(ag.id, []))
            agendas.append({"id": ag.id, "name": ag.name, "text": ag.text, "claimed_by": claimed_by,
                            "claimed_titles": [f"claimed by {seat_full(st, p)}" for p in claimed_by],
                            "progress": prog})
        cards.append({"id": vc_id, "name": victory_card_name(st, vc_id), "fort": vc.fort, "agendas": agendas})
    total = len(st.victory_cards) or c.ruleset.victory_random_cards + len(c.ruleset.victory_fixed)
    return {
        "statement": f"Complete one agenda on {need} of the {total} victory cards",
        "to_win": need,
        "cards": cards,
        "claimed": [{"seat": p, "cards": claimed_cards(st, p), "text": f"{claimed_cards(st, p)} of {need}"}
                    for p in range(st.n)],
    }
