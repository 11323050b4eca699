"""Which build of the engine is running: the pure-Python package or the compiled one (mypyc,
``make fast``, put first on the path). Benchmarks and long runs record it beside their figures."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES


def engine_build() -> str:
    """``"compiled"`` when the engine in use was built with mypyc (``make fast``), else ``"pure"``."""
    # late import: the engine is loaded by whoever asks which build it is, not by this module
    from .engine import state

    path = getattr(state, "__file__", None) or ""
    return "compiled" if path.endswith(tuple(EXTENSION_SUFFIXES)) else "pure"
