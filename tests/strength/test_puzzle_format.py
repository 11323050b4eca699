"""A puzzle file: a scenario whose position a real game reached (``[game] actions``) and a
``[puzzle]`` table (strength.puzzles). Bad files are refused naming the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from newdawn.bots.base import play_game
from newdawn.bots.registry import make_bot
from newdawn.engine import game_config, new_game, replay
from newdawn.engine.victory import card_counts
from newdawn.scenario import ScenarioError, parse
from newdawn.strength.puzzles import attempt, check_solution, load_puzzle
from newdawn.strength.search import Goal, cards_to_win, is_turn_start


def _game(n: int = 30) -> tuple[dict[str, object], list[str]]:
    cfg = game_config(2, max_rounds=50)
    st = new_game(cfg, 11)
    acts: list[str] = []
    play_game(st, [make_bot("random", 1), make_bot("random", 2)], after=lambda _s, _p, a: acts.append(str(a)),
              stop=lambda s: len(acts) >= n and is_turn_start(s))
    return cfg, acts


def _toml(cfg: dict[str, object], acts: list[str], extra: str = "") -> str:
    return (f'rule = "unified-rules-terra-incognita-rev7.txt: Winning the Game"\n[game]\nplayers = 2\nseed = 11\n'
            f'generator = "blake2b"\nmax_rounds = 50\nactions = {json.dumps(acts)}\n{extra}')


def test_a_position_reached_by_actions_is_the_replayed_state() -> None:
    cfg, acts = _game()
    st = parse(_toml(cfg, acts)).state
    want = replay({"format": "newdawn-record/2", "config": cfg, "seed": 11, "actions": acts})[-1]
    assert st.to_json() == want.to_json()


def test_a_refused_action_and_a_map_given_twice_are_errors() -> None:
    cfg, acts = _game()
    with pytest.raises(ScenarioError, match=r"action 3 'fort 40,40'"):
        parse(_toml(cfg, [*acts[:2], "fort 40,40", *acts[3:]]))
    with pytest.raises(ScenarioError, match="drop clear"):
        parse(_toml(cfg, acts, "clear = true\n"))


def test_the_puzzle_table_is_checked(tmp_path: Path) -> None:
    cfg, acts = _game()
    seat = parse(_toml(cfg, acts)).state.current
    color = ["red", "blue"][seat]
    p = tmp_path / "p.toml"
    p.write_text(_toml(cfg, acts, f'\n[puzzle]\nseat = "{color}"\ngoal = "win"\nsolution = []\n'))
    pz = load_puzzle(p)
    assert pz.goal == Goal("win", seat) and check_solution(pz) == "no solution line"
    p.write_text(_toml(cfg, acts, f'\n[puzzle]\nseat = "{color}"\ngoal = "lose"\n'))
    with pytest.raises(ScenarioError, match="puzzle.goal"):
        load_puzzle(p)
    p.write_text(_toml(cfg, acts, f'\n[puzzle]\nseat = "{["blue", "red"][seat]}"\ngoal = "win"\n'))
    with pytest.raises(ScenarioError, match="focus choice"):
        load_puzzle(p)
    p.write_text(_toml(cfg, acts, f'\n[puzzle]\nseat = "{color}"\ngoal = "break"\n'))
    with pytest.raises(ScenarioError, match="names the rival"):
        load_puzzle(p)


def test_goals_read_the_victory_cards() -> None:
    cfg, acts = _game()
    st = parse(_toml(cfg, acts)).state
    c = st._c
    need = cards_to_win(st)
    for vc in st.victory_cards[:need]:
        st.claims[c.victory_cards[vc].agendas[0].id] = [0]
    assert card_counts(st) == [need, 0]
    assert Goal("win", 0).met(st) and not Goal("win", 1).met(st)
    assert not Goal("break", 1, 0).met(st) and Goal("break", 0, 1).met(st)


def test_an_attempt_plays_only_the_seats_turn(tmp_path: Path) -> None:
    cfg, acts = _game()
    seat = parse(_toml(cfg, acts)).state.current
    p = tmp_path / "p.toml"
    p.write_text(_toml(cfg, acts, f'\n[puzzle]\nseat = "{["red", "blue"][seat]}"\ngoal = "break"\nrival = '
                                  f'"{["blue", "red"][seat]}"\n'))
    a = attempt(load_puzzle(p), "random")
    assert a.solved  # the rival holds no cards, so the goal holds once the turn is over
    assert a.line and a.line[0].startswith("focus ") and a.cpu_s >= 0
