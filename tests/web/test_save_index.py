"""Saves are found by their own index, never hidden by another app's keys (issue 31, item 6).

Before: the page listed saves by scanning the first 20,000 keys of the origin in the browser's
order, so with 40,000 keys of another app (GitHub Pages puts every project of one account on one
origin) most saves were not listed and the 500 limit miscounted. Now ``kingdoms.v3.index`` lists
the page's own keys (see the :mod:`kingdoms_web.saves.storage` docstring for how it stays whole:
added before a write, removed after, corrected from a bounded scan and the journal's keys).
"""

from __future__ import annotations

import json

import pytest
from test_overflow import FakeJournal, RoomyUntil, play, table_for

from kingdoms_web.saves import saved_games, schema
from kingdoms_web.saves.saved_games import delete_save, load_saves, put_save, read_save
from kingdoms_web.saves.schema import SAVE_PREFIX, save_key
from kingdoms_web.saves.storage import (
    INDEX_KEY,
    MAX_KEYS_SCANNED,
    MemoryBackend,
    Store,
    is_indexed,
)

FOREIGN = 60_000


def foreign_keys(count: int = FOREIGN) -> dict[str, str]:
    """Another app's keys, stored before any of ours (so a bounded scan sees only theirs)."""
    return {f"sibling.app.{n}": "" for n in range(count)}


def stored_index(backend: MemoryBackend) -> list[str]:
    index: list[str] = json.loads(backend.items[INDEX_KEY])
    return index


def test_sixty_thousand_foreign_keys_hide_no_save_and_the_limit_counts_right(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saved_games, "MAX_SAVES", 4)
    monkeypatch.setattr(schema, "MAX_SAVES", 4)
    backend = MemoryBackend(foreign_keys())
    store = Store(backend)
    tables = [table_for(store, seed=n, save_id=f"game{n}") for n in range(4)]
    play(tables[0], 3)
    # A new page on the same storage: every save listed, the one just played with its moves.
    listed = load_saves(Store(backend))
    assert listed.count == 4 and listed.at_limit
    assert {e.save_id: e.moves for e in listed.entries} == {
        "game0": 3, "game1": 0, "game2": 0, "game3": 0}
    # The limit is counted by the index: a fifth new game is refused (it was allowed before,
    # when the scan saw none of the four).
    fifth = table_for(Store(backend), seed=9, save_id="game4")
    assert fifth.save_problem == "limit" and save_key("game4") not in backend.items
    assert sorted(stored_index(backend)) == [save_key(f"game{n}") for n in range(4)]


def test_saves_from_before_the_index_are_found_by_one_whole_scan() -> None:
    """An older version wrote saves and no index: the first start rebuilds it from every key
    (however many come first), then lists by it."""
    backend = MemoryBackend(foreign_keys())
    table_for(Store(backend), seed=1, save_id="old")
    del backend.items[INDEX_KEY]
    listed = load_saves(Store(backend))
    assert [e.save_id for e in listed.entries] == ["old"]
    assert stored_index(backend) == [save_key("old")]


@pytest.mark.parametrize("damage", ["{", '{"keys": 1}', '[1, null, "kingdoms.v1.settings"]',
                                    "[" * 10_000])
def test_a_damaged_index_is_rebuilt_and_loses_nothing(damage: str) -> None:
    backend = MemoryBackend()
    table_for(Store(backend), seed=2, save_id="kept")
    backend.items[INDEX_KEY] = damage
    listed = load_saves(Store(backend))
    assert [e.save_id for e in listed.entries] == ["kept"] and not listed.unreadable
    assert save_key("kept") in stored_index(backend)


