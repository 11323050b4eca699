"""Write ``docs/effects-index.md``: every printed effect (leader, unique card, focus card, wonder,
city-state and player diplomacy card) with its data entry, its engine handlers and its tests.

Usage::

    python tools/effects_index.py           # rewrite docs/effects-index.md
    python tools/effects_index.py --check   # exit 1 if the committed index is out of date

Where each column comes from:

* data: the content loaded by ``newdawn.content.load_content("ti")`` (it holds every record of
  the data files; ``box`` says which game has it), with the record's position in its JSON list.
* handlers: the engine's registries, read after importing the engine: ``ops.OPS`` (the
  builder of each effect op), ``effects.leaders.CARD_FX`` (unique-card effects, by ``special`` handler
  name) and ``hooks.REGISTRY`` (hook point -> handler name -> function).
* steps: the decision and automatic step kinds (``flow.CHOICE``, ``flow.AUTO``; for a decision
  made by a factory, the functions it was made from, ``decisions.MADE``) a handler
  pushes: the literal kinds of the frames (``{"kind": kind, ...}``) built in its syntax
  tree and in the functions of its module it calls (the registries cannot say which steps a
  function pushes); from a step of the handler's own module, the steps its functions push
  in turn.
* tests: test functions (``tests/**/test_*.py``) whose name contains the id, or whose body
  has the id or the printed name as a whole string constant, or whose docstring names it;
  scenario files (``tests/scenarios/**/*.toml``) whose file name contains the id, or whose
  ``title`` or ``rule`` names it.

``tests/test_effects_index.py`` fails when the committed index differs from a fresh one.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import sys
import textwrap
import tomllib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from newdawn.content import load_content
from newdawn.content.loader import read_raw
from newdawn.content.schema import Effect
from newdawn.engine import (
    api,  # noqa: F401  (importing the engine fills the registries)
    decisions,
    flow,
    hooks,
    ops,
)
from newdawn.engine.effects import leaders

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "effects-index.md"
DATA = "src/newdawn/content/data"
SELF_TEST = "tests/test_effects_index.py"
"""The index's own test names effects as samples: it is left out of the tests column."""


@dataclass
class Entry:
    """One printed effect and what the index says about it."""

    family: str
    id: str
    name: str
    file: str
    position: int
    box: str
    about: str
    effects: tuple[Effect, ...]
    names: tuple[str, ...]
    """Printed names that identify it in a docstring or a scenario title (leaders: civilization,
    leader and ability)."""
    handlers: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    scenarios: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- data

def _positions(stem: str) -> dict[str, int]:
    raw = read_raw(stem)
    return {rec["id"]: i for i, rec in enumerate(raw[stem])}


def entries() -> list[Entry]:
    c = load_content("ti")
    out: list[Entry] = []
    pos = _positions("leaders")
    for lead in c.leaders.values():
        out.append(Entry("leader", lead.id, f"{lead.leader} ({lead.civ}): {lead.ability}", "leaders.json",
                         pos[lead.id], lead.box, f"unique card `{lead.unique_card}`", lead.effects,
                         (lead.civ, lead.leader, lead.ability)))
    pos = _positions("focus_cards")
    for card in c.focus_cards.values():
        if card.unique_of is not None:
            fam, about = "unique", f"{card.type} level {card.level}, unique card of `{card.unique_of}`"
        else:
            fam, about = "focus", f"{card.type} level {card.level}"
        out.append(Entry(fam, card.id, card.name, "focus_cards.json", pos[card.id], card.box, about, card.effects, (card.name,)))
    pos = _positions("wonders")
    for w in c.wonders.values():
        out.append(Entry("wonder", w.id, w.name, "wonders.json", pos[w.id], w.box,
                         f"{w.type}, {w.era}, cost {w.cost}", w.effects, (w.name,)))
    pos = _positions("city_states")
    for cs in c.city_states.values():
        out.append(Entry("city_state", cs.id, cs.name, "city_states.json", pos[cs.id], cs.box,
                         f"{cs.type} city-state on tile {cs.tile}", cs.effects, (cs.name,)))
    pos = _positions("player_diplomacy")
    for d in c.player_diplomacy.values():
        out.append(Entry("player_diplomacy", d.id, d.name, "player_diplomacy.json", pos[d.id], d.box,
                         "player diplomacy card", d.effects, (d.name,)))
    return out


def _all_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """The effects and, for ``choose``, the effects of each option."""
    for e in effects:
        yield e
        if e.op == "choose":
            for option in e.args.get("options", ()):
                yield from _all_effects(option)


# ---------------------------------------------------------------- handlers and steps

