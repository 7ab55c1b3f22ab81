"""The saved games: read the list, add, replace, rename, delete and find saves.

Never raises: a list damaged as a whole, or written by a newer page, is shown (as far as it can
be read) but never written over; a save is only ever removed by the player. Saves still under an
older schema's key (the upgrade could not write the new list) are shown migrated, in memory.
"""

from __future__ import annotations

from kingdoms_web.saves.migrations import migrate, old_items
from kingdoms_web.saves.schema import (
    MAX_SAVES,
    SAVES_KEY,
    SAVES_KEYS,
    SAVES_SCHEMA,
    SaveEntry,
    SaveList,
    clean_label,
    entry_from_json,
    item_id,
    parse_saves,
    raw_list,
    write_list,
)
from kingdoms_web.saves.storage import Store


def load_saves(store: Store) -> SaveList:
    """The saved games (schema 2), plus what the old keys hold that could not be migrated."""
    result = parse_saves(store.read(SAVES_KEY))
    for schema, key in SAVES_KEYS.items():
        raw = store.read(key)
        if schema == SAVES_SCHEMA or raw in (None, ""):
            continue
        # Still here after upgrade_storage: damaged as a whole, or the new list could not be
        # written (storage full). Show what migrates, in memory; leave the old key alone.
        items = old_items(schema, raw or "")
        if items is None:
            result.corrupt = True
            continue
        moved = migrate(items, schema)
        ids = {e.save_id for e in result.entries}
        for item in moved.entries:
            entry = entry_from_json(item)
            if entry is not None and entry.save_id not in ids:
                result.entries.append(entry)
        result.unreadable += [problem for _item, problem in moved.failed]
        result.entries.sort(key=lambda e: e.updated, reverse=True)
    return result


def put_save(store: Store, entry: SaveEntry) -> bool:
    """Add or replace one save (by id).

    Refuses (returns False) when the stored list is damaged as a whole or was written by a newer
    page: overwriting it would destroy saves that a newer version, or a careful user, could
    still recover. Entries this version cannot read are kept as they are, for the same reason.
    Also refuses a new save beyond :data:`MAX_SAVES` (old saves are never dropped to make room).
    """
    data = raw_list(store)
    if data is None:
        return False
    items = data["saves"]
    existing = any(item_id(i) == entry.save_id for i in items)
    if not existing and len(items) >= MAX_SAVES:
        return False
    data["saves"] = [entry.to_json()] + [i for i in items if item_id(i) != entry.save_id]
    return write_list(store, data)


def delete_save(store: Store, save_id: str) -> bool:
    """Remove one save by id; False if storage refused or the list is damaged."""
    data = raw_list(store)
    if data is None:
        return False
    data["saves"] = [i for i in data["saves"] if item_id(i) != save_id]
    return write_list(store, data)


def rename_save(store: Store, save_id: str, label: str) -> bool:
    """Give a save a name (an empty name shows the game's title again)."""
    data = raw_list(store)
    if data is None:
        return False
    found = False
    for item in data["saves"]:
        if item_id(item) == save_id and isinstance(item, dict):
            item["label"] = clean_label(label)
            found = True
    return found and write_list(store, data)


def find_save(store: Store, save_id: str | None) -> SaveEntry | None:
    if not save_id:
        return None
    return next((e for e in load_saves(store).entries if e.save_id == save_id), None)


def find_code(store: Store, code: str) -> SaveEntry | None:
    """The save holding exactly ``code`` (byte for byte), if any."""
    return next((e for e in load_saves(store).entries if e.code == code), None)


def latest_unfinished(saves: SaveList) -> SaveEntry | None:
    """The most recently played save that is not over (the home screen's "Continue" card)."""
    return next((e for e in saves.entries if not e.over), None)
