"""Issue 10 in Chromium: saves that survive a killed browser, two tabs, damaged storage, names.

- **The kill test**: the real Chromium process (its own profile on disk) is killed with SIGKILL
  one second after a move, ten times per game, and reopened on the same profile: not one move
  may be missing (``journal.js`` replays what localStorage had not yet written to disk).
- **Hostile storage at start-up**: deep nesting in every key, a damaged list, a newer version's
  save, the 500-save limit, storage already full: the page starts, lists what it can read, says
  the real cause, saves new games (or says exactly why not) and exports everything.
- **Two tabs** on one game alternating moves: each follows the other, no move is lost.
- **Hostile names** typed, by link and imported: controls and direction overrides removed, emoji
  sequences whole, no sideways scrolling on a 360 px phone.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import build
import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Route, expect

from kingdoms.core.codes import decode_code, encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import replay

from .burgrave_page import one_tap_action, tap_controls
from .conftest import (
    ERROR_RECORDER,
    TABLET_CONTEXT,
    PageGuard,
    page_fragment,
    record_in,
    stored_saves,
    wait_ready,
)
from .test_words import KEPT_WORDS

BURGRAVE = get_game("burgrave")

KILL_POINTS = 6
"""Six kills: one a second after a new game's first move, then after 2, 3, 1, 2 and 3 more
(ten kills took 2 × 160 s of CI's 30 minutes and only repeated these cases)."""
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
DEEP = "[" * 10_000 + "]" * 10_000


@pytest.fixture(scope="session")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


# --------------------------------------------------------------------------- helpers


def moves(page: Page) -> int:
    return int(page.get_by_test_id("game-screen").get_attribute("data-moves") or 0)


def wait_more(page: Page, before: int) -> None:
    page.wait_for_function(
        "n => Number(document.querySelector('[data-testid=game-screen]').dataset.moves) > n",
        arg=before)


def page_record(page: Page) -> GameRecord:
    return record_in(page_fragment(page))


def through_pass(page: Page) -> None:
    ready = page.get_by_test_id("pass-ready")
    if ready.count():
        ready.tap()


def dice_move(page: Page) -> None:
    """One Dice Realm action by taps: roll while it can, else take a lit citizen, a gift or
    the penalty."""
    through_pass(page)
    before = moves(page)
    if page.get_by_test_id("gift-chooser").count():
        page.locator('[data-testid^="gift-"]:not([data-testid="gift-chooser"])').first.tap()
    else:
        lit = page.locator('[data-testid^="citizen-"].met')
        roll = page.get_by_test_id("roll")
        if roll.count() and roll.is_enabled() and (
                not lit.count() or page.get_by_test_id("dice-realm").get_attribute(
                    "data-phase") != "choose"):
            roll.tap()
        elif lit.count():
            lit.first.tap()
            chooser = page.get_by_test_id("claim-chooser")
            if chooser.count():
                page.get_by_test_id("claim-village").tap()
        else:
            page.get_by_test_id("penalty").tap()
    wait_more(page, before)


def burgrave_move(page: Page, rng: random.Random) -> None:
    """One Burgrave action by taps: a legal action (from the record the page keeps in the
    address) that the page offers as one control."""
    through_pass(page)
    before = moves(page)
    tap_controls(page, [one_tap_action(page_record(page), rng)])  # twice if it cannot be undone
    wait_more(page, before)


def start_game(page: Page, site_url: str, game_id: str, names: list[str], seed: int) -> None:
    page.goto(f"{site_url}?seed={seed}")
    wait_ready(page)
    page.get_by_test_id("new-game-dice-realm").tap()
    page.get_by_test_id("new-game-game").select_option(game_id)
    page.get_by_test_id("seat-count").select_option(str(len(names)))
    for number, name in enumerate(names, start=1):
        page.get_by_test_id(f"seat-name-{number}").fill(name)
    page.get_by_test_id("new-game-start").tap()
    wait_ready(page, "game")


def saved_moves(page: Page) -> list[int]:
    return [len(decode_code(s["code"]).actions) for s in stored_saves(page)]


# --------------------------------------------------------------------------- the kill test


def browser_pids(profile: Path) -> list[int]:
    """The main Chromium process started on ``profile`` (its renderers carry ``--type=``)."""
    flag = f"--user-data-dir={profile}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            args = (entry / "cmdline").read_bytes().split(b"\0")
            if flag in args and not any(a.startswith(b"--type=") for a in args):
                found.append(int(entry.name))
    return found


def launch(browser_type: BrowserType, launch_args: dict[str, Any], profile: Path
           ) -> tuple[BrowserContext, Page]:
    context = browser_type.launch_persistent_context(
        str(profile), **launch_args, **TABLET_CONTEXT)
    context.add_init_script(ERROR_RECORDER)
    context.set_default_timeout(20_000)
    page = context.pages[0] if context.pages else context.new_page()
    return context, page


def kill(context: BrowserContext, profile: Path) -> None:
    """SIGKILL the real browser process, as a phone or a crash would."""
    pids = browser_pids(profile)
    assert len(pids) == 1, pids
    os.kill(pids[0], signal.SIGKILL)
    deadline = time.monotonic() + 10
    while browser_pids(profile) and time.monotonic() < deadline:
        time.sleep(0.1)
    with contextlib.suppress(Exception):
        context.close()


FOREIGN_KEYS = 60_000
ADD_FOREIGN_KEYS = """count => {
  for (let n = 0; n < count; n += 1) localStorage.setItem('app.' + n.toString(36), '');
}"""
"""Another app's keys on the same origin (GitHub Pages: every project of one account)."""


def listed_saves(page: Page) -> list[str]:
    """The save ids the home screen lists."""
    ids: list[str] = page.locator("[data-save]").evaluate_all(
        "items => items.map(item => item.dataset.save)")
    return ids


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["dice-realm", "burgrave"])
def test_no_move_is_lost_when_the_browser_is_killed_a_second_after_it(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], site_url: str,
    tmp_path: Path, game_id: str,
) -> None:
    profile = tmp_path / "profile"
    rng = random.Random(7)
    expected = 0
    for point in range(KILL_POINTS + 1):
        context, page = launch(browser_type, browser_type_launch_args, profile)
        if point == 0:  # a whole new game, then the kill: the game itself must survive too
            # Amid 60,000 keys of another app (issue 31, item 6: they hid saves from a page
            # that scanned the first 20,000 keys; the page finds its own by their index), and
            # with a journal database a later version left without its store (item 5: that
            # turned crash protection off, and kills lost 7 of 8 new games).
            page.goto(site_url)
            wait_ready(page)
            page.evaluate(ADD_FOREIGN_KEYS, FOREIGN_KEYS)
            assert page.evaluate(FOREIGN_JOURNAL) == 7
            start_game(page, site_url, game_id, ["Ann", "Ben"], seed=11)
            assert page.evaluate("window.kingdomsJournal.state") == "on"
        else:
            page.goto(site_url)
            wait_ready(page)
            assert saved_moves(page) == [expected], f"after kill {point}"
            # Where the browser puts the save among the other keys varies by its id (in 2 of
            # 3 runs beyond the 20,000 the page once scanned); the unit tests pin the worst.
            assert len(listed_saves(page)) == 1, f"after kill {point}"
            if point == KILL_POINTS:
                context.close()
                return
            page.get_by_test_id("continue").tap()
            wait_ready(page, "game")
            assert moves(page) == expected
        for _ in range(1 + point % 3):  # 1-3 moves, then the kill one second after the last
            if page.get_by_test_id("game-screen").get_attribute("data-over") == "true":
                break
            if game_id == "dice-realm":
                dice_move(page)
            else:
                burgrave_move(page, rng)
        expected = moves(page)
        page.wait_for_timeout(1000)
        assert moves(page) == expected
        kill(context, profile)


