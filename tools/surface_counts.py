"""The engine's surface in four numbers, issue 41's acceptance line: run
`python tools/surface_counts.py` (`--list` names every finding; `--no-types` skips the fourth,
which asks mypy).

1. late imports without a reason, 2. import circles, 3. internal engine imports from outside
the engine beyond the allowlist: `tools/layering_report.py` finds them (its docstring says how).
4. raw string-key reads of events, turn facts and configuration outside their declarations:

- a *string-key read* is `S["key"]` (read, not written) or `S.get("key", ...)` with a string
  literal for the key, anywhere in `src/newdawn` but the modules that declare the shapes
  (`engine/event.py`, `engine/turn_facts.py`, `engine/config.py`);
- it *reads events, turn facts or configuration* when its subject `S` is, as written:
  `X.turn` or `X["turn"]` (turn facts); `X.config` or `X["config"]`, or a name `config` or
  `cfg` (configuration); `X["events"][i]`, a name `ev`, `event` or `evt`, or a name a `for`
  loop binds over an expression that names `events` (event data); a parameter annotated with
  `TurnFacts`, `GameConfig` or an event's type (`Event`, `PlaceEvent`...); or a name assigned
  from one of these in the same function (a log entry, `e` in `describe/`, is not an event);
- it is *raw* when mypy does not hold the key to a declaration: the subject's static type is
  `Any`, a `dict` or a `Mapping`, not a `TypedDict` (`TurnFacts`, `GameConfig`, an event's
  class, or a union of them). A read whose subject mypy types as some other `TypedDict` (a log
  entry named `e`) or class is no read of these shapes and is not counted.

The types come from mypy, run through its API with the project's settings (`pyproject.toml`)
and its cache (`.mypy_cache`, as `make typecheck` leaves it): on a cold cache it checks the
whole package (a minute or more), on a warm one only the modules that hold candidate reads.
"""

from __future__ import annotations

import argparse
import ast
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "newdawn"
DECLARATIONS = ("engine/event.py", "engine/turn_facts.py", "engine/config.py")
"""The modules that declare the shapes of events, turn facts and configuration."""
EVENT_NAMES = frozenset({"ev", "event", "evt"})
CONFIG_NAMES = frozenset({"config", "cfg"})


@dataclass(frozen=True)
class Read:
    """A string-key read of events, turn facts or configuration (see the module's docstring)."""

    path: str
    """The file, relative to ``src``."""
    line: int
    col: int
    """Where the subject starts (0-based column, as ``ast`` and mypy count it)."""
    shape: str
    """``turn``, ``config`` or ``event``."""
    subject: str
    key: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.subject}[{self.key!r}] ({self.shape})"


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _shape(subject: ast.expr, bound: dict[str, str]) -> str | None:
    """The shape the subject holds, by how it is written (None: none of the three)."""
    if isinstance(subject, ast.Attribute) and subject.attr in ("turn", "config"):
        return subject.attr
    if isinstance(subject, ast.Subscript):
        key = _literal(subject.slice)
        if key in ("turn", "config"):
            return key
        if isinstance(subject.value, ast.Subscript) and _literal(subject.value.slice) == "events":
            return "event"
    if isinstance(subject, ast.Name):
        if subject.id in bound:
            return bound[subject.id]
        if subject.id in EVENT_NAMES:
            return "event"
        if subject.id in CONFIG_NAMES:
            return "config"
    return None


