"""The browser the in-page benchmarks share: headless Chromium, a landscape tablet's viewport and
touch, no service worker (every load measures the site itself, never a cache of it)."""

from __future__ import annotations

from typing import Any

import build  # run as ``python -m bench`` from the repository root, where build.py lives

VIEWPORT = {"width": 1024, "height": 768}


def tablet_page(playwright: Any, chromium: str) -> tuple[Any, Any]:
    """``(browser, page)``: a new Chromium (``chromium`` or Playwright's own) and one tablet
    page in it; close the browser when done."""
    browser = playwright.chromium.launch(executable_path=chromium or None,
                                         args=build.CHROMIUM_ARGS)
    context = browser.new_context(viewport=VIEWPORT, has_touch=True, service_workers="block")
    return browser, context.new_page()