def test_a_save_the_index_lost_is_found_by_the_journal_and_the_scan() -> None:
    """A browser killed after the save's write but with the index's write lost (localStorage
    writes to disk lazily; the journal replays the save, not the index), or another tab that
    wrote the index from its own older copy at the same moment: the save is still found, and
    the index learns it."""
    backend = MemoryBackend(foreign_keys())
    journal = FakeJournal()
    store = Store(backend, journal=journal)
    table_for(store, seed=3, save_id="a")
    table_for(store, seed=4, save_id="b")
    backend.items[INDEX_KEY] = json.dumps([save_key("a")])  # b's entry lost
    restarted = Store(backend, journal=journal, known=list(journal.records))
    assert {e.save_id for e in load_saves(restarted).entries} == {"a", "b"}
    assert sorted(stored_index(backend)) == [save_key("a"), save_key("b")]
    # Without the journal, a bounded scan finds what sits within its reach.
    small = MemoryBackend()
    table_for(Store(small), seed=5, save_id="c")
    small.items[INDEX_KEY] = "[]"
    assert [e.save_id for e in load_saves(Store(small)).entries] == ["c"]
    # And a table that goes on playing puts its own key back at its next move.
    table = table_for(Store(backend), seed=6, save_id="d")
    backend.items[INDEX_KEY] = "[]"
    play(table, 1)
    assert save_key("d") in stored_index(backend)


def test_the_index_names_nothing_that_is_gone() -> None:
    """A key the index names with no value (a kill between the index's write and the save's,
    a deletion in another tab) is neither listed nor reported: it is dropped."""
    backend = MemoryBackend()
    store = Store(backend)
    table_for(store, seed=7, save_id="here")
    table_for(store, seed=8, save_id="gone")
    del backend.items[save_key("gone")]
    listed = load_saves(Store(backend))
    assert [e.save_id for e in listed.entries] == ["here"] and not listed.unreadable
    assert stored_index(backend) == [save_key("here")]
    # The same later in a page's life, when the index is read without a scan.
    store = Store(backend)
    table_for(store, seed=9, save_id="later")
    assert load_saves(store).count == 2
    del backend.items[save_key("later")]
    listed = load_saves(store)
    assert [e.save_id for e in listed.entries] == ["here"] and not listed.unreadable
    assert listed.count == 1 and stored_index(backend) == [save_key("here")]
    assert delete_save(Store(backend), "here", 1.0)
    assert stored_index(backend) == [] and read_save(Store(backend), "here")[1] == "missing"


def test_set_aside_values_are_indexed_too() -> None:
    backend = MemoryBackend(foreign_keys(MAX_KEYS_SCANNED))
    backend.items[save_key("bad")] = "{not a save"
    store = Store(backend)
    listed = load_saves(store)
    assert [u.key for u in listed.unreadable] == [save_key("bad")]
    table = table_for(store, seed=9, save_id="bad")  # writing sets the damaged value aside
    assert table.save_problem is None
    listed = load_saves(Store(backend))
    assert [e.save_id for e in listed.entries] == ["bad"]
    assert [u.key[:len("kingdoms.v3.kept.")] for u in listed.unreadable] == ["kingdoms.v3.kept."]


class FullForIndex(MemoryBackend):
    """Storage with room for one save's rewrite but not for the index's next write."""

    def setItem(self, key: str, value: str) -> None:
        if key == INDEX_KEY:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


def test_an_index_storage_cannot_take_is_kept_by_the_page_until_it_can() -> None:
    elsewhere = Store(MemoryBackend())
    table_for(elsewhere, seed=1, save_id="s1")
    entry, _why = read_save(elsewhere, "s1")
    backend = FullForIndex(foreign_keys())
    store = Store(backend)
    assert entry is not None and put_save(store, entry).ok
    assert [e.save_id for e in load_saves(store).entries] == ["s1"]
    assert INDEX_KEY not in backend.items


def test_only_the_page_s_own_save_and_kept_keys_are_indexed() -> None:
    assert is_indexed(SAVE_PREFIX + "abc") and is_indexed("kingdoms.v3.kept.x")
    assert not is_indexed(INDEX_KEY) and not is_indexed("kingdoms.v1.settings")
    assert not is_indexed("sibling.kingdoms.v3.save.x")


def test_a_held_save_is_not_counted_as_stored() -> None:
    """Storage full: the index loses the key it took for the refused write again, so the 500
    limit and the list's count see only what localStorage holds (the held game is listed from
    the overflow, as before)."""
    backend, journal = RoomyUntil(), FakeJournal()
    store = Store(backend, journal=journal)
    table_for(store, seed=1, save_id="kept")
    backend.room = False
    held = table_for(store, seed=2, save_id="held")
    assert held.save_problem == "held_full"
    assert stored_index(backend) == [save_key("kept")]
    listed = load_saves(store)
    assert listed.count == 1 and listed.held == 1
    assert {e.save_id for e in listed.entries} == {"kept", "held"}
