"""Text for language-model agents (llm.py) and the example agent loop with a scripted model."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from research_helpers import random_states

from repo_scripts import load_script

pytest.importorskip("gymnasium")

from newdawn.describe.questions import question  # noqa: E402
from newdawn.engine import Action, apply_in_place, decision_seat, legal_actions, new_game  # noqa: E402
from newdawn.research.compact import agent_options  # noqa: E402
from newdawn.research.llm import decision_text, parse_choice  # noqa: E402


def _at(kind: str, seed: int = 2) -> tuple:  # type: ignore[type-arg]
    st = new_game({"players": 2}, seed)
    rng = random.Random(seed)
    while st.stack_frames[-1]["kind"] != kind:
        apply_in_place(st, rng.choice([a for a in legal_actions(st) if a.verb != "back"]))
    return st, decision_seat(st)


def test_the_focus_decision_in_the_tables_words() -> None:
    st, seat = _at("focus")
    opts = agent_options(st)
    text = decision_text(st, seat, opts)
    assert f"Decision: {question(st)}" in text
    assert "Goal: Complete one agenda on" in text and "Progress: you " in text
    assert "focus row [" in text and "(slot 5)" in text
    for k in range(len(opts)):
        assert f"\n{k + 1}. " in text
    assert text.count("(slot ") >= len(opts)  # every focus option says its slot
    assert f"Answer with one number from 1 to {len(opts)}." in text


def test_places_are_named_and_other_seats_see_no_options() -> None:
    for st in random_states(2, seed=9, max_rounds=4):
        seat = decision_seat(st)
        opts = agent_options(st) if seat >= 0 else []
        if opts and opts[0].verb == "place":
            text = decision_text(st, seat, opts)
            decision = text.split("Decision:")[1]
            assert " on the " in decision and not re.search(r"-?\d+,-?\d+", decision)  # "on the hills beside Seoul"
            other = decision_text(st, 1 - seat, ())
            assert "Answer with" not in other and "is deciding" in other
            return
    pytest.fail("no control-token decision met")


def test_parse_choice() -> None:
    opts = [Action("done"), Action("place", "1,2"), Action("skip")]
    assert parse_choice("2", opts) == 1
    assert parse_choice("I choose option 3 because", opts) == 2
    assert parse_choice("place 1,2", opts) == 1  # the action text, not the numbers in it
    assert parse_choice("**3**", opts) == 2
    assert parse_choice("none of these, 7", opts) is None
    assert parse_choice("9", opts) is None


def test_the_example_agent_loop_with_a_scripted_model() -> None:
    llm = load_script("examples/llm_agent.py")
    prompts: list[str] = []

    def model(messages: list[dict]) -> str:  # type: ignore[type-arg]
        prompts.append(messages[-1]["content"])
        if len(prompts) % 5 == 0:
            return "I am not sure."  # names no option: asked again
        n = prompts[-1].count("\n") and int(messages[1]["content"].rsplit("from 1 to ", 1)[1].split(".")[0])
        return f"Option {n}" if len(prompts) % 2 else "1"

    log = io.StringIO()
    result = llm.play(model, players=2, opponents="random", seed=3, max_rounds=2, log=log)
    assert result["model_calls"] == len(prompts) > 5
    assert result["fallbacks"] == 0 and result["rounds"] >= 2
    lines = [json.loads(x) for x in log.getvalue().splitlines()]
    assert len(lines) == len(prompts) and any(x["choice"] is None for x in lines)
    assert all("Decision:" in p or "That names no option" in p for p in prompts)
