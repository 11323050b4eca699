"""newdawn for research code: OpenSpiel, PettingZoo and Gymnasium environments (docs/research.md).

- ``codec``: the fixed integer action space over the whole notation (ids <-> action texts).
- ``observation``: fixed-shape tensors and text observations built from ``player_view``.
- ``openspiel_game``: the ``python_newdawn`` OpenSpiel game (registered on import).
- ``pettingzoo_env``: the AEC environment ``newdawn/newdawn_v0`` (registered on import).
- ``gym_env``: the single-agent environment ``newdawn/Newdawn-v0`` (registered on import).

Needs the ``research`` extra (numpy, open-spiel, pettingzoo, shimmy, gymnasium); the engine
itself depends on none of them. Import the submodule you need.
"""