def _where(fn: Callable[..., Any]) -> str:
    module = fn.__module__.removeprefix("newdawn.")
    return f"{module}.{fn.__qualname__}"


def _step_functions(kind: str) -> list[Callable[..., Any]]:
    fns: list[Callable[..., Any]] = []
    if kind in decisions.MADE:  # made by a factory: its own targets and effect functions
        fns.extend(decisions.MADE[kind])
    elif kind in flow.CHOICE:
        fns.extend(flow.CHOICE[kind])
    if kind in flow.AUTO:
        fns.append(flow.AUTO[kind])
    return fns


def _pushed(fn: Callable[..., Any], seen: set[Any] | None = None) -> set[str]:
    """Step kinds of the frames built in the function's own syntax tree (dict literals
    ``{"kind": "<kind>", ...}``; kinds are always written there as literals), and in the
    functions of the same module it calls by name."""
    seen = set() if seen is None else seen
    if fn in seen:
        return set()
    seen.add(fn)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError, SyntaxError):
        return set()
    out: set[str] = set()
    # An event logged (``log(st, {"kind": ...})``) is no frame, though its kind may share a name.
    events = {id(a) for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "log" for a in node.args}
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and id(node) not in events:  # a frame: {"kind": "<kind>", ...}
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "kind" and value is not None:
                    for k in ast.walk(value):
                        if isinstance(k, ast.Constant) and isinstance(k.value, str) and (
                                k.value in flow.CHOICE or k.value in flow.AUTO):
                            out.add(k.value)
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name):
            callee = getattr(fn, "__globals__", {}).get(f.id)
            if inspect.isfunction(callee) and callee.__module__ == fn.__module__:
                out |= _pushed(callee, seen)
    return out


def steps_of(fns: Iterable[Callable[..., Any]]) -> list[str]:
    """Step kinds the functions push; followed on through the steps of the same module."""
    seen: set[str] = set()
    todo: list[tuple[str, str]] = []
    for fn in fns:
        todo.extend((k, fn.__module__) for k in _pushed(fn))
    while todo:
        kind, module = todo.pop()
        if kind in seen:
            continue
        seen.add(kind)
        for sf in _step_functions(kind):
            if sf.__module__ == module:
                todo.extend((k, module) for k in _pushed(sf))
    return sorted(seen)


def find_handlers(e: Entry) -> None:
    fns: list[Callable[..., Any]] = []
    lines: list[str] = []
    for eff in _all_effects(e.effects):
        if eff.op == "choose":
            continue
        if eff.op != "special":
            fn = ops.OPS.get(eff.op)
            lines.append(f"op `{eff.op}`: `{_where(fn)}`" if fn else f"op `{eff.op}`: **no builder registered**")
            if fn:
                fns.append(fn)
            continue
        name = eff.str("handler")
        found = False
        fx = leaders.CARD_FX.get(name)
        if fx is not None:
            lines.append(f"card effect `{name}`: `{_where(fx)}`")
            fns.append(fx)
            found = True
        for point in hooks.HOOK_POINTS:
            hfn = hooks.REGISTRY[point].get(name)
            if hfn is not None:
                lines.append(f"hook `{point}` `{name}`: `{_where(hfn)}`")
                fns.append(hfn)
                found = True
        if not found:
            lines.append(f"`{name}`: **no handler registered** (the rules read it by name, or it is missing)")
    e.handlers = list(dict.fromkeys(lines))
    e.steps = [f"`{k}` ({', '.join(f'`{_where(f)}`' for f in _step_functions(k))})" for k in steps_of(fns)]


# ---------------------------------------------------------------- tests

def _token_in(token: str, text: str) -> bool:
    """``token`` (an id such as ``great_library``) as a whole ``_``-separated part of ``text``."""
    return re.search(rf"(?:^|_){re.escape(token)}(?:_|$)", text) is not None


def _names(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text, re.IGNORECASE) is not None


@dataclass
class TestFunction:
    ref: str
    name: str
    strings: frozenset[str]
    doc: str


def test_functions() -> list[TestFunction]:
    out: list[TestFunction] = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == SELF_TEST:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                strings = frozenset(n.value for n in ast.walk(node)
                                    if isinstance(n, ast.Constant) and isinstance(n.value, str))
                out.append(TestFunction(f"{rel}::{node.name}", node.name, strings, ast.get_docstring(node) or ""))
    return out


@dataclass
class Scenario:
    ref: str
    stem: str
    text: str


