"""Two tabs on one game never diverge silently (issue 31), with writes that really collide.

A browser gives each tab its own copy of localStorage and brings it up to date a moment after
another tab writes (that is also when the ``storage`` event fires). So two tabs can each read
revision ``n`` and each write revision ``n + 1`` over it: the write is not atomic across tabs,
and whichever the browser applied last is stored. :class:`TabCopy` models exactly that; the
tests make the writes collide in both orders and at random timings, moves against moves and
undo against moves, and check the one thing that matters: once the copies are up to date and
each tab has taken in the news, a tab that still saves shows exactly the stored game.
"""

from __future__ import annotations

import random

import pytest
from table_owner import Owner

from kingdoms.core.codes import decode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import Session
from kingdoms_web.play.table import GameTable
from kingdoms_web.saves.saved_games import read_save
from kingdoms_web.saves.storage import MemoryBackend, Store


class TabCopy(MemoryBackend):
    """One tab's copy of the origin's localStorage: its writes reach the origin at once (the
    last write wins there); other tabs' writes reach this copy only at :meth:`sync`."""

    def __init__(self, origin: MemoryBackend) -> None:
        super().__init__(origin.items)
        self.origin = origin

    def setItem(self, key: str, value: str) -> None:
        super().setItem(key, value)
        self.origin.setItem(key, value)

    def removeItem(self, key: str) -> None:
        super().removeItem(key)
        self.origin.removeItem(key)

    def sync(self) -> None:
        self.items = dict(self.origin.items)


def open_tabs(game_id: str, seed: int) -> tuple[MemoryBackend, list[GameTable], list[TabCopy]]:
    origin = MemoryBackend()
    record = new_record(game_id, [Seat(name="Ann"), Seat(name="Ben")], seed=seed)
    copies = [TabCopy(origin), TabCopy(origin)]
    first = GameTable(Owner(Store(copies[0])), Session(record), "s1")
    first.autosave()
    copies[1].sync()
    second = GameTable(Owner(Store(copies[1])), Session(record), "s1")
    entry, _why = read_save(second.owner.store, "s1")
    assert entry is not None
    second.rev, second.saved_code = entry.rev, entry.code
    return origin, [first, second], copies


def stored(origin: MemoryBackend) -> GameRecord:
    entry, _why = read_save(Store(origin), "s1")
    assert entry is not None
    return decode_code(entry.code)


def settle(origin: MemoryBackend, tabs: list[GameTable], copies: list[TabCopy]) -> None:
    """The browser brings every copy up to date and fires ``storage`` in each tab; then no
    tab that still saves may show anything but the stored game."""
    for copy in copies:
        copy.sync()
    for tab in tabs:
        tab.follow_storage()
    for tab in tabs:
        if tab.read_only is None:
            assert tab.record == stored(origin), "a tab that saves shows another game"
    # The tab whose write the browser applied last always goes on saving.
    assert any(tab.read_only is None for tab in tabs)


def first_action(tab: GameTable, pick: int = 0) -> object:
    actions = get_game(tab.record.game_id).legal_actions(tab.state)
    return actions[pick % len(actions)]


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_two_different_moves_written_over_one_revision_are_never_taken_for_the_same(
        order: tuple[int, int]) -> None:
    origin, tabs, copies = open_tabs("dice-realm", 3)
    tabs[0].act(first_action(tabs[0]))  # the first roll, followed by the other tab
    settle(origin, tabs, copies)
    assert tabs[1].record == tabs[0].record
    # Both tabs choose at once from the same position, differently: neither sees the other.
    for index in order:
        tab = tabs[index]
        assert tab.act(first_action(tab, pick=index + 1))
    assert tabs[0].record != tabs[1].record and tabs[0].rev == tabs[1].rev
    settle(origin, tabs, copies)
    last = order[1]  # the browser applied this write last: it is stored
    assert tabs[last].read_only is None and tabs[last].record == stored(origin)
    assert tabs[1 - last].read_only == "diverged"  # said, with "Show the latest version"
    assert not tabs[1 - last].autosave()  # and it never writes over the stored game
    tabs[1 - last].load_latest()
    assert tabs[1 - last].record == stored(origin) and tabs[1 - last].read_only is None


@pytest.mark.parametrize("game_id", ["dice-realm", "burgrave"])
@pytest.mark.parametrize("seed", range(12))
def test_random_timings_of_moves_and_undos_in_two_tabs_never_diverge_silently(
        game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    origin, tabs, copies = open_tabs(game_id, seed)
    game = get_game(game_id)
    for _step in range(40):
        tab_index = rng.randrange(2)
        tab, roll = tabs[tab_index], rng.random()
        if game.is_over(tab.state):
            break
        if roll < 0.45:
            tab.act(first_action(tab, rng.randrange(1000)))
        elif roll < 0.6:
            tab.undo()
        elif roll < 0.85:
            copies[tab_index].sync()  # a storage event reaches one tab only
            tab.follow_storage()
        else:
            settle(origin, tabs, copies)
            for other in tabs:
                if other.read_only is not None:
                    other.load_latest()
    settle(origin, tabs, copies)
