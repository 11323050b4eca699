"""Observations: fixed shapes, built from the seat's view only, text unique per view."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numpy")

from research_helpers import random_states  # noqa: E402

from newdawn.engine import decision_seat, determinize, player_view  # noqa: E402
from newdawn.research.observation import (  # noqa: E402
    GRID,
    PLANE,
    Observation,
    layout,
    named_views,
    observation_size,
    observation_text,
    player_feature_names,
)


def test_layout_is_named_and_views_share_the_flat_tensor() -> None:
    obs = Observation()
    assert obs.tensor.shape == (observation_size(),)
    assert list(obs.dict) == ["board", "players", "table"]
    for name, shape in layout().items():
        assert obs.dict[name].shape == shape
        assert np.shares_memory(obs.dict[name], obs.tensor)
    assert obs.dict["board"].shape[1:] == (GRID, GRID)


def test_named_views_of_a_returned_tensor_match_the_buffer_and_refuse_other_shapes() -> None:
    from newdawn.engine import new_game

    obs = Observation()
    flat = obs.set_from_view(player_view(new_game({"players": 3}, 2), 1)).copy()  # as an env returns it
    views = named_views(flat)
    for name in layout():
        assert np.array_equal(views[name], obs.dict[name]) and np.shares_memory(views[name], flat)
    with pytest.raises(ValueError, match="shape"):
        named_views(flat[:-1])


@pytest.mark.parametrize("players", [2, 5])
def test_shape_is_fixed_and_the_map_planes_match_the_view(players: int) -> None:
    obs = Observation()
    for st in random_states(players, 3, max_rounds=4, every=25):
        for seat in range(-1, players):
            view = player_view(st, seat)
            t = obs.set_from_view(view)
            assert t.shape == (observation_size(),)
            board = obs.dict["board"]
            assert int(board[PLANE["on_map"]].sum()) == len(st.board.coords)
            assert int(board[[PLANE[f"city:seat+{i}"] for i in range(6)]].sum()) == len(view["cities"])
            rows = obs.dict["players"]
            assert rows[:, player_feature_names().index("present")].sum() == players


def test_the_viewer_is_row_zero() -> None:
    obs = Observation()
    st = next(s for s in random_states(3, 5, max_rounds=3, every=40) if s.round >= 2)
    lead = player_feature_names().index(f"leader:{st.players[2].leader}")
    obs.set_from_view(player_view(st, 2))
    assert obs.dict["players"][0, lead] == 1.0
    obs.set_from_view(player_view(st, 0))
    assert obs.dict["players"][2, lead] == 1.0


def test_hidden_information_does_not_reach_the_tensor_or_the_text() -> None:
    """Re-sampling what a seat cannot see (tile stack, wonder decks, generator) changes neither
    its tensor nor its text."""
    a, b = Observation(), Observation()
    for st in random_states(4, 9, max_rounds=3, every=30):
        seat = max(0, decision_seat(st))
        other = determinize(st, seat, seed=1234)
        assert other.stack != st.stack or other.rng != st.rng
        va, vb = player_view(st, seat), player_view(other, seat)
        assert np.array_equal(a.set_from_view(va), b.set_from_view(vb))
        assert observation_text(va) == observation_text(vb)


def test_text_is_unique_per_view_and_lists_the_options() -> None:
    texts: dict[str, str] = {}
    for st in random_states(3, 21, max_rounds=3):
        seat = decision_seat(st)
        view = player_view(st, max(seat, 0))
        text = observation_text(view)
        key = repr(sorted((k, repr(v)) for k, v in view.items()))
        assert texts.setdefault(text, key) == key  # same text only for the same view
        if seat >= 0:
            assert all(o in text for o in view["decision"]["options"])
    assert len(texts) > 50
