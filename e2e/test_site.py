"""The site as a whole: it boots under a sub-path, talks to no other host, paints its shell
before Python starts, and reloads from its service worker with the server stopped."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from .conftest import SiteServer, open_site, wait_ready
from .engines import WORKER_IN_CONTROL


def test_boots_under_a_sub_path_with_only_local_requests(
    page: Page, site_url: str, context: BrowserContext
) -> None:
    """Every request goes to the page's own origin (the `context` guard fails the test if not)."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_site(page, site_url)
    assert requests, "the page made no requests at all"
    assert all(url.startswith(site_url) for url in requests), [
        url for url in requests if not url.startswith(site_url)
    ]
    assert any(url.endswith("/kingdoms-0.1.0.tar.gz") for url in requests), "no engine loaded"
    assert any(url.endswith("/kingdoms_web-0.1.0.tar.gz") for url in requests), "no page loaded"


def test_static_shell_paints_before_python(page: Page, site_url: str) -> None:
    """Hold back the WebAssembly runtime: the title and a loading indicator are already shown."""
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url)
    expect(page.get_by_role("heading", name="Kingdoms")).to_be_visible()
    expect(page.get_by_role("progressbar")).to_be_visible()
    assert page.evaluate("document.body.dataset.ready") is None
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    wait_ready(page)
    expect(page.get_by_role("progressbar")).to_be_hidden()


def test_prerendered_home_is_usable_before_the_engine(browser: Browser, site_url: str) -> None:
    """The home screen drawn at build time shows at once, in the browser's language; a tap and a
    typed code given before the engine is ready are carried out on the live screen."""
    context = browser.new_context(locale="de-DE", has_touch=True)
    page = context.new_page()
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url)
    expect(page.get_by_role("heading", name="Spiele", exact=True)).to_be_visible()
    expect(page.get_by_test_id("saves-loading")).to_be_visible()
    expect(page.get_by_role("progressbar")).to_be_visible()
    assert page.locator("[data-prerendered]").count() == 1  # the other languages are gone
    page.get_by_test_id("code-input").fill("not a code")
    page.get_by_test_id("new-game-burgrave").tap()
    assert page.evaluate("document.body.dataset.ready") is None
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    wait_ready(page)
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("new-game-game")).to_have_value("burgrave")
    assert page.locator("[data-prerendered]").count() == 0
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("code-input")).to_have_value("not a code")
    context.close()


def test_an_address_that_opens_a_game_skips_the_prerendered_home(page: Page,
                                                                  site_url: str) -> None:
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(f"{site_url}#rules=dice-realm")
    expect(page.get_by_test_id("loader")).to_be_visible()
    assert page.locator("[data-prerendered]").count() == 0
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    wait_ready(page, "rules")


@pytest.mark.slow
def test_reload_works_with_the_server_stopped(page: Page, own_server: SiteServer) -> None:
    """After one visit the service worker holds the whole site: stop the server, reload, play."""
    open_site(page, own_server.url)
    page.wait_for_function(
        WORKER_IN_CONTROL,
        timeout=60_000,
    )
    page.evaluate("localStorage.setItem('kingdoms.offline-probe', 'kept')")
    own_server.stop()
    page.reload()
    wait_ready(page)
    assert page.evaluate("localStorage.getItem('kingdoms.offline-probe')") == "kept"
