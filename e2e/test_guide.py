"""The guided first game in the page (issue 12): a tip rings the real control at the moment it
matters, moves on when the player acts, and "No more tips" is remembered across a reload."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import wait_ready
from .dice_realm_page import start_new_game


@pytest.fixture(scope="module")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


def test_tips_point_at_the_controls_and_stop_when_asked(page: Page, site_url: str) -> None:
    start_new_game(page, site_url, 11, ["Ann", "Ben"])
    coach = page.get_by_test_id("coach")
    expect(coach).to_have_attribute("data-mark", "roll")
    expect(page.locator(".coach-target")).to_have_attribute("data-testid", "roll")
    page.get_by_test_id("roll").tap()
    expect(coach).to_have_attribute("data-mark", "hold")
    expect(page.locator(".coach-target").first).to_have_attribute("data-testid", "die-0")
    page.screenshot(path="dist/screenshots/guide-hold-tablet.png")
    page.get_by_test_id("coach-stop").tap()
    expect(coach).to_have_count(0)
    expect(page.locator(".coach-target")).to_have_count(0)
    page.reload()
    wait_ready(page, "game")
    expect(page.get_by_test_id("dice-realm")).to_be_visible()
    expect(page.get_by_test_id("coach")).to_have_count(0)
    # Settings turn them back on, and the unseen tips return.
    page.get_by_test_id("settings").tap()
    toggle = page.get_by_test_id("guide-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("settings-close").tap()
    page.reload()
    wait_ready(page, "game")
    expect(page.get_by_test_id("coach")).to_be_visible()
