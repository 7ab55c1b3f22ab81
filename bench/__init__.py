"""Benchmarks printed by ``python3 build.py bench`` (figures, not pass/fail tests)."""
