"""Shared pytest setup: the internal test game registered, the ``--soak`` switch for long
random-play runs, and the ``slow`` mark for tests kept out of ``build.py test --quick``.

Why a switch: the default suite must stay fast enough to run on every change, while a soak run
(ten times the random games) is worth doing before a release or after a rules change.
"""

from __future__ import annotations

import pytest

from kingdoms.testgame import register as register_test_game

register_test_game()  # the internal test game is the tests' own, never a built-in game


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak", action="store_true", default=False, help="run long random-play (soak) tests"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without ``--soak``, leave soak tests out of the run (deselected, not reported as skipped:
    the quick soaks in the default run cover the same checks on fewer games)."""
    if config.getoption("--soak"):
        return
    soak = [item for item in items if "soak" in item.keywords]
    if soak:
        config.hook.pytest_deselected(items=soak)
        items[:] = [item for item in items if "soak" not in item.keywords]
