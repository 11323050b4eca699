"""Check statically that every change to a player, ``ctl`` or ``reinforced`` goes through the
copy-on-write accessors (``GameState.player_mut``, ``ctl_mut``, ``reinforced_mut``).

``GameState.copy`` shares those containers between the copy and the original; a change made
through ``st.players[seat]``, ``st.ctl`` or ``st.reinforced`` would change both states. This
tool copies ``src/newdawn`` to a temporary directory, types the three fields read-only there
(``players`` as a list of ``PlayerView``, a protocol whose fields are read-only properties of
``Sequence``/``Mapping`` types; ``ctl`` as a ``Mapping``; ``reinforced`` as an ``AbstractSet``)
and runs mypy with the project's settings: each error outside ``engine/state.py`` is a change
made without its accessor (or a read-only value passed where a mutable one is typed).

    .venv/bin/python tools/check_cow.py     # exit 0: no change bypasses the accessors

Only typed code is checked: a change through ``Any`` (``getattr``) escapes it, as does a
reference taken before the accessor and used after it; ``tests/engine/test_copy_on_write.py``
plays games to catch those.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "newdawn"

VIEW = '''
from collections.abc import Mapping as _Mapping, Sequence as _Sequence, Set as _AbstractSet
from typing import Protocol as _Protocol


class PlayerView(_Protocol):
    """A player read through ``GameState.players`` (check_cow.py): every field read-only."""

    @property
    def leader(self) -> str: ...
    @property
    def color(self) -> str: ...
    @property
    def row(self) -> _Sequence[str]: ...
    @property
    def trade(self) -> _Mapping[str, int]: ...
    @property
    def cs_tokens(self) -> tuple[str, ...]: ...
    @property
    def gov(self) -> str: ...
    @property
    def dial(self) -> int: ...
    @property
    def resources(self) -> _Mapping[str, int]: ...
    @property
    def nws(self) -> tuple[str, ...]: ...
    @property
    def dipl(self) -> tuple[str, ...]: ...
    @property
    def own_dipl(self) -> tuple[str, ...]: ...
    @property
    def wonders(self) -> tuple[str, ...]: ...
    @property
    def armies(self) -> _Sequence[int]: ...
    @property
    def caravans(self) -> _Sequence[int]: ...
    @property
    def flags(self) -> _Mapping[str, int]: ...
    def copy(self) -> PlayerState: ...
    def to_json(self) -> dict[str, Any]: ...


class GameState:
'''

PATCHES = [
    ("\nclass GameState:\n", VIEW),
    ("    players: list[PlayerState]\n", "    players: list[PlayerView]\n"),
    ("    ctl: dict[int, int]\n", "    ctl: _Mapping[int, int]\n"),
    ("    reinforced: set[int]\n", "    reinforced: _AbstractSet[int]\n"),
]


def patched_copy(dest: Path) -> Path:
    """``src/newdawn`` copied under ``dest/src`` with the read-only field types; its path."""
    pkg = dest / "src" / "newdawn"
    shutil.copytree(SRC, pkg, ignore=shutil.ignore_patterns("__pycache__", "*.so", "static"))
    state = pkg / "engine" / "state.py"
    text = state.read_text()
    for old, new in PATCHES:
        if text.count(old) != 1:
            raise SystemExit(f"check_cow: engine/state.py no longer has {old.strip()!r} once; update PATCHES")
        text = text.replace(old, new)
    state.write_text(text)
    return pkg


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="newdawn-cow-") as tmp:
        pkg = patched_copy(Path(tmp))
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
             "--cache-dir", str(Path(tmp) / "cache"), str(pkg)],
            cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
    errors = [ln for ln in done.stdout.splitlines()
              if ": error:" in ln and not ln.startswith(("src/newdawn/engine/state.py", str(pkg / "engine" / "state.py")))]
    for ln in errors:
        print(ln.replace(str(Path(tmp)) + "/", ""))
    if errors:
        print(f"check_cow: {len(errors)} change(s) bypass GameState.player_mut/ctl_mut/reinforced_mut")
        return 1
    if done.returncode not in (0, 1):
        print(done.stdout)
        return done.returncode
    print("check_cow: every change to a player, ctl or reinforced goes through its accessor")
    return 0


if __name__ == "__main__":
    sys.exit(main())
