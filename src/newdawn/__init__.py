"""newdawn: a digital edition of Civilization: A New Dawn with Terra Incognita."""

__version__ = "0.1.0"
