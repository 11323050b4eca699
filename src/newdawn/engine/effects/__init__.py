"""The printed effects: leaders' abilities and unique cards (``leaders``), world wonders
(``wonders``), city-state and player diplomacy cards (``diplomacy``).

This package is the engine's top floor below the entry points: its modules register
functions at the hook points of ``engine/hooks.py`` (and the ``special`` effect op of
``engine/ops.py``) under the handler names the content data gives, and they may use every
standard rule below them. The standard rules never import this package: they reach a printed
effect only through a hook point. Importing the package registers everything.
"""

from . import diplomacy, leaders, wonders

__all__ = ["diplomacy", "leaders", "wonders"]
