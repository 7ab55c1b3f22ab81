"""The journal's replay is trusted only as far as it is valid (issue 31): a copy it restored
stays only when it is a valid record of the same game as the save it replaced; anything else is
put back, set aside for the export and forgotten by the journal."""

from __future__ import annotations

from typing import Any

import pytest

from kingdoms.core.codes import encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import replay
from kingdoms_web.saves.journal_check import Replaced, check_replayed, refusal, replaced_items
from kingdoms_web.saves.saved_games import kept_texts, load_saves
from kingdoms_web.saves.schema import KEPT_PREFIX, SaveEntry, save_key
from kingdoms_web.saves.storage import MemoryBackend, Store


class ForgetfulJournal:
    def __init__(self) -> None:
        self.forgotten: list[str] = []

    def put(self, *_args: Any) -> None: ...

    def drop(self, *_args: Any) -> None: ...

    def forget(self, key: str) -> None:
        self.forgotten.append(key)


def record(seed: int, moves: int) -> GameRecord:
    game = get_game("dice-realm")
    rec = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")], seed=seed)
    state = replay(rec)
    for _ in range(moves):
        rec, state = append(rec, game, state, game.legal_actions(state)[0])
    return rec


def text(rec: GameRecord, rev: int, save_id: str = "s1") -> str:
    return SaveEntry(save_id, rec.game_id, ("Ann", "Ben"), len(rec.actions), encode_code(rec),
                     float(rev), rev=rev).to_text()


@pytest.mark.parametrize(("restored", "kept"), [
    (text(record(1, 4), 9), True),   # the same game, played further: the killed browser's moves
    (text(record(1, 1), 9), True),   # the same game, an undo
    (text(record(1, 2), 9), True),   # the very same game
    (text(record(2, 2), 9), False),  # another game under this save's key
    ('{"schema":3,"id":"s1","rev":99,"updated":1}', False),  # junk with a high revision
    (text(record(1, 2), 9).replace('"code":"', '"code":"x'), False),  # a code that is damaged
    (text(record(1, 2), 9, "other"), False),  # another save's id
])
def test_a_replayed_copy_stays_only_if_it_is_the_same_game(restored: str, kept: bool) -> None:
    previous = text(record(1, 2), 3)
    journal = ForgetfulJournal()
    store = Store(MemoryBackend({save_key("s1"): restored}), journal=journal)
    undone = check_replayed(store, [Replaced(save_key("s1"), previous, restored)])
    assert (undone == []) is kept
    if kept:
        assert store.read(save_key("s1")) == restored and journal.forgotten == []
        return
    assert store.read(save_key("s1")) == previous  # the good save is back
    assert journal.forgotten == [save_key("s1")]
    saves = load_saves(store)
    assert [e.rev for e in saves.entries] == [3]
    assert restored in [k["text"] for k in kept_texts(store, saves)]  # kept for the export


def test_a_restored_copy_where_nothing_was_is_kept_if_valid_and_set_aside_if_not() -> None:
    good = text(record(1, 2), 1)
    assert refusal(Replaced(save_key("s1"), None, good)) is None
    store = Store(MemoryBackend({save_key("s1"): "{\"rev\":5,\"updated\":1}"}),
                  journal=ForgetfulJournal())
    assert check_replayed(store, [Replaced(save_key("s1"), None, "{\"rev\":5,\"updated\":1}")])
    assert store.read(save_key("s1")) is None
    assert any(key.startswith(KEPT_PREFIX) for key in store.keys(KEPT_PREFIX))


def test_when_nothing_can_be_set_aside_the_journal_keeps_its_copy() -> None:
    class Full(MemoryBackend):
        def setItem(self, key: str, value: str) -> None:
            if key.startswith(KEPT_PREFIX):
                raise RuntimeError("QuotaExceededError")
            super().setItem(key, value)

    journal = ForgetfulJournal()
    previous, junk = text(record(1, 2), 3), text(record(2, 2), 9)
    store = Store(Full({save_key("s1"): junk}), journal=journal)
    assert check_replayed(store, [Replaced(save_key("s1"), previous, junk)])
    assert store.read(save_key("s1")) == previous and journal.forgotten == []


@pytest.mark.parametrize("item", [
    None, "x", {"key": 5, "restored": "{}"}, {"key": "kingdoms.v1.settings", "restored": "{}"},
    {"key": "kingdoms.v3.save.a", "restored": None}, {"key": "kingdoms.v3.save.a",
                                                       "restored": "{}", "previous": 7},
])
def test_malformed_replay_reports_are_ignored(item: Any) -> None:
    assert replaced_items([item]) == []
    assert replaced_items([item, {"key": "kingdoms.v3.save.a", "restored": "{}",
                                  "previous": None}]) == [
        Replaced("kingdoms.v3.save.a", None, "{}")]
