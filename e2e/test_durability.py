"""Never lose a game, share any game — in Chromium, for both games.

Autosave and resume (a reload, and a killed browser reopened on the same storage), share links
opened in a fresh browser (summary first, then a new save), hostile codes and names, undo where
the rules allow it and not elsewhere, redo, a full storage, export/import, rename and delete,
the history and the read-only replay, and "Send a link to the next player".
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from kingdoms.core.codes import decode_code, encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import Step, replay, undo_rule
from kingdoms.core.text import render
from kingdoms_web import i18n
from kingdoms_web.games.burgrave import model as M

from .burgrave_page import tap_controls
from .conftest import TABLET_CONTEXT, PageGuard, page_fragment, stored_saves, wait_ready
from .dice_realm_page import snapshot, start_new_game

OLD_SAVES_KEY = "kingdoms.v2.saves"
HTML_NAME = "<img src=x onerror=f()>"
"""A name that would run ``f()`` if it were ever parsed as HTML (names are at most 24 long)."""
PWNED = "window.__pwned = []; window.f = () => window.__pwned.push(1);"
DICE = get_game("dice-realm")
BURGRAVE = get_game("burgrave")
CONTEXT_ARGS = TABLET_CONTEXT
# Web Share and the clipboard, recorded instead of opening system UI.
SHARE_RECORDER = """
window.__shared = [];
window.__copied = [];
Object.defineProperty(navigator, 'share', {configurable: true,
  value: data => { window.__shared.push(data); return Promise.resolve(); }});
Object.defineProperty(navigator, 'clipboard', {configurable: true,
  value: {writeText: text => { window.__copied.push(text); return Promise.resolve(); }}});
