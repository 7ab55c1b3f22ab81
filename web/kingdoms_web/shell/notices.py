"""The app's manners: the notices under the top bar.

Two things the page learns from outside Python are said here, never in a dialog that would
interrupt play:

- "a new version is ready — reload", when a new service worker waits (``boot.js`` tells us, at
  start-up through a flag and later through a ``kingdoms:sw`` event). In a game it waits for a
  moment between turns, after the autosave, so a reload never loses half a turn;
- "ready to play offline", once the service worker has cached the site (dismissable): a toast
  over the page's foot, so it arrives without moving anything the player may be about to tap.

And one the app learns at start-up: the chosen language's words could not be had (offline on a
device that never used it), so the page is in English for now, with "Try again".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kingdoms_web import dom
from kingdoms_web.device import boot_call, boot_flag
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import LANGUAGE_NAMES, get_language, t
from kingdoms_web.shell.dialogs import button


class AppNotices:
    """What the notices know and where they are drawn. ``between_turns`` says whether now is a
    moment the update notice may show (not in the middle of a turn)."""

    def __init__(self, between_turns: Callable[[], bool],
                 retry_words: Callable[[str], None] | None = None) -> None:
        self.between_turns = between_turns
        self.retry_words = retry_words
        self.update_waiting = boot_flag("updateWaiting")
        self.offline_ready = False
        self.words_missing: str | None = None
        """A language chosen but whose words could not be had at start-up (the page is in
        English meanwhile), or None."""
        self._scope = Scope()
        self._box: Element | None = None
        self._shown: tuple[object, ...] = ()
        """What the box shows now (see :meth:`refresh`)."""

    def mount(self) -> Element:
        """A fresh box for the notices (the app redraws its whole frame), filled at once."""
        self._box = el("div", cls="app-notices", testid="app-notices")
        self._shown = ()
        self.refresh()
        return self._box

    def service_worker_news(self, event: Any) -> None:
        """``boot.js`` says a new version is waiting, or that the site is cached for offline."""
        kind = str(dom.opt(getattr(event, "detail", None)) or "")
        if kind == "update":
            self.update_waiting = True
        elif kind == "offline":
            self.offline_ready = True
        self.refresh()

    def refresh(self) -> None:
        """Redraw the notices (without touching the screen below), unless they would be the
        same: the table asks after every autosave, and a toast drawn again at every tap is
        work for nothing (and, for a screen reader, a status said again)."""
        box = self._box
        if box is None:
            return
        shown = (self.words_missing, self.update_waiting and self.between_turns(),
                 self.offline_ready, get_language())
        if shown == self._shown:
            return
        self._shown = shown
        self._scope.dispose()
        self._scope = Scope()
        scope = self._scope
        items: list[Element] = []
        missing, retry = self.words_missing, self.retry_words
        if missing is not None:
            name = LANGUAGE_NAMES.get(missing, missing)
            again = None if retry is None else button(
                scope, t("app.words_retry"), lambda _e: retry(missing), testid="words-retry",
                cls="btn")
            items.append(el("div", el("p", t("app.words_missing", language=name)), again,
                            cls="notice app-notice", testid="words-missing",
                            attrs={"role": "status"}))
        if self.update_waiting and self.between_turns():
            items.append(el("div", el("p", t("app.update_ready")),
                            button(scope, t("app.update_reload"), lambda _e: apply_update(),
                                   testid="update-reload", cls="btn btn-primary"),
                            cls="notice app-notice", testid="update-notice",
                            attrs={"role": "status"}))
        if self.offline_ready:
            def dismiss(_event: Any) -> None:
                self.offline_ready = False
                self.refresh()

            items.append(el("div", el("p", t("app.offline_ready")),
                            button(scope, t("app.dismiss"), dismiss, testid="offline-dismiss",
                                   cls="btn btn-quiet"),
                            cls="notice app-notice app-toast", testid="offline-ready",
                            attrs={"role": "status"}))
        dom.clear(box)
        dom.append(box, items)


def apply_update() -> None:
    """Reload into the new version: the game on screen is saved (the notice only shows after an
    autosave), and the URL resumes it."""
    if boot_call("applyUpdate") is None:
        dom.window.location.reload()
