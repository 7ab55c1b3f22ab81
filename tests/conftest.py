"""Shared pytest setup: the ``--soak`` switch for long random-play runs.

Why a switch: the default suite must stay fast enough to run on every change, while a soak run
(ten times the random games) is worth doing before a release or after a rules change.
"""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak", action="store_true", default=False, help="run long random-play (soak) tests"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="soak test: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
