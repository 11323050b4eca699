"""The committed JSON Schema of the view message is the one the models make, the committed
examples are valid messages, and the browser table reads only declared fields of the ``view``.

The JavaScript check follows the ``view`` part of a message (``msg.view``, ``old.view`` of the
previous message) through the table's code: property chains read from it, names that hold a
part of it (``const v = model.msg.view``), callbacks over its lists (``view.players.map((p) =>``)
and components that get a part of it as a prop (``players=${v.players}``). Every property read
on the way must be declared by the schema at that place (``server/view_state.py``)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, get_type_hints

import pytest

pytest.importorskip("pydantic", reason="the schema tests need the 'server' extra")

from newdawn.engine import GameConfig  # noqa: E402
from newdawn.server.schema import ViewMessage, message_json_schema  # noqa: E402
from newdawn.server.view_state import ViewConfig  # noqa: E402
from repo_scripts import load_script  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "newdawn" / "server" / "static"
EXAMPLES = ROOT / "docs" / "examples"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    return load_script("tools/view_example.py")


def test_committed_schema_is_made_from_the_models(tool: ModuleType) -> None:
    committed = (EXAMPLES / "view-message.schema.json").read_text(encoding="utf-8")
    assert committed == tool.schema_text(), (
        "docs/examples/view-message.schema.json is out of date: run `make schema` "
        "(python tools/view_example.py --schema) and commit it")


def test_check_mode_refuses_a_stale_schema(tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "view-message.schema.json"
    stale.write_text('{"title": "an old schema"}\n', encoding="utf-8")
    monkeypatch.setattr(tool, "SCHEMA", stale)
    assert tool.main(["--check"]) == 1
    assert tool.main(["--schema", "--out-dir", str(tmp_path)]) == 0
    assert json.loads(stale.read_text(encoding="utf-8")) == message_json_schema()
    assert tool.main(["--check"]) == 0


@pytest.mark.parametrize("path", sorted(p.name for p in EXAMPLES.glob("view-*.json") if "schema" not in p.name))
def test_committed_examples_are_valid_messages(path: str) -> None:
    ViewMessage.model_validate(json.loads((EXAMPLES / path).read_text(encoding="utf-8")))


# ---------------------------------------------------------------- what the JavaScript reads

ARRAY_MEMBERS = frozenset({"length", "map", "forEach", "filter", "find", "findIndex", "some", "every", "includes",
                           "indexOf", "slice", "concat", "join", "reduce", "flatMap", "entries", "keys", "values"})
CALLBACKS = ("map", "forEach", "filter", "find", "findIndex", "some", "every", "flatMap")
ROOT_RE = re.compile(r"(?<![\w$])(?:[\w$]+\.)*(?:msg|old)\.view(?![\w$])")
"""A message's ``view`` (``msg.view``, ``m.msg.view``, ``model.msg.view``, the previous ``old.view``)."""
STEP_RE = re.compile(r"\??\.([A-Za-z_$][\w$]*)|\[([^\[\]]*)\]")
TOP_DEF_RE = re.compile(r"^(?:export\s+)?(?:async\s+)?(?:function|const|let|class)\b", re.M)


@dataclass
class Reads:
    """What the scan found: declared reads as paths, undeclared ones with where they are."""

    declared: set[str]
    undeclared: list[str]


class Schema:
    def __init__(self, doc: dict[str, Any]) -> None:
        self.defs: dict[str, Any] = doc.get("$defs", {})

    def resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while True:
            if "$ref" in node:
                node = self.defs[node["$ref"].rsplit("/", 1)[1]]
            elif "anyOf" in node:  # a nullable part: the part itself
                node = next(n for n in node["anyOf"] if n.get("type") != "null")
            else:
                return node

    def step(self, node: dict[str, Any], key: str | None) -> dict[str, Any] | None | bool:
        """The schema of ``node[key]`` (key None: an index or a key not known statically); None
        when it is not declared; True when the step leaves the data (an array's method)."""
        node = self.resolve(node)
        if node.get("type") == "array":
            if key is None or key.isdigit():
                items = node.get("items") or {}
                return items if items else True
            return True if key in ARRAY_MEMBERS else None
        props = node.get("properties")
        if props is not None:
            if key is None:
                return True  # checked where the keys are known (a `for ... of [...]` list)
            return props.get(key)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            return extra  # a map: any key (space ids, letters, resources)
        return True  # a string or a number: its own methods


