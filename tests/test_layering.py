"""Layering: the rules engine stands alone. Importing it loads no user-interface, bot or
server code and no library for clocks, randomness, the operating system or the network, and
its source does no I/O (no printing, no files, no clock)."""

from __future__ import annotations

import ast
import fnmatch
import io
import json
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from repo_scripts import load_script

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


# ---------------------------------------------------------------- the floors inside the engine

FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("refusal", "errors", "actions", "event", "hexgrid", "rng", "board", "frame_base", "rulesets.base_frames", "frames", "turn_facts",
                    "config", "state", "hooks", "rulesets")),
    ("queries", ("spaces",)),
    ("steps", ("flow", "decisions")),
    ("pieces", ("pieces",)),
    ("movement", ("explore", "movement")),
    ("focus types", ("ops", "culture", "science", "growth", "districts", "economy", "industry", "military",
                     "rulesets.base_military")),
    ("turn", ("events", "victory", "turn", "setup", "rulesets.base_events", "rulesets.base_setup",
              "rulesets.base_automa", "rulesets.ti")),
    ("printed effects", ("effects", "effects.*")),
    ("entry points", ("api", "view", "__init__")),
)
"""The engine's floors, lowest first (``docs/engine.md`` describes each). A module may import
only from its own floor or a lower one, never in a circle. Entries are module names relative to
the engine (``rulesets`` is that package's ``__init__``, the registry of ruleset code) or
patterns (``effects.*``: every module of the package). A new engine module is declared here on
the floor where it belongs."""

LATE_IMPORT_NOTE = "# late import:"
"""An import inside a function is allowed only with this comment (on its line, or on the line
above the run of import lines it stands in) saying why it cannot be at the top of the module."""


def _has_reason(lines: list[str], lineno: int) -> bool:
    """Whether the import at ``lineno`` (1-based) carries ``LATE_IMPORT_NOTE``: on its line, or
    above the run of import lines it stands in (``tools/layering_report.py`` reads it the same way)."""
    i = lineno - 1
    if LATE_IMPORT_NOTE in lines[i]:
        return True
    while i > 0 and lines[i - 1].strip().startswith(("from ", "import ")):
        i -= 1
    return i > 0 and LATE_IMPORT_NOTE in lines[i - 1]


def _module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts) or "__init__"


def _floor_of(module: str, floors: tuple[tuple[str, tuple[str, ...]], ...]) -> int | None:
    """Index of the floor whose entries name ``module``, else None."""
    for i, (_, mods) in enumerate(floors):
        if any(fnmatch.fnmatchcase(module, m) for m in mods):
            return i
    return None


