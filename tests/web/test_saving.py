"""Never lose a game, share any game: records and codes round trips for both games, the
versioned saved-games storage and its migration, export/import of saves as hostile input, and
the game host's undo/redo/autosave — all on CPython, no browser."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_owner import Owner

from kingdoms.core import records
from kingdoms.core.codes import decode_code, encode_code
from kingdoms.core.errors import CodeError
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import Session, Step, replay, undo_rule
from kingdoms_web import i18n
from kingdoms_web.i18n import said
from kingdoms_web.offline_dom import OfflineDocument
from kingdoms_web.play.table import GameTable
from kingdoms_web.saves import saved_games, transfer
from kingdoms_web.saves.migrations import migrate, upgrade_storage
from kingdoms_web.saves.opening import open_code
from kingdoms_web.saves.saved_games import load_saves, put_save
from kingdoms_web.saves.schema import (
    KEPT_PREFIX,
    SAVES_KEY,
    SAVES_KEYS,
    SaveEntry,
    kept_text,
    save_key,
)
from kingdoms_web.saves.storage import MemoryBackend, Store
from kingdoms_web.shell.summary import render_record
from kingdoms_web.urls import link_for

GAMES = ("dice-realm", "burgrave")
V1_KEY = SAVES_KEYS[1]


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


def random_game(game_id: str, seed: int, players: int = 4, stop: int | None = None
                ) -> tuple[GameRecord, Any]:
    """Seeded random play (preferring anything to passing) up to ``stop`` actions or the end."""
    game = get_game(game_id)
    record = new_record(game_id, [Seat(name=f"P{i}") for i in range(players)], seed=seed)
    state = replay(record)
    rng = random.Random(seed)
    while not game.is_over(state) and (stop is None or len(record.actions) < stop):
        legal = game.legal_actions(state)
        active = [a for a in legal if a.action_type != "pass"]
        record, state = append(record, game, state, rng.choice(active or legal))
    return record, state


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(6))
def test_record_code_record_replay_gives_the_same_state(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    full, _ = random_game(game_id, seed, players=2 + seed % 3)
    rng = random.Random(seed)
    for upto in {0, len(full.actions), *(rng.randrange(len(full.actions) + 1) for _ in range(4))}:
        record = full.model_copy(update={"actions": full.actions[:upto]})
        state = replay(record)
        code = encode_code(record)
        back = decode_code(code)
        assert back == record
        assert game.state_to_json(replay(back)) == game.state_to_json(state)
        # The JSON form the CLI reads round-trips too.
        assert records.record_from_json(records.record_to_json(record)) == record


def test_finished_four_player_codes_are_short() -> None:
    """The bench's figure, as a guard: finished 4-player games fit their targets."""
    for game_id, target in (("dice-realm", 400), ("burgrave", 1500)):
        record, state = random_game(game_id, 1, players=4)
        assert get_game(game_id).is_over(state)
        assert len(encode_code(record)) <= target


# --------------------------------------------------------------------------- storage


def code_of(game_id: str, seed: int, stop: int | None = 6) -> str:
    return encode_code(random_game(game_id, seed, players=2, stop=stop)[0])


def v1_entry(save_id: str, code: str, names: list[str], updated: float) -> dict[str, Any]:
    try:
        game = decode_code(code).game_id
    except CodeError:
        game = "dice-realm"
    return {"id": save_id, "game": game, "names": names, "moves": 1, "code": code,
            "updated": updated}


