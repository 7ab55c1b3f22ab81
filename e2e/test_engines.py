"""The same short flows in every engine a table has (issue 28): Chromium, WebKit (Safari's
engine: every browser on an iPad) and Firefox, each driven by :mod:`e2e.engines`.

Each flow: a fresh profile; the page's errors, unhandled rejections and console errors fail it;
the layout checks (:mod:`e2e.layout_checks`: overlaps, sideways scrolling, small targets, small
text, cut-off controls) run at 1024x768 and 390x844 on the screens it passes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from kingdoms.core.codes import decode_code, encode_code
from kingdoms.core.records import GameRecord

from .burgrave_page import one_tap_action
from .conftest import AFTER_PAINT, SiteServer, record_in
from .engines import (
    WORKER_IN_CONTROL,
    Engine,
    EngineError,
    is_webkit,
    open_engine,
    virtual_screen,
    wanted_engines,
)
from .layout_checks import MEASURE, SCREENSHOTS, Report
from .test_languages import midway

pytestmark = pytest.mark.filterwarnings(
    "ignore:setting remote_server_addr:DeprecationWarning")  # Selenium's own, for WebKitGTK
ENGINES = wanted_engines()
SIZES = ((1024, 768), (390, 844))

READY = """(state) => {
  const errors = window.__kingdomsErrors || [];
  const failed = document.querySelector('#boot-error:not([hidden])');
  if (errors.length || failed) return {errors, failed: failed ? failed.textContent : null};
  return document.body.dataset.ready === state ? {ready: true} : null;
}"""


@pytest.fixture(scope="module")
def display() -> Iterator[str | None]:
    """A virtual screen when WebKit is among the engines (its MiniBrowser draws in a window)."""
    if not any(is_webkit(name) for name in ENGINES):
        yield None
        return
    with virtual_screen() as found:
        yield found


def chromium_of(request: pytest.FixtureRequest, name: str) -> Any:
    """The tests' own Chromium (pytest-playwright's) for the Chromium engine, else None:
    Playwright's sync API runs one instance a thread."""
    return request.getfixturevalue("browser") if name == "chromium" else None


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest, display: str | None) -> Iterator[Engine]:
    """A fresh browser of one engine; its page must end the test without errors."""
    with open_engine(request.param, *SIZES[0], display=display,
                     browser=chromium_of(request, request.param)) as opened:
        yield opened
        assert opened.errors() == [], f"{opened.name}: errors in the page"


# --------------------------------------------------------------------------- helpers


def wait_ready(engine: Engine, state: str = "home") -> None:
    found = engine.wait_for(READY, state, timeout=180)
    assert found.get("ready"), f"{engine.name}: the page did not start: {found}"


def moves(engine: Engine) -> int:
    return int(engine.js("document.querySelector('[data-testid=game-screen]')"
                         "?.dataset.moves ?? -1"))


def wait_more(engine: Engine, before: int) -> None:
    engine.wait_for("(n) => Number(document.querySelector('[data-testid=game-screen]')"
                    "?.dataset.moves) > n", before, timeout=30)


def present(engine: Engine, selector: str) -> bool:
    return bool(engine.call("(s) => !!document.querySelector(s)", selector))


def through_pass(engine: Engine) -> None:
    if present(engine, '[data-testid="pass-ready"]'):
        engine.tap_testid("pass-ready")
        engine.wait_for("() => !document.querySelector('[data-testid=pass-ready]')")



def start_game(engine: Engine, url: str, game_id: str, names: list[str], seed: int) -> None:
    """Home → New game (by taps; the selects and names set as a person's choice) → the table."""
    engine.goto(f"{url}?seed={seed}")
    wait_ready(engine)
    engine.tap_testid(f"new-game-{game_id}")
    engine.wait_for("() => !!document.querySelector('[data-testid=new-game-start]')")
    engine.choose("seat-count", str(len(names)))
    for number, name in enumerate(names, start=1):
        engine.choose(f"seat-name-{number}", name)
    engine.tap_testid("new-game-start")
    wait_ready(engine, "game")


def dice_move(engine: Engine) -> None:
    """One Dice Realm action by taps: roll while it can, else a lit citizen (as a citizen, not
    a village), a gift or the penalty."""
    through_pass(engine)
    before = moves(engine)
    seen = engine.js("""{
      gift: !!document.querySelector('[data-testid=gift-chooser]'),
      lit: !!document.querySelector('[data-testid^="citizen-"].met'),
      roll: !!document.querySelector('[data-testid=roll]:not([disabled])'),
      choosing: document.querySelector('[data-testid=dice-realm]')?.dataset.phase === 'choose',
    }""")
    if seen["gift"]:
        engine.tap('[data-testid^="gift-"]:not([data-testid="gift-chooser"])')
    elif seen["roll"] and (not seen["lit"] or not seen["choosing"]):
        engine.tap_testid("roll")
    elif seen["lit"]:
        engine.tap('[data-testid^="citizen-"].met')
        if present(engine, '[data-testid="claim-chooser"]'):
            engine.tap_testid("claim-village")
    else:
        engine.tap_testid("penalty")
    wait_more(engine, before)


