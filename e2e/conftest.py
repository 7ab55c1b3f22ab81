"""Shared fixtures for the browser tests: a local server for the built site under a sub-path,
Chromium launched the way this offline machine needs, and three guards on every page:
no request may leave 127.0.0.1, none of the site's own may answer with an error, and no page
error or unhandled rejection may go unnoticed.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import build  # the build script is the one place that knows the site's layout (pythonpath ".")
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from kingdoms.core.codes import decode_code
from kingdoms.core.records import GameRecord

ROOT = Path(__file__).resolve().parent.parent

def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the tests marked slow first (a stable sort, so every worker sees one order): the
    longest jobs first keeps both workers busy to the end, instead of one finishing a
    two-minute test alone while the other has nothing left."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


# Python startup in the page can take several seconds on a 2-core machine.
BOOT_TIMEOUT_MS = 60_000
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
ERROR_RECORDER = """
window.__kingdomsErrors = [];
window.addEventListener('error', e => window.__kingdomsErrors.push(String(e.message || e)));
window.addEventListener('unhandledrejection',
  e => window.__kingdomsErrors.push('unhandled rejection: ' + String(e.reason)));
"""


class SiteServer:
    """``dist/`` served on an ephemeral port in a thread; ``url`` is the site's sub-path;
    ``paths`` the paths asked of it (GET), in order, for tests that count downloads."""

    def __init__(self) -> None:
        if not (build.SITE / "index.html").exists():
            raise RuntimeError("dist/site is missing: run 'python3 build.py build' first")
        self.paths: list[str] = []
        paths = self.paths

        class Counted(build.SiteHandler):
            def do_GET(self) -> None:
                paths.append(self.path)
                super().do_GET()

        self.server = build.make_server(0, handler=Counted)
        self.port = int(self.server.server_address[1])
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/site/"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def site_server() -> Iterator[SiteServer]:
    server = SiteServer()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_url(site_server: SiteServer) -> str:
    return site_server.url


@pytest.fixture()
def own_server() -> Iterator[SiteServer]:
    """A server of the test's own, for tests that stop it (offline reloads)."""
    server = SiteServer()
    yield server
    with contextlib.suppress(OSError):
        server.stop()


TABLET_CONTEXT: dict[str, Any] = {
    "viewport": {"width": 768, "height": 1024},
    "has_touch": True,
    "service_workers": "block",
}
"""A portrait 10-inch tablet with touch; service workers blocked so each test loads on its own
(the offline test in test_site.py turns them back on)."""


@pytest.fixture(scope="session")
def tablet_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Modules playing the games override ``browser_context_args`` with this."""
    return {**browser_context_args, **TABLET_CONTEXT}


@pytest.fixture()
def no_console_errors(page: Page) -> Iterator[None]:
    """The app logs the failures it catches (a handler that raised) as console errors."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)
    yield
    assert errors == [], errors


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    chromium = os.environ.get("KINGDOMS_CHROMIUM") or None
    if chromium is None and Path("/usr/bin/chromium").exists():
        chromium = "/usr/bin/chromium"
    return {**browser_type_launch_args, "executable_path": chromium, "args": build.CHROMIUM_ARGS}


@dataclass
class PageGuard:
    """What the guards saw: requests to other hosts and errors raised in the page."""

    foreign_requests: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_responses: list[str] = field(default_factory=list)
    """The site's own requests that answered with an error (a missing file: issue 21 found a
    404 at every finished game). A test that fails requests on purpose clears it."""

    def watch(self, context: BrowserContext) -> None:
        context.add_init_script(ERROR_RECORDER)
        context.on("request", self._on_request)
        context.on("response", self._on_response)

    def _on_request(self, request: Any) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname not in LOCAL_HOSTS:
            self.foreign_requests.append(request.url)

    def _on_response(self, response: Any) -> None:
        if int(response.status) >= 400:
            self.failed_responses.append(f"{response.status} {response.url}")

    def watch_page(self, page: Page) -> None:
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))


@pytest.fixture()
def guard() -> PageGuard:
    return PageGuard()


