"""A game being played: its record, its current state, undo and redo, and its history.

Why here and not in the page: the record is the only truth and the state is derived from it,
so walking a record, keeping the states needed to go back, and deciding what may be undone are
the same for the page, the command line, the bots and the tests (boardgame.io's core likewise
owns the log and undo). The page keeps only what it shows.

* :func:`walk` replays a record step by step, yielding ``(number, before, action, after)``; the
  history, the replay screen and logs are built from it, never from another loop.
* :class:`Session` holds a record and its current state. :meth:`Session.act` applies an action
  through the game and records it; :meth:`Session.undo` takes back the last action when the
  undo rule allows it (never across revealed information, another seat's turn or the end);
  undone actions can be redone until a new action is taken. States are kept at checkpoints and
  for the last few actions, so undo, the history and the replay slider never replay a whole game.

>>> from kingdoms.core.protocol import Seat
>>> session = Session.start("tally", [Seat(name="Ann"), Seat(name="Bo")], seed=7)
>>> step = session.act(session.game.legal_actions(session.state)[-1])  # Ann plays a card
>>> step.number, step.seat, session.undo_status()
(1, 0, UndoStatus(allowed=True, reason='ok'))
>>> session.undo().number, len(session.record.actions), session.can_redo
(1, 0, True)
>>> session.redo().number
1
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .errors import CodeError, KingdomsError
from .protocol import Game, Seat
from .records import (
    GameRecord,
    append,
    count_hint,
    decode_step,
    game_for,
    new_record,
    opening_state,
)

CHECKPOINT = 32
"""A state is kept every this many actions, so any position is at most this many applies away."""

RECENT = 64
"""States kept after each of the most recent actions (undo and the newest history need no
replay at all)."""

UNDO_REASONS = ("ok", "no_actions", "revealed", "other_seat", "game_over")
"""Reason keys of :class:`UndoStatus`; the page translates them."""


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a record with the states around it."""

    number: int
    """1-based position of the action in the record."""
    seat: int | None
    """The seat that took it (the game's current seat before it)."""
    before: Any
    action: Any
    after: Any


class UndoStatus(NamedTuple):
    """Whether the last action may be taken back, and a key from :data:`UNDO_REASONS`."""

    allowed: bool
    reason: str


def walk(record: GameRecord, start: int = 0, state: Any = None) -> Iterator[Step]:
    """Replay ``record`` from action ``start`` (0 = the beginning), one :class:`Step` at a time.

    ``state`` is the state after ``start`` actions if the caller has it (else it is replayed).
    Raises :class:`~.errors.CodeError` (``illegal_action`` with the move number, ``invalid``,
    ``rules_version`` …) when the record cannot be replayed.
    """
    game = game_for(record)
    if state is None:
        state = opening_state(game, record)
        for number in range(1, start + 1):
            state = _apply(game, state, decode_step(game, record.actions[number - 1], number),
                           number)
    for number in range(start + 1, len(record.actions) + 1):
        action = decode_step(game, record.actions[number - 1], number)
        after = _apply(game, state, action, number)
        yield Step(number, game.current_seat(state), state, action, after)
        state = after


def _apply(game: Game[Any, Any], state: Any, action: Any, number: int) -> Any:
    try:
        return game.apply(state, action)
    except KingdomsError as error:
        raise CodeError("illegal_action", f"Move {number} is not legal: {error}",
                        move=number) from None


def undo_rule(game: Game[Any, Any], step: Step) -> UndoStatus:
    """The undo rule for one step: refused when it revealed information, ended the game, or
    handed the turn to another seat (undo never reaches into someone else's turn)."""
    if game.reveals_information(step.before, step.action, step.after):
        return UndoStatus(False, "revealed")
    if game.is_over(step.after):
        return UndoStatus(False, "game_over")
    if game.current_seat(step.before) != game.current_seat(step.after):
        return UndoStatus(False, "other_seat")
    return UndoStatus(True, "ok")


UNDO_MESSAGES = {
    "no_actions": "There is nothing to undo.",
    "revealed": "The last action revealed information, so it cannot be undone.",
    "other_seat": "The last action was taken in another seat's turn, so it cannot be undone.",
    "game_over": "The game is over.",
}


