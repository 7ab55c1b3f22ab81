"""Two tabs of one game writing at the same moment (issue 31, item 3), in real Chromium.

Each tab's localStorage is a copy the browser brings up to date a moment later, so two tabs that
move at once can each write the next revision over the same one. Before the fix, each then took
the other's different game for its own and went on silently (3 of 15 tries by hand; undo against
a move, 4 of 10). The taps here are fired from inside each page at a chosen ``Date.now()``, the
same millisecond or apart by a chosen delay, in both orders.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from kingdoms.core.codes import decode_code
from kingdoms.core.session import replay
from kingdoms_web import i18n
from kingdoms_web.games.burgrave import model as M

from .conftest import stored_saves
from .test_hostile import (
    BURGRAVE,
    burgrave_move,
    moves,
    page_record,
    second_tab,
    start_game,
    through_pass,
)


@pytest.fixture(scope="session")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


FIRE = """([ids, at]) => { setTimeout(() => {
  try {
    for (const id of ids) document.querySelector(`[data-testid="${id}"]`).click();
    const again = document.querySelector('[data-offer].is-confirming');
    if (again) again.click();  // a move that cannot be taken back asks for a second tap
  } catch (e) { console.log('the tap found no control: ' + e); }
}, Math.max(0, at - Date.now())); }"""
"""Tap controls from inside the page at the time ``at`` (``Date.now()``: one clock for every tab,
so two tabs' taps can be set to the same millisecond or apart by a chosen delay)."""


def one_tap_moves(page: Page) -> list[str]:
    """The testids of every Burgrave move the page offers as one control, now."""
    state = replay(page_record(page))
    i18n.set_language("en")
    prompt = M.build_prompt(BURGRAVE.prompt(state))
    assert prompt is not None
    view = BURGRAVE.view(state, BURGRAVE.current_seat(state))
    found = []
    for action in BURGRAVE.legal_actions(state):
        with contextlib.suppress(LookupError):
            path = M.control_path(action, view, prompt)
            if len(path) == 1:
                found.append(path[0])
    return found


def divergence(tabs: list[Page]) -> str:
    """"" when every tab either shows exactly the stored game or says it no longer saves it;
    else what each tab shows and stores. (What a tab shows is read first: that lets each tab
    run the tasks it has queued, among them the browser's news of the other tab's writes.)"""
    shown = [page_record(tab) for tab in tabs]
    notices = [tab.get_by_test_id("tab-notice").count() for tab in tabs]
    stored = [[decode_code(s["code"]) for s in stored_saves(tab)] for tab in tabs]
    if all(len(copy) == 1 and copy[0] == stored[0][0] for copy in stored) and all(
            notice or record == stored[0][0]
            for notice, record in zip(notices, shown, strict=True)):
        return ""
    return "; ".join(
        f"tab {n}: shows {record.actions}, stores {[r.actions for r in copy]}, "
        f"notice {notice}, said {tab.get_by_test_id('play-notice').inner_text()!r}"
        for n, (record, copy, notice, tab)
        in enumerate(zip(shown, stored, notices, tabs, strict=True)))


@pytest.mark.slow
def test_two_tabs_colliding_on_moves_and_undo_never_diverge_silently(
        page: Page, context: BrowserContext, site_url: str) -> None:
    """Issue 31: two tabs that write the same revision at once (a tab's localStorage is a
    copy the browser updates a moment later) used to take each other's different game for
    their own. Moves against moves and undo against a move, in both orders and at varied
    delays: each tab ends showing the stored game, or says it stopped saving and offers it."""
    start_game(page, site_url, "burgrave", ["Ana", "Ben"], seed=21)
    other = second_tab(context, site_url)
    tabs = [page, other]
    rng = random.Random(21)
    attempts = 0
    for round_number, (delay_a, delay_b) in enumerate(
            [(0, 0), (0, 25), (25, 0), (0, 120), (0, 0), (60, 0), (0, 0), (0, 10)]):
        for tab in tabs:
            through_pass(tab)
        moves_now = [moves(tab) for tab in tabs]
        assert moves_now[0] == moves_now[1]
        offered = one_tap_moves(page)
        if len(offered) < 2:
            burgrave_move(page, rng)
            expect(other.get_by_test_id("game-screen")).to_have_attribute(
                "data-moves", str(moves(page)))
            continue
        undo = page.get_by_test_id("undo")
        first = ["undo"] if round_number % 2 and undo.is_enabled() else [offered[0]]
        at = page.evaluate("Date.now()") + 400
        page.evaluate(FIRE, [first, at + delay_a])
        other.evaluate(FIRE, [[offered[-1]], at + delay_b])
        attempts += 1
        # Judge only once both taps were made (checking before would pass on the old game).
        page.wait_for_function("at => Date.now() > at", arg=at + max(delay_a, delay_b) + 50)
        for _ in range(100):  # following a move takes a tab a moment on a slow machine
            if not divergence(tabs):
                break
            page.wait_for_timeout(200)
        assert divergence(tabs) == "", f"round {round_number}"
        page.wait_for_timeout(300)  # late storage events change nothing either
        assert divergence(tabs) == "", f"round {round_number}"
        for tab in tabs:
            if tab.locator("dialog[open]").count():  # a late tap on a read-only board's card
                tab.keyboard.press("Escape")
            if tab.get_by_test_id("tab-latest").count():
                tab.get_by_test_id("tab-latest").tap()
        stored = decode_code(stored_saves(page)[0]["code"])
        for tab in tabs:
            expect(tab.get_by_test_id("game-screen")).to_have_attribute(
                "data-moves", str(len(stored.actions)))
            assert page_record(tab) == stored
    assert attempts >= 4


