"""Content ids: the fixed integer each card carries in its game's content file.

Why: a record is a seed and action codes, and a replay deals again from the seed, so a card's
number reaches share codes (Burgrave plays card ``c`` as code ``200 + c``) and every shuffle.
Numbered by their place in a file, one card added in the middle would renumber the rest and
every saved game would replay with other cards. So each card states its id in the file, ids
are append-only (a new card takes the next free one; none is ever renumbered or reused), and
the loaders index by id, never by position.

>>> indexed("manuscript id", [(1, "b"), (0, "a")])
('a', 'b')
>>> indexed("card id", [(0, "a"), (0, "b")])
Traceback (most recent call last):
...
ValueError: card ids must be unique; used more than once: [0]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def indexed(name: str, entries: Iterable[tuple[int, T]]) -> tuple[T, ...]:
    """The items of ``(id, item)`` pairs in id order, after checking the ids: each once, and
    ``0 .. n - 1`` with no gap (the rules keep cards in tuples indexed by id, and Burgrave's
    action vocabulary has a code for every id up to the last). ``ValueError`` names the problem
    with ``name``, what the ids are called ("card id", "card number" …)."""
    pairs = list(entries)
    counts = Counter(number for number, _ in pairs)
    twice = sorted(number for number, count in counts.items() if count > 1)
    if twice:
        raise ValueError(f"{name}s must be unique; used more than once: {twice}")
    missing = sorted(set(range(len(pairs))) - set(counts))
    if missing:
        raise ValueError(f"{name}s must run from 0 with no gap (something new takes the "
                         f"highest + 1, and none is ever removed); missing: {missing}")
    return tuple(item for _, item in sorted(pairs, key=lambda pair: pair[0]))