# --------------------------------------------------------------------------- hostile storage


def save_value(save_id: str, record: GameRecord, *, schema: int = 3, updated: float = 1e12,
               **extra: Any) -> str:
    return json.dumps({"schema": schema, "id": save_id, "game": record.game_id,
                       "names": [s.name for s in record.seats], "moves": len(record.actions),
                       "code": encode_code(record), "updated": updated, "created": updated,
                       "label": "", "over": False, "next": 0, "rev": 0, **extra})


FILL_STORAGE = """() => {
  let chunk = 'x'.repeat(1 << 20);
  for (let n = 0; chunk.length; ) {
    try { localStorage.setItem('sibling.filler.' + n, chunk); n += 1; }
    catch (e) { chunk = chunk.slice(0, chunk.length >> 1); }
  }
  for (let code = 0x4e00; code < 0x5e00; code += 1) {  // the last bytes: one-letter keys
    try { localStorage.setItem(String.fromCharCode(code), ''); } catch (e) { break; }
  }
}"""
"""Fill the origin's localStorage quota to the last byte with another app's data."""


def seed_storage(page: Page, items: dict[str, str], full: bool = False) -> None:
    """Put ``items`` in localStorage before the page's scripts run (once per tab); ``full``:
    then fill the origin's real quota with another app's data (as a sibling project on the same
    github.io host could), so the page's writes meet the browser's own QuotaExceededError."""
    script = (f"if (!sessionStorage.getItem('seeded')) {{"
              f" for (const [k, v] of Object.entries({json.dumps(items)}))"
              f"   localStorage.setItem(k, v);")
    if full:
        script += f"({FILL_STORAGE})();"
    script += " sessionStorage.setItem('seeded', '1'); }"
    page.add_init_script(script)


