"""Driving the Burgrave screen from browser tests."""

from __future__ import annotations

import random
from collections.abc import Iterable

from playwright.sync_api import Page

from kingdoms.core.records import GameRecord
from kingdoms.core.registry import get_game
from kingdoms.core.session import replay
from kingdoms_web import i18n
from kingdoms_web.games.burgrave import model as M


def tap_controls(page: Page, testids: Iterable[str]) -> None:
    """Tap each control in turn; a prompt button whose move cannot be undone asks for a second
    tap (it shows ``is-confirming``), which is given."""
    last = None
    for testid in testids:
        last = page.get_by_test_id(testid)
        last.tap()
    if last is not None and page.locator("[data-offer].is-confirming").count():
        last.tap()


def one_tap_action(record: GameRecord, rng: random.Random) -> str:
    """The control (its test id) of a legal action, picked by ``rng``, that the page offers as
    one tap in ``record``'s position (read by the page's own model of the prompt)."""
    game = get_game("burgrave")
    state = replay(record)
    i18n.set_language("en")
    prompt = M.build_prompt(game.prompt(state))
    assert prompt is not None
    view = game.view(state, game.current_seat(state))
    legal = list(game.legal_actions(state))
    rng.shuffle(legal)
    for action in legal:
        try:
            path = M.control_path(action, view, prompt)
        except LookupError:
            continue
        if len(path) == 1:
            return path[0]
    raise AssertionError("no one-tap action offered")
