"""The corpus table of docs/scenarios.md is generated from the scenario files and kept up to date."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from repo_scripts import load_script


def _tool() -> ModuleType:
    return load_script("tools/scenario_table.py")


def test_the_corpus_table_is_up_to_date() -> None:
    tool = _tool()
    doc = tool.DOC.read_text(encoding="utf-8")
    assert tool.render(doc, tool.table()) == doc, "run: python tools/scenario_table.py"


def test_the_table_lists_every_file_with_its_title_and_rule(tmp_path: Path) -> None:
    tool = _tool()
    (tmp_path / "b").mkdir()
    (tmp_path / "a.toml").write_text('title = "One | two"\nrule = "x.txt: A"\n')
    (tmp_path / "b" / "c.toml").write_text('rule = "y.txt: B"\n')
    out = tool.table(tmp_path)
    assert out.startswith("2 files, by folder.")
    assert "| `a.toml` | One \\| two | x.txt: A |" in out
    assert "### b" in out and "| `c.toml` | c | y.txt: B |" in out


def test_a_document_without_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="marker lines"):
        _tool().render("# no markers\n", "table\n")


def test_the_base_checklist_is_up_to_date() -> None:
    tool = _tool()
    doc = tool.COVERAGE.read_text(encoding="utf-8")
    assert tool.render_coverage(doc) == doc, "run: python tools/scenario_table.py"


def test_the_checklist_maps_each_entry_to_its_scenarios_or_says_why_not(tmp_path: Path) -> None:
    tool = _tool()
    (tmp_path / "a.toml").write_text('rule = "x.txt: A"\nchecks = ["one", "two"]\n')
    (tmp_path / "b.toml").write_text('rule = "x.txt: B"\nchecks = ["one"]\n')
    items = [{"id": "one", "source": "R", "text": "first"}, {"id": "two", "source": "FAQ", "text": "second"},
             {"id": "three", "source": "FAQ", "text": "third", "not_checkable": "a convention"},
             {"id": "four", "source": "FAQ", "text": "fourth", "ti": "x/y"}]
    out = tool.checklist(items, tool.checks(tmp_path))
    assert out.startswith("4 entries: 2 checked by base scenarios, 1 not checkable, 1 still to write")
    assert "| first | R | `a`, `b` |" in out and "| second | FAQ | `a` |" in out
    assert "| third | FAQ | not checkable: a convention |" in out
    assert "| fourth | FAQ | to write (Terra Incognita: `x/y`) |" in out
    (tmp_path / "c.toml").write_text('rule = "x.txt: C"\nchecks = ["five"]\n')
    with pytest.raises(ValueError, match="five"):
        tool.checklist(items, tool.checks(tmp_path))


def test_every_checklist_entry_has_a_source_and_a_text_and_a_unique_id() -> None:
    items = _tool().entries()
    ids = [e["id"] for e in items]
    assert len(ids) == len(set(ids))
    assert all(e["source"] and e["text"] for e in items)
