"""newdawn for research code: OpenSpiel, PettingZoo and Gymnasium environments (docs/research.md).

- ``compact``: the compact observation and the option action space (what standard learners
  train on), goal progress and previews.
- ``codec``: the fixed integer action space over the whole notation (ids <-> action texts).
- ``observation``: fixed-shape tensors and text observations built from ``player_view``.
- ``openspiel_game``: the ``python_newdawn`` OpenSpiel game (registered on import).
- ``pettingzoo_env``: the AEC and parallel environments ``newdawn/newdawn_v0`` (registered on import).
- ``gym_env``: the single-agent environment ``newdawn/Newdawn-v0`` (registered on import).
- ``opponents``: newdawn's bots as OpenSpiel bots and PettingZoo opponents; a view evaluation as
  OpenSpiel's MCTS evaluator (the hook for the learned evaluation).
- ``llm``: the decision in the table's words for language-model agents.
- ``bench``: the speed benchmark behind ``tools/bench_research.py``.

Needs the ``research`` extra (numpy, open-spiel, pettingzoo, shimmy, gymnasium); the engine
itself depends on none of them. Import the submodule you need.
"""