def page_record(engine: Engine) -> GameRecord:
    """The game the page keeps in its address (written a frame after each move)."""
    engine.call(AFTER_PAINT)
    fragment = str(engine.js("location.hash"))
    return record_in(fragment)


def burgrave_move(engine: Engine, rng: random.Random) -> None:
    """One Burgrave action by taps: a legal one the page offers as one control (a second tap
    where the move cannot be undone)."""
    through_pass(engine)
    before = moves(engine)
    testid = one_tap_action(page_record(engine), rng)
    engine.tap_testid(testid)
    if present(engine, "[data-offer].is-confirming"):
        engine.tap_testid(testid)
    wait_more(engine, before)


def check_layout(engine: Engine, where: str) -> None:
    """The layout checks at both sizes (a screenshot of each in ``dist/screenshots``)."""
    for width, height in SIZES:
        engine.set_viewport(width, height)
        engine.call("() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 50)))")
        engine.js("window.scrollTo(0, 0)")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        engine.screenshot(SCREENSHOTS / f"engine-{engine.name}-{where}-{width}x{height}.png")
        found: dict[str, Any] = engine.call(MEASURE)
        failures = Report(**found).failures()
        assert failures == {}, f"{engine.name} {where} at {width}x{height}: {failures}"
    engine.set_viewport(*SIZES[0])


# --------------------------------------------------------------------------- flows


def test_boots_to_the_pre_rendered_home_then_the_live_one(engine: Engine, site_url: str) -> None:
    """The home screen drawn at build time is on screen before the engine is up (seen at
    least once while waiting), then the live home; it fits at both sizes."""
    engine.goto(site_url)
    first = engine.js("""document.body.dataset.ready ? 'live'
      : document.querySelector('[data-prerendered]:not([hidden])') ? 'prerendered' : 'none'""")
    assert first == "prerendered", f"{engine.name}: at first paint: {first}"
    wait_ready(engine)
    assert engine.js("document.querySelectorAll('[data-prerendered]').length") == 0
    assert engine.js("!!document.querySelector('[data-testid=games] h2, [data-testid=games]')")
    check_layout(engine, "home")
    assert engine.call(DOM_HELPERS) == {
        "made": ["k", "tid", "x", False, "", "one2", 3],
        "kids": ["I", "U", "B", "#end"], "kept": [True, True]}, engine.name


DOM_HELPERS = """() => {
  const {patch, element} = window.kingdomsDom;
  const a = document.createElement('i'), b = document.createElement('b'),
    c = document.createElement('u');
  const parent = element('div', 'k', 'tid', 3, 'title', 'x', 'hidden', false, 'data-on', true,
    'one', a, null, 2);
  const made = [parent.className, parent.dataset.testid, parent.getAttribute('title'),
    parent.hasAttribute('hidden'), parent.getAttribute('data-on'), parent.textContent,
    parent.childNodes.length];
  parent.append(b);
  patch(parent, [a, c, b, 'end']);
  const kids = [...parent.childNodes].map(n => n.nodeType === 3 ? '#' + n.data : n.tagName);
  return {made, kids, kept: [parent.firstChild === a, parent.childNodes[2] === b]};
}"""
"""``boot.js``'s DOM helpers (what ``dom.el`` and ``dom.patch`` call in the browser) in each
engine: attributes set and left off, strings and numbers made text, nothing for null; a patch
keeps the nodes already in place, drops the ones no longer drawn and puts a new one before one
wanted further on."""


def reload_resumes(engine: Engine) -> None:
    """A reload opens the game just where it was."""
    played = moves(engine)
    engine.reload()
    wait_ready(engine, "game")
    assert moves(engine) == played


def test_plays_both_games_by_taps_and_resumes_after_a_reload(engine: Engine,
                                                              site_url: str) -> None:
    start_game(engine, site_url, "dice-realm", ["Ann", "Ben"], seed=4)
    for _ in range(8):
        dice_move(engine)
    check_layout(engine, "dice-realm")
    reload_resumes(engine)

    rng = random.Random(5)
    start_game(engine, site_url, "burgrave", ["Ann", "Ben"], seed=5)
    for _ in range(6):
        burgrave_move(engine, rng)
    through_pass(engine)
    check_layout(engine, "burgrave")
    reload_resumes(engine)