def test_migration_from_schema_1_keeps_every_game_and_reports_the_rest() -> None:
    dice, burgrave = code_of("dice-realm", 1), code_of("burgrave", 2, stop=None)
    over = decode_code(burgrave)
    old = {"saves": [
        v1_entry("a", dice, ["P0", "P1"], 10),
        v1_entry("b", burgrave, ["P0", "P1"], 20),
        v1_entry("c", "1garbage", ["Ann", "<b>Bo</b>"], 30),
        {"id": "d", "names": ["Cy"]},
        "not an entry",
    ]}
    store = Store(MemoryBackend({V1_KEY: json.dumps(old)}))
    report = upgrade_storage(store)
    assert report.migrated == 2
    assert [(u.name, u.reason) for u in report.failed] == [
        ("Ann and <b>Bo</b>", "corrupt"), ("Cy", "corrupt"), ("#5", "invalid")]
    assert store.read(V1_KEY) is None  # moved, not copied
    saves = load_saves(store)
    assert [e.save_id for e in saves.entries] == ["b", "a"]
    b = saves.entries[0]
    assert b.over and b.next_seat is None and b.moves == len(over.actions)
    a = saves.entries[1]
    assert not a.over and a.next_name in ("P0", "P1") and a.code == dice
    # Each save now has its own key (schema 3, with its revision).
    stored = json.loads(store.read(save_key("a")) or "")
    assert stored["schema"] == 3 and stored["rev"] == 0 and stored["code"] == dice
    # The failures are kept verbatim (set aside under their own keys) and reported by name,
    # every time the list is read.
    assert sorted(u.name for u in saves.unreadable) == sorted(["Ann and <b>Bo</b>", "Cy", "#5"])
    texts = [kept_text(store.read(key)) or "" for key in store.keys(KEPT_PREFIX)]
    assert {"code": "1garbage"}.items() <= next(
        item for item in map(json.loads, texts) if isinstance(item, dict) and "code" in item
    ).items()
    assert "not an entry" in map(json.loads, texts)
    # Running it again changes nothing.
    assert upgrade_storage(store).migrated == 0
    assert [e.save_id for e in load_saves(store).entries] == ["b", "a"]


def test_migrate_function_walks_the_chain_per_entry() -> None:
    dice = code_of("dice-realm", 4)
    result = migrate([v1_entry("x", dice, ["P0", "P1"], 5), {"id": 3}], 1)
    assert [e["id"] for e in result.entries] == ["x"]
    assert result.entries[0]["created"] == 5 and result.entries[0]["label"] == ""
    assert [p.reason for _item, p in result.failed] == ["invalid"]
    unknown = migrate([{"id": "y"}], 0)  # no step from a schema that never existed
    assert [p.reason for _item, p in unknown.failed] == ["unknown_schema"]


def test_a_damaged_old_list_is_set_aside_and_reported() -> None:
    store = Store(MemoryBackend({V1_KEY: "{not json"}))
    assert upgrade_storage(store).damaged
    assert store.read(V1_KEY) is None  # moved aside, text for text
    [kept] = store.keys(KEPT_PREFIX)
    assert kept_text(store.read(kept)) == "{not json"
    saves = load_saves(store)
    assert [(u.reason, u.key) for u in saves.damaged_lists] == [("damaged_list", kept)]
    # New games are saved normally next to it.
    entry = SaveEntry("n", "dice-realm", ("A", "B"), 0, code_of("dice-realm", 1, 0), 1.0)
    assert put_save(store, entry)
    assert [e.save_id for e in load_saves(store).entries] == ["n"]


class FullBackend(MemoryBackend):
    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError("QuotaExceededError")


def test_a_full_storage_keeps_the_old_list_and_still_shows_it() -> None:
    dice = code_of("dice-realm", 1)
    store = Store(FullBackend({V1_KEY: json.dumps({"saves": [v1_entry("a", dice, ["P0", "P1"],
                                                                        1)]})}))
    assert upgrade_storage(store).migrated == 0
    assert store.read(V1_KEY) is not None
    assert [e.save_id for e in load_saves(store).entries] == ["a"]


