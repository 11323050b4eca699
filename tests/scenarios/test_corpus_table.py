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
