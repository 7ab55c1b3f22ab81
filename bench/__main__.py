"""Print Kingdoms' benchmark figures next to their targets.

Figures, not tests: a slow machine prints slow numbers and nothing fails. Run through
``python3 build.py bench`` so the site is built and the venv has Playwright.
"""

from __future__ import annotations

import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import build  # run as ``python -m bench`` from the repository root, where build.py lives

from bench import bot_tab, bots, burgrave_taps, coach, coach_tab, codes, engines, playouts, taps

ROOT = Path(__file__).resolve().parent.parent

READY_RECORDER = """
new MutationObserver(() => {
  if (document.body && document.body.dataset.ready && !window.__readyAt) {
    window.__readyAt = performance.now();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
"""
RUNS = int(os.environ.get("KINGDOMS_BENCH_RUNS", "3"))
# Pyodide's runtime and the third-party wheels; everything else in the site is ours.
RUNTIME_PREFIXES = ("pyscript/", "pyodide/pyodide", "pyodide/python_stdlib")
RUNTIME_WHEELS = ("pydantic", "typing_", "annotated_types", "segno")


def line(label: str, value: str, target: str = "") -> None:
    print(f"  {label:<46} {value:>14}   {target}")


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def site_bytes() -> None:
    """The site's bytes: Pyodide's, and ours as a first visit downloads them, which is the
    site without the words packs (``words/``) plus the one pack of the visitor's language
    (counted here with the largest, so the figure holds in every language)."""
    runtime_raw = runtime_gz = ours_raw = ours_gz = 0
    packs: dict[str, tuple[int, int]] = {}
    for name in build.site_files(build.SITE):
        path = build.SITE / name
        raw, packed = path.stat().st_size, gzip_size(path)
        base = name.removeprefix("pyodide/")
        is_runtime = name.startswith(RUNTIME_PREFIXES) or (
            name.startswith("pyodide/") and base.startswith(RUNTIME_WHEELS)
        )
        if name.startswith("words/"):
            packs[name.removeprefix("words/").split(".")[0]] = (raw, packed)
        elif is_runtime:
            runtime_raw, runtime_gz = runtime_raw + raw, runtime_gz + packed
        else:
            ours_raw, ours_gz = ours_raw + raw, ours_gz + packed
    largest = max(packs.values(), default=(0, 0), key=lambda sizes: sizes[1])
    print("Site size (bytes, gzip -9 for 'compressed')")
    line("runtime (Pyodide, PyScript, pydantic) raw", f"{runtime_raw:,}")
    line("runtime compressed", f"{runtime_gz:,}")
    line("ours raw, a first visit (+ one language)", f"{ours_raw + largest[0]:,}")
    line("ours compressed, a first visit (+ one language)", f"{ours_gz + largest[1]:,}",
         "target ≤ 307,200 (300 KB)")
    for language, (_raw, packed) in sorted(packs.items()):
        line(f"  of which {language}'s words, if chosen (compressed)", f"{packed:,}")


