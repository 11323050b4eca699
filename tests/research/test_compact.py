"""The compact observation and the option action space (compact.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numpy")

from research_helpers import random_states  # noqa: E402

from newdawn.engine import (  # noqa: E402
    Action,
    apply_in_place,
    decision_seat,
    determinize,
    legal_actions,
    new_game,
    player_view,
)
from newdawn.engine.state import content_for  # noqa: E402
from newdawn.engine.view import state_from_view  # noqa: E402
from newdawn.research.compact import (  # noqa: E402
    OPTIONS,
    CompactObserver,
    agent_options,
    compact_feature_names,
    compact_size,
    compact_views,
    goal_potential,
    option_names,
    preview_values,
    seat_names,
    shown_options,
)


def test_size_names_and_bounds() -> None:
    assert len(compact_feature_names()) == compact_size() < 3000
    obs = CompactObserver()
    for st in random_states(3, seed=2, max_rounds=4, every=7):
        seat = decision_seat(st)
        if seat < 0:
            continue
        t = obs.fill(st, seat, agent_options(st)[:OPTIONS])
        assert t.dtype == np.float32 and t.shape == (compact_size(),)
        assert t.min() >= 0.0 and t.max() <= 1.0


@pytest.mark.parametrize("players", [2, 4])
def test_built_only_from_what_the_view_shows(players: int) -> None:
    """The same numbers from a state rebuilt from the seat's view alone (hidden parts sampled
    anew) and from a determinized state: the fast builder reads nothing hidden."""
    a, b = CompactObserver(), CompactObserver()
    checked = 0
    for k, st in enumerate(random_states(players, seed=11 + players, max_rounds=5, every=13)):
        for seat in range(players):
            opts = agent_options(st)[:OPTIONS] if decision_seat(st) == seat else []
            mine = a.fill(st, seat, opts).copy()
            rebuilt = state_from_view(player_view(st, seat), 1000 + k)
            assert np.array_equal(mine, b.fill(rebuilt, seat, opts)), (k, seat)
            assert np.array_equal(mine, b.fill(determinize(st, seat, 77 + k), seat, opts)), (k, seat)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("players", [2, 4])
def test_the_incremental_observer_matches_one_made_anew(players: int) -> None:
    """One observer kept along a game played in place (its caches keyed by what changed) gives
    at every decision, for the deciding seat and another, the numbers of an observer made anew
    for the call; also after a hand edit (``_legal = None``) and for another state between."""
    kept = CompactObserver(previews=players == 2)
    marks = 0
    epoch = None
    for k, st in enumerate(random_states(players, seed=31 + players, max_rounds=25)):
        if st.winner != -1:
            break
        marks += st._agenda_epoch is not epoch
        epoch = st._agenda_epoch
        dec = decision_seat(st)
        for seat in (dec, (dec + 1) % players):
            opts = shown_options(agent_options(st), None) if seat == dec else []
            fresh = CompactObserver(previews=players == 2).fill(st, seat, opts, k)
            assert np.array_equal(kept.fill(st, seat, opts, k), fresh), (k, seat)
        if k % 97 == 0:
            other = determinize(st, dec, k)
            assert np.array_equal(kept.fill(other, dec, []), CompactObserver().fill(other, dec, []))
        if k == 150:  # a hand edit of a copy: a city changes hands without a mark
            edited = st.copy()
            sp = next(iter(edited.cities), None)
            if sp is not None:
                edited.cities[sp] = (edited.cities[sp] + 1) % players
                edited._legal = None
                assert np.array_equal(kept.fill(edited, dec, []), CompactObserver().fill(edited, dec, []))
    assert marks > 20


def test_seats_are_relative_and_options_carry_the_focus_slot_and_level() -> None:
    st = new_game({"players": 3}, seed=5)
    rng = random.Random(0)
    while st.stack_frames[-1]["kind"] != "focus":
        apply_in_place(st, rng.choice(legal_actions(st)))
    seat = decision_seat(st)
    opts = agent_options(st)
    v = compact_views(CompactObserver().fill(st, seat, opts).copy())
    s = {n: i for i, n in enumerate(seat_names())}
    o = {n: i for i, n in enumerate(option_names())}
    assert v["seats"][0, s["to_move"]] == 1.0 and v["seats"][1:, s["to_move"]].sum() == 0.0
    assert v["seats"][:3, s["present"]].tolist() == [1.0] * 3 and v["seats"][3:, s["present"]].sum() == 0
    cards = content_for(st).focus_cards
    row = st.players[seat].row
    for i, a in enumerate(opts):
        assert a.verb == "focus" and v["options"][i, o["shown"]] == 1.0 and v["options"][i, o["verb:focus"]] == 1.0
        pos = next(k for k, cid in enumerate(row) if cards[cid].type == a.arg)
        assert v["options"][i, o["focus_slot"]] == pytest.approx(pos / 5)
        assert v["options"][i, o["focus_level"]] == pytest.approx(cards[row[pos]].level / 4)
    assert v["options"][len(opts):].sum() == 0.0


def test_space_options_describe_the_space() -> None:
    o = {n: i for i, n in enumerate(option_names())}
    terrain = [i for n, i in o.items() if n.startswith("terrain:")]
    obs = CompactObserver()
    checked = 0
    for st in random_states(2, seed=3, max_rounds=6):
        seat = decision_seat(st)
        opts = agent_options(st)[:OPTIONS] if seat >= 0 else []
        if not opts or opts[0].verb != "place":
            continue
        v = compact_views(obs.fill(st, seat, opts))
        for i, a in enumerate(opts):
            if a.verb != "place":
                continue
            s = st.board.index[tuple(int(x) for x in a.arg.split(","))]
            assert v["options"][i, o["space"]] == 1.0
            assert v["options"][i, terrain].sum() == 1.0 and v["options"][i, o["terrain:" + st.board.terrain[s]]] == 1.0
            near = sum(1 for nb in st.board.nbrs[s] if st.ctl.get(nb) == seat)
            assert v["options"][i, o["near_mine"]] == pytest.approx(near / 6)
            checked += 1
    assert checked > 5


def test_take_backs_are_left_out_unless_alone() -> None:
    st = new_game({"players": 2}, seed=1)
    rng = random.Random(1)
    met = 0
    for _ in range(400):
        legal = legal_actions(st)
        if Action("back") in legal:
            opts = agent_options(st)
            assert opts == ([Action("back")] if len(legal) == 1 else [a for a in legal if a.verb != "back"])
            assert agent_options(st, take_backs=True) == legal
            met += 1
        apply_in_place(st, rng.choice([a for a in legal if a.verb != "back"] or legal))
    assert met > 5


def test_more_options_than_slots_are_drawn_in_their_order() -> None:
    many = [Action("place", f"{q},0") for q in range(40)]
    rng = np.random.default_rng(0)
    shown = shown_options(many, rng)
    assert len(shown) == OPTIONS and shown == sorted(shown, key=many.index)
    assert shown_options(many, None) == many[:OPTIONS] and shown_options(many[:3], rng) == many[:3]


def test_goal_potential_is_zero_sum_in_two_player_games() -> None:
    for st in random_states(2, seed=4, max_rounds=30, every=150):
        assert goal_potential(st, 0) == pytest.approx(-goal_potential(st, 1))


def test_value_previews_mark_the_best_options_and_the_gaps() -> None:
    """``values=True``: ``value_best`` marks the options of highest ``preview_values`` (drawn with
    the seed the observer is given, plus one), ``value_gap`` the others' distance below them, in
    [0, 1]; without it both columns stay 0."""
    names = {n: i for i, n in enumerate(option_names())}
    best, gap = names["value_best"], names["value_gap"]
    obs, plain = CompactObserver(values=True), CompactObserver()
    checked = 0
    for k, st in enumerate(random_states(2, seed=5, max_rounds=4, every=9)):
        seat = decision_seat(st)
        opts = shown_options(agent_options(st), None)
        if seat < 0 or len(opts) < 2:
            continue
        rows = compact_views(obs.fill(st, seat, opts, k))["options"][:len(opts)]
        vals = preview_values(st, seat, opts, k + 1)
        top = max(vals)
        assert [bool(r[best]) for r in rows] == [v >= top - 1e-6 for v in vals]
        for r, v in zip(rows, vals, strict=True):
            assert r[best] or r[gap] == pytest.approx(min(1.0, (top - v) / 120.0), rel=1e-5)
        assert not compact_views(plain.fill(st, seat, opts, k))["options"][:, [best, gap]].any()
        checked += 1
    assert checked >= 3
