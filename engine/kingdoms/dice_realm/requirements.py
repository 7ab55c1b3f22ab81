"""Dice requirements: the vocabulary as pydantic data, and fast predicates over dice counts.

A requirement is data (``{"type": "kind", "n": 4}``), validated when the content loads. For the
rules and the odds it is *compiled* into a predicate over a counts tuple ``(c1, …, c6)``, where
``ci`` is how many of the six dice show face ``i``.

>>> req = requirement_adapter.validate_python({"type": "full_house"})
>>> satisfied(req, (3, 3, 3, 5, 5, 1))
True
>>> describe(requirement_adapter.validate_python({"type": "face", "face": 6, "n": 3}))
'at least three 6s'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Counts = tuple[int, int, int, int, int, int]
Predicate = Callable[[Counts], bool]
ReqKey = tuple[object, ...]

_CONFIG = ConfigDict(frozen=True, extra="forbid")


class Kind(BaseModel):
    """``kind(n)``: at least ``n`` dice show the same face."""

    model_config = _CONFIG
    type: Literal["kind"] = "kind"
    n: int = Field(ge=2, le=6)


class Face(BaseModel):
    """``face(f, n)``: at least ``n`` dice show face ``f``."""

    model_config = _CONFIG
    type: Literal["face"] = "face"
    face: int = Field(ge=1, le=6)
    n: int = Field(ge=1, le=6)


class Pairs(BaseModel):
    """``pairs(k)``: ``k`` disjoint pairs (four of a kind counts as two pairs)."""

    model_config = _CONFIG
    type: Literal["pairs"] = "pairs"
    k: int = Field(ge=1, le=3)


class Triples(BaseModel):
    """``triples(k)``: ``k`` disjoint three-of-a-kinds (six of a kind counts as two)."""

    model_config = _CONFIG
    type: Literal["triples"] = "triples"
    k: int = Field(ge=1, le=2)


class FullHouse(BaseModel):
    """``full_house``: three of one face and two of another face."""

    model_config = _CONFIG
    type: Literal["full_house"] = "full_house"


class Straight(BaseModel):
    """``straight(n)``: ``n`` consecutive faces among the dice."""

    model_config = _CONFIG
    type: Literal["straight"] = "straight"
    n: int = Field(ge=2, le=6)


class SumAtLeast(BaseModel):
    """``sum_at_least(s)``: the six dice add up to ``s`` or more."""

    model_config = _CONFIG
    type: Literal["sum_at_least"] = "sum_at_least"
    s: int = Field(ge=6, le=36)


class SumAtMost(BaseModel):
    """``sum_at_most(s)``: the six dice add up to ``s`` or less."""

    model_config = _CONFIG
    type: Literal["sum_at_most"] = "sum_at_most"
    s: int = Field(ge=6, le=36)


class AllEven(BaseModel):
    """``all_even``: every die shows 2, 4 or 6."""

    model_config = _CONFIG
    type: Literal["all_even"] = "all_even"


class AllOdd(BaseModel):
    """``all_odd``: every die shows 1, 3 or 5."""

    model_config = _CONFIG
    type: Literal["all_odd"] = "all_odd"


class AllOf(BaseModel):
    """``all``: every listed requirement at once (on the same six dice)."""

    model_config = _CONFIG
    type: Literal["all"] = "all"
    of: tuple[Requirement, ...] = Field(min_length=2, max_length=4)


Requirement = Annotated[
    Kind | Face | Pairs | Triples | FullHouse | Straight | SumAtLeast | SumAtMost | AllEven
    | AllOdd | AllOf,
    Field(discriminator="type"),
]
AllOf.model_rebuild()

requirement_adapter: TypeAdapter[Requirement] = TypeAdapter(Requirement)


_KEYS: dict[int, tuple[Requirement, ReqKey]] = {}
"""Keys already worked out, by the requirement object's ``id`` (kept with the object, so the
``id`` is never reused): the page asks for the same few dozen citizens' keys many times per
tap, and each ``model_dump`` costs tens of microseconds in the browser. Requirements are
frozen, so a key never goes stale."""


def key(req: Requirement) -> ReqKey:
    """A hashable, canonical key for ``req`` (used to memoise odds tables).

    >>> sixes = Face(face=6, n=2)
    >>> key(sixes)
    ('face', ('face', 6), ('n', 2))
    >>> key(sixes) is key(sixes), key(sixes) == key(Face(face=6, n=2))
    (True, True)
    """
    known = _KEYS.get(id(req))
    if known is not None and known[0] is req:
        return known[1]
    if isinstance(req, AllOf):
        found: ReqKey = ("all", *sorted((key(part) for part in req.of), key=repr))
    else:
        data = req.model_dump()
        kind = data.pop("type")
        found = (kind, *sorted(data.items()))
    if len(_KEYS) < 4096:  # the content has a few dozen; a bound for everything else
        _KEYS[id(req)] = (req, found)
    return found


def _straight(counts: Counts, n: int) -> bool:
    run = 0
    for c in counts:
        run = run + 1 if c else 0
        if run >= n:
            return True
    return False


def compile_requirement(req: Requirement) -> Predicate:
    """A predicate over a counts tuple that tells whether ``req`` is met."""
    if isinstance(req, Kind):
        n = req.n
        return lambda c: max(c) >= n
    if isinstance(req, Face):
        i, n = req.face - 1, req.n
        return lambda c: c[i] >= n
    if isinstance(req, Pairs):
        k = req.k
        return lambda c: sum(x // 2 for x in c) >= k
    if isinstance(req, Triples):
        k = req.k
        return lambda c: sum(x // 3 for x in c) >= k
    if isinstance(req, FullHouse):
        return lambda c: any(
            c[a] >= 3 and c[b] >= 2 for a in range(6) for b in range(6) if a != b
        )
    if isinstance(req, Straight):
        n = req.n
        return lambda c: _straight(c, n)
    if isinstance(req, SumAtLeast):
        s = req.s
        return lambda c: sum((i + 1) * x for i, x in enumerate(c)) >= s
    if isinstance(req, SumAtMost):
        s = req.s
        return lambda c: sum((i + 1) * x for i, x in enumerate(c)) <= s
    if isinstance(req, AllEven):
        return lambda c: c[0] == c[2] == c[4] == 0
    if isinstance(req, AllOdd):
        return lambda c: c[1] == c[3] == c[5] == 0
    parts = [compile_requirement(part) for part in req.of]
    return lambda c: all(p(c) for p in parts)


def counts_of(dice: Sequence[int]) -> Counts:
    """The counts tuple of some dice (faces 1–6)."""
    c = [0, 0, 0, 0, 0, 0]
    for d in dice:
        c[d - 1] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def satisfied(req: Requirement, dice: Sequence[int]) -> bool:
    """Whether six dice meet ``req`` (slow path for tests and tools; the rules use tables)."""
    return compile_requirement(req)(counts_of(dice))


_NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def describe(req: Requirement) -> str:
    """A short English description of ``req``."""
    if isinstance(req, Kind):
        return f"{_NUMBER[req.n]} of a kind"
    if isinstance(req, Face):
        return f"at least {_NUMBER[req.n]} {req.face}s" if req.n > 1 else f"at least one {req.face}"
    if isinstance(req, Pairs):
        return f"{_NUMBER[req.k]} pairs" if req.k > 1 else "a pair"
    if isinstance(req, Triples):
        return f"{_NUMBER[req.k]} triples" if req.k > 1 else "three of a kind"
    if isinstance(req, FullHouse):
        return "a full house (three of one face, two of another)"
    if isinstance(req, Straight):
        return f"a straight of {req.n}"
    if isinstance(req, SumAtLeast):
        return f"a total of {req.s} or more"
    if isinstance(req, SumAtMost):
        return f"a total of {req.s} or less"
    if isinstance(req, AllEven):
        return "all dice even"
    if isinstance(req, AllOdd):
        return "all dice odd"
    return " and ".join(describe(part) for part in req.of)
