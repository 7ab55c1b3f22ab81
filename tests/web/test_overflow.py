"""The overflow: a game localStorage cannot take (storage full, the 500-save limit) is held in
the journal's database, listed and played like the rest, and saved into localStorage as soon as
there is room (issue 31: "a game that cannot be saved now is kept until it can — never dropped").

The journal here is a stand-in with ``journal.js``'s semantics: one entry per key, the last
write wins, ``held`` marks the overflow, a deletion leaves a tombstone.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from table_owner import Owner

from kingdoms.core.codes import decode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import Session
from kingdoms_web.play.table import GameTable
from kingdoms_web.saves import saved_games, schema
from kingdoms_web.saves.saved_games import (
    delete_save,
    load_saves,
    read_save,
    save_held,
)
from kingdoms_web.saves.schema import SAVE_PREFIX, save_key
from kingdoms_web.saves.storage import Held, MemoryBackend, Store, held_entries
from kingdoms_web.shell.home import storage_warnings


class FakeJournal:
    """``journal.js`` as the page sees it (synchronous here: the page never waits for it)."""

    def __init__(self) -> None:
        self.records: dict[str, dict[str, Any]] = {}

    def put(self, key: str, value: str, rev: int, updated: float, held: bool) -> None:
        self.records[key] = {"key": key, "value": value, "rev": rev, "updated": updated,
                             "deleted": False, "held": held}

    def drop(self, key: str, rev: int, updated: float, created: float | None) -> None:
        self.records[key] = {"key": key, "rev": rev, "updated": updated, "deleted": True,
                             "created": created}

    def forget(self, key: str) -> None:
        self.records.pop(key, None)

    def entries(self) -> list[dict[str, Any]]:
        return list(self.records.values())


class RoomyUntil(MemoryBackend):
    """localStorage that takes saves until ``room`` is False (then QuotaExceededError)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        super().__init__(items)
        self.room = True

    def setItem(self, key: str, value: str) -> None:
        if not self.room and key.startswith(SAVE_PREFIX):
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().setItem(key, value)


def restart(backend: MemoryBackend, journal: FakeJournal) -> Store:
    """The store a new page gets: the same localStorage, and the overflow read back from the
    journal (``device.journal_ready``)."""
    return Store(backend, journal=journal, held=held_entries(journal.entries()))


def table_for(store: Store, seed: int = 5, save_id: str = "g1") -> GameTable:
    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")], seed=seed)
    table = GameTable(Owner(store), Session(record), save_id)
    table.autosave()
    return table


def play(table: GameTable, moves: int) -> None:
    game = get_game(table.record.game_id)
    for _ in range(moves):
        assert table.act(game.legal_actions(table.state)[0])


def test_a_game_full_storage_refuses_is_held_listed_and_saved_once_there_is_room() -> None:
    backend, journal = RoomyUntil(), FakeJournal()
    store = Store(backend, journal=journal)
    table = table_for(store)
    play(table, 2)
    saved_rev = table.rev
    backend.room = False
    play(table, 3)
    # Never dropped: the table says where the game is, and the journal holds every move.
    assert table.save_problem == "held_full" and table.read_only is None
    held = journal.records[save_key("g1")]
    assert held["held"] is True and decode_code(
        read_save(store, "g1")[0].code) == table.record  # type: ignore[union-attr]
    assert table.rev == held["rev"] > saved_rev
    listed = load_saves(store)
    assert [(e.save_id, e.held, e.moves) for e in listed.entries] == [("g1", True, 5)]
    assert listed.held == 1 and listed.count == 1
    # A restart (storage still full): the page reads the overflow back and lists the game.
    store = restart(backend, journal)
    assert save_held(store) == 0
    entry = load_saves(store).entries[0]
    assert entry.held and decode_code(entry.code) == table.record
    # Room appears: the held game is written into localStorage, the store of record.
    backend.room = True
    store = restart(backend, journal)
    assert save_held(store) == 1
    assert store.held == {} and journal.records[save_key("g1")]["held"] is False
    entry = load_saves(store).entries[0]
    assert not entry.held and decode_code(entry.code) == table.record
    assert backend.items[save_key("g1")] == journal.records[save_key("g1")]["value"]


def test_the_500_limit_holds_a_new_game_until_one_is_deleted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saved_games, "MAX_SAVES", 3)
    monkeypatch.setattr(schema, "MAX_SAVES", 3)
    backend, journal = MemoryBackend(), FakeJournal()
    store = Store(backend, journal=journal)
    for n in range(3):
        table_for(store, seed=n, save_id=f"old{n}")
    table = table_for(store, seed=9, save_id="new")
    play(table, 2)
    assert table.save_problem == "held_limit"
    assert save_key("new") not in backend.items
    listed = load_saves(store)
    assert listed.count == 3 and listed.at_limit and listed.held == 1
    assert {e.save_id for e in listed.entries} == {"old0", "old1", "old2", "new"}
    # A restart still lists and opens it; deleting an old game makes room for it at once.
    store = restart(backend, journal)
    assert save_held(store) == 0  # still no room
    assert delete_save(store, "old0", 1.0)
    assert save_held(store) == 1
    listed = load_saves(store)
    assert listed.held == 0 and listed.count == 3
    assert decode_code(backend.items[save_key("new")].split('"code":"')[1].split('"')[0]) \
        == table.record
    # Playing on in the same tab saves normally now.
    play(table, 1)
    assert table.save_problem is None
    assert read_save(store, "new")[0].moves == 3  # type: ignore[union-attr]


