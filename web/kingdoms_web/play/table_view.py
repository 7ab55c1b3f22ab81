"""The game table's drawing: the turn banner and tools over the game's board (or the privacy
screen, or the end screen), the notices above them, kept containers between redraws — and,
after each drawing, where the keyboard focus goes, the keys the table answers and what it says
aloud (:mod:`.keys`, :mod:`.voice`, :mod:`.announcer`).

:class:`TableView` is a mixin of :class:`~kingdoms_web.play.table.GameTable`, as
:class:`~kingdoms_web.play.autosave.SavedTable` is its saving: the table's rules of play (acting,
undo, computers, whose eyes are on the screen) read on their own, and this is how they look.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kingdoms.core.protocol import Game
from kingdoms.core.records import GameRecord, hints_allowed, hints_used
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import Message, join_list, join_sentences, said, t
from kingdoms_web.play.announcer import announce
from kingdoms_web.play.coach import Coach
from kingdoms_web.play.computer import ComputerTurns
from kingdoms_web.play.contract import GameScreen, GameUI
from kingdoms_web.play.end_screen import end_screen, hints_line, winners_text
from kingdoms_web.play.handoff import pass_screen, save_problem_text, table_notices
from kingdoms_web.play.help import TOOL_HELP, HelpMode
from kingdoms_web.play.hints import Hints, has_coach
from kingdoms_web.play.keys import (
    TABLE_SHORTCUTS,
    decision_control,
    focus_decision,
    focus_on,
    row_of,
    shortcut_for,
    step_in_row,
    typing,
    usable,
)
from kingdoms_web.play.parts import Parts
from kingdoms_web.play.voice import Moment, TableVoice, Words

if TYPE_CHECKING:
    from kingdoms_web.play.table import TableOwner

TOOL_IDS = frozenset({*TOOL_HELP, "help-mode"})
"""The tool bar's buttons by test id: focus stays on a tool that was used (Undo, Redo…)."""


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
    banner: Element
    """Whose turn it is (kept: focus rests on it while another seat decides, and a new
    element there would be read out again at every computer move)."""
    head: Element
    """The banner and the tool bar's row (kept like them: a new row would take both out of the
    page and put them back, which the browser styles and lays out again)."""

    @staticmethod
    def build() -> TableFrame:
        return TableFrame(el("div", cls="screen play", testid="game-screen"),
                          el("div", cls="play-body"), el("div", cls="play-board"),
                          el("h2", cls="turn-banner", testid="turn-banner",
                             attrs={"tabindex": "-1"}),
                          el("div", cls="play-head"))


