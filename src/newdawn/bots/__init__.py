"""Bots: players that choose among the engine's legal options from their seat's view."""

from .base import Bot, play_game
from .chances import win_chances
from .greedy import GreedyBot
from .mcts import MctsBot
from .random_bot import RandomBot
from .registry import make_bot

__all__ = ["Bot", "GreedyBot", "MctsBot", "RandomBot", "make_bot", "play_game", "win_chances"]