def test_saves_from_a_newer_version_are_never_overwritten() -> None:
    code = code_of("dice-realm", 1, 0)
    listed = {"id": "o", "game": "dice-realm", "names": ["A", "B"], "moves": 0, "code": code,
              "updated": 5}
    newer_list = json.dumps({"schema": 9, "saves": [listed]})
    newer_save = json.dumps({**listed, "id": "x", "schema": 4, "rev": 3, "extra": [1]})
    store = Store(MemoryBackend({SAVES_KEY: newer_list, save_key("x"): newer_save}))
    upgrade_storage(store)
    saves = load_saves(store)
    assert saves.newer
    assert sorted((e.save_id, e.newer) for e in saves.entries) == [("o", True), ("x", True)]
    assert saved_games.latest_unfinished(saves) is None  # not offered to continue in place
    entry = SaveEntry("x", "dice-realm", ("A", "B"), 0, code, 1.0)
    assert put_save(store, entry).problem == "newer"
    assert not saved_games.rename_save(store, "x", "mine")
    assert store.read(SAVES_KEY) == newer_list and store.read(save_key("x")) == newer_save
    # New games are saved normally.
    assert put_save(store, SaveEntry("n", "dice-realm", ("A", "B"), 0, code, 1.0))


def test_saves_are_refused_not_dropped_beyond_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saved_games, "MAX_SAVES", 3)
    store = Store(MemoryBackend())
    code = code_of("dice-realm", 1, 0)
    for n in range(3):
        assert put_save(store, SaveEntry(f"s{n}", "dice-realm", ("A", "B"), 0, code, n))
    assert put_save(store, SaveEntry("s9", "dice-realm", ("A", "B"), 0, code, 9)).problem \
        == "limit"
    assert put_save(store, SaveEntry("s1", "dice-realm", ("A", "B"), 2, code, 10))  # update ok
    assert [e.save_id for e in load_saves(store).entries] == ["s1", "s2", "s0"]


def test_rename_delete_and_find() -> None:
    store = Store(MemoryBackend())
    code = code_of("dice-realm", 1, 0)
    put_save(store, SaveEntry("s1", "dice-realm", ("A", "B"), 0, code, 1.0))
    assert saved_games.rename_save(store, "s1", "  Friday\u0000  night <i>game</i> ")
    entry = load_saves(store).entries[0]
    assert entry.label == "Friday night <i>game</i>"
    assert saved_games.find_code(store, code) == entry
    assert saved_games.find_code(store, code + "A") is None
    assert saved_games.find_save(store, "s1") == entry
    assert not saved_games.rename_save(store, "nope", "x")
    assert saved_games.delete_save(store, "s1")
    assert load_saves(store).entries == []


# --------------------------------------------------------------------------- export/import


def test_export_then_import_round_trip() -> None:
    codes = [code_of("dice-realm", 1), code_of("burgrave", 2, stop=40)]
    entries = [SaveEntry(f"s{n}", decode_code(c).game_id, ("P0", "P1"), 1, c, 100.0 + n,
                         label=f"<img src=x onerror=alert({n})>") for n, c in enumerate(codes)]
    text = transfer.export_saves(entries, 500.0)
    ids = iter(["new1", "new2", "new3"])
    report = transfer.parse_import(text, set(), lambda: next(ids), 600.0)
    assert report.error is None
    assert [line.status for line in report.lines] == ["imported", "imported"]
    assert [e.code for e in report.entries] == codes
    assert [e.save_id for e in report.entries] == ["new1", "new2"]  # never the old ids
    assert report.entries[0].label == "<img src=x onerror=alert(0)>"  # text, shown as text
    # Importing the same file again: byte-identical codes are reported, not duplicated.
    again = transfer.parse_import(text, set(codes), lambda: "z", 700.0)
    assert [line.status for line in again.lines] == ["duplicate", "duplicate"]
    assert again.entries == []


def export_with(saves: list[Any], **top: Any) -> str:
    return json.dumps({"format": "kingdoms-saves", "version": 1, "saves": saves, **top})


