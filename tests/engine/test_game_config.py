"""The game's configuration is a declared shape (``engine/config.py``: ``GameConfig``), and
``setup.normalise_config`` is the one check at the edge: what it lets through has that shape,
what does not fit is refused with the key named."""

from __future__ import annotations

import copy
import random
import types
import typing
from pathlib import Path
from typing import Any

import pytest

from newdawn.content import load_content
from newdawn.content.rulesets import ruleset_ids
from newdawn.engine import apply, legal_actions, new_game
from newdawn.engine import rulesets as engine_rulesets
from newdawn.engine import setup as engine_setup
from newdawn.engine.config import RULESET_OPTIONS, GameConfig
from newdawn.engine.rulesets import ConfigOption, config_options
from newdawn.engine.setup import normalise_config
from newdawn.scenario import parse

ROOT = Path(__file__).resolve().parents[2]


def fits(value: Any, hint: Any) -> bool:
    """Whether JSON-like ``value`` has the declared type ``hint`` (exact: ``True`` is no int)."""
    origin = typing.get_origin(hint)
    if origin is typing.NotRequired:
        return fits(value, typing.get_args(hint)[0])
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is list:
        (item,) = typing.get_args(hint)
        return type(value) is list and all(fits(v, item) for v in value)
    if origin is dict:
        k, v = typing.get_args(hint)
        return type(value) is dict and all(fits(a, k) and fits(b, v) for a, b in value.items())
    return type(value) is hint


def undeclared(cfg: dict[str, Any]) -> list[str]:
    """What in ``cfg`` the declaration does not allow: unknown keys, missing required keys,
    values of another type."""
    hints = typing.get_type_hints(GameConfig)
    bad = [f"unknown key {k}" for k in cfg if k not in hints]
    bad += [f"missing {k}" for k in GameConfig.__required_keys__ if k not in cfg]
    bad += [f"{k}={v!r} is not {hints[k]}" for k, v in cfg.items() if k in hints and not fits(v, hints[k])]
    return bad


def test_the_shape_check_catches_a_wrong_value() -> None:
    good = dict(new_game({"players": 2}, 1).config)
    assert undeclared(good) == []
    assert undeclared({**good, "players": True, "mood": 1}) == ["unknown key mood", "players=True is not <class 'int'>"]
    assert undeclared({k: v for k, v in good.items() if k != "ruleset"}) == ["missing ruleset"]


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_ruleset_option_is_declared(ruleset: str) -> None:
    options = config_options(ruleset, load_content(ruleset))
    assert set(options) <= set(RULESET_OPTIONS)
    assert set(RULESET_OPTIONS) <= set(typing.get_type_hints(GameConfig))


@pytest.mark.parametrize(("ruleset", "extra"), [("ti", {}), ("base", {}), ("base", {"map": "first_game", "epic": True}),
                                                ("base", {"automa": True}), ("ti", {"max_rounds": 3, "generator": "splitmix64"})])
def test_games_of_every_ruleset_have_a_declared_config(ruleset: str, extra: dict[str, Any]) -> None:
    st = new_game({"players": 3, "ruleset": ruleset, **extra}, 7)
    rnd = random.Random(7)
    for _ in range(60):  # the configuration never changes while the game is played
        if st.winner != -1:
            break
        st = apply(st, rnd.choice(legal_actions(st)))
    assert undeclared(dict(st.config)) == []
    assert st.config["seed"] == 7 and st.config["ruleset"] == ruleset
    assert {k: st.config[k] for k in extra} == extra  # type: ignore[literal-required]
    # A record's configuration: the same without the seed.
    rec = normalise_config(st.config)
    assert "seed" not in rec and undeclared(dict(rec)) == []


def test_a_scenarios_own_box_is_declared() -> None:
    text = (ROOT / "tests" / "scenarios" / "base" / "supply_steam_power_takes_only_what_is_left.toml").read_text()
    st = parse(text).state
    assert "box" in st.config
    assert undeclared(dict(st.config)) == []


@pytest.mark.parametrize(("given", "said"), [
    ({"players": True}, "players"),
    ({"players": 2.0}, "players"),
    ({"max_rounds": True}, "max_rounds"),
    ({"leaders": "rome"}, "leaders"),
    ({"colors": "red"}, "colors"),
    ({"ruleset": 3}, "ruleset"),
    ({"generator": "mt19937"}, "generator"),
    ({"mood": "calm"}, "unknown config keys"),
    ({"ruleset": "base", "epic": 1}, "epic"),
    ({"ruleset": "base", "map": "moon"}, "map"),
    ({"ruleset": "ti", "epic": True}, "unknown config keys"),
])
def test_a_config_that_does_not_fit_is_refused_with_its_key(given: dict[str, Any], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        normalise_config({"players": 2, **given})


def test_a_ruleset_offering_an_undeclared_option_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def offered(ruleset: str, content: Any) -> dict[str, ConfigOption]:
        return {"tides": ConfigOption(False, (False, True))}

    monkeypatch.setattr(engine_rulesets, "config_options", offered)
    assert engine_setup.rulesets.config_options is offered
    with pytest.raises(ValueError, match=r"offers options \['tides'\] that engine/config.py does not declare"):
        normalise_config({"players": 2})


@pytest.mark.parametrize("extra", [{}, {"players": 9}, {"leaders": ("rome", "rome")}, {"mood": "calm"}])
def test_the_check_leaves_the_callers_configuration_as_it_was(extra: dict[str, Any]) -> None:
    """``normalise_config`` (``config.checked_config``) reads a caller's mapping and never writes
    it, whether it lets it through or refuses it; what it returns shares no list with it."""
    leaders = sorted(load_content("ti").leaders)[:2]
    given: dict[str, Any] = {"players": 2, "seed": 5, "leaders": leaders, "colors": ("red", "blue"), **extra}
    before = copy.deepcopy(given)
    try:
        cfg = normalise_config(given)
    except ValueError:
        assert extra
    else:
        assert not extra and "seed" not in cfg
        assert cfg["leaders"] == leaders and cfg["leaders"] is not leaders and cfg["colors"] == ["red", "blue"]
    assert given == before
