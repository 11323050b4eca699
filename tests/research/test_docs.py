"""docs/research.md stays true: its id table matches the codec and its examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from newdawn.research.codec import codec  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def _num(text: str) -> int:
    return int(text.replace(",", ""))


def test_the_id_table_matches_the_codec() -> None:
    text = DOC.read_text()
    rows = re.findall(r"^\| ([\d,]+)–([\d,]+) \| .* \| ([\d,]+) \|$", text, re.M)
    assert rows, "no id table in docs/research.md"
    c = codec()
    starts = {first for first, _, _ in c.blocks}
    ends = {end - 1 for _, end, _ in c.blocks}
    expected_first = 0
    for first, last, size in rows:
        f, l_ = _num(first), _num(last)
        assert f == expected_first and f in starts and l_ in ends, (first, last)
        assert _num(size) == l_ - f + 1
        expected_first = l_ + 1
    assert expected_first == c.num_actions
    assert f"{c.num_actions:,} today" in text


@pytest.mark.parametrize("index", range(6))
def test_the_examples_run(index: int) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) == 6
    exec(compile(blocks[index], f"docs/research.md example {index + 1}", "exec"), {"__name__": "__doc_example__"})