@pytest.mark.parametrize(("text", "words"), [
    ("x" * (transfer.MAX_IMPORT_BYTES + 1), "too large"),
    ("{not json", "not valid JSON"),
    ("[" * 50_000, "not valid JSON"),
    (json.dumps({"saves": []}), "not a Kingdoms export"),
    (export_with([], version=2), "newer version"),
    (export_with([{"code": "1"}] * (transfer.MAX_IMPORT_ENTRIES + 1)), "at most"),
    (export_with([]), "no saved games"),
])
def test_bad_import_files_are_refused_with_a_reason(text: str, words: str) -> None:
    report = transfer.parse_import(text, set(), lambda: "id", 1.0)
    assert report.error is not None and words in report.error
    assert report.entries == []


def test_each_bad_entry_gets_its_own_reason() -> None:
    good = code_of("dice-realm", 2)
    record = new_record("tally", [Seat(name="Ann")], seed=3)
    illegal = encode_code(record.model_copy(update={"actions": [0, 0, 0, 0, 0, 0]}))
    unknown = encode_code(record.model_copy(update={"game_id": "chess"}))
    text = export_with([
        {"code": good}, {"code": "1abc"}, {"code": "9AAAA"}, {"code": unknown},
        {"code": illegal}, {"code": "1" + "A" * (transfer.MAX_IMPORT_CODE + 1)}, {"nope": 1}, 7,
    ])
    report = transfer.parse_import(text, set(), lambda: "id", 1.0)
    texts = [line.text for line in report.lines]
    assert [line.status for line in report.lines] == ["imported"] + ["failed"] * 7
    assert "damaged" in texts[1]
    assert "newer version" in texts[2]
    assert "does not have" in texts[3]
    assert "move " in texts[4]
    assert "too long" in texts[5]
    assert "no share code" in texts[6] and "no share code" in texts[7]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.sampled_from(["format", "version", "saves", "code", "label",
                                       "updated", "x"]), children, max_size=5),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values)
def test_fuzzed_import_files_never_raise(data: Any) -> None:
    text = json.dumps({"format": "kingdoms-saves", "version": 1, "saves": data}
                      if not isinstance(data, dict) else data)
    report = transfer.parse_import(text, set(), lambda: "id", 1.0)
    assert report.error is not None or report.lines or report.entries == []


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=200).map(lambda b: "1" + b.hex()))
def test_fuzzed_codes_give_a_message_never_an_exception(text: str) -> None:
    result = open_code(text)
    assert (result.error is None) != (result.summary is None)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mangled_real_codes_fail_cleanly(data: st.DataObject) -> None:
    code = code_of("burgrave", 1, stop=30)
    position = data.draw(st.integers(0, len(code) - 1))
    char = data.draw(st.sampled_from("AZaz09-_"))
    mangled = code[:position] + char + code[position + 1:]
    try:
        decode_code(mangled)
    except CodeError as error:
        assert error.reason in ("corrupt", "invalid", "too_large", "newer_format")


def test_a_save_whose_id_could_break_a_selector_is_kept_but_not_listed() -> None:
    """Save ids go into CSS selectors and links; a tampered one must not reach them."""
    code = code_of("dice-realm", 1, 0)
    good = {"id": "s1", "game": "dice-realm", "names": ["A", "B"], "moves": 0, "code": code}
    bad = {**good, "id": 'x"] , *[id="y'}
    store = Store(MemoryBackend({SAVES_KEY: json.dumps({"schema": 2, "saves": [bad, good]})}))
    upgrade_storage(store)
    assert [e.save_id for e in load_saves(store).entries] == ["s1"]
    assert put_save(store, SaveEntry("s2", "dice-realm", ("A", "B"), 0, code, 2.0))
    texts = [kept_text(store.read(key)) or "" for key in store.keys(KEPT_PREFIX)]
    assert [json.loads(text) for text in texts] == [bad]  # kept, never dropped


def test_link_is_the_page_address_without_its_old_fragment() -> None:
    assert link_for("http://h/site/#g=1old&s=abc", "1new") == "http://h/site/#g=1new"
    assert link_for("http://h/site/?seed=3#g=1old", "1new") == "http://h/site/#g=1new"
    assert link_for("http://h/site/index.html", "1c") == "http://h/site/index.html#g=1c"


