"""Benchmarks printed by ``python3 build.py bench`` (figures, not pass/fail tests)."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` percentile of ``values`` (``nan`` for none): the one definition
    every bench prints its p95 with, so figures from different benches compare."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]
