"""Sharing a game: its link and code, copy buttons, the system share sheet and a QR code.

A link is the site's own address (whatever it is: a sub-path, a file, another host) without its
old fragment, plus ``#g=<code>``: the fragment never reaches a server, so a game is shared
without one. The QR code is drawn here, offline, by the pure-Python ``segno`` (loaded on demand
the first time a QR code is asked for; its wheel is part of the site and precached), as an SVG
inside an ``<img>`` with a ``data:`` URL, so nothing of the code is ever parsed as markup.

Copying uses the Clipboard API, with a selected-text fallback for browsers that refuse it; the
share sheet (``navigator.share``) is offered only where it exists.
"""

from __future__ import annotations

import importlib
import traceback
from collections.abc import Callable
from typing import Any

from kingdoms_web import dom, urls
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import Message, t
from kingdoms_web.play.announcer import announce
from kingdoms_web.shell.dialogs import Modal, button

QR_ERROR = "m"
QR_MAX_LINK = 2300
"""Longer links do not fit a QR code at error level M (2,331 bytes); level L is tried then."""


def can_web_share() -> bool:
    try:
        return dom.opt(getattr(dom.window.navigator, "share", None)) is not None
    except dom.BROWSER_ERRORS:
        return False


async def copy_text(text: str, field: Element | None = None) -> bool:
    """Put ``text`` on the clipboard; True if it worked (fallback: select ``field`` and copy)."""
    try:
        clipboard = dom.opt(getattr(dom.window.navigator, "clipboard", None))
        if clipboard is not None:
            await clipboard.writeText(text)
            return True
    except dom.BROWSER_ERRORS:  # NotAllowedError: no permission, or the page is not focused
        pass
    if field is not None:
        try:
            field.focus()
            field.select()
            return bool(dom.document.execCommand("copy"))
        except dom.BROWSER_ERRORS:
            return False
    return False


async def web_share(title: str, text: str, url: str) -> str:
    """Open the system share sheet: ``shared``, ``cancelled`` or ``unavailable``."""
    if not can_web_share():
        return "unavailable"
    try:
        from pyodide.ffi import to_js

        data = to_js({"title": title, "text": text, "url": url},
                     dict_converter=dom.window.Object.fromEntries)
        await dom.window.navigator.share(data)
        return "shared"
    except dom.BROWSER_ERRORS as error:  # AbortError when the user closes the sheet
        return "cancelled" if "Abort" in str(error) else "unavailable"


async def load_segno() -> Any:
    """The ``segno`` module, loading its wheel into Pyodide the first time."""
    try:
        return importlib.import_module("segno")
    except ImportError:
        pass
    pyodide_js = importlib.import_module("pyodide_js")  # the JS ``pyodide`` object (browser)
    await pyodide_js.loadPackage("segno")
    importlib.invalidate_caches()
    return importlib.import_module("segno")


def qr_data_uri(segno: Any, text: str) -> str | None:
    """An SVG ``data:`` URL of a QR code of ``text``; None if it is too long for one."""
    for level in (QR_ERROR, "l"):
        try:
            qr = segno.make(text, error=level, micro=False, boost_error=False)
        except ValueError:  # segno.DataOverflowError: too long for a QR code at this level
            continue
        return str(qr.svg_data_uri(scale=4, border=4, dark="#000", light="#fff"))
    return None