def _scopes(tree: ast.Module) -> list[ast.AST]:
    return [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))]


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a module or function, without those of the functions nested in it."""
    out: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        out.append(n)
        todo.extend(ast.iter_child_nodes(n))
    return out


def key_reads(src: Path = SRC) -> list[Read]:
    """Every string-key read of events, turn facts or configuration in the package at ``src``
    outside ``DECLARATIONS``, typed or not."""
    out: set[Read] = set()
    for path in sorted(src.rglob("*.py")):
        rel = path.relative_to(src).as_posix()
        if rel in DECLARATIONS:
            continue
        tree = ast.parse(path.read_text(), filename=str(path))
        for scope in _scopes(tree):
            nodes = _own_nodes(scope)
            bound: dict[str, str] = {}
            if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for arg in [*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs]:
                    note = ast.unparse(arg.annotation) if arg.annotation else ""
                    for word, shape in (("TurnFacts", "turn"), ("GameConfig", "config"), ("Event", "event")):
                        if word in note:
                            bound[arg.arg] = shape
            for n in nodes:
                if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
                    shape = _shape(n.value, {})
                    if shape:
                        bound[n.targets[0].id] = shape
                elif (isinstance(n, (ast.For, ast.comprehension)) and isinstance(n.target, ast.Name)
                      and "events" in ast.unparse(n.iter)):
                    bound[n.target.id] = "event"
            for n in nodes:
                if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and _literal(n.slice) is not None:
                    subject, key = n.value, _literal(n.slice)
                elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get"
                      and n.args and _literal(n.args[0]) is not None):
                    subject, key = n.func.value, _literal(n.args[0])
                else:
                    continue
                shape = _shape(subject, bound)
                if shape and key is not None:
                    out.add(Read(f"{src.name}/{rel}", subject.lineno, subject.col_offset, shape,
                                 ast.unparse(subject), key))
    return sorted(out, key=lambda r: (r.path, r.line, r.col, r.key))


def subject_types(reads: list[Read], src: Path = SRC) -> dict[tuple[str, int, int], str]:
    """(path, line, column) of each read's subject -> ``typed`` (a ``TypedDict`` or a union of
    them), ``raw`` (``Any``, a ``dict``, a ``Mapping``) or ``other`` (another class), as mypy
    types it with the project's settings."""
    from mypy import build
    from mypy.main import process_options
    from mypy.modulefinder import BuildSource
    from mypy.nodes import CallExpr, IndexExpr, MemberExpr, StrExpr
    from mypy.types import AnyType, Instance, TypedDictType, UnionType, get_proper_type

    sources, options = process_options(["--config-file", str(ROOT / "pyproject.toml"), str(src)])
    options.export_types = True
    options.incremental = True
    options.cache_dir = str(ROOT / options.cache_dir)  # the project's cache, wherever this runs from
    wanted = {r.path for r in reads}
    # A module whose cache is fresh is not checked again, so it would give no types: the modules
    # holding reads are handed over with a new comment added at their end (lines unchanged).
    ours = []
    for s in sources:
        rel = Path(s.path).resolve().relative_to(src.parent).as_posix() if s.path else ""
        if rel in wanted:
            text = Path(s.path).read_text() + f"\n# tools/surface_counts.py {time.time_ns()}\n"
            ours.append(BuildSource(s.path, s.module, text=text, base_dir=s.base_dir))
        else:
            ours.append(s)
    result = build.build(ours, options)
    types = result.types

    def kind(expr: object) -> str:
        t = types.get(expr)  # type: ignore[call-overload]
        if t is None:
            return "raw"
        p = get_proper_type(t)
        items = [get_proper_type(i) for i in p.items] if isinstance(p, UnionType) else [p]
        if all(isinstance(i, TypedDictType) for i in items):
            return "typed"
        if any(isinstance(i, AnyType) for i in items):
            return "raw"
        if all(isinstance(i, Instance) and i.type.fullname in (
                "builtins.dict", "typing.Mapping", "typing.MutableMapping", "collections.abc.Mapping",
                "collections.abc.MutableMapping", "collections.defaultdict") for i in items):
            return "raw"
        return "other"

    # mypy's expression nodes carry no file, and its traverser (compiled) cannot be subclassed
    # here: each typed read is matched to the read found in the source by line, column and key
    # (two reads of the same key at the same place in two files would share an answer; the raw
    # one is kept).
    by_place: dict[tuple[int, int, str], str] = {}
    for expr in list(types):
        if isinstance(expr, IndexExpr) and isinstance(expr.index, StrExpr):
            base, key = expr.base, expr.index.value
        elif (isinstance(expr, CallExpr) and isinstance(expr.callee, MemberExpr) and expr.callee.name == "get"
              and expr.args and isinstance(expr.args[0], StrExpr)):
            base, key = expr.callee.expr, expr.args[0].value
        else:
            continue
        place = (base.line, base.column, key)
        k = kind(base)
        if by_place.get(place) != "raw":
            by_place[place] = k
    found: dict[tuple[str, int, int], str] = {}
    for r in reads:
        if (r.line, r.col, r.key) in by_place:
            found[(r.path, r.line, r.col)] = by_place[(r.line, r.col, r.key)]
    return found


def raw_reads(reads: list[Read], kinds: dict[tuple[str, int, int], str]) -> list[Read]:
    """The reads mypy does not hold to a declaration (a subject it could not type counts as raw)."""
    return [r for r in reads if kinds.get((r.path, r.line, r.col), "raw") == "raw"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--list", action="store_true", help="name every finding")
    ap.add_argument("--no-types", action="store_true", help="skip mypy: print the candidate reads, typed or not")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "tools"))
    import layering_report as report

    edges, late, inner, _ = report.scan()
    rows: list[tuple[str, list[str]]] = [
        ("late imports without a reason", late),
        ("import circles", [" <-> ".join(g) for g in report.circles(edges)]),
        ("internal engine imports from outside the engine, beyond DOOR_ALLOWED", inner),
    ]
    reads = key_reads()
    if args.no_types:
        rows.append(("string-key reads of events/turn/config outside their declarations, typed or not",
                     [str(r) for r in reads]))
    else:
        kinds = subject_types(reads)
        raw = raw_reads(reads, kinds)
        rows.append(("raw string-key reads of events/turn/config outside their declarations", [str(r) for r in raw]))
        typed = [r for r in reads if kinds.get((r.path, r.line, r.col)) == "typed"]
        print(f"({len(reads)} string-key reads of those shapes in all; {len(typed)} of them on a declared TypedDict)")
    report.print_rows(rows, args.list)


if __name__ == "__main__":
    main()