def dice_record(seed: int, names: tuple[str, ...] = ("Ann", "Ben")) -> GameRecord:
    return new_record("dice-realm", [Seat(name=n) for n in names], seed=seed)


def warnings(page: Page) -> list[str]:
    result: list[str] = page.locator(
        '[data-testid="saves-warning"] p').evaluate_all("ps => ps.map(p => p.dataset.why)")
    return result


def export_file(page: Page) -> dict[str, Any]:
    with page.expect_download() as info:
        page.get_by_test_id("export-saves").tap()
    data: dict[str, Any] = json.loads(Path(info.value.path()).read_text())
    return data


def test_deep_nesting_damaged_and_newer_data_never_stop_the_page(page: Page,
                                                                 site_url: str) -> None:
    ok = dice_record(1)
    seed_storage(page, {
        "kingdoms.v1.settings": DEEP, "kingdoms.v2.saves": DEEP, "kingdoms.v1.saves": "[]",
        "kingdoms.v3.save.deep": DEEP, "kingdoms.v3.save.ok": save_value("ok", ok),
        "kingdoms.v3.save.nw": save_value("nw", dice_record(2), schema=4, updated=2e12),
    })
    page.goto(site_url)
    wait_ready(page)
    expect(page.get_by_test_id("save-entry")).to_have_count(2)
    expect(page.get_by_test_id("save-newer")).to_have_count(1)
    # Two damaged lists of one cause are said once (issue 21: the notice showed twice).
    assert sorted(warnings(page)) == ["damaged_list", "newer", "unreadable"]
    exported = export_file(page)
    assert len(exported["saves"]) == 2
    assert DEEP in {k["text"] for k in exported["kept"]}
    # New games are saved normally, next to what was set aside.
    start_game(page, site_url, "dice-realm", ["Cid", "Dee"], seed=3)
    dice_move(page)
    assert page.get_by_test_id("save-warning").count() == 0
    assert sorted(saved_moves(page)) == [0, 0, 1]


