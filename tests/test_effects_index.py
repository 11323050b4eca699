"""The generated index of printed effects (``docs/effects-index.md``, ``tools/effects_index.py``)
is up to date and says what the engine's registries say."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_script("tools/effects_index.py", register=True)


def test_committed_index_is_up_to_date(tool: ModuleType) -> None:
    committed = (ROOT / "docs" / "effects-index.md").read_text(encoding="utf-8")
    assert committed == tool.build(), (
        "docs/effects-index.md is out of date: run `python tools/effects_index.py` and commit it")


def test_check_mode_refuses_a_stale_index(tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "effects-index.md"
    stale.write_text("# an old index\n", encoding="utf-8")
    monkeypatch.setattr(tool, "OUT", stale)
    monkeypatch.setattr(tool, "build", lambda: "# the new index\n")
    assert tool.main(["--check"]) == 1
    assert tool.main([]) == 0
    assert stale.read_text(encoding="utf-8") == "# the new index\n"
    assert tool.main(["--check"]) == 0


def _entry(tool: ModuleType, eid: str) -> object:
    entries = {e.id: e for e in tool.entries()}
    e = entries[eid]
    tool.find_handlers(e)
    tool.find_tests(e, tool.test_functions(), tool.scenarios())
    return e


def test_handlers_come_from_the_registries(tool: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    from newdawn.engine import hooks

    e = _entry(tool, "terracotta_army")
    assert e.handlers == ["hook `combat_bonus` `terracotta_army`: `engine.effects.wonders._terracotta`"]  # type: ignore[attr-defined]
    assert any(t.endswith("test_wonders.py::test_flat_combat_bonuses") for t in e.tests)  # type: ignore[attr-defined]
    # a unique card: the op builders, the card effect and the steps they push
    w = _entry(tool, "writing")
    assert "card effect `writing`: `engine.effects.leaders.fx_writing`" in w.handlers  # type: ignore[attr-defined]
    assert any(s.startswith("`dial`") for s in w.steps)  # type: ignore[attr-defined]
    # a handler taken out of the registry shows as missing
    monkeypatch.setitem(hooks.REGISTRY, "combat_bonus",
                        {k: v for k, v in hooks.REGISTRY["combat_bonus"].items() if k != "terracotta_army"})
    e = _entry(tool, "terracotta_army")
    assert e.handlers == ["`terracotta_army`: **no handler registered** (the rules read it by name, or it is missing)"]  # type: ignore[attr-defined]


def test_scenarios_are_found_by_file_name_and_title(tool: ModuleType) -> None:
    e = _entry(tool, "alhambra")
    assert "tests/scenarios/wonders/alhambra_attacking.toml" in e.scenarios  # type: ignore[attr-defined]
    assert "tests/scenarios/wonders/alhambra_defending.toml" in e.scenarios  # type: ignore[attr-defined]
    # a leader dealt to a seat in a scenario's setup is not named by it
    rome = _entry(tool, "rome")
    assert "tests/scenarios/wonders/alhambra_attacking.toml" not in rome.scenarios  # type: ignore[attr-defined]
