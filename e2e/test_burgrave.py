"""Burgrave in Chromium: whole games and single actions played by tapping the page.

Positions are prepared on CPython (seeded random play with the very engine the page runs) and
opened in the page through a ``#g=`` share link; from there every action is a tap on the control
the page offers for it (``games.burgrave.model.control_path``). The scores the page shows at the end
are checked against the engine's result for the same record replayed on CPython.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from kingdoms.burgrave.game import GAME
from kingdoms.core.codes import decode_code, encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.session import replay
from kingdoms.core.text import render
from kingdoms_web import i18n
from kingdoms_web.games.burgrave import model as M

from .burgrave_page import tap_controls
from .conftest import ROOT, page_fragment, wait_ready

NAMES = ["Ana", "Ben", "Cid"]
GAME_TIMEOUT_MS = 30_000


pytestmark = pytest.mark.usefixtures("no_console_errors")


@pytest.fixture(scope="session")
def browser_context_args(tablet_context_args: dict[str, Any]) -> dict[str, Any]:
    return tablet_context_args


# --------------------------------------------------------------------------- helpers


def policy(rng: random.Random, legal: list[Any]) -> Any:
    """Seeded random play that prefers doing something to passing (games end sooner)."""
    active = [a for a in legal if a.action_type != "pass"]
    return rng.choice(active or legal)


def plan(seed: int, stop: Callable[[Any, Any], bool], names: list[str] | None = None,
         cap: int = 4000) -> tuple[GameRecord, Any, Any]:
    """Play seeded random moves on CPython until ``stop(state, action)`` holds for a legal
    action; returns the record before it, its state and that action."""
    record = new_record("burgrave", [Seat(name=n) for n in names or NAMES], seed=seed)
    state = replay(record)
    rng = random.Random(seed)
    for _ in range(cap):
        legal = GAME.legal_actions(state)
        for action in legal:
            if stop(state, action):
                return record, state, action
        record, state = append(record, GAME, state, policy(rng, legal))
        if GAME.is_over(state):
            break
    raise AssertionError("the planned position never came up")


def open_record(page: Page, url: str, record: GameRecord) -> None:
    """Open a share link: the summary comes first, then "Load this game"."""
    page.goto(url + "#g=" + encode_code(record))
    wait_ready(page)
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    through_pass(page)


def through_pass(page: Page) -> None:
    ready = page.get_by_test_id("pass-ready")
    if ready.count():
        ready.tap()
        expect(page.get_by_test_id("burgrave-screen")).to_be_visible()


def decision(state: Any) -> str:
    """The kind of decision pending (what the engine's prompt says)."""
    prompt = GAME.prompt(state)
    return prompt.kind if prompt is not None else ""


def moves(page: Page) -> int:
    return int(page.get_by_test_id("game-screen").get_attribute("data-moves") or 0)


def take(page: Page, state: Any, action: Any) -> None:
    """Tap the controls that take ``action`` in ``state`` (the page shows the same state)."""
    i18n.set_language("en")
    view = GAME.view(state, GAME.current_seat(state))
    prompt = M.build_prompt(GAME.prompt(state), building=getattr(action, "building", None))
    assert prompt is not None
    before = moves(page)
    tap_controls(page, M.control_path(action, view, prompt))
    expect(page.get_by_test_id("game-screen")).to_have_attribute("data-moves", str(before + 1))


def start_new_game(page: Page, url: str, seed: int, names: list[str]) -> None:
    page.goto(url + f"?seed={seed}")
    wait_ready(page)
    page.get_by_test_id("new-game-burgrave").tap()
    page.get_by_test_id("new-game-game").select_option("burgrave")
    page.get_by_test_id("seat-count").select_option(str(len(names)))
    for number, name in enumerate(names, start=1):
        page.get_by_test_id(f"seat-name-{number}").fill(name)
    page.get_by_test_id("new-game-start").tap()
    wait_ready(page, "game")


OFFERS = """() => ({
  pass: !!document.querySelector('[data-testid="pass-ready"]'),
  over: document.querySelector('[data-testid="game-screen"]')?.dataset.over === 'true',
  offers: [...document.querySelectorAll('[data-offer]')].map(e => e.dataset.testid),
})"""


def current_record(page: Page) -> GameRecord:
    fragment = page_fragment(page)
    code = fragment.split("#g=", 1)[1].split("&", 1)[0]
    return decode_code(code)


# --------------------------------------------------------------------------- whole game


@pytest.mark.slow
def test_a_whole_seeded_three_player_game_by_taps(page: Page, site_url: str) -> None:
    start_new_game(page, site_url, 2026, NAMES)
    rng = random.Random(2026)
    for _ in range(5000):
        seen = page.evaluate(OFFERS)
        if seen["over"]:
            break
        if seen["pass"]:
            page.get_by_test_id("pass-ready").tap()
            continue
        offers = seen["offers"]
        assert offers, "nothing to tap"
        active = [o for o in offers if o != "action-pass"]
        page.get_by_test_id(rng.choice(active or offers)).tap()
    else:
        pytest.fail("the game did not end within the cap")
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    record = current_record(page)
    result = GAME.result(replay(record))
    for score in result.scores:
        expect(page.get_by_test_id(f"final-score-{score.seat}")).to_have_text(str(score.total))
        expect(page.get_by_test_id(f"breakdown-{score.seat}-total")).to_have_text(
            str(score.total))
        for key, value in score.breakdown.items():
            expect(page.get_by_test_id(f"breakdown-{score.seat}-{key}")).to_have_text(
                str(value))


# --------------------------------------------------------------------------- each primary action


@pytest.mark.parametrize("kind", ["trade", "build", "place_workers", "transcribe"])
def test_each_primary_action_by_taps(page: Page, site_url: str, kind: str) -> None:
    record, state, action = plan(1, lambda _s, a: a.action_type == kind)
    open_record(page, site_url, record)
    expect(page.get_by_test_id("prompt-title")).to_contain_text("Primary action")
    text = render(GAME.describe(state, action, GAME.apply(state, action)))
    take(page, state, action)
    through_pass(page)
    expect(page.get_by_test_id("log")).to_contain_text(text)


def _cascades(state: Any, action: Any) -> bool:
    if action.action_type != "place_workers":
        return False
    seat = GAME.current_seat(state)
    after = GAME.apply(state, action)
    return sum(row[seat] for row in after.tier2) > sum(row[seat] for row in state.tier2)


def test_a_castle_cascade(page: Page, site_url: str) -> None:
    record, state, action = plan(1, _cascades)
    seat = GAME.current_seat(state)
    open_record(page, site_url, record)
    take(page, state, action)
    after = GAME.apply(state, action)
    name = NAMES[seat]
    sections = [s for s in range(5) if after.tier2[s][seat] > state.tier2[s][seat]]
    assert sections
    through_pass(page)
    label = page.get_by_test_id(f"section-{sections[0]}").get_attribute("aria-label") or ""
    assert f"{name}: {after.tier2[sections[0]][seat]} worker" in label
    assert "in tier 2" in label


# --------------------------------------------------------------------------- privacy


def test_the_next_hand_stays_hidden_until_its_player_taps(page: Page, site_url: str) -> None:
    record, state, _action = plan(3, lambda s, _a: decision(s) == "play_card" and s.round >= 1)
    open_record(page, site_url, record)
    seat = GAME.current_seat(state)
    expect(page.get_by_test_id("hand")).to_be_visible()
    rng = random.Random(5)
    for _ in range(80):  # finish this seat's turn by taps
        if page.get_by_test_id("pass-screen").count():
            break
        offers = page.evaluate(OFFERS)["offers"]
        page.get_by_test_id(rng.choice(offers)).tap()
    expect(page.get_by_test_id("pass-screen")).to_be_visible()
    nxt = replay(current_record(page))
    other = GAME.current_seat(nxt)
    assert other != seat
    hand = GAME.view(nxt, other)["players"][other]["hand"]
    # Nothing of the next hand is in the page until its player taps "ready".
    expect(page.get_by_test_id("burgrave-screen")).to_have_count(0)
    expect(page.get_by_test_id("hand")).to_have_count(0)
    expect(page.locator('[data-testid^="hand-card-"], .bg-card-hand')).to_have_count(0)
    page.get_by_test_id("pass-ready").tap()
    expect(page.locator('[data-testid^="hand-card-"]')).to_have_count(len(hand))


# --------------------------------------------------------------------------- tablet layout

LAYOUT = """() => {
  // Boxes in window coordinates, each clipped by its scrolling ancestors (the board, the panel
  // and the hand drawer scroll on their own): a control scrolled out of its panel is not on
  // screen, and must not count as lying on top of what is beside that panel.
  const width = window.innerWidth;
  const clip = el => {
    const r = el.getBoundingClientRect();
    let box = {l: r.left, t: r.top, r: r.right, b: r.bottom};
    for (let a = el.parentElement; a; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (a !== document.documentElement && a !== document.body
          && (cs.overflowX !== 'visible' || cs.overflowY !== 'visible')) {
        const ar = a.getBoundingClientRect();
        box = {l: Math.max(box.l, ar.left), t: Math.max(box.t, ar.top),
               r: Math.min(box.r, ar.right), b: Math.min(box.b, ar.bottom)};
      }
    }
    return box;
  };
  const boxes = [...document.querySelectorAll(
      '[data-testid="burgrave-screen"] button, [data-testid="burgrave-screen"] summary')]
    .filter(el => { const r = el.getBoundingClientRect();
                    const hidden = el.tagName !== 'SUMMARY' && el.closest('details:not([open])');
                    const c = clip(el);
                    return r.width > 0 && r.height > 0 && !hidden && c.r - c.l > 0
                      && c.b - c.t > 0; })
    .map(el => { const r = el.getBoundingClientRect(); const c = clip(el);
                 return {id: el.dataset.testid || el.textContent.slice(0, 20),
                         x: c.l, y: c.t + window.scrollY, w: c.r - c.l, h: c.b - c.t,
                         fullW: r.width, fullH: r.height}; });
  const outside = boxes.filter(b => b.x < 0 || b.x + b.w > width + 0.5);
  const small = boxes.filter(b => b.fullW < 44 || b.fullH < 44);
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
    const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
    if (dx > 1 && dy > 1) overlaps.push([a.id, b.id]);
  }
  return {overflow: document.documentElement.scrollWidth - width, outside, small, overlaps};
}"""


@pytest.mark.parametrize(("width", "height"), [(768, 1024), (1024, 768)])
def test_tablet_layout_in_both_orientations(page: Page, site_url: str, width: int,
                                            height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    # A move (spaces offered on the ring), then a build (spots offered).
    for stop in (lambda s, _a: decision(s) == "move" and s.round >= 2,
                 lambda _s, a: a.action_type == "build"):
        record, _state, action = plan(1, stop)
        open_record(page, site_url, record)
        if action.action_type == "build":
            page.get_by_test_id(f"action-build-{action.building}").tap()
        found = page.evaluate(LAYOUT)
        assert found["overflow"] <= 0, found
        assert found["outside"] == [], found["outside"]
        assert found["small"] == [], found["small"]
        assert found["overlaps"] == [], found["overlaps"]
        page.screenshot(path=str(ROOT / "dist" / f"burgrave-{width}x{height}.png"))


# --------------------------------------------------------------------------- keyboard


def focused(page: Page) -> str | None:
    return page.evaluate(
        "document.activeElement && document.activeElement.dataset.testid || null")


def press_on(page: Page, testid: str) -> None:
    for _ in range(400):
        if focused(page) == testid:
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    pytest.fail(f"{testid} is not reachable by keyboard")


def test_a_full_turn_by_keyboard_only(page: Page, site_url: str) -> None:
    record, state, _action = plan(4, lambda s, _a: decision(s) == "play_card" and s.round >= 1)
    page.goto(site_url + "#g=" + encode_code(record))
    wait_ready(page)
    page.get_by_test_id("record-load").tap()
    wait_ready(page, "game")
    if page.get_by_test_id("pass-ready").count():
        press_on(page, "pass-ready")
    start = moves(page)
    seat = GAME.current_seat(state)
    for _ in range(40):
        seen = page.evaluate(OFFERS)
        if seen["pass"] or seen["over"]:
            break
        target = next((o for o in seen["offers"] if o != "action-pass"), seen["offers"][0])
        press_on(page, target)
    expect(page.get_by_test_id("pass-screen")).to_be_visible()
    record = current_record(page)
    assert len(record.actions) > start
    assert GAME.current_seat(replay(record)) != seat


# --------------------------------------------------------------------------- solo


RIVAL_SHOWN = """() => {
  const text = sel => { const e = document.querySelector(sel); return e ? e.textContent : ''; };
  const rival = [...document.querySelectorAll('[data-testid=log] li.bg-log-rival')];
  const opener = document.querySelector('[data-testid=rival-scheme-open]');
  const name = opener ? opener.textContent.split(':').pop().trim() : '';
  const latest = rival.length ? rival[0] : null;
  return {turns: rival.length ? Number(latest.value) * 1000 + rival.length : 0,
          scheme: name, card: text('[data-testid=rival-scheme-card]'),
          latest: latest ? latest.textContent : '',
          mover: latest && latest.nextElementSibling ? latest.nextElementSibling.textContent
                                                     : ''};
}"""
"""The rival's scheme as the screen shows it, and its newest turn in "what happened" (the
log lists the newest first: the rival's entry, then the move that let it play)."""


@pytest.mark.slow
def test_a_solo_game_against_the_rival_to_the_end(page: Page, site_url: str) -> None:
    """Issue 11: Burgrave for 1 — the new-game dialog offers the rival board and difficulty,
    the rival plays itself, and the end screen shows the human's score, checked against the
    record replayed on CPython with the chosen options. Issue 26: after every turn of the
    rival its flipped scheme is shown, named in the prompt and face up among the boards, and
    its turn is an entry of its own in "what happened", naming that scheme."""
    page.goto(site_url + "?seed=77")
    wait_ready(page)
    page.get_by_test_id("new-game-burgrave").tap()
    page.get_by_test_id("new-game-game").select_option("burgrave")
    page.get_by_test_id("seat-count").select_option("1")
    page.get_by_test_id("seat-name-1").fill("Ana")
    page.get_by_test_id("option-rival").select_option(label="The Archivist (manuscripts)")
    page.get_by_test_id("option-difficulty").select_option("3")
    page.get_by_test_id("new-game-start").tap()
    wait_ready(page, "game")
    record = current_record(page)
    # Hints are allowed: this browser has never played Burgrave (a newcomer, issue 27).
    assert record.options == {"rival": "manuscripts", "difficulty": 3, "hints": True}
    rng = random.Random(77)
    rival_turns = 0
    for _ in range(5000):
        seen = page.evaluate(OFFERS)
        if seen["over"]:
            break
        rival = page.evaluate(RIVAL_SHOWN)
        if rival["turns"] > rival_turns:  # the rival has played again since the last look
            rival_turns = rival["turns"]
            assert rival["card"] and rival["scheme"], rival
            assert rival["scheme"] in rival["card"] and rival["scheme"] in rival["latest"], rival
            assert rival["scheme"] not in rival["mover"], rival  # not inside the person's line
        assert not seen["pass"], "no privacy screen in a game of one"
        offers = seen["offers"]
        assert offers, "nothing to tap"
        active = [o for o in offers if o != "action-pass"]
        page.get_by_test_id(rng.choice(active or offers)).tap()
    else:
        pytest.fail("the solo game did not end within the cap")
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert rival_turns > 10
    final = replay(current_record(page))
    result = GAME.result(final)
    expect(page.get_by_test_id("final-score-0")).to_have_text(str(result.scores[0].total))
    # the rival's total stands under who won, beside the player's (it is no seat of the result)
    rival = GAME.view(final, None)["rival"]["score"]["total"]
    scoreline = page.get_by_test_id("solo-scoreline")
    expect(scoreline).to_contain_text(f"Rival: {rival} point")
    expect(scoreline).to_contain_text(f"Ana: {result.scores[0].total} point")


MOVE_PREVIEWS = """() => [...document.querySelectorAll('[data-testid^=space-][data-offer]')].map(
  space => ({id: space.dataset.testid, cost: (space.querySelector('.bg-cost') || {}).textContent,
             leads: space.querySelectorAll('.bg-leads-icon').length,
             idle: space.classList.contains('bg-space-idle'),
             label: space.getAttribute('aria-label') || ''}))"""


def test_moves_are_previewed_and_a_move_to_nowhere_is_confirmed(page: Page,
                                                                  site_url: str) -> None:
    """Issue 26, "see a move before you make it", on a portrait tablet against a computer:
    every space offered for a move says its price and what could be done there ("free ·
    trade or build", or icons in an inner space), in its label too; the person moves where
    something can be done, and a tap on a space where nothing can be afforded asks first
    ("Nothing you can afford there …"), then the second tap moves and ends the phase."""
    from .test_computers import BURGRAVE_TURN, start_with_computers

    start_with_computers(page, site_url, 5, "burgrave", [("Ann", "person"), ("Bot", "easy")])
    page.get_by_test_id("pace").tap()
    rng = random.Random(5)
    previewed = confirmed = 0
    for _ in range(400):
        state = page.wait_for_function(BURGRAVE_TURN, timeout=60_000).json_value()
        if state == "over" or (confirmed and previewed >= 4):
            break
        spaces = page.evaluate(MOVE_PREVIEWS)
        if spaces:
            previewed += 1
            for space in spaces:
                assert space["cost"] and (space["leads"] or space["idle"] or "·" in space["cost"]
                                          ), space
                assert space["label"].endswith(space["cost"]) or space["leads"] or space["idle"]
            idle = [s["id"] for s in spaces if s["idle"]]
            useful = [s["id"] for s in spaces if not s["idle"]]
            if idle and not confirmed:
                screen = page.get_by_test_id("game-screen")
                moves = screen.get_attribute("data-moves")
                page.get_by_test_id(idle[0]).tap()
                note = page.get_by_test_id("confirm-note")
                expect(note).to_contain_text("Nothing you can afford there")
                assert screen.get_attribute("data-moves") == moves  # asked, not moved
                page.get_by_test_id(idle[0]).tap()
                expect(note).to_have_count(0)
                expect(screen).not_to_have_attribute("data-moves", str(moves))
                confirmed += 1
                continue
            page.get_by_test_id(rng.choice(useful or idle)).tap()
        else:
            offers = page.evaluate(
                "[...document.querySelectorAll('[data-offer]')].map(e => e.dataset.testid)")
            chosen = rng.choice([o for o in offers if o != "action-pass"] or offers)
            page.get_by_test_id(chosen).tap()
        if page.locator("[data-offer].is-confirming").count():
            page.locator("[data-offer].is-confirming").first.tap()
    assert previewed >= 4 and confirmed == 1, (previewed, confirmed)
