"""Start-up and taps in every engine a table has (issue 28), side by side in one run: Chromium,
WebKit (Safari's engine) and Firefox, each driven by :mod:`e2e.engines`.

For each engine, a fresh profile with the service worker on:
- start-up: the page's own ``kingdoms.ready`` mark (``performance.now()`` when the first screen
  was usable) on the first visit, then on a reload once the service worker controls the page,
  and how long the runtime (``pyodide.asm.wasm``, ~10 MB) took to arrive on that reload, from
  the worker's cache;
- WebKit three times: as the tests run it (painting on the CPU as Safari does, compositing
  through the GPU that Mesa emulates on the CPU here), painting through that emulated GPU too
  (``webkit-gl``, WebKitGTK's default) and with compositing off (``webkit-cpu``; see
  :func:`e2e.engines.webkit_rendering`);
- taps: the Dice Realm and Burgrave tap benchmarks (:mod:`bench.taps`,
  :mod:`bench.burgrave_taps`), each tap timed in the page from the click to the first frame
  painted after it, on a capped number of taps (``KINGDOMS_BENCH_ENGINE_TAPS``, default 120);
  Burgrave's in rounds (``KINGDOMS_BENCH_ENGINE_ROUNDS``, default 3), Chromium and WebKit
  taking turns, pooled per engine (the extra WebKits play one round, for contrast).

Run: ``python -m bench.engines`` after ``python3 build.py build`` (``KINGDOMS_ENGINES`` picks
engines), or as a section of ``build.py bench``.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import threading
from collections.abc import Callable
from typing import Any

import build
from e2e.engines import (
    ENGINES,
    EXTRA_ENGINES,
    WORKER_IN_CONTROL,
    Engine,
    is_webkit,
    open_engine,
    virtual_screen,
    wanted_engines,
)

from bench import burgrave_taps, percentile, taps

TAPS = int(os.environ.get("KINGDOMS_BENCH_ENGINE_TAPS", "120"))
ROUNDS = int(os.environ.get("KINGDOMS_BENCH_ENGINE_ROUNDS", "3"))
"""Burgrave tap rounds, the engines taking turns, pooled: one game's p95 moved by up to 40 %
between identical WebKit runs (docs/burgrave.md, Speed), more than the 1.5x target's margin,
and the machine's slow spells then fall on every engine alike."""
SIZE = (1024, 768)

READY_MS = """() => {
  const mark = performance.getEntriesByName('kingdoms.ready')[0];
  return mark ? mark.startTime : null;
}"""
RUNTIME_MS = """() => {
  const found = performance.getEntriesByType('resource')
    .filter(entry => entry.name.endsWith('/pyodide.asm.wasm'));
  return found.length ? found[found.length - 1].responseEnd - found[0].startTime : null;
}"""


def p50_p95(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.0f} / {percentile(values, 0.95):.0f} ms"


def startup(engine: Engine, url: str) -> dict[str, Any]:
    """The first visit's and the warm reload's ``kingdoms.ready`` and the runtime's fetch."""
    engine.goto(url)
    cold = engine.wait_for(READY_MS, timeout=180)
    engine.wait_for(WORKER_IN_CONTROL, timeout=120)
    engine.reload()
    warm = engine.wait_for(READY_MS, timeout=180)
    return {"cold": float(cold), "warm": float(warm), "runtime": engine.call(RUNTIME_MS)}


def figures(name: str, url: str, display: str | None, chromium: str | None) -> dict[str, Any]:
    found: dict[str, Any] = {}
    with open_engine(name, *SIZE, service_workers=True, display=display,
                     chromium=chromium) as engine:
        found["startup"] = startup(engine, url)
    with open_engine(name, *SIZE, display=display, chromium=chromium) as engine:
        found["dice"] = taps.measure(url, engine, TAPS)["move_painted"]
    return found


def burgrave_round(name: str, url: str, display: str | None, chromium: str | None) -> list[float]:
    """One game's Burgrave action taps, tap to painted, in a fresh browser."""
    with open_engine(name, *SIZE, display=display, chromium=chromium) as engine:
        found: list[float] = burgrave_taps.measure(url, engine, TAPS)["action_painted"]
    return found


def engines_report(chromium: str, line: Callable[..., None]) -> None:
    """Print each engine's start-up and tap figures (``line(label, value, target)``)."""
    names = wanted_engines()
    if "webkit" in names:  # for contrast: painting on the emulated GPU; no compositing
        after = names.index("webkit") + 1
        names[after:after] = [n for n in EXTRA_ENGINES if n not in names]
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/site/"
    results: dict[str, dict[str, Any]] = {}
    burgrave: dict[str, list[float]] = {name: [] for name in names}
    try:
        with contextlib.ExitStack() as stack:
            display = stack.enter_context(virtual_screen()) \
                if any(is_webkit(name) for name in names) else None
            for name in names:
                results[name] = figures(name, url, display, chromium or None)
            for round_ in range(ROUNDS):
                for name in names:
                    if round_ == 0 or name in ENGINES:
                        burgrave[name] += burgrave_round(name, url, display, chromium or None)
    finally:
        server.shutdown()
        server.server_close()
    print(f"Every engine, one run, this machine ({TAPS} taps a game; Burgrave's pooled over"
          f" {ROUNDS} rounds, the engines taking turns; p50 / p95)")
    chromium_burgrave = burgrave.get("chromium") or []
    for name, found in results.items():
        started = found["startup"]
        line(f"{name}: home usable, first visit", f"{started['cold']:,.0f} ms")
        line(f"{name}: home usable, reload (service worker)", f"{started['warm']:,.0f} ms")
        runtime = started["runtime"]
        # Firefox reports a file its service worker answered as taking no time at all.
        line(f"{name}: runtime from the service worker",
             "not reported" if not runtime else f"{runtime:,.0f} ms")
        line(f"{name}: Dice Realm move tap to painted", p50_p95(found["dice"]))
        target = ""
        if is_webkit(name) and chromium_burgrave:
            limit = 1.5 * percentile(chromium_burgrave, 0.95)
            target = f"target p95 ≤ 1.5 x Chromium's = {limit:.0f}"
        line(f"{name}: Burgrave action tap to painted", p50_p95(burgrave[name]), target)


def _line(label: str, value: str, target: str = "") -> None:
    print(f"  {label:<46} {value:>18}   {target}")


if __name__ == "__main__":
    engines_report(os.environ.get("KINGDOMS_CHROMIUM", ""), _line)