def scenarios() -> list[Scenario]:
    out: list[Scenario] = []
    for path in sorted((ROOT / "tests" / "scenarios").rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        text = " ".join(str(data.get(k, "")) for k in ("title", "rule"))
        out.append(Scenario(path.relative_to(ROOT).as_posix(), path.stem, text))
    return out


def find_tests(e: Entry, tests: list[TestFunction], scens: list[Scenario]) -> None:
    # A leader's id is named by every test that deals it to a seat, so for leaders only the
    # test's name and docstring count.
    strings = () if e.family == "leader" else (e.id, *e.names)
    for t in tests:
        if (_token_in(e.id, t.name) or any(x in t.strings for x in strings)
                or any(_names(n, t.doc) for n in e.names)):
            e.tests.append(t.ref)
    for s in scens:
        if (_token_in(e.id, s.stem) or _names(e.id.replace("_", " "), s.text)
                or any(_names(n, s.text) for n in e.names)):
            e.scenarios.append(s.ref)


# ---------------------------------------------------------------- output

FAMILIES = (
    ("leader", "Leaders", "leader abilities"),
    ("unique", "Unique focus cards", "one per leader"),
    ("focus", "Focus cards", "the standard deck of both games"),
    ("wonder", "Wonders", ""),
    ("city_state", "City-state diplomacy cards", ""),
    ("player_diplomacy", "Player diplomacy cards", ""),
)


def render(es: list[Entry]) -> str:
    lines = [
        "# Printed effects: data, handlers, tests",
        "",
        "Generated by `tools/effects_index.py` (do not edit; run `python tools/effects_index.py` after",
        "changing content, handlers or tests: `tests/test_effects_index.py` fails while this file is",
        "out of date). Find an effect by its id (`### id`). For each one:",
        "",
        "- **data**: its record in `src/newdawn/content/data/` (position in the file's list) and its box;",
        "- **handlers**: the engine functions registered for it: the builder of each effect op",
        "  (`engine.ops.OPS`), the unique-card effect (`engine.effects.leaders.CARD_FX`) and every hook point",
        "  registered under its `special` handler name (`engine.hooks.REGISTRY`, points described in",
        "  `engine/hooks.py`);",
        "- **steps**: the decisions and automatic steps those functions push (`engine.flow.CHOICE`,",
        "  `AUTO`), with their functions;",
        "- **tests**: test functions and rules scenarios that name it (by id in the test's name or a",
        "  scenario's file name, by id or name in a string of the test, its docstring, or a scenario's",
        "  title or rule). A name shared with setup (a card in a row) also counts, so read the list",
        "  as a place to start.",
        "",
        "The standard rules reach every printed effect through these registries only (the floor plan",
        "in `docs/engine.md`); `docs/rules-coverage.md` says what each effect does and how it is verified.",
        "",
    ]
    for fam, title, note in FAMILIES:
        group = [e for e in es if e.family == fam]
        untested = [e.id for e in group if not e.tests and not e.scenarios]
        lines.append(f"- [{title}](#{title.lower().replace(' ', '-')}): {len(group)}"
                     + (f" ({note})" if note else "")
                     + (f"; no test names {len(untested)}: " + ", ".join(f"`{u}`" for u in untested)
                        if untested else ""))
    unhandled = [e.id for e in es if any("**no " in h for h in e.handlers)]
    lines.append("")
    lines.append("Effects with an op or a `special` handler name that no registry holds: "
                 + (", ".join(f"`{u}`" for u in unhandled) if unhandled else "none") + ".")
    for fam, title, _note in FAMILIES:
        lines += ["", f"## {title}", ""]
        for e in sorted((e for e in es if e.family == fam), key=lambda e: e.id):
            lines.append(f"### {e.id}")
            lines.append("")
            lines.append(f"{e.name} ({e.about}).")
            lines.append("")
            lines.append(f"- data: `{DATA}/{e.file}` #{e.position}, box `{e.box}`")
            lines.append("- handlers: " + ("; ".join(e.handlers) if e.handlers else "none"))
            if e.steps:
                lines.append("- steps: " + "; ".join(e.steps))
            tests = [f"`{t}`" for t in e.tests] + [f"`{s}`" for s in e.scenarios]
            lines.append("- tests: " + (", ".join(tests) if tests else "none"))
            lines.append("")
    while lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"


def build() -> str:
    es = entries()
    tests, scens = test_functions(), scenarios()
    for e in es:
        find_handlers(e)
        find_tests(e, tests, scens)
    return render(es)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--check", action="store_true", help="exit 1 if docs/effects-index.md is out of date")
    args = ap.parse_args(argv)
    text = build()
    shown = OUT.relative_to(ROOT) if OUT.is_relative_to(ROOT) else OUT
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{shown} is out of date: run python tools/effects_index.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
