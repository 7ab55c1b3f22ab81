"""Every interactive element of both boards has help (issue 12), checked in the browser: with
"What's this?" on, each control of a position of each game is clicked in turn and must
be answered by a glossary entry (a missing topic fails the test, naming the element)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from kingdoms.core.codes import encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game

from .conftest import open_shared

WALK = """() => {
  const controls = 'button, a, input, select, summary, textarea, [role=button], [tabindex]';
  const board = () => document.querySelector('.play-board');
  const count = board().querySelectorAll(controls).length;
  const out = [];
  for (let i = 0; i < count; i++) {
    const node = board().querySelectorAll(controls)[i];
    if (!node) break;
    const name = node.dataset.testid || (node.tagName.toLowerCase() + '.' + node.className);
    const before = document.querySelector('[data-testid="help-panel"]');
    if (before) before.dataset.term = '';
    node.click();  // answered synchronously: the page redraws before click() returns
    const panel = document.querySelector('[data-testid="help-panel"]');
    out.push([name, panel ? panel.dataset.term || '' : '']);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


def position(game_id: str, players: int, moves: int, seed: int) -> GameRecord:
    game = get_game(game_id)
    record = new_record(game_id, [Seat(name=n) for n in ("Ann", "Ben", "Cid", "Dee")[:players]],
                        seed=seed)
    state, rng = game.new_game(record.seats, seed), random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        record, state = append(record, game, state, rng.choice(game.legal_actions(state)))
    return record


@pytest.mark.parametrize(("game_id", "players", "moves"), [
    ("dice-realm", 3, 7), ("burgrave", 3, 31),
])
def test_every_control_on_the_board_is_answered_in_help_mode(
        page: Page, site_url: str, game_id: str, players: int, moves: int) -> None:
    open_shared(page, site_url, encode_code(position(game_id, players, moves, 5)))
    page.get_by_test_id("help-mode").tap()
    expect(page.get_by_test_id("help-panel")).to_be_visible()
    answers = page.evaluate(WALK)
    assert answers, "the board has no controls"
    assert [name for name, term in answers if not term] == []
