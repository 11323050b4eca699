"""The python_newdawn OpenSpiel game: OpenSpiel's own conformance test and bots."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from newdawn.engine import Action  # noqa: E402
from newdawn.research.codec import codec  # noqa: E402
from newdawn.research.compact import agent_options  # noqa: E402
from newdawn.research.openspiel_game import SETUPS, legal_mask, load  # noqa: E402


def _play_random(game, setup: int, seed: int = 0):  # type: ignore[no-untyped-def]
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    state.apply_action(setup)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_test_with_serialization(players: int) -> None:
    game = load(players=players, max_rounds=2, seed=players)
    pyspiel.random_sim_test(game, num_sims=2 if players <= 3 else 1, serialize=True, verbose=False)


def _rulesets() -> list[str]:
    from importlib.resources import files

    data = files("newdawn.content") / "data"
    return sorted(f.name[len("ruleset_"):-len(".json")] for f in data.iterdir()
                  if f.name.startswith("ruleset_") and f.name.endswith(".json"))


@pytest.mark.parametrize("ruleset", _rulesets())
def test_random_sim_test_for_every_ruleset_the_engine_plays(ruleset: str) -> None:
    """Every ruleset of the packaged data, as soon as the engine accepts it."""
    from newdawn.engine import new_game

    try:
        new_game({"players": 3, "ruleset": ruleset}, 0)
    except ValueError as e:
        pytest.skip(f"the engine does not play {ruleset!r} yet: {e}")
    game = load(players=3, ruleset=ruleset, max_rounds=2, seed=1)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_registered_and_loadable_by_name_with_parameters() -> None:
    load()
    assert "python_newdawn" in pyspiel.registered_names()
    game = pyspiel.load_game("python_newdawn(players=3,max_rounds=5,ruleset=ti,seed=7)")
    assert game.num_players() == 3
    assert game.num_distinct_actions() == codec().num_actions
    assert game.max_chance_outcomes() == SETUPS
    assert game.get_type().provides_observation_tensor
    with pytest.raises(ValueError, match="players must be between 2 and 5"):
        pyspiel.load_game("python_newdawn", {"players": 9})


def test_the_setup_chance_node_picks_the_engine_seed() -> None:
    game = load(players=2, max_rounds=2, seed=3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == SETUPS
    state.apply_action(5)
    assert state.engine_seed == 3 * SETUPS + 5


def test_serialization_is_config_seed_and_actions() -> None:
    game = load(players=3, max_rounds=3, seed=2)
    state = _play_random(game, setup=9)
    text = pyspiel.serialize_game_and_state(game, state)
    assert "python_newdawn(max_decisions=0,max_rounds=3,players=3,ruleset=ti,seed=2,take_backs=False)" in text
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history()
    assert state2.engine_state == state.engine_state
    assert state2.record_actions() == state.record_actions()
    assert str(state2) == str(state)


def test_clone_is_independent_and_legal_ids_match_the_engine() -> None:
    game = load(players=4, max_rounds=3, seed=1)
    state = game.new_initial_state()
    state.apply_action(0)
    for _ in range(30):
        ids = state.legal_actions()
        assert ids == sorted(codec().encode(a) for a in agent_options(state.engine_state))
        mask = legal_mask(state)
        assert mask.sum() == len(ids) and mask.shape == (game.num_distinct_actions(),)
        assert list(np.flatnonzero(state.legal_actions_mask())) == ids
        copy = state.clone()
        before = str(state)
        copy.apply_action(ids[-1])
        assert str(state) == before and copy.history() != state.history()
        state.apply_action(ids[0])


def test_observation_tensor_and_strings() -> None:
    game = load(players=2, max_rounds=2)
    state = game.new_initial_state()
    state.apply_action(1)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    t = np.asarray(state.observation_tensor(0))
    assert t.shape == tuple(game.observation_tensor_shape()) or t.size == game.observation_tensor_size()
    assert t.sum() > 0
    assert "your options" in state.observation_string(state.current_player())
    info = state.information_state_string(0)
    assert info.startswith("history ") and info.endswith(state.observation_string(0))


def test_openspiel_bots_play_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel's own Python bots: uniform random, MCTS and IS-MCTS, the last re-sampling every
    simulation's world through ``resample_from_infostate`` (the engine's ``determinize``)."""
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.bots import uniform_random

    from newdawn.research.openspiel_game import NewdawnState

    resampled: list[tuple[str, str, bool]] = []
    original = NewdawnState.resample_from_infostate

    def spy(self, player_id, sampler):  # type: ignore[no-untyped-def]
        out = original(self, player_id, sampler)
        hidden_changed = (out.engine_state.stack != self.engine_state.stack
                          or out.engine_state.rng != self.engine_state.rng)
        resampled.append((out.observation_string(player_id), self.observation_string(player_id), hidden_changed))
        return out

    monkeypatch.setattr(NewdawnState, "resample_from_infostate", spy)
    game = load(players=3, max_rounds=2, seed=4)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    sims = 6
    mcts_bot = mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=rng)
    ismcts_bot = ismcts.ISMCTSBot(game, evaluator, 2.0, sims, random_state=rng)
    bots = [uniform_random.UniformRandomBot(0, rng), mcts_bot, ismcts_bot]
    state = game.new_initial_state()
    state.apply_action(11)
    moves = searched = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 1 and len(state.legal_actions()) > 1 and searched < 3:
            root = mcts_bot.mcts_search(state)  # the search itself: every simulation counted at the root
            assert root.explore_count == sims
            assert {c.action for c in root.children} <= set(state.legal_actions())
            searched += 1
        state.apply_action(bots[seat].step(state))
        moves += 1
    assert moves > 10 and searched > 0
    assert sum(state.returns()) == pytest.approx(0.0)
    # IS-MCTS asked for a fresh world at each simulation of each decision it searched (a
    # decision with one option is not searched), and each world kept the seat's view.
    assert len(resampled) >= sims and len(resampled) % sims == 0
    assert all(mine == theirs for mine, theirs, _ in resampled)
    assert any(changed for _, _, changed in resampled)


