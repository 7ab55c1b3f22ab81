"""Learning in the page (issue 12): the guided first game's tips ring the real control at the
moment it matters, move on when the player acts, and "No more tips" is remembered across a
reload; help mode explains a card by taps and links to its glossary entry."""

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


def test_a_card_is_explained_by_taps_only_and_the_rules_lead_back(page: Page,
                                                                  site_url: str) -> None:
    """From the home screen, by taps: a game, "What's this?", a citizen card, its glossary entry
    in the rules, and back to the same game with nothing played."""
    start_new_game(page, site_url, 12, ["Ann", "Ben"])
    page.get_by_test_id("help-mode").tap()
    expect(page.get_by_test_id("help-mode")).to_have_attribute("aria-pressed", "true")
    card = page.locator('[data-testid^="citizen-"]').first
    card.tap()
    panel = page.get_by_test_id("help-panel")
    expect(panel).to_have_attribute("data-term", "citizen")
    expect(page.get_by_test_id("help-definition")).not_to_be_empty()
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "0")
    page.screenshot(path="dist/screenshots/help-citizen-tablet.png")
    page.get_by_test_id("help-more").tap()
    wait_ready(page, "rules")
    expect(page.get_by_test_id("glossary-citizen")).to_be_in_viewport()
    page.get_by_test_id("rules-back").tap()
    wait_ready(page, "game")
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "0")
