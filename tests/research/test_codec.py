"""The fixed action space: ids <-> action texts over the whole notation."""

from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("numpy")

from research_helpers import random_states  # noqa: E402

from newdawn.content import load_content  # noqa: E402
from newdawn.engine import Action, legal_actions  # noqa: E402
from newdawn.research.codec import (  # noqa: E402
    WINDOW_RADIUS,
    ActionCodec,
    EncodingError,
    codec,
    content_lists,
    slots,
    window_coords,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_legal_action_of_random_games_round_trips(players: int) -> None:
    c = codec()
    seen = 0
    for seed in (11, 12):
        for st in random_states(players, seed, max_rounds=6):
            for a in legal_actions(st):
                i = c.encode(a)
                assert 0 <= i < c.num_actions
                assert c.decode(i) == a
                assert c.encode(str(a)) == i  # the text form gives the same id
                seen += 1
    assert seen > 500


def test_ids_are_distinct_and_the_table_is_the_decode_order() -> None:
    c = codec()
    table = c.table()
    assert len(table) == c.num_actions
    assert len({text for _, text in table}) == c.num_actions
    for i, text in table[:: max(1, c.num_actions // 2000)]:
        assert c.encode(text) == i and str(c.decode(i)) == text


def test_blocks_cover_the_ids_in_order() -> None:
    c = codec()
    ends = 0
    for first, end, form in c.blocks:
        assert first == ends and end >= first, form
        ends = end
    assert ends == c.num_actions
    forms = [f for _, _, f in c.blocks]
    for expected in ("place <space>", "tile <side_rot> <space>", "shift <pair>", "take <card>@<focus>",
                     "exchange p<seat>:<dipl>><dipl>", "barb <letter>><space>"):
        assert expected in forms


def test_the_table_does_not_depend_on_content_facts_other_than_ids() -> None:
    """Changing wonders' costs and texts leaves every slot (so every id) alone; adding a wonder
    grows its slot. The table is a function of the slots (``ActionCodec``)."""
    content = load_content("ti")
    base = slots(content_lists([content]))
    changed = {k: dataclasses.replace(w, cost=w.cost + 3, text="changed") for k, w in content.wonders.items()}
    assert slots(content_lists([dataclasses.replace(content, wonders=changed)])) == base
    more = {**changed, "zz_new_wonder": next(iter(changed.values()))}
    grown = slots(content_lists([dataclasses.replace(content, wonders=more)]))
    assert grown["wonder"].values == (*base["wonder"].values, "zz_new_wonder")
    assert ActionCodec(content_lists([content])).table() == codec().table()


def test_a_space_beyond_the_window_and_unknown_words_are_refused() -> None:
    c = codec()
    far = WINDOW_RADIUS + 1
    with pytest.raises(EncodingError, match="no id"):
        c.encode(Action("place", f"{far},0"))
    with pytest.raises(EncodingError):
        c.encode("focus astrology")
    with pytest.raises(EncodingError, match="outside"):
        c.decode(c.num_actions)
    with pytest.raises(EncodingError):
        c.decode(-1)
    # the whole window is there
    assert c.encode(Action("place", f"{WINDOW_RADIUS},0")) >= 0
    assert len(window_coords()) == 3 * WINDOW_RADIUS * (WINDOW_RADIUS + 1) + 1


def test_the_action_count_is_the_same_for_every_configuration() -> None:
    from newdawn.research.openspiel_game import load

    counts = {load(players=n, max_rounds=2).num_distinct_actions() for n in (2, 3, 4, 5)}
    assert counts == {codec().num_actions}


def _engine_verbs() -> set[str]:
    """Verbs the engine's source names where it builds options: ``Action("verb", ...)`` and
    ``action("verb", ...)``, ``space_actions("verb", ...)``, the decision factories
    ``space_choice(kind, shape, "verb", ...,
    skip="verb")`` and ``item_choice`` (``engine/decisions.py``) and ``figure_options(st, seat,
    "verb", ...)``, in every engine module (subpackages too)."""
    import ast
    from pathlib import Path

    import newdawn.engine

    verbs: set[str] = set()
    where = {"Action": 0, "action": 0, "space_actions": 0, "space_choice": 2, "item_choice": 2, "figure_options": 2}
    for path in Path(newdawn.engine.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in where:
                i = where[node.func.id]
                if len(node.args) > i and isinstance(node.args[i], ast.Constant):
                    verbs.add(str(node.args[i].value))
                for kw in node.keywords:
                    if kw.arg == "skip" and isinstance(kw.value, ast.Constant) and kw.value.value is not None:
                        verbs.add(str(kw.value.value))
    return verbs


def test_every_verb_the_engine_offers_has_ids() -> None:
    verbs = _engine_verbs()
    assert {"place", "destroy", "caravan", "tile", "focus"} <= verbs
    table_verbs = {form.split(" ")[0] for _, _, form in codec().blocks}
    missing = verbs - table_verbs
    assert not missing, f"verbs without ids: {sorted(missing)}"


def test_every_action_of_the_table_is_a_typed_engine_action() -> None:
    """The codec's grammar and the engine's (``actions.FORMS``) name the same values: every
    text of the table takes one of its verb's declared forms, its fields written back in that
    form give the text again."""
    from newdawn.engine.actions import decode, encode

    untyped = []
    for i in range(codec().num_actions):
        a = codec().decode(i)
        got = decode(a.verb, a.arg)
        if got is None or encode(got[0], a) != a.arg:
            untyped.append(str(a))
    assert not untyped, f"{len(untyped)} texts of no engine form, e.g. {untyped[:5]}"
