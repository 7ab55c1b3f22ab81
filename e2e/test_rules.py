"""The rules reference and glossary in Chromium (issue 12): a newcomer reaches each game's rules
and glossary from the home screen by taps only (and by keyboard), the rules of a game in
progress come back to the same position, and the screen fits 1024×768, 768×1024 and 390×844
with 44 px targets and no text under 12 px. Screenshots go to ``$KINGDOMS_SHOTS`` when set.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import open_site, set_language, wait_ready
from .dice_realm_page import start_new_game
from .layout_checks import measure, screenshot
from .test_burgrave import start_new_game as start_burgrave

pytestmark = pytest.mark.usefixtures("no_console_errors")

GAMES = ("dice-realm", "burgrave")


@pytest.fixture(scope="session")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


SMALL_TARGETS = """
() => [...document.querySelectorAll('main button, main input, main a[href], header button')]
  .filter(el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .map(el => { const r = el.getBoundingClientRect();
               return {id: el.dataset.testid || el.id || el.textContent, w: r.width,
                       h: r.height}; })
  .filter(b => b.w < 44 || b.h < 44)
"""

SMALL_TEXT = """
() => [...document.querySelectorAll('main *')]
  .filter(el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .filter(el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .filter(el => {
    let zoom = 1;  // the figures are zoomed: their computed sizes are before the zoom
    for (let a = el; a; a = a.parentElement) zoom *= parseFloat(getComputedStyle(a).zoom) || 1;
    return parseFloat(getComputedStyle(el).fontSize) * zoom < 11.95;
  })
  .map(el => el.textContent.slice(0, 40))
"""

OVERFLOWING = """
() => [...document.querySelectorAll('main *')]
  .filter(el => { const r = el.getBoundingClientRect();
                  return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1)
                    && !el.closest('.bg-track'); })
  .map(el => (el.dataset.testid || el.className || el.tagName) + ':' + el.textContent.slice(0, 30))
"""


def in_view(page: Page, testid: str) -> bool:
    return bool(page.evaluate(
        """t => { const r = document.querySelector(`[data-testid="${t}"]`)
                  .getBoundingClientRect();
                  return r.top < window.innerHeight && r.bottom > 0; }""", testid))


def shoot(page: Page, name: str, full: bool = False) -> None:
    folder = os.environ.get("KINGDOMS_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full)


def test_a_newcomer_reaches_rules_and_glossary_by_taps(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    for game_id in GAMES:
        page.get_by_test_id(f"open-rules-{game_id}").tap()
        wait_ready(page, "rules")
        expect(page.get_by_test_id(f"rules-{game_id}")).to_be_visible()
        assert f"#rules={game_id}" in page.url
        page.get_by_test_id("rules-toc-scoring").tap()
        page.wait_for_function("() => location.hash.endsWith('/scoring')")
        assert in_view(page, "rules-section-scoring")
        page.get_by_test_id("rules-toc-glossary").tap()
        expect(page.get_by_test_id("rules-glossary")).to_be_in_viewport()
        first_link = page.locator('[data-testid^="glossary-link-"]').first
        first_link.tap()
        page.wait_for_function("() => !location.hash.endsWith('/glossary')")
        page.get_by_test_id("rules-back").tap()
        wait_ready(page, "home")
        expect(page.get_by_test_id(f"open-rules-{game_id}")).to_be_visible()
    page.get_by_test_id("new-game-dice-realm").tap()
    page.get_by_test_id("new-game-game").select_option("burgrave")
    page.get_by_test_id("new-game-rules").tap()
    wait_ready(page, "rules")
    expect(page.get_by_test_id("rules-burgrave")).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_the_glossary_finds_a_word_and_a_link_opens_its_entry(page: Page, site_url: str) -> None:
    page.goto(site_url + "#rules=burgrave/glossary.tier")
    wait_ready(page, "rules")
    assert in_view(page, "glossary-tier")
    page.get_by_test_id("glossary-search").fill("collision")
    expect(page.get_by_test_id("glossary-collision")).to_be_visible()
    expect(page.get_by_test_id("glossary-tier")).to_be_hidden()


def test_keyboard_reaches_the_rules(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.testid") == "open-rules-dice-realm":
            break
    page.keyboard.press("Enter")
    wait_ready(page, "rules")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset?.testid") == "rules-toc-goal":
            break
    else:
        pytest.fail("the contents are not reached by Tab")


def board_text(page: Page) -> str:
    return str(page.get_by_test_id("game-screen").inner_text())


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_from_a_game_come_back_to_the_same_position(page: Page, site_url: str,
                                                          game_id: str) -> None:
    if game_id == "dice-realm":
        start_new_game(page, site_url, 5, ["Ann", "Ben"])
        page.get_by_test_id("roll").tap()
        expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "1")
        page.get_by_test_id("die-0").tap()  # a held die: the screen's own state, kept too
    else:
        start_burgrave(page, site_url, 5, ["Ann", "Ben"])
    before = board_text(page)
    moves = page.get_by_test_id("game-screen").get_attribute("data-moves")
    url = page.url
    page.get_by_test_id("rules-open").tap()
    wait_ready(page, "rules")
    expect(page.get_by_test_id(f"rules-{game_id}")).to_be_visible()
    page.get_by_test_id("rules-toc-faq").tap()
    page.get_by_test_id("rules-back").tap()
    wait_ready(page, "game")
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", str(moves))
    assert board_text(page) == before
    assert page.url == url


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (768, 1024), (390, 844)])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_fit_the_screen(page: Page, site_url: str, game_id: str, width: int,
                                  height: int) -> None:
    """At each size, in English, Spanish and German (issue 29)."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_url + f"#rules={game_id}")
    wait_ready(page, "rules")
    for language in ("en", "es", "de"):
        if language != "en":
            set_language(page, language)
            page.goto("about:blank")  # a new page load reads the language
            page.goto(site_url + f"#rules={game_id}")
            wait_ready(page, "rules")
        assert page.evaluate("document.documentElement.lang") == language
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        assert page.evaluate(OVERFLOWING) == [], language
        assert page.evaluate(SMALL_TARGETS) == [], language
        assert page.evaluate(SMALL_TEXT) == [], language
        # What the whole-page checks above cannot see: controls on top of each other (the top
        # bar, the contents, the first section), measured where a reader starts.
        failures = measure(page).failures()
        assert failures == {}, (language, failures)
        suffix = "" if language == "en" else f"-{language}"
        screenshot(page, f"rules-{game_id}-{width}x{height}{suffix}")
        if language == "en":
            shoot(page, f"rules-{game_id}-{width}x{height}", full=True)