SHARE_STUB = """() => {
  window.__shared = [];
  Object.defineProperty(navigator, 'share', {configurable: true, value: data => {
    window.__shared.push({title: data.title, text: data.text, url: data.url});
    return Promise.resolve();
  }});
  return typeof requestIdleCallback === 'function';
}"""
"""Safari has ``navigator.share`` (the system share sheet); a stub stands in for the sheet
here, in every engine. Returns whether the engine has ``requestIdleCallback`` (Safari does
not: the odds helper then fills in from a timer)."""


def test_safaris_habits_the_share_sheet_and_idle_time_work(engine: Engine,
                                                           site_url: str) -> None:
    """With ``navigator.share`` present (as in Safari), Share offers the system sheet and hands
    it the game's link; the odds helper, built in idle moments (``requestIdleCallback``, or a
    timer where the engine has none), fills in after a roll."""
    start_game(engine, site_url, "dice-realm", ["Ann", "Ben"], seed=9)
    idle = engine.call(SHARE_STUB)
    if engine.name == "chromium":
        assert idle, "Chromium has requestIdleCallback: the other path is tested here"
    dice_move(engine)  # the first roll
    engine.wait_for("() => !!document.querySelector('[data-testid^=odds-] .dr-odds-p.num')",
                    timeout=30)
    engine.tap_testid("share")
    engine.tap_testid("share-system")
    try:
        shared = engine.wait_for("() => window.__shared.length && window.__shared", timeout=20)
    except EngineError as error:
        said = engine.js("[document.querySelector('[data-testid=share-status]')?.textContent,"
                         " typeof navigator.share, !!document.querySelector('dialog[open]')]")
        raise EngineError(f"{engine.name}: the share sheet was not asked: {said}") from error
    url = str(shared[0]["url"])
    assert url.startswith(site_url) and "#g=" in url
    code = url.split("#g=", 1)[1].split("&", 1)[0]
    assert decode_code(code).actions == page_record(engine).actions


def test_a_share_link_opens_in_a_fresh_profile(engine: Engine, site_url: str) -> None:
    record = midway("burgrave", 6, ["Ann", "Ben"], 30)
    engine.goto(f"{site_url}#g={encode_code(record)}")
    wait_ready(engine)
    engine.tap_testid("record-load")
    wait_ready(engine, "game")
    assert moves(engine) == len(record.actions)
    through_pass(engine)
    assert page_record(engine).actions == record.actions


@pytest.mark.slow
@pytest.mark.parametrize("name", ENGINES)
def test_reloads_offline_once_the_service_worker_has_the_site(
        name: str, own_server: SiteServer, display: str | None,
        request: pytest.FixtureRequest) -> None:
    """After one visit (the service worker in control, the page's words kept), the server
    stops: a reload still starts, and the game started before it goes on."""
    with open_engine(name, *SIZES[0], service_workers=True, display=display,
                     browser=chromium_of(request, name)) as opened:
        start_game(opened, own_server.url, "dice-realm", ["Ann", "Ben"], seed=7)
        dice_move(opened)
        opened.wait_for(WORKER_IN_CONTROL, timeout=120)
        opened.wait_for("""async () => {
          for (const name of await caches.keys()) {
            for (const r of await (await caches.open(name)).keys()) {
              if (/\\/words\\/en\\./.test(r.url)) return true;
            }
          }
          return false;
        }""", timeout=60)
        played = moves(opened)
        own_server.stop()
        opened.reload()
        wait_ready(opened, "game")
        assert moves(opened) == played
        assert opened.errors() == []


@pytest.mark.parametrize("name", ENGINES)
def test_every_style_is_resolved_anew_once_the_service_worker_has_started(
        name: str, site_url: str, display: str | None, request: pytest.FixtureRequest) -> None:
    """WebKit empties the font cache its pages share when it starts a service worker, and the
    page's styles keep the fonts from before: every restyle after that lays out all the text
    beneath it again, a game's taps 20-26 ms slower (``boot.js``, ``restyleAfterWorker``;
    docs/burgrave.md, "Speed"). On the first visit the worker starts once the home screen is
    up; once it controls the page, the page has resolved every style anew, and its sheets are
    all back in force."""
    with open_engine(name, *SIZES[0], service_workers=True, display=display,
                     browser=chromium_of(request, name)) as opened:
        opened.goto(site_url)
        wait_ready(opened)
        opened.wait_for(WORKER_IN_CONTROL, timeout=120)
        opened.wait_for("() => window.kingdomsBoot.restyles() > 0", timeout=10)
        assert opened.js("getComputedStyle(document.documentElement)"
                         ".getPropertyValue('--kingdoms-size-probe').trim()") == "1"
        assert opened.errors() == []


def test_the_engine_list_is_checked() -> None:
    with pytest.raises(EngineError), pytest.MonkeyPatch.context() as patch:
        patch.setenv("KINGDOMS_ENGINES", "netscape")
        wanted_engines()
