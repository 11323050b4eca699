"""Every shipped model's card tells the truth about how it was made: its command names its
recipe and a scale, and its games are exactly the games that command plans (the first seed of
each lineup, every game played, none missing), so ``newdawn train`` with that command plays
them again."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from newdawn.bots.model import WinModel
from newdawn.learn.recipes import RECIPES, scaled

SHIPPED = sorted(p.name for p in resources.files("newdawn.bots").joinpath("models").iterdir()
                 if p.name.endswith(".json"))


def test_models_are_shipped() -> None:
    assert SHIPPED, "no model is shipped"


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_models_card_is_its_commands_games(name: str) -> None:
    text = resources.files("newdawn.bots").joinpath("models", name).read_text(encoding="utf-8")
    model = WinModel.from_json(json.loads(text))
    card = model.card
    recipe = RECIPES[card["recipe"]]
    assert name == f"{recipe.name}.json" and (model.ruleset, model.players) == (recipe.ruleset, recipe.players)
    cmd = re.fullmatch(r"newdawn train --recipes (\S+) --scale (\S+) --seed (\d+)", card["command"])
    assert cmd is not None, card["command"]
    assert recipe.name in cmd.group(1).split(",")
    scale, seed = float(cmd.group(2)), int(cmd.group(3))
    assert set(card["lineups"]) == {lu.name for lu in recipe.lineups}
    for k, lu in enumerate(recipe.lineups):
        got = card["lineups"][lu.name]
        assert got["first_seed"] == recipe.seed_base(seed, k)
        assert got["planned"] == scaled(lu.games, scale) == got["played"] and got["missing"] == []
    held = card["held_out"]
    assert held["model"]["log_loss"] < min(held["constant"]["log_loss"], held["hand"]["log_loss"])
