"""Requirement predicates, one block per vocabulary entry of the spec's "Requirements" section."""

from __future__ import annotations

from typing import Any

import pytest

from kingdoms.dice_realm.requirements import (
    describe,
    key,
    requirement_adapter,
    satisfied,
)

CASES: list[tuple[dict[str, Any], list[tuple[int, ...]], list[tuple[int, ...]]]] = [
    # "kind(n): at least n dice show the same face (n = 3…6)"
    ({"type": "kind", "n": 3}, [(2, 2, 2, 1, 3, 4), (5, 5, 5, 5, 1, 2)], [(1, 1, 2, 2, 3, 3)]),
    ({"type": "kind", "n": 6}, [(4,) * 6], [(4, 4, 4, 4, 4, 3)]),
    # "face(f, n): at least n dice show face f"
    ({"type": "face", "face": 6, "n": 4}, [(6, 6, 6, 6, 1, 2), (6,) * 6], [(5, 5, 5, 5, 6, 6)]),
    # "pairs(k): k disjoint pairs (k = 2, 3)" — four of a kind is two disjoint pairs
    ({"type": "pairs", "k": 2}, [(1, 1, 2, 2, 3, 4), (3, 3, 3, 3, 1, 2)], [(1, 1, 2, 3, 4, 5)]),
    ({"type": "pairs", "k": 3}, [(1, 1, 2, 2, 3, 3), (4, 4, 4, 4, 5, 5)],
     [(1, 1, 2, 2, 3, 4), (6, 6, 6, 1, 1, 2)]),
    # "triples(2): two disjoint three-of-a-kinds"
    ({"type": "triples", "k": 2}, [(1, 1, 1, 6, 6, 6), (2,) * 6], [(1, 1, 1, 1, 6, 6)]),
    # "full_house: three of one face and two of another"
    ({"type": "full_house"}, [(3, 3, 3, 5, 5, 1), (2, 2, 2, 2, 4, 4), (1, 1, 1, 6, 6, 6)],
     [(3, 3, 3, 1, 2, 4), (5,) * 6]),
    # "straight(n): n consecutive faces (n = 4, 5, 6)"
    ({"type": "straight", "n": 4}, [(3, 4, 5, 6, 1, 1), (1, 2, 3, 4, 4, 4)],
     [(1, 2, 3, 5, 6, 6)]),
    ({"type": "straight", "n": 5}, [(2, 3, 4, 5, 6, 2)], [(1, 2, 3, 4, 6, 6)]),
    ({"type": "straight", "n": 6}, [(6, 5, 4, 3, 2, 1)], [(1, 2, 3, 4, 5, 5)]),
    # "sum_at_least(s), sum_at_most(s)"
    ({"type": "sum_at_least", "s": 30}, [(5, 5, 5, 5, 5, 5), (6,) * 6], [(6, 6, 6, 6, 4, 1)]),
    ({"type": "sum_at_most", "s": 12}, [(2,) * 6, (1, 1, 1, 1, 1, 1)], [(3, 2, 2, 2, 2, 2)]),
    # "all_even, all_odd"
    ({"type": "all_even"}, [(2, 4, 6, 2, 4, 6)], [(2, 4, 6, 2, 4, 5)]),
    ({"type": "all_odd"}, [(1, 3, 5, 5, 3, 1)], [(1, 3, 5, 5, 3, 2)]),
    # "combinations of the above with 'and'"
    ({"type": "all", "of": [{"type": "full_house"}, {"type": "all_even"}]},
     [(2, 2, 2, 4, 4, 6)], [(1, 1, 1, 3, 3, 5), (2, 2, 4, 4, 6, 6)]),
]


@pytest.mark.parametrize(("data", "yes", "no"), CASES, ids=lambda x: str(x)[:40])
def test_predicate(data: dict[str, Any], yes: list[tuple[int, ...]], no: list[tuple[int, ...]]
                   ) -> None:
    """Each vocabulary entry accepts the dice it describes and rejects near misses."""
    req = requirement_adapter.validate_python(data)
    for dice in yes:
        assert satisfied(req, dice), dice
    for dice in no:
        assert not satisfied(req, dice), dice
    assert describe(req)
    hash(key(req))


def test_unknown_or_bad_requirements_are_rejected() -> None:
    """Requirements are validated data: unknown types and out-of-range numbers fail to load."""
    for bad in ({"type": "kind", "n": 7}, {"type": "magic"}, {"type": "face", "face": 0, "n": 2},
                {"type": "all", "of": [{"type": "all_odd"}]}, {"type": "pairs", "k": 2, "x": 1}):
        with pytest.raises(ValueError):
            requirement_adapter.validate_python(bad)


def test_key_is_order_independent_for_all() -> None:
    a = requirement_adapter.validate_python(
        {"type": "all", "of": [{"type": "all_odd"}, {"type": "kind", "n": 4}]})
    b = requirement_adapter.validate_python(
        {"type": "all", "of": [{"type": "kind", "n": 4}, {"type": "all_odd"}]})
    assert key(a) == key(b)
