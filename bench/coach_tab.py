"""How long a hint and a whole game's review take in a real browser tab (headless Chromium).

The page leaves each hint's and each review's work in the tab's performance timeline
(``kingdoms.hint``, ``kingdoms.review`` measures: the wall time from asking to the answer, and in
``detail`` the slices' own time and the longest slice, the most the page was held at once).
Here seeded positions are opened through share links as a player would open them, a hint is
asked at each, and a finished 4-player game of each title is reviewed from its end screen.

Run: ``python3 -m bench.coach_tab`` (after ``python3 build.py build``), or through
``python3 build.py bench``.
"""

from __future__ import annotations

import os
import statistics
import threading
from collections.abc import Callable
from typing import Any

import build  # run as ``python -m bench`` from the repository root, where build.py lives

from bench import percentile
from kingdoms.core.bots import bot_for, bot_rng, choose
from kingdoms.core.codes import encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, new_record
from kingdoms.core.session import Session

HINTS = {"dice-realm": 20, "burgrave": 12}
"""Positions a hint is asked at, per game."""
SPACING = {"dice-realm": 3, "burgrave": 23}
"""Moves between those positions (each from a game of its own seed)."""
TARGETS = {"hint": "target p95 ≤ 1,000 ms; longest slice ≤ 200 ms",
           ("review", "dice-realm"): "target ≤ 5 s", ("review", "burgrave"): "target ≤ 30 s"}
READ = """name => performance.getEntriesByName(name).map(m => ({
  wall: m.duration, busy: m.detail.busy, longest: m.detail.longest}))"""


def played(game_id: str, seed: int, moves: int | None) -> GameRecord:
    """Four people's seats played by computers of mixed levels: ``moves`` actions (to the end
    when None), stopped where a person is to choose between several actions."""
    session = Session(new_record(game_id, [Seat(name=name) for name in "ABCD"], seed=seed))
    game = session.game
    while not game.is_over(session.state):
        if moves is not None and session.moves >= moves \
                and len(game.legal_actions(session.state)) > 1:
            break
        seat = game.current_seat(session.state)
        assert seat is not None
        level = ("easy", "normal", "random", "easy")[seat]
        session.act(choose(game, session.state, bot_for(game_id, level),
                           bot_rng(seed, seat, session.moves)))
    return session.record


def _open(page: Any, url: str, record: GameRecord) -> None:
    page.goto("about:blank")
    page.goto(f"{url}#g={encode_code(record)}")
    page.wait_for_function("document.body.dataset.ready === 'home'", timeout=120_000)
    page.get_by_test_id("record-load").click()
    page.wait_for_function("document.body.dataset.ready === 'game'", timeout=60_000)
    ready = page.get_by_test_id("pass-ready")
    if ready.count():
        ready.click()


def measure(url: str, chromium: str) -> dict[tuple[str, str], Any]:
    """The hints' and the reviews' figures, per game."""
    from playwright.sync_api import sync_playwright

    from bench.tablet import tablet_page

    found: dict[tuple[str, str], Any] = {}
    with sync_playwright() as playwright:
        browser, page = tablet_page(playwright, chromium)
        for game_id, count in HINTS.items():
            for number in range(count):
                record = played(game_id, 100 + number, 6 + SPACING[game_id] * number)
                session = Session(record)
                if session.game.is_over(session.state):
                    continue  # that game ended sooner
                _open(page, url, record)
                page.get_by_test_id("hint").click()
                page.wait_for_selector("[data-testid=hint-panel][data-state=shown]",
                                       timeout=60_000)
                found.setdefault(("hint", game_id), []).extend(
                    page.evaluate(READ, "kingdoms.hint"))
            _open(page, url, played(game_id, 7, None))
            page.get_by_test_id("end-review").click()
            page.wait_for_selector("[data-testid=review-progress]", timeout=5_000)
            page.wait_for_selector("[data-testid=review][data-state=done]", timeout=300_000)
            found[("review", game_id)] = page.evaluate(READ, "kingdoms.review")
        browser.close()
    return found


def coach_tab(chromium: str, line: Callable[..., None]) -> None:
    """Print per game: a hint's time p50 / p95 and its longest slice; a 4-player review's time
    and its longest slice."""
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/site/"
    try:
        found = measure(url, chromium)
    finally:
        server.shutdown()
        server.server_close()
    for game_id in HINTS:
        print(f"{game_id}: hints and a review in a Chromium tab (ms)")
        hints = found.get(("hint", game_id), [])
        wall = [m["wall"] for m in hints]
        longest = [m["longest"] for m in hints]
        if wall:
            line(f"hint to the answer p50 / p95 ({len(wall)} hints)",
                 f"{statistics.median(wall):.0f} / {percentile(wall, 0.95):.0f}", TARGETS["hint"])
            line("hint longest slice p95 / max",
                 f"{percentile(longest, 0.95):.0f} / {max(longest):.0f}")
        for review in found.get(("review", game_id), []):
            line("review of a finished 4-player game", f"{review['wall']:.0f}",
                 TARGETS[("review", game_id)])
            line("review longest slice", f"{review['longest']:.0f}")


if __name__ == "__main__":
    coach_tab(os.environ.get("KINGDOMS_CHROMIUM", "/usr/bin/chromium"),
              lambda label, value, target="": print(f"  {label:<46} {value:>14}   {target}"))
