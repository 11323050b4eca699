"""Printed numbers of the irregular effects live in the content data (``special`` effect
arguments, validated by ``loader.SPECIAL_ARGS``): a corrected number is a one-line change in
a JSON file. These tests change a number in the data and check that the engine follows."""

from __future__ import annotations

import copy
import json
import sys
from importlib import resources
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from helpers import after_setup, space  # noqa: E402

from newdawn.content import ContentError, load_content, load_content_from  # noqa: E402
from newdawn.content.loader import SPECIAL_ARGS  # noqa: E402
from newdawn.engine import hooks  # noqa: E402
from newdawn.engine.industry import wonder_cost  # noqa: E402
from newdawn.engine.military import attack_value  # noqa: E402


def raw(stem: str) -> dict:
    text = resources.files("newdawn.content").joinpath("data", f"{stem}.json").read_text(encoding="utf-8")
    doc: dict = json.loads(text)
    return doc


def with_arg(stem: str, handler: str, key: str, value: object) -> dict:
    """The document of ``stem`` with one argument of a ``special`` effect changed (None: removed)."""
    doc = copy.deepcopy(raw(stem))

    def walk(o: object) -> None:
        if isinstance(o, dict):
            if o.get("op") == "special" and o.get("handler") == handler:
                if value is None:
                    o.pop(key)
                else:
                    o[key] = value
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    walk(doc)
    return doc


def test_every_special_arg_set_is_used_by_a_record_and_present():
    """Each handler with printed numbers names a real ``special`` effect, which carries them."""
    c = load_content("ti")
    seen: dict[str, set[str]] = {}
    for table in (c.wonders, c.leaders, c.focus_cards, c.city_states, c.player_diplomacy):
        for rec in table.values():
            for e in rec.effects:
                if e.op == "special":
                    seen[e.str("handler")] = set(e.args)
    for handler, spec in SPECIAL_ARGS.items():
        assert handler in seen, handler
        assert set(spec) <= seen[handler], handler


@pytest.mark.parametrize(("stem", "handler", "key"), [
    ("wonders", "terracotta_army", "attack"),
    ("leaders", "egypt", "discount"),
    ("city_states", "kabul", "attack"),
    ("player_diplomacy", "joint_war", "attack"),
    ("focus_cards", "radio", "range"),
])
def test_a_missing_or_bad_printed_number_fails_validation(stem, handler, key):
    with pytest.raises(ContentError, match=key):
        load_content_from(overrides={stem: with_arg(stem, handler, key, None)})
    with pytest.raises(ContentError, match=key):
        load_content_from(overrides={stem: with_arg(stem, handler, key, "two")})
    with pytest.raises(ContentError, match="unknown argument"):
        load_content_from(overrides={stem: with_arg(stem, handler, "bogus", 1)})


def _attack(st, seat: int, s: int, dseat: int) -> int:
    f = {"slot": 3, "combat": 0, "vs_barbarian": 0, "space": s, "seat": seat}
    return attack_value(st, f, "ctl", dseat)


def _with_content(st, stem: str, handler: str, key: str, value: object):
    st = st.copy()
    st._c = load_content_from(overrides={stem: with_arg(stem, handler, key, value)})
    return st


def test_wonder_number_comes_from_the_data():
    st = after_setup(leaders=["sumeria", "netherlands"])
    st.forced_dice = [1] * 10
    s = space(st)
    st.ctl[s] = 1
    base = _attack(st.copy(), 0, s, 1)
    st.players[0].wonders += ("terracotta_army",)
    st.forced_dice = [1] * 10
    assert _attack(st.copy(), 0, s, 1) - base == 2
    alt = _with_content(st, "wonders", "terracotta_army", "attack", 7)
    alt.forced_dice = [1] * 10
    assert _attack(alt, 0, s, 1) - base == 7
    assert hooks.printed(alt, "terracotta_army", "attack") == 7


def test_leader_and_diplomacy_numbers_come_from_the_data():
    st = after_setup(leaders=["egypt", "netherlands"])
    w = next(iter(st.wonder_decks.values()))[0]
    base = wonder_cost(st, 1, w)
    assert wonder_cost(st, 0, w) == base - 1
    alt = _with_content(st, "leaders", "egypt", "discount", 3)
    assert wonder_cost(alt, 0, w) == base - 3
    st.players[1].dipl += ("cs:buenos_aires",)
    assert wonder_cost(st, 1, w) == base - 2
    alt = _with_content(st, "city_states", "buenos_aires", "discount", 4)
    assert wonder_cost(alt, 1, w) == base - 4
