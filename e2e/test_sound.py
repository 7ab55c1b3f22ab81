"""Sound effects in the page (issue 13): off by default; switched on in Settings, a roll plays
the dice through Web Audio (counted by a spy on the page's AudioContext)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .dice_realm_page import start_new_game

SPY = """
window.__sounds = 0;
const made = AudioContext.prototype.createBufferSource;
AudioContext.prototype.createBufferSource = function () {
  window.__sounds += 1;
  return made.apply(this, arguments);
};
"""


@pytest.fixture(scope="module")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


def test_sound_is_off_until_switched_on_then_the_dice_rattle(page: Page, site_url: str) -> None:
    page.add_init_script(SPY)
    start_new_game(page, site_url, 21, ["Ann", "Ben"])
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "1")
    assert page.evaluate("window.__sounds") == 0
    page.get_by_test_id("settings").tap()
    page.get_by_test_id("sound-toggle").tap()
    expect(page.get_by_test_id("sound-toggle")).to_have_attribute("aria-pressed", "true")
    sample = page.evaluate("window.__sounds")
    assert sample > 0  # switching on plays a sample
    page.get_by_test_id("settings-close").tap()
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "2")
    assert page.evaluate("window.__sounds") > sample
