"""Rulesets as equals (issue 40 §3): no module outside the ruleset registry names a ruleset.

A ruleset is registered by its modules in ``newdawn.content.rulesets`` (its content) and
``newdawn.engine.rulesets`` (its rules code); every other module reaches a ruleset through a
game's config, ``ruleset_ids()`` or ``DEFAULT_RULESET``, and a difference between rulesets
through their data (docs/rulesets.md). So a third ruleset is added without touching a shared
module, and this test fails when a string literal elsewhere spells a ruleset's id.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from newdawn.content import load_content
from newdawn.content.rulesets import DEFAULT_RULESET, ruleset_ids
from newdawn.engine import rulesets as engine_rulesets

SRC = Path(__file__).resolve().parents[1] / "src" / "newdawn"
REGISTRY = ("content/rulesets/", "engine/rulesets/")
"""The ruleset registry: the packages whose modules register a ruleset (and so name it)."""

ALLOWED: dict[tuple[str, str], str] = {
    ("bots/registry.py", "base"): "Hard's search per ruleset and player count (HARD_TURN) is a measured "
                                  "choice (docs/bots.md, Strength); a game not listed gets mcts",
    ("bots/registry.py", "ti"): "as above",
    ("bots/mcts.py", "ti"): "the games whose search judges its leaves by a learned model (LEARNED_LEAVES) "
                            "are a measured choice per ruleset and player count (docs/bots.md)",
    ("bots/turnbot.py", "ti"): "the games Normal judges by a learned model (LEARNED_JUDGE), and those where it "
                               "plays each decision's rest of the turn out (REST_GAMES), are measured choices "
                               "per ruleset and player count (docs/bots.md)",
    ("bots/turnbot.py", "base"): "as above (REST_GAMES)",
    ("learn/recipes.py", "ti"): "the training recipes are sized per ruleset and player count by measurement "
                                "(docs/learning.md)",
    ("learn/recipes.py", "base"): "as above",
    ("describe/breakdown.py", "base"): "a combat side's base value (the table's JSON key), not a ruleset",
}
"""(module, ruleset id) pairs allowed outside the registry, each with why."""


def _named(path: Path, ids: set[str]) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), filename=str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids:
            out.append((node.lineno, node.value))
    return out


def test_no_module_outside_the_registry_names_a_ruleset() -> None:
    ids = set(ruleset_ids())
    bad = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(REGISTRY):
            continue
        bad += [f"{rel}:{line}: {rid!r}" for line, rid in _named(path, ids) if (rel, rid) not in ALLOWED]
    assert not bad, "modules outside the ruleset registry name a ruleset:\n" + "\n".join(bad)


def test_the_allowlist_is_still_needed() -> None:
    ids = set(ruleset_ids())
    used = {(rel, rid) for rel, rid in ALLOWED
            if any(r == rid for _, r in _named(SRC / rel, ids))}
    assert used == set(ALLOWED), f"allowed but no longer named: {sorted(set(ALLOWED) - used)}"


def test_the_checker_sees_a_ruleset_name(tmp_path: Path) -> None:
    sample = tmp_path / "m.py"
    sample.write_text('def f(ruleset: str = "ti") -> bool:\n    return ruleset == "base"\n')
    assert _named(sample, {"ti", "base"}) == [(1, "ti"), (2, "base")]


def test_every_ruleset_is_registered_alike() -> None:
    ids = ruleset_ids()
    assert ids[0] == DEFAULT_RULESET and len(set(ids)) == len(ids) >= 2
    for rid in ids:
        c = load_content(rid)
        assert c.ruleset.id == rid and c.ruleset.name and c.ruleset.summary
        assert isinstance(engine_rulesets.code_for(rid), engine_rulesets.RulesetCode)


def test_an_unregistered_ruleset_is_refused() -> None:
    from newdawn.content import ContentError
    from newdawn.engine import new_game

    with pytest.raises(KeyError):
        engine_rulesets.code_for("nowhere")
    with pytest.raises(ContentError, match="unknown ruleset 'nowhere'"):
        new_game({"ruleset": "nowhere", "players": 2}, 1)


def test_a_third_ruleset_is_data_and_registered_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fan variant of Terra Incognita (two trade tokens a card, a different name) is its data
    and two registrations; no shared module changes. Here the registrations are made by the test
    (a real ruleset's modules would be found in the two packages) and its data is given as an
    override of the packaged files."""
    from newdawn.content import loader
    from newdawn.content import rulesets as content_rulesets
    from newdawn.content.rulesets.ti import WONDERS_PER_TYPE_ERA, standard_build
    from newdawn.engine import apply, legal_actions, new_game

    doc = loader.read_raw("ruleset_ti")
    doc.update(id="variant", name="Two-token variant", summary="Terra Incognita with two trade tokens a card.",
               trade_cap=2)
    monkeypatch.setitem(content_rulesets._SPECS, "variant", content_rulesets.RulesetSpec(
        id="variant", build=standard_build("variant", WONDERS_PER_TYPE_ERA), order=9, own_box=False))
    monkeypatch.setitem(engine_rulesets.CODE, "variant", engine_rulesets.RulesetCode())
    variant = loader.load_content_from(None, "variant", overrides={"ruleset_variant": doc})
    cached = loader._load_cached
    monkeypatch.setattr(loader, "_load_cached", lambda r: variant if r == "variant" else cached(r))

    assert "variant" in ruleset_ids() and ruleset_ids()[0] == DEFAULT_RULESET
    st = new_game({"ruleset": "variant", "players": 3}, 7)
    assert st._c is variant and st._c.ruleset.trade_cap == 2
    rng = random.Random(7)
    for _ in range(400):
        if st.winner != -1:
            break
        st = apply(st, rng.choice(legal_actions(st)))
        assert all(n <= 2 for ps in st.players for n in ps.trade.values())
    assert st.round >= 2
