"""The app: the route on screen, and the glue between screens, storage and the engine.

:class:`App` is made by :func:`kingdoms_web.startup.start` (start-up, the entry point, is a
module of its own). It holds one :mod:`route <kingdoms_web.routes>` at a time — home, a shared
game's summary, a running game, a game's rules, a replay — and draws it with the screen module
that owns it; :meth:`App.go` is the one way from one route to another (the address follows, a
game left is closed, a game behind its rules or replay is paused and mounted again on "Back").
What a pasted code, a followed link or a saved game opens is :mod:`kingdoms_web.shell.links`.

A new game's seed comes from ``crypto.getRandomValues`` unless ``?seed=N`` forces it.

Other tabs: a ``storage`` event on the open game's key makes the table follow the other tab's
moves, or turn read-only (see :meth:`~kingdoms_web.play.table.GameTable.follow_storage`); on the
home screen the list is read again.

App manners: the notices under the top bar (a new version waiting, ready for offline) are
:class:`~kingdoms_web.shell.notices.AppNotices`; ``navigator.storage.persist()`` is asked after
the first finished game (or from Settings). The home screen's saved-games actions (rename,
delete, export, import) are :class:`~kingdoms_web.shell.save_actions.SaveActions`.
"""

from __future__ import annotations

import contextlib
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kingdoms.core.protocol import GameInfo, OptionValue, Seat
from kingdoms.core.records import GameRecord, new_record
from kingdoms.core.registry import list_games
from kingdoms.core.text import DEFAULT_LANGUAGE
from kingdoms_web import dom, i18n, urls, words
from kingdoms_web.device import (
    browser_languages,
    journal_start,
    make_store,
    random_u32,
    request_persistence,
)
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.registry import ui_for
from kingdoms_web.i18n import game_title, t
from kingdoms_web.play.keys import Modality
from kingdoms_web.routes import Home, Origin, Replay, Route, Rules, Summary, Table, table_of
from kingdoms_web.saves.journal_check import check_replayed
from kingdoms_web.saves.migrations import upgrade_storage
from kingdoms_web.saves.opening import OpenResult
from kingdoms_web.saves.saved_games import load_saves, save_held
from kingdoms_web.saves.schema import SaveEntry, SaveList, save_key
from kingdoms_web.saves.storage import Store, read_settings, write_settings
from kingdoms_web.saves.transfer import ImportReport
from kingdoms_web.shell.dialogs import Modal, button
from kingdoms_web.shell.home import render_home
from kingdoms_web.shell.links import LinkOpening
from kingdoms_web.shell.notices import AppNotices
from kingdoms_web.shell.save_actions import SaveActions

if TYPE_CHECKING:  # screens the home screen does not need are imported when first opened
    from kingdoms_web.play.table import GameTable


STORAGE_CHECK_MS = 1000
"""How often the open game's save is checked for another tab's writes (see
:meth:`App.check_storage`)."""


def wanted_language(store: Store) -> str:
    """The language the page is to show: the one chosen in Settings, else the browser's first
    one we offer, else English (whether its words are on this device or not)."""
    return i18n.pick_language(read_settings(store).get("language"), browser_languages())


