"""The ``newdawn`` command line: random-bot simulations, a benchmark, record replays and a
watchable bot game. ``main`` in ``newdawn.cli.main`` is the entry point."""
