"""The app: start-up, screen routing, and the glue between screens, storage and the engine.

``start()`` is the only entry point (``public/main.py`` calls it). It replaces the static loading
screen with the home screen and then sets ``document.body.dataset.ready = "home"``, the signal the
end-to-end tests and the benchmark wait for.

Screens: ``home``, ``record`` (what a code or link holds, shown before it is loaded: a link or a
pasted code never replaces anything until the player taps "Load"), ``game`` (a running game:
:class:`~kingdoms_web.play.table.GameTable` with the game's screen module from
:data:`VIEW_MODULES`; the body's ``data-ready`` becomes ``"game"`` once it is drawn) and
``replay`` (a read-only replay).

A reload resumes directly only when the fragment's save id names a save on this device holding
that very code (``#g=<code>&s=<id>``, what the table keeps in the URL: see
:mod:`kingdoms_web.urls`); anything else is a shared game and gets the summary first. Loading a
code makes a new saved game, except that a save holding the byte-identical code is reopened
instead of duplicated. A new game's seed comes from ``crypto.getRandomValues`` unless
``?seed=N`` forces it.

The home screen's saved-games actions (rename, delete, export, import) are
:class:`~kingdoms_web.shell.save_actions.SaveActions`; the screens themselves are in
:mod:`kingdoms_web.shell` and :mod:`kingdoms_web.play`.
"""

from __future__ import annotations

import traceback
from typing import Any

from kingdoms.core.protocol import GameInfo, Seat
from kingdoms.core.records import GameRecord, new_record
from kingdoms.core.registry import list_games
from kingdoms_web import dom, i18n, urls
from kingdoms_web.device import browser_languages, make_store, new_save_id, random_u32
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import game_title, t
from kingdoms_web.play.replay import ReplayView
from kingdoms_web.play.table import GameTable, open_table
from kingdoms_web.saves.migrations import upgrade_storage
from kingdoms_web.saves.opening import OpenResult, RecordSummary, open_code
from kingdoms_web.saves.saved_games import find_code, find_save, load_saves
from kingdoms_web.saves.schema import SaveEntry, SaveList
from kingdoms_web.saves.storage import read_settings, write_settings
from kingdoms_web.saves.transfer import ImportReport
from kingdoms_web.shell.dialogs import Modal, button
from kingdoms_web.shell.home import render_home
from kingdoms_web.shell.new_game import NewGameDialog
from kingdoms_web.shell.save_actions import SaveActions
from kingdoms_web.shell.settings import SettingsDialog
from kingdoms_web.shell.summary import render_record

