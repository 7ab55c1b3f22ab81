"""The home screen shell in Chromium: games list, new-game dialog, settings, share codes, saved
games, and the tablet rules (touch targets of 44 px or more, no sideways scrolling).

Every test starts from a fresh browser context (fresh localStorage) on a 768×1024 touch screen.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from kingdoms.core.codes import encode_code
from kingdoms.core.protocol import GameInfo, Seat
from kingdoms.core.records import append, new_record
from kingdoms.core.registry import get_game, list_games
from kingdoms.core.session import replay

from .conftest import open_site, stored_saves

SAVES_KEY = "kingdoms.v1.saves"
SETTINGS_KEY = "kingdoms.v1.settings"
TRICKY_NAME = "<img src=x onerror=1>"


pytestmark = pytest.mark.usefixtures("no_console_errors")


@pytest.fixture(scope="session")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


def dice_code(names: list[str], moves: int = 3) -> str:
    """A valid Dice Realm share code with ``moves`` legal actions played (each the first one
    offered)."""
    game = get_game("dice-realm")
    record = new_record("dice-realm", [Seat(name=n) for n in names], seed=11)
    state = replay(record)
    for _ in range(moves):
        record, state = append(record, game, state, game.legal_actions(state)[0])
    return encode_code(record)


def seat_range(game_id: str) -> GameInfo:
    """The game's info as the engine (the same code as in the page) declares it."""
    return next(info for info in list_games() if info.game_id == game_id)


def set_storage(page: Page, key: str, value: str) -> None:
    """Put ``value`` in localStorage before any page script runs."""
    page.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)});")


def active_testid(page: Page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.testid || null")


# --------------------------------------------------------------------------- games


def test_home_lists_both_games_as_playable(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    for game_id, title in (("dice-realm", "Dice Realm"), ("burgrave", "Burgrave")):
        card = page.get_by_test_id(f"game-{game_id}")
        expect(card).to_be_visible()
        expect(card.get_by_role("heading", name=title)).to_be_visible()
        expect(page.get_by_test_id(f"game-status-{game_id}")).to_have_count(0)
        expect(page.get_by_test_id(f"new-game-{game_id}")).to_be_visible()
        # Issue 29: "New game" and "Rules" share one line in landscape.
        start = page.get_by_test_id(f"new-game-{game_id}").bounding_box()
        rules = page.get_by_test_id(f"open-rules-{game_id}").bounding_box()
        assert start is not None and rules is not None and start["y"] == rules["y"]
    # Issue 29: each card says what a table asks before it picks, and there is one way to
    # start (each card's "New game"; its dialog can switch games).
    expect(page.get_by_test_id("game-facts-dice-realm").locator("li")).to_have_text(
        ["2–5 players", "20–40 min", "Light game"])
    expect(page.get_by_test_id("game-facts-burgrave").locator("li")).to_have_text(
        ["1–4 players", "45–120 min", "Medium-heavy game", "Can be played alone"])
    expect(page.get_by_role("button", name=re.compile("^New game$"))).to_have_count(0)
    expect(page.get_by_test_id("game-tally")).to_have_count(0)
    expect(page.get_by_text("Tally")).to_have_count(0)
    expect(page.get_by_test_id("loader")).to_have_count(0)
    assert page.evaluate("document.documentElement.lang") == "en"


def test_new_game_dialog_offers_each_games_seats(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.get_by_test_id("new-game-dice-realm").tap()
    dialog = page.get_by_role("dialog", name="New game")
    expect(dialog).to_be_visible()

    games = page.get_by_test_id("new-game-game")
    seats = page.get_by_test_id("seat-count")
    for game_id in ("dice-realm", "burgrave"):
        info = seat_range(game_id)
        games.select_option(game_id)
        counts = [str(n) for n in range(info.min_seats, info.max_seats + 1)]
        expect(seats.locator("option")).to_have_text(counts)
        for number in range(1, info.min_seats + 1):
            expect(page.get_by_test_id(f"seat-name-{number}")).to_have_value(f"Player {number}")
        seats.select_option(counts[-1])
        expect(page.get_by_test_id(f"seat-name-{info.max_seats}")).to_have_value(
            f"Player {info.max_seats}")
        expect(page.get_by_test_id("new-game-start")).to_be_enabled()

    assert page.evaluate("document.body.dataset.ready") == "home"

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("new-game-dice-realm")).to_be_focused()


# --------------------------------------------------------------------------- settings


def test_settings_language_select_works_by_keyboard(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    for _ in range(10):  # the settings button is among the first few stops
        page.keyboard.press("Tab")
        if active_testid(page) == "settings":
            break
    assert active_testid(page) == "settings"
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()

    language = page.get_by_role("combobox", name="Language")
    expect(language).to_be_focused()
    expect(language).to_have_value("en")
    expect(language.locator("option")).to_have_text(["English", "Español", "Deutsch"])
    page.keyboard.press("ArrowDown")  # Español, at once: the dialog itself speaks Spanish
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("dialog", name="Ajustes")).to_be_visible()
    spanish = page.get_by_role("combobox", name="Idioma")
    expect(spanish).to_be_focused()
    expect(spanish).to_have_value("es")
    page.keyboard.press("ArrowUp")  # back to English
    expect(language).to_have_value("en")
    expect(language).to_be_focused()

    stops = []
    for _ in range(7):  # sound, the tips' two, "Keep my saved games", maybe "Install", Close
        page.keyboard.press("Tab")
        stops.append(active_testid(page))
        if stops[-1] == "settings-close":
            break
    assert stops[:4] == ["sound-toggle", "guide-toggle", "guide-reset", "persist-ask"], stops
    assert stops[-1] == "settings-close", stops
    page.keyboard.press("Space")
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("settings")).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_settings_change_is_stored_and_unknown_language_falls_back(
    page: Page, site_url: str
) -> None:
    set_storage(page, SETTINGS_KEY, json.dumps({"language": "xx"}))
    open_site(page, site_url)
    expect(page.get_by_role("heading", name="Games", exact=True)).to_be_visible()
    page.get_by_test_id("settings").tap()
    page.get_by_test_id("language-select").select_option("en")
    expect(page.get_by_test_id("settings-status")).to_have_text("Settings saved.")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))
    assert stored["language"] == "en"
    dialog = page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("language-select")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # The button was re-rendered by the language change; the new one gets the focus back.
    expect(page.get_by_test_id("settings")).to_be_focused()


