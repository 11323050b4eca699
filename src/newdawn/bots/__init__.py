"""Bots: players that choose among the engine's legal options."""

from .random_bot import RandomBot

__all__ = ["RandomBot"]
