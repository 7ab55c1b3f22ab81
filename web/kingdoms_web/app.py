"""The app: start-up, screen routing, and the glue between screens, storage and the engine.

``start()`` is the only entry point (``public/main.py`` calls it). It replaces the static loading
screen with the home screen and then sets ``document.body.dataset.ready = "home"``, the signal the
end-to-end tests and the benchmark wait for.

Screens: ``home``, ``record`` (the summary of a shared game whose screen does not exist yet) and
``game`` (a running game: :class:`~.game_host.GameSession` with the game's screen module from
:data:`VIEW_MODULES`; the body's ``data-ready`` becomes ``"game"`` once it is drawn).

A new game's seed comes from ``crypto.getRandomValues``; ``?seed=N`` in the page URL forces it
(tests, bug reports). A running game keeps its share code and save id in the URL fragment
(``#g=<code>&s=<save id>``), so a reload resumes it.
"""

from __future__ import annotations

import traceback
from typing import Any

from kingdoms.core.protocol import GameInfo, Seat
from kingdoms.core.records import new_record
from kingdoms.core.registry import list_games

from . import dom, i18n
from .dialogs import ConfirmDialog, Modal, NewGameDialog, button
from .dom import Element, Scope, el
from .game_host import (
    GameSession,
    open_session,
    random_u32,
    save_id_from_fragment,
    seed_from_query,
)
from .home import names_text, render_home, render_record, save_title
from .i18n import t
from .records import OpenResult, RecordSummary, code_from_fragment, open_code
from .settings import SettingsDialog
from .storage import (
    SaveEntry,
    SaveList,
    Store,
    delete_save,
    load_saves,
    read_settings,
    write_settings,
)

VIEW_MODULES: dict[str, str] = {
    "dice-realm": "kingdoms_web.dice_realm_screen",
    "burgrave": "kingdoms_web.burgrave_screen",
}
"""game id -> module with that game's screen (``create_screen(host) -> GameScreen``)."""

_PROBE_KEY = "kingdoms.v1.probe"


def make_store() -> Store:
    """``localStorage`` if the browser lets us use it, else a memory store marked unavailable."""
    try:
        backend = dom.window.localStorage
        backend.setItem(_PROBE_KEY, "1")
        backend.removeItem(_PROBE_KEY)
    except Exception:  # SecurityError, missing storage, quota already full
        return Store(None, available=False)
    return Store(backend)


def browser_languages() -> list[str]:
    try:
        return [str(code) for code in dom.window.navigator.languages]
    except Exception:
        return []


