"""Shared setup of the page tests: English, and the fake DOM for the screen tests."""

from __future__ import annotations

import pytest
from fakedom import FakeDocument

from kingdoms_web import dom, i18n


@pytest.fixture()
def fake_dom(monkeypatch: pytest.MonkeyPatch) -> FakeDocument:
    """A fresh :class:`~fakedom.FakeDocument` as ``dom.document`` (and no ``window``)."""
    doc = FakeDocument()
    monkeypatch.setattr(dom, "document", doc)
    monkeypatch.setattr(dom, "window", None)
    i18n.set_language("en")
    return doc