# --------------------------------------------------------------------------- the host


def session_for(record: GameRecord, store: Store) -> GameTable:
    return GameTable(Owner(store), Session(record), "s1")


def test_dice_realm_undo_is_refused_after_a_roll_and_autosave_follows() -> None:
    game = get_game("dice-realm")
    store = Store(MemoryBackend())
    record = new_record("dice-realm", [Seat(name="A"), Seat(name="B")], seed=5)
    host = session_for(record, store)
    assert host.undo_status() == (False, "no_actions")
    host.act(game.legal_actions(host.state)[0])  # the first roll
    assert host.undo_status() == (False, "revealed")
    assert not host.undo()
    assert "revealed something new" in said(host.message)
    assert load_saves(store).entries[0].moves == 1


def _undoable_burgrave() -> tuple[GameRecord, Any]:
    """A Burgrave position whose next legal action can be undone."""
    game = get_game("burgrave")
    rng = random.Random(7)
    record = new_record("burgrave", [Seat(name=n) for n in ("A", "B", "C")], seed=7)
    state = replay(record)
    for _ in range(400):
        for action in game.legal_actions(state):
            after = game.apply(state, action)
            if undo_rule(game, Step(0, None, state, action, after)).allowed:
                return record, action
        record, state = append(record, game, state, rng.choice(game.legal_actions(state)))
    raise AssertionError("no undoable action found")


def test_burgrave_undo_and_redo_keep_the_state_and_the_save_in_step() -> None:
    game = get_game("burgrave")
    record, action = _undoable_burgrave()
    store = Store(MemoryBackend())
    host = session_for(record, store)
    before = game.state_to_json(host.state)
    assert host.act(action)
    after = game.state_to_json(host.state)
    assert host.undo_status() == (True, "ok")
    assert host.undo()
    assert game.state_to_json(host.state) == before
    assert host.record == record
    assert decode_code(load_saves(store).entries[0].code) == record
    assert host.can_redo
    assert host.redo()
    assert game.state_to_json(host.state) == after
    assert decode_code(load_saves(store).entries[0].code).actions == [
        *record.actions, game.encode_action(action)]
    assert not host.can_redo
    # A new action clears the redo stack.
    host.undo()
    other = [a for a in game.legal_actions(host.state) if a != action]
    if other:
        host.act(other[0])
        assert not host.can_redo


# --------------------------------------------------------------------------- hostile storage

DEEP = "[" * 10_000 + "]" * 10_000


@pytest.mark.parametrize("text", [
    "{not json", "[]", "null", '{"schema":2,"saves":"x"}', '{"schema":"2","saves":[]}', DEEP,
    '{"schema":true,"saves":[]}', "x" * 1_000_001,
], ids=["not_json", "array", "null", "saves_str", "schema_str", "deep", "schema_bool", "huge"])
def test_every_damaged_list_is_set_aside_and_saving_goes_on(text: str) -> None:
    """Issue 10: each of these once made every new game unsaveable (or stopped start-up)."""
    store = Store(MemoryBackend({SAVES_KEY: text}))
    upgrade_storage(store)
    saves = load_saves(store)
    assert saves.damaged_lists, text[:40]
    assert not saves.at_limit and not saves.newer  # the message names the real cause
    [kept] = store.keys(KEPT_PREFIX)
    assert kept_text(store.read(kept)) == text  # kept text for text, exportable
    entry = SaveEntry("n", "dice-realm", ("A", "B"), 0, code_of("dice-realm", 1, 0), 1.0)
    assert put_save(store, entry)
    assert [e.save_id for e in load_saves(store).entries] == ["n"]


def test_deep_nesting_anywhere_in_storage_never_stops_start_up() -> None:
    from kingdoms_web.saves.storage import read_settings

    store = Store(MemoryBackend({"kingdoms.v1.settings": DEEP, save_key("d"): DEEP,
                                 SAVES_KEYS[1]: DEEP, KEPT_PREFIX + "zz": DEEP}))
    assert read_settings(store) == {}
    upgrade_storage(store)
    saves = load_saves(store)
    assert ("d", "corrupt") in {(u.name, u.reason) for u in saves.unreadable}
    assert saves.entries == []


