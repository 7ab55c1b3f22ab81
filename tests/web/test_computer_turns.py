"""Computer seats play themselves at the table: in slices, after a pause, saved like a tap.

The browser's timers are replaced by a queue the test runs by hand, with a fake clock, so the
slicing and the pacing are checked without waiting.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from types import SimpleNamespace

import pytest
from table_owner import Owner

from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.session import Session, replay
from kingdoms_web import dom, i18n
from kingdoms_web.play import computer
from kingdoms_web.play.table import GameTable
from kingdoms_web.saves.saved_games import load_saves


class Timers:
    """A queue standing in for ``setTimeout``, and a clock it advances."""

    def __init__(self) -> None:
        self.queue: list[tuple[float, int, Callable[[], None]]] = []
        self.now = 0.0
        self.delays: list[float] = []
        self._order = 0

    def schedule(self, callback: Callable[[], None], delay_ms: float) -> None:
        self.delays.append(delay_ms)
        self._order += 1
        self.queue.append((self.now + delay_ms / 1000, self._order, callback))

    def clock(self) -> float:
        return self.now

    def run_one(self) -> bool:
        if not self.queue:
            return False
        self.queue.sort()
        due, _order, callback = self.queue.pop(0)
        self.now = max(self.now, due)
        callback()
        return True


def table_for(seats: list[Seat], seed: int) -> tuple[GameTable, Timers]:
    i18n.set_language("en")
    timers = Timers()
    record = new_record("dice-realm", seats, seed=seed)
    table = GameTable(Owner(), Session(record), "s1", schedule=timers.schedule)
    table.computer.clock = timers.clock
    return table, timers


def test_one_person_and_three_computers_play_to_the_end() -> None:
    """Issue 11: a person alone fills the other seats with computers; each computer move is
    legal, saved at once, and the person's turn comes back to them."""
    seats = [Seat(name="Ann"), *[Seat(name=f"Computer {n}", kind="bot", bot=level)
                                 for n, level in ((2, "easy"), (3, "normal"), (4, "hard"))]]
    table, timers = table_for(seats, seed=4)
    game = table.game
    rng = random.Random(4)
    table.computer.wake()
    for _ in range(5000):
        if game.is_over(table.state):
            break
        seat = game.current_seat(table.state)
        if seat == 0:
            assert table.computer.thinking_seat is None
            assert table.act(rng.choice(game.legal_actions(table.state)))
        else:
            before = len(table.record.actions)
            while len(table.record.actions) == before:
                assert timers.run_one(), "a computer's turn stalled"
            saved = load_saves(table.owner.store).entries
            assert saved and saved[0].moves == len(table.record.actions)
    assert game.is_over(table.state)
    assert game.state_to_json(replay(table.record)) == game.state_to_json(table.state)


def test_a_demo_of_computers_only_plays_itself() -> None:
    seats = [Seat(name=f"C{n}", kind="bot", bot="normal") for n in range(3)]
    table, timers = table_for(seats, seed=9)
    table.computer.wake()
    steps = 0
    while timers.run_one():
        steps += 1
        assert steps < 20_000
    assert table.game.is_over(table.state)
    assert table.handoff is False


@pytest.mark.parametrize(("people", "offered"), [(1, False), (2, True)])
def test_send_to_is_offered_only_between_people(people: int, offered: bool) -> None:
    """After a computer's turn the next person is offered "Send to <name>" only when there is
    another person to send the game to; a person alone was offered to send it to themselves."""
    seats = [*[Seat(name=f"P{n}") for n in range(people)], Seat(name="C", kind="bot", bot="easy")]
    table, timers = table_for(seats, seed=3)
    game = table.game
    while game.current_seat(table.state) != people:  # the people play until the computer is up
        table.act(game.legal_actions(table.state)[0])
    table.computer.wake()
    while game.current_seat(table.state) == people:
        assert timers.run_one()
    assert table.handoff is offered


def computer_moves_once(table: GameTable, timers: Timers) -> None:
    """Let the person (seat 1) play until the computer (seat 0) is to play; run its move."""
    game = table.game
    while game.current_seat(table.state) != 0:
        table.act(game.legal_actions(table.state)[0])
    moves = len(table.record.actions)
    table.computer.wake()
    while len(table.record.actions) == moves:
        assert timers.run_one()