def test_storage_full_at_start_still_lists_exports_and_holds_every_game(page: Page,
                                                                      site_url: str) -> None:
    records = [dice_record(1), dice_record(2, ("Eve", "Fay"))]
    seed_storage(page, {f"kingdoms.v3.save.s{i}": save_value(f"s{i}", r, updated=1e12 + i)
                        for i, r in enumerate(records)}, full=True)
    page.goto(site_url)
    wait_ready(page)
    expect(page.get_by_test_id("save-entry")).to_have_count(2)
    assert "full" in warnings(page)
    exported = export_file(page)
    assert sorted(s["code"] for s in exported["saves"]) == sorted(map(encode_code, records))
    assert page.evaluate("""() => { try { localStorage.setItem('probe', '1'); return 'written'; }
                                    catch (e) { return e.name; } }""") == "QuotaExceededError"
    page.get_by_test_id("continue").tap()
    wait_ready(page, "game")
    # A save that does not grow still fits (the first one is even written more compactly than
    # the seeded one): the other app takes any space freed, and soon the game outgrows it.
    for _ in range(6):
        dice_move(page)
        if page.get_by_test_id("save-warning").count():
            break
        page.evaluate(FILL_STORAGE)
    expect(page.get_by_test_id("save-warning")).to_have_attribute("data-why", "held_full")
    continued = page_record(page)
    # A shared game opened now is held too, and said to be (no move was made).
    shared = dice_record(5, ("Gus", "Ida"))
    page.goto(f"{site_url}#g={encode_code(shared)}")
    page.reload()
    wait_ready(page)
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    warning = page.get_by_test_id("save-warning")
    expect(warning).to_have_attribute("data-why", "held_full")
    expect(warning).to_contain_text("kept in the browser's database")
    # A restart with storage still full: both games are listed, as they were played.
    page.goto(site_url)
    wait_ready(page)
    assert "held" in warnings(page)
    expect(page.get_by_test_id("save-entry")).to_have_count(3)
    listed = [decode_code(s["code"]) for s in export_file(page)["saves"]]
    assert continued in listed and shared in listed
    # The other app frees its space: at the next start both are saved into localStorage.
    page.evaluate("""() => { for (const key of Object.keys(localStorage))
                               if (!key.startsWith('kingdoms.')) localStorage.removeItem(key); }""")
    page.reload()
    wait_ready(page)
    assert held_badges(page) == 0 and "held" not in warnings(page)
    stored = [decode_code(s["code"]) for s in stored_saves(page)]
    assert continued in stored and shared in stored


def held_badges(page: Page) -> int:
    return page.get_by_test_id("save-held").count()


def test_the_500_limit_holds_a_new_game_through_a_restart_until_one_is_deleted(
        page: Page, site_url: str) -> None:
    """Issue 31: at the limit a new game used to live in memory only (a closed tab lost it).
    It is now held in the journal's database, listed after a restart, and saved the moment a
    deletion makes room."""
    items = {f"kingdoms.v3.save.s{i}": save_value(f"s{i}", dice_record(i), updated=1e12 + i)
             for i in range(499)}
    items["kingdoms.v3.save.nw"] = save_value("nw", dice_record(600), schema=4)
    seed_storage(page, items)
    page.goto(site_url)
    wait_ready(page)
    assert sorted(warnings(page)) == ["limit", "newer"]
    start_game(page, site_url, "dice-realm", ["Cid", "Dee"], seed=3)
    warning = page.get_by_test_id("save-warning")
    expect(warning).to_have_attribute("data-why", "held_limit")
    expect(warning).to_contain_text("500")
    expect(warning).to_contain_text("Nothing is lost")
    for _ in range(2):
        dice_move(page)
    played = page_record(page)
    # A restart: the game is listed (from the journal), and Continue opens it as it was.
    page.goto(site_url)
    wait_ready(page)
    assert sorted(warnings(page)) == ["held", "limit", "newer"]
    assert held_badges(page) == 1
    assert len(stored_saves(page)) == 500
    page.get_by_test_id("continue").tap()
    wait_ready(page, "game")
    assert page_record(page) == played
    # Deleting an old game makes room: the held game is saved into localStorage at once.
    page.goto(site_url)
    wait_ready(page)
    page.get_by_test_id("save-delete-s0").tap()
    page.get_by_test_id("confirm-ok").tap()
    expect(page.get_by_test_id("save-held")).to_have_count(0)
    assert sorted(warnings(page)) == ["limit", "newer"]
    assert played in [decode_code(s["code"]) for s in stored_saves(page)]


FOREIGN_JOURNAL = """() => new Promise(done => {
  const request = indexedDB.open('kingdoms-journal', 7);
  request.onupgradeneeded = () => {
    const db = request.result;
    for (const name of Array.from(db.objectStoreNames)) db.deleteObjectStore(name);
    db.createObjectStore('something-else');
  };
  request.onsuccess = () => { request.result.close(); done(request.result.version); };
  request.onerror = () => done(-1);
  request.onblocked = () => done(-2);
})"""
"""Turn the journal's database into a later version without its store (a future page, or
another app that took the name)."""

