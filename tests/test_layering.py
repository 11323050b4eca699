"""Layering: the rules engine stands alone. Importing it loads no user-interface, bot or
server code and no library for clocks, randomness, the operating system or the network, and
its source does no I/O (no printing, no files, no clock)."""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "src" / "newdawn" / "engine"

LAYERS_ABOVE = ("newdawn.cli", "newdawn.bots", "newdawn.server", "newdawn.web", "newdawn.research")
"""Packages built on the engine, which the engine must never import."""
NEVER_LOADED = ("rich", "datetime", "socket", "numpy", "pyspiel", "open_spiel", "pettingzoo", "shimmy", "gymnasium")
"""Modules that importing the engine must not load at all (the research libraries included)."""
FORBIDDEN_IMPORTS = ("random", "time", "datetime", "os", "socket", "rich", "numpy", "pyspiel", "open_spiel",
                     "pettingzoo", "shimmy", "gymnasium", *LAYERS_ABOVE)
"""Modules the engine's source must not import. (``random``, ``os`` and ``time`` cannot be
checked in ``sys.modules``: the interpreter or the standard library (``tempfile``, through
``importlib.resources``) loads them anyway, so the source is checked instead.)"""

_PROBE = """
import json, sys
before = set(sys.modules)
import newdawn.engine
print(json.dumps(sorted(set(sys.modules) - before)))
"""


@pytest.fixture(scope="module")
def loaded_by_engine() -> list[str]:
    """Modules that ``import newdawn.engine`` loads in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True, timeout=120)
    modules: list[str] = json.loads(out.stdout.strip().splitlines()[-1])
    return modules


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_probe_sees_the_engine(loaded_by_engine: list[str]) -> None:
    assert "newdawn.engine" in loaded_by_engine
    assert "newdawn.engine.api" in loaded_by_engine


@pytest.mark.parametrize("package", LAYERS_ABOVE)
def test_engine_loads_no_layer_above(loaded_by_engine: list[str], package: str) -> None:
    bad = [m for m in loaded_by_engine if _under(m, package)]
    assert not bad, f"importing newdawn.engine loads {bad}"


@pytest.mark.parametrize("module", NEVER_LOADED)
def test_engine_loads_no_clock_network_or_terminal_library(loaded_by_engine: list[str], module: str) -> None:
    bad = [m for m in loaded_by_engine if _under(m, module)]
    assert not bad, f"importing newdawn.engine loads {bad}"


def _engine_files() -> list[Path]:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 10, f"engine sources not found under {ENGINE}"
    return files


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import statement in the file, at any depth."""
    tree = ast.parse(path.read_text(), filename=str(path))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                out.append((node.lineno, node.module))
            elif node.level >= 2 and node.module:
                # ``from ..bots import x`` inside newdawn.engine names newdawn.bots.
                out.append((node.lineno, "newdawn." + node.module))
            elif node.level >= 2:
                out.extend((node.lineno, "newdawn." + alias.name) for alias in node.names)
    return out


def test_engine_source_imports_nothing_forbidden() -> None:
    bad = []
    for path in _engine_files():
        for line, module in _imports(path):
            for forbidden in FORBIDDEN_IMPORTS:
                if _under(module, forbidden):
                    bad.append(f"{path.name}:{line}: import {module}")
    assert not bad, "\n".join(bad)


def _code_tokens(path: Path) -> list[tokenize.TokenInfo]:
    """Tokens of the code, without comments and string literals (docstrings included)."""
    skip = {tokenize.COMMENT, tokenize.STRING, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
            tokenize.DEDENT, tokenize.ENCODING}
    fstring = {getattr(tokenize, n) for n in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END") if hasattr(tokenize, n)}
    toks = tokenize.tokenize(io.BytesIO(path.read_bytes()).readline)
    return [t for t in toks if t.type not in skip and t.type not in fstring]


def test_engine_source_does_no_io() -> None:
    """No ``print(``, ``open(``, ``time.`` or ``datetime.`` in the engine's code (comments and
    strings aside: the words may appear in documentation)."""
    bad = []
    for path in _engine_files():
        toks = _code_tokens(path)
        for prev, tok, nxt in zip([None, *toks[:-1]], toks, [*toks[1:], None], strict=True):
            if tok.type != tokenize.NAME or nxt is None:
                continue
            after_dot = prev is not None and prev.string == "."
            if tok.string in ("print", "open") and nxt.string == "(" and not after_dot:
                bad.append(f"{path.name}:{tok.start[0]}: {tok.string}(")
            if tok.string in ("time", "datetime") and nxt.string == "." and not after_dot:
                bad.append(f"{path.name}:{tok.start[0]}: {tok.string}.")
    assert not bad, "\n".join(bad)


def test_the_scans_would_catch_a_violation(tmp_path: Path) -> None:
    """The scanners themselves work (on a throw-away file, not on the engine)."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""print( in a docstring is fine; so is time."""\nimport random\nfrom ..bots import RandomBot\n'
                      "def f():\n    # open( in a comment is fine\n    print(time.time())\n")
    mods = [m for _, m in _imports(sample)]
    assert "random" in mods and "newdawn.bots" in mods
    names = [t.string for t in _code_tokens(sample)]
    assert names.count("print") == 1 and names.count("time") == 2 and "open" not in names
