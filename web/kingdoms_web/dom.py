"""Tiny, safe DOM helpers: build elements, set text, bind events.

Why not an HTML template string: player names and share codes are user text, and the only way to
be sure they never become markup is to never parse markup. Every string here goes through
``textContent`` or ``setAttribute``; this module has no ``innerHTML`` at all.

Event handlers are Python callables wrapped in proxies (``create_proxy``) so JavaScript can call
them. Proxies must be released or they leak, so they are owned by a :class:`Scope` (one per screen
or dialog) that destroys them all when the screen is replaced.

Importable without a browser (the browser names are ``None`` then), so modules that build screens
can still be imported by tests on CPython.
"""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from collections.abc import Awaitable, Callable, Hashable, Iterable, Iterator, Mapping
from typing import Any

from kingdoms_web.element import DomElement

document: Any = None
"""The page's ``document`` (None on CPython)."""
window: Any = None
"""The page's ``window`` (None on CPython)."""

_JsNull: Any = None


class _NoJsException(Exception):
    """Stands in for Pyodide's ``JsException`` on CPython (where nothing raises it)."""


JsException: type[Exception] = _NoJsException

try:  # PyScript in the browser
    import pyscript as _pyscript
    from pyscript.ffi import create_proxy as _create_proxy

    document = _pyscript.document
    window = _pyscript.window
except ImportError:  # CPython: only the pure helpers are usable
    _create_proxy = None


def _to_js(items: list[Any]) -> Any:
    """``items`` as they go to a JavaScript call (CPython: as they are)."""
    return items


with contextlib.suppress(ImportError):  # Pyodide turns JS null into ``jsnull``: see opt()
    import pyodide.ffi

    _JsNull = pyodide.ffi.JsNull
    JsException = pyodide.ffi.JsException
    _to_js = pyodide.ffi.to_js  # a list of nodes and strings becomes one JavaScript array

BROWSER_ERRORS: tuple[type[Exception], ...] = (JsException, AttributeError, TypeError)
"""What a call into the browser raises when the browser refuses it or lacks the API: a
JavaScript error (``JsException``: SecurityError, QuotaExceededError, NotAllowedError…), or
``AttributeError``/``TypeError`` when the API is missing (an older browser, or CPython, where
:data:`window` is None). Code that merely asks the browser for something catches these; a
Python error in our own code is a bug and is not hidden by them."""


def opt(value: Any) -> Any:
    """``value``, or None for JavaScript ``null``/``undefined``.

    Pyodide returns ``null`` as ``jsnull``, which is not ``None`` (and a DOM element's truthiness
    follows its ``length``, so ``if node:`` is wrong too); every DOM lookup goes through here.
    """
    if value is None or (_JsNull is not None and isinstance(value, _JsNull)):
        return None
    return value


def query(selector: str, root: Any = None) -> Any:
    """The first element matching ``selector`` (in ``root`` or the document), or None."""
    return opt((document if root is None else root).querySelector(selector))


def create_proxy(obj: Any) -> Any:
    """A JavaScript-callable proxy of ``obj`` (``obj`` itself outside the browser)."""
    return obj if _create_proxy is None else _create_proxy(obj)


Element = DomElement
"""A DOM element (see :class:`kingdoms_web.element.DomElement`)."""

Child = Any
"""An element, a string (becomes a text node), or None (skipped)."""

AttrValue = str | int | float | bool | None


kept: dict[Hashable, Any] = {}
"""Pieces built once in the bound document and cloned at each use (icons, card art): what a
screen keeps across drawings is valid for one document only, so :func:`bind` empties it."""


def bind(new_document: Any, new_window: Any) -> None:
    """Draw into ``new_document`` from now on: the one way the page is given a document.

    The browser's is bound when this module is imported; the build's pre-render and the page
    tests bind :class:`~kingdoms_web.offline_dom.OfflineDocument` (with :func:`bound`). What
    was kept from the document bound before is forgotten, so no cache is keyed by document."""
    global document, window
    document, window = new_document, new_window
    kept.clear()
    _helpers.clear()


@contextlib.contextmanager
def bound(new_document: Any, new_window: Any = None) -> Iterator[Any]:
    """:func:`bind` ``new_document`` for a ``with`` block, then the document bound before."""
    before = document, window
    bind(new_document, new_window)
    try:
        yield new_document
    finally:
        bind(*before)


def log_warning(message: str) -> None:
    """Note something expected but worth knowing on the browser console (a language's words
    that cannot be had offline): a warning, not an error (stderr on CPython)."""
    if window is not None:
        window.console.warn(message)
    else:  # pragma: no cover - CPython fallback
        import sys

        print(message, file=sys.stderr)


