"""Measuring the bots: the puzzle suite (``puzzles``, ``newdawn puzzles``), the search that
establishes a puzzle's answer (``search``), the ladder of rated bot levels (``ladder``,
``ratings``, ``newdawn ladder``) and the empty-turn count (``empty``). Bots are taken only by
spec (``newdawn.bots.make_bot``); see docs/bots.md, "Puzzles" and "Strength"."""