@pytest.fixture()
def context(context: BrowserContext, guard: PageGuard) -> Iterator[BrowserContext]:
    guard.watch(context)
    context.set_default_timeout(15_000)
    yield context
    assert guard.foreign_requests == [], f"requests left 127.0.0.1: {guard.foreign_requests}"
    assert guard.failed_responses == [], f"the site's own requests failed: {guard.failed_responses}"


@pytest.fixture()
def page(page: Page, guard: PageGuard) -> Iterator[Page]:
    guard.watch_page(page)
    yield page
    assert guard.page_errors == [], f"errors in the page: {guard.page_errors}"


def wait_ready(page: Page, state: str = "home") -> None:
    """Wait until the app says it is ready, failing early if startup raised."""
    page.wait_for_function(
        "s => document.body.dataset.ready === s || (window.__kingdomsErrors || []).length > 0",
        arg=state,
        timeout=BOOT_TIMEOUT_MS,
    )
    errors = page.evaluate("window.__kingdomsErrors || []")
    assert errors == [], f"startup failed: {errors}"


def open_site(page: Page, url: str, fragment: str = "") -> None:
    page.goto(url + fragment)
    wait_ready(page)


def open_shared(page: Page, url: str, code: str) -> None:
    """Open a game by its share link: the summary, "Load this game", and past the privacy
    screen if one is shown."""
    page.goto(f"{url}#g={code}")
    wait_ready(page)
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    ready = page.get_by_test_id("pass-ready")
    if ready.count():
        ready.tap()


STORED_SAVES = """() => Object.keys(localStorage).filter(k => k.startsWith('kingdoms.v3.save.'))
  .map(k => { try { return JSON.parse(localStorage.getItem(k)); } catch (e) { return null; } })
  .filter(s => s && typeof s === 'object' && typeof s.code === 'string')
  .sort((a, b) => b.updated - a.updated)"""
"""Every save the page stored (one key each, schema 3), newest first."""


def stored_saves(page: Page) -> list[dict[str, Any]]:
    """The saves in the page's localStorage (each its own key), newest first."""
    saves: list[dict[str, Any]] = page.evaluate(STORED_SAVES)
    return saves


AFTER_PAINT = "() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))"


def record_in(fragment: str) -> GameRecord:
    """The game a page's address carries (``#…g=<code>&…``)."""
    return decode_code(fragment.split("g=", 1)[1].split("&", 1)[0])


def page_fragment(page: Page) -> str:
    """The address's fragment once the page has written it: a game's address follows each move
    a frame later (``urls.replace_fragment_soon``), so wait for the frame after the last tap."""
    page.evaluate(AFTER_PAINT)
    fragment: str = page.evaluate("location.hash")
    return fragment


def set_language(page: Page, language: str) -> None:
    """Choose the page's language in the stored settings (read at the next page load)."""
    page.evaluate("""language => {
      const key = 'kingdoms.v1.settings';
      let settings = {};
      try { settings = JSON.parse(localStorage.getItem(key)) || {}; } catch (e) {}
      settings.language = language;
      localStorage.setItem(key, JSON.stringify(settings));
    }""", language)


VIEWPORTS = {"1024x768": (1024, 768), "768x1024": (768, 1024), "390x844": (390, 844)}
"""The three sizes every screen must fit: a landscape tablet, a portrait tablet, a phone."""
BROWSER_LOCALES = {"de": "de-DE", "es": "es-ES"}
"""A browser's language for a page in German or Spanish (the app follows it)."""


@pytest.fixture()
def sized_page(browser: Browser, request: pytest.FixtureRequest, guard: PageGuard) -> Any:
    """A page at one of the three sizes (``"390x844"``), or at a size in a browser whose
    language is German or Spanish (``("390x844", "de")``)."""
    size, language = request.param if isinstance(request.param, tuple) else (request.param, "")
    width, height = VIEWPORTS[size]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                  service_workers="block",
                                  **({"locale": BROWSER_LOCALES[language]} if language else {}))
    guard.watch(context)
    context.set_default_timeout(15_000)
    page = context.new_page()
    guard.watch_page(page)
    yield page
    context.close()
    assert guard.foreign_requests == []
    assert guard.page_errors == []