class Session:
    """A record being played, with its current state, undo/redo and cached states."""

    def __init__(self, record: GameRecord, state: Any = None) -> None:
        """Open ``record`` (replayed unless its final ``state`` is given); ``CodeError`` if it
        cannot be replayed."""
        self._game: Game[Any, Any] = game_for(record)
        self._record = record
        self._states: dict[int, Any] = {}
        """action count -> state after that many actions (checkpoints and recent ones)."""
        self._redo: list[int] = []
        self._undo: UndoStatus | None = None
        if state is None:
            state = opening_state(self._game, record)
            self._states[0] = state
            for step in walk(record, 0, state):
                self._keep(step.number, step.after, len(record.actions))
                state = step.after
        self._state = state
        self._states[len(record.actions)] = state

    @classmethod
    def start(cls, game_id: str, seats: Sequence[Seat | Mapping[str, Any]],
              seed: int | None = None,
              options: Mapping[str, str | int | bool] | None = None) -> Session:
        """A new game (seats, seed and options are checked; ``SetupError`` says what is wrong)."""
        return cls(new_record(game_id, seats, seed, options))

    # ------------------------------------------------------------------ what it holds

    @property
    def game(self) -> Game[Any, Any]:
        return self._game

    @property
    def record(self) -> GameRecord:
        return self._record

    @property
    def state(self) -> Any:
        return self._state

    @property
    def moves(self) -> int:
        return len(self._record.actions)

    def _keep(self, count: int, state: Any, latest: int) -> None:
        if count % CHECKPOINT == 0 or count > latest - RECENT:
            self._states[count] = state

    def _prune(self) -> None:
        latest = self.moves
        for count in [c for c in self._states
                      if c > latest or (c % CHECKPOINT and c <= latest - RECENT)]:
            del self._states[count]

    def state_at(self, count: int) -> Any:
        """The state after the first ``count`` actions (from the nearest kept state)."""
        if not 0 <= count <= self.moves:
            raise ValueError(f"count must be 0 to {self.moves}, not {count}")
        found = self._states.get(count)
        if found is not None:
            return found
        base = max(c for c in self._states if c <= count)
        state = self._states[base]
        for number in range(base + 1, count + 1):
            action = self._game.decode_action(self._record.actions[number - 1])
            state = self._game.apply(state, action)
            if number % CHECKPOINT == 0:
                self._states[number] = state
        return state

    def step(self, number: int) -> Step:
        """The ``number``-th action (1-based) with the states around it."""
        before = self.state_at(number - 1)
        action = self._game.decode_action(self._record.actions[number - 1])
        after = self._state if number == self.moves else self.state_at(number)
        return Step(number, self._game.current_seat(before), before, action, after)

    def steps(self, start: int = 0, stop: int | None = None) -> Iterator[Step]:
        """Steps ``start + 1`` to ``stop`` (default: the last), walking from a kept state and
        applying only where no state is kept (the recent ones cost nothing)."""
        stop = self.moves if stop is None else stop
        state = self.state_at(start)
        for number in range(start + 1, stop + 1):
            action = self._game.decode_action(self._record.actions[number - 1])
            after = self._states.get(number)
            if after is None:
                after = self._game.apply(state, action)
            yield Step(number, self._game.current_seat(state), state, action, after)
            state = after

    @property
    def last_step(self) -> Step | None:
        return self.step(self.moves) if self.moves else None

    # ------------------------------------------------------------------ playing

    def act(self, action: Any) -> Step:
        """Apply ``action`` and record it; ``IllegalActionError`` (nothing changes) if refused.

        A new action clears the redo stack, except when it is the action :meth:`redo` replays.
        """
        step = self._act(action)
        self._redo.clear()
        return step

    def _act(self, action: Any) -> Step:
        before = self._state
        self._record, after = append(self._record, self._game, before, action)
        self._state = after
        self._states[self.moves] = after
        self._prune()
        self._undo = None
        return Step(self.moves, self._game.current_seat(before), before, action, after)

    def count_hint(self, seat: int) -> None:
        """Count a hint ``seat`` asked for in the record's table options (the end screen says
        how many each person used; a share code carries it). Nothing else changes."""
        self._record = count_hint(self._record, seat)

    def undo_status(self) -> UndoStatus:
        """Whether :meth:`undo` would take back the last action (cached until the next change)."""
        if self._undo is None:
            last = self.last_step
            self._undo = UndoStatus(False, "no_actions") if last is None else undo_rule(
                self._game, last)
        return self._undo

    def undo(self) -> Step:
        """Take back the last action (it can be redone); ``KingdomsError`` saying why if not."""
        status = self.undo_status()
        if not status.allowed:
            raise KingdomsError(UNDO_MESSAGES[status.reason])
        step = self.step(self.moves)
        self._redo.append(self._record.actions[-1])
        self._record = self._record.model_copy(update={"actions": self._record.actions[:-1]})
        self._state = step.before
        self._prune()
        self._undo = None
        return step

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> Step | None:
        """Play the last undone action again (None when there is none or it is refused now)."""
        if not self._redo:
            return None
        code = self._redo.pop()
        try:
            return self._act(self._game.decode_action(code))
        except KingdomsError:
            self._redo.clear()
            return None


def replay(record: GameRecord, upto: int | None = None) -> Any:
    """The state after the first ``upto`` actions of ``record`` (all of them when ``None``).

    Raises :class:`~.errors.CodeError` like :func:`walk` when the record cannot be replayed.
    """
    count = len(record.actions) if upto is None else upto
    if not 0 <= count <= len(record.actions):
        raise ValueError(f"upto must be 0 to {len(record.actions)}, not {upto}")
    shorter = record if count == len(record.actions) else record.model_copy(
        update={"actions": record.actions[:count]})
    state = opening_state(game_for(record), record)
    for step in walk(shorter, 0, state):
        state = step.after
    return state
