"""The compiled build reads a module-level name declared ``Final`` from a C static, and any other
module-level name from the module's dict, on every use (a hash lookup and a type check each
time, inside loops too). So in the packages ``tools/build_fast.py`` compiles, a module-level
constant or registry (a container, a number or a string bound once and never rebound) is
declared ``Final``; this fails on one that is not, naming it."""

from __future__ import annotations

import ast
from pathlib import Path

from repo_scripts import load_script

SRC = Path(__file__).resolve().parents[1] / "src" / "newdawn"
_BUILD = load_script("tools/build_fast.py")
COMPILED: tuple[str, ...] = _BUILD.COMPILED
NOT_COMPILED: tuple[str, ...] = _BUILD.NOT_COMPILED

PATCHED_BY_TESTS = ("bots/mcts.py", "bots/tournament.py", "bots/registry.py")
"""Modules whose constants tests replace with ``monkeypatch.setattr`` (the pure package is what
tests run): not declared Final, so that the declaration does not contradict the tests."""

_LITERALS = (ast.Dict, ast.Set, ast.List, ast.Tuple, ast.DictComp, ast.SetComp, ast.ListComp, ast.Constant)
_CONTAINER_CALLS = frozenset({"frozenset", "dict", "set", "tuple", "list"})


def _bound_once_constants(tree: ast.Module) -> list[tuple[str, int]]:
    """(name, line) of each module-level name bound once to a literal or an empty-container call,
    without a ``Final`` or ``TypeAlias`` annotation, and never declared ``global``."""
    declared_global = {n for node in ast.walk(tree) if isinstance(node, ast.Global) for n in node.names}
    bindings: dict[str, int] = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Name):
                    bindings[n.id] = bindings.get(n.id, 0) + 1
    out = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            annotation = ast.unparse(node.annotation)
            if "Final" in annotation or "TypeAlias" in annotation:
                continue
            name, value = node.target.id, node.value
        else:
            continue
        if name.startswith("__") or name in declared_global or bindings[name] != 1:
            continue
        is_call = isinstance(value, ast.Call) and ast.unparse(value.func) in _CONTAINER_CALLS
        if isinstance(value, _LITERALS) or is_call:
            out.append((name, node.lineno))
    return out


def _compiled_modules() -> list[Path]:
    return [
        p for pkg in COMPILED for p in sorted((SRC / pkg).rglob("*.py"))
        if str(p.relative_to(SRC)) not in (*NOT_COMPILED, *PATCHED_BY_TESTS)
    ]


def test_compiled_modules_declare_their_constants_final() -> None:
    modules = _compiled_modules()
    assert len(modules) > 40  # the walk found the compiled packages
    missing = [
        f"{p.relative_to(SRC)}:{line} {name}"
        for p in modules for name, line in _bound_once_constants(ast.parse(p.read_text()))
    ]
    assert not missing, "module-level constants without Final (mypyc looks each use up in a dict):\n" + "\n".join(missing)


def test_the_check_finds_a_constant_without_final() -> None:
    tree = ast.parse("A = frozenset({'x'})\nB: Final = 1\nC: dict[str, int] = {}\nD = 1\nD = 2\n"
                     "def f() -> None:\n    global E\nE = []\nT: TypeAlias = tuple[int, int]\n")
    assert [n for n, _ in _bound_once_constants(tree)] == ["A", "C"]
