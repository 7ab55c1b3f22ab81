"""The three browser engines a table has, driven alike: Chromium (Playwright), WebKit (Safari's
engine: Debian's WebKitGTK MiniBrowser through ``WebKitWebDriver``, W3C WebDriver classic, with
Selenium, under Xvfb) and Firefox (Debian's ``firefox-esr`` through its built-in WebDriver BiDi,
spoken here over a WebSocket).

Why not Playwright for all three: its WebKit and Firefox are builds of its own, which this
offline machine cannot download, and its BiDi Firefox needs commands ESR 153 lacks
(``emulation.setMediaFeaturesOverride``); WebKitGTK's driver has no BiDi. So each engine gets the
smallest driver that works, and every flow and benchmark talks to :class:`Engine` only:
``call`` a JavaScript function in the page (its result as JSON), ``tap`` a control with real
pointer input at its centre, load, resize, screenshot, and the page's errors.

Run one engine's flows locally: ``KINGDOMS_ENGINES=webkit python -m pytest e2e/test_engines.py``
(after ``python3 build.py build``; WebKit needs ``webkit2gtk-driver`` and ``xvfb``, Firefox
``firefox-esr``: ``.ci/run`` installs them).
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ENGINES = ("chromium", "webkit", "firefox")
EXTRA_ENGINES = ("webkit-gl", "webkit-cpu")
"""Named only when asked for: WebKit painting through the emulated GPU, and with compositing off
(see :func:`webkit_rendering`)."""
WEBKIT_ENGINES = ("webkit", "webkit-gl", "webkit-cpu")
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
FIREFOX = "/usr/bin/firefox-esr"

ERROR_RECORDER = """
if (!window.__kingdomsErrors) {
  window.__kingdomsErrors = [];
  window.addEventListener('error', e => window.__kingdomsErrors.push(String(e.message || e)));
  window.addEventListener('unhandledrejection',
    e => window.__kingdomsErrors.push('unhandled rejection: ' + String(e.reason)));
  const original = console.error;
  console.error = function (...parts) {
    window.__kingdomsErrors.push('console.error: ' + parts.map(String).join(' '));
    return original.apply(this, parts);
  };
}
"""
"""Page errors, unhandled rejections and console errors, kept in the page for :meth:`errors`."""

VIEWPORT_PROBE_ADD = """
let probe = document.getElementById('kingdoms-viewport-probe');
if (!probe) {
  probe = document.createElement('style');
  probe.id = 'kingdoms-viewport-probe';
  (document.head || document.documentElement).append(probe);
}
probe.textContent = `@media (width: ${arguments[0]}px) and (height: ${arguments[1]}px) {
  :root { --kingdoms-viewport-probe: 1; } }`;
// resolved now, at the old size, so that only the resize can make it apply
getComputedStyle(document.documentElement).getPropertyValue('--kingdoms-viewport-probe');
"""
"""A style sheet that applies only at the coming size (see :meth:`WebKitEngine.set_viewport`)."""
VIEWPORT_PROBE_SEEN = """
const done = arguments[arguments.length - 1];
// a frame asked for: WebKit evaluates media queries again only in a rendering update
requestAnimationFrame(() => done([[innerWidth, innerHeight], getComputedStyle(
  document.documentElement).getPropertyValue('--kingdoms-viewport-probe').trim() === '1']));
