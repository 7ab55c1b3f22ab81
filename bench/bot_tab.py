"""How long a computer's move takes in a real browser tab (headless Chromium), per level.

The page's own driver of computer seats (``kingdoms_web.play.computer``) leaves every move's
thinking in the tab's performance timeline as a ``kingdoms.think`` measure: its duration is the
wall time from the start of thinking to the answer (the frames between slices included), its
``detail`` the slices' own time added up ("busy"), the longest slice and the level. Here a
seeded game of two computers of one level is started from the home screen, as a person would,
at the "faster" pace, and the measures are read back until enough moves were made (a new game,
with the next seed, when one ends first). Nothing is timed from outside the page, so the figures
are what a player's tab spends, not what Playwright adds.

Run: ``python3 -m bench.bot_tab`` (after ``python3 build.py build``), or call :func:`bot_tab`
from ``bench/__main__.py``.
"""

from __future__ import annotations

import os
import statistics
import threading
from collections.abc import Callable
from typing import Any

import build  # run as ``python -m bench`` from the repository root, where build.py lives

from bench import percentile

SEED = 11
MOVES = {"dice-realm": 200, "burgrave": 150}
"""Moves timed per level (Burgrave's are a dozen decisions a turn, each its own move)."""
GAMES = {"dice-realm": "Dice Realm", "burgrave": "Burgrave"}
TARGETS = {
    ("dice-realm", "hard"): "target p95 ≤ 200 ms in the browser",
    ("burgrave", "hard"): "target p95 ≤ 1,000 ms in the browser",
}

READ = """() => ({
  over: document.querySelector('[data-testid=game-screen]')?.dataset.over === 'true',
  moves: performance.getEntriesByName('kingdoms.think').map(m => ({
    wall: m.duration, busy: m.detail.busy, longest: m.detail.longest,
    slices: m.detail.slices, level: m.detail.level})),
})"""



def _start(page: Any, url: str, game_id: str, level: str, seed: int) -> None:
    """A new game of two computers of ``level``, from the home screen, at the faster pace."""
    page.goto(f"{url}?seed={seed}")
    page.wait_for_function("document.body.dataset.ready === 'home'", timeout=120_000)
    page.get_by_test_id(f"new-game-{game_id}").click()
    page.get_by_test_id("new-game-game").select_option(game_id)
    page.get_by_test_id("seat-count").select_option("2")
    for number in (1, 2):
        page.get_by_test_id(f"seat-kind-{number}").select_option(level)
        page.get_by_test_id(f"seat-name-{number}").fill(f"{level.title()} {number}")
    page.get_by_test_id("new-game-start").click()
    page.wait_for_function("document.body.dataset.ready === 'game'", timeout=60_000)
    page.get_by_test_id("pace").click()


def measure(url: str, chromium: str, game_id: str, level: str,
            moves: int) -> list[dict[str, Any]]:
    """The ``kingdoms.think`` figures of at least ``moves`` moves of ``level`` (fewer if the
    tab stops making moves)."""
    from playwright.sync_api import sync_playwright

    from bench.tablet import tablet_page

    timed: list[dict[str, Any]] = []
    with sync_playwright() as playwright:
        browser, page = tablet_page(playwright, chromium)
        seed = SEED
        while len(timed) < moves:
            _start(page, url, game_id, level, seed)
            seen: dict[str, Any] = {"over": False, "moves": []}
            stalled = 0
            while not seen["over"] and len(timed) + len(seen["moves"]) < moves:
                page.wait_for_timeout(1000)
                count = len(seen["moves"])
                seen = page.evaluate(READ)
                stalled = stalled + 1 if len(seen["moves"]) == count else 0
                if stalled >= 60:  # a minute without a move: report what there is
                    break
            timed.extend(m for m in seen["moves"] if m["level"] == level)
            if stalled >= 60:
                break
            seed += 1
        browser.close()
    return timed[:moves]


def bot_tab(chromium: str, line: Callable[..., None],
            levels: tuple[str, ...] = ("easy", "normal", "hard")) -> None:
    """Print per level: the tab's time per move p50 / p95 (busy and wall) and its longest
    slice (``line(label, value, target)``)."""
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/site/"
    try:
        for game_id, title in GAMES.items():
            print(f"{title} bot time per move in a Chromium tab, 2-computer games (ms)")
            for level in levels:
                timed = measure(url, chromium, game_id, level, MOVES[game_id])
                busy = [m["busy"] for m in timed]
                wall = [m["wall"] for m in timed]
                longest = [m["longest"] for m in timed]
                line(f"{level}, tab p50 / p95 ({len(timed)} moves)",
                     f"{statistics.median(busy):.1f} / {percentile(busy, 0.95):.1f}",
                     TARGETS.get((game_id, level), ""))
                line(f"{level}, tab to the answer p50 / p95",
                     f"{statistics.median(wall):.1f} / {percentile(wall, 0.95):.1f}")
                line(f"{level}, tab longest slice p95 / max",
                     f"{percentile(longest, 0.95):.1f} / {max(longest):.1f}")
    finally:
        server.shutdown()
        server.server_close()


def _line(label: str, value: str, target: str = "") -> None:
    print(f"  {label:<46} {value:>14}   {target}")


if __name__ == "__main__":
    bot_tab(os.environ.get("KINGDOMS_CHROMIUM", "/usr/bin/chromium"), _line)