stored_text = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["schema", "id", "game", "names", "moves", "code", "updated", "rev",
                         "label", "over", "next", "saves", "text", "name", "reason", "x"]),
        inner, max_size=8),
    max_leaves=30,
).map(lambda v: json.dumps(v)) | st.text(max_size=200) | st.sampled_from(
    ["[" * 5000, "{" * 3000, '{"a":' * 4000, "NaN", "1e999", "\ud800"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from([
    SAVES_KEYS[1], SAVES_KEYS[2], "kingdoms.v1.settings", save_key("a"), save_key("b-1"),
    save_key("bad id!"), KEPT_PREFIX + "k", "kingdoms.v3.save.", "other"]), stored_text))
def test_fuzzed_storage_never_raises(items: dict[str, str]) -> None:
    """The page's storage parser joins the fuzzing: whatever is stored, start-up's reads and
    the first save of a new game go through."""
    from kingdoms_web.saves.storage import read_settings

    store = Store(MemoryBackend(items))
    read_settings(store)
    upgrade_storage(store)
    saves = load_saves(store)
    assert all(e.save_id for e in saves.entries)
    saved_games.kept_texts(store, saves)
    entry = SaveEntry("new1", "dice-realm", ("A", "B"), 0, code_of("dice-realm", 1, 0), 1.0)
    assert put_save(store, entry).problem in (None, "newer")


# --------------------------------------------------------------------------- two tabs


def test_two_tables_on_one_save_follow_each_other_and_never_overwrite() -> None:
    game = get_game("dice-realm")
    store = Store(MemoryBackend())
    record = new_record("dice-realm", [Seat(name="A"), Seat(name="B")], seed=5)
    first = session_for(record, store)
    first.autosave()
    second = session_for(record, store)
    second.rev = first.rev
    for turn in range(6):  # alternating taps; no storage event: act() checks storage first
        mover, other = (first, second) if turn % 2 == 0 else (second, first)
        assert mover.act(game.legal_actions(mover.state)[0])
        assert other.follow_storage()
        assert other.record == mover.record
    assert len(first.record.actions) == 6
    assert decode_code(load_saves(store).entries[0].code) == first.record
    # A tap in a tab that missed the other's move is refused, not played on an old position.
    first.act(game.legal_actions(first.state)[0])
    assert not second.act(game.legal_actions(replay(record))[0])
    assert second.record == first.record and second.read_only is None
    # Undo (or any change that is not "more moves") in one tab turns the other read-only.
    stored = load_saves(store).entries[0]
    shorter = stored.code
    put_save(store, SaveEntry("s1", "dice-realm", ("A", "B"), 1,
                              encode_code(record.model_copy(update={"actions":
                                                                    record.actions[:0]})),
                              9e12, "", False, 0), expect=stored.rev)
    assert first.follow_storage() and first.read_only == "diverged"
    assert not first.autosave()
    assert load_saves(store).entries[0].code != shorter  # the other tab's version stays


# --------------------------------------------------------------------------- the game's address


class AddressBar:
    """Enough of ``window`` for ``urls.replace_fragment``: the location and ``replaceState``."""

    def __init__(self) -> None:
        self.location = type("Location", (), {"pathname": "/site/", "search": "", "hash": ""})()
        self.history = self
        self.written: list[str] = []

    def replaceState(self, _state: Any, _title: str, url: str) -> None:
        self.written.append(url)
        self.location.hash = url[url.index("#"):] if "#" in url else ""


