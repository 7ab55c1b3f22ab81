"""Driving the Dice Realm screen from browser tests: start a game, read the position shown."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from .conftest import wait_ready


def start_new_game(page: Page, site_url: str, seed: int, names: list[str]) -> None:
    """A new game from the home screen by taps, with the seed forced by ``?seed=``."""
    page.goto(f"{site_url}?seed={seed}")
    wait_ready(page)
    page.get_by_test_id("new-game-dice-realm").tap()
    page.get_by_test_id("seat-count").select_option(str(len(names)))
    for number, name in enumerate(names, start=1):
        page.get_by_test_id(f"seat-name-{number}").fill(name)
    page.get_by_test_id("new-game-start").tap()
    wait_ready(page, "game")
    expect(page.get_by_test_id("dice-realm")).to_be_visible()


def snapshot(page: Page) -> dict[str, Any]:
    """What a player sees that identifies the position."""
    result: dict[str, Any] = page.evaluate("""() => {
      const q = s => [...document.querySelectorAll(s)];
      return {
        moves: document.querySelector('[data-testid=game-screen]').dataset.moves,
        phase: document.querySelector('[data-testid=dice-realm]').dataset.phase,
        current: document.querySelector('[data-testid=dice-realm]').dataset.current,
        dice: q('[data-testid^=die-]').map(d => d.dataset.value),
        row: q('[data-testid^=citizen-]').map(c => c.dataset.card || null),
        scores: q('[data-testid^=score-]').map(s => s.textContent),
        penalty: document.querySelector('[data-testid=penalty-pile]').textContent,
        banner: document.querySelector('[data-testid=turn-banner]').textContent,
      };
    }""")
    return result


def take_citizen(page: Page, citizen: Locator) -> None:
    """Tap a lit citizen and, when the screen asks inline (rolls left or a village to keep or
    leave), answer "take it with its village"."""
    citizen.tap()
    chooser = page.get_by_test_id("claim-chooser")
    if chooser.count():
        page.get_by_test_id("claim-village").tap()