class TableView:
    """The drawing of a table that has these attributes (see the module's docstring)."""

    owner: TableOwner
    ui: GameUI
    screen: GameScreen[Any]
    coach: Coach
    help: HelpMode
    hints: Hints
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
    voice: TableVoice
    aloud: Message | None
    """What the table did, said before the changes it made ("Undone"), then forgotten."""
    _heard: Moment | None
    """The moment last drawn (focus moves to the next decision when it changes)."""
    _told_problem: str | None
    """The saving or other-tab problem last said aloud (said once)."""

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
        ours = focused is None or not focused.isConnected \
            or focused.isSameNode(dom.document.body) or bool(container.contains(focused))
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
        self.scope.on(dom.document, "keydown", self._key)
        moment = self._moment()
        changed = moment != self._heard
        self._heard = moment
        if self._frame is not None and ours:
            self._place_focus(container, str(focus_id or ""), changed)
        self._speak(moment)
        dom.document.body.dataset.ready = "game"

    # ------------------------------------------------------------------ keyboard and voice

    def _moment(self) -> Moment:
        """What the table shows now, as the voice and focus follow it."""
        game, state = self._game, self._state
        over = game.is_over(state)
        seat = None if over else game.current_seat(state)
        person = self._is_person(seat)
        passing = self.needs_pass
        question = self.screen.question() if person and not passing and not over \
            and self._frame is not None else ""
        return Moment(len(self._record.actions), seat, person, passing, over, question)

    def _place_focus(self, container: Element, focus_id: str, changed: bool) -> None:
        """Keep focus where it was while the table shows the same decision (a kept element,
        or the one drawn again under its test id) and on a tool of the tool bar; otherwise
        move it to the next decision's first control (:func:`keys.focus_decision`)."""
        active = dom.opt(dom.document.activeElement)
        kept = active is not None and not active.isSameNode(dom.document.body) \
            and bool(active.isConnected)
        if kept and not changed:
            return
        if focus_id:
            target = dom.query(f'[data-testid="{focus_id}"]', container)
            tool = target is not None and focus_id in TOOL_IDS
            if target is not None and (tool or not changed) and usable(target) \
                    and focus_on(target):
                return
        self.focus_question()

    def focus_question(self) -> None:
        """Focus the control that answers what the table asks now: the end screen's title, the
        pass screen's "I'm Ben", the decision's first control, else the turn banner."""
        container, frame = self.container, self._frame
        if container is None or frame is None:
            return
        if self._game.is_over(self._state):
            focus_decision(container, (), dom.query('[id="end-heading"]', container))
        elif self.needs_pass:
            focus_decision(container, ('[data-testid="pass-ready"]',), None)
        elif self._is_person(self._game.current_seat(self._state)):
            focus_decision(frame.board, self.ui.keys.focus, frame.banner)
        else:
            focus_decision(container, (), frame.banner)

    def _key(self, event: Any) -> None:
        """A key anywhere on the page while the table is shown: an arrow inside a row of like
        controls, or a shortcut (never while typing, in a dialog, or with Ctrl/Alt/Meta)."""
        frame, container = self._frame, self.container
        if frame is None or container is None or not container.isConnected \
                or getattr(event, "defaultPrevented", False) \
                or typing(event.target) or dom.query("dialog[open]") is not None:
            return
        plan = self.ui.keys
        target = event.target
        key = str(getattr(event, "key", "") or "")
        row = row_of(target, plan.rows) if hasattr(target, "matches") \
            and bool(frame.board.contains(target)) else None
        if row is not None:
            step = step_in_row(frame.board, row, target, key)
            if step is not None:
                event.preventDefault()
                target.setAttribute("tabindex", "-1")
                step.setAttribute("tabindex", "0")
                focus_on(step)
                return
        shortcut = shortcut_for(event, plan.shortcuts + TABLE_SHORTCUTS)
        if shortcut is None:
            return
        root = frame.board if shortcut in plan.shortcuts else dom.document
        node = decision_control(root, (shortcut.selector,))
        if node is not None:
            event.preventDefault()
            node.click()

    def _speak(self, moment: Moment) -> None:
        """Say what changed (:class:`~kingdoms_web.play.voice.TableVoice`), and a problem with
        saving or another tab once, urgently."""
        problem = None
        if self.save_failed:
            problem = save_problem_text(self.save_problem or "")
        elif self.read_only is not None:
            problem = t(f"tabs.{self.read_only}")
        if problem != self._told_problem:
            self._told_problem = problem
            if problem:
                announce(problem, urgent=True)
        first, self.aloud = said(self.aloud), None
        self.voice.tell(moment, self._words, first)

    @property
    def _words(self) -> Words:
        return Words(turn=lambda seat: t("play.turn", name=self._name(seat)),
                     passing=lambda seat: t("play.pass_title", name=self._name(seat)),
                     end=self._end_words)

    def _end_words(self) -> str:
        """"Game over. Ann wins! Ann: 23 points, Ben: 19 points"."""
        result = self._game.result(self._state)
        scores = sorted(result.scores, key=lambda score: -score.total)
        return join_sentences([
            t("play.end_title") + ".",
            winners_text([self._name(seat) for seat in result.winners], self._record.game_id),
            join_list([f"{self._name(score.seat)}: {t('play.points', count=score.total)}"
                       for score in scores])])

    def _content(self) -> Element:
        self.hints.follow()
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
            tip = self.hints.panel(self.scope) if not self.help.on else None
            self.hints.ring(board)
            if not self._is_person(seat):
                self.coach.unring(board)
                dom.make_read_only(board, self.scope)  # a computer plays this turn
            elif tip is not None or self.help.on:
                self.coach.unring(board)  # one voice above the board at a time
            else:
                tip = self.coach.draw(board, self.scope, self.prompt())
            self.help.attach(board, self.scope)
            tools = self._tools("play")
            self.help.attach_tools(tools, self.scope)
            head = dom.patch(frame.head, [self._turn_banner(frame, seat), tools])
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

    def _turn_banner(self, frame: TableFrame, seat: int | None) -> Element:
        thinking = self.computer.thinking_seat is not None
        dom.set_text(frame.banner, self._banner_text(seat))
        return dom.set_attrs(frame.banner, {
            "data-seat": seat if seat is not None else "",
            "data-thinking": "true" if thinking else "false"})

    def _pass_screen(self) -> Element:
        seat = self._game.current_seat(self._state)

        def ready() -> None:
            self._viewer = seat
            self.redraw()  # focus goes to the first control of their decision

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
        record = self._record
        seats = list(record.seats)
        options = {key: value for key, value in record.options.items() if key != "hints_used"}
        hints = hints_line(hints_used(record), [seat for seat in range(len(seats))
                                                if self._is_person(seat)], self._name) \
            if hints_allowed(record) and has_coach(game_id) else None
        return end_screen(
            self.scope, self._game.result(self._state), self._name, game_id, lead, details,
            again=lambda: self.owner.start_game(game_id, seats, options),  # a solo rival too
            replay=lambda: self.owner.open_replay(record), home=self.owner.go_home,
            tools=self._tools("end"), hints=hints,
            review=(lambda: self.owner.open_replay(record, review=True))
            if has_coach(game_id) else None)
