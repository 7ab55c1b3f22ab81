"""Playing by keyboard only, and what a screen reader hears (issue 30).

No tap and no click here: keys only (a ``focus()`` picks the first control of the new-game
dialog, as Tab would). After every key the focus must be on an element of the page, never its
body; each turn stays within its key budget (Dice Realm 12, Burgrave 25, counted here); and the
two live regions of ``index.html`` are the only ones, the same elements from the first key to
the last, saying the moves, the turns, the pass screen and the end.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import wait_ready

HEARD = """() => {
  window.__heard = [];
  const watch = () => {
    const regions = ['announce-polite', 'announce-urgent'].map(id => document.getElementById(id));
    window.__regions = regions;
    for (const region of regions) {
      new MutationObserver(() => window.__heard.push(
        [region.id, region.textContent.replace(/\\u00a0$/, '')])).observe(
        region, {childList: true, characterData: true, subtree: true});
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();
}"""
"""Records every change of the live regions (an init script: from the page's first paint)."""

FOCUS = """() => {
  const node = document.activeElement;
  if (!node || node === document.body) return null;
  return {testid: node.dataset.testid || '', id: node.id || '', tag: node.tagName,
          offer: node.hasAttribute('data-offer'), text: node.textContent.trim().slice(0, 60)};
}"""

SAME_REGIONS = """() => {
  const live = [...document.querySelectorAll('[aria-live]')];
  return live.length === 2 && window.__regions.every(r => r.isConnected && live.includes(r));
}"""

BUDGET = {"dice-realm": 12, "burgrave": 25}
"""Key presses a turn may take (the issue's targets)."""


@pytest.fixture(scope="module")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**tablet_context_args, "reduced_motion": "reduce"}


def state(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("""() => {
      const screen = document.querySelector('[data-testid=game-screen]');
      const banner = document.querySelector('[data-testid=turn-banner]');
      return {moves: screen ? Number(screen.dataset.moves) : -1,
              over: screen ? screen.dataset.over === 'true' : false,
              passing: !!document.querySelector('[data-testid=pass-screen]'),
              seat: banner && !document.querySelector('[data-testid=pass-screen]')
                ? banner.dataset.seat : null};
    }""")
    return found


def start_by_keys(page: Page, site_url: str, game_id: str) -> None:
    """A new game for Ann and Ben, from the home screen by keys."""
    page.add_init_script(f"({HEARD})()")
    page.goto(f"{site_url}?seed=6")
    wait_ready(page)
    page.get_by_test_id(f"new-game-{game_id}").focus()
    page.keyboard.press("Enter")
    page.get_by_test_id("seat-count").select_option("2")  # Burgrave offers a solo game first
    page.get_by_test_id("seat-name-1").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("Ann")
    page.get_by_test_id("seat-name-2").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("Ben")
    page.get_by_test_id("new-game-start").focus()
    page.keyboard.press("Enter")
    wait_ready(page, "game")


def play_by_enter(page: Page, game_id: str, turns: int | None) -> dict[str, int]:
    """Press Enter on whatever the page focused, turn after turn: the focus must always be on
    the next decision's control. Returns each turn's key presses (by "seat:turn")."""
    keys: dict[str, int] = {}
    turn, seat = 0, None
    for _ in range(1500):
        now = state(page)
        if now["over"] or (turns is not None and turn > turns):
            break
        if now["seat"] is not None and now["seat"] != seat:
            seat, turn = now["seat"], turn + 1
        focus = page.evaluate(FOCUS)
        assert focus is not None, f"focus on the body at {now}"
        assert focus["testid"] != "turn-banner", f"a person's turn without a control: {now}"
        page.keyboard.press("Enter")
        keys[f"{seat}:{turn}"] = keys.get(f"{seat}:{turn}", 0) + 1
        assert keys[f"{seat}:{turn}"] <= BUDGET[game_id], (
            f"turn {turn} of seat {seat} over budget; focus on {focus}")
    else:
        raise AssertionError("the game did not end")
    return keys


def heard(page: Page) -> list[str]:
    said: list[list[str]] = page.evaluate("window.__heard")
    return [text for region, text in said if region == "announce-polite" and text]


def test_a_whole_dice_realm_game_for_two_by_keyboard(page: Page, site_url: str) -> None:
    start_by_keys(page, site_url, "dice-realm")
    # The first Tab stop is "Go to the current question", which lands on Roll.
    page.locator("header").evaluate("header => { header.tabIndex = -1; header.focus(); }")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS)["testid"] == "skip-to-question"
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUS)["testid"] == "roll"
    keys = play_by_enter(page, "dice-realm", None)
    assert state(page)["over"]
    assert page.evaluate(FOCUS)["id"] == "end-heading"
    assert max(keys.values()) <= BUDGET["dice-realm"] and len(keys) >= 10
    said = heard(page)
    assert said[0].endswith("'s turn. Roll all six dice to start your turn.")
    assert any(text.startswith("Ann rolled ") for text in said)
    assert any(text.startswith("Ben rolled ") for text in said)
    assert any("Ann's turn." in text for text in said) and \
        any("Ben's turn." in text for text in said)
    assert "Game over. " in said[-1] and " wins!" in said[-1]
    assert page.evaluate(SAME_REGIONS)


def test_three_burgrave_turns_by_keyboard(page: Page, site_url: str) -> None:
    start_by_keys(page, site_url, "burgrave")
    assert page.evaluate(FOCUS)["testid"] == "pass-ready"
    keys = play_by_enter(page, "burgrave", 6)
    assert max(keys.values()) <= BUDGET["burgrave"]
    said = heard(page)
    assert said[0].startswith("Pass the device to ")
    assert sum("Pass the device to " in text for text in said) >= 4
    assert any(" plays the " in text for text in said)  # a card played, in the engine's words
    assert any("'s turn. " in text for text in said)
    assert page.evaluate(SAME_REGIONS)
