"""Spanish and German in Chromium: the browser's language picks the catalog, Settings switches
it mid-game at once, and a walk through both games' screens finds no English left.

"English left" is checked against the catalogs themselves: every English template whose
translation differs is English-only text, so neither a whole English value (a button, a card
name) nor a long fixed part of an English sentence (``" stopped rolling and took "``) may be
visible or read out (aria-label, title) on a Spanish or German screen. Positions are built on
CPython with the engine and opened as share codes, like the games' own browser tests.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from kingdoms.burgrave import explain as burgrave_explain
from kingdoms.core.codes import encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import replay
from kingdoms.dice_realm import explain as dice_realm_explain

from .conftest import ROOT, wait_ready
from .dice_realm_page import start_new_game

pytestmark = pytest.mark.usefixtures("no_console_errors")

NAMES = ["Ana", "Ben", "Cid"]
LOCALES = [ROOT / "web" / "kingdoms_web" / "locales",
           *sorted((ROOT / "engine" / "kingdoms").glob("*/locales"))]
LANGUAGES = {"es": "es-MX", "de": "de-AT"}
"""Each translated language, with the browser locale a fresh browser reports for it."""


@pytest.fixture(scope="session")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


# --------------------------------------------------------------------------- the catalogs


@cache
def catalog(language: str) -> dict[str, str]:
    """Every template of the page, the engine and the games in ``language`` (read from this
    tree's files; English adds the card names the games take from their content)."""
    words: dict[str, str] = {}
    for folder in LOCALES:
        path = folder / f"{language}.json"
        if path.exists():
            words.update(json.loads(path.read_text(encoding="utf-8")))
    if language == "en":
        words.update(dice_realm_explain.catalog("en"))
        words.update(burgrave_explain.catalog("en"))
    return words


@cache
def english_only(language: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """(whole English values, fixed parts of English sentences) that ``language`` never
    shows: they differ from the key's translation and occur in no translated value."""
    english, other = catalog("en"), catalog(language)
    said = set(other.values())
    whole: set[str] = set()
    parts: set[str] = set()
    for key, value in english.items():
        if other.get(key) == value:
            continue
        if "{" not in value:
            if re.search(r"[A-Za-z]{3}", value) and value not in said:
                whole.add(value.strip())
            continue
        for piece in re.split(r"\{[^{}]*\}", value):
            piece = piece.strip(" .,:;()")
            if len(piece) >= 10 and " " in piece and not any(piece in v for v in said):
                parts.add(piece)
    return frozenset(whole), tuple(sorted(parts))


SHOWN = """() => {
  const out = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement && node.parentElement.closest('script, style, noscript')) continue;
    const text = node.textContent.trim();
    if (text) out.add(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.add(value.trim());
    }
  }
  out.add(document.title);
  return [...out];
}"""


def english_on(page: Page, language: str) -> list[str]:
    """Every text on the page (visible or read out) that is English-only catalog text."""
    whole, parts = english_only(language)
    found = []
    for text in page.evaluate(SHOWN):
        if text in whole:
            found.append(text)
        else:
            found += [f"{piece!r} in {text!r}" for piece in parts if piece in text]
    return found


def assert_no_english(page: Page, language: str, where: str) -> None:
    found = english_on(page, language)
    assert found == [], f"{where}: {found}"


# --------------------------------------------------------------------------- positions


def finished(game_id: str, seed: int, names: list[str]) -> GameRecord:
    """A whole game of seeded random play (doing something rather than passing)."""
    game = get_game(game_id)
    record = new_record(game_id, [Seat(name=n) for n in names], seed=seed)
    state = replay(record)
    rng = random.Random(seed)
    for _ in range(6000):
        if game.is_over(state):
            return record
        legal = game.legal_actions(state)
        active = [a for a in legal if getattr(a, "action_type", "") != "pass"]
        record, state = append(record, game, state, rng.choice(active or legal))
    raise AssertionError("the game did not end")


def midway(game_id: str, seed: int, names: list[str], moves: int) -> GameRecord:
    game = get_game(game_id)
    record = new_record(game_id, [Seat(name=n) for n in names], seed=seed)
    state = replay(record)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_actions(state)
        active = [a for a in legal if getattr(a, "action_type", "") != "pass"]
        record, state = append(record, game, state, rng.choice(active or legal))
    return record


def open_code(page: Page, url: str, record: GameRecord) -> None:
    """The summary of a shared game, then "Load this game" (past the privacy screen)."""
    page.goto(url + "#g=" + encode_code(record))
    wait_ready(page)
    expect(page.get_by_test_id("record-load")).to_be_visible()


def load_code(page: Page) -> None:
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    ready = page.get_by_test_id("pass-ready")
    if ready.count():
        ready.tap()


def open_and_close(page: Page, testid: str, language: str, where: str) -> None:
    """Open a dialog by its button, check it, close it with Escape."""
    page.get_by_test_id(testid).tap()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    assert_no_english(page, language, f"{where}: {testid} dialog")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_fresh_browser_starts_in_its_language(browser: Any, site_url: str,
                                                 language: str) -> None:
    context = browser.new_context(locale=LANGUAGES[language], viewport={"width": 768,
                                  "height": 1024}, has_touch=True, service_workers="block")
    try:
        page = context.new_page()
        page.goto(site_url)
        # The loading screen already speaks it (boot.js, before Python runs).
        expect(page.locator("html")).to_have_attribute("lang", language)
        manifest = page.locator('link[rel="manifest"]')
        expect(manifest).to_have_attribute("href", f"./manifest.{language}.webmanifest")
        # Python takes seconds to start: the loading screen is still up, in the language.
        boot = page.evaluate("""() => ({
          retry: document.getElementById('boot-retry')?.textContent,
          label: document.getElementById('boot-progress')?.getAttribute('aria-label'),
          ready: document.body.dataset.ready || ''})""")
        if not boot["ready"]:
            assert boot["retry"] == {"es": "Reintentar", "de": "Erneut versuchen"}[language]
            assert boot["label"] == {"es": "Cargando", "de": "Wird geladen"}[language]
        wait_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", language)
        games = catalog(language)["home.games"]
        expect(page.get_by_role("heading", name=games, exact=True)).to_be_visible()
        assert_no_english(page, language, "home")
        page.get_by_test_id("settings").tap()
        expect(page.get_by_test_id("language-select")).to_have_value(language)
    finally:
        context.close()


def test_switching_language_mid_game_changes_board_prompt_and_history(page: Page,
                                                                       site_url: str) -> None:
    start_new_game(page, site_url, seed=7, names=NAMES[:2])
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("events")).to_contain_text("Ana rolled")
    hint = page.get_by_test_id("dr-hint")
    expect(hint).to_contain_text("Choose dice to hold them")
    moves = page.get_by_test_id("game-screen").get_attribute("data-moves")

    for language, rolled, hold, turn in (
        ("es", "Ana ha tirado", "Elige dados para apartarlos", "Turno de Ana"),
        ("de", "Ana hat", "Wähle Würfel, um sie zu behalten", "Ana ist am Zug"),
    ):
        page.get_by_test_id("settings").tap()
        page.get_by_test_id("language-select").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
        page.keyboard.press("Escape")
        # The same position (nothing replayed or lost), every word in the new language.
        expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", moves or "")
        expect(page.get_by_test_id("events")).to_contain_text(rolled)
        expect(hint).to_contain_text(hold)
        expect(page.get_by_test_id("turn-banner")).to_contain_text(turn)
        assert_no_english(page, language, "board")
        page.get_by_test_id("history").tap()
        expect(page.get_by_test_id("history-list")).to_contain_text(rolled)
        assert_no_english(page, language, "history")
        page.keyboard.press("Escape")

    # Remembered: the page opened again starts in German.
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "de")


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_english_on_any_main_screen(page: Page, site_url: str, language: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.get_by_test_id("settings").tap()
    page.get_by_test_id("language-select").select_option(language)
    # The words arrive first (a pack fetched on demand), then the page switches.
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.keyboard.press("Escape")
    assert_no_english(page, language, "home")
    open_and_close(page, "new-game-dice-realm", language, "home")
    open_and_close(page, "settings", language, "home")
    page.get_by_test_id("code-input").fill("1abc")
    page.get_by_test_id("code-submit").tap()
    expect(page.get_by_test_id("code-error")).to_be_visible()
    assert_no_english(page, language, "bad code")

    # Dice Realm: a game in progress, its tools, then a finished game and its replay.
    open_code(page, site_url, midway("dice-realm", 5, NAMES, 9))
    assert_no_english(page, language, "dice realm summary")
    load_code(page)
    expect(page.get_by_test_id("dice-realm")).to_be_visible()
    assert_no_english(page, language, "dice realm board")
    for testid in ("history", "share"):
        open_and_close(page, testid, language, "dice realm")
    open_code(page, site_url, finished("dice-realm", 5, NAMES))
    load_code(page)
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert_no_english(page, language, "dice realm end")
    page.get_by_test_id("end-replay").tap()
    expect(page.get_by_test_id("replay-screen")).to_be_visible()
    page.get_by_test_id("replay-prev").tap()
    assert_no_english(page, language, "dice realm replay")

    # Burgrave: the choice of player cards, a turn in progress, the end.
    for moves in (0, 40):
        open_code(page, site_url, midway("burgrave", 3, NAMES, moves))
        load_code(page)
        expect(page.get_by_test_id("burgrave-screen")).to_be_visible()
        assert_no_english(page, language, f"burgrave after {moves} moves")
    for testid in ("history", "share"):
        open_and_close(page, testid, language, "burgrave")
    open_code(page, site_url, finished("burgrave", 3, NAMES))
    load_code(page)
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert_no_english(page, language, "burgrave end")


PHONE = (360, 740)


@pytest.mark.parametrize(("width", "height"), [(768, 1024), (1024, 768), PHONE])
@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_translated_boards_fit_tablet_and_phone(page: Page, site_url: str, language: str,
                                                width: int, height: int) -> None:
    """German (the longest) and Spanish keep both boards on screen: on a tablet every control
    is on screen, large enough and apart (the games' own layout checks); on a phone, where the
    boards are not laid out for play even in English, nothing scrolls sideways."""
    from .test_burgrave import LAYOUT
    from .test_dice_realm import LAYOUT_PROBLEMS

    phone = (width, height) == PHONE
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_url)
    wait_ready(page)
    page.get_by_test_id("settings").tap()
    page.get_by_test_id("language-select").select_option(language)
    # The words arrive first (a pack fetched on demand), then the page switches.
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.keyboard.press("Escape")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    open_code(page, site_url, midway("dice-realm", 11, NAMES[:2], 1))
    load_code(page)
    page.get_by_test_id("die-1").tap()
    problems = page.evaluate(LAYOUT_PROBLEMS)
    if phone:
        assert problems["scroll"] <= 0, problems
    else:
        assert problems == {"off": [], "small": [], "overlaps": [], "scroll": 0}
    for moves in (0, 40):
        open_code(page, site_url, midway("burgrave", 1, NAMES, moves))
        load_code(page)
        found = page.evaluate(LAYOUT)
        assert found["overflow"] <= 0, found
        if not phone:
            assert found["outside"] == [], found["outside"]
            assert found["small"] == [], found["small"]
            assert found["overlaps"] == [], found["overlaps"]
    page.screenshot(path=str(ROOT / "dist" / f"burgrave-{language}-{width}x{height}.png"))