"""
VIEWPORT_PROBE_REMOVE = "document.getElementById('kingdoms-viewport-probe')?.remove();"
WORKER_IN_CONTROL = ("() => navigator.serviceWorker.ready"
                     ".then(() => !!navigator.serviceWorker.controller)")
"""True once the site's service worker is active and controls the page (any engine's wait)."""

CENTRE = """async (selector) => {
  const target = document.querySelector(selector);
  if (!target) return {missing: true};
  target.scrollIntoView({block: 'center', inline: 'center'});
  // Stable, as a finger waits for it: the same box over two frames (a dialog opening or a
  // piece moving would take the tap somewhere else).
  const frame = () => new Promise(done => requestAnimationFrame(() => done()));
  let box = target.getBoundingClientRect();
  for (let tries = 0; tries < 30; tries++) {
    await frame(); await frame();
    const again = target.getBoundingClientRect();
    if (again.x === box.x && again.y === box.y && again.width === box.width
        && again.height === box.height) break;
    box = again;
  }
  const x = Math.round(box.left + box.width / 2), y = Math.round(box.top + box.height / 2);
  const hit = document.elementFromPoint(x, y);
  return {x, y, covered: !(hit && (hit === target || target.contains(hit))),
          hit: hit ? hit.outerHTML.slice(0, 120) : null};
}"""


class EngineError(AssertionError):
    """The page did not do what a flow needed (a missing control, a timeout, a script error)."""


def wrap(function: str, args: tuple[Any, ...]) -> str:
    """An async expression calling ``function`` with ``args`` and giving its result as JSON."""
    return (f"(async () => {{ const result = await ({function})(...{json.dumps(list(args))}); "
            "return JSON.stringify(result === undefined ? null : result); })()")


CHOOSE_VALUE = """(testid, value) => {
  const field = document.querySelector(`[data-testid="${testid}"]`);
  field.value = value;
  field.dispatchEvent(new Event('input', {bubbles: true}));
  field.dispatchEvent(new Event('change', {bubbles: true}));
}"""
"""A field's new value, with the events a person's choice raises."""


class Engine(ABC):
    """One browser with a fresh profile and one tab."""

    name: str

    @abstractmethod
    def goto(self, url: str) -> None: ...

    @abstractmethod
    def reload(self) -> None: ...

    @abstractmethod
    def _evaluate(self, expression: str) -> str:
        """The value (a JSON string) of an async expression, awaited."""

    @abstractmethod
    def _tap_at(self, x: int, y: int) -> None:
        """A real tap (touch where the engine has it, else a mouse click) at viewport ``x, y``."""

    @abstractmethod
    def set_viewport(self, width: int, height: int) -> None: ...

    @abstractmethod
    def screenshot(self, path: Path) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    def call(self, function: str, *args: Any) -> Any:
        """``function`` (JavaScript source, maybe async) called in the page with ``args``."""
        return json.loads(self._evaluate(wrap(function, args)))

    def js(self, expression: str) -> Any:
        return self.call(f"async () => ({expression})")

    def wait_for(self, function: str, *args: Any, timeout: float = 60.0) -> Any:
        """Poll ``function`` until it returns something truthy; that value."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.call(function, *args)
            if found:
                return found
            if time.monotonic() > deadline:
                raise EngineError(f"{self.name}: timed out waiting for {function[:120]}")
            time.sleep(0.1)

    def tap(self, selector: str) -> None:
        """Tap the element matching ``selector`` at its centre, scrolled into view; refuse if
        something else lies on top of it (a player could not tap it either)."""
        spot = self.call(CENTRE, selector)
        if spot.get("missing"):
            raise EngineError(f"{self.name}: nothing matches {selector}")
        if spot["covered"]:
            raise EngineError(f"{self.name}: {selector} is covered by {spot['hit']}")
        self._tap_at(int(spot["x"]), int(spot["y"]))

    def tap_testid(self, testid: str) -> None:
        self.tap(f'[data-testid="{testid}"]')

    def choose(self, testid: str, value: str) -> None:
        """Set a select's or a text box's value as a person's choice does (input, change)."""
        self.call(CHOOSE_VALUE, testid, value)

    def errors(self) -> list[str]:
        """What went wrong in the page since it loaded (see :data:`ERROR_RECORDER`)."""
        found: list[str] = self.js("window.__kingdomsErrors || []")
        return found


# --------------------------------------------------------------------------- Chromium