class App(LinkOpening):
    """The running page. Holds what the screens show; every change ends in :meth:`render`."""

    def __init__(self, root: Element, store: Store | None = None, *,
                 saves_loading: bool = False) -> None:
        """``store``: the page's storage (default: the browser's). ``saves_loading``: draw the
        saved games as still loading (the home screen pre-rendered at build time, which cannot
        know this device's saves)."""
        self.root = root
        self.store = store if store is not None else make_store()
        self.saves_loading = saves_loading
        self.storage_available = self.store.available
        self.settings: dict[str, Any] = read_settings(self.store)
        self.saves_failed = False
        wanted = wanted_language(self.store)
        i18n.set_language(wanted if words.installed(wanted) else DEFAULT_LANGUAGE)
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
            check_replayed(self.store, list(journal_start().replaced))
            upgrade_storage(self.store)
            save_held(self.store)  # room may have appeared since the page last ran
        except Exception:
            dom.log_error("Kingdoms: upgrading saved games failed\n" + traceback.format_exc())
        self.saves: SaveList = self.read_saves()
        self.import_report: ImportReport | None = None
        self.code_text = ""
        self.code_error: str | None = None
        self.save_error: str | None = None
        self.route: Route = Home()
        self.scope = Scope()
        self.modals: list[Modal] = []
        self._hash_scope = Scope()
        self.notices = AppNotices(self.between_turns, self.retry_words)
        if i18n.get_language() != wanted:
            self.notices.words_missing = wanted
        self.save_actions = SaveActions(self)

    @property
    def storage_full(self) -> bool:
        """The storage was already full when the page started (it is still read)."""
        return self.store.full_at_start

    @property
    def crash_protection_off(self) -> bool:
        """``journal.js`` ran but its database could not be opened (see :class:`JournalStart`)."""
        started = journal_start()
        return started.present and not started.on

    @property
    def table(self) -> GameTable | None:
        """The game on screen, or paused behind its rules or replay."""
        return table_of(self.route)

    def read_saves(self) -> SaveList:
        """The saved games; a failure (a bug: storage reads never raise) shows an empty list
        with a warning instead of stopping the page."""
        try:
            saves = load_saves(self.store)
        except Exception:
            dom.log_error("Kingdoms: reading saved games failed\n" + traceback.format_exc())
            self.saves_failed = True
            return SaveList()
        self.saves_failed = False
        return saves

    # ------------------------------------------------------------------ rendering

    def render(self, *, focus_main: bool = False) -> None:
        """Rebuild the top bar and the route's screen; refresh open dialogs (language)."""
        self.scope.dispose()
        self.scope = Scope()
        dom.document.documentElement.lang = i18n.get_language()
        dom.document.title = t("app.title")
        route = self.route
        content = None
        if isinstance(route, Summary):
            from kingdoms_web.shell.summary import render_record
            content = render_record(route.summary, self, self.scope)
        elif isinstance(route, Rules) and (rules_ui := ui_for(route.game_id)) is not None:
            from kingdoms_web.learn.screen import render_rules
            content = render_rules(self, self.scope, rules_ui)
        elif isinstance(route, Home):
            content = render_home(self, self.scope)
        main = el("main", content, attrs={"id": "main", "tabindex": "-1"})
        dom.clear(self.root)
        dom.append(self.root, [self._topbar(), self.notices.mount(), main])
        if isinstance(route, Table):
            main.classList.add("main-game")
            route.table.mount(main)
        elif isinstance(route, Replay):
            main.classList.add("main-game")
            route.view.mount(main)
        for modal in list(self.modals):
            modal.refresh()
        if focus_main:
            heading = dom.query("h2", main)
            target = heading if heading is not None else main
            target.setAttribute("tabindex", "-1")
            target.focus()

    def _topbar(self) -> Element:
        route = self.route
        home = None
        if not isinstance(route, Home):
            home = button(self.scope, t("app.home"), lambda _e: self.go_home(), testid="home",
                          cls="btn btn-quiet", icon="home")
        settings = button(self.scope, t("app.settings"), lambda _e: self.open_settings(),
                          testid="settings", cls="btn btn-quiet", icon="settings")
        settings.setAttribute("aria-haspopup", "dialog")
        rules = None
        if isinstance(route, Table):
            game_id = route.table.game_id
            rules = button(self.scope, t("app.rules"), lambda _e: self.open_rules(game_id),
                           testid="rules-open", cls="btn btn-quiet", icon="book")
        skip = None
        if isinstance(route, Table):
            # The first Tab stop of a game: straight to what is asked now (a keyboard user
            # would otherwise pass the top bar and the tool bar at every turn).
            table = route.table
            skip = button(self.scope, t("app.skip_to_question"),
                          lambda _e: table.focus_question(), testid="skip-to-question",
                          cls="btn btn-primary visually-hidden skip-link")
        return el("header",
                  skip,
                  el("div", home, cls="topbar-start"),
                  el("h1", t("app.title"), cls="topbar-title"),
                  el("div", rules, settings, cls="topbar-end"),
                  cls="topbar")

    # ------------------------------------------------------------------ routes

    def go(self, route: Route, *, focus_main: bool = True) -> None:
        """Show ``route``: the address follows it, a game left behind is closed (one behind
        the new route's rules or replay is only paused: listeners and computer stopped, mounted
        again on "Back"), a replay left is closed; home reads the saved games again."""
        before = self.route
        for modal in list(self.modals):
            modal.close()
        if isinstance(before, Table) and not (isinstance(route, Table)
                                              and route.table is before.table):
            before.table.dispose()  # closed, or paused behind the rules or a replay
        if isinstance(before, Replay) and route is not before:
            before.view.dispose()
        if isinstance(route, Home):
            self.saves = self.read_saves()
        self.route = route
        fragment = route.fragment()
        if fragment is not None:
            urls.replace_fragment(fragment)
        self.render(focus_main=focus_main)
        if isinstance(route, Rules) and route.anchor:
            from kingdoms_web.learn.screen import reveal as reveal_rules
            reveal_rules(route.game_id, route.anchor)
        dom.document.body.dataset.ready = route.ready

    def go_home(self) -> None:
        self.go(Home())

    def _origin(self) -> Origin:
        """Where the rules or a replay opened now returns to."""
        route = self.route
        return route.back if isinstance(route, Rules | Replay) else route

    def open_rules(self, game_id: str, anchor: str = "") -> None:
        """Show a game's rules (at ``anchor``: a section or glossary entry). A running game is
        paused, not closed: "Back to the game" mounts it again where it was."""
        if ui_for(game_id) is not None:
            self.go(Rules(game_id, anchor, self._origin()))

    def rules_back_label(self) -> str:
        route = self.route
        back = route.back if isinstance(route, Rules) else None
        return t("rules.back_game") if isinstance(back, Table) else t("rules.back")

    def close_rules(self) -> None:
        """Back to where the rules were opened from: the same game position, the summary of a
        shared game, or home."""
        route = self.route
        self.go(route.back if isinstance(route, Rules) else Home())

    def open_replay(self, record: GameRecord, review: bool = False) -> None:
        """A read-only replay of ``record``; "Back" returns to the game or summary it came from.
        ``review``: its review starts at once (a finished game's end screen asked for it)."""
        ui = ui_for(record.game_id)
        if ui is None:
            return
        origin = self._origin()
        back_label = t("replay.back_game") if isinstance(origin, Table) else t("replay.back")
        title = game_title(record.game_id, self.titles.get(record.game_id, record.game_id))
        try:
            from kingdoms_web.play.replay import ReplayView
            view = ReplayView(record, ui, title, self.get_setting,
                              lambda: self.go(origin), back_label, review=review)
        except Exception:
            dom.log_error("Kingdoms: the replay could not be opened\n" + traceback.format_exc())
            return
        self.go(Replay(view, origin))

    def open_game(self, result: OpenResult, save_id: str | None = None,
                  entry: SaveEntry | None = None) -> bool:
        """Open a decoded record in its game screen; False if the game has no screen here.

        ``entry``: the save it comes from (its name and creation time are kept); without one
        the game is saved at once as a new save (``save_id`` or a fresh id).
        """
        summary = result.summary
        if summary is None or result.record is None or not self.can_play(summary.game_id):
            return False
        from kingdoms_web.play.table import open_table
        table = open_table(self, result.record, result.session, save_id)
        if table is None:
            return False
        if entry is not None:
            table.label = entry.label
            table.created = entry.created or entry.updated
            table.rev = -1 if entry.pending else entry.rev
            table.saved_code = None if entry.pending else entry.code
        self.go(Table(table), focus_main=False)
        if entry is None:
            table.autosave()
            table.redraw()
            urls.replace_fragment(urls.game_fragment(table.code, table.save_id))
        return True

    def start_game(self, game_id: str, seats: list[Seat],
                   options: dict[str, OptionValue] | None = None) -> None:
        """Begin a new game with a fresh random seed (or ``?seed=N`` from the URL) and save it.
        ``seats``: people and computer players, in turn order; ``options``: the game's."""
        if ui_for(game_id) is None:
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
        from kingdoms_web.play.table import open_table
        table = open_table(self, record)
        if table is None:
            return
        self.go(Table(table), focus_main=False)
        table.autosave()
        table.redraw()

    def set_fragment(self, fragment: str) -> None:
        """The running game's link (the host keeps it current, so a reload resumes the game).

        The table calls this right after each autosave: the moment for the notices that must
        wait for a move to be saved (a new version), and for asking to keep storage once the
        first game is finished.
        """
        urls.replace_fragment_soon(fragment)
        self.notices.refresh()
        table = self.table
        if table is not None and table.session.game.is_over(table.session.state) \
                and not table.save_failed and not self.get_setting("persist_asked"):
            self.ask_persistence()

    # ------------------------------------------------------------------ dialogs

    def open_modal(self, modal: Modal) -> None:
        if modal.on_closed is None:  # so a closed dialog is forgotten, not kept in self.modals
            modal.on_closed = self._modal_closed
        self._open_modal(modal)

    def open_new_game(self, game_id: str | None) -> None:
        games = [info for info in self.games if not info.internal]
        from kingdoms_web.play.coach import seen_marks
        from kingdoms_web.shell.new_game import NewGameDialog
        self._open_modal(NewGameDialog(games, game_id, self.can_play, self.start_game,
                                       on_closed=self._modal_closed,
                                       on_rules=self.open_rules,
                                       hints_default=lambda game: not seen_marks(self, game)))

    def open_settings(self) -> None:
        from kingdoms_web.shell.settings import SettingsDialog
        self._open_modal(SettingsDialog(self.switch_language, lambda: self.storage_available,
                                        on_closed=self._modal_closed,
                                        on_persist=self.ask_persistence, settings=self))

    def get_setting(self, key: str, default: Any = None) -> Any:
        return read_settings(self.store).get(key, default)

    def set_setting(self, key: str, value: Any) -> bool:
        """Store one setting, re-reading the others first: a game's screen writes its own (the
        odds helper, the tips seen), which an older copy here must not overwrite."""
        self.settings = read_settings(self.store)
        self.settings[key] = value
        return self.storage_available and write_settings(self.store, self.settings)

    def change_language(self, code: str) -> bool:
        """Switch to a language whose words are here, store it, re-render; True if the choice
        will be remembered."""
        stored = self.set_setting("language", i18n.set_language(code))
        self.notices.words_missing = None
        self.render()
        return stored

    def switch_language(self, code: str, told: Callable[[str], None]) -> None:
        """Switch to ``code`` (Settings), fetching its words first if this device has none yet
        (:mod:`~kingdoms_web.words`). ``told`` gets what to say: that it is loading, that the
        choice is saved (or cannot be), or that the words cannot be had (offline)."""
        code = i18n.normalize_language(code) or DEFAULT_LANGUAGE
        if words.installed(code):
            told(t("settings.saved") if self.change_language(code) else t("settings.not_saved"))
            return
        name = i18n.LANGUAGE_NAMES[code]
        told(t("settings.language_loading", language=name))

        async def work() -> None:
            if await words.ensure(code):
                stored = self.change_language(code)
                told(t("settings.saved") if stored else t("settings.not_saved"))
            else:
                told(t("settings.language_unavailable", language=name))

        dom.run_async(work, "loading a language's words")

    def retry_words(self, code: str) -> None:
        """The notice's "Try again" for a language whose words could not be had at start-up."""
        self.switch_language(code, lambda _said: None)

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
        """Open ``#g=`` links followed while the page is already running; follow saves changed
        by other tabs; hear the service worker's news from ``boot.js``; notice whether keys or
        a pointer are in use (:class:`~kingdoms_web.play.keys.Modality`)."""
        Modality.listen(self._hash_scope)
        self._hash_scope.on(dom.window, "hashchange",
                            lambda _e: self.open_fragment(urls.page_fragment()))
        self._hash_scope.on(dom.window, "storage", self.storage_changed)
        self._hash_scope.on(dom.document, "kingdoms:sw",
                            self.notices.service_worker_news)
        with contextlib.suppress(*dom.BROWSER_ERRORS):
            dom.window.setInterval(dom.create_proxy(self.check_storage), STORAGE_CHECK_MS)

    def check_storage(self, *_args: Any) -> None:
        """Look at the open game's save once more, event or not.

        Chromium fires no ``storage`` event for another tab's write that lands while this tab's
        own write of the same key is still on its way, though its copy of localStorage takes
        the news: two tabs that played at the same moment could each go on believing its game
        was the saved one. So the table checks every :data:`STORAGE_CHECK_MS` too (one read of
        one key; the game is compared only when it changed).
        """
        try:
            route = self.route
            if isinstance(route, Table) and route.table.read_only is None:
                route.table.follow_storage()
        except Exception:  # an edge: a timer's failure must not stop the page
            dom.log_error("Kingdoms: checking the save failed\n" + traceback.format_exc())

    def storage_changed(self, event: Any) -> None:
        """Another tab wrote storage (this tab's own writes raise no event)."""
        key = dom.opt(getattr(event, "key", None))
        route = self.route
        if isinstance(route, Table):
            if key is None or str(key) == save_key(route.table.save_id):
                route.table.follow_storage()
            return
        if isinstance(route, Home) and (key is None or str(key).startswith("kingdoms.v")) \
                and not self.modals and not self._typing():
            self.saves = self.read_saves()
            self.render()

    def _typing(self) -> bool:
        active = dom.opt(dom.document.activeElement)
        return active is not None and str(getattr(active, "tagName", "")) in ("INPUT", "TEXTAREA")

    def between_turns(self) -> bool:
        """Not in the middle of a turn: not in a game, or the last autosave ended a turn (or the
        game), or the privacy screen is up, or nothing was played yet."""
        route = self.route
        if not isinstance(route, Table):
            return True
        table, session = route.table, route.table.session
        return bool(table.handoff or table.needs_pass or session.game.is_over(session.state)
                    or not session.record.actions)

    def ask_persistence(self) -> None:
        """Ask the browser to keep this site's storage (once unasked, from Settings again)."""
        self.set_setting("persist_asked", True)

        async def work() -> None:
            await request_persistence()

        dom.run_async(work, "asking to keep storage")
