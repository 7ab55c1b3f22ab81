"""The game table: one running game in the page (the
:class:`~kingdoms_web.play.contract.GameHost` of its screen).

The record, its state, undo and redo belong to the engine's
:class:`~kingdoms.core.session.Session`; the table is what the page adds around it. Every tap
a game screen turns into an action goes through :meth:`GameTable.act`: the session applies it
(and refuses illegal ones with a reason), the new record is autosaved as a share code in the
saved-games list *before* the board is redrawn, so a crash or a closed tab never loses a move
that was shown (saving and following other tabs: :mod:`kingdoms_web.play.autosave`). The table
also draws what every game shares: whose turn it is, the "pass the device" privacy screen for
games with hidden information, and the end screen with winners and score breakdowns.

Resuming (a save, a share code, a reload) is replaying the record, so the state is identical.
Undo and redo follow the engine's rule (never across revealed information, another seat's turn
or the end) and autosave like an action does.

Play by link: when an action hands the turn to another seat, the host offers "Send to <name>",
which shares the game's link (the system share sheet, else the clipboard).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from kingdoms.core.errors import KingdomsError
from kingdoms.core.protocol import Game, OptionValue, Seat
from kingdoms.core.records import GameRecord
from kingdoms.core.session import Session
from kingdoms_web import dom
from kingdoms_web.device import new_save_id, now_ms
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.registry import GAME_UIS
from kingdoms_web.i18n import game_title, lookup, say, t
from kingdoms_web.play import sound
from kingdoms_web.play.autosave import SavedTable, SaveOwner
from kingdoms_web.play.coach import Coach
from kingdoms_web.play.computer import (
    PACE_SETTING,
    ComputerTurns,
    Schedule,
    browser_schedule,
    computer_seat,
)
from kingdoms_web.play.contract import GameScreen, HostState
from kingdoms_web.play.end_screen import end_summary
from kingdoms_web.play.help import HelpMode
from kingdoms_web.play.history import HistoryDialog
from kingdoms_web.play.parts import Parts
from kingdoms_web.play.sound import SOUND_SETTING
from kingdoms_web.play.tools import tool_bar, tool_inputs
from kingdoms_web.saves.schema import MAX_SAVES
from kingdoms_web.saves.storage import read_settings, write_settings
from kingdoms_web.shell.dialogs import Modal, button
from kingdoms_web.shell.share import ShareDialog, send_link


class TableOwner(SaveOwner, Protocol):
    """What the host needs from the app around it."""

    def start_game(self, game_id: str, seats: list[Seat],
                   options: dict[str, OptionValue] | None = None) -> None: ...

    def open_modal(self, modal: Modal) -> None: ...

    def open_replay(self, record: GameRecord) -> None: ...


# --------------------------------------------------------------------------- pure helpers



# --------------------------------------------------------------------------- the session


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


class GameTable(SavedTable, HostState):
    """A game in progress on this page (the :class:`GameHost` of its screen); its saving is
    :class:`~kingdoms_web.play.autosave.SavedTable`'s."""

    owner: TableOwner

    def __init__(self, owner: TableOwner, session: Session, save_id: str | None = None,
                 schedule: Schedule = browser_schedule) -> None:
        """``session``: the game's record and state; its game's page part is its registered
        :class:`~kingdoms_web.play.contract.GameUI` (``KeyError`` for a game the page cannot
        show)."""
        self.owner = owner
        self.session = session
        self.ui = GAME_UIS[session.record.game_id]
        self.computer = ComputerTurns(self, schedule,
                                      pace=lambda: str(self.get_setting(PACE_SETTING, "normal")))
        self.save_id = save_id or new_save_id()
        self.label = ""
        self.created = now_ms()
        self._viewer: int | None = None
        self.message: str | None = None
        self.save_failed = False
        self.save_problem: str | None = None
        self.rev = -1
        self.read_only: str | None = None
        self.handoff = False
        """True right after an action handed the turn to another seat (offer "Send to…")."""
        self.container: Element = None
        self._frame: TableFrame | None = None
        """The kept containers of the game screen (None until drawn)."""
        self.scope = Scope()
        self.parts = Parts()
        """The tool bars kept from the last drawing while what they show is unchanged (a bar
        is some thirty nodes with its icons and listeners, drawn after every tap otherwise)."""
        self.screen: GameScreen = self.ui.create_screen(self)
        self.coach = Coach(self, session.record.game_id, self.ui.coach, self.redraw)
        self.help = HelpMode(self.ui.book, self.ui.help, self._decision_kind, self.redraw)
        self._sync_viewer(initial=True)

    @property
    def _game(self) -> Game[Any, Any]:
        return self.session.game

    @property
    def _record(self) -> GameRecord:
        return self.session.record

    @property
    def _state(self) -> Any:
        return self.session.state

    def _decision_kind(self) -> str | None:
        """The kind of decision the engine asks now (help explains the prompt's buttons by it)."""
        if self._game.is_over(self._state):
            return None
        prompt = self.prompt()
        return prompt.kind if prompt is not None else None

    # ------------------------------------------------------------------ GameHost

    def act(self, action: BaseModel) -> bool:
        """A person's action (refused while a computer is to play: its board is read-only)."""
        if self.read_only is not None or self.follow_storage():
            # Another tab moved on (shown now) or changed the game: this tap was for an old
            # position, so it is not played.
            self.notify(t("tabs.tap_refused"))
            return False
        if not self._is_person(self._game.current_seat(self._state)):
            return False
        self.coach.acted()
        return self.act_for_computer(action)

    def act_for_computer(self, action: BaseModel) -> bool:
        """Apply an action through the session, autosave, redraw (any seat's).

        A computer's move is not played either when another tab changed the game meanwhile
        (the position it was chosen for is gone; the tab follows or turns read-only)."""
        if self.read_only is not None or self.follow_storage():
            return False
        noise = self._sound_of(action)
        try:
            step = self.session.act(action)
        except KingdomsError as error:
            self.notify(refusal(error))
            return False
        self._after_change(step.seat)
        if noise is not None:
            sound.play("end" if self._game.is_over(self._state) else noise)
        return True

    def _sound_of(self, action: BaseModel) -> str | None:
        """The sound an action makes (by where the engine draws its choice), if sound is on."""
        if self.get_setting(SOUND_SETTING, False) is not True:
            return None
        prompt = self.prompt()
        choice = prompt.choice_for(action) if prompt is not None else None
        return sound.PLACE_SOUNDS.get(choice.place if choice is not None else "", "")

    def _after_change(self, seat_before: int | None, message: str | None = None) -> None:
        """Save, follow the acting seat, redraw: after an action, an undo or a redo."""
        state = self.session.state
        seat_after = None if self._game.is_over(state) else self._game.current_seat(state)
        if seat_after is None:
            self.coach.game_over()
        # "Send to <name>" hands the game to another person; a person alone with computers
        # would be offered to send it to themselves after every computer turn.
        self.handoff = seat_after is not None and seat_before is not None \
            and seat_after != seat_before and self._is_person(seat_after) \
            and sum(self._is_person(s) for s in range(len(self._record.seats))) > 1
        self.message = message
        self.autosave()
        self._sync_viewer()
        self.redraw()
        self.computer.wake()

    # ------------------------------------------------------------------ computer seats

    def _is_person(self, seat: int | None) -> bool:
        return seat is not None and not computer_seat(self._record, seat)

    @property
    def has_computers(self) -> bool:
        return any(seat.kind == "bot" for seat in self._record.seats)

    def computer_changed(self) -> None:
        """A computer started or stopped thinking: update the turn banner in place."""
        node = dom.query('[data-testid="turn-banner"]', self.container) \
            if self.container is not None else None
        if node is not None:
            seat = self._game.current_seat(self._state)
            dom.set_text(node, self._banner_text(seat))
            node.setAttribute("data-thinking", "true" if self.computer.thinking_seat is not None
                              else "false")

    def toggle_pace(self) -> None:
        """Computer moves at a readable pace, or faster."""
        fast = self.get_setting(PACE_SETTING, "normal") == "fast"
        self.set_setting(PACE_SETTING, "normal" if fast else "fast")
        self.redraw()

    # ------------------------------------------------------------------ undo and redo

    def undo_status(self) -> tuple[bool, str]:
        """(allowed, reason key of :data:`kingdoms.core.session.UNDO_REASONS`)."""
        return self.session.undo_status()

    def undo(self) -> bool:
        """Take back the last action if the rules of undo allow it; else say why."""
        allowed, reason = self.session.undo_status()
        if not allowed:
            self.notify(t(f"undo.why.{reason}"))
            return False
        self.session.undo()
        self._after_change(None, t("undo.done"))
        return True

    @property
    def can_redo(self) -> bool:
        return self.session.can_redo

    def redo(self) -> bool:
        """Play the last undone action again."""
        step = self.session.redo()
        if step is None:
            self.redraw()
            return False
        self._after_change(step.seat, t("redo.done"))
        return True

    def notify(self, text: str) -> None:
        self.message = text
        node = dom.query('[data-testid="play-notice"]', self.container) \
            if self.container is not None else None
        if node is not None:
            dom.set_text(node, text)
            node.hidden = not text

    def get_setting(self, key: str, default: Any = None) -> Any:
        """A stored page setting (e.g. a screen's odds helper switch)."""
        return read_settings(self.owner.store).get(key, default)

    def set_setting(self, key: str, value: Any) -> bool:
        """Store a page setting; False if the browser would not keep it."""
        settings = read_settings(self.owner.store)
        settings[key] = value
        return self.owner.store.available and write_settings(self.owner.store, settings)

    # ------------------------------------------------------------------ saving

    @property
    def title(self) -> str:
        return game_title(self._game.info.game_id, self._game.info.title)

    # ------------------------------------------------------------------ drawing

    def _sync_viewer(self, initial: bool = False) -> None:
        """Viewer follows the acting seat, except behind the privacy screen. With hidden
        information the viewer is always a person: while computers play, the board stays as the
        last person at the device saw it (a spectator's when nobody has looked yet)."""
        seat = None if self._game.is_over(self._state) else self._game.current_seat(self._state)
        people = [n for n, s in enumerate(self._record.seats) if s.kind != "bot"]
        if not self._game.info.hidden_information:
            self._viewer = seat
        elif len(people) == 1:
            self._viewer = people[0]  # alone at the device (solo, or against computers)
        elif initial:
            self._viewer = None

    @property
    def needs_pass(self) -> bool:
        """The privacy screen comes before a person's turn when someone else looked last
        (never for a computer's turn: nobody needs to hand it the device)."""
        if not self._game.info.hidden_information or self._game.is_over(self._state):
            return False
        seat = self._game.current_seat(self._state)
        return self._is_person(seat) and seat != self._viewer

    @property
    def board_mode(self) -> Hashable:
        """Read-only while a computer plays (:func:`dom.make_read_only`), every control
        askable while help is on (:meth:`HelpMode.attach`): both change the drawn board."""
        return (self.computer_plays, self.help.on)

    @property
    def game_id(self) -> str:
        return self._record.game_id

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
        notices: list[Element] = []
        notice = el("p", self.message or "", cls="play-notice", testid="play-notice",
                    attrs={"role": "status", "aria-live": "polite"})
        notice.hidden = not self.message
        notices.append(notice)
        if self.save_failed:
            key = f"play.save_problem.{self.save_problem}"
            text = t(key, limit=MAX_SAVES) if lookup(key) else t("play.save_failed")
            notices.append(el("p", text, cls="warning", testid="save-warning",
                              attrs={"role": "alert", "data-why": self.save_problem}))
        if self.read_only is not None:
            latest = self.read_only == "diverged"
            notices.append(el(
                "div", el("p", t(f"tabs.{self.read_only}")),
                button(self.scope, t("tabs.load_latest") if latest else t("app.home"),
                       (lambda _e: self.load_latest()) if latest
                       else (lambda _e: self.owner.go_home()),
                       testid="tab-latest" if latest else "tab-home", cls="btn"),
                cls="warning tab-notice", testid="tab-notice", attrs={"role": "alert"}))
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
            head = el("div", self._turn_banner(seat), self._tools("play"), cls="play-head")
            body = dom.patch(frame.body, [head, self.help.panel(self.scope) or tip, board])
        dom.patch(wrapper, [*notices, body])
        return wrapper

    def _tools(self, mode: str) -> Element:
        """The tool bar for ``mode``, the one drawn before while what it shows is unchanged."""
        return tool_bar(self, tool_inputs(self, mode), self.parts)

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

    # ------------------------------------------------------------------ share and history

    def open_share(self) -> None:
        self.owner.open_modal(ShareDialog(self.code, self.title))

    def open_history(self) -> None:
        record = self._record
        self.owner.open_modal(HistoryDialog(self.session,
                                            lambda: self.owner.open_replay(record)))

    def send_to_next(self) -> None:
        """Share the link so the next player can take their turn on their own device."""
        send_link(self.code, self.title, self.next_name, self.notify)

    @property
    def next_name(self) -> str:
        """The name of the seat whose turn it is."""
        return self._name(self._game.current_seat(self._state))

    def _pass_screen(self) -> Element:
        seat = self._game.current_seat(self._state)
        name = self._name(seat)

        def ready(_event: Any) -> None:
            self._viewer = seat
            self.redraw()
            board = dom.query(".play-board", self.container)
            if board is not None:
                board.setAttribute("tabindex", "-1")
                board.focus()

        return el("section",
                  el("h2", t("play.pass_title", name=name), attrs={"id": "pass-heading"}),
                  el("p", t("play.pass_hint", name=name), cls="note"),
                  button(self.scope, t("play.pass_ready", name=name), ready,
                         testid="pass-ready", cls="btn btn-primary btn-big"),
                  el("p", t("send.or"), cls="note") if self.handoff else None,
                  self._tools("pass"),
                  cls="pass-screen", testid="pass-screen",
                  attrs={"aria-labelledby": "pass-heading", "role": "region"})

    def _end_screen(self) -> Element:
        result = self._game.result(self._state)
        game_id = self._record.game_id
        lead: Element | None = None
        try:
            view = self._game.view(self._state, None)
            details = self.screen.end_details(view)
            lead = self.screen.end_lead(view)
        except Exception:
            dom.log_error("Kingdoms: end details failed\n" + traceback.format_exc())
            details = []
        seats, options = list(self._record.seats), dict(self._record.options)

        def again(_event: Any) -> None:  # same players, same options (a solo rival too)
            self.owner.start_game(game_id, seats, options)

        return el(
            "section",
            *end_summary(result, self._name, game_id, lead),
            *details,
            el("div",
               button(self.scope, t("play.play_again"), again, testid="play-again",
                      cls="btn btn-primary"),
               button(self.scope, t("replay.open"),
                      lambda _e: self.owner.open_replay(self._record), testid="end-replay",
                      cls="btn"),
               button(self.scope, t("app.home"), lambda _e: self.owner.go_home(),
                      testid="end-home", cls="btn", icon="home"),
               cls="actions end-actions"),
            self._tools("end"),
            cls="panel end-screen", testid="end-screen",
            attrs={"aria-labelledby": "end-heading"})

    def dispose(self) -> None:
        self.computer.cancel()
        self.screen.dispose()
        self.parts.clear()
        self.scope.dispose()
        self.container = None


def open_table(owner: TableOwner, record: GameRecord, session: Session | None = None,
               save_id: str | None = None,
               log: Callable[[str], None] = dom.log_error) -> GameTable | None:
    """A table for ``record`` (replayed unless its ``session`` is given); None if it fails."""
    try:
        return GameTable(owner, session if session is not None else Session(record), save_id)
    except Exception:
        log("Kingdoms: opening the game failed\n" + traceback.format_exc())
        return None


def refusal(error: KingdomsError) -> str:
    """What the player reads when the engine refuses a move: its reason in the page's language
    when the engine gave one as text (a rule the player met), otherwise a plain translated
    refusal, the English detail going to the console (a developer's matter, not the player's)."""
    if error.text is not None:
        return t("play.refused", reason=say(error.text))
    dom.log_error(f"Kingdoms: move refused: {error}")
    return t("play.refused_plain")
