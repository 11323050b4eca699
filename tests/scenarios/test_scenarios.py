"""Every scenario file under tests/scenarios/ is one test: it must build and pass."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from newdawn.scenario import ScenarioError, parse, run, run_file
from spec_paths import shared_dir

HERE = Path(__file__).parent
FILES = sorted(HERE.rglob("*.toml"))
RULES = shared_dir() / "rules"


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(HERE)) for p in FILES])
def test_scenario(path: Path) -> None:
    res = run_file(path)
    assert res.passed, f"{res.rule}\n{res.failure}"


def test_the_corpus_is_large_and_every_file_names_its_rule() -> None:
    assert len(FILES) >= 80
    rules = {f.name for f in RULES.glob("*.txt")} if RULES.is_dir() else set()
    for p in FILES:
        rule = tomllib.loads(p.read_text())["rule"]
        named = rule.split(":")[0].strip()
        assert named.endswith(".txt"), f"{p}: the rule starts with its file, got {rule!r}"
        assert not rules or named in rules, f"{p}: no rules file {named!r}"


BASE = """
rule = "unified-rules-terra-incognita-rev7.txt: Combat"
[game]
players = 2
seed = 1
leaders = ["rome", "egypt"]
clear = true
"""


def test_bad_field_names_the_file_and_line() -> None:
    with pytest.raises(ScenarioError) as e:
        parse(BASE + "\n[[space]]\nat = \"-3,2\"\ncolour = \"red\"\n", "bad.toml")
    assert "bad.toml" in str(e.value) and "line 9" in str(e.value) and "colour" in str(e.value)


def test_unknown_card_and_missing_space_are_reported() -> None:
    with pytest.raises(ScenarioError, match="unknown focus card 'Bronze Working'"):
        parse(BASE + "\n[player.red]\nrow = [\"Bronze Working\"]\n", "bad.toml")
    with pytest.raises(ScenarioError, match="no space 40,40"):
        parse(BASE + "\n[[space]]\nat = \"40,40\"\ncity = \"red\"\n", "bad.toml")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        parse(BASE + "\n[[space]\n", "bad.toml")
    with pytest.raises(ScenarioError, match="names the rule"):
        parse("[game]\nplayers = 2\n", "bad.toml")


def test_a_hand_written_frame_must_have_its_kinds_shape() -> None:
    """``frames`` in ``[state]`` are checked against engine/frames.py when the file loads: the
    error names the file, the line, the frame and the wrong key."""
    ok = BASE + '\n[state]\nfirst = "red"\nframes = [{ kind = "turn" }]\n'
    assert parse(ok, "ok.toml").state.stack_frames
    for frame, said in [
        ('{ k = "turn" }', 'no step kind: a frame needs "kind"'),
        ('{ kind = "turns" }', "unknown step kind 'turns'"),
        ('{ kind = "turn", seat = 0, left = 1 }', "turn: undeclared key(s) left"),
        ('{ kind = "discard" }', "discard: missing key(s) left, seat"),
        ('{ kind = "discard", seat = 0, left = "one" }', "discard: left = 'one' is not int"),
    ]:
        with pytest.raises(ScenarioError) as e:
            parse(BASE + f"\n[state]\nfirst = \"red\"\nframes = [{{ kind = \"turn\" }}, {frame}]\n", "bad.toml")
        text = str(e.value)
        assert "bad.toml" in text and "line 11" in text and "state.frames[1]" in text, text
        assert said in text, text


def test_a_wrong_expectation_fails_with_what_differed() -> None:
    sc = parse(BASE + "\n[[space]]\nat = \"-3,2\"\ncapital = \"red\"\n"
               "[[step]]\nspace = \"-3,2\"\ncity = \"blue\"\n", "x.toml")
    res = run(sc)
    assert not res.passed
    assert "city: expected 'blue', got 'red'" in res.failure and "line" in res.failure


def test_options_mismatch_lists_missing_and_unexpected() -> None:
    sc = parse(BASE + "\n[[step]]\noptions = [\"focus culture\", \"focus magic\"]\n", "x.toml")
    res = run(sc)
    assert not res.passed
    assert "missing ['focus magic']" in res.failure and "'focus science'" in res.failure


def test_a_legal_step_claimed_illegal_fails() -> None:
    sc = parse(BASE + "\n[[step]]\nillegal = \"focus culture\"\n", "x.toml")
    res = run(sc)
    assert not res.passed and "is legal" in res.failure


def test_bad_map_and_terrain_are_reported() -> None:
    with pytest.raises(ScenarioError, match="unknown terrain 'swamp'"):
        parse(BASE + "\n[[space]]\nat = \"-3,2\"\nterrain = \"swamp\"\n", "bad.toml")
    head = BASE.replace("clear = true\n", "")
    with pytest.raises(ScenarioError, match="either as tiles or space by space"):
        parse(head + 'tiles = ["7 A0 0,0"]\nmap = ["0,0 grassland"]\n', "bad.toml")
    with pytest.raises(ScenarioError, match="q,r terrain"):
        parse(head + 'map = ["0,0"]\n', "bad.toml")
    with pytest.raises(ScenarioError, match="listed twice"):
        parse(head + 'map = ["0,0 grassland", "0,0 hills"]\n', "bad.toml")


def test_a_map_given_space_by_space_has_exactly_those_spaces() -> None:
    head = BASE.replace("clear = true\n", "")
    sc = parse(head + 'map = ["0,0 grassland", "1,0 mountain", "0,1 water"]\n', "x.toml")
    b = sc.state.board
    assert sorted(b.coords) == [(0, 0), (0, 1), (1, 0)]
    assert [b.terrain[b.space_at(c)] for c in ((0, 0), (1, 0), (0, 1))] == ["grassland", "mountain", "water"]
    again = type(sc.state).from_json(sc.state.to_json())
    assert again.board.terrain == b.terrain


def test_a_stated_maturity_that_the_position_contradicts_is_refused() -> None:
    with pytest.raises(ScenarioError, match="not mature"):
        parse(BASE + "\n[[space]]\nat = \"-3,-2\"\ncapital = \"red\"\nmature = true\n", "bad.toml")
    with pytest.raises(ScenarioError, match="only a city can be mature"):
        parse(BASE + "\n[[space]]\nat = \"-3,-2\"\nmature = false\n", "bad.toml")


def test_bad_unused_pieces_are_reported() -> None:
    with pytest.raises(ScenarioError, match="cannot be negative"):
        parse(BASE + "\n[player.red]\nunused_control = -1\n", "bad.toml")
    with pytest.raises(ScenarioError, match="district is on the map"):
        parse(BASE + "\n[[space]]\nat = \"-3,-3\"\ncontrol = \"red\"\ndistrict = \"campus\"\n"
              "[player.red]\nunused_districts = [\"campus\"]\n", "bad.toml")
    with pytest.raises(ScenarioError, match="unknown district 'library'"):
        parse(BASE + "\n[player.red]\nunused_districts = [\"library\"]\n", "bad.toml")


def test_a_supply_beyond_the_box_is_refused() -> None:
    with pytest.raises(ScenarioError, match="oil: 0 in play and 11 in the supply is more than the box holds"):
        parse(BASE + "\n[state]\nsupply = { oil = 11 }\n", "bad.toml")
    with pytest.raises(ScenarioError, match="the position has 11 oil in play; the box holds 10"):
        parse(BASE + "\n[player.red]\nresources = { oil = 11 }\n", "bad.toml")
    with pytest.raises(ScenarioError, match="unknown component 'wood'"):
        parse(BASE + "\n[state]\nsupply = { wood = 1 }\n", "bad.toml")
    with pytest.raises(ScenarioError, match="whole number 0 or more"):
        parse(BASE + "\n[state]\nsupply = { oil = -1 }\n", "bad.toml")


BASE_SETUP = """
rule = "base-game-rulebook.txt: Advanced Map Building"
[game]
ruleset = "base"
players = 2
seed = 1
leaders = ["rome", "egypt"]
stop_in_setup = true
"""


def test_hand_written_tile_hands_are_checked() -> None:
    # seed 1: red holds [3, 13, 16], blue [1, 11, 12]; the core is 2, 4, 6, 14
    with pytest.raises(ScenarioError, match="tile 2 is on the map"):
        parse(BASE_SETUP + "[state]\nhands = { red = [16, 2, 5] }\n", "bad.toml")
    with pytest.raises(ScenarioError, match="tile 11 is dealt twice"):
        parse(BASE_SETUP + "[state]\nhands = { red = [16, 11, 5] }\n", "bad.toml")
    with pytest.raises(ScenarioError, match="3 tiles"):
        parse(BASE_SETUP + "[state]\nhands = { red = [16, 5] }\n", "bad.toml")
    with pytest.raises(ScenarioError, match="not a map tile of this ruleset"):
        parse(BASE_SETUP + "[state]\nhands = { red = [16, 5, 20] }\n", "bad.toml")
    with pytest.raises(ScenarioError, match="only while map building waits"):
        parse(BASE + "\n[state]\nhands = { red = [7] }\n", "bad.toml")
    assert parse(BASE_SETUP + "[state]\nhands = { red = [16, 5, 8] }\n", "ok.toml").state.turn["hands"][0] == [16, 5, 8]


def test_log_and_reach_expectations_fail_with_what_differed() -> None:
    sc = parse(BASE + "\n[[space]]\nat = \"-3,-2\"\ncapital = \"red\"\n"
               "[[step]]\ndo = \"focus science\"\nlog = [\"completes the Hoarder agenda\"]\n", "x.toml")
    res = run(sc)
    assert not res.passed and "no entry mentioning 'completes the Hoarder agenda'" in res.failure
    with pytest.raises(ScenarioError, match="reach: expected spaces"):
        run(parse(BASE + "\n[[step]]\nreach = [\"east\"]\n", "bad.toml"))


def test_a_hand_written_focus_deck_must_be_the_cards_off_the_row() -> None:
    with pytest.raises(ScenarioError, match="not in the deck: irrigation; missing: "):
        parse(BASE + "\n[player.red]\nfocus_deck = [\"irrigation\"]\n", "bad.toml")
    with pytest.raises(ScenarioError, match="unknown focus card 'Bronze Working'"):
        parse(BASE + "\n[player.red]\nfocus_deck = [\"Bronze Working\"]\n", "bad.toml")
    sc = parse(BASE + "\n[[step]]\nplayer = \"red\"\nfocus_deck = [\"irrigation\"]\n", "x.toml")
    res = run(sc)
    assert not res.passed and "focus_deck: expected ['irrigation']" in res.failure


def test_a_view_step_fails_on_a_shown_card_and_refuses_an_unknown_one() -> None:
    state = "\n[state]\nwonder_decks = { economic = [\"great_lighthouse\", \"apadana\"] }\n"
    res = run(parse(BASE + state + "[[step]]\nview = \"blue\"\nhides = [\"great_lighthouse\"]\n", "x.toml"))
    assert not res.passed and "the view of blue: shows great_lighthouse" in res.failure
    res = run(parse(BASE + state + "[[step]]\nview = \"red\"\nshows = [\"apadana\"]\n", "x.toml"))
    assert not res.passed and "shows no apadana" in res.failure
    with pytest.raises(ScenarioError, match="names no card, wonder"):
        run(parse(BASE + "\n[[step]]\nview = \"red\"\nhides = [\"excalibur\"]\n", "x.toml"))
    with pytest.raises(ScenarioError, match="not a tile of the ruleset"):
        run(parse(BASE + "\n[[step]]\nview = \"red\"\nhides_tiles = [99]\n", "x.toml"))


TI_SETUP = """
rule = "unified-rules-terra-incognita-rev7.txt: Setup"
[game]
players = 2
seed = 1
leaders = ["rome", "egypt"]
stop_in_setup = true
"""
GIVEN_MAP = BASE.replace("clear = true", 'tiles = ["7 A0 0,0", "13 A0 -2,-1"]\n[[space]]\nat = "0,0"\ncapital = "red"')


def test_the_core_die_and_side_are_checked() -> None:
    with pytest.raises(ScenarioError, match="a die shows 1 to 6, not 7"):
        parse(TI_SETUP + "core_die = 7\n", "bad.toml")
    with pytest.raises(ScenarioError, match="not both"):
        parse(TI_SETUP + "core_die = 2\ncore_side = \"A\"\n", "bad.toml")
    with pytest.raises(ScenarioError, match="is \"A\" or \"B\", not 'C'"):
        parse(TI_SETUP + "core_side = \"C\"\n", "bad.toml")
    with pytest.raises(ScenarioError, match="not together with tiles"):
        parse(GIVEN_MAP.replace("[[space]]", "core_die = 2\n[[space]]", 1), "bad.toml")
    with pytest.raises(ScenarioError, match="rolls no die for the core"):
        parse(BASE_SETUP.replace("stop_in_setup = true", "core_die = 2\noptions = { map = \"first_game\" }"), "bad.toml")
    assert parse(TI_SETUP + "core_side = \"B\"\n", "ok.toml").core_die == 4
    with pytest.raises(ScenarioError, match="no die was rolled for this map"):
        run(parse(GIVEN_MAP + "\n[[step]]\ngame = { core_die = 1 }\n", "x.toml"))


def test_who_placed_a_tile_is_checked() -> None:
    with pytest.raises(ScenarioError, match="tile 9 is not on the map"):
        parse(GIVEN_MAP + "\n[state]\nplaced_by = { 9 = \"red\" }\n", "bad.toml")
    with pytest.raises(ScenarioError, match="holds red's capital: that player placed it"):
        parse(GIVEN_MAP + "\n[state]\nplaced_by = { 7 = \"blue\" }\n", "bad.toml")
    with pytest.raises(ScenarioError, match="a core tile, laid by setup"):
        parse(TI_SETUP + "\n[state]\nplaced_by = { 12 = \"red\" }\n", "bad.toml")
    res = run(parse(GIVEN_MAP + "\n[[step]]\ngame = { placed_by = { 13 = \"red\" } }\n", "x.toml"))
    assert not res.passed and "placed_by: expected {'13': 'red'}, got {'13': 'nobody'}" in res.failure


def test_a_hand_written_turn_may_hold_only_the_declared_facts() -> None:
    """``turn`` in ``[state]`` is checked against ``engine/turn_facts.py``: a known fact is
    taken, an unknown key is refused with the list of the known ones."""
    st = parse(BASE + "\n[state]\nturn = { won_attacks = 1 }\n", "ok.toml").state
    assert st.turn == {"won_attacks": 1}
    with pytest.raises(ScenarioError, match="unknown key.*wins_this_turn.*won_attacks"):
        parse(BASE + "\n[state]\nturn = { wins_this_turn = 1 }\n", "bad.toml")