class ShareDialog(Modal):
    """The current game's link (with its QR code) and code, each with a copy button."""

    testid = "share-dialog"

    def __init__(self, code: str, title: str, on_closed: Callable[[Modal], None] | None = None
                 ) -> None:
        super().__init__(on_closed)
        self.code = code
        self.link = urls.share_link(code)
        self.game_title = title
        self._status: Element | None = None
        self._qr_box: Element | None = None
        self._qr: str | None = None
        self._qr_failed = False

    def title(self) -> str:
        return t("share.title")

    def focus_first(self) -> None:
        target = dom.query('[data-testid="share-copy-link"]', self.node)
        if target is not None:
            target.focus()

    def build_body(self, scope: Scope) -> list[Any]:
        link_field = el("input", cls="field share-field", testid="share-link", attrs={
            "id": "share-link", "type": "url", "readonly": True, "aria-describedby": "share-hint",
        }, props={"value": self.link})
        code_field = el("textarea", cls="field share-field code-field", testid="share-code",
                        attrs={"id": "share-code", "readonly": True, "rows": 3,
                               "spellcheck": "false"}, props={"value": self.code})
        self._status = el("p", "", cls="note share-status", testid="share-status",
                          attrs={"role": "status", "aria-live": "polite"})

        def copy(text: str, field: Element, done: str) -> Callable[[Any], None]:
            def handler(_event: Any) -> None:
                async def work() -> None:
                    ok = await copy_text(text, field)
                    self._say(t(done) if ok else t("share.copy_failed"))
                dom.run_async(work, "copying")
            return handler

        def share(_event: Any) -> None:
            async def work() -> None:
                result = await web_share(self.game_title, t("share.message", title=self.game_title),
                                         self.link)
                if result == "shared":
                    self._say(t("share.shared"))
            dom.run_async(work, "sharing")

        actions = [button(scope, t("share.copy_link"), copy(self.link, link_field,
                                                            "share.link_copied"),
                          testid="share-copy-link", cls="btn btn-primary")]
        if can_web_share():
            actions.append(button(scope, t("share.system"), share, testid="share-system",
                                  cls="btn"))
        self._qr_box = el("div", cls="share-qr", testid="share-qr")
        self._draw_qr()
        if self._qr is None and not self._qr_failed:
            dom.run_async(self._make_qr, "drawing the QR code")
        return [
            el("p", t("share.hint"), cls="note", attrs={"id": "share-hint"}),
            el("label", t("share.link"), attrs={"for": "share-link"}),
            link_field,
            el("div", *actions, cls="actions share-actions"),
            self._qr_box,
            el("label", t("share.code"), attrs={"for": "share-code"}),
            code_field,
            el("div", button(scope, t("share.copy_code"), copy(self.code, code_field,
                                                               "share.code_copied"),
                             testid="share-copy-code", cls="btn"),
               button(scope, t("app.close"), lambda _e: self.close(), testid="share-close"),
               cls="actions"),
            self._status,
        ]

    def _say(self, text: str) -> None:
        if self._status is not None:
            dom.set_text(self._status, text)

    async def _make_qr(self) -> None:
        try:
            segno = await load_segno()
            self._qr = qr_data_uri(segno, self.link)
            self._qr_failed = self._qr is None
        except Exception:
            self._qr_failed = True
            dom.log_error("Kingdoms: the QR code could not be drawn\n" + traceback.format_exc())
        self._draw_qr()

    def _draw_qr(self) -> None:
        box = self._qr_box
        if box is None:
            return
        dom.clear(box)
        if self._qr is not None:
            image = el("img", cls="share-qr-img", testid="share-qr-img",
                       attrs={"alt": t("share.qr_alt"), "width": 240, "height": 240})
            image.src = self._qr
            dom.append(box, [image])
        elif self._qr_failed:
            dom.append(box, [el("p", t("share.qr_failed"), cls="note")])
        else:
            dom.append(box, [el("p", t("share.qr_drawing"), cls="note")])


def send_link(code: str, title: str, name: str, notify: Callable[[Message], None]) -> None:
    """Play by link: share the game's link so ``name`` can take their turn on their own device
    (the system share sheet, else the clipboard); ``notify`` says what happened."""
    link = urls.share_link(code)

    async def work() -> None:
        result = await web_share(title, t("send.message", name=name, title=title), link)
        message: Callable[[], str] | None = None
        if result == "shared":
            message = lambda: t("send.shared", name=name)  # noqa: E731 - said per language
        elif result == "unavailable":
            ok = await copy_text(link)
            message = (lambda: t("send.copied", name=name)) if ok \
                else (lambda: t("share.copy_failed"))
        if message is not None:
            notify(message)
            announce(message())

    dom.run_async(work, "sending the link")
