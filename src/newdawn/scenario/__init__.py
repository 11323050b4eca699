"""Rules scenarios: readable TOML files that build a position, play steps and check the rules.

Outside the engine: this package imports ``newdawn.engine``, never the reverse.
``load``/``parse`` build a :class:`Scenario`; ``run``/``run_file`` play it; ``perft`` counts
legal action sequences from fixed positions.
"""

from .build import Scenario, Step, load, parse
from .errors import ScenarioError
from .run import Result, run, run_file, show

__all__ = ["Result", "Scenario", "ScenarioError", "Step", "load", "parse", "run", "run_file", "show"]
