"""Combat and production breakdowns: named parts whose sums are the engine's values."""

from __future__ import annotations

from newdawn.describe.breakdown import combat_json, effect_source, fight_odds, production_json
from newdawn.engine.industry import wonder_cost
from newdawn.engine.state import content_for

from .conftest import Game

GENERIC = ("leader and wonders", "other", "effects")


def test_combat_parts_add_up_and_name_every_bonus(games: list[Game]) -> None:
    combats = 0
    for g in games:
        for st in g.states:
            c = combat_json(st)
            if c is None:
                continue
            combats += 1
            for side in ("attacker", "defender"):
                s = c[side]
                assert sum(p["value"] for p in s["parts"]) == s["base"]
                assert not any(p["label"] in GENERIC or p["label"].startswith("changes") for p in s["parts"])
            # issue 41: the panel's sentences are made here
            assert c["totals_text"] == f"Totals: attacker {c['attacker']['total']}, defender {c['defender']['total']}."
            assert c["stage_text"] == f"now: the {c['stage']} may spend military trade tokens"
    assert combats > 5


def test_production_parts_add_up_to_the_payment_so_far(games: list[Game]) -> None:
    pays = 0
    for g in games:
        for st in g.states:
            p = production_json(st)
            if p is None:
                continue
            pays += 1
            assert sum(x["value"] for x in p["parts"]) == p["total"]
            assert sum(x["value"] for x in p["cost_parts"]) == p["cost"] == \
                wonder_cost(st, st.stack_frames[-1]["seat"], p["wonder"])
            assert not any(x["label"] in GENERIC for x in p["parts"])
            assert p["title"] == f"Paying for {p['wonder_name']}: {p['total']} of {p['cost']}"
            more = p["cost"] - p["total"]
            assert p["status"] == ("Enough: you can build it now." if more <= 0 else f"{more} more needed.")
    assert pays > 0


def test_effects_are_named_after_their_source(games: list[Game]) -> None:
    st = games[0].states[-1]
    c = content_for(st)
    ld = next(x for x in c.leaders.values() if any(e.op == "special" for e in x.effects))
    handler = next(e.args["handler"] for e in ld.effects if e.op == "special")
    assert effect_source(st, handler) == f"{ld.leader}'s ability ({ld.ability})"
    w = next(x for x in c.wonders.values() if any(e.op == "special" for e in x.effects))
    wh = next(e.args["handler"] for e in w.effects if e.op == "special")
    if not any(any(e.op == "special" and e.args.get("handler") == wh for e in x.effects) for x in c.leaders.values()):
        assert effect_source(st, wh) == f"the wonder {w.name}"


def test_fight_odds() -> None:
    assert fight_odds(0, 0) == round(100 * 15 / 36)  # ties go to the defender
    assert fight_odds(6, 0) == 100
    assert fight_odds(0, 6) == 0
