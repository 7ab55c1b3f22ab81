"""Dice Realm in Chromium, played by taps: a whole 3-player hot-seat game checked against the
engine, holding dice, the scoundrel branch, autosave and resume, and the tablet layout rules.

Games are made deterministic in two ways: the new-game path honours ``?seed=N`` in the page URL,
and positions are built on CPython with the engine and opened as share codes (``#g=``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from kingdoms.core.codes import decode_code, encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import replay
from kingdoms.dice_realm.actions import ROLLS, STOP

from .conftest import stored_saves, wait_ready
from .dice_realm_page import snapshot, start_new_game, take_citizen

NAMES = ["Ann", "Ben", "Cleo"]
GAME = get_game("dice-realm")


pytestmark = pytest.mark.usefixtures("no_console_errors")


@pytest.fixture(scope="session")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


# --------------------------------------------------------------------------- helpers


def record_after(seed: int, actions: list[Any], names: list[str] = NAMES,
                 **options: Any) -> GameRecord:
    record = new_record("dice-realm", [Seat(name=n) for n in names], seed, options)
    state = replay(record)
    for action in actions:
        record, state = append(record, GAME, state, action)
    return record


def open_record(page: Page, site_url: str, record: GameRecord) -> None:
    """Open a share link: the summary comes first, then "Load this game"."""
    page.goto(site_url + "#g=" + encode_code(record))
    wait_ready(page)
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    expect(page.get_by_test_id("dice-realm")).to_be_visible()


def moves(page: Page) -> int:
    return int(page.get_by_test_id("game-screen").get_attribute("data-moves") or "0")


def tap(page: Page, target: Locator) -> None:
    """Tap a control that plays a move and wait until the host has applied it."""
    before = moves(page)
    target.tap()
    page.wait_for_function(
        "n => { const s = document.querySelector('[data-testid=game-screen]');"
        " return s && Number(s.dataset.moves) > n; }", arg=before)


def take(page: Page, citizen: Locator) -> None:
    """Take a lit citizen (answering the inline question if asked) and wait for the move."""
    before = moves(page)
    take_citizen(page, citizen)
    page.wait_for_function(
        "n => { const s = document.querySelector('[data-testid=game-screen]');"
        " return s && Number(s.dataset.moves) > n; }", arg=before)


def page_record(page: Page) -> GameRecord:
    """The record the page saved (its autosave entry), decoded by the engine on CPython."""
    return decode_code(stored_saves(page)[0]["code"])


def dice_values(page: Page) -> list[int]:
    return [int(page.get_by_test_id(f"die-{i}").get_attribute("data-value") or 0)
            for i in range(6)]


def play_one_step(page: Page) -> None:
    """One move chosen by reading the page, the way a simple player would."""
    board = page.get_by_test_id("dice-realm")
    gift = page.get_by_test_id("gift-chooser")
    if gift.count():
        tap(page, gift.get_by_role("button").first)
        return
    met = page.locator('[data-testid^="citizen-"][data-met="true"]')
    phase = board.get_attribute("data-phase")
    if phase == "roll":
        if met.count():
            take(page, met.first)  # stop and take: one move, confirmed inline
        else:
            tap(page, page.get_by_test_id("roll"))
        return
    assert phase == "choose", phase
    penalty = page.get_by_test_id("penalty")
    if penalty.count():
        tap(page, penalty)
    else:
        take(page, met.first)


# --------------------------------------------------------------------------- a whole game


@pytest.mark.slow
def test_three_player_game_played_by_taps_matches_the_engine(page: Page, site_url: str) -> None:
    start_new_game(page, site_url, 2024, NAMES)
    assert page_record(page).seed == 2024
    for _ in range(400):
        if page.get_by_test_id("end-screen").count():
            break
        play_one_step(page)
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()

    record = page_record(page)
    assert record.seed == 2024 and [s.name for s in record.seats] == NAMES
    state = replay(record)
    assert GAME.is_over(state)
    result = GAME.result(state)
    for score in result.scores:
        expect(page.get_by_test_id(f"final-score-{score.seat}")).to_have_text(str(score.total))
    winners = [NAMES[s] for s in result.winners]
    for name in winners:
        expect(page.get_by_test_id("winner")).to_contain_text(name)
    for seat in range(3):
        expect(page.get_by_test_id(f"end-realm-{seat}")).to_contain_text(NAMES[seat])
    assert page.evaluate("document.body.dataset.ready") == "game"

    page.get_by_test_id("play-again").tap()
    expect(page.get_by_test_id("dice-realm")).to_be_visible()
    assert moves(page) == 0
    expect(page.get_by_test_id("turn-banner")).to_contain_text("'s turn")


# --------------------------------------------------------------------------- dice


def test_held_dice_keep_their_values_across_a_roll(page: Page, site_url: str) -> None:
    open_record(page, site_url, record_after(7, [ROLLS[0]]))
    before = dice_values(page)
    assert all(1 <= v <= 6 for v in before)
    die0, die2 = page.get_by_test_id("die-0"), page.get_by_test_id("die-2")
    die0.tap()
    die2.tap()
    expect(die0).to_have_attribute("aria-pressed", "true")
    expect(die2).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("roll")).to_contain_text("Re-roll 4")
    die2.tap()  # release it again
    expect(die2).to_have_attribute("aria-pressed", "false")
    die2.tap()
    tap(page, page.get_by_test_id("roll"))
    after = dice_values(page)
    assert after[0] == before[0] and after[2] == before[2]
    assert page_record(page).actions[-1] == 0b101  # the engine got the keep mask
    expect(page.get_by_test_id("die-0")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("rolls-left")).to_have_text("1 roll left")
    # Keyboard: Tab reaches the dice and Space toggles a hold.
    page.get_by_test_id("die-1").focus()
    page.keyboard.press("Space")
    expect(page.get_by_test_id("die-1")).to_have_attribute("aria-pressed", "true")


def _penalty_seed() -> int:
    """A seed whose first player meets no citizen after three full rolls."""
    for seed in range(1, 500):
        record = record_after(seed, [ROLLS[0], ROLLS[0], ROLLS[0]])
        prompt = GAME.prompt(replay(record))
        if prompt is not None and any(c.action.action_type == "take_penalty"
                                      for c in prompt.choices):
            return seed
    raise AssertionError("no seed found")


def test_no_citizen_met_means_a_scoundrel(page: Page, site_url: str) -> None:
    seed = _penalty_seed()
    record = record_after(seed, [ROLLS[0], ROLLS[0], ROLLS[0]])
    state = replay(record)
    view = GAME.view(state, None)
    seat = view["current_seat"]
    top = view["penalty_pile"]["top"]
    rightmost = next(s["card"]["id"] for s in reversed(view["row"]) if s["card"])
    open_record(page, site_url, record)
    expect(page.get_by_test_id("dr-hint")).to_contain_text("scoundrel")
    expect(page.locator('[data-testid^="citizen-"][data-met="true"]')).to_have_count(0)
    expect(page.get_by_test_id("stop")).to_be_disabled()
    tap(page, page.get_by_test_id("penalty"))
    expect(page.get_by_test_id(f"score-{seat}")).to_have_text(str(top["value"]))
    # The next person's "what happened since your last turn" (issue 29) says it in words.
    events = page.get_by_test_id("events")
    expect(events).to_contain_text(f"took a scoundrel: {top['name']}")
    expect(events).to_contain_text("was discarded")
    expect(page.locator(f'[data-card="{rightmost}"]')).to_have_count(0)
    expect(page.get_by_test_id("penalty-pile")).to_have_attribute(
        "data-count", str(view["penalty_pile"]["count"] - 1))


@pytest.mark.slow
def test_odds_helper_shows_and_toggles(page: Page, site_url: str) -> None:
    open_record(page, site_url, record_after(7, []))
    odds = page.get_by_test_id("odds-0")
    expect(odds).to_contain_text("%")
    toggle = page.get_by_test_id("odds-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    toggle.tap()
    expect(page.get_by_test_id("odds-toggle")).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("odds-0")).to_be_hidden()
    stored = json.loads(page.evaluate("localStorage.getItem('kingdoms.v1.settings')"))
    assert stored["dice-realm.odds"] is False
    page.reload()
    wait_ready(page, "game")
    expect(page.get_by_test_id("odds-toggle")).to_have_attribute("aria-pressed", "false")


# --------------------------------------------------------------------------- saving


@pytest.mark.slow
def test_reload_mid_game_resumes_the_identical_state(page: Page, site_url: str) -> None:
    start_new_game(page, site_url, 99, ["Ann", "Ben"])
    tap(page, page.get_by_test_id("roll"))
    page.get_by_test_id("die-3").tap()
    tap(page, page.get_by_test_id("roll"))
    before = snapshot(page)
    record = page_record(page)
    assert len(record.actions) == int(before["moves"]) == 2
    page.reload()
    wait_ready(page, "game")
    assert snapshot(page) == before
    if page.get_by_test_id("roll").is_enabled():
        tap(page, page.get_by_test_id("roll"))
    else:
        take(page, page.locator('[data-testid^="citizen-"][data-met="true"]').first)
    after = snapshot(page)

    # Home lists the save; opening it replays to the same position.
    page.get_by_test_id("home").tap()
    wait_ready(page, "home")
    entries = page.get_by_test_id("save-entry")
    expect(entries).to_have_count(1)
    expect(entries.first).to_contain_text("Dice Realm")
    expect(entries.first).to_contain_text(f"{after['moves']} moves")
    entries.first.get_by_role("button", name="Open Dice Realm with Ann and Ben").tap()
    wait_ready(page, "game")
    assert snapshot(page) == after


def test_full_storage_warns_and_play_continues(page: Page, site_url: str) -> None:
    page.add_init_script("""
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.startsWith('kingdoms.v3.save.'))
          throw new DOMException('full', 'QuotaExceededError');
        return real.call(this, key, value);
      };""")
    open_record(page, site_url, record_after(7, []))
    tap(page, page.get_by_test_id("roll"))
    expect(page.get_by_test_id("save-warning")).to_be_visible()
    assert moves(page) == 1
    assert all(1 <= v <= 6 for v in dice_values(page))


# --------------------------------------------------------------------------- tablet rules

LAYOUT_PROBLEMS = """
() => {
  const vw = window.innerWidth;
  const visible = el => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      && !el.closest('.visually-hidden'); };  // the skip link, until a key reaches it
  const all = [...document.querySelectorAll('#app *')].filter(visible);
  const off = all.filter(el => { const r = el.getBoundingClientRect();
      return r.left < -0.5 || r.right > vw + 0.5; })
    .map(el => (el.dataset.testid || el.className || el.tagName) + '');
  const controls = [...document.querySelectorAll('button, select, input, a[href]')]
    .filter(visible);
  const small = controls.filter(el => { const r = el.getBoundingClientRect();
      return r.width < 44 || r.height < 44; }).map(el => el.dataset.testid || el.tagName);
  const overlaps = [];
  for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) {
    const a = controls[i].getBoundingClientRect(), b = controls[j].getBoundingClientRect();
    if (controls[i].contains(controls[j]) || controls[j].contains(controls[i])) continue;
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
        && b.top < a.bottom - 1)
      overlaps.push([controls[i].dataset.testid, controls[j].dataset.testid]);
  }
  return {off, small, overlaps,
          scroll: document.documentElement.scrollWidth - vw};
}
"""


@pytest.mark.parametrize(("width", "height"), [(768, 1024), (1024, 768)])
def test_tablet_layout_fits_and_controls_do_not_overlap(
    page: Page, site_url: str, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    # A position with a Fairy flip or lit citizens is busiest; any mid-turn one will do here.
    open_record(page, site_url, record_after(11, [ROLLS[0]]))
    page.get_by_test_id("die-1").tap()
    problems = page.evaluate(LAYOUT_PROBLEMS)
    assert problems == {"off": [], "small": [], "overlaps": [], "scroll": 0}
    tap(page, page.get_by_test_id("stop"))
    assert page.evaluate(LAYOUT_PROBLEMS) == {"off": [], "small": [], "overlaps": [],
                                              "scroll": 0}
    # The whole turn is controllable without scrolling: dice and buttons are on screen.
    for testid in ("die-0", "die-5", "roll", "stop", "citizen-0", "citizen-4"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, testid


def test_everything_is_reachable_by_keyboard(page: Page, site_url: str) -> None:
    """Every control by Tab, and the dice and the citizens, each one Tab stop (issue 30: 44
    presses a turn were too many), by the arrow keys inside."""
    open_record(page, site_url, record_after(7, [ROLLS[0]]))
    focused = "document.activeElement && document.activeElement.dataset.testid"
    seen: set[str] = set()
    stops: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        testid = page.evaluate(focused)
        if testid:
            seen.add(testid)
            stops.append(testid)
        row = str(testid).split("-")[0]
        if row in ("die", "citizen") and sum(s.startswith(row) for s in stops) == 1:
            for _step in range(6):  # a row: the arrows go round it, Home to its first
                page.keyboard.press("ArrowRight")
                seen.add(page.evaluate(focused))
            page.keyboard.press("Home")
            assert page.evaluate(focused) == f"{row}-0"
    wanted = {f"die-{i}" for i in range(6)} | {f"citizen-{i}" for i in range(5)}
    wanted |= {"roll", "stop", "odds-toggle", "home", "settings", "skip-to-question"}
    assert wanted <= seen, wanted - seen
    for row in ("die-", "citizen-"):  # one Tab stop per row (40 Tabs go round the page)
        assert len({stop for stop in stops if stop.startswith(row)}) <= 2, stops
    names = page.evaluate("""() => [...document.querySelectorAll('[data-testid=dice-realm] button')]
        .filter(b => !(b.getAttribute('aria-label') || b.textContent).trim())
        .map(b => b.dataset.testid)""")
    assert names == []
    # Enter on the focused Stop button plays the move.
    page.get_by_test_id("stop").focus()
    before = moves(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=game-screen]').dataset.moves) > n",
        arg=before)
    assert page_record(page).actions[-1] == GAME.encode_action(STOP)
