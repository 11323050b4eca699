"""What a player reads names places, never coordinates (issue 39 §3): the log and the decision
texts (question, option labels, hints, the log's words for a choice) of 20 random games of both
rulesets carry no hex coordinate and no tile number, no entry is empty, and no article is wrong
("a Industrial Zone")."""

from __future__ import annotations

import random
import re

from newdawn.describe import option_records
from newdawn.describe.questions import question
from newdawn.engine import decision_seat, legal_actions

from .conftest import play

COORD = re.compile(r"(?<![\w.])-?\d+ ?, ?-?\d+(?![\w.])|\(\s*-?\d+\s*,\s*-?\d+\s*\)|\btiles? [A-Z]?\d")
"""A hex written as numbers ("6,-3", "(3, -5)"), or a tile by its number ("tile B0", "tile 12")."""
A_AN = re.compile(r"\b(?:[Aa] (?=[AEIOUaeiou])(?!one\b|uni|use|eu)|[Aa]n (?=[^AEIOUaeiou\W])(?!hour))\w+")
"""An indefinite article that does not fit the next word ("a Industrial Zone", "an city")."""

GAMES = [(players, seed, ruleset) for seed in range(10) for players, ruleset in (((2 + seed % 3), "ti"),
                                                                                ((2 + seed % 2), "base"))]


def _problems(text: str) -> list[str]:
    out = []
    if not text or not text.strip():
        out.append("empty")
    if COORD.search(text or ""):
        out.append("coordinate")
    if A_AN.search(text or ""):
        out.append("article")
    return out


def test_the_scanner_finds_what_it_looks_for() -> None:
    assert _problems("Seat 1 places a control token on the hills at 6,-3") == ["coordinate"]
    assert _problems("Seat 2 attacks the city (city 3,-5)") == ["coordinate"]
    assert _problems("Seat 1 places tile B0") == ["coordinate"]
    assert _problems("Seat 1 places a Industrial Zone district") == ["article"]
    assert _problems("Seat 1 takes an resource") == ["article"]
    assert _problems("") == ["empty"]
    assert _problems("Seat 1 places an Industrial Zone district on the hills beside Seoul") == []
    assert _problems("The attack fails (4 against 5): the army returns to its card") == []
    assert _problems("Seat 1 turns the tech dial 5 spaces, to 17") == []


def test_twenty_random_games_read_without_coordinates_empty_entries_or_article_errors() -> None:
    bad: list[str] = []
    entries = decisions = 0
    for players, seed, ruleset in GAMES:
        g = play(players, seed, 6, ruleset=ruleset, **({"automa": True} if ruleset == "base" else {}))
        for grp in g.groups:
            for e in grp["entries"]:
                entries += 1
                bad += [f"{p} in the log ({ruleset} {seed}): {e['text']!r}" for p in _problems(e["text"])]
        rnd = random.Random(seed)
        for st in rnd.sample(g.states, min(12, len(g.states))):
            if st.winner != -1 or not legal_actions(st):
                continue
            decisions += 1
            texts = [question(st)]
            for r in option_records(st):
                texts += [r["label"]] + [x for x in (r["hint"], r["warning"], r.get("said")) if x]
            for t in texts:
                bad += [f"{p} in a decision of seat {decision_seat(st)} ({ruleset} {seed}): {t!r}" for p in _problems(t)]
    assert entries > 1000 and decisions > 100, (entries, decisions)
    assert not bad, "\n".join(sorted(set(bad))[:30])
