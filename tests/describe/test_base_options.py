"""Option records of the base game's own decisions (engine/rulesets/base_*.py): the table shows
words, never the notation."""

from __future__ import annotations

from pathlib import Path

from newdawn.describe import option_records
from newdawn.engine import apply, legal_actions, new_game
from newdawn.scenario.build import load

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "base"


def test_map_building_options_name_the_tile_and_preview_its_cells() -> None:
    st = new_game({"ruleset": "base", "players": 2}, 3)
    recs = option_records(st)
    assert [r["action"] for r in recs] == [str(a) for a in legal_actions(st)]
    assert all(r["label"].endswith(")") and " tile next (" in r["label"] for r in recs)  # by what it shows, not its number
    assert any(r["label"].startswith("A capital tile next") for r in recs)
    st = apply(st, legal_actions(st)[0])
    tiles = [r for r in option_records(st) if r["kind"] == "tile"]
    assert tiles and all(len(r["cells"]) == 10 and r["at"] is not None for r in tiles)
    assert any(r["action"] == "back" for r in option_records(st))


def test_attacks_from_the_card_name_the_piece_attacked() -> None:
    st = load(SCENARIOS / "attack_counting_restrictions.toml").state
    for text in ("focus military", "resolve", "mode attack_from_card"):
        st = apply(st, text)
    labels = {r["action"]: r["label"] for r in option_records(st)}
    assert labels["attack 1,2"].startswith("Attack barbarian A")
    assert "Brussels" in labels["attack 1,4"]
    assert labels["attack 3,8"].startswith("Attack ") and "control token" in labels["attack 3,8"]
    assert labels["done"] == "Done"
