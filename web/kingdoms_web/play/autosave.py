"""Autosave and following other tabs: the saving half of the game table.

Every change of the record is written to its save in the saved-games list (as its share code)
*before* the board is redrawn, so a crash or a closed tab never loses a move that was shown. A
save carries a revision: a tab writes only over the revision it last read or wrote. When another
tab wrote meanwhile, this tab takes in what it can follow (the same game, or this game plus more
moves, played here too) and otherwise turns read-only (never a silent overwrite) and offers the
stored version (:meth:`SavedTable.load_latest`).

:class:`SavedTable` is a mixin of :class:`~kingdoms_web.play.table.GameTable`: it needs the
session, the owner's storage and the table's redraw, and it is kept apart so that the saving
rules read on their own.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Protocol

from kingdoms.core import codes
from kingdoms.core.errors import KingdomsError
from kingdoms.core.session import Session
from kingdoms_web import dom, urls
from kingdoms_web.device import now_ms
from kingdoms_web.i18n import Message, t
from kingdoms_web.play.computer import ComputerTurns
from kingdoms_web.saves.saved_games import Change, put_save, read_save, saved_change
from kingdoms_web.saves.schema import SaveEntry, final_result
from kingdoms_web.saves.storage import Store


class SaveOwner(Protocol):
    """What saving needs from the app around the table."""

    store: Store

    def go_home(self) -> None: ...

    def set_fragment(self, fragment: str) -> None: ...


class SavedTable:
    """Autosave and following other tabs, for a table that has these attributes."""

    owner: SaveOwner
    session: Session
    computer: ComputerTurns
    save_id: str
    label: str
    created: float
    message: Message | None
    handoff: bool
    save_failed: bool
    save_problem: str | None
    """Why the last autosave failed (``saved_games.WRITE_PROBLEMS``); None when saved."""
    rev: int
    """The stored revision of this save this tab last read or wrote (-1: not stored yet)."""
    saved_code: str | None
    """The code stored with :attr:`rev` (None: not known). Every write is based on both: a
    write over anything else is refused and the tab follows or turns read-only."""
    read_only: str | None
    """``diverged``/``deleted`` once another tab changed this game in a way this tab cannot
    follow: it stops saving (never a silent overwrite) and offers the stored version."""

    if TYPE_CHECKING:  # the table's own methods, named here for the type checker only
        def _sync_viewer(self, initial: bool = False) -> None: ...

        def redraw(self) -> None: ...

        def notify(self, text: Message, *, urgent: bool = False) -> None: ...

    @property
    def code(self) -> str:
        return codes.encode_code(self.session.record)

    def autosave(self) -> bool:
        """Write the record (as its share code) to its save, checking first that no other tab
        wrote it meanwhile; warn with the cause if it fails."""
        code = self.code
        if self.read_only is not None:
            return False
        game, record, state = self.session.game, self.session.record, self.session.state
        over = bool(game.is_over(state))
        scores, winners = final_result(game, state)
        entry = SaveEntry(self.save_id, record.game_id, tuple(seat.name for seat in record.seats),
                          len(record.actions), code, now_ms(), self.label, over,
                          None if over else game.current_seat(state), self.created,
                          scores=scores, winners=winners)
        result = put_save(self.owner.store, entry, expect=self.rev, base=self.saved_code,
                          hold=True)
        if result.problem == "conflict":
            # Another tab wrote meanwhile. If it holds this very game (both tabs played the same
            # computer move), or this game plus more, nothing is lost: adopt it and go on.
            change = saved_change(self.owner.store, self.save_id, self.rev, self.session.record,
                                  self.saved_code)
            if change.kind == "same" and change.entry is not None:
                self.rev, self.saved_code = change.rev, change.entry.code
                result = put_save(self.owner.store, entry, expect=self.rev,
                                  base=self.saved_code, hold=True)
            elif change.kind == "extends":
                self._take_moves(change)
                self.owner.set_fragment(urls.game_fragment(self.code, self.save_id))
                return True
        if result.problem in ("conflict", "deleted"):
            self.read_only = "deleted" if result.problem == "deleted" else "diverged"
            self.save_problem = None
        else:
            # Held in the overflow: safe, but the player should know why and how to free room.
            self.save_problem = f"held_{result.held}" if result.held else result.problem
        if result.ok:
            self.rev, self.saved_code = result.rev, code
        self.save_failed = self.save_problem is not None
        self.owner.set_fragment(urls.game_fragment(code, self.save_id))
        return result.ok

    def follow_storage(self) -> bool:
        """Take in what another tab saved of this game; True if this tab's game changed.

        Moves that extend this tab's record are played here too (the tab follows); any other
        change (an undo there, a deletion) makes this tab read-only with a notice.
        """
        if self.read_only is not None:
            return False
        change = saved_change(self.owner.store, self.save_id, self.rev, self.session.record,
                              self.saved_code)
        if change.kind in ("same", "unreadable"):
            self.rev = change.rev
            if change.entry is not None:
                self.label = change.entry.label
                if change.kind == "same":
                    self.saved_code = change.entry.code
            return False
        if change.kind == "extends":
            self._take_moves(change)
        else:
            self.read_only = "deleted" if change.kind == "deleted" else "diverged"
            self.computer.cancel()
        self.redraw()
        self.computer.wake()
        return True

    def _take_moves(self, change: Change) -> None:
        """Play here the moves another tab added (``change.kind == "extends"``)."""
        try:
            for index in change.record.actions[len(self.session.record.actions):]:
                self.session.act(self.session.game.decode_action(index))
        except KingdomsError:
            dom.log_error("Kingdoms: following another tab failed\n" + traceback.format_exc())
            self.read_only = "diverged"
            self.computer.cancel()
        else:
            self.rev = change.rev
            self.saved_code = change.entry.code if change.entry is not None else None
            self.handoff = False
            self.message = lambda: t("tabs.followed")
            self._sync_viewer()
            # The address follows too, so a reload of this tab resumes the game as it is now.
            self.owner.set_fragment(urls.game_fragment(self.code, self.save_id))

    def load_latest(self) -> None:
        """Show the game as stored now (after another tab changed it) and save here again."""
        entry, _why = read_save(self.owner.store, self.save_id)
        if entry is None:
            self.owner.go_home()
            return
        try:
            self.session = codes.load_code(entry.code)
        except KingdomsError:
            self.notify(lambda: t("code.error.other"), urgent=True)
            return
        self.rev, self.label, self.read_only, self.message = entry.rev, entry.label, None, None
        self.saved_code = entry.code
        self.owner.set_fragment(urls.game_fragment(self.code, self.save_id))
        self.computer.cancel()
        self._sync_viewer(initial=True)
        self.redraw()
        self.computer.wake()
