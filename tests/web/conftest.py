"""Shared setup of the page tests: English, and the fake DOM for the screen tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kingdoms_web import dom, i18n
from kingdoms_web.offline_dom import OfflineDocument


@pytest.fixture()
def fake_dom() -> Iterator[OfflineDocument]:
    """A fresh :class:`~kingdoms_web.offline_dom.OfflineDocument` bound as the page's document
    (and no ``window``) for one test."""
    i18n.set_language("en")
    with dom.bound(OfflineDocument()) as doc:
        yield doc
