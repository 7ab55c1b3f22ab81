"""Shared setup of the page tests: English, and the fake DOM for the screen tests."""

from __future__ import annotations

import pytest

from kingdoms_web import dom, i18n
from kingdoms_web.offline_dom import OfflineDocument


@pytest.fixture()
def fake_dom(monkeypatch: pytest.MonkeyPatch) -> OfflineDocument:
    """A fresh :class:`~kingdoms_web.offline_dom.OfflineDocument` as ``dom.document`` (and no
    ``window``)."""
    doc = OfflineDocument()
    monkeypatch.setattr(dom, "document", doc)
    monkeypatch.setattr(dom, "window", None)
    i18n.set_language("en")
    return doc