JOURNAL_SAVES = """() => window.kingdomsJournal.entries().then(
  entries => entries.filter(e => !e.deleted).map(e => e.key))"""


def test_a_journal_of_another_version_is_repaired_and_one_that_cannot_open_is_said(
        page: Page, context: BrowserContext, site_url: str) -> None:
    """Issue 31: the journal opened only version 1 of its database, so a later version or a
    missing store turned crash protection off without a word. Now it is repaired, and when
    IndexedDB cannot be opened at all the home screen says crash protection is off."""
    start_game(page, site_url, "dice-realm", ["Ann", "Ben"], seed=4)
    assert page.evaluate(FOREIGN_JOURNAL) == 7
    page.reload()
    wait_ready(page, "game")
    assert page.evaluate("window.kingdomsJournal.state") == "on"
    dice_move(page)
    page.evaluate("window.kingdomsJournal.settled()")
    [save] = stored_saves(page)
    assert page.evaluate(JOURNAL_SAVES) == [f"kingdoms.v3.save.{save['id']}"]
    page.goto(site_url)
    wait_ready(page)
    assert "journal_off" not in warnings(page)
    # A journal database that cannot be opened at all (nor deleted and made anew): the page
    # says so, and saves as before.
    blocked = context.new_page()
    blocked.add_init_script("""for (const name of ['open', 'deleteDatabase']) {
      const real = IDBFactory.prototype[name];
      IDBFactory.prototype[name] = function (db, ...rest) {
        if (db === 'kingdoms-journal') throw new DOMException('refused', 'UnknownError');
        return real.call(this, db, ...rest);
      };
    }""")
    blocked.goto(site_url)
    wait_ready(blocked)
    assert "journal_off" in warnings(blocked)
    expect(blocked.locator('[data-why="journal_off"]')).to_contain_text("Crash protection is off")
    expect(blocked.get_by_test_id("save-entry")).to_have_count(1)


PUT_JOURNAL = """(entries) => new Promise(done => {
  const request = indexedDB.open('kingdoms-journal');
  request.onsuccess = () => {
    const tx = request.result.transaction('saves', 'readwrite');
    for (const entry of entries) tx.objectStore('saves').put(entry);
    tx.oncomplete = () => { request.result.close(); done(true); };
    tx.onerror = () => done(false);
  };
  request.onerror = () => done(false);
})"""
"""Write entries straight into the journal's database (as a damaged or hostile one could)."""


def test_junk_and_high_revision_journal_entries_replace_and_delete_nothing(
        page: Page, site_url: str) -> None:
    """Issue 31: the replay copied any journal entry with a higher revision over the save, and
    any tombstone with a higher revision removed it. Now a copy stays only if it is the same
    game; the rest is put back, set aside (named on the home screen, in the export) and
    forgotten, and a tombstone removes only the game it was made for."""
    start_game(page, site_url, "dice-realm", ["Ann", "Ben"], seed=6)
    dice_move(page)
    played = page_record(page)
    [save] = stored_saves(page)
    key = f"kingdoms.v3.save.{save['id']}"
    other = save_value(save["id"], dice_record(77, ("Eve", "Fay")), rev=999)
    assert page.evaluate(PUT_JOURNAL, [
        {"key": key, "value": other, "rev": 999, "updated": 9e12, "deleted": False},
        {"key": "kingdoms.v3.save.junk", "value": '{"rev": 5, "updated": 1}', "rev": 5,
         "updated": 1, "deleted": False},
    ])
    page.goto(site_url)
    wait_ready(page)
    expect(page.get_by_test_id("save-entry")).to_have_count(1)
    assert [decode_code(s["code"]) for s in stored_saves(page)] == [played]
    assert "unreadable" in warnings(page)
    expect(page.locator('[data-why="unreadable"]')).to_contain_text("a different game")
    assert other in {k["text"] for k in export_file(page)["kept"]}
    # A tombstone of another game under the key removes nothing either.
    assert page.evaluate(PUT_JOURNAL, [{"key": key, "rev": 10**6, "updated": 9e12,
                                        "deleted": True, "created": 12345}])
    page.reload()
    wait_ready(page)
    assert [decode_code(s["code"]) for s in stored_saves(page)] == [played]
    page.get_by_test_id("continue").tap()
    wait_ready(page, "game")
    assert page_record(page) == played