class ChromiumEngine(Engine):
    """Playwright's Chromium (Debian's), as the rest of the browser tests run it."""

    name = "chromium"

    def __init__(self, width: int, height: int, service_workers: bool,
                 chromium: str | None = None, browser: Any = None) -> None:
        """``browser``: a Playwright Chromium already running in this thread (the tests'
        own: Playwright's sync API runs one instance a thread), else one of its own."""
        import build
        from playwright.sync_api import sync_playwright

        self._playwright = None
        if browser is None:
            self._playwright = sync_playwright().start()
            executable = chromium or os.environ.get("KINGDOMS_CHROMIUM") or (
                "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
            browser = self._playwright.chromium.launch(executable_path=executable,
                                                       args=build.CHROMIUM_ARGS)
        self._browser = browser
        self._context = self._browser.new_context(
            viewport={"width": width, "height": height}, has_touch=True,
            service_workers="allow" if service_workers else "block")
        self._context.add_init_script(ERROR_RECORDER)
        self._page = self._context.new_page()
        self._page.set_default_timeout(60_000)

    def goto(self, url: str) -> None:
        self._page.goto(url)

    def reload(self) -> None:
        self._page.reload()

    def _evaluate(self, expression: str) -> str:
        return str(self._page.evaluate(expression))

    def _tap_at(self, x: int, y: int) -> None:
        self._page.touchscreen.tap(x, y)

    def set_viewport(self, width: int, height: int) -> None:
        self._page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        self._page.screenshot(path=str(path))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._context.close()
        if self._playwright is not None:  # the browser is ours
            with contextlib.suppress(Exception):
                self._browser.close()
            self._playwright.stop()


# --------------------------------------------------------------------------- WebKit


def webkit_rendering(name: str) -> dict[str, str]:
    """How WebKitGTK draws, for the WebKit engine ``name``. This machine has no GPU, so
    WebKitGTK's default paints its layers with Skia on OpenGL that Mesa emulates on the CPU
    (``llvmpipe``): every rounded box and path of a changed layer is rasterised by shaders run in
    software, which took a Burgrave board's frame for one changed outline from about 20 ms to
    100 (docs/burgrave.md, Speed). Safari paints layer contents on the CPU (Core Graphics) and
    composites them on the GPU; the tests' ``webkit`` does the same as far as this machine
    allows: Skia paints on the CPU (``WEBKIT_SKIA_ENABLE_CPU_RENDERING``), and the compositing
    stays on, through Mesa. ``webkit-gl`` is WebKitGTK's default (Skia on the emulated GPU) and
    ``webkit-cpu`` turns compositing off; the bench prints both beside ``webkit`` for contrast
    (with compositing off, two WebKits at once, ``-n 2``, hung now and then)."""
    if name == "webkit-cpu":
        return {"WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
    if name == "webkit-gl":
        return {}
    return {"WEBKIT_SKIA_ENABLE_CPU_RENDERING": "1"}


class WebKitEngine(Engine):
    """WebKitGTK's MiniBrowser through ``WebKitWebDriver`` (WebDriver classic, Selenium).

    Classic WebDriver runs no script before the page's own, so the error recorder is put in
    after each load: a failure before the app is up shows as the start-up failure the flows
    wait past (``data-ready`` never set, the loading screen's error shown)."""

    name = "webkit"

    def __init__(self, width: int, height: int, display: str, name: str = "webkit") -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        for needed in (MINIBROWSER, WEBKIT_DRIVER):
            if not Path(needed).exists():
                raise EngineError(f"WebKit needs {needed}: apt-get install webkit2gtk-driver")
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        # Full-screen hides MiniBrowser's tool bar, whose minimum width (447 px) would keep
        # the page wider than a phone; the window is then sized freely, page and all.
        options.add_argument("--full-screen")
        service = Service(executable_path=WEBKIT_DRIVER,
                          env={**os.environ, "DISPLAY": display, **webkit_rendering(name)})
        self.name = name
        self._driver = webdriver.WebKitGTK(options=options, service=service)
        self._driver.set_script_timeout(120)
        self.set_viewport(width, height)

    def _loaded(self) -> None:
        self._driver.execute_script(ERROR_RECORDER)

    def goto(self, url: str) -> None:
        self._driver.get(url)
        self._loaded()

    def reload(self) -> None:
        self._driver.refresh()
        self._loaded()

    def _evaluate(self, expression: str) -> str:
        outcome = self._driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"({expression}).then(value => done(['ok', value]),"
            " error => done(['error', String(error && error.stack || error)]));")
        if outcome[0] != "ok":
            raise EngineError(f"webkit: {outcome[1]}")
        return str(outcome[1])

    def _tap_at(self, x: int, y: int) -> None:
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        mouse = PointerInput(interaction.POINTER_MOUSE, "mouse")  # type: ignore[no-untyped-call]
        actions = ActionBuilder(self._driver, mouse=mouse)
        actions.pointer_action.move_to_location(x, y)  # type: ignore[no-untyped-call]
        actions.pointer_action.pointer_down().pointer_up()  # type: ignore[no-untyped-call]
        actions.perform()

    def set_viewport(self, width: int, height: int) -> None:
        """The window, which is all page (no tool bar), sized ``width`` x ``height``, once the
        page's style sheets see that size.

        WebKitGTK reports the new ``innerWidth`` and fires ``resize`` at once, but evaluates the
        style sheets' media queries again only in a later rendering update (about 200 ms on
        this machine) and now and then not at all, which the page itself corrects
        (``public/boot.js``, keepStylesWithTheWindow): until then a phone-sized page keeps the
        tablet's rules. ``matchMedia`` answers at once, so it cannot tell; a style sheet whose
        media query is the new size, put in before the resize, is evaluated with all the
        others, so its rule applying says they all have. A page that never gets there fails
        here."""
        self._driver.execute_script(VIEWPORT_PROBE_ADD, width, height)
        self._driver.set_window_rect(0, 0, width, height)
        # The window manager-less screen may apply the size a moment later (a busy machine).
        deadline = time.monotonic() + 10
        while True:
            seen = self._driver.execute_async_script(VIEWPORT_PROBE_SEEN)
            if seen[0] == [width, height] and seen[1]:
                self._driver.execute_script(VIEWPORT_PROBE_REMOVE)
                return
            if time.monotonic() > deadline:
                raise EngineError(f"webkit: the page is {seen[0]}, not {width}x{height}"
                                  f" (its style sheets {'do' if seen[1] else 'do not'} see it)")
            time.sleep(0.05)

    def screenshot(self, path: Path) -> None:
        self._driver.save_screenshot(str(path))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._driver.quit()


@contextlib.contextmanager
def virtual_screen() -> Iterator[str]:
    """A display for WebKit: ``$DISPLAY`` if there is one, else an Xvfb of our own."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        raise EngineError("WebKit needs a display: apt-get install xvfb")
    read, write = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1600x1200x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


# --------------------------------------------------------------------------- Firefox


class FirefoxEngine(Engine):
    """``firefox-esr`` (headless) through its built-in WebDriver BiDi, a JSON protocol over a
    WebSocket: a command is ``{"id", "method", "params"}`` and its answer carries that id;
    everything else that arrives meanwhile is an event, ignored here."""

    name = "firefox"

    def __init__(self, width: int, height: int, service_workers: bool) -> None:
        import websocket

        if not Path(FIREFOX).exists():
            raise EngineError(f"Firefox needs {FIREFOX}: apt-get install firefox-esr")
        self._profile = Path(tempfile.mkdtemp(prefix="kingdoms-firefox-"))
        prefs = {
            "dom.serviceWorkers.enabled": service_workers,
            "browser.shell.checkDefaultBrowser": False,
            "app.update.disabledForTesting": True,
            "browser.safebrowsing.malware.enabled": False,
            "browser.safebrowsing.phishing.enabled": False,
            "datareporting.policy.dataSubmissionEnabled": False,
            "toolkit.telemetry.enabled": False,
            "network.captive-portal-service.enabled": False,
            "network.connectivity-service.enabled": False,
            "browser.startup.homepage_override.mstone": "ignore",
            # Classic scrollbars, which take room from the page (overlay ones take none): the
            # layout checks must pass with them too (issue 28).
            "widget.gtk.overlay-scrollbars.enabled": False,
        }
        (self._profile / "user.js").write_text("".join(
            f"user_pref({json.dumps(key)}, {json.dumps(value)});\n"
            for key, value in prefs.items()))
        self._log = (self._profile / "firefox.log").open("w")
        self._process = subprocess.Popen(
            [FIREFOX, "--headless", "--remote-debugging-port=0", "--no-remote", "--profile",
             str(self._profile)], stdout=subprocess.DEVNULL, stderr=self._log)
        address = self._listening()
        self._socket = websocket.create_connection(f"{address}/session", suppress_origin=True,
                                                   timeout=180)
        self._ids = itertools.count(1)
        self._command("session.new", capabilities={})
        self._context = self._command("browsingContext.getTree")["contexts"][0]["context"]
        self._command("script.addPreloadScript", functionDeclaration=f"() => {{{ERROR_RECORDER}}}")
        self.set_viewport(width, height)

    def _listening(self) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)",
                              (self._profile / "firefox.log").read_text(errors="replace"))
            if found:
                return found.group(1)
            if self._process.poll() is not None:
                break
            time.sleep(0.05)
        raise EngineError("firefox: WebDriver BiDi did not start")

    def _command(self, method: str, **params: Any) -> Any:
        number = next(self._ids)
        self._socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self._socket.recv())
            if message.get("id") != number:
                continue  # an event
            if message.get("type") == "error":
                raise EngineError(f"firefox: {method}: {message.get('message')}")
            return message["result"]

    def goto(self, url: str) -> None:
        self._command("browsingContext.navigate", context=self._context, url=url,
                      wait="complete")

    def reload(self) -> None:
        self._command("browsingContext.reload", context=self._context, wait="complete")

    def _evaluate(self, expression: str) -> str:
        result = self._command("script.evaluate", expression=expression,
                               target={"context": self._context}, awaitPromise=True)
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise EngineError(f"firefox: {details.get('text')}")
        return str(result["result"]["value"])

    def _tap_at(self, x: int, y: int) -> None:
        self._command("input.performActions", context=self._context, actions=[{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
            "actions": [{"type": "pointerMove", "x": x, "y": y},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0}]}])
        self._command("input.releaseActions", context=self._context)

    def set_viewport(self, width: int, height: int) -> None:
        self._command("browsingContext.setViewport", context=self._context,
                      viewport={"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        data = self._command("browsingContext.captureScreenshot", context=self._context)["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._command("browser.close")
        with contextlib.suppress(Exception):
            self._socket.close()
        try:
            self._process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._process.kill()
        self._log.close()
        shutil.rmtree(self._profile, ignore_errors=True)


# --------------------------------------------------------------------------- choosing


def wanted_engines() -> list[str]:
    """The engines to run (``$KINGDOMS_ENGINES``, comma-separated; all three by default)."""
    names = [name.strip() for name in os.environ.get("KINGDOMS_ENGINES", "").split(",")
             if name.strip()]
    unknown = [name for name in names if name not in ENGINES + EXTRA_ENGINES]
    if unknown:
        raise EngineError(f"unknown engines {unknown}: choose from {ENGINES + EXTRA_ENGINES}")
    return names or list(ENGINES)


def is_webkit(name: str) -> bool:
    """Whether engine ``name`` is WebKit, drawn any way (:data:`WEBKIT_ENGINES`): it needs a
    virtual screen and is judged against Chromium's taps."""
    return name in WEBKIT_ENGINES


@contextlib.contextmanager
def open_engine(name: str, width: int = 1024, height: int = 768, *,
                service_workers: bool = False, display: str | None = None,
                chromium: str | None = None, browser: Any = None) -> Iterator[Engine]:
    """A fresh browser of engine ``name`` (a new profile) with a viewport of that size
    (``chromium``: that executable, else ``$KINGDOMS_CHROMIUM`` or Debian's; ``browser``: a
    running Playwright Chromium to open a fresh context in)."""
    engine: Engine
    if name == "chromium":
        engine = ChromiumEngine(width, height, service_workers, chromium or None, browser)
    elif name == "firefox":
        engine = FirefoxEngine(width, height, service_workers)
    elif is_webkit(name):
        if display is None:
            raise EngineError("WebKit needs a display (virtual_screen())")
        engine = WebKitEngine(width, height, display, name)
    else:
        raise EngineError(f"unknown engine {name!r}")
    try:
        yield engine
    finally:
        engine.close()
