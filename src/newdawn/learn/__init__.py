"""Learning the win-chance model from self-play (``newdawn train``; docs/learning.md).

``recipes``: what each shipped model is trained on; ``selfplay``: the games, played on worker
processes and kept line by line so an interrupted run loses nothing finished; ``dataset``: the
positions of those games as feature rows; ``fit``: the conditional-logit fit, its held-out
figures and the model file. Fitting needs numpy and scipy (``pip install 'newdawn[train]'``);
using a model needs neither (``newdawn.bots.model``).
"""