# --------------------------------------------------------------------------- share codes


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1abc", "damaged"),
        ("just some random text, not a code", "damaged"),
        ("9AAAA", "newer version"),
        ("", "Paste a share code first"),
    ],
)
def test_bad_code_shows_its_error(page: Page, site_url: str, text: str, message: str) -> None:
    open_site(page, site_url)
    error = page.get_by_test_id("code-error")
    expect(error).to_be_hidden()
    page.get_by_test_id("code-input").fill(text)
    page.get_by_test_id("code-submit").tap()
    expect(error).to_be_visible()
    expect(error).to_contain_text(message)
    expect(page.get_by_role("alert").filter(has_text=message)).to_be_visible()
    expect(page.get_by_test_id("code-input")).to_have_attribute("aria-invalid", "true")


def test_code_with_an_illegal_move_names_the_move(page: Page, site_url: str) -> None:
    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Bo")], seed=3)
    bad = encode_code(record.model_copy(update={"actions": [0, 0, 0, 0]}))  # a 4th roll
    open_site(page, site_url)
    page.get_by_test_id("code-input").fill(bad)
    page.get_by_test_id("code-input").press("Enter")
    expect(page.get_by_test_id("code-error")).to_contain_text("not allowed (move ")


def test_garbage_link_shows_an_error_on_load(page: Page, site_url: str) -> None:
    open_site(page, site_url, "#g=garbage")
    expect(page.get_by_test_id("code-error")).to_be_visible()
    expect(page.get_by_test_id("code-error")).to_contain_text("link")
    expect(page.get_by_test_id("code-input")).to_have_value("garbage")
    expect(page.get_by_test_id("game-dice-realm")).to_be_visible()


def test_valid_link_shows_the_game_summary(page: Page, site_url: str) -> None:
    code = dice_code(["Ann", TRICKY_NAME], moves=3)
    open_site(page, site_url, "#g=" + code)
    screen = page.get_by_test_id("record-screen")
    expect(screen).to_be_visible()
    expect(page.get_by_test_id("record-game")).to_have_text("Dice Realm")
    expect(page.get_by_test_id("record-players")).to_contain_text(TRICKY_NAME)  # text, not HTML
    expect(page.locator("img[src=x]")).to_have_count(0)
    expect(page.get_by_test_id("record-moves")).to_have_text("3 moves")
    expect(page.get_by_test_id("record-load")).to_be_visible()
    page.get_by_test_id("home").tap()
    expect(page.get_by_test_id("home-screen")).to_be_visible()
    assert page.evaluate("location.hash") == ""


