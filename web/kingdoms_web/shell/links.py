"""Opening what a player brings: a pasted code, a followed link, a saved game.

Why apart from the app's routing: these decide *what* to open — a link that names a save on
this device holding that very game resumes it; any other link shows the game's summary first
and replaces nothing until "Load"; loading reopens the save holding the same game (the decoded
records compared, not the strings) instead of duplicating it; an unusable code is an error on
the home screen. :class:`LinkOpening` is a mixin of :class:`~kingdoms_web.app.App`, which then
shows the route chosen.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from kingdoms.core.protocol import GameInfo
from kingdoms.core.records import GameRecord
from kingdoms_web import dom, urls
from kingdoms_web.device import new_save_id
from kingdoms_web.games.registry import ui_for
from kingdoms_web.i18n import join_sentences, t
from kingdoms_web.routes import Home, Route, Rules, Summary, summary_of, table_of
from kingdoms_web.saves.opening import OpenResult, open_code
from kingdoms_web.saves.saved_games import find_code, find_record, find_save, resumes
from kingdoms_web.saves.schema import SaveEntry
from kingdoms_web.saves.storage import Store


class LinkOpening:
    """Codes, links and saved games opened into routes (see the module's docstring)."""

    route: Route
    store: Store
    games: list[GameInfo]
    code_text: str
    code_error: str | None
    save_error: str | None

    if TYPE_CHECKING:  # the app's own, named here for the type checker only
        def go(self, route: Route, *, focus_main: bool = True) -> None: ...

        def render(self, *, focus_main: bool = False) -> None: ...

        def focus(self, selector: str) -> None: ...

        def open_rules(self, game_id: str, anchor: str = "") -> None: ...

        def close_rules(self) -> None: ...

        def open_game(self, result: OpenResult, save_id: str | None = None,
                      entry: SaveEntry | None = None) -> bool: ...

        def open_replay(self, record: GameRecord) -> None: ...

    # ------------------------------------------------------------------ summaries

    def can_play(self, game_id: str) -> bool:
        """True when the game has rules *and* a screen on this page."""
        return ui_for(game_id) is not None and any(
            info.game_id == game_id and info.available for info in self.games)

    def show_record(self, result: OpenResult) -> None:
        """The summary of a code or link: nothing is loaded or saved until "Load"."""
        if result.summary is not None:
            self.go(Summary(result, result.summary))

    def existing_save(self, code: str) -> SaveEntry | None:
        """The save holding the same game as the summary shown (records compared)."""
        shown = summary_of(self.route)
        result = shown.result if shown is not None else None
        if result is not None and result.record is not None and shown is not None \
                and shown.summary.code == code:
            return find_record(self.store, result.record)
        return find_code(self.store, code)

    def load_summary(self) -> None:
        """Load the summarised game: reopen the save holding the same game, else a new save."""
        shown = summary_of(self.route)
        if shown is None:
            return
        existing = self.existing_save(shown.summary.code)
        if existing is not None:
            self.open_game(shown.result, existing.save_id, existing)
        else:
            self.open_game(shown.result, new_save_id())

    def replay_summary(self) -> None:
        shown = summary_of(self.route)
        if shown is not None and shown.result.record is not None:
            self.open_replay(shown.result.record)

    # ------------------------------------------------------------------ codes and links

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
        """Open a ``#rules=`` or ``#g=`` link; an unusable code is shown as an error on the home
        screen. The game's own URL (``#g=<code>&s=<id>`` of a save on this device holding that
        code, or that game further on: see ``resumes``) resumes it; any other link shows the
        summary first. False: the fragment names nothing to open."""
        rules = urls.rules_from_fragment(fragment)
        if rules is not None and ui_for(rules[0]) is not None:
            route = self.route
            if isinstance(route, Rules) and route.game_id == rules[0]:
                from kingdoms_web.learn.screen import reveal as reveal_rules

                self.route = replace(route, anchor=rules[1])
                reveal_rules(*rules)
            else:
                self.open_rules(*rules)
            return True
        code = urls.code_from_fragment(fragment)
        if code is None:
            return False
        shown = summary_of(self.route)
        if isinstance(self.route, Summary) and shown is not None and shown.summary.code == code:
            return True
        table = table_of(self.route)
        if table is not None and table.code == code:
            if isinstance(self.route, Rules):  # the browser's Back from a rules link
                self.close_rules()
            return True
        own = find_save(self.store, urls.save_id_from_fragment(fragment))
        if own is not None and resumes(own.code, code):
            self.open_save(own)
            return True
        result = open_code(code, dom.log_error)
        if result.error is not None:
            self.code_text = code[:2000]
            self.code_error = join_sentences([t("code.link_error"), result.error])
            self.go(Home(), focus_main=False)
            return True
        self.code_error = None
        self.show_record(result)
        return True

    def open_save(self, entry: SaveEntry) -> None:
        # What the list showed may be old (another tab played on): open what is stored now.
        entry = find_save(self.store, entry.save_id) or entry
        result = open_code(entry.code, dom.log_error)
        if result.error is not None:
            self.save_error = result.error
            self.go(Home(), focus_main=False)
            return
        self.save_error = None
        if entry.newer:  # a newer version's save is never written over: its summary, to copy
            self.show_record(result)
            return
        if not self.open_game(result, entry.save_id, entry):
            self.show_record(result)