def _engine_imports(root: Path, path: Path, known: set[str]) -> list[tuple[int, str, bool]]:
    """(line, engine module, at module level) of every import of another engine module."""
    tree = ast.parse(path.read_text(), filename=str(path))
    top_level = set()
    for node in tree.body:
        top_level.update(id(n) for n in ast.walk(node) if not isinstance(node, (ast.FunctionDef, ast.ClassDef)))
    name = _module_name(root, path)
    package = name.split(".") if path.name == "__init__.py" and name != "__init__" else name.split(".")[:-1]
    if name == "__init__":
        package = []
    out: list[tuple[int, str, bool]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        if node.level - 1 > len(package):
            continue  # outside the engine (``from ..content import ...``)
        base = package[:len(package) - (node.level - 1)]
        targets = []
        mod = [*base, *node.module.split(".")] if node.module else base
        for alias in node.names:
            sub = ".".join([*mod, alias.name])
            targets.append(sub if sub in known else ".".join(mod))
        for t in targets:
            if t and t in known and t != name:
                out.append((node.lineno, t, id(node) in top_level))
    return out


def _late_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import inside a function or class, of any module (the standard
    library's too: an import belongs at the top unless a comment says why not)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    out: list[tuple[int, str]] = []
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.Import):
                out.extend((inner.lineno, a.name) for a in inner.names)
            elif isinstance(inner, ast.ImportFrom):
                named = inner.module or ", ".join(a.name for a in inner.names)
                out.append((inner.lineno, "." * inner.level + named))
    return out


def floor_violations(root: Path, floors: tuple[tuple[str, tuple[str, ...]], ...]) -> list[str]:
    """Every breach of the floor plan in the package at ``root``: undeclared modules, imports
    from a higher floor, function-level imports without a ``# late import:`` reason, and import
    circles."""
    files = {_module_name(root, p): p for p in sorted(root.rglob("*.py"))}
    known = set(files)
    bad: list[str] = []
    edges: dict[str, set[str]] = {m: set() for m in files}
    for m, path in files.items():
        mine = _floor_of(m, floors)
        if mine is None:
            bad.append(f"{m}: not on any floor (declare it in FLOORS, tests/test_layering.py)")
            continue
        for line, target, _ in _engine_imports(root, path, known):
            edges[m].add(target)
            theirs = _floor_of(target, floors)
            if theirs is not None and theirs > mine:
                bad.append(f"{m}:{line}: imports {target}, on the higher floor {floors[theirs][0]!r} "
                           f"({m} is on {floors[mine][0]!r})")
        lines = path.read_text().splitlines()
        for line, target in _late_imports(path):
            if not _has_reason(lines, line):
                bad.append(f"{m}:{line}: imports {target} inside a function without a '{LATE_IMPORT_NOTE} why' comment")
    # circles: a module that reaches itself through imports
    for start in sorted(edges):
        seen: set[str] = set()
        todo = list(edges[start])
        while todo:
            m = todo.pop()
            if m == start:
                bad.append(f"{start}: is part of an import circle")
                break
            if m not in seen:
                seen.add(m)
                todo.extend(edges.get(m, ()))
    return bad


def test_the_engine_keeps_its_floors() -> None:
    bad = floor_violations(ENGINE, FLOORS)
    assert not bad, "\n".join(bad)


def test_every_floor_module_exists() -> None:
    """The declaration names real modules (a renamed module is renamed here too)."""
    names = {_module_name(ENGINE, p) for p in ENGINE.rglob("*.py")}
    missing = [m for _, mods in FLOORS for m in mods if not any(fnmatch.fnmatchcase(n, m) for n in names)]
    assert not missing, f"FLOORS names modules that do not exist: {missing}"


def test_the_floor_plan_doc_names_every_floor_and_module() -> None:
    """``docs/engine.md`` (the newcomer's map) names each floor and each module declared on it."""
    doc = (ENGINE.parents[2] / "docs" / "engine.md").read_text()
    missing = [name for name, mods in FLOORS for name in (name, *mods)
               if f"| {name} |" not in doc and f"`{name.removesuffix('.*')}" not in doc]
    assert not missing, f"docs/engine.md does not name: {missing}"


def test_the_floor_check_catches_each_breach(tmp_path: Path) -> None:
    """The checker itself, on a throw-away package: each kind of breach is reported."""
    pkg = tmp_path / "eng"
    (pkg / "fx").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import low, high\n")
    (pkg / "low.py").write_text("from .fx.b import thing\n")  # upward
    (pkg / "high.py").write_text(
        "from . import low\nfrom .fx import a\n\ndef f():\n    from . import low\n\n"
        "def g():\n    # late import: a reason\n    from . import low\n\ndef h():\n    import json\n\n"
        "def k():\n    # late import: one reason for the run\n    import json\n    from . import low\n    x = 1\n    import csv\n")
    (pkg / "mid.py").write_text("from . import mid2\n")  # a circle on one floor
    (pkg / "mid2.py").write_text("from .mid import x\n")
    (pkg / "fx" / "__init__.py").write_text("from . import a\n")
    (pkg / "fx" / "a.py").write_text("from .. import low\nfrom ..fx import b\nfrom ..peak import z\n")
    (pkg / "peak.py").write_text("from .fx import a\n")
    (pkg / "fx" / "b.py").write_text("")
    (pkg / "stray.py").write_text("")
    floors = (("low", ("low",)), ("mid", ("mid", "mid2")), ("high", ("high", "fx", "fx.*")), ("top", ("__init__", "peak")))
    bad = floor_violations(pkg, floors)
    text = "\n".join(bad)
    assert "low:1: imports fx.b, on the higher floor 'high'" in text
    assert "high:5: imports .low inside a function" in text
    assert "high:9" not in text  # the late import with its reason is allowed
    assert "high:12: imports json inside a function" in text  # any module, not only the engine's
    assert "high:16" not in text and "high:17" not in text  # a run of imports under one reason
    assert "high:19: imports csv inside a function" in text  # not an import of that run
    assert "mid: is part of an import circle" in text and "mid2: is part of an import circle" in text
    assert "stray: not on any floor" in text
    assert "fx.a:3: imports peak, on the higher floor 'top'" in text  # inside a package too
    assert "fx.a: is part of an import circle" in text and "peak: is part of an import circle" in text
    assert not any(b.startswith(("fx:", "fx.b", "__init__")) for b in bad), bad  # downward and sideways are fine
    assert len(bad) == 10, bad


SRC = ENGINE.parent
"""The ``newdawn`` package."""


# ---------------------------------------------------------------- the floors inside the other packages

PACKAGE_FLOORS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "describe": (
        ("vocabulary", ("contract", "places", "names", "bots", "follow")),
        ("sentences", ("event_words", "questions", "refusal_words", "glossary", "goal", "table", "advice", "guide",
                       "breakdown", "rulesets", "lobby", "help")),
        ("options", ("options", "base_options", "reach", "log", "why")),
        ("previews", ("preview",)),
        ("door", ("__init__",)),
    ),
    "server": (
        ("foundation", ("errors", "inputs", "access", "clients", "cluster", "wsframes", "view_state", "schema",
                        "chances", "bots", "botpool", "seats", "store", "routes")),
        ("games", ("views", "guide", "notify", "live", "loaded", "gameviews", "games", "lobby", "hub", "botturns", "seatdesk")),
        ("process", ("context", "runtime", "advice", "driver", "services")),
        ("routes", ("routes.*",)),
        ("app", ("app", "__init__")),
    ),
    "bots": (
        ("judgement", ("base", "evaluate", "tactics", "features", "model", "random_bot")),
        ("players", ("greedy", "mcts", "turnbot", "chances")),
        ("levels", ("registry", "tournament", "__init__")),
    ),
    "research": (
        ("codecs", ("__init__", "codec", "llm", "observation", "compact")),
        ("games", ("openspiel_game", "pettingzoo_env", "gym_env", "opponents")),
        ("measures", ("bench",)),
    ),
}
"""The floors inside the packages above the engine, lowest first, as ``FLOORS`` is for the
engine: a module imports only from its own floor or a lower one, never in a circle, and an
import inside a function says why (``# late import: ...``). ``describe``: names of things, then
sentences made with them, then the option records (which use both), then the previews (which
read the option records of the decision that follows), then the package's door. ``server``:
parts that know no game (checks, storage, the pool, the message's models), then the games and
what changes them, then one process's services, then the endpoints, then the app. ``bots``:
evaluations and tools, then the players built on them, then the levels. ``research``: the
observation codecs, then the game interfaces, then their benchmark (docs/engine.md names
these floors beside the engine's)."""