VIEW_MODULES: dict[str, str] = {
    "dice-realm": "kingdoms_web.games.dice_realm.screen",
    "burgrave": "kingdoms_web.games.burgrave.screen",
}
"""game id -> module with that game's screen (``create_screen(host) -> GameScreen``)."""


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
        try:
            upgrade_storage(self.store)
        except Exception:
            dom.log_error("Kingdoms: upgrading saved games failed\n" + traceback.format_exc())
        self.saves: SaveList = load_saves(self.store)
        self.import_report: ImportReport | None = None
        self.replay: ReplayView | None = None
        self.summary_result: OpenResult | None = None
        self.code_text = ""
        self.code_error: str | None = None
        self.save_error: str | None = None
        self.screen = "home"
        self.summary: RecordSummary | None = None
        self.table: GameTable | None = None
        self.scope = Scope()
        self.modals: list[Modal] = []
        self._hash_scope = Scope()
        self.save_actions = SaveActions(self)

    # ------------------------------------------------------------------ rendering

    def render(self, *, focus_main: bool = False) -> None:
        """Rebuild the top bar and the current screen; refresh open dialogs (language)."""
        self.scope.dispose()
        self.scope = Scope()
        dom.document.documentElement.lang = i18n.get_language()
        dom.document.title = t("app.title")
        table = self.table if self.screen == "game" else None
        replay = self.replay if self.screen == "replay" else None
        if table is not None or replay is not None:
            content = None
        elif self.screen == "record" and self.summary is not None:
            content = render_record(self.summary, self, self.scope)
        else:
            content = render_home(self, self.scope)
        main = el("main", content, attrs={"id": "main", "tabindex": "-1"})
        dom.clear(self.root)
        dom.append(self.root, [self._topbar(), main])
        if table is not None:
            main.classList.add("main-game")
            table.mount(main)
        elif replay is not None:
            main.classList.add("main-game")
            replay.mount(main)
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
        self._close_table()
        self._close_replay()
        self.screen = "home"
        self.summary = None
        self.summary_result = None
        self.saves = load_saves(self.store)
        urls.replace_fragment("")
        self.render(focus_main=True)
        dom.document.body.dataset.ready = "home"

    def _close_table(self) -> None:
        if self.table is not None:
            self.table.dispose()
            self.table = None

    def open_game(self, result: OpenResult, save_id: str | None = None,
                  entry: SaveEntry | None = None) -> bool:
        """Open a decoded record in its game screen; False if the game has no screen here.

        ``entry``: the save it comes from (its name and creation time are kept); without one
        the game is saved at once as a new save (``save_id`` or a fresh id).
        """
        summary = result.summary
        if summary is None or result.record is None or not self.can_play(summary.game_id):
            return False
        table = open_table(self, VIEW_MODULES[summary.game_id], result.record,
                           result.session, save_id)
        if table is None:
            return False
        if entry is not None:
            table.label = entry.label
            table.created = entry.created or entry.updated
        self._show_table(table)
        if entry is None:
            table.autosave()
            table.redraw()
        urls.replace_fragment(urls.game_fragment(table.code, table.save_id))
        return True

    def _show_table(self, table: GameTable) -> None:
        self._close_table()
        self._close_replay()
        self.table = table
        self.summary = None
        self.summary_result = None
        self.screen = "game"
        self.render()

    def show_record(self, result: OpenResult) -> None:
        """The summary of a code or link: nothing is loaded or saved until "Load"."""
        summary = result.summary
        if summary is None:
            return
        self._close_table()
        self._close_replay()
        self.summary = summary
        self.summary_result = result
        self.screen = "record"
        urls.replace_fragment(urls.game_fragment(summary.code))
        self.render(focus_main=True)
        dom.document.body.dataset.ready = "home"

    def existing_save(self, code: str) -> SaveEntry | None:
        return find_code(self.store, code)

    def load_summary(self) -> None:
        """Load the summarised game: reopen the save holding the identical code, else a new
        save."""
        result = self.summary_result
        if result is None or result.summary is None:
            return
        existing = self.existing_save(result.summary.code)
        if existing is not None:
            self.open_game(result, existing.save_id, existing)
        else:
            self.open_game(result, new_save_id())

    def replay_summary(self) -> None:
        result = self.summary_result
        if result is None or result.record is None:
            return
        self.open_replay(result.record)

    # ------------------------------------------------------------------ replay

    def open_replay(self, record: GameRecord) -> None:
        """A read-only replay of ``record``; "Back" returns to the game or summary it came from."""
        module = VIEW_MODULES.get(record.game_id)
        if module is None:
            return
        came_from = self.screen
        for modal in list(self.modals):
            modal.close()

        def back() -> None:
            self._close_replay()
            self.screen = came_from if came_from in ("game", "record") else "home"
            if self.screen == "game" and self.table is None:
                self.screen = "home"
            if self.screen == "home":
                self.go_home()
                return
            self.render(focus_main=True)
            dom.document.body.dataset.ready = "game" if self.screen == "game" else "home"

        back_label = t("replay.back_game") if came_from == "game" else t("replay.back")
        title = game_title(record.game_id, self.titles.get(record.game_id, record.game_id))
        try:
            view = ReplayView(record, module, title, self._get_setting, back, back_label)
        except Exception:
            dom.log_error("Kingdoms: the replay could not be opened\n" + traceback.format_exc())
            return
        self._close_replay()
        self.replay = view
        self.screen = "replay"
        self.render(focus_main=True)
        dom.document.body.dataset.ready = "replay"

    def _close_replay(self) -> None:
        if self.replay is not None:
            self.replay.dispose()
            self.replay = None

    def _get_setting(self, key: str, default: Any = None) -> Any:
        return read_settings(self.store).get(key, default)

    def open_modal(self, modal: Modal) -> None:
        if modal.on_closed is None:  # so a closed dialog is forgotten, not kept in self.modals
            modal.on_closed = self._modal_closed
        self._open_modal(modal)

    def set_fragment(self, fragment: str) -> None:
        """The running game's link (the host keeps it current, so a reload resumes the game)."""
        urls.replace_fragment(fragment)

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
            self.focus('[data-testid="code-input"]')
            return
        self.code_error = None
        self.code_text = ""
        self.show_record(result)

    def open_fragment(self, fragment: str) -> bool:
        """Open a ``#g=<code>`` link; an unusable code is shown as an error on the home screen.

        The game's own URL (``#g=<code>&s=<id>`` of a save on this device holding that exact
        code) resumes it; any other link shows the summary first.
        """
        code = urls.code_from_fragment(fragment)
        if code is None:
            return False
        if self.summary is not None and self.summary.code == code:
            return True
        if self.table is not None and self.table.code == code:
            return True
        own = find_save(self.store, urls.save_id_from_fragment(fragment))
        if own is not None and own.code == code:
            self.open_save(own)
            return True
        result = open_code(code, dom.log_error)
        if result.error is not None:
            self.screen = "home"
            self.summary = None
            self.code_text = code[:2000]
            self.code_error = t("code.link_error") + " " + result.error
            urls.replace_fragment("")
            self.render()
            return True
        self.code_error = None
        self.show_record(result)
        return True

    def open_save(self, entry: SaveEntry) -> None:
        result = open_code(entry.code, dom.log_error)
        if result.error is not None:
            self.save_error = result.error
            self.screen = "home"
            self.render()
            return
        self.save_error = None
        if self.open_game(result, entry.save_id, entry):
            return
        self.show_record(result)

    # ------------------------------------------------------------------ dialogs

    def open_new_game(self, game_id: str | None) -> None:
        games = [info for info in self.games if not info.internal]
        self._open_modal(NewGameDialog(games, game_id, self.can_play, self.start_game,
                                       on_closed=self._modal_closed))

    def start_game(self, game_id: str, seats: list[Seat],
                   options: dict[str, str | int | bool] | None = None) -> None:
        """Begin a new game with a fresh random seed (or ``?seed=N`` from the URL) and save it.
        ``seats``: people and computer players, in turn order; ``options``: the game's."""
        module = VIEW_MODULES.get(game_id)
        if module is None:
            dom.log_error(f"Kingdoms: no screen for {game_id!r}")
            return
        seed = urls.seed_from_query(urls.page_query())
        if seed is None:
            seed = random_u32(1)[0]
        try:
            record = new_record(game_id, seats, seed, options)
        except ValueError:  # SetupError, or pydantic refusing a seat
            dom.log_error("Kingdoms: the game could not be set up\n" + traceback.format_exc())
            return
        table = open_table(self, module, record)
        if table is None:
            return
        self._show_table(table)
        table.autosave()
        table.redraw()

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

    def focus(self, selector: str) -> None:
        """Focus the first element matching ``selector`` (a heading becomes focusable)."""
        node = dom.query(selector)
        if node is not None:
            if not node.hasAttribute("tabindex") and node.tagName in ("H2", "H3"):
                node.setAttribute("tabindex", "-1")
            node.focus()

    # ------------------------------------------------------------------ start-up

    def listen_for_links(self) -> None:
        """Open ``#g=`` links followed while the page is already running."""
        self._hash_scope.on(dom.window, "hashchange",
                            lambda _e: self.open_fragment(urls.page_fragment()))


def _report_start_failure(detail: str) -> None:
    """Hand the failure to the loading screen (boot.js), or write it into the page."""
    message = t("app.start_failed", detail=detail)
    try:
        boot = getattr(dom.window, "kingdomsBoot", None)
        if boot is not None:
            boot.fail(message)
            return
    except dom.BROWSER_ERRORS:  # no loading screen to hand it to: write it into the page
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
        if not app.open_fragment(urls.page_fragment()):
            app.render()
        app.listen_for_links()
    except Exception as error:
        dom.log_error("Kingdoms: start-up failed\n" + traceback.format_exc())
        _report_start_failure(f"{type(error).__name__}: {error}")
        return
    dom.document.body.dataset.ready = "game" if app.screen == "game" else "home"
