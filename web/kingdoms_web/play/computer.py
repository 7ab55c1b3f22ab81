"""Computer seats play themselves: think in slices, then act after a readable pause.

Why slices: a bot's search can take hundreds of milliseconds, and the page must stay responsive
(no frame blocked for long). The engine's bots think as generators
(:func:`kingdoms.core.bots.think`): here each slice runs them for about :data:`SLICE_MS` and then
gives the browser back its turn, until the bot answers. Why a pause: a person watching must see
each step before the next one (a Burgrave turn is a dozen small decisions); the pause is
shortened by the time spent thinking, and the "faster" setting shortens it again.

The driver knows nothing of the game: it asks the table whose turn it is, which bot that seat
is, and hands the chosen action to the table like a tap would (so the move is saved,
shown and described like a person's). It never runs two thinks at once and drops a think whose
position has changed (an undo, a new game, leaving the table). Its generator comes from the
game's seed and the move number (:func:`kingdoms.core.bots.bot_rng`), so a reloaded game's bots
choose as they would have.
"""

from __future__ import annotations

import functools
import json
import time
import traceback
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from kingdoms.core.bots import Bot, Thinking, bot_for, bot_rng, think
from kingdoms.core.errors import KingdomsError
from kingdoms.core.protocol import Game
from kingdoms.core.records import GameRecord
from kingdoms_web import dom

T = TypeVar("T")

SLICE_MS = 12.0
"""How long one slice of thinking may run before the browser gets its turn back."""

PACE_MS = {"normal": 900, "fast": 200}
"""The pause before a computer's move, by the pace setting (thinking time counts towards it)."""

PACE_SETTING = "bots.pace"


@dataclass(frozen=True)
class ThinkTime:
    """How one computer move's thinking ran in this page: what a player waits for, and what
    held the page (``build.py bench`` reads these from a real tab)."""

    game_id: str
    level: str
    busy_ms: float
    """The slices' own time, added up (the bot's work on the page's thread)."""
    longest_ms: float
    """The longest slice: the most the page was held at once."""
    wall_ms: float
    """From the start of thinking to the answer, the frames between slices included."""
    slices: int


THINK_MEASURE = "kingdoms.think"
MAX_THINK_MEASURES = 1000
"""The most ``kingdoms.think`` measures the page's timeline holds: enough for a whole game of
four computers, yet a tab left playing game after game does not grow without end (issue 21:
2,697 entries after 25 games)."""


