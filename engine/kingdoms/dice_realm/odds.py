"""Exact odds of meeting a requirement with best play, by dynamic programming over roll states.

The state of a turn is the multiset of the six dice and the number of rolls left. After a roll
the player either stops (if the requirement is met, the chance is 1) or keeps any sub-multiset
``K`` of the six dice (taking back dice set aside earlier is allowed, so every ``K`` is open) and
re-rolls the rest::

    V(M, 0) = met(M)
    V(M, r) = 1 if met(M) else max over K ⊆ M of  W(K, r - 1)
    W(K, r) = Σ over outcomes O of rolling 6 - |K| dice of  P(O) · V(K + O, r)

The chance of a fresh turn with ``R`` rolls is ``W(∅, R - 1)``. Everything is exact: values at
level ``r`` are integers over ``6 ** (6 r)`` (each roll outcome of ``m`` dice has probability
``multinomial / 6 ** m``), so the results are :class:`fractions.Fraction` with no tolerance.

Multisets are counts tuples. The outcome distributions (``TRANS``) and the sub-multiset lists
(``SUBS``) are built once at import (a few milliseconds); a table per requirement is computed on
first use and memoised (a few milliseconds on CPython: ``W`` is summed one die at a time rather
than over whole outcomes), after which every query is a lookup.

>>> from kingdoms.dice_realm.requirements import requirement_adapter
>>> yahtzee = requirement_adapter.validate_python({"type": "kind", "n": 6})
>>> str(probability(yahtzee, rolls=1))
'1/7776'
>>> best_chance(yahtzee, [5, 5, 5, 5, 5, 2], rolls_left=1)
Fraction(1, 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import factorial
from typing import Any

from .requirements import Counts, Requirement, compile_requirement, counts_of, key
from .shapes import Chance, OddsJson

MAX_ROLLS = 4
"""An Elf allows four rolls; tables are built for up to this many."""

_FLIP = (5, 4, 3, 2, 1, 0)  # face index i ↔ 5 - i (1↔6, 2↔5, 3↔4)


def _multisets(size: int) -> list[Counts]:
    out: list[Counts] = []

    def rec(prefix: list[int], left: int) -> None:
        if len(prefix) == 5:
            c = (*prefix, left)
            out.append((c[0], c[1], c[2], c[3], c[4], c[5]))
            return
        for x in range(left, -1, -1):
            rec([*prefix, x], left - x)

    rec([], size)
    return out


FULL: list[Counts] = _multisets(6)
"""The 462 multisets of six dice."""
FULL_INDEX: dict[Counts, int] = {c: i for i, c in enumerate(FULL)}
PARTIAL: list[Counts] = [c for size in range(7) for c in _multisets(size)]
"""The 924 multisets of zero to six kept dice."""
PARTIAL_INDEX: dict[Counts, int] = {c: i for i, c in enumerate(PARTIAL)}


def _weight(outcome: Counts) -> int:
    w = factorial(sum(outcome))
    for x in outcome:
        w //= factorial(x)
    return w


def _build_trans() -> list[tuple[tuple[int, int], ...]]:
    by_size = {m: [(o, _weight(o)) for o in _multisets(m)] for m in range(7)}
    trans = []
    for k in PARTIAL:
        kept = sum(k)
        scale = 6**kept  # so every row's weights add up to 6 ** 6
        row = []
        for o, w in by_size[6 - kept]:
            total = (k[0] + o[0], k[1] + o[1], k[2] + o[2], k[3] + o[3], k[4] + o[4], k[5] + o[5])
            row.append((FULL_INDEX[total], w * scale))
        trans.append(tuple(row))
    return trans


def _build_subs() -> list[tuple[int, ...]]:
    subs = []
    for m in FULL:
        found: list[int] = []

        def rec(prefix: list[int], m: Counts = m, found: list[int] = found) -> None:
            i = len(prefix)
            if i == 6:
                found.append(PARTIAL_INDEX[(prefix[0], prefix[1], prefix[2], prefix[3],
                                            prefix[4], prefix[5])])
                return
            for x in range(m[i] + 1):
                rec([*prefix, x])

        rec([])
        subs.append(tuple(found))
    return subs


TRANS = _build_trans()
"""For each kept multiset: (full multiset index, integer weight over 6**6) of every outcome."""
SUBS = _build_subs()
"""For each full multiset: the indices of its distinct sub-multisets (what may be kept)."""
_EMPTY = PARTIAL_INDEX[(0, 0, 0, 0, 0, 0)]
_UNIT = 6**6


def _build_steps() -> tuple[list[tuple[int, int]], list[tuple[int, int, int, int, int, int, int]],
                            list[int]]:
    """Index tables for building ``W`` one die at a time (see :class:`OddsTable`).

    ``_TOP``: (partial index, full index) of the 462 six-dice multisets; ``_UP``: for every smaller
    kept multiset ``K`` (largest first), its index and the indices of ``K`` plus one die of each
    face; ``_SCALE``: ``6 ** |K|`` per partial index.
    """
    top = [(PARTIAL_INDEX[c], FULL_INDEX[c]) for c in FULL]
    up = []
    for k in sorted((c for c in PARTIAL if sum(c) < 6), key=sum, reverse=True):
        ups = []
        for i in range(6):
            d = list(k)
            d[i] += 1
            ups.append(PARTIAL_INDEX[(d[0], d[1], d[2], d[3], d[4], d[5])])
        up.append((PARTIAL_INDEX[k], ups[0], ups[1], ups[2], ups[3], ups[4], ups[5]))
    return top, up, [6 ** sum(c) for c in PARTIAL]


_TOP, _UP, _SCALE = _build_steps()


class OddsTable:
    """Best-play values for one requirement (and a number of Fairy flips at the end).

    ``v[r][f]`` is the chance (an integer over ``6 ** (6 r)``) with full multiset ``f`` rolled and
    ``r`` rolls left; ``w[r][k]`` the chance after keeping ``k`` and rolling, with ``r`` more rolls
    after that one (an integer over ``6 ** (6 (r + 1))``).
    """

    __slots__ = ("met", "v", "w")

    def __init__(self, met: list[bool]) -> None:
        self.met = met
        v0 = [1 if ok else 0 for ok in met]
        self.v: list[list[int]] = [v0]
        self.w: list[list[int]] = []
        for r in range(MAX_ROLLS):
            prev = self.v[r]
            # Σ over outcomes O of multinomial(O) · V(K + O) adds up one die at a time:
            # s(K) = V(K) with six dice, else Σ over faces x of s(K + x); then W(K) = 6^|K| s(K)
            # (the same integers as weighting each row of ``TRANS``).
            s = [0] * len(PARTIAL)
            for p, f in _TOP:
                s[p] = prev[f]
            for p, a, b, c, d, e, g in _UP:
                s[p] = s[a] + s[b] + s[c] + s[d] + s[e] + s[g]
            w = list(map(int.__mul__, s, _SCALE))
            self.w.append(w)
            scale = _UNIT ** (r + 1)
            self.v.append(
                [scale if met[f] else max(map(w.__getitem__, SUBS[f])) for f in range(len(FULL))]
            )


_TABLES: dict[tuple[Any, ...], OddsTable] = {}


def _met_with_flips(req: Requirement, flips: int) -> list[bool]:
    pred = compile_requirement(req)
    met = [pred(c) for c in FULL]
    for _ in range(flips):
        before = met
        met = []
        for f, c in enumerate(FULL):
            ok = before[f]
            if not ok:
                for i in range(6):
                    if c[i]:
                        d = list(c)
                        d[i] -= 1
                        d[_FLIP[i]] += 1
                        if before[FULL_INDEX[(d[0], d[1], d[2], d[3], d[4], d[5])]]:
                            ok = True
                            break
            met.append(ok)
    return met


def table(req: Requirement, flips: int = 0) -> OddsTable:
    """The memoised odds table for ``req`` (``flips``: Fairy flips available at the end)."""
    if not 0 <= flips <= 6:
        raise ValueError("flips must be between 0 and 6")
    k = (key(req), flips)
    t = _TABLES.get(k)
    if t is None:
        t = _TABLES[k] = OddsTable(_met_with_flips(req, flips))
    return t


def is_built(req: Requirement, flips: int = 0) -> bool:
    """Whether :func:`table` for ``req`` and ``flips`` is already computed (a lookup only)."""
    return (key(req), flips) in _TABLES


def _check_rolls(rolls: int, low: int) -> None:
    if not low <= rolls <= MAX_ROLLS:
        raise ValueError(f"rolls must be between {low} and {MAX_ROLLS}")


def _full_index(dice: Sequence[int]) -> int:
    if len(dice) != 6 or any(not 1 <= d <= 6 for d in dice):
        raise ValueError("dice must be six values from 1 to 6")
    return FULL_INDEX[counts_of(dice)]


def probability(req: Requirement, rolls: int = 3, flips: int = 0) -> Fraction:
    """The chance that best play meets ``req`` in a fresh turn of ``rolls`` rolls."""
    _check_rolls(rolls, 1)
    return Fraction(table(req, flips).w[rolls - 1][_EMPTY], _UNIT**rolls)


def best_chance(req: Requirement, dice: Sequence[int], rolls_left: int, flips: int = 0) -> Fraction:
    """The chance with these six dice rolled and ``rolls_left`` rolls to go, keeping anything."""
    _check_rolls(rolls_left, 0)
    return Fraction(table(req, flips).v[rolls_left][_full_index(dice)], _UNIT**rolls_left)


def _kept(dice: Sequence[int], keep_mask: int) -> int:
    return PARTIAL_INDEX[counts_of([d for i, d in enumerate(dice) if keep_mask >> i & 1])]


def chance_keeping(
    req: Requirement, dice: Sequence[int], keep_mask: int, rolls_left: int, flips: int = 0
) -> Fraction:
    """The chance if the dice in ``keep_mask`` are kept and the others re-rolled now, then best
    play with the rolls after that. With no rolls left it is whether the dice meet ``req``."""
    _check_rolls(rolls_left, 0)
    t = table(req, flips)
    if rolls_left == 0:
        return Fraction(int(t.met[_full_index(dice)]))
    _full_index(dice)
    if not 0 <= keep_mask < 64:
        raise ValueError("keep_mask must be a 6-bit mask")
    return Fraction(t.w[rolls_left - 1][_kept(dice, keep_mask)], _UNIT**rolls_left)


def best_kept_multiset(t: OddsTable, full: int, rolls_left: int) -> int:
    """The best multiset to keep (an index into ``PARTIAL``) with ``rolls_left`` ≥ 1.

    Among equally good choices it keeps the most dice, then the first in ``SUBS`` order.
    """
    w = t.w[rolls_left - 1]
    best_k = -1
    best: tuple[int, int] = (-1, -1)
    for k in SUBS[full]:
        cand = (w[k], sum(PARTIAL[k]))
        if cand > best:
            best, best_k = cand, k
    return best_k


def mask_for(dice: Sequence[int], kept: Counts) -> int:
    """A keep mask over ``dice`` that keeps exactly the multiset ``kept`` (leftmost dice first)."""
    need = list(kept)
    mask = 0
    for i, d in enumerate(dice):
        if need[d - 1]:
            need[d - 1] -= 1
            mask |= 1 << i
    return mask


def best_keep(
    req: Requirement, dice: Sequence[int], rolls_left: int, flips: int = 0
) -> int | None:
    """The best dice to keep (a mask), or ``None`` when stopping is best (met, or no rolls)."""
    _check_rolls(rolls_left, 0)
    t = table(req, flips)
    f = _full_index(dice)
    if rolls_left == 0 or t.met[f]:
        return None
    return mask_for(dice, PARTIAL[best_kept_multiset(t, f, rolls_left)])


def odds_helper(
    req: Requirement,
    dice: Sequence[int] | None,
    held_mask: int,
    rolls_left: int,
    flips: int = 0,
) -> OddsJson:
    """What the page's odds helper shows for one requirement, JSON-able.

    ``dice`` is ``None`` before the first roll (then ``rolls_left`` is the whole turn's rolls).
    ``best`` is the chance with best play, where held dice may be released; ``holding`` the chance
    if exactly the held dice are kept for the next roll (then best play); ``best_keep`` the mask to
    keep for ``best`` (``None``: stop now). Chances come as floats and exact ``"n/d"`` strings.
    """

    def pack(x: Fraction) -> Chance:
        return {"p": float(x), "exact": f"{x.numerator}/{x.denominator}"}

    if dice is None:
        p = probability(req, rolls_left, flips) if rolls_left else Fraction(0)
        return {"met": False, "best": pack(p), "holding": pack(p), "best_keep": 0}
    met = bool(table(req, flips).met[_full_index(dice)])
    return {
        "met": met,
        "best": pack(best_chance(req, dice, rolls_left, flips)),
        "holding": pack(chance_keeping(req, dice, held_mask, rolls_left, flips)),
        "best_keep": best_keep(req, dice, rolls_left, flips),
    }