def test_the_address_follows_a_frame_later_and_the_latest_change_wins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game's address is written after the frame that shows the move (so the tap's frame does
    not pay for Chrome's same-document navigation); two moves before that frame write once, the
    later; going home meanwhile (an address written at once) is not undone by the waiting one."""
    from kingdoms_web import dom, urls

    bar = AddressBar()
    frames: list[Any] = []
    monkeypatch.setattr(dom, "after_paint", frames.append)
    with dom.bound(None, bar):
        urls.replace_fragment_soon("#g=1a&s=x")
        urls.replace_fragment_soon("#g=1b&s=x")
        assert bar.written == [] and len(frames) == 1
        frames.pop()()
        assert bar.written == ["/site/#g=1b&s=x"]
        urls.replace_fragment_soon("#g=1c&s=x")
        urls.replace_fragment("")
        frames.pop()()
        assert bar.written == ["/site/#g=1b&s=x", "/site/"]
        urls.replace_fragment_soon("#g=1d&s=x")  # nothing waits any more: a new frame is asked for
        assert len(frames) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_s_own_address_resumes_its_save_when_the_save_is_further_on(game_id: str) -> None:
    """A reload before the address caught up (or after another tab played on) opens the save:
    its game is the address's game with more moves. An earlier point of it (an undo elsewhere),
    another game or a damaged code is not the same game now: the summary is shown instead."""
    full, _ = random_game(game_id, 3, players=2, stop=12)
    earlier = full.model_copy(update={"actions": full.actions[:9]})
    other, _ = random_game(game_id, 4, players=2, stop=12)
    assert saved_games.resumes(encode_code(full), encode_code(full))
    assert saved_games.resumes(encode_code(full), encode_code(earlier))
    assert not saved_games.resumes(encode_code(earlier), encode_code(full))
    assert not saved_games.resumes(encode_code(other), encode_code(earlier))
    assert not saved_games.resumes(encode_code(full), "1zz")


def test_a_code_with_an_unknown_computer_level_shows_what_it_is_and_why_not(
        fake_dom: OfflineDocument) -> None:
    """Issue 21: such a code opened, and its computer never moved. Now its summary (game,
    players, moves) is shown with the reason and no way to load it, in the page's language."""
    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Cpu", kind="bot",
                                                               bot="easy")], seed=2)
    strange = Seat.model_construct(name="Cpu", kind="bot", bot="HARD")
    result = open_code(encode_code(record.model_copy(update={"seats": [record.seats[0],
                                                                        strange]})))
    assert result.error is None and result.record is None and result.summary is not None
    assert result.summary.problem is not None and "'HARD'" in result.summary.problem
    screen = render_record(result.summary)
    assert screen.by_testid("record-problem") is not None
    assert screen.by_testid("record-load") is None
    assert "Ann" in screen.by_testid("record-players").textContent
    i18n.set_language("de")
    try:
        again = open_code(encode_code(record.model_copy(
            update={"seats": [record.seats[0], strange]})))
        assert again.summary is not None and again.summary.problem is not None
        assert "Computerspieler" in again.summary.problem
    finally:
        i18n.set_language("en")


def test_damaged_lists_and_saves_are_said_once_and_never_blamed_on_an_old_version() -> None:
    """Issue 21: the damaged-list notice showed twice (two damaged lists of one cause), and
    saves that were merely damaged were said to come "from an older version"."""
    from types import SimpleNamespace

    from kingdoms_web.shell.home import storage_warnings

    store = Store(MemoryBackend({SAVES_KEYS[1]: "{not json", SAVES_KEYS[2]: "[oops",
                                 save_key("d"): "{damaged"}))
    upgrade_storage(store)
    saves = load_saves(store)
    assert len(saves.damaged_lists) == 2 and saves.damaged_entries
    host = SimpleNamespace(saves=saves, storage_available=True, storage_full=False,
                           saves_failed=False, crash_protection_off=False)
    said = storage_warnings(host)  # type: ignore[arg-type]
    assert [cause for cause, _ in said].count("damaged_list") == 1
    [unreadable] = [text for cause, text in said if cause == "unreadable"]
    assert "older version" not in unreadable and "kept aside" in unreadable