def log_error(message: str) -> None:
    """Report a problem on the browser console (and stderr on CPython)."""
    if window is not None:
        window.console.error(message)
    else:  # pragma: no cover - CPython fallback
        import sys

        print(message, file=sys.stderr)


def set_attrs(node: Element, attrs: Mapping[str, AttrValue]) -> Element:
    """Set attributes: True -> present and empty, False/None -> removed, else the string value."""
    for name, value in attrs.items():
        if value is None or value is False:
            node.removeAttribute(name)
        elif value is True:
            node.setAttribute(name, "")
        else:
            node.setAttribute(name, str(value))
    return node


def append(node: Element, children: Iterable[Child]) -> Element:
    """Append children; strings become text nodes (never parsed as HTML), None is skipped."""
    for child in children:
        if child is None:
            continue
        if isinstance(child, str):
            node.append(document.createTextNode(child))
        else:
            node.append(child)
    return node


def patch(parent: Element, children: Iterable[Child]) -> Element:
    """Make ``parent``'s children exactly ``children`` (strings become text nodes, None is
    skipped), leaving alone each one that is already in its place.

    Why not clear and append: a screen keeps parts of its last drawing
    (:mod:`kingdoms_web.play.parts`), and a node taken out and put back, even in the same place,
    is styled and laid out again by the browser, which costs about as much as drawing it anew.
    A child drawn no more is removed; one that is wanted further on is never moved, the new
    ones go in before it.

    In the browser ``boot.js`` does this in one call (``kingdomsDom.patch``, the same steps):
    done here, each child costs several calls from WebAssembly into JavaScript, which cost
    JavaScriptCore (Safari's engine) about four times what they cost V8.
    """
    helpers = _page_helpers()
    if helpers is not None:
        helpers.patch(parent, _to_js([child for child in children if child is not None]))
        return parent
    wanted = [document.createTextNode(child) if isinstance(child, str) else child
              for child in children if child is not None]
    nodes = parent.childNodes  # live: it follows the changes made below
    for index, child in enumerate(wanted):
        while True:
            current = opt(nodes.item(index))
            if current is None:
                parent.append(child)
                break
            if current.isSameNode(child):
                break
            if any(current.isSameNode(later) for later in wanted[index + 1:]):
                parent.insertBefore(child, current)
                break
            current.remove()  # not drawn any more
    for _ in range(int(nodes.length) - len(wanted)):
        opt(nodes.item(len(wanted))).remove()
    return parent


_helpers: list[Any] = []
"""``boot.js``'s ``kingdomsDom`` for the bound window, once looked up (emptied by :func:`bind`)."""


def _page_helpers() -> Any:
    """``boot.js``'s ``kingdomsDom`` (``patch``, ``element``) when the bound window has it (the
    browser), else None (CPython's offline document, which this module walks itself)."""
    if not _helpers:
        _helpers.append(None if window is None else opt(getattr(window, "kingdomsDom", None)))
    return _helpers[0]


def el(
    tag: str,
    *children: Child,
    cls: str | None = None,
    testid: str | None = None,
    attrs: Mapping[str, AttrValue] | None = None,
    props: Mapping[str, Any] | None = None,
) -> Element:
    """Create ``<tag>`` with a class, a ``data-testid``, attributes, properties and children.

    ``props`` sets DOM properties (``value``, ``checked``) after the children exist, which is what
    a ``<select>`` needs to show the right option.
    """
    helpers = _page_helpers()
    if helpers is not None:  # one call into the page (boot.js), not one per part
        pairs: list[Any] = []
        for name, value in (attrs or {}).items():
            pairs += (name, value if value is None or isinstance(value, bool) else str(value))
        node: Element = helpers.element(tag, cls or None, testid or None, len(pairs) // 2,
                                        *pairs, *children)
    else:
        node = document.createElement(tag)
        if cls:
            node.className = cls
        if testid:
            node.setAttribute("data-testid", testid)
        if attrs:
            set_attrs(node, attrs)
        append(node, children)
    if props:
        for name, value in props.items():
            setattr(node, name, value)
    return node


def present(node: Element | None) -> Element:
    """``node``, which exists by now (a part of a screen drawn before it is used): its absence
    is a bug in the page, said here rather than as an attribute error further on."""
    if node is None:
        raise RuntimeError("a part of the page was used before it was drawn")
    return node


def set_text(node: Element, text: str) -> Element:
    node.textContent = text
    return node


def clear(node: Element) -> Element:
    node.replaceChildren()
    return node


def by_id(element_id: str) -> Element | None:
    found: Element | None = opt(document.getElementById(element_id))
    return found


