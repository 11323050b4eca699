"""The table's JavaScript reads the server's records: it never parses action texts, event
sentences or ``stack_frames`` (issue 24). No browser needed: this reads the static files."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "newdawn" / "server" / "static"

# The helpers and patterns the old table used to take engine text apart.
FORBIDDEN = {
    "targetOf": re.compile(r"\btargetOf\b"),
    "optionLabel": re.compile(r"\boptionLabel\b"),
    "seatsInText": re.compile(r"\bseatsInText\b"),
    "cardTextOf": re.compile(r"\bcardTextOf\b"),
    "probeAction": re.compile(r"\bprobeAction\b"),
    "stack_frames": re.compile(r"stack_frames"),
    "a regex over 'tile N' in the decision text": re.compile(r"/tile \\\(|tile \(\\d"),
    "a regex over 'q,r' coordinates": re.compile(r"\(-\?\\d\+\),\(-\?\\d\+\)"),
    "a regex over 'army N' / 'caravan N'": re.compile(r"\(army\|caravan\)|\(\[Aa\]rmy\|"),
    "reading .action of a log entry": re.compile(r"\.action\.(match|split|replace|startsWith)|e\.action\b"),
    "splitting an option text": re.compile(r"\bopt\.split\(|\bo\.action\.(split|match|startsWith|replace)"),
    "a hand-rolled hyperscript helper": re.compile(r"export function (el|svg)\("),
    "polling": re.compile(r"setInterval\(\s*\(\)\s*=>\s*\{[^}]*refresh"),
}


def _sources() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*.js") if "vendor" not in p.parts)


def test_the_static_files_exist() -> None:
    names = {p.name for p in _sources()}
    assert {"table.js", "records.js", "map.js", "panels.js", "lobby.js"} <= names, names


def test_no_module_parses_action_or_event_text() -> None:
    found = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        for what, rx in FORBIDDEN.items():
            for m in rx.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.name}:{line}: {what}")
    assert not found, "\n".join(found)


def test_the_patterns_would_catch_the_old_code() -> None:
    """The forbidden patterns match the code they replaced (so the test above can fail)."""
    old = {
        "targetOf": "export function targetOf(option) {",
        "seatsInText": "function seatsInText(text) {",
        "a regex over 'tile N' in the decision text": 'const m = /tile (\\d+)/.exec(S.msg.decision.text || "");',
        "a regex over 'q,r' coordinates": "last.action.matchAll(/(-?\\d+),(-?\\d+)/g)",
        "a regex over 'army N' / 'caravan N'": "const m = /^(army|caravan) (\\d+)$/.exec(opt);",
        "stack_frames": "(S.msg.view.stack_frames || [])",
    }
    for what, code in old.items():
        assert FORBIDDEN[what].search(code), what


def test_the_view_library_is_vendored_with_its_licences() -> None:
    vendor = STATIC / "vendor"
    for f in ("preact.module.js", "hooks.module.js", "htm.module.js", "LICENSE-preact.txt", "LICENSE-htm.txt"):
        assert (vendor / f).is_file(), f
    for page in ("table.html", "index.html"):
        html = (STATIC / page).read_text(encoding="utf-8")
        assert '"preact": "/vendor/preact.module.js"' in html, page
