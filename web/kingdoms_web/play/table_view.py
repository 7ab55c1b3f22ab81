"""The game table's drawing: the turn banner and tools over the game's board (or the privacy
screen, or the end screen), the notices above them, kept containers between redraws.

:class:`TableView` is a mixin of :class:`~kingdoms_web.play.table.GameTable`, as
:class:`~kingdoms_web.play.autosave.SavedTable` is its saving: the table's rules of play (acting,
undo, computers, whose eyes are on the screen) read on their own, and this is how they look.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kingdoms.core.protocol import Game
from kingdoms.core.records import GameRecord
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import Message, said, t
from kingdoms_web.play.coach import Coach
from kingdoms_web.play.computer import ComputerTurns
from kingdoms_web.play.contract import GameScreen
from kingdoms_web.play.end_screen import end_screen
from kingdoms_web.play.handoff import pass_screen, table_notices
from kingdoms_web.play.help import HelpMode
from kingdoms_web.play.parts import Parts

if TYPE_CHECKING:
    from kingdoms_web.play.table import TableOwner


@dataclass(frozen=True)
class TableFrame:
    """The game screen's containers, kept across redraws so that what the game's screen keeps
    of its last drawing (:mod:`kingdoms_web.play.parts`) stays in the page: taken out and put
    back, the browser would style and lay it out again."""

    wrapper: Element
    body: Element
    """The turn banner and tools, a tip or the help panel, and the board."""
    board: Element
    """Where the game's screen draws."""

    @staticmethod
    def build() -> TableFrame:
        return TableFrame(el("div", cls="screen play", testid="game-screen"),
                          el("div", cls="play-body"), el("div", cls="play-board"))


class TableView:
    """The drawing of a table that has these attributes (see the module's docstring)."""

    owner: TableOwner
    screen: GameScreen[Any]
    coach: Coach
    help: HelpMode
    computer: ComputerTurns
    parts: Parts
    """The tool bars kept from the last drawing while what they show is unchanged (a bar
    is some thirty nodes with its icons and listeners, drawn after every tap otherwise)."""
    scope: Scope
    container: Element | None
    _frame: TableFrame | None
    """The kept containers of the game screen (None until drawn)."""
    _viewer: int | None
    message: Message | None
    save_failed: bool
    save_problem: str | None
    read_only: str | None
    handoff: bool

    if TYPE_CHECKING:  # the table's own, named here for the type checker only
        @property
        def _game(self) -> Game[Any, Any]: ...

        @property
        def _record(self) -> GameRecord: ...

        @property
        def _state(self) -> Any: ...

        @property
        def needs_pass(self) -> bool: ...

        def _is_person(self, seat: int | None) -> bool: ...

        def prompt(self) -> Any: ...

        def load_latest(self) -> None: ...

        def _tools(self, mode: str) -> Element: ...

    def computer_changed(self) -> None:
        """A computer started or stopped thinking: update the turn banner in place."""
        node = dom.query('[data-testid="turn-banner"]', self.container) \
            if self.container is not None else None
        if node is not None:
            seat = self._game.current_seat(self._state)
            dom.set_text(node, self._banner_text(seat))
            node.setAttribute("data-thinking", "true" if self.computer.thinking_seat is not None
                              else "false")

    def mount(self, container: Element) -> None:
        """Draw into ``container`` (the page's ``<main>``); later redraws reuse it. A computer
        to play (a resumed game) starts thinking."""
        self.container = container
        self.redraw()
        self.computer.wake()

    def redraw(self) -> None:
        container = self.container
        if container is None:
            return
        focused = dom.opt(dom.document.activeElement)
        focus_id = None
        if focused is not None and hasattr(focused, "getAttribute"):
            focus_id = dom.opt(focused.getAttribute("data-testid"))
        self.scope.dispose()
        self.scope = Scope()
        try:
            content = self._content()
        except Exception:
            dom.log_error("Kingdoms: drawing the game failed\n" + traceback.format_exc())
            self._frame = None
            content = el("p", t("play.game_failed"), cls="warning", attrs={"role": "alert"})
        dom.patch(container, [content])
        if focus_id:
            target = dom.query(f'[data-testid="{focus_id}"]', container)
            if target is not None:
                target.focus()
        dom.document.body.dataset.ready = "game"

    def _content(self) -> Element:
        game_over = self._game.is_over(self._state)
        moves = str(len(self._record.actions))
        frame = self._frame
        if frame is None:
            frame = self._frame = TableFrame.build()
        wrapper = dom.set_attrs(frame.wrapper, {
            "data-game": self._record.game_id, "data-moves": moves,
            "data-over": "true" if game_over else "false"})
        notices = table_notices(self.scope, said(self.message),
                                (self.save_problem or "") if self.save_failed else None,
                                self.read_only, self.load_latest, self.owner.go_home)
        if game_over:
            body = self._end_screen()
        elif self.needs_pass:
            body = self._pass_screen()
        else:
            seat = self._game.current_seat(self._state)
            view = self._game.view(self._state, self._viewer)
            board = frame.board
            board.className = "play-board"  # help mode marks it: see HelpMode.attach
            self.screen.render(board, self.scope, view)
            tip = None
            if not self._is_person(seat):
                dom.make_read_only(board, self.scope)  # a computer plays this turn
            elif not self.help.on:
                tip = self.coach.draw(board, self.scope, self.prompt())
            self.help.attach(board, self.scope)
            tools = self._tools("play")
            self.help.attach_tools(tools, self.scope)
            head = el("div", self._turn_banner(seat), tools, cls="play-head")
            body = dom.patch(frame.body, [head, self.help.panel(self.scope) or tip, board])
        dom.patch(wrapper, [*notices, body])
        return wrapper

    def _name(self, seat: int | None) -> str:
        seats = self._record.seats
        return seats[seat].name if seat is not None and 0 <= seat < len(seats) else "?"

    def _banner_text(self, seat: int | None) -> str:
        if self._is_person(seat) or seat is None:
            return t("play.turn", name=self._name(seat))
        if self.computer.thinking_seat == seat:
            return t("play.computer_thinking", name=self._name(seat))
        return t("play.computer_turn", name=self._name(seat))

    def _turn_banner(self, seat: int | None) -> Element:
        thinking = self.computer.thinking_seat is not None
        return el("h2", self._banner_text(seat), cls="turn-banner",
                  testid="turn-banner", attrs={"data-seat": seat if seat is not None else "",
                                               "data-thinking": "true" if thinking else "false",
                                               "aria-live": "polite"})

    def _pass_screen(self) -> Element:
        seat = self._game.current_seat(self._state)

        def ready() -> None:
            self._viewer = seat
            self.redraw()
            board = dom.query(".play-board", self.container)
            if board is not None:
                board.setAttribute("tabindex", "-1")
                board.focus()

        return pass_screen(self.scope, self._name(seat), ready, self.handoff,
                           self._tools("pass"))

    def _end_screen(self) -> Element:
        game_id = self._record.game_id
        lead: Element | None = None
        try:
            view = self._game.view(self._state, None)
            details = self.screen.end_details(view)
            lead = self.screen.end_lead(view)
        except Exception:
            dom.log_error("Kingdoms: end details failed\n" + traceback.format_exc())
            details = []
        seats, options, record = list(self._record.seats), dict(self._record.options), \
            self._record
        return end_screen(
            self.scope, self._game.result(self._state), self._name, game_id, lead, details,
            again=lambda: self.owner.start_game(game_id, seats, options),  # a solo rival too
            replay=lambda: self.owner.open_replay(record), home=self.owner.go_home,
            tools=self._tools("end"))