class App:
    """The running page. Holds what the screens show; every change ends in :meth:`render`."""

    def __init__(self, root: Element) -> None:
        self.root = root
        self.store = make_store()
        self.storage_available = self.store.available
        self.settings: dict[str, Any] = read_settings(self.store)
        i18n.set_language(i18n.pick_language(self.settings.get("language"),
                                             browser_languages()))
        self.games: list[GameInfo] = []
        self.titles: dict[str, str] = {}
        self.games_failed = False
        try:
            self.games = list_games()
            self.titles = {info.game_id: info.title for info in list_games(include_internal=True)}
        except Exception:
            self.games_failed = True
            dom.log_error("Kingdoms: listing games failed\n" + traceback.format_exc())
        self.saves: SaveList = load_saves(self.store)
        self.code_text = ""
        self.code_error: str | None = None
        self.save_error: str | None = None
        self.screen = "home"
        self.summary: RecordSummary | None = None
        self.session: GameSession | None = None
        self.scope = Scope()
        self.modals: list[Modal] = []
        self._hash_scope = Scope()

    # ------------------------------------------------------------------ rendering

    def render(self, *, focus_main: bool = False) -> None:
        """Rebuild the top bar and the current screen; refresh open dialogs (language)."""
        self.scope.dispose()
        self.scope = Scope()
        dom.document.documentElement.lang = i18n.get_language()
        dom.document.title = t("app.title")
        session = self.session if self.screen == "game" else None
        if session is not None:
            content = None
        elif self.screen == "record" and self.summary is not None:
            content = render_record(self.summary)
        else:
            content = render_home(self, self.scope)
        main = el("main", content, attrs={"id": "main", "tabindex": "-1"})
        dom.clear(self.root)
        dom.append(self.root, [self._topbar(), main])
        if session is not None:
            main.classList.add("main-game")
            session.mount(main)
        for modal in list(self.modals):
            modal.refresh()
        if focus_main:
            heading = dom.query("h2", main)
            target = heading if heading is not None else main
            target.setAttribute("tabindex", "-1")
            target.focus()

    def _topbar(self) -> Element:
        home = None
        if self.screen != "home":
            home = button(self.scope, t("app.home"), lambda _e: self.go_home(), testid="home",
                          cls="btn btn-quiet", icon="home")
        settings = button(self.scope, t("app.settings"), lambda _e: self.open_settings(),
                          testid="settings", cls="btn btn-quiet", icon="settings")
        settings.setAttribute("aria-haspopup", "dialog")
        return el("header",
                  el("div", home, cls="topbar-start"),
                  el("h1", t("app.title"), cls="topbar-title"),
                  el("div", settings, cls="topbar-end"),
                  cls="topbar")

    # ------------------------------------------------------------------ navigation

    def go_home(self) -> None:
        self._close_session()
        self.screen = "home"
        self.summary = None
        self.saves = load_saves(self.store)
        self._set_fragment("")
        self.render(focus_main=True)
        dom.document.body.dataset.ready = "home"

    def _close_session(self) -> None:
        if self.session is not None:
            self.session.dispose()
            self.session = None

    def open_game(self, result: OpenResult, save_id: str | None = None) -> bool:
        """Open a decoded record in its game screen; False if the game has no screen here."""
        summary = result.summary
        if summary is None or result.record is None or not self.can_play(summary.game_id):
            return False
        session = open_session(self, VIEW_MODULES[summary.game_id], result.record,
                               result.state, save_id)
        if session is None:
            return False
        self._show_session(session)
        self._set_fragment(f"#g={summary.code}&s={session.save_id}")
        return True

    def _show_session(self, session: GameSession) -> None:
        self._close_session()
        self.session = session
        self.summary = None
        self.screen = "game"
        self.render()

    def show_record(self, result: OpenResult) -> None:
        summary = result.summary
        if summary is None:
            return
        if self.open_game(result):
            return
        self.summary = summary
        self.screen = "record"
        self._set_fragment("#g=" + summary.code)
        self.render(focus_main=True)

    def set_fragment(self, fragment: str) -> None:
        """The running game's link (the host keeps it current, so a reload resumes the game)."""
        self._set_fragment(fragment)

    def _set_fragment(self, fragment: str) -> None:
        """Change the URL fragment without a ``hashchange`` event (and without a history step)."""
        try:
            location = dom.window.location
            url = str(location.pathname) + str(location.search) + fragment
            if str(location.hash) != fragment:
                dom.window.history.replaceState(None, "", url)
        except Exception:
            pass

    # ------------------------------------------------------------------ codes and saves

    def can_play(self, game_id: str) -> bool:
        """True when the game has rules *and* a screen on this page."""
        return game_id in VIEW_MODULES and any(
            info.game_id == game_id and info.available for info in self.games)

    def submit_code(self, text: str) -> None:
        self.code_text = text
        result = open_code(text, dom.log_error)
        if result.error is not None:
            self.code_error = result.error
            self.render()
            self._focus('[data-testid="code-input"]')
            return
        self.code_error = None
        self.code_text = ""
        self.show_record(result)

    def open_fragment(self, fragment: str) -> bool:
        """Open a ``#g=<code>`` link; an unusable code is shown as an error on the home screen."""
        code = code_from_fragment(fragment)
        if code is None:
            return False
        if self.summary is not None and self.summary.code == code:
            return True
        if self.session is not None and self.session.code == code:
            return True
        result = open_code(code, dom.log_error)
        if result.error is not None:
            self.screen = "home"
            self.summary = None
            self.code_text = code[:2000]
            self.code_error = t("code.link_error") + " " + result.error
            self._set_fragment("")
            self.render()
            return True
        self.code_error = None
        if self.open_game(result, save_id_from_fragment(fragment)):
            return True
        self.show_record(result)
        return True

    def open_save(self, entry: SaveEntry) -> None:
        result = open_code(entry.code, dom.log_error)
        if result.error is not None:
            self.save_error = result.error
            self.render()
            return
        self.save_error = None
        if self.open_game(result, entry.save_id):
            return
        self.show_record(result)

    def ask_delete_save(self, entry: SaveEntry) -> None:
        title = save_title(entry, self.titles)
        players = names_text(entry.names)

        def confirmed() -> None:
            if not delete_save(self.store, entry.save_id):
                self.save_error = t("saves.write_failed")
            else:
                self.save_error = None
            self.saves = load_saves(self.store)
            self.render()
            self._focus('[data-testid="saved-games"] h2')

        self._open_modal(ConfirmDialog(
            lambda: t("saves.delete_title"),
            lambda: t("saves.delete_body", title=title, players=players),
            lambda: t("saves.delete_confirm"),
            confirmed,
            on_closed=self._modal_closed,
        ))

    # ------------------------------------------------------------------ dialogs

    def open_new_game(self, game_id: str | None) -> None:
        games = [info for info in self.games if not info.internal]
        self._open_modal(NewGameDialog(games, game_id, self.can_play, self.start_game,
                                       on_closed=self._modal_closed))

    def start_game(self, game_id: str, names: list[str]) -> None:
        """Begin a new game with a fresh random seed (or ``?seed=N`` from the URL) and save it."""
        module = VIEW_MODULES.get(game_id)
        if module is None:
            dom.log_error(f"Kingdoms: no screen for {game_id!r}")
            return
        try:
            search = str(dom.window.location.search)
        except Exception:
            search = ""
        seed = seed_from_query(search)
        if seed is None:
            seed = random_u32(1)[0]
        try:
            record = new_record(game_id, [Seat(name=name) for name in names], seed)
        except Exception:
            dom.log_error("Kingdoms: the game could not be set up\n" + traceback.format_exc())
            return
        session = open_session(self, module, record)
        if session is None:
            return
        self._show_session(session)
        session.autosave()
        session.redraw()

    def open_settings(self) -> None:
        self._open_modal(SettingsDialog(self.change_language, lambda: self.storage_available,
                                        on_closed=self._modal_closed))

    def change_language(self, code: str) -> bool:
        """Switch language, store it, re-render; True if the choice will be remembered."""
        self.settings["language"] = i18n.set_language(code)
        stored = self.storage_available and write_settings(self.store, self.settings)
        self.render()
        return stored

    def _open_modal(self, modal: Modal) -> None:
        self.modals.append(modal)
        modal.open()

    def _modal_closed(self, modal: Modal) -> None:
        if modal in self.modals:
            self.modals.remove(modal)

    def _focus(self, selector: str) -> None:
        node = dom.query(selector)
        if node is not None:
            if not node.hasAttribute("tabindex") and node.tagName in ("H2", "H3"):
                node.setAttribute("tabindex", "-1")
            node.focus()

    # ------------------------------------------------------------------ start-up

    def listen_for_links(self) -> None:
        """Open ``#g=`` links followed while the page is already running."""
        self._hash_scope.on(dom.window, "hashchange",
                            lambda _e: self.open_fragment(str(dom.window.location.hash)))


def _report_start_failure(detail: str) -> None:
    """Hand the failure to the loading screen (boot.js), or write it into the page."""
    message = t("app.start_failed", detail=detail)
    try:
        boot = getattr(dom.window, "kingdomsBoot", None)
        if boot is not None:
            boot.fail(message)
            return
    except Exception:
        pass
    root = dom.by_id("app") or dom.document.body
    dom.clear(root)
    dom.append(root, [el("p", message, cls="warning", attrs={"role": "alert"})])


_app: App | None = None


def start() -> None:
    """Replace the loading screen with the home screen (or a shared game from ``#g=``)."""
    global _app
    try:
        root = dom.by_id("app")
        if root is None:
            raise RuntimeError("the page has no #app element")
        app = App(root)
        _app = app
        if not app.open_fragment(str(dom.window.location.hash)):
            app.render()
        app.listen_for_links()
    except Exception as error:
        dom.log_error("Kingdoms: start-up failed\n" + traceback.format_exc())
        _report_start_failure(f"{type(error).__name__}: {error}")
        return
    dom.document.body.dataset.ready = "game" if app.screen == "game" else "home"
