"""Motion that explains (issue 13) in Chromium: a Burgrave move makes the pawn walk, briefly,
space by space the way the engine's view says it went, without holding up the next tap, and
not at all when the player asks for reduced motion.

One page, one position (prepared on CPython, opened by its share link), three moves: cheap on
purpose (CI's time budget). The unit tests (``tests/web/test_motion.py``) check every kind of
motion against the engine's views; this checks what only a browser can: that the marks become
running animations of at most 400 ms (the walk a Web Animation named by its ``id``, the rest
CSS), that the walking pawn really stands on each space of its path in turn, and that reduced
motion stops them.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from kingdoms.burgrave.game import GAME
from kingdoms_web import i18n
from kingdoms_web.games.burgrave import model as M

from .test_burgrave import moves, open_record, plan

pytestmark = pytest.mark.usefixtures("no_console_errors")

PLAY = """async (path) => {
  for (const testid of path) document.querySelector(`[data-testid="${testid}"]`).click();
  const confirm = document.querySelector('[data-offer].is-confirming');
  if (confirm) confirm.click();
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  const pawn = document.querySelector(
    '[data-testid="board"] [data-motion-from], [data-testid="board"] [data-motion-path]');
  return {
    marked: pawn ? pawn.className : null,
    path: pawn ? pawn.getAttribute('data-motion-path') : null,
    running: document.getAnimations().map(a => ({
      name: a.animationName || a.id, duration: a.effect.getComputedTiming().duration,
      frames: a.effect.getKeyframes().length, target: a.effect.target.className})),
  };
}"""
"""Take a move by its controls (in one go, so nothing can finish unseen), then report the
marked pawn and every animation running once the new board is painted."""

STOPS = """(path) => {
  const walk = document.getAnimations().find(a => a.id === 'bg-walk');
  walk.pause();
  const pawn = walk.effect.target, hops = path.length - 1, on = [];
  for (let k = 0; k <= hops; k++) {
    walk.currentTime = walk.effect.getComputedTiming().duration * k / hops;
    const box = pawn.getBoundingClientRect();
    const space = document.querySelector(`[data-testid="space-${path[k]}"]`)
      .getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    on.push(x >= space.left && x <= space.right && y >= space.top && y <= space.bottom);
  }
  walk.play();
  return on;
}"""
"""Stop the walk at each stop's moment in turn: is the pawn's centre on that space?"""


@pytest.fixture(scope="session")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


def far_move(state: Any, action: Any) -> bool:
    """A move of three steps or more by a burgrave already on the board (spaces between)."""
    seat = GAME.current_seat(state)
    if action.action_type != "move" or state.players[seat].space < 0:
        return False
    moved = GAME.view(GAME.apply(state, action), None)["players"][seat]["last_move"]
    return moved is not None and len(moved["path"]) >= 4


def test_a_move_walks_the_pawn_briefly_and_not_under_reduced_motion(page: Page,
                                                                   site_url: str) -> None:
    record, state, action = plan(1, far_move)
    i18n.set_language("en")
    seat = GAME.current_seat(state)
    path = M.control_path(action, GAME.view(state, seat), M.build_prompt(GAME.prompt(state)))
    open_record(page, site_url, record)
    before = moves(page)
    # Slowed (Chromium's animation domain) so that a busy machine cannot finish the walk before
    # it is looked at; the durations read are the animations' own.
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.1})

    walked = GAME.view(GAME.apply(state, action), None)["players"][seat]["last_move"]["path"]

    seen = page.evaluate(PLAY, path)
    assert seen["path"] == " ".join(f"space-{s}" for s in walked), seen
    walks = [a for a in seen["running"] if a["name"] == "bg-walk"]
    assert len(walks) == 1 and "bg-pawn" in walks[0]["target"], seen
    assert walks[0]["frames"] == 2 * (len(walked) - 1) + 1  # a stop and a hop per space
    ours = [a for a in seen["running"] if a["name"].startswith(("bg-", "dr-"))]
    assert all(0 < a["duration"] <= 400 for a in ours), ours
    assert moves(page) == before + 1
    assert page.evaluate(STOPS, walked) == [True] * len(walked)  # on each space in turn

    # A tap while the pawn is still walking is taken at once (nothing waits on the motion).
    assert page.evaluate(
        "document.getAnimations().some(a => (a.animationName || a.id) === 'bg-walk')")
    page.get_by_test_id("undo").tap()
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", str(before))

    page.emulate_media(reduced_motion="reduce")
    seen = page.evaluate(PLAY, path)
    assert seen["marked"] is not None and "bg-walk" in seen["marked"]  # marked, yet still
    assert seen["running"] == []
    assert moves(page) == before + 1
