"""Process settings of a server process (``newdawn serve``), not of the app: tests build many
apps in one process and keep Python's defaults.

Python's cyclic garbage collector stops the whole process while it runs. Under load (100 games
and their sockets) its full collections came every few seconds and each walked every object of
the process: 0.3 to 1.5 s during which no request was answered and no view sent (the stall of
about one POST in a hundred in ``tools/load_bench.py humans``). Two settings make them rare and
short:

- everything alive once the server has started (modules, the rules content of every ruleset,
  the app) is moved out of the collector's sight (``gc.freeze``): it lives as long as the
  process, and a full collection no longer walks it;
- the young generation is collected after 20,000 new objects instead of 700. Building one view
  makes thousands of short-lived containers; with the default, a game's last states (alive for
  a few actions) were caught alive by many young collections and promoted, and those promotions
  are what triggers a full collection. A young collection of 20,000 objects takes a few
  milliseconds.
"""

from __future__ import annotations

import gc

from ..content import load_content
from .lobby import RULESETS

GC_THRESHOLDS = (20_000, 10, 10)
"""``gc.set_threshold`` of a server process (Python's default: 700, 10, 10)."""


def settle_process() -> None:
    """Call once the app is built, before serving: load what every game shares, then freeze
    what is alive and set the collector's thresholds."""
    for ruleset in RULESETS:
        load_content(ruleset)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
