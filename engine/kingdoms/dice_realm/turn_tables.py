"""The tables a Dice Realm bot searches a turn with: the 462 multisets of six dice, which
citizens each meets (Fairy flips included), the keeps open from each, and the expectation over a
roll — the pieces of exact expectimax (:mod:`.hard_bot`) and of the greedy keeps of ``easy``.

Built once at import from the odds module's tables (:mod:`.odds`), a few milliseconds.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from operator import mul

from .actions import (
    ActionModel,
)
from .content import CITIZENS
from .odds import (
    _TOP,
    _UP,
    FULL,
    FULL_INDEX,
    PARTIAL,
    PARTIAL_INDEX,
    SUBS,
)
from .requirements import counts_of
from .rules import (
    MET_BY_SORTED_DICE,
    negative_points,
    score,
)
from .state import State

N_FULL = len(FULL)
N_PARTIAL = len(PARTIAL)
_EMPTY = PARTIAL_INDEX[(0, 0, 0, 0, 0, 0)]


def dice_of(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(face + 1 for face in range(6) for _ in range(counts[face]))


MET_FULL: list[int] = [MET_BY_SORTED_DICE[dice_of(c)] for c in FULL]
"""Per full multiset (index into ``FULL``): the bitmask of citizens whose requirement it meets."""


def _flip_neighbours() -> list[tuple[int, ...]]:
    out = []
    for counts in FULL:
        found = []
        for face in range(6):
            if counts[face]:
                d = list(counts)
                d[face] -= 1
                d[5 - face] += 1
                found.append(FULL_INDEX[(d[0], d[1], d[2], d[3], d[4], d[5])])
        out.append(tuple(found))
    return out


FLIP_TO = _flip_neighbours()
"""Per full multiset: the multisets one Fairy flip (a face to its opposite) can make."""

MEETS_LIST: dict[int, tuple[int, ...]] = {
    card: tuple(f for f in range(N_FULL) if MET_FULL[f] >> card & 1) for card in CITIZENS
}
"""Per citizen: the full multisets that meet its requirement."""

MEETS: dict[int, tuple[int, ...]] = {
    card: dice_of(FULL[next(f for f in range(N_FULL) if MET_FULL[f] >> card & 1)])
    for card in CITIZENS
}
"""Six dice that meet each citizen's requirement (to play out a take through the rules)."""

SIZE = [sum(c) for c in PARTIAL]
_INV_OUTCOMES = [6.0 ** -(6 - size) for size in SIZE]
FULL_CHANCE = [math.factorial(6) / math.prod(map(math.factorial, c)) / 6.0**6 for c in FULL]
"""The chance of each full multiset in one roll of six dice."""


def _down(counts: Sequence[int]) -> tuple[int, ...]:
    """The multisets with one die fewer than ``counts`` (one per face it holds)."""
    out = []
    for face in range(6):
        if counts[face]:
            d = list(counts)
            d[face] -= 1
            out.append(PARTIAL_INDEX[(d[0], d[1], d[2], d[3], d[4], d[5])])
    return tuple(out)


_LATTICE = [(p, _down(c)) for p, c in sorted(enumerate(PARTIAL), key=lambda pc: sum(pc[1]))
            if 0 < sum(c) < 6]
"""Kept multisets of one to five dice, smallest first, with their one-die-fewer multisets."""
_FULL_DOWN = [_down(c) for c in FULL]


def best_keeps(w: list[float], stop: list[float], maximise: bool = True) -> list[float]:
    """``V[f] = max(stop[f], max over K ⊊ f of w[K])`` for every full multiset ``f`` (``min``
    for an opponent): first the best ``w`` under every kept multiset, smallest first, then one
    step down from each full multiset (keeping all six is not a roll)."""
    best = w[:]
    get = best.__getitem__
    pick = max if maximise else min
    for p, downs in _LATTICE:
        best[p] = pick(best[p], *map(get, downs))
    return [pick(stop[f], *map(get, _FULL_DOWN[f])) for f in range(N_FULL)]


KEEPS: list[tuple[int, ...]] = [tuple(k for k in subs if SIZE[k] < 6) for subs in SUBS]
"""Per full multiset: the sub-multisets that may be kept for a re-roll (keeping all six is
not a roll), most dice first so ties keep more."""
KEEPS = [tuple(sorted(keeps, key=lambda k: -SIZE[k])) for keeps in KEEPS]


def expectation(values: Sequence[float]) -> list[float]:
    """``W[K]`` for every kept multiset ``K``: the mean of ``values`` (indexed by full
    multiset) over the outcomes of re-rolling the ``6 - |K|`` other dice.

    Summed one die at a time, as in :class:`~.odds.OddsTable`: ``s(K)`` is the value of ``K``
    with six dice, else the sum of ``s(K + x)`` over the six faces ``x``; ``W = s / 6^(6-|K|)``.
    """
    s = [0.0] * N_PARTIAL
    for p, f in _TOP:
        s[p] = values[f]
    for p, a, b, c, d, e, g in _UP:
        s[p] = s[a] + s[b] + s[c] + s[d] + s[e] + s[g]
    return list(map(mul, s, _INV_OUTCOMES))


def full_index(dice: Sequence[int]) -> int:
    return FULL_INDEX[counts_of(dice)]


def leader(state: State, me: int) -> int:
    """The other seat with the highest score (fewest negative points on a tie, then first)."""
    others = [s for s in range(len(state.seats)) if s != me]
    return max(others, key=lambda s: (score(state.realms[s]),
                                      -negative_points(state.realms[s]), -s))


def flip_for(dice: Sequence[int], target: int) -> int:
    """The die to flip to turn the multiset of ``dice`` into the full multiset ``target``."""
    counts = counts_of(dice)
    for die, face in enumerate(dice):
        d = list(counts)
        d[face - 1] -= 1
        d[6 - face] += 1
        if FULL_INDEX[(d[0], d[1], d[2], d[3], d[4], d[5])] == target:
            return die
    raise AssertionError("no flip makes that multiset")


def decided(action: ActionModel) -> Generator[float, None, ActionModel]:
    yield 1.0
    return action

