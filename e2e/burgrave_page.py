"""Driving the Burgrave screen from browser tests."""

from __future__ import annotations

from collections.abc import Iterable

from playwright.sync_api import Page


def tap_controls(page: Page, testids: Iterable[str]) -> None:
    """Tap each control in turn; a prompt button whose move cannot be undone asks for a second
    tap (it shows ``is-confirming``), which is given."""
    last = None
    for testid in testids:
        last = page.get_by_test_id(testid)
        last.tap()
    if last is not None and page.locator("[data-offer].is-confirming").count():
        last.tap()
