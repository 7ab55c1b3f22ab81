"""What the save journal's replay restored is trusted only as far as it is valid.

``journal.js`` copies a journal entry into localStorage when its revision is newer, before
Python starts (a killed browser's last moves come back that way). It can read a save's revision
but not its game, so a damaged, foreign or hostile entry with a high revision would replace a
good save. The page therefore checks each save the replay wrote over (``replaced``): the copy
stays only if it is a valid record of **the same game** (the same setup: it extends, matches or
is an undo of the save it replaced). Otherwise the previous value is put back, the copy is set
aside under a kept key (listed by name, included in the export) and the journal forgets it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kingdoms.core.codes import decode_code
from kingdoms.core.errors import CodeError
from kingdoms_web.saves.migrations import set_aside
from kingdoms_web.saves.schema import SAVE_PREFIX, SaveEntry, parse_entry, valid_save_id
from kingdoms_web.saves.storage import Store


@dataclass(frozen=True)
class Replaced:
    """A save the journal's replay wrote: ``previous`` is what localStorage held (None: it had
    nothing under the key), ``restored`` the journal's copy."""

    key: str
    previous: str | None
    restored: str


def replaced_items(items: Any) -> list[Replaced]:
    """``journal.js``'s ``replaced`` list as plain values, each field checked."""
    found: list[Replaced] = []
    for item in items if isinstance(items, list | tuple) else ():
        if not isinstance(item, dict):
            continue
        key, previous, restored = item.get("key"), item.get("previous"), item.get("restored")
        if isinstance(key, str) and key.startswith(SAVE_PREFIX) and isinstance(restored, str) \
                and (previous is None or isinstance(previous, str)):
            found.append(Replaced(key, previous, restored))
    return found


def _setup(entry: SaveEntry) -> Any:
    """The game's record without its actions (None if its code does not decode)."""
    try:
        record = decode_code(entry.code)
    except CodeError:
        return None
    return record.model_copy(update={"actions": []})


def refusal(item: Replaced) -> str | None:
    """Why the replay's copy cannot be kept (a ``saves.why`` reason), or None if it can."""
    save_id = item.key[len(SAVE_PREFIX):]
    if not valid_save_id(save_id):
        return "invalid"
    restored, why = parse_entry(item.restored, save_id)
    if restored is None:
        return why or "invalid"
    setup = _setup(restored)
    if setup is None:
        return "invalid"
    if item.previous is None:
        return None
    previous, _why = parse_entry(item.previous, save_id)
    if previous is None:  # journal.js never writes over a value it cannot read
        return None
    return None if _setup(previous) in (None, setup) else "journal_mismatch"


def check_replayed(store: Store, items: list[Replaced]) -> list[str]:
    """Undo every replayed copy that :func:`refusal` refuses; the keys undone."""
    undone: list[str] = []
    for item in items:
        why = refusal(item)
        if why is None:
            continue
        save_id = item.key[len(SAVE_PREFIX):]
        kept = set_aside(store, "journal:" + item.key, item.restored, save_id[:64], why)
        if item.previous is None:
            store.remove(item.key)
        else:
            store.put(item.key, item.previous)
        if kept:  # set aside in localStorage: the journal's copy is no longer needed
            store.journal_forget(item.key)
        undone.append(item.key)
    return undone