def test_resampling_keeps_the_seats_view() -> None:
    game = load(players=3, max_rounds=3)
    state = game.new_initial_state()
    state.apply_action(4)
    for _ in range(40):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    sampler = iter([0.25, 0.75])
    a = state.resample_from_infostate(seat, lambda: next(sampler))
    b = state.resample_from_infostate(seat, lambda: next(sampler))
    assert a.observation_string(seat) == state.observation_string(seat) == b.observation_string(seat)
    assert a.engine_state.stack != b.engine_state.stack or a.engine_state.rng != b.engine_state.rng
    assert a.legal_actions() == state.legal_actions()


def test_openspiels_own_api_test() -> None:
    """The partial-tree checks of OpenSpiel's integration api_test on sampled states: invalid
    players raise, legal actions are empty for other players, sequence lengths hold within
    ``max_game_length``, the observation types it asks for exist or are declined."""
    import unittest

    from absl import flags
    from open_spiel.integration_tests import api_test

    if not flags.FLAGS.is_parsed():
        flags.FLAGS(["pytest"])
    game = load(players=2, max_rounds=2, seed=1)
    case = type("NewdawnApiTest", (api_test.EnforceAPIOnPartialTreeBase,), {"game_name": "python_newdawn", "game": game})
    result = unittest.TextTestRunner(stream=open("/dev/null", "w"), verbosity=0).run(  # noqa: SIM115
        unittest.TestLoader().loadTestsFromTestCase(case))
    assert result.testsRun == 5 and result.wasSuccessful(), result.failures + result.errors


def test_invalid_players_raise_and_no_information_state_tensor_is_claimed() -> None:
    game = load(players=2, max_rounds=2, seed=1)
    state = game.new_initial_state()
    with pytest.raises(RuntimeError):
        state.information_state_string(0)  # the setup chance node has none
    state.apply_action(2)
    for fn in (state.information_state_string, state.observation_string, state.observation_tensor):
        with pytest.raises(RuntimeError, match="player >= 0"):
            fn(-1)
        with pytest.raises(RuntimeError, match="player <"):
            fn(2)
    assert not game.get_type().provides_information_state_tensor
    assert list(game.information_state_tensor_shape()) == []


def test_max_game_length_holds_and_take_backs_are_not_legal() -> None:
    game = load(players=2, max_decisions=25, seed=1)
    assert game.max_game_length() == 26
    state = game.new_initial_state()
    state.apply_action(0)
    back = codec().encode(Action("back"))
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert back not in legal or legal == [back]
        state.apply_action(int(rng.choice(legal)))
    assert len(state.history()) == 26 and state.returns() == [0.0, 0.0]
    assert load(players=2, max_rounds=200).max_game_length() == 1 + 60 * 2 * 200


def test_the_information_state_is_the_seats_history() -> None:
    """Perfect recall: the information state names the public history, so the same view
    reached by two histories gives two information states, and along one game a seat's
    information state never repeats."""
    game = load(players=2, max_rounds=3, seed=5)
    state = _play_random(game, setup=1, seed=3)
    seen: set[str] = set()
    replay = game.new_initial_state()
    for a in state.history():
        if not replay.is_chance_node():
            for p in range(2):
                info = replay.information_state_string(p)
                assert info not in seen
                seen.add(info)
        replay.apply_action(a)
    other = _play_random(game, setup=2, seed=3)
    assert other.information_state_string(0) != state.information_state_string(0)
    # Re-sampling what the seat cannot see keeps its information state (IS-MCTS keys on it).
    mid = game.new_initial_state()
    for a in state.history()[:30]:
        mid.apply_action(a)
    seat = mid.current_player()
    assert mid.resample_from_infostate(seat, lambda: 0.5).information_state_string(seat) == \
        mid.information_state_string(seat)
