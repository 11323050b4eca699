"""Combat and production breakdowns: the engine's named parts (``military.attack_parts``,
``military.defense_parts``, ``industry.payment_parts``, ``industry.wonder_cost_parts``),
whose sums are the values the engine uses, put into words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine import GameState, attack_parts, content_for, defense_parts, payment_parts, wonder_cost_parts
from .event_words import target_words
from .names import (
    TERRAIN,
    city_state_name,
    natural_wonder_name,
    pending_frame,
    plural,
    seat_name,
    wonder_name,
    words,
)

_SOURCES: dict[tuple[int, str], str] = {}


def effect_source(st: GameState, handler: str) -> str:
    """Who gives the effect named ``handler``: "Gandhi (Satyagraha)", "the Colosseum",
    "the Joint War diplomacy card"."""
    c = content_for(st)
    key = (id(c), handler)
    got = _SOURCES.get(key)
    if got is not None:
        return got
    # Where a handler may be printed, first match first, and how that source is named.
    tables: list[tuple[Mapping[str, Any], Callable[[Any], str]]] = [
        (c.leaders, lambda ld: f"{ld.leader}'s ability ({ld.ability})"),
        (c.wonders, lambda w: f"the wonder {w.name}"),
        (c.player_diplomacy, lambda pd: f"the {pd.name} diplomacy card"),
        (c.city_states, lambda cs: f"{cs.name}'s diplomacy card"),
        (c.focus_cards, lambda fc: fc.name),
    ]
    name = next((named(rec) for table, named in tables for rec in table.values()
                 if any(e.op == "special" and e.args.get("handler") == handler for e in rec.effects)), words(handler))
    _SOURCES[key] = name
    return name


def part_label(st: GameState, key: str) -> str:
    head, _, rest = key.partition(":")
    if head == "slot":
        return f"focus card in slot {rest}"
    if head == "card":
        return "military card bonus"
    if head == "vs_barbarian":
        return "card bonus against barbarians"
    if head == "terrain":
        return f"terrain difficulty {rest}"
    if head == "city":
        d, _, m = rest.partition("x")
        return f"city: terrain difficulty {d} x {m}"
    if head == "city_state":
        return "city-state"
    if head == "fort":
        return "fort"
    if head == "reinforced":
        return "reinforced control token"
    if head == "adjacent_reinforced":
        return plural(int(rest), "adjacent reinforced token")
    if head == "friendly_army":
        return "a friendly army in the space"
    if head == "effect":
        return effect_source(st, rest)
    if head == "effects":
        return "leader, wonder and diplomacy effects"
    if head == "printed":
        return "printed cost"
    if head == "resource":
        r, _, n = rest.partition(":")
        return plural(int(n), r + " resource")
    if head == "nw":
        return f"natural wonder {natural_wonder_name(st, rest)}"
    if head == "trade":
        return plural(int(rest), "industry trade token")
    return words(key)


def _parts(st: GameState, parts: list[tuple[str, int]]) -> list[dict[str, Any]]:
    return [{"label": part_label(st, k), "value": v} for k, v in parts]


def side_name(st: GameState, seat: int, target: str, s: int) -> str:
    """Who fights on a side of a combat: a seat, or the barbarian, city-state or fort attacked."""
    if seat >= 0:
        return seat_name(seat)
    kind = target.partition(":")[0]
    if kind == "cs" and s in st.cs_at:
        return f"{city_state_name(st, st.cs_at[s])} (city-state)"
    if kind == "barb":
        letter = next((k for k, v in st.barbs.items() if v == s), "")
        return f"Barbarian {letter}".strip()
    if kind == "fort":
        return "The fort"
    return "Nobody's"


def combat_json(st: GameState) -> dict[str, Any] | None:
    """While a combat decision is pending: both sides' dice, parts, tokens and totals."""
    f = pending_frame(st)
    if f is None or f["kind"] != "combat":
        return None
    target: str = f["target"]
    s: int = f["space"]
    dseat: int = f["defender"]
    att = _parts(st, attack_parts(st, f, target, dseat))
    dfd = _parts(st, defense_parts(st, target, s, dseat, f["attacker"]))
    for parts, base in ((att, int(f["attack_base"])), (dfd, int(f["defence_base"]))):
        rest = base - sum(p["value"] for p in parts)
        if rest:  # the table changed since the dice were rolled (never expected)
            parts.append({"label": "changes since the roll", "value": rest})

    def side(seat: int, die: int, base: int, plus: int, parts: list[dict[str, Any]]) -> dict[str, Any]:
        return {"seat": seat, "name": side_name(st, seat, target, s), "die": die, "parts": parts, "base": base,
                "tokens": plus, "total": die + base + plus}

    attacker = side(f["attacker"], f["attack_die"], f["attack_base"], f["attack_plus"], att)
    defender = side(dseat, f["defence_die"], f["defence_base"], f["defence_plus"], dfd)
    return {
        "target": target, "target_text": target_words(st, target, dseat, s), "space": s, "stage": f["stage"],
        "stage_text": f"now: the {f['stage']} may spend military trade tokens",
        "attacker": attacker, "defender": defender,
        "ties": "the defender wins ties",
        "totals_text": f"Totals: attacker {attacker['total']}, defender {defender['total']}.",
    }


def production_json(st: GameState) -> dict[str, Any] | None:
    """While a wonder is being paid for: its production and its cost, each in named parts."""
    f = pending_frame(st)
    if f is None or f["kind"] != "pay":
        return None
    w: str = f["wonder"]
    total, cost = int(f["production"]), int(f["cost"])
    return {"wonder": w, "wonder_name": wonder_name(st, w), "total": total,
            "parts": _parts(st, payment_parts(st, f)), "cost": cost,
            "cost_parts": _parts(st, wonder_cost_parts(st, f["seat"], w)),
            "title": f"Paying for {wonder_name(st, w)}: {total} of {cost}",
            "status": "Enough: you can build it now." if total >= cost else f"{cost - total} more needed."}


def fight_odds(a_base: int, d_base: int) -> int:
    """Per cent chance that the attacker wins with one die each (the defender wins ties)."""
    wins = sum(1 for a in range(1, 7) for d in range(1, 7) if a + a_base > d + d_base)
    return round(100 * wins / 36)


__all__ = ["TERRAIN", "combat_json", "effect_source", "fight_odds", "part_label", "production_json", "seat_name"]