"""


pytestmark = pytest.mark.usefixtures("no_console_errors")


@pytest.fixture(scope="session")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


@pytest.fixture()
def dialogs(page: Page) -> list[str]:
    """Every alert/confirm/prompt the page opens (there must be none)."""
    seen: list[str] = []

    def on_dialog(dialog: Any) -> None:
        seen.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    return seen


# --------------------------------------------------------------------------- helpers


def play(game_id: str, seed: int, names: list[str], stop: int) -> tuple[GameRecord, Any]:
    game = get_game(game_id)
    record = new_record(game_id, [Seat(name=n) for n in names], seed=seed)
    state = replay(record)
    rng = random.Random(seed)
    while not game.is_over(state) and len(record.actions) < stop:
        legal = game.legal_actions(state)
        active = [a for a in legal if a.action_type != "pass"]
        record, state = append(record, game, state, rng.choice(active or legal))
    return record, state


def moves(page: Page) -> int:
    return int(page.get_by_test_id("game-screen").get_attribute("data-moves") or 0)


def wait_moves(page: Page, count: int) -> None:
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", str(count))


def open_link(page: Page, url: str, record: GameRecord) -> None:
    """Open a share link, check its summary, load it."""
    page.goto(url + "#g=" + encode_code(record))
    wait_ready(page)
    expect(page.get_by_test_id("record-moves")).to_contain_text(str(len(record.actions)))
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    ready = page.get_by_test_id("pass-ready")
    if ready.count():
        ready.tap()


def saved_record(page: Page) -> GameRecord:
    return decode_code(stored_saves(page)[0]["code"])


def fresh_context(browser: Browser, guard: PageGuard, **extra: Any) -> BrowserContext:
    context = browser.new_context(**CONTEXT_ARGS, **extra)
    guard.watch(context)
    context.set_default_timeout(15_000)
    return context


# --------------------------------------------------------------------------- resume


@pytest.mark.slow
def test_reload_and_a_killed_browser_resume_the_identical_game(
    page: Page, context: BrowserContext, browser: Browser, site_url: str, guard: PageGuard
) -> None:
    start_new_game(page, site_url, 99, ["Ann", "Ben"])
    page.get_by_test_id("roll").tap()
    wait_moves(page, 1)
    page.get_by_test_id("die-3").tap()  # a hold: page state only, not part of the game
    page.get_by_test_id("roll").tap()
    wait_moves(page, 2)
    before = snapshot(page)
    assert len(saved_record(page).actions) == 2

    page.reload()
    wait_ready(page, "game")
    assert snapshot(page) == before

    # Kill the browser mid-turn: a new one on the same storage offers to continue.
    stored = context.storage_state()
    page.close()
    other = fresh_context(browser, guard, storage_state=stored)
    try:
        again = other.new_page()
        guard.watch_page(again)
        again.goto(site_url)
        wait_ready(again)
        card = again.get_by_test_id("continue")
        expect(card).to_have_text("Continue Dice Realm with Ann and Ben")
        expect(again.get_by_test_id("save-progress")).to_contain_text("2 moves")
        card.tap()
        wait_ready(again, "game")
        assert snapshot(again) == before
        # Same dice to come: the next roll is the engine's roll for the record before the kill.
        record = saved_record(again)
        again.get_by_test_id("roll").tap()
        wait_moves(again, 3)
        after = saved_record(again)
        assert after.actions[:2] == record.actions
        state = DICE.apply(replay(record), DICE.decode_action(after.actions[-1]))
        values = [again.get_by_test_id(f"die-{i}").get_attribute("data-value")
                  for i in range(6)]
        assert values == [str(v) for v in DICE.view(state, None)["dice"]["values"]]
    finally:
        other.close()


# --------------------------------------------------------------------------- share


@pytest.mark.slow
def test_share_link_opens_in_a_fresh_browser_as_a_new_save(
    page: Page, browser: Browser, site_url: str, guard: PageGuard
) -> None:
    page.add_init_script(SHARE_RECORDER)
    record, _state = play("burgrave", 5, ["Ana", "Ben", "Cid"], 25)
    open_link(page, site_url, record)
    page.get_by_test_id("share").tap()
    dialog = page.get_by_role("dialog", name="Share this game")
    expect(dialog).to_be_visible()
    link = page.get_by_test_id("share-link").input_value()
    assert link == site_url + "#g=" + encode_code(record)
    page.get_by_test_id("share-copy-link").tap()
    expect(page.get_by_test_id("share-status")).to_have_text("Link copied.")
    assert page.evaluate("window.__copied") == [link]
    page.get_by_test_id("share-copy-code").tap()
    expect(page.get_by_test_id("share-status")).to_have_text("Code copied.")
    assert page.evaluate("window.__copied")[-1] == encode_code(record)
    # The QR code is drawn offline (segno loaded on demand) as an <img> with an SVG data URL.
    qr = page.get_by_test_id("share-qr-img")
    expect(qr).to_be_visible(timeout=30_000)
    assert (qr.get_attribute("src") or "").startswith("data:image/svg+xml")
    page.get_by_test_id("share-system").tap()
    page.wait_for_function("window.__shared.length === 1")
    assert page.evaluate("window.__shared[0].url") == link
    page.keyboard.press("Escape")

    friend = fresh_context(browser, guard)
    try:
        other = friend.new_page()
        guard.watch_page(other)
        other.goto(link)
        wait_ready(other)
        expect(other.get_by_test_id("record-game")).to_have_text("Burgrave")
        expect(other.get_by_test_id("record-players")).to_contain_text("Cid")
        expect(other.get_by_test_id("record-moves")).to_have_text(f"{len(record.actions)} moves")
        # Nothing is saved before "Load".
        assert stored_saves(other) == []
        other.get_by_test_id("record-load").tap()
        wait_ready(other, "game")
        assert saved_record(other) == record
        # Opening the identical link again reuses that save instead of duplicating it.
        other.goto(site_url)
        wait_ready(other)
        other.goto(link)
        wait_ready(other)
        expect(other.get_by_test_id("record-note")).to_contain_text("already saved")
        other.get_by_test_id("record-load").tap()
        wait_ready(other, "game")
        assert len(stored_saves(other)) == 1
    finally:
        friend.close()


def test_corrupt_codes_and_html_names_are_harmless(
    page: Page, site_url: str, dialogs: list[str]
) -> None:
    page.add_init_script(PWNED)
    record, _state = play("dice-realm", 3, ["Ann", HTML_NAME], 4)
    page.goto(site_url + "#g=" + encode_code(record))
    wait_ready(page)
    expect(page.get_by_test_id("record-players")).to_contain_text(HTML_NAME)
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    expect(page.get_by_test_id("game-screen")).to_contain_text(HTML_NAME)
    page.get_by_test_id("home").tap()
    wait_ready(page)
    expect(page.get_by_test_id("continue")).to_contain_text(HTML_NAME)
    assert page.locator("img[src=x]").count() == 0
    assert page.evaluate("document.querySelectorAll('img:not([data-testid])').length") == 0

    page.goto(site_url + "#g=1" + encode_code(record)[2:40])  # truncated: damaged
    wait_ready(page)
    expect(page.get_by_test_id("code-error")).to_contain_text("damaged")
    page.get_by_test_id("code-input").fill("9" + encode_code(record)[1:])
    page.get_by_test_id("code-submit").tap()
    expect(page.get_by_test_id("code-error")).to_contain_text("newer version")
    bad = encode_code(record.model_copy(update={"actions": [*record.actions, 999]}))
    page.get_by_test_id("code-input").fill(bad)
    page.get_by_test_id("code-submit").tap()
    expect(page.get_by_test_id("code-error")).to_contain_text(f"move {len(record.actions) + 1}")
    assert dialogs == []
    assert page.evaluate("window.__pwned") == []
    # The damaged links replaced nothing: the one save is still there.
    assert len(stored_saves(page)) == 1


# --------------------------------------------------------------------------- undo


def test_dice_realm_undo_is_refused_after_a_roll_with_its_reason(
    page: Page, site_url: str
) -> None:
    open_link(page, site_url, new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")], 7))
    undo = page.get_by_test_id("undo")
    expect(undo).to_have_attribute("data-reason", "no_actions")
    page.get_by_test_id("roll").tap()
    wait_moves(page, 1)
    expect(undo).to_have_attribute("aria-disabled", "true")
    expect(undo).to_have_attribute("data-reason", "revealed")
    undo.tap(force=True)  # aria-disabled, yet focusable and tappable: it says why
    expect(page.get_by_test_id("play-notice")).to_contain_text("revealed something new")
    assert moves(page) == 1


def _undoable_burgrave() -> tuple[GameRecord, Any, Any]:
    """A Burgrave position (and its state) whose next action reveals nothing."""
    rng = random.Random(11)
    record = new_record("burgrave", [Seat(name=n) for n in ("Ana", "Ben", "Cid")], seed=11)
    state = replay(record)
    for _ in range(400):
        if state.round >= 1:
            for action in BURGRAVE.legal_actions(state):
                after = BURGRAVE.apply(state, action)
                if undo_rule(BURGRAVE, Step(0, None, state, action, after)).allowed:
                    return record, state, action
        record, state = append(record, BURGRAVE, state,
                               rng.choice(BURGRAVE.legal_actions(state)))
    raise AssertionError("no undoable position")


def test_burgrave_undo_before_anything_is_revealed_then_redo(page: Page, site_url: str) -> None:
    record, state, action = _undoable_burgrave()
    open_link(page, site_url, record)
    count = len(record.actions)
    i18n.set_language("en")
    view = BURGRAVE.view(state, BURGRAVE.current_seat(state))
    prompt = M.build_prompt(BURGRAVE.prompt(state), building=getattr(action, "building", None))
    assert prompt is not None
    tap_controls(page, M.control_path(action, view, prompt))
    wait_moves(page, count + 1)
    undo = page.get_by_test_id("undo")
    expect(undo).to_have_attribute("data-reason", "ok")
    undo.tap()
    wait_moves(page, count)
    expect(page.get_by_test_id("play-notice")).to_have_text("Move taken back.")
    assert saved_record(page) == record
    assert page_fragment(page).startswith("#g=" + encode_code(record) + "&s=")
    page.get_by_test_id("redo").tap()
    wait_moves(page, count + 1)
    assert saved_record(page).actions == [*record.actions, BURGRAVE.encode_action(action)]
    expect(page.get_by_test_id("redo")).to_be_disabled()


# --------------------------------------------------------------------------- full storage


def test_full_storage_holds_the_game_and_a_restart_resumes_it(page: Page, site_url: str) -> None:
    """Storage that refuses every save: the game is kept in the journal's database (issue 31:
    it used to go on in memory only), said so, and a restart lists and resumes it."""
    page.add_init_script("""
      const real = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.startsWith('kingdoms.v3.')) throw new DOMException('full', 'QuotaExceededError');
        return real.call(this, key, value);
      };""")
    record, state = play("burgrave", 2, ["Ana", "Ben"], 6)
    open_link(page, site_url, record)
    warning = page.get_by_test_id("save-warning")
    expect(warning).to_have_attribute("data-why", "held_full")
    expect(warning).to_contain_text("Storage on this device is full")
    i18n.set_language("en")
    action = BURGRAVE.legal_actions(state)[0]
    view = BURGRAVE.view(state, BURGRAVE.current_seat(state))
    prompt = M.build_prompt(BURGRAVE.prompt(state))
    assert prompt is not None
    tap_controls(page, M.control_path(action, view, prompt))
    wait_moves(page, len(record.actions) + 1)
    expect(warning).to_be_visible()
    page.goto(site_url)
    wait_ready(page)
    expect(page.get_by_test_id("save-held")).to_have_count(1)
    page.get_by_test_id("continue").tap()
    wait_ready(page, "game")
    wait_moves(page, len(record.actions) + 1)


# --------------------------------------------------------------------------- the saves list


def test_export_import_rename_and_delete(page: Page, site_url: str, dialogs: list[str]) -> None:
    page.add_init_script(PWNED)
    dice, _ = play("dice-realm", 1, ["Ann", "Ben"], 5)
    burgrave, _ = play("burgrave", 1, ["Ana", HTML_NAME], 12)
    saves = [
        {"id": "a1", "game": "dice-realm", "names": ["Ann", "Ben"], "moves": 5,
         "code": encode_code(dice), "updated": 1_700_000_000_000, "next": 0},
        {"id": "b2", "game": "burgrave", "names": ["Ana", HTML_NAME], "moves": 12,
         "code": encode_code(burgrave), "updated": 1_700_000_500_000, "next": 1},
    ]
    value = json.dumps({"schema": 2, "saves": saves})
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{"
                         f" localStorage.setItem('{OLD_SAVES_KEY}', {json.dumps(value)});"
                         f" sessionStorage.setItem('seeded', '1'); }}")
    page.goto(site_url)
    wait_ready(page)
    entries = page.get_by_test_id("save-entry")
    expect(entries).to_have_count(2)
    expect(entries.first).to_contain_text("Burgrave")
    expect(entries.first).to_contain_text(HTML_NAME)
    expect(entries.first.locator("time")).to_have_attribute("datetime", "2023-11-14T22:21:40.000Z")

    page.get_by_test_id("save-rename-b2").tap()
    page.get_by_test_id("rename-input").fill("<b>Friday</b> game")
    page.get_by_test_id("rename-save").tap()
    expect(entries.first.get_by_test_id("save-title")).to_have_text("<b>Friday</b> game")
    assert page.locator("b", has_text="Friday").count() == 0

    with page.expect_download() as download_info:
        page.get_by_test_id("export-saves").tap()
    download = download_info.value
    assert download.suggested_filename.startswith("kingdoms-saves-")
    path = Path(download.path())
    exported = json.loads(path.read_text())
    assert {s["code"] for s in exported["saves"]} == {encode_code(dice), encode_code(burgrave)}
    assert "<b>Friday</b> game" in {s["label"] for s in exported["saves"]}

    for save_id in ("a1", "b2"):
        page.get_by_test_id(f"save-delete-{save_id}").tap()
        expect(page.get_by_role("dialog", name="Delete saved game?")).to_be_visible()
        page.get_by_test_id("confirm-ok").tap()
    expect(page.get_by_test_id("saves-empty")).to_be_visible()

    page.get_by_test_id("import-file").set_input_files(str(path))
    report = page.get_by_test_id("import-report")
    expect(report).to_contain_text("2 imported")
    expect(entries).to_have_count(2)
    expect(page.get_by_test_id("save-title").first).to_have_text("<b>Friday</b> game")
    stored = stored_saves(page)
    assert {s["code"] for s in stored} == {encode_code(dice), encode_code(burgrave)}
    assert not {s["id"] for s in stored} & {"a1", "b2"}  # new saves, new ids

    # The same file again: nothing duplicated; a broken file: a reason, nothing changed.
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(report).to_contain_text("2 already here")
    page.get_by_test_id("import-file").set_input_files(
        files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"[[[[{"}])
    expect(report).to_contain_text("not valid JSON")
    expect(entries).to_have_count(2)
    assert dialogs == []
    assert page.evaluate("window.__pwned") == []


# --------------------------------------------------------------------------- history and replay


def test_history_in_words_and_a_read_only_replay(page: Page, site_url: str) -> None:
    record, _state = play("dice-realm", 8, ["Ann", "Ben"], 14)
    open_link(page, site_url, record)
    page.get_by_test_id("history").tap()
    items = page.get_by_test_id("history-list").locator("li")
    expect(items).to_have_count(len(record.actions))
    start, action = replay(record, 0), DICE.decode_action(record.actions[0])
    first = render(DICE.describe(start, action, DICE.apply(start, action)))
    expect(items.first).to_contain_text(first)
    page.get_by_test_id("history-replay").tap()
    wait_ready(page, "replay")
    screen = page.get_by_test_id("replay-screen")
    expect(screen).to_have_attribute("data-step", str(len(record.actions)))
    expect(page.get_by_test_id("replay-next")).to_have_attribute("aria-disabled", "true")
    slider = page.get_by_test_id("replay-slider")
    slider.focus()
    page.keyboard.press("Home")
    expect(screen).to_have_attribute("data-step", "0")
    expect(page.get_by_test_id("replay-prev")).to_have_attribute("aria-disabled", "true")
    expect(page.get_by_test_id("replay-next")).not_to_have_attribute("aria-disabled", "true")
    expect(page.get_by_test_id("replay-step")).to_have_text(f"Move 0 of {len(record.actions)}")
    page.get_by_test_id("replay-next").tap()
    expect(screen).to_have_attribute("data-step", "1")
    expect(page.get_by_test_id("replay-what")).to_contain_text(first)
    view = DICE.view(replay(record, 1), None)
    values = [page.get_by_test_id(f"die-{i}").get_attribute("data-value") for i in range(6)]
    assert values == [str(v) for v in view["dice"]["values"]]
    slider.focus()
    page.keyboard.press("ArrowRight")
    expect(screen).to_have_attribute("data-step", "2")
    # Read-only: the board's controls are disabled and a forced click plays nothing.
    expect(page.get_by_test_id("roll")).to_be_disabled()
    for testid in ("roll", "stop"):  # and look it (issue 29: they looked live)
        assert float(page.get_by_test_id(testid).evaluate(
            "node => getComputedStyle(node).opacity")) < 0.6
    expect(page.get_by_test_id("dr-hint")).to_be_hidden()  # no "Tap a lit citizen…" either
    page.get_by_test_id("roll").dispatch_event("click")
    expect(screen).to_have_attribute("data-step", "2")
    page.get_by_test_id("replay-back").tap()
    wait_ready(page, "game")
    assert moves(page) == len(record.actions)
    assert saved_record(page) == record


# --------------------------------------------------------------------------- play by link


def test_send_to_the_next_player_after_a_turn(page: Page, site_url: str) -> None:
    page.add_init_script(SHARE_RECORDER)
    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")], 21)
    state = replay(record)
    for _ in range(3):  # roll until a citizen is met or the rolls run out
        view, prompt = DICE.view(state, None), DICE.prompt(state)
        if any(c.place == "slot" for c in (prompt.choices if prompt else ())) \
                or view["phase"] != "roll" or not view["dice"]["rolls_left"]:
            break
        record, state = append(record, DICE, state, DICE.decode_action(0))
    open_link(page, site_url, record)
    expect(page.get_by_test_id("send-next")).to_have_count(0)
    met = page.locator('[data-testid^="citizen-"][data-met="true"]')
    penalty = page.get_by_test_id("penalty")
    if met.count():
        met.first.tap()
    else:
        if page.get_by_test_id("stop").is_enabled():
            page.get_by_test_id("stop").tap()
        penalty.tap()
    send = page.get_by_test_id("send-next")
    expect(send).to_have_text("Send a link to Ben")
    send.tap()
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    code = shared["url"].split("#g=", 1)[1]
    assert decode_code(code) == saved_record(page)
    assert "Ben" in shared["text"]
    expect(page.get_by_test_id("play-notice")).to_contain_text("Link sent")