@pytest.mark.parametrize("package", sorted(PACKAGE_FLOORS))
def test_each_package_keeps_its_floors(package: str) -> None:
    bad = floor_violations(SRC / package, PACKAGE_FLOORS[package])
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("package", sorted(PACKAGE_FLOORS))
def test_every_package_floor_module_exists(package: str) -> None:
    names = {_module_name(SRC / package, p) for p in (SRC / package).rglob("*.py")}
    missing = [m for _, mods in PACKAGE_FLOORS[package] for m in mods
               if not any(fnmatch.fnmatchcase(n, m) for n in names)]
    assert not missing, f"PACKAGE_FLOORS[{package!r}] names modules that do not exist: {missing}"


def _imports_of_package(path: Path, package: str, root: Path = SRC) -> list[int]:
    """Lines of ``path`` (a module of the ``newdawn`` package at ``root``) that import
    ``newdawn.<package>``."""
    rel = path.relative_to(root).with_suffix("").parts
    here = list(rel[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0:
                mod = (node.module or "").split(".")
                hit = mod[:2] == ["newdawn", package]
            else:
                base = here[:len(here) - (node.level - 1)] if node.level - 1 <= len(here) else None
                mod = [*(base or []), *((node.module or "").split(".") if node.module else [])]
                hit = base is not None and mod[:1] == [package]
            if hit:
                out.append(node.lineno)
        elif isinstance(node, ast.Import) and any(a.name.split(".")[:2] == ["newdawn", package]
                                                  for a in node.names):
            out.append(node.lineno)
    return out


def test_no_library_code_imports_the_command_line() -> None:
    """The command line is the top of the building: bots, research, learning and the server
    never import ``newdawn.cli`` (a library function the CLI also uses lives in the library)."""
    bad = [f"{p.relative_to(SRC)}:{line}" for p in sorted(SRC.rglob("*.py"))
           if p.relative_to(SRC).parts[0] != "cli" for line in _imports_of_package(p, "cli")]
    assert bad == []


def test_the_package_import_scan_sees_relative_and_absolute_imports(tmp_path: Path) -> None:
    (tmp_path / "research").mkdir()
    probe = tmp_path / "research" / "probe.py"
    probe.write_text("from ..cli.common import CliError\nimport newdawn.cli.main\nfrom . import codec\n"
                     "from .cli import x\n")
    assert _imports_of_package(probe, "cli", tmp_path) == [1, 2]


def test_no_import_circle_anywhere_and_every_late_import_says_why() -> None:
    """Across the whole ``newdawn`` package (``tools/layering_report.py``, function-level and
    type-checking imports included): no two modules reach each other through imports, and every
    function-level import of the project's own modules carries its reason."""
    report = load_script("tools/layering_report.py")
    edges, late, _, _ = report.scan()
    assert report.circles(edges) == []
    assert late == []
    # The circle finder finds one (on a made-up graph).
    assert report.circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# ---------------------------------------------------------------- the engine's one door

def test_outer_packages_import_the_engine_only_through_its_door() -> None:
    """Outside ``newdawn.engine``, every import of the engine names the door (``from
    newdawn.engine import ...``), at any depth (function-level imports count): an inner module
    (``newdawn.engine.spaces``...) only where ``DOOR_ALLOWED`` says why."""
    report = load_script("tools/layering_report.py")
    _, _, inner, _ = report.scan()
    assert inner == [], "import these names from newdawn.engine (add them to its __all__ if missing):\n" + "\n".join(inner)


def test_the_door_allowlist_is_short_explained_and_used() -> None:
    report = load_script("tools/layering_report.py")
    allowed = report.DOOR_ALLOWED
    assert len(allowed) <= 5
    assert all(len(why) > 40 for why in allowed.values())
    used = report.scan_allowed()
    stale = [key for key in allowed
             if not any(f.endswith(f": {key[1]}") and (key[0] == "*" or f.startswith(key[0].replace(".", "/") + ".py:"))
                        for f in used)]
    assert stale == [], f"DOOR_ALLOWED names imports nobody makes: {stale}"


def test_the_door_scan_sees_inner_imports_at_any_depth(tmp_path: Path) -> None:
    """The scan itself, on a made-up package: relative, absolute and late imports of inner
    modules are found; the door, and an allowed declaration module, are not."""
    report = load_script("tools/layering_report.py")
    root = tmp_path / "newdawn"
    (root / "engine").mkdir(parents=True)
    (root / "bots").mkdir()
    for f in ("__init__.py", "engine/__init__.py", "engine/spaces.py", "engine/event.py", "bots/__init__.py"):
        (root / f).write_text("")
    (root / "bots" / "a.py").write_text(
        "from ..engine import apply\nfrom ..engine.spaces import coord\nfrom ..engine import spaces\n"
        "import newdawn.engine.spaces\nfrom ..engine.event import Event\n\n"
        "def f():\n    # late import: a reason does not open the door\n    from newdawn.engine.spaces import reach\n")
    _, _, inner, _ = report.scan(root)
    assert inner == ["newdawn/bots/a.py:2: newdawn.engine.spaces", "newdawn/bots/a.py:3: newdawn.engine.spaces",
                     "newdawn/bots/a.py:4: newdawn.engine.spaces", "newdawn/bots/a.py:9: newdawn.engine.spaces"]
    assert report.scan_allowed(root) == ["newdawn/bots/a.py:5: newdawn.engine.event"]


def test_the_door_offers_what_it_lists_and_each_name_is_used_outside() -> None:
    """``newdawn.engine.__all__`` is a deliberate list: each name exists, and each is imported
    from the door by some module outside the engine, in the package, its tools or its tests (a
    name nobody needs leaves the list)."""
    import newdawn.engine as door

    missing = [n for n in door.__all__ if not hasattr(door, n)]
    assert missing == []
    assert len(door.__all__) == len(set(door.__all__))
    imported: set[str] = set()
    outside = [p for p in SRC.rglob("*.py") if p.relative_to(SRC).parts[0] != "engine"]
    for path in [*outside, *(SRC.parents[1] / "tools").rglob("*.py"), *(SRC.parents[1] / "tests").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.ImportFrom) and (
                    (node.level == 0 and node.module == "newdawn.engine")
                    or (node.level > 0 and node.module == "engine")):
                imported.update(a.name for a in node.names)
    unused = sorted(set(door.__all__) - imported)
    assert unused == [], f"the door offers names no package outside the engine imports: {unused}"



# ---------------------------------------------------------------- raw reads of events, turn facts, configuration

RAW_KEY_READS_CEILING = 0
"""Raw string-key reads of events, turn facts and configuration outside their declarations
(``tools/surface_counts.py`` defines them: a read whose subject mypy types ``Any`` or a plain
dict instead of ``Event``, ``TurnFacts`` or ``GameConfig``): none. A caller's loose
configuration is read only where ``GameConfig`` is declared (``engine/config.py``:
``checked_config``, which ``setup.normalise_config`` calls); everyone else reads the checked one."""


def test_the_key_read_scan_finds_the_shapes_by_how_they_are_written(tmp_path: Path) -> None:
    counts = load_script("tools/surface_counts.py", register=True)
    pkg = tmp_path / "probe"
    (pkg / "engine").mkdir(parents=True)
    (pkg / "engine" / "config.py").write_text("def f(st):\n    return st.config['players']\n")  # a declaration
    (pkg / "a.py").write_text(
        "def f(st, view, ev, e, cfg, rec):\n"
        "    t = view['turn']\n"
        "    x = (st.turn['hands'], st.config.get('max_rounds'), t['moved'], view['events'][0]['kind'],\n"
        "         ev['seat'], e['seat'], cfg['players'], rec['config'], view['config']['box'])\n"
        "    st.turn['hands'] = x\n"
        "    for item in st.events:\n"
        "        item.get('kind')\n")
    reads = [f"{r.line}:{r.subject}[{r.key}]:{r.shape}" for r in counts.key_reads(pkg)]
    assert reads == ["3:st.turn[hands]:turn", "3:st.config[max_rounds]:config", "3:t[moved]:turn",
                     "3:view['events'][0][kind]:event", "4:ev[seat]:event", "4:cfg[players]:config",
                     "4:view['config'][box]:config", "7:item[kind]:event"]


def test_mypy_tells_a_read_on_a_declared_shape_from_a_raw_one(tmp_path: Path) -> None:
    """The classifier, on a made-up package: a read on a TypedDict is typed; on ``Any`` or a
    plain dict it is raw."""
    counts = load_script("tools/surface_counts.py", register=True)
    pkg = tmp_path / "probe"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text(
        "from typing import Any, TypedDict\n\n\nclass TurnFacts(TypedDict, total=False):\n    hands: list[int]\n\n\n"
        "class St:\n    turn: TurnFacts\n    config: dict[str, Any]\n\n\n"
        "def f(st: St, view: dict[str, Any], ev: Any) -> object:\n"
        "    return (st.turn['hands'], st.config.get('players'), view['turn']['moved'], ev['seat'])\n")
    reads = counts.key_reads(pkg)
    kinds = counts.subject_types(reads, pkg)
    assert [(r.subject, kinds.get((r.path, r.line, r.col))) for r in reads] == [
        ("st.turn", "typed"), ("st.config", "raw"), ("view['turn']", "raw"), ("ev", "raw")]
    assert [r.subject for r in counts.raw_reads(reads, kinds)] == ["st.config", "view['turn']", "ev"]


def test_raw_key_reads_of_events_turn_and_config_do_not_grow() -> None:
    """mypy types each read's subject (``tools/surface_counts.py``); the raw ones stay at or
    under the ceiling, and a read on a declared shape is not raw."""
    counts = load_script("tools/surface_counts.py", register=True)
    reads = counts.key_reads()
    kinds = counts.subject_types(reads)
    raw = counts.raw_reads(reads, kinds)
    assert len(raw) <= RAW_KEY_READS_CEILING, "\n".join(map(str, raw))
    # The words of the events read them through their declared classes (``e: PlaceEvent``).
    words = [r for r in reads if r.path == "newdawn/describe/event_words.py"]
    assert len(words) > 50
    assert [str(r) for r in words if kinds.get((r.path, r.line, r.col)) != "typed"] == []
