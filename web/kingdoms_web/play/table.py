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
from functools import partial
from typing import Any, Protocol

from pydantic import BaseModel

from kingdoms.core.errors import KingdomsError
from kingdoms.core.protocol import Game, OptionValue, Seat
from kingdoms.core.records import GameRecord
from kingdoms.core.session import Session
from kingdoms_web import dom
from kingdoms_web.device import new_save_id, now_ms
from kingdoms_web.dom import Element, Scope
from kingdoms_web.games.registry import GAME_UIS
from kingdoms_web.i18n import Message, game_title, said, say, t
from kingdoms_web.play import sound
from kingdoms_web.play.announcer import announce
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
from kingdoms_web.play.help import HelpMode
from kingdoms_web.play.hints import Hints
from kingdoms_web.play.history import HistoryDialog
from kingdoms_web.play.moves import MovesText
from kingdoms_web.play.parts import Parts
from kingdoms_web.play.sound import SOUND_SETTING
from kingdoms_web.play.table_view import TableFrame, TableView
from kingdoms_web.play.tools import tool_bar, tool_inputs
from kingdoms_web.play.voice import Moment, TableVoice
from kingdoms_web.saves.storage import read_settings, write_settings
from kingdoms_web.shell.dialogs import Modal
from kingdoms_web.shell.share import ShareDialog, send_link


class TableOwner(SaveOwner, Protocol):
    """What the host needs from the app around it."""

    def start_game(self, game_id: str, seats: list[Seat],
                   options: dict[str, OptionValue] | None = None) -> None: ...

    def open_modal(self, modal: Modal) -> None: ...

    def open_replay(self, record: GameRecord, review: bool = False) -> None: ...


class GameTable(SavedTable, TableView, HostState):
    """A game in progress on this page (the :class:`GameHost` of its screen); its saving is
    :class:`~kingdoms_web.play.autosave.SavedTable`'s, its drawing
    :class:`~kingdoms_web.play.table_view.TableView`'s."""

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
        self.message: Message | None = None
        self.save_failed = False
        self.save_problem: str | None = None
        self.rev = -1
        self.saved_code: str | None = None
        self.read_only: str | None = None
        self.handoff = False
        """True right after an action handed the turn to another seat (offer "Send to…")."""
        self.container: Element | None = None
        self._frame: TableFrame | None = None
        """The kept containers of the game screen (None until drawn)."""
        self.scope = Scope()
        self.parts = Parts()
        """The tool bars kept from the last drawing while what they show is unchanged (a bar
        is some thirty nodes with its icons and listeners, drawn after every tap otherwise)."""
        self.screen: GameScreen[Any] = self.ui.create_screen(self)
        self.coach = Coach(self, session.record.game_id, self.ui.coach, self.redraw,
                           lambda: self.hints.ask if self.hints.offered else None)
        skips = self.ui.keys.summary_skips
        self.voice = TableVoice(MovesText(self), self._is_person, lambda step: getattr(
            step.action, "action_type", "") in skips)
        self.aloud: Message | None = None
        self._heard: Moment | None = None
        self._told_problem: str | None = None
        self.help = HelpMode(self.ui.book, self.ui.help, self._decision_kind, self.redraw)
        self.hints = Hints(self, schedule, self.ui.hint_targets)
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
            self.notify(lambda: t("tabs.tap_refused"), urgent=True)
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
            self.notify(partial(refusal, error), urgent=True)
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

    def _after_change(self, seat_before: int | None, message: Message | None = None) -> None:
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
        self.message = self.aloud = message
        self.autosave()
        self._sync_viewer()
        self.redraw()
        self.computer.wake()

    # ------------------------------------------------------------------ computer seats

    def _is_person(self, seat: int | None) -> bool:
        return seat is not None and not computer_seat(self._record, seat)

    def is_person(self, seat: int | None) -> bool:
        """A person plays ``seat`` (hints are for people only)."""
        return self._is_person(seat)

    def count_hint(self, seat: int) -> None:
        """A person asked for a hint: counted in the record, which is saved like a move."""
        self.session.count_hint(seat)
        self.autosave()

    @property
    def has_computers(self) -> bool:
        return any(seat.kind == "bot" for seat in self._record.seats)

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
            self.notify(lambda: t(f"undo.why.{reason}"), urgent=True)
            return False
        self.session.undo()
        self._after_change(None, lambda: t("undo.done"))
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
        self._after_change(step.seat, lambda: t("redo.done"))
        return True

    def notify(self, text: Message, *, urgent: bool = False) -> None:
        """Show ``text`` over the board until the next change; ``urgent``: something was
        refused, said aloud at once (moves are said by :attr:`voice`, so the screens' notices
        of them are not)."""
        self.message = text
        node = dom.query('[data-testid="play-notice"]', self.container) \
            if self.container is not None else None
        words = said(text)
        if node is not None:
            dom.set_text(node, words)
            node.hidden = not words
        if urgent:
            announce(words, urgent=True)

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

    def _tools(self, mode: str) -> Element:
        """The tool bar for ``mode``, the one drawn before while what it shows is unchanged."""
        return tool_bar(self, tool_inputs(self, mode), self.parts)


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

    def dispose(self) -> None:
        self.computer.cancel()
        self.hints.dispose()
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