def scope_end(src: str, start: int) -> int:
    """Where the block (or parenthesis) that encloses ``start`` closes."""
    depth = 0
    for i in range(start, len(src)):
        c = src[i]
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
            if depth < 0:
                return i
    return len(src)


def top_level_end(src: str, start: int) -> int:
    """The end of the top-level definition that starts at ``start`` (the next one's start)."""
    m = TOP_DEF_RE.search(src, start + 1)
    return m.start() if m else len(src)


class Scan:
    def __init__(self, schema: dict[str, Any], files: dict[str, str]) -> None:
        self.schema = Schema(schema)
        self.files = files
        self.out = Reads(set(), [])
        self.seen: set[tuple[str, str, str]] = set()

    def chain(self, file: str, src: str, pos: int, node: dict[str, Any], path: str) -> tuple[dict[str, Any] | None, str, int]:
        """Follow the property chain that starts at ``pos``; record each read. Returns the node
        reached (None when the chain left the data), its path and where the chain ends."""
        cur: dict[str, Any] | None = node
        while True:
            m = STEP_RE.match(src, pos)
            if not m or cur is None:
                return cur, path, pos
            key = m.group(1)
            if key is None:
                inner = m.group(2).strip()
                lit = re.fullmatch(r"""["']([\w$]+)["']""", inner)
                key = lit.group(1) if lit else (inner if inner.isdigit() else None)
                if key is None:
                    self.dynamic(file, src, m.start(), inner, cur, path)
            nxt = self.schema.step(cur, key)
            if nxt is None:
                line = src.count("\n", 0, m.start()) + 1
                self.out.undeclared.append(f"{file}:{line}: {path}.{key}")
                return None, path, m.end()
            if nxt is True:
                if key in CALLBACKS:
                    self.callback(file, src, m.end(), cur, path)
                return None, path, m.end()
            path = f"{path}[]" if key is None or key.isdigit() else f"{path}.{key}"
            self.out.declared.add(path)
            cur, pos = nxt, m.end()

    def dynamic(self, file: str, src: str, at: int, var: str, node: dict[str, Any], path: str) -> None:
        """``x[k]`` on a record: the keys are the string literals of a ``for (const k of [...])``
        just before it, each checked."""
        node = self.schema.resolve(node)
        if "properties" not in node:
            return
        found = list(re.finditer(rf"for \(const {re.escape(var)} of \[([^\]]*)\]\)", src[max(0, at - 400):at]))
        m = found[-1] if found else None
        line = src.count("\n", 0, at) + 1
        if m is None:
            self.out.undeclared.append(f"{file}:{line}: {path}[{var}] (keys not known)")
            return
        for key in re.findall(r"""["']([\w$]+)["']""", m.group(1)):
            if key in node["properties"]:
                self.out.declared.add(f"{path}.{key}")
            else:
                self.out.undeclared.append(f"{file}:{line}: {path}.{key}")

    def callback(self, file: str, src: str, after: int, node: dict[str, Any], path: str) -> None:
        """``list.map((p, i) => ...)``: ``p`` holds an item inside the call's parentheses."""
        m = re.match(r"\(\s*\(?\s*([A-Za-z_$][\w$]*)", src[after:])
        items = self.schema.step(node, None)
        if m and isinstance(items, dict):
            self.name(file, src, after + m.end(), scope_end(src, after + 1), m.group(1), items, f"{path}[]")

    def name(self, file: str, src: str, start: int, end: int, name: str, node: dict[str, Any], path: str) -> None:
        """Every use of ``name`` in ``src[start:end]``: chains read from it, names it is given to,
        props it is passed in."""
        for m in re.finditer(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", src[start:end]):
            self.use(file, src, start + m.start(), start + m.end(), node, path)

    def use(self, file: str, src: str, at: int, pos: int, node: dict[str, Any], path: str) -> None:
        got, gpath, stop = self.chain(file, src, pos, node, path)
        if got is None:
            return
        # `const v = <this>;` (or `<this> || {}`): v holds it in the enclosing block.
        before = re.search(r"(?:const|let)\s+([A-Za-z_$][\w$]*)\s*=\s*$", src[max(0, at - 80):at])
        after = re.match(r"\s*(?:\|\|\s*(?:\{\}|\[\]))?\s*;", src[stop:])
        if before and after:
            self.name(file, src, stop, scope_end(src, stop), before.group(1), got, gpath)
            return
        # `<${Comp} prop=${<this>}`: the component reads it as `prop`.
        prop = re.search(r"([A-Za-z_$][\w$]*)=\$\{\s*$", src[max(0, at - 60):at])
        if prop and re.match(r"\s*\}", src[stop:]):
            comp = src.rfind("<${", 0, at)
            cm = re.match(r"<\$\{([A-Za-z_$][\w$]*)\}", src[comp:])
            if cm:
                self.component(cm.group(1), prop.group(1), got, gpath)

    def component(self, comp: str, prop: str, node: dict[str, Any], path: str) -> None:
        if (comp, prop, path) in self.seen:
            return
        self.seen.add((comp, prop, path))
        for file, src in self.files.items():
            m = re.search(rf"^(?:export\s+)?(?:function\s+{comp}\s*\(|const\s+{comp}\s*=)", src, re.M)
            if m:
                end = top_level_end(src, m.start())
                head = re.search(r"\(\s*\{([^}]*)\}", src[m.end():end])
                bound = prop
                if head:
                    for part in head.group(1).split(","):
                        k, _, v = part.partition(":")
                        if k.strip() == prop and v.strip():
                            bound = v.strip()
                self.name(file, src, m.end(), end, bound, node, path)
                return
        self.out.undeclared.append(f"component {comp} (prop {prop}, {path}) not found")

    def run(self) -> Reads:
        view = message_json_schema()["properties"]["view"]
        for file, src in self.files.items():
            for m in ROOT_RE.finditer(src):
                self.use(file, src, m.start(), m.end(), view, "view")
        return self.out


def table_js() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(STATIC.glob("*.js"))}


