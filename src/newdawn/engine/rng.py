"""The game's own random generator, whose whole state is one integer in the game state.

Two generators, told apart by the size of that integer:

* ``blake2b`` (the default since record format 2): a keyed cryptographic generator. The seed
  (any non-negative integer; the server draws 128 random bits) is hashed into a 256-bit key;
  output word ``i`` is 8 bytes of ``BLAKE2b(key, i // 8)`` (a 64-byte digest gives 8 words).
  Keyed BLAKE2b is a pseudo-random function, so nobody who sees the outputs (the public setup,
  dice, tile draws) can recover the key or predict the next output without the seed; a seed a
  person typed is another matter (it can be guessed, so such games are practice games).
  The state is ``MARK | key << 64 | i``: always at least ``2**320``.
* ``splitmix64`` (record format 1): SplitMix64 with a 64-bit state, below ``2**64``. It is
  fast and fully specified but its state can be recovered from a few outputs, so it is kept
  only to replay old records and for the samples bots draw for themselves (``view.py``).

Both are fully specified, so a game's record (config + seed + actions) replays identically on
every Python version; Python's ``random.shuffle`` gives no such promise across versions.
"""

from __future__ import annotations

import hashlib
from typing import Final, TypeVar

T = TypeVar("T")

MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15

BLAKE2B: Final = "blake2b"
SPLITMIX64: Final = "splitmix64"
GENERATORS: Final = (BLAKE2B, SPLITMIX64)
"""Generator names a game's configuration may give (``config["generator"]``); the first is the default."""

_KEY_BITS: Final = 256
_MARK: Final = 1 << (64 + _KEY_BITS)
_KEY_MASK: Final = (1 << _KEY_BITS) - 1
_PERSON: Final = b"newdawn-seed"


def seed_state(seed: int) -> int:
    """A SplitMix64 state from any integer seed (old records and bots' own samples)."""
    return (seed * 0xD1342543DE82EF95 + 1) & MASK64


def keyed_state(seed: int) -> int:
    """A keyed (BLAKE2b) generator state from a non-negative integer seed of any size."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError("the seed must be a non-negative whole number")
    raw = seed.to_bytes(max(1, (seed.bit_length() + 7) // 8), "big")
    key = hashlib.blake2b(raw, digest_size=_KEY_BITS // 8, person=_PERSON).digest()
    return _MARK | int.from_bytes(key, "little") << 64


def new_state(seed: int, generator: str = BLAKE2B) -> int:
    """The first state of ``generator`` (a name of ``GENERATORS``) for ``seed``."""
    if generator == BLAKE2B:
        return keyed_state(seed)
    if generator == SPLITMIX64:
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError("the seed must be a non-negative whole number")
        return seed_state(seed)
    raise ValueError(f"unknown generator {generator!r}; known: {', '.join(GENERATORS)}")


def is_keyed(state: int) -> bool:
    return state >= _MARK


def _block(state: int, index: int) -> bytes:
    """The 64-byte block ``index`` of a keyed generator (8 output words)."""
    key = ((state >> 64) & _KEY_MASK).to_bytes(_KEY_BITS // 8, "little")
    return hashlib.blake2b(index.to_bytes(8, "little"), key=key).digest()


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(new_state, value)``: one 64-bit output of the state's generator."""
    if state >= _MARK:
        i = state & MASK64
        b = _block(state, i >> 3)
        o = (i & 7) << 3
        return state + 1, int.from_bytes(b[o:o + 8], "little")
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
    if state < _MARK:
        for i in range(len(items) - 1, 0, -1):
            state, j = below(state, i + 1)
            items[i], items[j] = items[j], items[i]
        return state
    # The keyed generator, with each 64-byte block hashed once for its 8 words.
    key = ((state >> 64) & _KEY_MASK).to_bytes(_KEY_BITS // 8, "little")
    base = state - (state & MASK64)
    w = state & MASK64
    blk_no, blk = -1, b""
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            if w >> 3 != blk_no:
                blk_no = w >> 3
                blk = hashlib.blake2b(blk_no.to_bytes(8, "little"), key=key).digest()
            o = (w & 7) << 3
            v = int.from_bytes(blk[o:o + 8], "little")
            w += 1
            if v < limit:
                break
        j = v % n
        items[i], items[j] = items[j], items[i]
    return base + w
