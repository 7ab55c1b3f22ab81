"""The engine's own seeded generator: a counter-based SplitMix64.

Why not ``random.Random``: its algorithms for ``randrange``/``shuffle`` are not promised to stay
the same across Python versions, and the page runs Python 3.14 while tests may run 3.11. This
generator is a few lines of integer arithmetic, so the same ``(seed, counter)`` gives the same
numbers everywhere. Being counter-based, its whole state is two integers that live inside a game
state, so states stay plain data and copying them is cheap.

>>> r = Rng(42)
>>> [r.below(6) + 1 for _ in range(5)]
[2, 2, 1, 1, 5]
>>> r.counter
5
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a bijection on 64-bit integers with good avalanche."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


_CACHED_LIMITS = 4096
_LIMITS: dict[int, int] = {}
"""``below``'s rejection bound by ``n``, for the small ``n`` that every shuffle, roll and
play-out asks for over and over (each is a big-number division otherwise)."""


class Rng:
    """A generator positioned at ``counter`` draws after ``seed``.

    Games keep ``seed`` and ``counter`` in their state, make an ``Rng`` when they need
    randomness, and store ``rng.counter`` back afterwards.
    """

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        if counter < 0:
            raise ValueError("counter must not be negative")
        self.seed = seed & MASK64
        self.counter = counter

    def next_u64(self) -> int:
        """The next raw 64-bit value."""
        self.counter += 1
        return mix64(self.seed + self.counter * _GAMMA)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection so there is no modulo bias."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _TWO64 - _TWO64 % n
            if n < _CACHED_LIMITS:
                _LIMITS[n] = limit
        seed = self.seed
        counter = self.counter
        while True:
            # ``next_u64`` and ``mix64`` inlined: this is the hot path of every shuffle, roll
            # and random playout (the same arithmetic, so the same numbers).
            counter += 1
            z = (seed + counter * _GAMMA) & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                self.counter = counter
                return z % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included)."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed from several parts (a game seed, a playout number), the same everywhere."""
    value = 0
    for part in parts:
        if isinstance(part, str):
            for byte in part.encode("utf-8"):
                value = mix64(value ^ byte)
        else:
            value = mix64(value ^ (part & MASK64))
    return value