def test_the_table_reads_only_declared_fields_of_the_view() -> None:
    reads = Scan(message_json_schema(), table_js()).run()
    assert not reads.undeclared, "the table reads fields of `view` that server/view_state.py does not declare:\n" + \
        "\n".join(reads.undeclared)
    # The scan follows the view where the table reads it (the map, the tooltip, the boards).
    for path in ("view.ctl", "view.cs_at", "view.barbs", "view.cities", "view.reinforced", "view.stack_size",
                 "view.config.ruleset", "view.players[].dial", "view.players[].color", "view.players[].row",
                 "view.players[].trade", "view.players[].gov", "view.version"):
        assert path in reads.declared, (path, sorted(reads.declared))


def test_the_scan_finds_an_undeclared_read() -> None:
    files = {
        "a.js": "function T() {\n  const v = model.msg.view;\n  return v.secret + v.ctl[3];\n}\n"
                "const x = msg.view.players.map((p) => p.mood);\n"
                "function U() { return html`<${Board} p=${m.msg.view.players[0]} />`; }\n",
        "b.js": "export const Board = pure(({ p }) => html`${p.leader}${p.hue}`);\n",
    }
    reads = Scan(message_json_schema(), files).run()
    assert sorted(r.split(": ", 1)[1] for r in reads.undeclared) == [
        "view.players[].hue", "view.players[].mood", "view.secret"]
    assert {"view.ctl", "view.players[].leader"} <= reads.declared


def test_the_views_config_declares_the_games_config() -> None:
    """``ViewConfig`` (the view's ``config``) has the keys and types of ``engine.config.GameConfig``,
    the seed aside (hidden) and the keys only some rulesets have optional."""
    hints = get_type_hints(GameConfig)
    fields = ViewConfig.model_fields
    assert set(fields) == set(hints) - {"seed"}
    for key, field in fields.items():
        want = hints[key] if key in GameConfig.__required_keys__ else hints[key] | None
        assert field.annotation == want, (key, field.annotation, want)