class SliceTimes:
    """The figures of one piece of thinking done in slices (a computer's move, a hint, a
    review), counted as its slices end: what :class:`ThinkTime` reports."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.started = clock()
        self.busy_ms = 0.0
        self.longest_ms = 0.0
        self.slices = 0

    def count(self, began: float) -> float:
        """Add the slice that began at ``began``; the milliseconds since the thinking began."""
        now = self.clock()
        spent = (now - began) * 1000
        self.busy_ms += spent
        self.longest_ms = max(self.longest_ms, spent)
        self.slices += 1
        return (now - self.started) * 1000

    def times(self, game_id: str, level: str) -> ThinkTime:
        return ThinkTime(game_id, level, self.busy_ms, self.longest_ms,
                         (self.clock() - self.started) * 1000, self.slices)


def browser_report(times: ThinkTime, name: str = THINK_MEASURE) -> None:
    """Leave the thinking in the page's performance timeline as a measure called ``name``
    (``kingdoms.think`` for a computer's move; its ``detail`` holds the figures), where the
    benchmark and the browser's tools see it. At :data:`MAX_THINK_MEASURES` the older ones are
    cleared first."""
    if dom.window is None:
        return
    performance = dom.window.performance
    options = {"end": performance.now(), "duration": times.wall_ms,
               "detail": {"game": times.game_id, "level": times.level, "busy": times.busy_ms,
                          "longest": times.longest_ms, "slices": times.slices}}
    try:
        if len(performance.getEntriesByName(name)) >= MAX_THINK_MEASURES:
            performance.clearMeasures(name)
        performance.measure(name, dom.window.JSON.parse(json.dumps(options)))
    except dom.BROWSER_ERRORS:  # a browser without measure's options loses figures only
        dom.log_error("Kingdoms: could not record a computer's thinking time")



class Schedule(Protocol):
    """Run ``callback`` after ``delay_ms`` (the browser's timers; a queue in tests)."""

    def __call__(self, callback: Callable[[], None], delay_ms: float) -> None: ...


def browser_schedule(callback: Callable[[], None], delay_ms: float) -> None:
    """``setTimeout`` in the browser (errors logged, not raised into JavaScript)."""
    from pyodide.ffi import create_once_callable

    def guarded() -> None:
        try:
            callback()
        except Exception:  # an edge: a timer's failure must not stop the page
            dom.log_error("Kingdoms: a computer turn failed\n" + traceback.format_exc())

    dom.window.setTimeout(create_once_callable(guarded), max(0, int(delay_ms)))


class TableFacts(Protocol):
    """The running game as whatever thinks about it reads it (computers, hints)."""

    @property
    def game(self) -> Game[Any, Any]: ...

    @property
    def record(self) -> GameRecord: ...

    @property
    def state(self) -> Any: ...


class Sliced(Generic[T]):
    """Thinking that is not a computer's move (a hint, a review) run in slices of about
    :data:`SLICE_MS` on the page's thread, the browser's turn in between; its figures reported
    as ``measure`` when it ends (:func:`browser_report`). ``progress`` gets each report of the
    work (0 to 1) at the end of a slice, ``done`` its result; a failure is logged and ``failed``
    called. :meth:`cancel` stops it before its next slice."""

    def __init__(self, work: Generator[float, None, T], schedule: Schedule,
                 clock: Callable[[], float], progress: Callable[[float], None],
                 done: Callable[[T], None], failed: Callable[[], None],
                 measure: tuple[str, str, str]) -> None:
        self.work = work
        self.schedule = schedule
        self.clock = clock
        self.progress = progress
        self.done = done
        self.failed = failed
        self.measure = measure
        """(measure name, game id, level) of the report."""
        self.times = SliceTimes(clock)
        self.running = True
        self.schedule(self._slice, 0)

    def cancel(self) -> None:
        self.running = False

    def _slice(self) -> None:
        if not self.running:
            return
        began = self.clock()
        deadline = began + SLICE_MS / 1000
        reached = 0.0
        while True:
            try:
                reached = next(self.work)
            except StopIteration as finished:
                self.running = False
                self.times.count(began)
                name, game_id, level = self.measure
                browser_report(self.times.times(game_id, level), name)
                self.done(finished.value)
                return
            except Exception:
                self.running = False
                dom.log_error(f"Kingdoms: {self.measure[0]} failed\n" + traceback.format_exc())
                self.failed()
                return
            if self.clock() >= deadline:
                self.times.count(began)
                self.progress(reached)
                self.schedule(self._slice, 0)
                return


class Table(TableFacts, Protocol):
    """What the driver needs from the running game."""

    def act_for_computer(self, action: Any) -> bool:
        """Apply the computer's action like a tap (saved, shown, described)."""
        ...

    def computer_changed(self) -> None:
        """The thinking state changed (draw the "thinking" mark)."""
        ...


def computer_seat(record: GameRecord, seat: int | None) -> bool:
    """Whether ``seat`` is played by the computer."""
    return seat is not None and 0 <= seat < len(record.seats) and \
        record.seats[seat].kind == "bot"


class ComputerTurns:
    """Plays the computer seats of one table, one action at a time."""

    def __init__(self, table: Table, schedule: Schedule,
                 pace: Callable[[], str] = lambda: "normal",
                 clock: Callable[[], float] = time.perf_counter,
                 report: Callable[[ThinkTime], None] = browser_report) -> None:
        self.table = table
        self.schedule = schedule
        self.pace = pace
        self.clock = clock
        self.report = report
        self._thinking: Thinking | None = None
        self._position: tuple[int, int] | None = None
        """(moves, generation) of the position being thought about."""
        self._generation = 0
        self._level = ""
        self._times = SliceTimes(clock)
        self.thinking_seat: int | None = None
        """The seat whose move is being prepared (None when no computer is at work)."""

    def _seat_to_play(self) -> int | None:
        table = self.table
        game, state = table.game, table.state
        if getattr(table, "read_only", None) is not None or game.is_over(state):
            # Another tab changed this game: this one only shows it (it never plays on).
            return None
        seat = game.current_seat(state)
        return seat if computer_seat(table.record, seat) else None

    def wake(self) -> None:
        """After any change: start thinking if a computer is to play and none is already."""
        seat = self._seat_to_play()
        position = (len(self.table.record.actions), self._generation)
        if seat is None:
            self._stop()
            return
        if self._thinking is not None and self._position == position:
            return
        record = self.table.record
        try:
            bot: Bot = bot_for(record.game_id, record.seats[seat].bot)
            rng = bot_rng(record.seed, seat, len(record.actions))
            self._thinking = think(self.table.game, self.table.state, bot, rng)
        except KingdomsError:
            dom.log_error("Kingdoms: no computer player for this seat\n"
                          + traceback.format_exc())
            self._stop()
            return
        self._position = position
        self._level = bot.level
        self._times = SliceTimes(self.clock)
        self.thinking_seat = seat
        self.table.computer_changed()
        generation = self._generation
        self.schedule(lambda: self._slice(generation, position), 0)

    def cancel(self) -> None:
        """Forget any thinking (the table is left, or the position changed under it)."""
        self._generation += 1
        self._stop()

    def _stop(self) -> None:
        was = self.thinking_seat
        self._thinking = None
        self._position = None
        self.thinking_seat = None
        if was is not None:
            self.table.computer_changed()

    def _slice(self, generation: int, position: tuple[int, int]) -> None:
        """Think for one slice; then schedule the next slice, or the move after the pause."""
        thinking = self._thinking
        if generation != self._generation or thinking is None or self._position != position:
            return
        began = self.clock()
        deadline = began + SLICE_MS / 1000
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                waited = self._times.count(began)
                self.report(self._times.times(self.table.record.game_id, self._level))
                pause = max(0.0, PACE_MS.get(self.pace(), PACE_MS["normal"]) - waited)
                self.schedule(functools.partial(self._move, generation, position, done.value),
                              pause)
                return
            if self.clock() >= deadline:
                self._times.count(began)
                self.schedule(lambda: self._slice(generation, position), 0)
                return

    def _move(self, generation: int, position: tuple[int, int], action: Any) -> None:
        if generation != self._generation or self._position != position:
            return
        self._thinking = None
        self._position = None
        self.thinking_seat = None
        if not self.table.act_for_computer(action):  # the position changed: think again
            self.wake()