# --------------------------------------------------------------------------- two tabs


def second_tab(context: BrowserContext, site_url: str) -> Page:
    """A second tab on the game the first one just played (its "Continue")."""
    other = context.new_page()
    other.goto(site_url)
    wait_ready(other)
    other.get_by_test_id("continue").tap()
    wait_ready(other, "game")
    return other


def test_two_tabs_alternating_moves_lose_nothing(page: Page, context: BrowserContext,
                                                 site_url: str) -> None:
    start_game(page, site_url, "dice-realm", ["Ann", "Ben"], seed=5)
    other = second_tab(context, site_url)
    tabs = [page, other]
    for turn in range(8):
        mover, watcher = tabs[turn % 2], tabs[(turn + 1) % 2]
        dice_move(mover)
        count = moves(mover)
        expect(watcher.get_by_test_id("game-screen")).to_have_attribute("data-moves",
                                                                         str(count))
    assert saved_moves(page) == [moves(page)] == [moves(other)]
    assert page_record(page) == page_record(other) == decode_code(stored_saves(page)[0]["code"])
    for tab in tabs:
        assert tab.get_by_test_id("tab-notice").count() == 0
        assert tab.get_by_test_id("save-warning").count() == 0


# --------------------------------------------------------------------------- names


def test_hostile_names_typed_by_link_and_imported(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    start_game(page, site_url, "dice-realm", [f"Ann\u202e\u0007{FAMILY}", "W" * 24], seed=9)
    assert stored_saves(page)[0]["names"] == [f"Ann{FAMILY}", "W" * 24]
    page.get_by_test_id("home").tap()
    wait_ready(page)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    # By link: a code carrying a name with an override and a NUL opens with the name cleaned,
    # and the clean code of the same game is recognised as the same save (no duplicate).
    clean = dice_record(21, ("Evil", "Ben"))
    dirty = encode_code(clean.model_copy(update={"seats": [
        Seat.model_construct(name="Ev\u202eil\u0000"), Seat.model_construct(name="Ben")]}))
    assert dirty != encode_code(clean)
    page.goto(site_url + "#g=" + dirty)
    wait_ready(page)
    expect(page.get_by_test_id("record-players")).to_contain_text("Evil")
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    page.goto(site_url)  # a real load (a new hash alone is a link followed in the open page)
    wait_ready(page)
    page.goto(site_url + "#g=" + encode_code(clean))
    expect(page.get_by_test_id("record-note")).to_contain_text("already saved")
    assert sorted(s["names"][0] for s in stored_saves(page)) == [f"Ann{FAMILY}", "Evil"]

    # Imported: the same dirty code in an export file is the same game again.
    page.goto(site_url)
    wait_ready(page)
    file = json.dumps({"format": "kingdoms-saves", "version": 1, "saves": [
        {"label": "\u202eevil\u0000", "game": "dice-realm", "names": ["x"], "code": dirty,
         "updated": 1, "created": 1}]})
    page.get_by_test_id("import-file").set_input_files(files=[
        {"name": "x.json", "mimeType": "application/json", "buffer": file.encode()}])
    expect(page.get_by_test_id("import-report")).to_contain_text("already here")
    assert len(stored_saves(page)) == 2


def test_codes_naming_a_computer_level_nobody_knows_never_open_a_stuck_game(
        page: Page, site_url: str) -> None:
    """Issue 21: a code whose computer seat names a level this version does not know
    (unknown, empty, cased, padded, an invisible character, none) opened, and the computer
    never moved. Each shows the game's summary with why it cannot be played, and no Load; the
    CLI refuses the same codes (tests/core)."""
    record = dice_record(21, ("Ann", "Cpu"))
    for level in ("grandmaster", "", "HARD", "hard ", "easy\u200d", None):
        strange = Seat.model_construct(name="Cpu", kind="bot", bot=level)
        code = encode_code(record.model_copy(update={"seats": [record.seats[0], strange]}))
        page.goto(site_url)
        wait_ready(page)
        page.goto(site_url + "#g=" + code)
        expect(page.get_by_test_id("record-problem")).to_contain_text(
            "computer player", timeout=30_000)
        expect(page.get_by_test_id("record-players")).to_contain_text("Ann")
        expect(page.get_by_test_id("record-load")).to_have_count(0)
        assert stored_saves(page) == []


# --------------------------------------------------------------------------- app manners


@pytest.mark.slow
def test_ready_offline_then_a_new_version_notice_and_reload(browser: Browser,
                                                            tmp_path: Path) -> None:
    """A copy of the site of its own (its service worker is changed mid-test: a new build)."""
    shutil.copytree(build.SITE, tmp_path / "site")
    server = build.make_server(0, tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/site/"
    context = browser.new_context(**{**TABLET_CONTEXT, "service_workers": "allow"})
    context.add_init_script(ERROR_RECORDER)
    try:
        page = context.new_page()
        page.goto(url)
        wait_ready(page)
        games_top = page.get_by_test_id("games").bounding_box()
        expect(page.get_by_test_id("offline-ready")).to_be_visible(timeout=120_000)
        # Issue 29: the news floats over the page's foot; nothing on the page moves.
        assert page.get_by_test_id("games").bounding_box() == games_top
        expect(page.get_by_test_id("update-notice")).to_have_count(0)
        # Mid-turn (the first roll made, the turn not over), a waiting new version is not shown.
        start_game(page, url, "dice-realm", ["Ann", "Ben"], seed=4)
        dice_move(page)
        worker = tmp_path / "site" / "sw.js"
        worker.write_text(worker.read_text() + "\n// a new build\n")
        page.evaluate("window.kingdomsBoot.checkForUpdate()")
        page.wait_for_function("window.kingdomsBoot.flag('updateWaiting')", timeout=120_000)
        expect(page.get_by_test_id("update-notice")).to_have_count(0)
        # Once the turn is over (and saved), it is.
        seat = page.get_by_test_id("turn-banner").get_attribute("data-seat")
        while page.get_by_test_id("turn-banner").get_attribute("data-seat") == seat:
            expect(page.get_by_test_id("update-notice")).to_have_count(0)
            dice_move(page)
        expect(page.get_by_test_id("update-notice")).to_be_visible()
        played = moves(page)
        with page.expect_navigation(timeout=60_000):
            page.get_by_test_id("update-reload").tap()
        wait_ready(page, "game")  # the saved game resumes in the new version
        assert moves(page) == played
        expect(page.get_by_test_id("update-notice")).to_have_count(0)
        assert "a new build" in page.evaluate(
            "fetch('./sw.js').then(r => r.text())")
        # The new version kept the words of the language the old one had kept (English here),
        # so the page stays playable offline in it.
        assert page.evaluate(KEPT_WORDS) == ["en"]
    finally:
        context.close()
        server.shutdown()
        server.server_close()


PERSIST_RECORDER = """
window.__persistAsked = 0;
Object.defineProperty(navigator, 'storage', {configurable: true, value: {
  persisted: () => Promise.resolve(window.__persistAsked > 0),
  persist: () => { window.__persistAsked += 1; return Promise.resolve(true); },
  estimate: () => Promise.resolve({usage: 0, quota: 1e9}),
}});"""
IPAD = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)"
        " Version/17.0 Safari/605.1.15")


