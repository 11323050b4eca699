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
    # Words are made in describe/ (issue 41): the map's titles, legend and labels come from the server.
    "a seat worded in the map's JS": re.compile(r"of Seat \$\{"),
    "an id turned into words": re.compile(r"\.replace\(/_/g, \" \"\)"),
    "a name cut into lines": re.compile(r"\.replace\(/\^The /"),
    "a caption in the JS's own words": re.compile(r"<figcaption>[^$<]*[A-Za-z]"),
    "a log move's piece read as a word": re.compile(r"\.piece\b"),
    "a chart's round worded in the JS": re.compile(r"`R\$\{|round \$\{p\.round"),
    "the map's hint worded in the JS": re.compile(r"Click (one of|a highlighted)"),
    "a seat named by its number in the JS": re.compile(r"[Ss]eat \$\{"),
    "a plural made in the JS": re.compile(r"\$\{[^}]*=== 1 \? \"\" : \"s\"\}"),
    "a sentence of numbers made in the JS": re.compile(r"more needed|Totals: attacker|Paying for \$\{"),
    "a board's counts worded in the JS": re.compile(r"\} ready, \$\{|trade token\(s\)|, level \$\{"),
    "a count of rounds, cards or options worded in the JS": re.compile(r"Round \$\{|\} of \$\{(goal|guide)|all \$\{mapOptions"),
    "a heading or hand-over line made around a name in the JS": re.compile(r"\.name\}, your|decides now|Waiting for <b>"),
    "a refusal worded in the JS": re.compile(r"\} is chosen twice"),
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
        "a seat worded in the map's JS": "<title>Army ${u.i + 1} of Seat ${u.seat + 1}</title>",
        "an id turned into words": '[`${d.replace(/_/g, " ")} district`, html`',
        "a name cut into lines": 'const words = nw.name.replace(/^The /, "").split(" ");',
        "a caption in the JS's own words": "<figcaption>Chance of winning by round</figcaption>",
        "a log move's piece read as a word": 'class=${`move-arrow${mv.piece === "barbarian" ? " barbarian" : ""}`}',
        "a seat named by its number in the JS": "label=${`Seat ${s.seat + 1} (human): your seat`}",
        "a heading or hand-over line made around a name in the JS": "`${p.name}, your decision`",
        "a board's counts worded in the JS": "`${countOf(locs, (x) => x === -1)} ready, ${countOf(locs, (x) => x >= 0)} on the map`",
        "a count of rounds, cards or options worded in the JS": "<b>Round ${turn.round}${turn.max_rounds ? ` of ${turn.max_rounds}` : \"\"}</b>",
        "a plural made in the JS": '<b>${s.cards}</b> victory card${s.cards === 1 ? "" : "s"}',
        "a sentence of numbers made in the JS": '`${p.cost - p.total} more needed.`',
        "the map's hint worded in the JS": "`Click one of the ${n} highlighted spaces on the map (or Tab to them and press Enter).`",
        "a chart's round worded in the JS": "const label = (p, i) => (i === n - 1 && i > 0 ? chart.last : `R${p.round}`);",
        "a refusal worded in the JS": "throw new Error(`${l ? l.leader : dup[0]} is chosen twice`);",
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


def _words_outside_interpolations(text: str) -> str:
    """``text`` without its ``${...}`` parts (nested braces and template literals inside them
    included): what a template literal says in words of its own."""
    out, i = [], 0
    while i < len(text):
        if text.startswith("${", i):
            depth, i = 1, i + 2
            while i < len(text) and depth:
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def test_every_hover_title_is_a_string_the_server_sent() -> None:
    """An SVG ``<title>`` places one string it was given (``space_words.titles``, the board's
    ``nw_labels``...), with no words of its own around it: the words are made in describe/."""
    found = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        for m in TITLE.finditer(text):
            inner = m.group(1)
            if not inner.startswith("${") or re.search(r"[A-Za-z]", _words_outside_interpolations(inner)):
                found.append(f"{path.name}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)[:90]}")
    assert not found, "\n".join(found)


def test_the_title_check_would_catch_the_old_map() -> None:
    old = ["<title>Resource: ${tok}</title>", "<title>${def.name || cs} (${def.type || \"\"} city-state)</title>",
           '<title>${dist ? `${dn} district` : "Control token"} of Seat ${Number(seat) + 1}</title>']
    for code in old:
        inner = TITLE.search(code).group(1)  # type: ignore[union-attr]
        assert not inner.startswith("${") or re.search(r"[A-Za-z]", _words_outside_interpolations(inner)), code
    new = "<title>${titles[`cs${sid}`]}</title>"
    assert not re.search(r"[A-Za-z]", _words_outside_interpolations(TITLE.search(new).group(1)))  # type: ignore[union-attr]
