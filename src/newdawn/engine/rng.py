"""The game's own pseudo-random generator, whose whole state is one integer in the game state.

SplitMix64 is used because it is tiny, fast in pure Python and fully specified, so a game's
record (config + seed + actions) replays identically on every Python version; Python's
``random.shuffle`` gives no such promise across versions.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0xD1342543DE82EF95 + 1) & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(new_state, value)``: one 64-bit output of SplitMix64."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, k)`` with k uniform in ``range(n)`` (rejection sampling, no bias)."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, v = next_u64(state)
        if v < limit:
            return state, v % n


def shuffled(state: int, items: list[T]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
