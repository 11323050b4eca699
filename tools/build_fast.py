"""Build the optional compiled newdawn (``make fast``): ``newdawn.engine``, ``newdawn.content`` and
``newdawn.bots`` (whose search spends half its time in its own evaluation) compiled with mypyc,
subpackages included (``engine/effects``, ``engine/rulesets``),
in a directory of its own (default ``build/mypyc``).

The pure-Python package in ``src/`` stays the default install and the reference; the compiled
build is the same source, used by putting its directory first on the path:

    PYTHONPATH=build/mypyc .venv/bin/newdawn bench

The directory holds a copy of the whole ``newdawn`` package (so the CLI and server run on top
of the compiled engine) with an extension module beside each compiled module;
Python imports the extension before the ``.py``. Every run refreshes the copied files; mypyc
runs again only when a compiled module's source changed (a hash of those sources is kept in
``SOURCES_HASH``, which ``tests/perft/test_compiled_build.py`` reads to refuse a stale build).
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "newdawn"
COMPILED = ("engine", "content", "bots")
NOT_COMPILED = ("engine/event.py", "engine/frames.py", "engine/frame_base.py", "engine/rulesets/base_frames.py")
"""Modules left as Python; the compiled ones import them. ``event.py``: mypyc cannot compile a
subclass of ``str``. ``frames.py`` (with ``frame_base.py`` and ``rulesets/base_frames.py``,
whose step shapes it joins): compiled, its TypedDicts would keep only runtime classes
as annotations (``type`` for a ``Literal`` kind, ``list`` for ``list[int]``, no
``NotRequired``), and ``scenario/frame_shapes.py`` reads the declared shapes at run time; a
TypedDict is a plain dict either way, so nothing runs slower."""
HASH_FILE = "SOURCES_HASH"


def sources_hash(src: Path = SRC) -> str:
    """Hash of the compiled packages' Python sources (names and contents) and of the list of
    modules left as Python (a change to it needs a new build too)."""
    h = hashlib.sha256()
    h.update(("\0".join(NOT_COMPILED) + "\1").encode())
    for pkg in COMPILED:
        for f in sorted((src / pkg).rglob("*.py")):  # subpackages too (engine/effects)
            h.update(f"{f.relative_to(src).as_posix()}\0".encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def _copy_tree(out: Path) -> None:
    """Copy the package's sources and data, leaving the built extension modules in place."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    shutil.copytree(SRC, out / "newdawn", ignore=ignore, dirs_exist_ok=True)


def build(out: Path, force: bool) -> int:
    want = sources_hash()
    stamp = out / HASH_FILE
    if not force and stamp.is_file() and stamp.read_text().strip() == want:
        _copy_tree(out)
        print(f"compiled build in {out} is up to date (sources {want[:12]}); other files refreshed")
        return 0
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    _copy_tree(out)
    targets = sorted(
        str(f.relative_to(out)) for pkg in COMPILED for f in (out / "newdawn" / pkg).rglob("*.py")
        if f.relative_to(out / "newdawn").as_posix() not in NOT_COMPILED
    )
    print(f"mypyc {', '.join(f'newdawn/{p}' for p in COMPILED)} (but {', '.join(NOT_COMPILED)}) in {out} ...",
          flush=True)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mypyc", *targets], cwd=out,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    dt = time.perf_counter() - t0
    if done.returncode != 0:
        print(done.stdout[-6000:])
        print(f"mypyc failed after {dt:.0f} s (exit {done.returncode})")
        return done.returncode
    shutil.rmtree(out / "build", ignore_errors=True)  # mypyc's C sources and objects
    stamp.write_text(want + "\n")
    print(f"compiled build ready in {out} ({dt:.0f} s); use it with PYTHONPATH={out}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "build" / "mypyc"),
                    help="directory of the compiled build (default build/mypyc)")
    ap.add_argument("--force", action="store_true", help="compile even when the sources are unchanged")
    args = ap.parse_args()
    return build(Path(args.out).resolve(), args.force)


if __name__ == "__main__":
    sys.exit(main())
