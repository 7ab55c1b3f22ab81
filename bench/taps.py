"""Time from a tap to the updated Dice Realm board, measured inside the page (headless Chromium
here; every engine in :mod:`bench.engines`).

A seeded 3-player game is opened from a share code and played to the end by a simple policy
that reads the page (claim a lit citizen, else roll, else take a scoundrel, give dragons to the
first choice), with some dice held along the way. For every tap the page measures, with
``performance.now()``, from just before the click to the last DOM mutation of the board (a
``MutationObserver`` watches ``<main>``; the board has settled when nothing changed for 60 ms,
so the odds helper's filling-in is counted too). Hold taps (page-only) and move taps (engine,
autosave, redraw) are reported separately, and "handler only" is the click handler's own time
(the board is redrawn when it returns). Taps come 150 ms apart and the first after 3 s, like a
quick player: the page computes odds tables in idle moments, which a machine-gun tapper would
never leave it.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

from e2e.engines import Engine, open_engine

from bench import percentile
from bench.tablet import VIEWPORT

SEED = 424242
NAMES = ("Ann", "Ben", "Cleo")

TIME_TAP = """
async (selector) => {
  const target = document.querySelector(selector);
  if (!target) return null;
  const root = document.querySelector('main');
  let last = null;
  const observer = new MutationObserver(() => { last = performance.now(); });
  observer.observe(root, {subtree: true, childList: true, attributes: true,
                          characterData: true});
  const start = performance.now();
  target.click();
  const sync = performance.now();
  // The first frame after the tap: a timer set from its animation frame runs once that frame
  // (the motion measured before it, style, layout and paint) is done.
  const painted = new Promise(resolve => requestAnimationFrame(
    () => setTimeout(() => resolve(performance.now()), 0)));
  await new Promise(resolve => {
    let seen = -1;
    const check = () => {
      if (last === seen) { resolve(); return; }
      seen = last; setTimeout(check, 60);
    };
    setTimeout(check, 60);
  });
  observer.disconnect();
  return {sync: sync - start, settled: (last === null ? sync : last) - start,
          painted: (await painted) - start};
}
"""

CHOOSE = """
() => {
  const q = s => document.querySelector(s);
  if (q('[data-testid=end-screen]')) return null;
  const gift = q('[data-testid=gift-chooser] button');
  if (gift) return {kind: 'move', selector: '[data-testid=' + gift.dataset.testid + ']'};
  const phase = q('[data-testid=dice-realm]').dataset.phase;
  const claim = q('[data-testid=claim-village]');
  if (claim) return {kind: 'move', selector: '[data-testid=claim-village]'};
  const met = q('[data-testid^=citizen-][data-met=true]');
  if (met) return {kind: 'ask', selector: '[data-testid=' + met.dataset.testid + ']'};
  if (phase === 'roll') {
    const dice = [...document.querySelectorAll('[data-testid^=die-]')];
    const rolled = dice[0].dataset.value !== '';
    const free = dice.filter(d => d.getAttribute('aria-pressed') === 'false');
    if (rolled && free.length > 3) {
      return {kind: 'hold', selector: '[data-testid=' + free[0].dataset.testid + ']'};
    }
    return {kind: 'move', selector: '[data-testid=roll]'};
  }
  if (q('[data-testid=penalty]')) return {kind: 'move', selector: '[data-testid=penalty]'};
  return null;
}
"""



def measure(url: str, engine: Engine, max_taps: int = 600) -> dict[str, list[float]]:
    """Play the seeded game through the page in ``engine``; tap timings in ms by kind."""
    from kingdoms.core.codes import encode_code
    from kingdoms.core.protocol import Seat
    from kingdoms.core.records import new_record

    record = new_record("dice-realm", [Seat(name=n) for n in NAMES], SEED)
    timings: dict[str, list[float]] = {"move": [], "hold": [], "ask": [], "move_sync": [],
                                       "move_painted": []}
    engine.goto(url + "#g=" + encode_code(record))
    engine.wait_for("() => document.body.dataset.ready === 'home'", timeout=180)
    engine.call("() => document.querySelector('[data-testid=record-load]').click()")
    engine.wait_for("() => document.body.dataset.ready === 'game'", timeout=180)
    time.sleep(3)
    for _ in range(max_taps):
        choice: Any = engine.call(CHOOSE)
        if choice is None:
            break
        result: Any = engine.call(TIME_TAP, choice["selector"])
        if result is None:
            break
        timings[choice["kind"]].append(float(result["settled"]))
        if choice["kind"] == "move":
            timings["move_sync"].append(float(result["sync"]))
            timings["move_painted"].append(float(result["painted"]))
        time.sleep(0.15)
    return timings


def tap_latency(chromium: str, line: Callable[..., None]) -> None:
    import build

    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/site/"
    try:
        with open_engine("chromium", VIEWPORT["width"], VIEWPORT["height"],
                         chromium=chromium) as engine:
            timings = measure(url, engine)
    finally:
        server.shutdown()
    moves, holds, sync = timings["move"], timings["hold"], timings["move_sync"]
    print(f"Dice Realm: tap to updated board, seeded game ({len(moves)} moves, "
          f"{len(holds)} holds; ms)")
    if moves:
        painted = timings["move_painted"]
        line("move tap to the new board painted p50", f"{statistics.median(painted):.1f}")
        line("move tap to the new board painted p95", f"{percentile(painted, 0.95):.1f}",
             "target p95 ≤ 50 ms")
        line("move tap until settled (odds filled in) p50", f"{statistics.median(moves):.1f}")
        line("move tap until settled p95", f"{percentile(moves, 0.95):.1f}")
        line("move tap, handler only p95", f"{percentile(sync, 0.95):.1f}")
    if holds:
        line("hold tap (odds update) p50", f"{statistics.median(holds):.1f}")
        line("hold tap p95", f"{percentile(holds, 0.95):.1f}", "target p95 ≤ 50 ms")
    if timings["ask"]:
        line("citizen tap opening the inline claim question p95",
             f"{percentile(timings['ask'], 0.95):.1f}", "target p95 ≤ 50 ms")