def test_keep_saved_games_from_settings_and_install_steps_on_an_ipad(
        browser: Browser, site_url: str) -> None:
    context = browser.new_context(**{**TABLET_CONTEXT, "user_agent": IPAD})
    context.add_init_script(ERROR_RECORDER + PERSIST_RECORDER)
    try:
        page = context.new_page()
        page.goto(site_url)
        wait_ready(page)
        page.get_by_test_id("settings").tap()
        expect(page.get_by_test_id("install-hint")).to_contain_text("Add to Home Screen")
        page.get_by_test_id("persist-ask").tap()
        expect(page.get_by_test_id("persist-status")).to_contain_text("keeps your saved games")
        assert page.evaluate("window.__persistAsked") == 1
    finally:
        context.close()


def test_keeping_storage_is_asked_once_the_first_game_is_finished(page: Page,
                                                                  site_url: str) -> None:
    page.add_init_script(PERSIST_RECORDER)
    game = get_game("dice-realm")
    record = dice_record(3)
    state = replay(record)
    rng = random.Random(3)
    while True:  # one action before the end, played by the engine
        legal = list(game.legal_actions(state))
        action = rng.choice([a for a in legal if a.action_type != "pass"] or legal)
        after = game.apply(state, action)
        if game.is_over(after):
            break
        record = record.model_copy(update={"actions": [*record.actions,
                                                       game.encode_action(action)]})
        state = after
    page.goto(site_url + "#g=" + encode_code(record))
    wait_ready(page)
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    assert page.evaluate("window.__persistAsked") == 0
    while page.get_by_test_id("game-screen").get_attribute("data-over") != "true":
        dice_move(page)
    page.wait_for_function("window.__persistAsked === 1")


