"""Burgrave test setup: ``--soak`` and the helper module ``bg_helpers`` on the import path.

``--soak`` is also defined by the top-level ``tests/conftest.py``; when pytest loads both, the
second definition is skipped.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


def pytest_addoption(parser: pytest.Parser) -> None:
    with contextlib.suppress(ValueError):  # the top-level conftest may already add it
        parser.addoption(
            "--soak", action="store_true", default=False, help="run long random-play tests"
        )


@pytest.fixture
def soak(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--soak"))
