"""Hints in the real page (issue 27): asked on a person's turn, thought about in slices, shown
above the board with the best option's controls ringed; following the rings plays exactly the
suggested move; the panel fits a phone and a tablet in English and German and passes axe; the
count is in the record the table keeps.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from kingdoms.core.codes import encode_code
from kingdoms.core.records import hints_used

from .accessibility import serious_violations
from .conftest import open_shared
from .layout_checks import measure, screenshot
from .test_computers import page_record, start_with_computers
from .test_layout import burgrave_record


def ask(page: Page, name: str) -> list[str]:
    """Ask for a hint, wait for it; check the page as a player sees it; the ringed controls."""
    page.get_by_test_id("hint").tap()
    expect(page.locator('[data-testid=hint-panel][data-state=shown]')).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, name)
    failures = measure(page).failures()
    assert failures == {}, f"{name}: {failures}"
    found = serious_violations(page)
    assert found == [], [(v["id"], v.get("nodes")) for v in found]
    rings: list[str] = page.eval_on_selector_all(
        ".hint-target", "nodes => nodes.map(n => n.dataset.testid)")
    return rings


@pytest.mark.parametrize("sized_page", [("390x844", "de"), "1024x768"], indirect=True,
                         ids=["de-390x844", "en-1024x768"])
def test_a_dice_realm_hint_is_followed_and_fits(sized_page: Page, site_url: str) -> None:
    page = sized_page
    language = "de" if page.viewport_size == {"width": 390, "height": 844} else "en"
    start_with_computers(page, site_url, 5, "dice-realm", [("Ana", "person"), ("Ben", "easy")])
    page.get_by_test_id("roll").tap()
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "1")
    assert page.evaluate("document.documentElement.lang") == language
    rings = ask(page, f"hint-dice-realm-{language}")
    suggested = int(page.get_by_test_id("hint-option-0").get_attribute("data-code") or "-1")
    assert rings, "the best option's controls are ringed"
    for testid in rings:  # the dice to keep, then Roll (or the one control to take)
        page.get_by_test_id(testid).tap()
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", "2")
    record = page_record(page)
    assert record.actions[1] == suggested
    assert hints_used(record) == [1, 0]
    expect(page.get_by_test_id("hint-panel")).to_have_count(0)


@pytest.mark.parametrize("sized_page", ["768x1024"], indirect=True)
def test_a_burgrave_hint_mid_game(sized_page: Page, site_url: str) -> None:
    """Mid-game, at the strongest level, on a portrait tablet: the panel and the board both."""
    page = sized_page
    record = burgrave_record(150)
    open_shared(page, site_url, encode_code(record))
    # A tap anywhere outside the panel while it thinks (about 0.4 s here) cancels it; the tap
    # itself does what it does (the turn banner: nothing) and no move is made.
    banner = page.get_by_test_id("turn-banner").bounding_box()
    assert banner is not None
    page.get_by_test_id("hint").tap()
    page.touchscreen.tap(banner["x"] + banner["width"] / 2, banner["y"] + banner["height"] - 4)
    expect(page.get_by_test_id("hint-panel")).to_have_count(0)
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves",
                                                                 str(len(record.actions)))
    rings = ask(page, "hint-burgrave-768x1024")
    assert rings
    for testid in rings:
        expect(page.get_by_test_id(testid)).to_be_visible()


REVIEW_CASES = [(("390x844", "de"), "dice-realm"), ("1024x768", "dice-realm"),
                (("768x1024", "es"), "burgrave")]


@pytest.mark.parametrize(("sized_page", "game_id"), REVIEW_CASES, indirect=["sized_page"],
                         ids=["dice-realm-de-390x844", "dice-realm-en-1024x768",
                              "burgrave-es-768x1024"])
def test_a_finished_game_s_review(sized_page: Page, site_url: str, game_id: str,
                                  request: pytest.FixtureRequest) -> None:
    """From the end screen: the review runs with a progress bar, then shows the chances over the
    game and each person's costliest decisions exactly as CPython's review of the same record
    (determinism); it fits and passes axe; "open at this position" lands just before that
    move."""
    from kingdoms.core.coach import run
    from kingdoms.core.review import review
    from kingdoms_web.play.review import reviewed_seats

    page = sized_page
    size = request.node.callspec.params["sized_page"]
    language = size[1] if isinstance(size, tuple) else "en"
    record = finished_record(game_id)
    expected = run(review(record, reviewed_seats(record)))
    open_shared(page, site_url, encode_code(record))
    assert page.evaluate("document.documentElement.lang") == language
    page.get_by_test_id("end-review").tap()
    expect(page.get_by_test_id("review-progress")).to_be_visible()  # progress at once
    expect(page.locator("[data-testid=review][data-state=done]")).to_be_visible(timeout=60_000)
    lines = page.eval_on_selector_all(".review-line",
                                      "nodes => nodes.map(n => n.dataset.chances)")
    assert lines == [" ".join(f"{point[seat]:.4f}" for point in expected.curve)
                     for seat in range(len(record.seats))]  # the same figures as CPython's
    shown = page.eval_on_selector_all("[data-testid^=review-mistake-]",
                                      "nodes => nodes.map(n => [n.dataset.testid, "
                                      "Number(n.dataset.move)])")
    assert shown == [[f"review-mistake-{seat.seat}-{rank}", mistake.move]
                     for seat in expected.seats for rank, mistake in enumerate(seat.mistakes)]
    page.get_by_test_id("review").scroll_into_view_if_needed()
    screenshot(page, f"review-{game_id}-{language}")
    failures = measure(page).failures()
    assert failures == {}, failures
    found = serious_violations(page)
    assert found == [], [(v["id"], v.get("nodes")) for v in found]
    first = next(seat for seat in expected.seats if seat.mistakes)
    page.get_by_test_id(f"review-open-{first.seat}-0").tap()
    expect(page.get_by_test_id("replay-screen")).to_have_attribute(
        "data-step", str(first.mistakes[0].move - 1))


def finished_record(game_id: str) -> Any:
    """A finished game of people (played by computers of mixed levels, then handed to the
    review as the people's own)."""
    from kingdoms.core.bots import bot_for, bot_rng, choose
    from kingdoms.core.protocol import Seat
    from kingdoms.core.records import new_record
    from kingdoms.core.session import Session

    names = ["Ana", "Ben", "Cid"] if game_id == "burgrave" else ["Ana", "Ben", "Cid", "Dee"]
    session = Session(new_record(game_id, [Seat(name=name) for name in names], seed=7))
    game = session.game
    while not game.is_over(session.state):
        seat = game.current_seat(session.state)
        level = ("easy", "normal", "random")[seat % 3]
        session.act(choose(game, session.state, bot_for(game_id, level),
                           bot_rng(7, seat, session.moves)))
    return session.record
