"""Hints in the real page (issue 27): asked on a person's turn, thought about in slices, shown
above the board with the best option's controls ringed; following the rings plays exactly the
suggested move; the panel fits a phone and a tablet in English and German and passes axe; the
count is in the record the table keeps.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from kingdoms.core.codes import encode_code
from kingdoms.core.records import hints_used

from .accessibility import serious_violations
from .conftest import PageGuard, open_shared, set_language, wait_ready
from .layout_checks import measure, screenshot
from .test_computers import page_record, start_with_computers
from .test_layout import burgrave_record

SIZES = {"390x844": (390, 844), "1024x768": (1024, 768), "768x1024": (768, 1024)}


@pytest.fixture()
def sized(browser: Browser, request: pytest.FixtureRequest, guard: PageGuard) -> Any:
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                  service_workers="block")
    guard.watch(context)
    context.set_default_timeout(30_000)
    page = context.new_page()
    guard.watch_page(page)
    yield page
    context.close()
    assert guard.page_errors == []


def ask(page: Page, name: str) -> list[str]:
    """Ask for a hint, wait for it; check the page as a player sees it; the ringed controls."""
    page.get_by_test_id("hint").tap()
    expect(page.locator('[data-testid=hint-panel][data-state=shown]')).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, name)
    failures = measure(page).failures()
    assert failures == {}, f"{name}: {failures}"
    found = serious_violations(page)
    assert found == [], [(v["id"], v.get("nodes")) for v in found]
    rings: list[str] = page.eval_on_selector_all(
        ".hint-target", "nodes => nodes.map(n => n.dataset.testid)")
    return rings


@pytest.mark.parametrize(("sized", "language"), [("390x844", "de"), ("1024x768", "en")],
                         indirect=["sized"], ids=["de-390x844", "en-1024x768"])
def test_a_dice_realm_hint_is_followed_and_fits(sized: Page, site_url: str,
                                                 language: str) -> None:
    page = sized
    page.goto(site_url)
    wait_ready(page)
    set_language(page, language)
    start_with_computers(page, site_url, 5, "dice-realm", [("Ana", "person"), ("Ben", "easy")])
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "1")
    rings = ask(page, f"hint-dice-realm-{language}")
    suggested = int(page.get_by_test_id("hint-option-0").get_attribute("data-code") or "-1")
    assert rings, "the best option's controls are ringed"
    for testid in rings:  # the dice to keep, then Roll (or the one control to take)
        page.get_by_test_id(testid).tap()
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "2")
    record = page_record(page)
    assert record.actions[1] == suggested
    assert hints_used(record) == [1, 0]
    expect(page.get_by_test_id("hint-panel")).to_have_count(0)


@pytest.mark.parametrize("sized", ["768x1024"], indirect=True)
def test_a_burgrave_hint_mid_game(sized: Page, site_url: str) -> None:
    """Mid-game, at the strongest level, on a portrait tablet: the panel and the board both."""
    page = sized
    record = burgrave_record(150)
    open_shared(page, site_url, encode_code(record))
    rings = ask(page, "hint-burgrave-768x1024")
    assert rings
    for testid in rings:
        expect(page.get_by_test_id(testid)).to_be_visible()
