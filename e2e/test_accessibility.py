"""axe-core on every main screen (the brief's bar; issue 13's "colour contrast AA (axe-core,
serious/critical = 0)"): home, the new-game and settings dialogs, both rules books, both games
mid-play with help and a tip on screen, and both end screens."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from kingdoms.core.codes import encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game

from .accessibility import serious_violations
from .conftest import open_shared, set_language, wait_ready


@pytest.fixture(scope="module")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    """A tablet that asks for reduced motion: colours are measured as they settle, not halfway
    through a fade-in."""
    return {**tablet_context_args, "reduced_motion": "reduce"}


def played(game_id: str, moves: int | None, seed: int = 4) -> GameRecord:
    """A seeded random game after ``moves`` actions (None: to its end)."""
    game = get_game(game_id)
    record = new_record(game_id, [Seat(name=n) for n in ("Ann", "Ben", "Cid")], seed=seed)
    state, rng = game.new_game(record.seats, seed), random.Random(seed)
    while not game.is_over(state) and (moves is None or len(record.actions) < moves):
        record, state = append(record, game, state, rng.choice(game.legal_actions(state)))
    return record


def open_record(page: Page, url: str, record: GameRecord) -> None:
    open_shared(page, url, encode_code(record))


def clean(page: Page, where: str) -> None:
    found = serious_violations(page)
    assert found == [], f"{where}: {found}"


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_home_dialogs_and_rules(page: Page, site_url: str, language: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    if language != "en":
        set_language(page, language)
        page.reload()
        wait_ready(page)
    clean(page, "home")
    page.get_by_test_id("new-game-burgrave").tap()
    expect(page.get_by_role("dialog")).to_be_visible()
    clean(page, "new game dialog")
    page.keyboard.press("Escape")
    page.get_by_test_id("settings").tap()
    expect(page.get_by_role("dialog")).to_be_visible()
    page.get_by_test_id("keys-details").locator("summary").tap()  # the keys' tables too
    clean(page, "settings dialog")
    page.keyboard.press("Escape")
    for game_id in ("dice-realm", "burgrave"):
        page.goto(f"{site_url}#rules={game_id}")
        page.reload()
        wait_ready(page, "rules")
        clean(page, f"{game_id} rules")


@pytest.mark.parametrize(("game_id", "language"), [("dice-realm", "en"), ("burgrave", "en"),
                                                    ("dice-realm", "es"), ("burgrave", "de")])
def test_a_game_in_play_with_help_and_its_end(page: Page, site_url: str, game_id: str,
                                              language: str) -> None:
    if language != "en":  # the other languages' words: names, labels and lang attributes
        page.goto(site_url)
        set_language(page, language)
    open_record(page, site_url, played(game_id, 9))
    clean(page, f"{game_id} in play")
    page.get_by_test_id("help-mode").tap()
    expect(page.get_by_test_id("help-panel")).to_be_visible()
    clean(page, f"{game_id} help mode")
    open_record(page, site_url, played(game_id, None))
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    clean(page, f"{game_id} end screen")