def test_a_storage_failure_at_start_offers_export_then_reset(page: Page, site_url: str) -> None:
    """The loading screen's rescue (boot.js): the failure is blamed on stored data, not the
    network; the export holds every kingdoms.* value; reset clears them; Import reads the
    rescue file back."""
    record = dice_record(8, ("Gil", "Hal"))
    seed_storage(page, {"kingdoms.v3.save.r1": save_value("r1", record)})
    page.add_init_script("""
      if (!sessionStorage.getItem('failed')) {
        sessionStorage.setItem('failed', '1');
        document.addEventListener('DOMContentLoaded', () => window.kingdomsBoot.fail(
          'Kingdoms could not start because of the data stored on this device.',
          'a test', 'storage'));
      }""")
    # Python never starts (as when reading storage stopped it): an empty PyScript.
    page.route("**/pyscript/core.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=""))
    page.goto(site_url)
    error = page.get_by_test_id("boot-error")
    expect(error).to_be_visible()
    expect(error).to_have_attribute("data-kind", "storage")
    expect(page.get_by_test_id("boot-rescue")).to_be_visible()
    with page.expect_download() as info:
        page.get_by_test_id("boot-export").tap()
    rescue = Path(info.value.path())
    items = json.loads(rescue.read_text())["items"]
    assert "kingdoms.v3.save.r1" in items
    page.unroute("**/pyscript/core.js")
    with page.expect_navigation():
        page.get_by_test_id("boot-reset").tap()
    wait_ready(page)
    assert stored_saves(page) == []
    page.get_by_test_id("import-file").set_input_files(str(rescue))
    expect(page.get_by_test_id("import-report")).to_contain_text("1 imported")
    assert [decode_code(s["code"]) for s in stored_saves(page)] == [record]


def _refuse(route: Route) -> None:
    route.abort()


def _damage(route: Route) -> None:
    """The download arrives cut short: a wasm header and then nothing."""
    route.fulfill(status=200, content_type="application/wasm", body=b"\x00asm\x01\x00\x00")


@pytest.mark.parametrize(("pattern", "failure"), [
    ("**/pyodide/pyodide.asm.wasm", _refuse), ("**/pyodide/pyodide.asm.wasm", _damage),
    ("**/pyodide/kingdoms-*", _refuse), ("**/pyscript.toml", _refuse)],
    ids=["runtime-refused", "runtime-damaged", "rules-refused", "config-refused"])
def test_files_that_cannot_load_are_blamed_on_the_network(page: Page, site_url: str,
                                                          guard: PageGuard, pattern: str,
                                                          failure: Callable[[Route], None]) -> None:
    """Pyodide swallows some failed downloads: a failed start of its WebAssembly runtime (it
    logs a warning and waits for ever), a wheel it could not fetch (Python starts without the
    app), and PyScript a config it could not fetch; the boot watches its own fetches and the
    runtime's start. Whether a refused runtime lands before or after Pyodide began compiling is
    a race (CI once lost it); a damaged one always lands after."""
    page.route(pattern, failure)
    page.goto(site_url)
    error = page.get_by_test_id("boot-error")
    expect(error).to_be_visible(timeout=60_000)
    expect(error).to_have_attribute("data-kind", "network")
    expect(page.get_by_test_id("boot-rescue")).to_be_hidden()
    expect(page.get_by_test_id("boot-retry")).to_be_visible()
    # The failed download is the one error the page may raise here.
    assert set(guard.page_errors) <= {"Failed to fetch"}
    guard.page_errors.clear()