def time_page(url: str, profile: Path, chromium: str) -> tuple[float, float]:
    """Milliseconds to 'ready' and to first contentful paint, for one load in ``profile``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=chromium or None, args=build.CHROMIUM_ARGS,
            service_workers="block",
        )
        context.add_init_script(READY_RECORDER)
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
        ready = float(page.evaluate("window.__readyAt"))
        paint = float(page.evaluate(
            "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: -1})"
            ".startTime"
        ))
        context.close()
    return ready, paint


def cold_and_warm(url: str, chromium: str) -> tuple[list[float], list[float], list[float]]:
    cold, warm, paints = [], [], []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as profile_dir:
            profile = Path(profile_dir)
            cold.append(time_page(url, profile, chromium)[0])
            ready, paint = time_page(url, profile, chromium)
            warm.append(ready)
            paints.append(paint)
    return cold, warm, paints


def startup(chromium: str) -> None:
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        app_cold, app_warm, app_paint = cold_and_warm(f"{base}/site/", chromium)
        bare_cold, bare_warm, _ = cold_and_warm(f"{base}/bench/bare.html", chromium)
        stock_cold, stock_warm, _ = cold_and_warm(f"{base}/bench/stock.html", chromium)
    finally:
        server.shutdown()
    median: Callable[[list[float]], float] = statistics.median
    print(f"Start-up in headless Chromium, median of {RUNS} (ms; service worker off)")
    line("home screen interactive, cold", f"{median(app_cold):,.0f}")
    line("home screen interactive, warm", f"{median(app_warm):,.0f}")
    line("bare Pyodide boot (our runtime), cold", f"{median(bare_cold):,.0f}")
    line("bare Pyodide boot (our runtime), warm", f"{median(bare_warm):,.0f}")
    line("bare Pyodide boot (as published), cold", f"{median(stock_cold):,.0f}")
    line("bare Pyodide boot (as published), warm", f"{median(stock_warm):,.0f}")
    line("ratio home / bare (our runtime), cold", f"{median(app_cold) / median(bare_cold):.2f}")
    line("ratio home / bare (our runtime), warm", f"{median(app_warm) / median(bare_warm):.2f}",
         "what our code adds")
    line("ratio home / bare (as published), warm", f"{median(app_warm) / median(stock_warm):.2f}",
         "target ≤ 1.2")
    line("first contentful paint of the shell, warm", f"{median(app_paint):,.0f}",
         "target ≤ 200")
    usable = [ready - paint for ready, paint in zip(app_warm, app_paint, strict=True)]
    line("shell painted → home usable, warm", f"{median(usable):,.0f}")


TARGET_RATES = {"dice-realm": "target ≥ 2,500", "burgrave": "target ≥ 250"}
"""Issue 11: search needs play-outs (the earlier targets were 1,000 and 50)."""
PYODIDE_PLAYOUTS = """
import json
{source}
json.dumps({{game_id: games_per_second(game_id, players, 3.0)
            for game_id, players in {cases!r}}})
"""


def playout_speed() -> None:
    from kingdoms.core.registry import playable_game_ids

    players = {"dice-realm": 4, "burgrave": 4}
    cases = [(game_id, players.get(game_id, 2)) for game_id in playable_game_ids()]
    if not cases:
        return
    print("Random games per second (one core)")
    for game_id, count in cases:
        rate = playouts.games_per_second(game_id, count)
        line(f"{game_id}, {count} players, native", f"{rate:,.0f}", TARGET_RATES.get(game_id, ""))
    source = (ROOT / "bench" / "playouts.py").read_text()
    source = source.replace("from __future__ import annotations", "")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(PYODIDE_PLAYOUTS.format(source=source, cases=cases))
    try:
        output = subprocess.run(
            ["node", str(ROOT / "e2e" / "pyodide_node.mjs"), str(build.SITE), handle.name],
            capture_output=True, text=True, check=True, timeout=600,
        ).stdout
        for game_id, rate in json.loads(output.strip().splitlines()[-1]).items():
            line(f"{game_id}, {dict(cases)[game_id]} players, Pyodide (Node.js)", f"{rate:,.0f}")
    except (OSError, subprocess.SubprocessError, ValueError) as error:
        line("Pyodide playouts", "unavailable", str(error).splitlines()[0][:60])
    finally:
        os.unlink(handle.name)


BOT_MOVES = {"dice-realm": 2000, "burgrave": 600}
"""Moves timed per level natively (half as many in Pyodide): Burgrave's ``hard`` searches for
about a tenth of a second a move, so fewer of its moves keep the run to a few minutes."""
BOT_TARGETS = {
    ("dice-realm", "hard"): "target p95 ≤ 40 native, ≤ 200 in the browser",
    ("burgrave", "hard"): "target p95 ≤ 1,000 in the browser",
}
PYODIDE_BOTS = """
import json
{source}
json.dumps({{level: summary({game_id!r}, level, {moves})
            for level in {levels!r}}})