def test_pasted_link_opens_and_new_links_are_followed(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    page.get_by_test_id("code-input").fill(site_url + "#g=" + dice_code(["Bo", "Cy"], moves=1))
    page.get_by_test_id("code-submit").tap()
    expect(page.get_by_test_id("record-moves")).to_have_text("1 move")
    page.evaluate("location.hash = '#g=zz'")  # a link followed while the page is open
    expect(page.get_by_test_id("code-error")).to_be_visible()


# --------------------------------------------------------------------------- saved games


def test_corrupt_saved_games_show_a_warning(page: Page, site_url: str) -> None:
    set_storage(page, SAVES_KEY, "{not json")
    open_site(page, site_url)
    saves = page.get_by_test_id("saved-games")
    expect(saves).to_be_visible()
    expect(page.get_by_test_id("saves-warning")).to_contain_text("list was damaged")
    expect(page.get_by_test_id("game-dice-realm")).to_be_visible()
    # The damaged data is set aside for recovery, text for text, never overwritten.
    kept = page.evaluate("""() => Object.keys(localStorage)
      .filter(k => k.startsWith('kingdoms.v3.kept.')).map(k => JSON.parse(localStorage[k]))""")
    assert [item["text"] for item in kept] == ["{not json"]


def test_saved_games_are_listed_opened_and_deleted(page: Page, site_url: str) -> None:
    good = {"id": "s1", "game": "dice-realm", "names": ["Ann", TRICKY_NAME], "moves": 2,
            "code": dice_code(["Ann", TRICKY_NAME], moves=2), "updated": 2}
    damaged = {"id": "s2", "game": "dice-realm", "names": [], "moves": -1, "code": ""}
    set_storage(page, SAVES_KEY, json.dumps({"saves": [good, damaged]}))
    open_site(page, site_url)
    entries = page.get_by_test_id("save-entry")
    expect(entries).to_have_count(1)
    expect(entries.first).to_contain_text(TRICKY_NAME)
    expect(page.locator("img[src=x]")).to_have_count(0)
    expect(page.get_by_test_id("saves-warning")).to_contain_text("1 saved game could not be read")

    page.get_by_role("button", name=f"Open Dice Realm with Ann and {TRICKY_NAME}").tap()
    expect(page.get_by_test_id("game-screen")).to_be_visible()
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "2")
    page.get_by_test_id("home").tap()

    page.get_by_test_id("save-delete-s1").tap()
    confirm = page.get_by_role("dialog", name="Delete saved game?")
    expect(confirm).to_be_visible()
    expect(page.get_by_test_id("confirm-cancel")).to_be_focused()
    page.get_by_test_id("confirm-ok").tap()
    expect(confirm).to_be_hidden()
    expect(entries).to_have_count(0)
    expect(page.get_by_test_id("saves-empty")).to_be_visible()
    # The old list was migrated to one key per save; the damaged entry is kept aside.
    assert page.evaluate(f"localStorage.getItem('{SAVES_KEY}')") is None
    assert stored_saves(page) == []
    kept = page.evaluate("""() => Object.keys(localStorage)
      .filter(k => k.startsWith('kingdoms.v3.kept.')).map(k => JSON.parse(localStorage[k]))""")
    assert [json.loads(item["text"]).get("id") for item in kept] == ["s2"]


def test_blocked_storage_warns_and_still_works(page: Page, site_url: str) -> None:
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('blocked', 'SecurityError'); }});"
    )
    open_site(page, site_url)
    expect(page.get_by_test_id("saves-warning")).to_contain_text("does not let Kingdoms store")
    page.get_by_test_id("settings").tap()
    page.get_by_test_id("language-select").select_option("en")
    expect(page.get_by_test_id("settings-status")).to_contain_text("does not let Kingdoms keep")


# --------------------------------------------------------------------------- tablet rules

SMALL_TARGETS = """
() => [...document.querySelectorAll('button, select, input, textarea, a[href], [role=button]')]
  .filter(el => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'
      && (!el.closest('dialog') || el.closest('dialog').open);
  })
  .map(el => { const r = el.getBoundingClientRect();
               return {id: el.dataset.testid || el.id || el.tagName, w: r.width, h: r.height}; })
  .filter(b => b.w < 44 || b.h < 44)
"""


def test_touch_targets_are_at_least_44px(page: Page, site_url: str) -> None:
    set_storage(page, SAVES_KEY, json.dumps({"saves": [
        {"id": "s1", "game": "dice-realm", "names": ["Ann", "Bo"], "moves": 0,
         "code": dice_code(["Ann", "Bo"], moves=0), "updated": 1}]}))
    open_site(page, site_url)
    page.get_by_test_id("code-input").fill("1abc")
    page.get_by_test_id("code-submit").tap()
    expect(page.get_by_test_id("code-error")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS) == []

    page.get_by_test_id("new-game-dice-realm").tap()
    expect(page.get_by_role("dialog", name="New game")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS) == []
    page.keyboard.press("Escape")

    page.get_by_test_id("settings").tap()
    expect(page.get_by_role("dialog", name="Settings")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS) == []


@pytest.mark.parametrize(("width", "height"), [(360, 740), (740, 360), (1024, 768), (1366, 1024)])
def test_no_sideways_scrolling(page: Page, site_url: str, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_site(page, site_url)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    page.get_by_test_id("new-game-dice-realm").tap()
    box = page.get_by_role("dialog", name="New game").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