def icon(name: str) -> Element:
    """A decorative inline SVG icon (hidden from screen readers; the control has a text name)."""
    paths = {
        "settings": (
            "M12 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7zm7.4-2.5a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5"
            "-2.5 1a7.5 7.5 0 0 0-1.7-1L15 3h-4l-.4 2.7a7.5 7.5 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6"
            " 7.6 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.5 7.5 0 0 0 1.7 1L11 21h4l.4-2.7a7.5 7.5 0 0 0"
            " 1.7-1l2.5 1 2-3.5z"
        ),
        "home": "M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
        "plus": "M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z",
        "help": "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 17h-2v-2h2zm2.1-7.8-.9.9C13.5 12.8"
        " 13 13.5 13 15h-2v-.5c0-1.1.4-2.1 1.2-2.8l1.2-1.3A2 2 0 0 0 12 7a2 2 0 0 0-2 2H8a4 4"
        " 0 1 1 7.1 2.2z",
        "code": "M8.6 16.6 4 12l4.6-4.6L10 8.8 6.8 12l3.2 3.2zm6.8 0L20 12l-4.6-4.6L14 8.8l3.2 3.2"
        "-3.2 3.2z",
        "undo": "M10 5 3.5 10.5 10 16v-4h5a4 4 0 0 1 0 8h-2v2h2a6 6 0 0 0 0-12h-5z",
        "hint": "M9 21h6v-1.5H9zm3-19a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2zm2.9 11.1-.9.6"
        "V15h-4v-1.3l-.9-.6A5 5 0 1 1 14.9 13.1z",
        "redo": "M14 5l6.5 5.5L14 16v-4H9a4 4 0 0 0 0 8h2v2H9a6 6 0 0 1 0-12h5z",
        "share": "M12 2l4.5 4.5h-3.5V15h-2V6.5H7.5zM5 10h4v2H6v8h12v-8h-3v-2h4a1 1 0 0 1 1 1v10"
        "a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1z",
        "history": "M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zm0 2a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm-1 2h2"
        "v4.4l3.4 2-1 1.7-4.4-2.6z",
        "fast": "M3 6l8.5 6L3 18zm9 0 8.5 6-8.5 6z",
        "book": "M4 4.5C6.5 3.5 9.5 3.6 11 5v15c-1.5-1.3-4.5-1.4-7-.4zm16 0c-2.5-1-5.5-.9-7 .5v15"
        "c1.5-1.3 4.5-1.4 7-.4z",
    }
    ns = "http://www.w3.org/2000/svg"
    svg: Element = document.createElementNS(ns, "svg")
    set_attrs(svg, {"viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false",
                    "class": "icon"})
    path = document.createElementNS(ns, "path")
    path.setAttribute("d", paths.get(name, ""))
    svg.append(path)
    return svg


_TASKS: set[asyncio.Future[None]] = set()
"""Running tasks, referenced so they are not collected before they finish."""


def run_async(make: Callable[[], Awaitable[Any]], what: str) -> None:
    """Start a coroutine from an event handler; failures are logged, never raised."""

    async def guarded() -> None:
        try:
            await make()
        except Exception:
            log_error(f"Kingdoms: {what} failed\n" + traceback.format_exc())

    coroutine = guarded()
    try:
        task = asyncio.ensure_future(coroutine)
        _TASKS.add(task)
        task.add_done_callback(_TASKS.discard)
    except RuntimeError:  # no running loop (CPython tests): run it to the end now
        asyncio.run(coroutine)


class Scope:
    """Owns the event-handler proxies of one screen or dialog and releases them together."""

    def __init__(self) -> None:
        self._bindings: list[tuple[Element, str, Any, bool]] = []
        self._children: list[Scope] = []

    def child(self) -> Scope:
        """A scope released with this one (for a screen that redraws part of itself between the
        host's renders: it can drop its own handlers early, and never outlives the host's)."""
        scope = Scope()
        self._children.append(scope)
        return scope

    def on(self, node: Element, event: str, handler: Callable[[Any], Any], *,
           capture: bool = False) -> Element:
        """Call ``handler(event)`` on ``event``; errors are logged instead of breaking the page.

        ``capture=True`` listens in the capture phase (before the target's own handlers).
        """

        def guarded(evt: Any = None) -> None:
            try:
                handler(evt)
            except Exception:
                log_error("Kingdoms: error in a '" + event + "' handler\n" + traceback.format_exc())

        proxy = create_proxy(guarded)
        if capture:
            node.addEventListener(event, proxy, True)
        else:
            node.addEventListener(event, proxy)
        self._bindings.append((node, event, proxy, capture))
        return node

    def dispose(self) -> None:
        """Remove every listener and destroy its proxy (safe to call twice)."""
        children, self._children = self._children, []
        for child in children:
            child.dispose()
        bindings, self._bindings = self._bindings, []
        for node, event, proxy, capture in bindings:
            try:
                if capture:
                    node.removeEventListener(event, proxy, True)
                else:
                    node.removeEventListener(event, proxy)
                proxy.destroy()
            except BROWSER_ERRORS:  # already gone with its element; nothing to free
                pass