"""


def bot_speed() -> None:
    for game_id, title in (("dice-realm", "Dice Realm"), ("burgrave", "Burgrave")):
        _bot_speed(game_id, title)


def _bot_speed(game_id: str, title: str) -> None:
    from kingdoms.core.bots import levels

    names = list(levels(game_id))
    moves = BOT_MOVES[game_id]
    print(f"{title} bot time per move, 2-player self-play, {moves:,} moves (ms)")
    for level in names:
        figures = bots.summary(game_id, level, moves)
        line(f"{level}, native p50 / p95", f"{figures['p50']:.1f} / {figures['p95']:.1f}",
             BOT_TARGETS.get((game_id, level), ""))
        line(f"{level}, native longest slice p95 / max",
             f"{figures['slice_p95']:.1f} / {figures['slice_max']:.1f}")
    source = (ROOT / "bench" / "bots.py").read_text()
    source = source.replace("from __future__ import annotations", "")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(PYODIDE_BOTS.format(source=source, game_id=game_id, levels=names,
                                         moves=moves // 2))
    try:
        output = subprocess.run(
            ["node", str(ROOT / "e2e" / "pyodide_node.mjs"), str(build.SITE), handle.name],
            capture_output=True, text=True, check=True, timeout=1800,
        ).stdout
        for level, figures in json.loads(output.strip().splitlines()[-1]).items():
            line(f"{level}, Pyodide (Node.js) p50 / p95",
                 f"{figures['p50']:.1f} / {figures['p95']:.1f}")
            line(f"{level}, Pyodide longest slice p95 / max",
                 f"{figures['slice_p95']:.1f} / {figures['slice_max']:.1f}")
    except (OSError, subprocess.SubprocessError, ValueError) as error:
        line("Pyodide bot times", "unavailable", str(error).splitlines()[0][:60])
    finally:
        os.unlink(handle.name)


def run_sections(sections: Sequence[tuple[str, Callable[[], None]]]) -> int:
    """Run each benchmark section in turn; one that fails says so under its title and the
    others still run (issue 29: a full run once printed no Burgrave tap section at all, not
    even its heading). Returns how many could not be measured.

    >>> def broken() -> None:
    ...     raise TimeoutError("the page never became ready")
    >>> run_sections([("Fine", lambda: print("Fine: 1 ms")), ("Taps", broken)])
    Fine: 1 ms
    Taps: not measured (TimeoutError: the page never became ready)
    1
    """
    failed = 0
    for title, section in sections:
        try:
            section()
        except Exception as error:  # any failure is reported, never fatal
            failed += 1
            print(f"{title}: not measured ({type(error).__name__}: {error})", flush=True)
    return failed


def main() -> None:
    # A long run's figures are printed as they come (a run cut short keeps what it printed).
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(line_buffering=True)
    chromium = os.environ.get("KINGDOMS_CHROMIUM", "")
    run_sections([
        ("Site size", site_bytes),
        ("Share codes", lambda: codes.share_codes(line)),
        ("Random games per second", playout_speed),
        ("Bot time per move", bot_speed),
        ("Coach: hints, reviews and skill", lambda: coach.report()),
        ("Computer turns in the page", lambda: bot_tab.bot_tab(chromium, line)),
        ("Hints and reviews in the page", lambda: coach_tab.coach_tab(chromium, line)),
        ("Start-up", lambda: startup(chromium)),
        ("Dice Realm: tap to updated board", lambda: taps.tap_latency(chromium, line)),
        ("Burgrave: tap to updated board", lambda: burgrave_taps.tap_latency(chromium, line)),
        ("Every engine: start-up and taps", lambda: engines.engines_report(chromium, line)),
    ])


if __name__ == "__main__":
    main()
