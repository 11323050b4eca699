"""How well the package keeps its layers, in numbers: run `python tools/layering_report.py`
(`--list` names every finding).

- late imports without a reason: imports inside a function or class with no `# late import:`
  comment on their line or above their run of imports (tests/test_layering.py asks for the
  reason inside the engine);
- import circles: groups of modules that reach each other through imports, function-level
  imports included (an import moved into a function hides a circle from the interpreter, not
  from the design);
- internal engine imports: modules outside `newdawn.engine` importing one of its inner modules
  (`newdawn.engine.<module>`) instead of the engine's door, `newdawn.engine`, apart from the
  imports `DOOR_ALLOWED` names with their reasons (counted on a line of their own);
- library imports of the command line: modules outside `newdawn.cli` importing it.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "newdawn"
NOTE = "# late import:"

DOOR_ALLOWED: dict[tuple[str, str], str] = {
    ("*", "newdawn.engine.event"):
        "the declaration of the typed events, one TypedDict per kind: describe words each kind by its "
        "class and scenario checks shapes against them; the door gives their union, Event",
    ("*", "newdawn.engine.frames"):
        "the declaration of the typed steps, one TypedDict per kind, read as a namespace (fr.CombatFrame); "
        "the door gives their union, Frame",
    ("*", "newdawn.engine.rulesets.base_frames"):
        "the base game's own step shapes, declared beside its ruleset code (frames.py joins them into Frame)",
    ("newdawn.buildinfo", "newdawn.engine.state"):
        "asks whether an inner module of the engine is a compiled extension (mypyc); it needs the module "
        "object, not a name the door re-exports",
}
"""Imports of an inner engine module from outside the engine that are allowed, (importer or
``*``, inner module) -> why. Only declarations of typed shapes, which hold no rules, and one
build probe; every other name comes through the door (``newdawn.engine.__all__``)."""


def door_allowed(importer: str, target: str) -> bool:
    """Whether ``importer`` may import the inner engine module ``target`` (``DOOR_ALLOWED``)."""
    return (importer, target) in DOOR_ALLOWED or ("*", target) in DOOR_ALLOWED


def module_name(path: Path, src: Path = SRC) -> str:
    parts = ("newdawn", *path.relative_to(src).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def resolve(importer: str, is_package: bool, node: ast.ImportFrom, known: set[str]) -> list[str]:
    """The absolute module names an ``import from`` names: for each imported name, the submodule
    when it is one, else the module it is taken from."""
    if node.level == 0:
        base = node.module or ""
    else:
        pkg = importer.split(".") if is_package else importer.split(".")[:-1]
        pkg = pkg[:len(pkg) - (node.level - 1)]
        base = ".".join([*pkg, *([node.module] if node.module else [])])
    return sorted({f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names})


def has_reason(lines: list[str], lineno: int) -> bool:
    """Whether the import at ``lineno`` (1-based) carries the note: on its line, or above the
    run of import lines it stands in."""
    i = lineno - 1
    if NOTE in lines[i]:
        return True
    while i > 0 and lines[i - 1].strip().startswith(("from ", "import ")):
        i -= 1
    return i > 0 and NOTE in lines[i - 1]


def scan(src: Path = SRC) -> tuple[dict[str, set[str]], list[str], list[str], list[str]]:
    """(import edges between the package's modules, late imports without a reason, internal
    engine imports from outside beyond ``DOOR_ALLOWED``, library imports of the command line).
    ``scan_allowed`` gives the allowed internal engine imports."""
    edges, late, inner, cli = _scan(src)
    return edges, late, [f for f in inner if not f.endswith(" (allowed)")], cli


def scan_allowed(src: Path = SRC) -> list[str]:
    """The internal engine imports from outside that ``DOOR_ALLOWED`` allows."""
    return [f.removesuffix(" (allowed)") for f in _scan(src)[2] if f.endswith(" (allowed)")]


def _scan(src: Path) -> tuple[dict[str, set[str]], list[str], list[str], list[str]]:
    files = {module_name(p, src): p for p in sorted(src.rglob("*.py"))}
    edges: dict[str, set[str]] = defaultdict(set)
    late: list[str] = []
    inner: list[str] = []
    cli: list[str] = []
    for mod, path in files.items():
        text = path.read_text()
        lines = text.splitlines()
        tree = ast.parse(text, filename=str(path))
        nested = {id(n) for top in tree.body if isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  for n in ast.walk(top)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                targets = resolve(mod, path.name == "__init__.py", node, set(files))
            else:
                continue
            ours = [t for t in targets if t in files and t != mod]
            if not ours:
                ours = [max((t for t in targets if t.startswith("newdawn")), key=len, default="")]
                ours = [t for t in ours if t]
            where = f"{path.relative_to(src.parent)}:{node.lineno}"
            if id(node) in nested and ours and not has_reason(lines, node.lineno):
                late.append(f"{where}: {', '.join(ours)}")
            for t in ours:
                if t in files:
                    edges[mod].add(t)
                if not mod.startswith("newdawn.engine") and t.startswith("newdawn.engine.") and t in files:
                    inner.append(f"{where}: {t}" + (" (allowed)" if door_allowed(mod, t) else ""))
                if not mod.startswith("newdawn.cli") and t.startswith("newdawn.cli"):
                    cli.append(f"{where}: {t}")
    return edges, sorted(set(late)), sorted(set(inner)), sorted(set(cli))


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="name every finding")
    args = ap.parse_args()
    edges, late, inner, cli = scan()
    groups = circles(edges)
    rows = [("late imports without a reason", late), ("import circles", [" <-> ".join(g) for g in groups]),
            ("internal engine imports from outside the engine (beyond DOOR_ALLOWED)", inner),
            ("internal engine imports DOOR_ALLOWED allows", scan_allowed()),
            ("imports of the command line from library code", cli)]
    print_rows(rows, args.list)


def print_rows(rows: list[tuple[str, list[str]]], listed: bool) -> None:
    """Each count with its label (and, with ``listed``, every finding under it)."""
    for label, found in rows:
        print(f"{len(found):5d}  {label}")
        if listed:
            for f in found:
                print(f"         {f}")


if __name__ == "__main__":
    main()