_CONTROLS = "button, input, select, textarea, summary, a[href], [tabindex]"


def make_read_only(root: Element, scope: Scope) -> None:
    """Disable every control in ``root`` and swallow clicks and keys aimed at it (a replay, or
    a board while a computer plays). A region that scrolls (``data-scroll``: a long log) keeps
    its Tab stop and its keys: reading it is not playing."""
    nodes = root.querySelectorAll(_CONTROLS)
    for i in range(int(nodes.length)):
        node = nodes.item(i)
        if node.hasAttribute("data-scroll"):
            continue
        tag = str(node.tagName)
        if tag in ("BUTTON", "INPUT", "SELECT", "TEXTAREA"):
            node.disabled = True
        node.setAttribute("tabindex", "-1")
        node.setAttribute("aria-disabled", "true")

    def swallow(event: Any) -> None:
        target = getattr(event, "target", None)
        if getattr(event, "type", "") == "keydown" and target is not None \
                and hasattr(target, "hasAttribute") and target.hasAttribute("data-scroll"):
            return
        event.stopPropagation()
        event.preventDefault()

    for kind in ("click", "keydown", "pointerdown", "change", "input"):
        scope.on(root, kind, swallow, capture=True)


def after_paint(callback: Callable[[], None], delay_ms: int = 0) -> None:
    """Run ``callback`` once, ``delay_ms`` after the next frame is painted (a timer set from the
    frame's ``requestAnimationFrame``; a plain timer could run before that paint and hold the new
    board back): for work the player need not wait for, kept out of the time from a tap to the
    new board. On CPython (no browser) it runs at once."""
    if window is None or getattr(window, "requestAnimationFrame", None) is None:
        callback()
        return
    try:
        from pyodide.ffi import create_once_callable
    except ImportError:  # pragma: no cover - Pyodide only
        callback()
        return

    def guarded() -> None:
        try:
            callback()
        except Exception:
            log_error("Kingdoms: an after-paint step failed\n" + traceback.format_exc())

    window.requestAnimationFrame(create_once_callable(
        lambda _time=None: window.setTimeout(create_once_callable(guarded), max(0, delay_ms))))


def before_paint(callback: Callable[[], None]) -> None:
    """Run ``callback`` once, after the current handler and before the next paint
    (``requestAnimationFrame``): for work that needs the new layout but must not show a frame
    without it (restoring a scroll position after a redraw). Nothing happens on CPython."""
    if window is None or getattr(window, "requestAnimationFrame", None) is None:
        return
    try:
        from pyodide.ffi import create_once_callable
    except ImportError:  # pragma: no cover - Pyodide only
        return

    def guarded(_time: Any = None) -> None:
        try:
            callback()
        except Exception:
            log_error("Kingdoms: a before-paint step failed\n" + traceback.format_exc())

    window.requestAnimationFrame(create_once_callable(guarded))


def show_one_of(scroller: Element, nodes: Any) -> None:
    """Scroll ``scroller`` to the first of ``nodes`` (a NodeList) unless one of them is already
    in its view: a prompt whose every target lies off the visible part of a board on a phone
    would otherwise ask for a tap on something the player cannot see. Call it once the layout
    is ready (before a paint). Nothing happens on CPython."""
    if window is None or not nodes.length:
        return
    box = scroller.getBoundingClientRect()
    for index in range(int(nodes.length)):
        rect = nodes.item(index).getBoundingClientRect()
        if (rect.bottom > box.top and rect.top < box.bottom
                and rect.right > box.left and rect.left < box.right):
            return
    nodes.item(0).scrollIntoView(window.JSON.parse('{"block": "nearest", "inline": "nearest"}'))


def reveal(node: Any) -> None:
    """Scroll ``node`` into view if it is off screen (the answer to a tap drawn far below it on
    a phone). Instant: CSS ``scroll-behavior`` decides smoothness and honours reduced motion."""
    if node is None:
        return
    if window is None or getattr(node, "scrollIntoView", None) is None:  # no layout in tests
        return

    async def after_layout() -> None:
        await asyncio.sleep(0)  # the node may not be in the document until the redraw ends
        if node.isConnected:
            node.scrollIntoView(window.JSON.parse('{"block": "nearest"}'))

    run_async(after_layout, "revealing")