def test_the_pause_makes_a_move_readable_and_faster_shortens_it() -> None:
    seats = [Seat(name="A", kind="bot", bot="easy"), Seat(name="B")]
    table, timers = table_for(seats, seed=1)
    table.set_setting(computer.PACE_SETTING, "normal")
    computer_moves_once(table, timers)
    assert max(timers.delays) == computer.PACE_MS["normal"]  # the fake clock: no think time
    timers.delays.clear()
    table.set_setting(computer.PACE_SETTING, "fast")
    while table.game.current_seat(table.state) == 0:  # the rest of the computer's turn
        assert timers.run_one()
    timers.delays.clear()
    computer_moves_once(table, timers)
    assert max(timers.delays) == computer.PACE_MS["fast"]


def test_a_think_for_a_position_that_changed_is_dropped() -> None:
    """Leaving the table (or any change under a thinking computer) drops its move."""
    seats = [Seat(name="A", kind="bot", bot="hard"), Seat(name="B", kind="bot", bot="hard")]
    table, timers = table_for(seats, seed=2)
    table.computer.wake()
    assert table.computer.thinking_seat is not None
    moves = len(table.record.actions)
    table.dispose()
    while timers.run_one():
        pass
    assert len(table.record.actions) == moves


def test_undo_never_takes_back_a_computers_move() -> None:
    """The person cannot undo past a computer's move (another seat's turn)."""
    seats = [Seat(name="Ann"), Seat(name="Bot", kind="bot", bot="easy")]
    table, timers = table_for(seats, seed=6)
    game = table.game
    table.computer.wake()
    for _ in range(200):
        if game.current_seat(table.state) == 0 and table.record.actions and \
                game.current_seat(replay(table.record, len(table.record.actions) - 1)) == 1:
            allowed, reason = table.undo_status()
            assert not allowed and reason in ("other_seat", "revealed")
            assert not table.undo()
            return
        if game.current_seat(table.state) == 0:
            table.act(game.legal_actions(table.state)[0])
        else:
            timers.run_one()
    raise AssertionError("the person never followed the computer")


def test_each_computer_move_reports_how_its_thinking_ran() -> None:
    """Issue 11's "bot move time in the browser": every computer move reports its level, its
    slices' own time, the longest slice and the wall time to the answer (the page puts them in
    its performance timeline, where ``build.py bench`` reads them from a real tab)."""
    seats = [Seat(name="A", kind="bot", bot="hard"), Seat(name="B", kind="bot", bot="easy")]
    table, timers = table_for(seats, seed=3)
    ticks = iter(range(1, 10**9))
    table.computer.clock = lambda: next(ticks) * 0.004  # every look at the clock: 4 ms later
    reports: list[computer.ThinkTime] = []
    table.computer.report = reports.append
    table.computer.wake()
    while len(table.record.actions) < 12:
        assert timers.run_one()
    assert len(reports) == 12  # one report a move, none for a dropped think
    by_seat = [table.record.seats[table.game.current_seat(replay(table.record, n)) or 0].bot
               for n in range(12)]
    assert [r.level for r in reports] == by_seat
    for report in reports:
        assert report.game_id == "dice-realm"
        assert report.slices >= 1
        assert 0 < report.longest_ms <= report.busy_ms <= report.wall_ms
        assert report.longest_ms <= computer.SLICE_MS + 8  # a slice ends at its first look past
    assert any(r.slices > 1 for r in reports)  # a long think really was cut into slices


class _Timeline:
    """A page's performance timeline, as far as the computer's reports use it."""

    def __init__(self) -> None:
        self.entries: list[str] = []

    def now(self) -> float:
        return 0.0

    def getEntriesByName(self, name: str) -> list[str]:
        return [entry for entry in self.entries if entry == name]

    def clearMeasures(self, name: str) -> None:
        self.entries = [entry for entry in self.entries if entry != name]

    def measure(self, name: str, _options: object) -> None:
        self.entries.append(name)


def test_the_timeline_of_thinking_stays_bounded() -> None:
    """Issue 21: a tab playing game after game kept one measure per computer move for ever
    (2,697 after 25 games). At the cap the older ones are cleared: never more than the cap,
    and the newest is always there."""
    timeline = _Timeline()
    window = SimpleNamespace(performance=timeline, JSON=SimpleNamespace(parse=json.loads))
    times = computer.ThinkTime("dice-realm", "easy", 1.0, 1.0, 2.0, 1)
    with dom.bound(None, window):
        for _ in range(computer.MAX_THINK_MEASURES * 2 + 5):
            computer.browser_report(times)
            assert 1 <= len(timeline.entries) <= computer.MAX_THINK_MEASURES
    assert len(timeline.entries) == 5
