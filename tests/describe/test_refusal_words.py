"""Refusals in words (issues 39 §3 and 41): the engine states why an action is refused as a fact
(``engine/refusal.py``), and every kind it can state has words in ``describe/refusal_words.py``;
the words of the refusals met in random games of both rulesets name places, never coordinates."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path
from typing import get_args

from newdawn.bots.random_bot import RandomBot
from newdawn.describe import option_records
from newdawn.describe.refusal_words import REFUSAL_WORDS, refusal_words
from newdawn.describe.why import space_reasons, space_verbs
from newdawn.engine import Action, GameState, apply_in_place, legal_actions, new_game, why_not
from newdawn.engine.refusal import Refusal, RefusalKind
from newdawn.engine.spaces import coord

from .test_no_coordinates import COORD, _problems

ENGINE = Path(__file__).resolve().parents[2] / "src" / "newdawn" / "engine"
KINDS = frozenset(get_args(RefusalKind))

SPACE_VERBS = ("place", "city", "to", "start", "attack", "reinforce", "target", "remove", "fort", "defeat")
"""Verbs that name a space, asked of every space at the sampled decisions."""
OTHER_ACTIONS = ("focus culture", "focus nowhere", "take oil", "take culture", "take nothing", "trade culture",
                 "trade nowhere", "army 0", "army 7", "caravan 1", "caravan x", "explore", "stop", "attack",
                 "trade", "wonder stonehenge", "pick 99", "back", "done now", "frobnicate", "district campus 0,0",
                 "district nowhere 0,0", "??? no")
"""Actions of other shapes asked at every sampled decision."""


def _written_kinds() -> dict[str, list[str]]:
    """Kind -> the engine files that write ``Refusal("<kind>", ...)``."""
    out: dict[str, list[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Refusal" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                out.setdefault(node.args[0].value, []).append(path.name)
    return out


def test_every_declared_kind_has_words() -> None:
    missing = sorted(KINDS - set(REFUSAL_WORDS))
    assert not missing, f"refusal kinds without words in describe/refusal_words.py: {missing}"
    assert not set(REFUSAL_WORDS) - KINDS, "words for kinds the engine does not declare"


def test_every_kind_the_engine_writes_is_declared_and_every_declared_kind_is_written() -> None:
    written = _written_kinds()
    assert len(written) > 40, written
    assert not set(written) - KINDS, f"undeclared kinds: {sorted(set(written) - KINDS)}"
    assert not KINDS - set(written), f"declared kinds the engine never writes: {sorted(KINDS - set(written))}"


def test_the_check_fails_for_a_kind_without_words() -> None:
    """The coverage test can fail: a kind removed from the words is reported."""
    saved = REFUSAL_WORDS.pop("too_hard")
    try:
        assert "too_hard" in KINDS - set(REFUSAL_WORDS)
    finally:
        REFUSAL_WORDS["too_hard"] = saved


def _synthetic(st: GameState, kind: RefusalKind) -> Refusal:
    """A refusal of ``kind`` with every field filled (fields a kind does not use are ignored)."""
    s = st.capitals[0] if st.capitals and st.capitals[0] >= 0 else 0
    near = next(iter(st.board.nbrs[s]), s)
    piece = {"water": "city", "fort": "control", "not_near": "district", "out_of_range": "attack"}.get(kind, "army")
    item = {"holds_token": "nw:mount_everest", "holds_barbarian": "j", "district_used": "campus",
            "holds_district": "campus", "card_in_row": "writing", "supply_empty": "oil", "resource_held": "oil",
            "not_near": "anchor", "no_focus_card": "culture", "no_trade_tokens": "culture"}.get(kind, "culture")
    return Refusal(kind, space=s, near=near, seat=1, piece=piece, item=item, number=2, limit=1,
                   names=("culture", "science"), hex=(9, -4))


def test_the_words_of_every_kind_read_without_coordinates() -> None:
    """Every kind, worded from a refusal with all its fields set (kinds random games rarely reach
    included), on the map and on the space itself."""
    st = new_game({"players": 3, "max_rounds": 5}, 3)
    bot = RandomBot(random.Random(3))
    while st.round < 2:
        apply_in_place(st, bot.choose(None, legal_actions(st)))
    bad = []
    for kind in sorted(KINDS):
        for here in (False, True):
            text = refusal_words(st, _synthetic(st, kind), here)
            bad += [f"{p}: {kind} {text!r}" for p in _problems(text)]
    assert not bad, "\n".join(bad)


def _probe(st: GameState, rnd: random.Random) -> list[tuple[str, Refusal]]:
    """(action, refusal) of the refused actions probed at ``st``: the space verbs on a sample of
    the spaces, and the other shapes."""
    legal = set(legal_actions(st))
    spaces = rnd.sample(range(st.board.n), min(25, st.board.n))
    out = []
    for text in [*(f"{v} {coord(st, s)}" for v in SPACE_VERBS for s in spaces), *OTHER_ACTIONS]:
        try:
            a = Action(*text.split(" ", 1)) if " " in text else Action(text)
        except TypeError:
            continue
        if a in legal:
            continue
        r = why_not(st, text)
        assert r is not None, (text, st.stack_frames[-1]["kind"])
        out.append((text, r))
    return out


def test_refusals_in_random_games_of_both_rulesets_name_places_not_coordinates() -> None:
    kinds: Counter[str] = Counter()
    bad: list[str] = []
    tables = 0
    for ruleset, players, seed in [("ti", 2, 11), ("ti", 3, 12), ("ti", 4, 13), ("base", 2, 14), ("base", 3, 15)]:
        cfg = {"players": players, "max_rounds": 20, "ruleset": ruleset, **({"automa": True} if ruleset == "base" else {})}
        st = new_game(cfg, seed)
        bot = RandomBot(random.Random(seed))
        rnd = random.Random(seed)
        while st.winner == -1:
            # Decisions that choose spaces are probed more often: most refusals are about spaces.
            if rnd.random() < (0.5 if space_verbs(st) else 0.1):
                for text, r in _probe(st, rnd):
                    kinds[r.kind] += 1
                    for here in (False, True):
                        words = refusal_words(st, r, here)
                        bad += [f"{p} ({ruleset} {seed}, {text}, {r.kind}): {words!r}" for p in _problems(words)]
                # The table's reasons per space, as the view sends them.
                for g in space_reasons(st, option_records(st)):
                    tables += 1
                    if COORD.search(g["reason"]) or not g["reason"].strip():
                        bad.append(f"table reason ({ruleset} {seed}): {g['reason']!r}")
            apply_in_place(st, bot.choose(None, legal_actions(st)))
    assert not bad, "\n".join(sorted(set(bad))[:30])
    # The games reached the usual refusals (a test that probes nothing cannot fail).
    assert len(kinds) >= 25 and tables > 20, (len(kinds), tables, sorted(kinds))
    for kind in ("water", "too_hard", "holds_control", "not_near", "verb_not_offered", "not_adjacent"):
        assert kinds[kind] > 0, (kind, sorted(kinds))