def test_a_held_copy_is_newer_than_the_stored_one_and_deleting_removes_both() -> None:
    backend, journal = RoomyUntil(), FakeJournal()
    store = Store(backend, journal=journal)
    table = table_for(store)
    play(table, 1)
    backend.room = False
    play(table, 2)
    store = restart(backend, journal)
    entry, _why = read_save(store, "g1")
    assert entry is not None and entry.held and entry.moves == 3
    assert load_saves(store).entries == [entry]  # one game, shown as it is held
    assert delete_save(store, "g1", 2.0)
    assert load_saves(store).entries == [] and journal.records[save_key("g1")]["deleted"]
    assert restart(backend, journal).held == {}


def test_without_a_journal_nothing_is_pretended() -> None:
    backend = RoomyUntil()
    store = Store(backend)  # no IndexedDB: nothing can be held
    table = table_for(store)
    backend.room = False
    play(table, 1)
    assert table.save_problem == "full" and store.held == {}


def test_an_unreadable_stored_value_is_set_aside_before_a_held_game_replaces_it() -> None:
    backend, journal = MemoryBackend(), FakeJournal()
    store = Store(backend, journal=journal)
    table = table_for(store)
    play(table, 1)
    text = backend.items[save_key("g1")]
    backend.items[save_key("g1")] = "{damaged"
    store = Store(backend, journal=journal, held={save_key("g1"): Held(text, 5, 1.0)})
    assert save_held(store) == 1
    assert any(key.startswith("kingdoms.v3.kept.") and "{damaged" in value
               for key, value in backend.items.items())
    assert read_save(store, "g1")[0].moves == 1  # type: ignore[union-attr]


@pytest.mark.parametrize("item", [
    None, [], "x", {"held": True},
    {"key": "kingdoms.v1.settings", "value": "{}", "rev": 1, "updated": 1, "held": True},
    {"key": "kingdoms.v3.save.a", "value": 5, "rev": 1, "updated": 1, "held": True},
    {"key": "kingdoms.v3.save.a", "value": "{}", "rev": 1.5, "updated": 1, "held": True},
    {"key": "kingdoms.v3.save.a", "value": "{}", "rev": True, "updated": 1, "held": True},
    {"key": "kingdoms.v3.save.a", "value": "{}", "rev": 1, "updated": float("nan"),
     "held": True},
    {"key": "kingdoms.v3.save.a", "value": "{}", "rev": 1, "updated": 1, "held": 1},
    {"key": "kingdoms.v3.save.a", "value": "x" * 1_000_001, "rev": 1, "updated": 1,
     "held": True},
])
def test_malformed_journal_entries_are_never_taken_for_held_games(item: Any) -> None:
    assert held_entries([item]) == {}
    good = {"key": "kingdoms.v3.save.a", "value": "{}", "rev": 2, "updated": 3.0, "held": True}
    assert held_entries([item, good]) == {"kingdoms.v3.save.a": Held("{}", 2, 3.0)}


def test_a_held_value_that_cannot_be_read_hides_nothing() -> None:
    backend, journal = MemoryBackend(), FakeJournal()
    store = Store(backend, journal=journal)
    table_for(store)
    store = Store(backend, journal=journal, held={save_key("g1"): Held("{junk", 9, 1.0),
                                                  save_key("zz"): Held("[[[", 1, 1.0)})
    entry, _why = read_save(store, "g1")
    assert entry is not None and not entry.held and entry.rev == 0
    assert [e.save_id for e in load_saves(store).entries] == ["g1"]
    assert save_held(store) == 0 and store.read(save_key("zz")) is None


@pytest.mark.parametrize(("full", "off", "said"), [
    (True, False, ["held"]), (False, True, ["held", "journal_off"]),
])
def test_the_home_screen_says_where_held_games_are_and_when_crash_protection_is_off(
        full: bool, off: bool, said: list[str]) -> None:
    backend, journal = RoomyUntil(), FakeJournal()
    store = Store(backend, journal=journal)
    table = table_for(store)
    backend.room = False
    play(table, 1)
    saves = load_saves(store)
    host = SimpleNamespace(saves=saves, storage_available=True, storage_full=full,
                           saves_failed=False, crash_protection_off=off)
    warnings = dict(storage_warnings(host))  # type: ignore[arg-type]
    assert [cause for cause in warnings if cause in ("held", "journal_off")] == said
    assert "1 game is kept in this browser's database because storage is full" \
        in warnings["held"]
