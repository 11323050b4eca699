"""List the engine's step kinds with the frame keys they are pushed with, and where.

A pending step is a frame ``{"k": kind, ...}`` (``engine/flow.py``). This reads the engine's
source (every ``push(st, "kind", key=...)`` and ``frame("kind", key=...)`` call) and the step
registries (``flow.AUTO``, ``flow.CHOICE``), and prints one Markdown row per kind: automatic or
decision, the keys written where it is pushed, and the modules that push it. A ``**`` marks a
kind also pushed with keys spread from another frame (``**f``), whose keys that call does not
name; a kind whose name is made at run time (``"event_" + icon``, the district abilities) has no
row of keys. Usage::

    python tools/step_kinds.py            # the table on stdout

It is a map for giving each step kind a declared shape (issue 27, typed steps), not a check.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from newdawn.engine import api, flow  # noqa: F401  (importing the engine fills the registries)

ENGINE = Path(__file__).resolve().parents[1] / "src" / "newdawn" / "engine"


def pushes() -> dict[str, tuple[set[str], set[str], bool]]:
    """Kind -> (keys, modules, spread) over every literal ``push``/``frame`` call."""
    out: dict[str, tuple[set[str], set[str], bool]] = defaultdict(lambda: (set(), set(), False))
    for path in sorted(ENGINE.rglob("*.py")):
        module = ".".join(path.relative_to(ENGINE).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            i = 1 if name == "push" else 0 if name == "frame" else -1
            if i < 0 or len(node.args) <= i:
                continue
            arg = node.args[i]
            named = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]  # "a" if x else "b"
            for kind in named:
                if not (isinstance(kind, ast.Constant) and isinstance(kind.value, str)):
                    continue
                keys, modules, spread = out[kind.value]
                keys.update(kw.arg for kw in node.keywords if kw.arg is not None)
                modules.add(module)
                out[kind.value] = (keys, modules, spread or any(kw.arg is None for kw in node.keywords))
    return out


def main() -> None:
    found = pushes()
    kinds = sorted(set(found) | set(flow.AUTO) | set(flow.CHOICE))
    print("| kind | step | keys | pushed in |")
    print("|---|---|---|---|")
    for k in kinds:
        keys, modules, spread = found.get(k, (set(), set(), False))
        if k == "turn":
            modules = {"flow (pushed by `advance` when no step is left)"}
        step = "auto" if k in flow.AUTO else "decision" if k in flow.CHOICE else "?"
        text = ", ".join(f"`{x}`" for x in sorted(keys)) + (" **" if spread else "")
        print(f"| `{k}` | {step} | {text} | {', '.join(sorted(modules)) or '(a kind named at run time: event icons, districts)'} |")


if __name__ == "__main__":
    main()
