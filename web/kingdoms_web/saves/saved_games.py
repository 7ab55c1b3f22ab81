"""The saved games: list, add, replace, rename, delete and find saves; follow other tabs.

Never raises, never drops: a value that cannot be read is reported by name and kept; a value
written by a newer page is shown and never written over; a save is only ever removed by the
player. Every write says why it failed (:class:`WriteResult`): storage ``full``, storage
``blocked``, the ``limit`` of :data:`MAX_SAVES`, a ``newer`` version's save, or a ``conflict``
(another tab wrote or deleted the save since this one read it: check before write, never a silent
overwrite).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from kingdoms.core.codes import decode_code
from kingdoms.core.errors import CodeError
from kingdoms_web.saves.migrations import migrate, read_old_lists, set_aside
from kingdoms_web.saves.schema import (
    KEPT_PREFIX,
    MAX_SAVES,
    SAVE_PREFIX,
    SaveEntry,
    SaveList,
    Unreadable,
    clean_label,
    entry_from_json,
    kept_text,
    parse_entry,
    parse_kept,
    save_key,
    valid_save_id,
)
from kingdoms_web.saves.storage import Store, parse_stored

WRITE_PROBLEMS = ("full", "blocked", "limit", "newer", "conflict", "deleted")
"""Why a save could not be written; each has its own message (``saves.problem.<why>``)."""


@dataclass(frozen=True)
class WriteResult:
    """``problem`` None when written (then ``rev`` is the save's new revision); ``held`` names
    why localStorage refused it (``full`` or ``limit``) when it was kept in the overflow
    instead: the game is safe, and saved in localStorage as soon as there is room."""

    problem: str | None = None
    rev: int = -1
    held: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def __bool__(self) -> bool:
        return self.ok


def load_saves(store: Store) -> SaveList:
    """Every save this page can show, newest first, and what could not be read (by name)."""
    result = SaveList()
    keys = store.keys(SAVE_PREFIX)
    result.count = len(keys)
    seen: set[str] = set()
    for key in keys:
        save_id = key[len(SAVE_PREFIX):]
        entry, why = read_save(store, save_id) if valid_save_id(save_id) else (None, "invalid")
        if why == "missing":  # listed by the index, but nothing was written (or it was deleted)
            store.forget_key(key)
            result.count -= 1
            continue
        if entry is None:
            if why == "newer_version":
                result.newer = True
            result.unreadable.append(Unreadable(save_id[:64], why, 3, key))
            continue
        result.newer |= entry.newer
        seen.add(entry.save_id)
        result.entries.append(entry)
    for key in sorted(store.held):
        save_id = key[len(SAVE_PREFIX):]
        if save_id in seen or not valid_save_id(save_id):
            continue
        entry, _why = read_save(store, save_id)
        if entry is not None:  # a held copy that cannot be read stays in the journal
            seen.add(save_id)
            result.entries.append(entry)
    result.held = sum(entry.held for entry in result.entries)
    for key in store.keys(KEPT_PREFIX):
        raw = store.read(key)
        if raw is None:
            store.forget_key(key)
        else:
            result.unreadable.append(parse_kept(raw, key))
    # Old lists still here after upgrade_storage: damaged (and not yet set aside), written by a
    # newer page, or the new keys could not be written (storage full). Show what they hold.
    for old in read_old_lists(store):
        if old.state == "damaged":
            result.unreadable.append(Unreadable("", old.reason, old.schema, old.key))
            continue
        if old.state == "newer":
            result.newer = True
            items = [e for e in (entry_from_json(i) for i in old.items) if e is not None]
            moved = [replace(e, newer=True) for e in items]
        else:
            migrated = migrate(list(old.items), old.schema)
            moved = [e for e in (entry_from_json(i) for i in migrated.entries) if e is not None]
            moved = [replace(e, pending=True) for e in moved]
            result.unreadable += [replace(problem, key=old.key) for _i, problem in migrated.failed]
        for entry in moved:
            if entry.save_id not in seen:
                seen.add(entry.save_id)
                result.entries.append(entry)
                result.pending += entry.pending
    result.entries.sort(key=lambda e: e.updated, reverse=True)
    return result


def read_save(store: Store, save_id: str) -> tuple[SaveEntry | None, str]:
    """The save ``save_id`` as it is now: ``(entry, "")``, ``(None, "missing")`` or
    ``(None, reason)`` when its value cannot be read.

    Its own key holds it, unless the overflow holds a later revision (``held`` set: storage was
    full or at the limit when it was last written). A held copy never hides a value that cannot
    be read: :func:`put_save` sets that aside before writing.
    """
    if not valid_save_id(save_id):
        return None, "invalid"
    raw = store.read(save_key(save_id))
    local, why = (None, "missing") if raw is None else parse_entry(raw, save_id)
    held = store.held.get(save_key(save_id))
    if held is not None and (local is None or local.rev < held.rev):
        entry, _held_why = parse_entry(held.text, save_id)
        if entry is not None and not entry.newer:
            return replace(entry, held=True), ""
    return local, why


def put_save(store: Store, entry: SaveEntry, *, expect: int | None = None,
             base: str | None = None, hold: bool = False) -> WriteResult:
    """Add or replace one save under its own key, then mirror it into the journal.

    ``expect`` and ``base``: the revision this page last read or wrote for the save (-1: it was
    never stored) and the code stored with it; if storage holds anything else, another tab
    changed it and nothing is written (``conflict``, or ``deleted`` when it is gone). The code is
    compared too because two tabs can each write the same next revision: each tab's
    localStorage is a copy the browser brings up to date a moment later, so a write is not
    atomic across tabs. None skips the check (a new save, an import).
    A value this page cannot read is never written over: it is set aside first. Refuses a new
    save beyond :data:`MAX_SAVES` (``limit``).

    ``hold``: when localStorage refuses (``full`` or ``limit``), keep the save in the overflow
    instead (the game being played: a game that cannot be saved now is kept until it can).
    """
    if not store.available:
        return WriteResult("blocked")
    key = save_key(entry.save_id)
    raw = store.read(key)
    if raw is not None:
        stored, why = parse_entry(raw, entry.save_id)
        if why == "newer_version" or (stored is not None and stored.newer):
            return WriteResult("newer")
        if stored is None and not set_aside(store, key, raw, entry.save_id, why or "invalid"):
            return WriteResult("full")
    current, _why = read_save(store, entry.save_id)
    if current is None and expect is not None and expect >= 0 and raw is None:
        return WriteResult("deleted")
    if current is not None and expect is not None and (
            current.rev != expect or (base is not None and current.code != base)):
        return WriteResult("conflict", current.rev)
    rev = 0 if current is None else current.rev + 1
    text = entry.with_rev(rev).to_text()
    new_key = raw is None
    problem = "limit" if new_key and at_limit(store) else store.put(key, text)
    if problem is not None:
        if hold and problem in ("full", "limit") and store.hold(key, text, rev, entry.updated):
            return WriteResult(None, rev, problem)
        return WriteResult(problem)
    store.journal_put(key, text, rev, entry.updated)
    return WriteResult(None, rev)


def at_limit(store: Store) -> bool:
    """Whether :data:`MAX_SAVES` saves are stored (the index's keys, each checked only when
    there seem to be that many: a key it lists may hold nothing)."""
    keys = store.keys(SAVE_PREFIX)
    if len(keys) < MAX_SAVES:
        return False
    return sum(store.read(key) is not None for key in keys) >= MAX_SAVES


def save_held(store: Store) -> int:
    """Write the overflow's saves into localStorage while there is room (newest first: the
    game played last matters most); how many were saved. A save another tab changed since
    (``conflict``) stays held and is shown as it is held."""
    saved = 0
    for key, _held in sorted(store.held.items(), key=lambda item: -item[1].updated):
        entry, _why = read_save(store, key[len(SAVE_PREFIX):])
        if entry is None or not entry.held:
            continue
        result = put_save(store, replace(entry, held=False), expect=entry.rev)
        if result.problem in ("full", "limit", "blocked"):
            break
        saved += result.ok
    return saved


def delete_save(store: Store, save_id: str, now: float = 0.0) -> bool:
    """Remove one save by id (the journal learns it first); False if storage refused."""
    if not valid_save_id(save_id) or not store.available:
        return False
    key = save_key(save_id)
    entry, _why = read_save(store, save_id)
    store.journal_drop(key, entry.rev if entry is not None else 1 << 52,
                       now or (entry.updated if entry is not None else 0.0),
                       entry.created if entry is not None else None)
    if not store.remove(key):
        return False
    # A pending copy in an old list (not migrated yet: storage was full) would bring it back.
    for old in read_old_lists(store):
        items = [i for i in old.items if not (isinstance(i, dict) and i.get("id") == save_id)]
        if old.state == "items" and len(items) < len(old.items):
            data, _problem = parse_stored(old.raw)
            if isinstance(data, dict):
                data["saves"] = items
                if not store.write_json(old.key, data):
                    return False
    return store.read(key) is None


def rename_save(store: Store, save_id: str, label: str) -> bool:
    """Give a save a name (an empty name shows the game's title again)."""
    entry, _why = read_save(store, save_id)
    if entry is None:
        entry = next((e for e in load_saves(store).entries if e.save_id == save_id), None)
        if entry is None:
            return False
    return put_save(store, replace(entry, label=clean_label(label))).ok


def find_save(store: Store, save_id: str | None) -> SaveEntry | None:
    """The save with ``save_id`` (its own key first; a pending old-list entry else)."""
    if not save_id:
        return None
    entry, why = read_save(store, save_id)
    if entry is not None:
        return entry
    if why != "missing":
        return None
    return next((e for e in load_saves(store).entries if e.save_id == save_id), None)


def same_record(code: str, record: Any) -> bool:
    """Whether ``code`` decodes to ``record`` (False if it does not decode)."""
    try:
        return bool(decode_code(code) == record)
    except CodeError:
        return False


def find_record(store: Store, record: Any, entries: Iterable[SaveEntry] | None = None
                ) -> SaveEntry | None:
    """The save holding ``record`` (compared decoded: distinct code strings can hold the same
    game), newest first; saves of a newer version are never matched (they are not written)."""
    game_id = getattr(record, "game_id", None)
    moves = len(getattr(record, "actions", ()) or ())
    pool = load_saves(store).entries if entries is None else entries
    for entry in pool:
        if entry.newer or entry.game_id != game_id or entry.moves != moves:
            continue  # the cached facts differ: not the same game (no need to decode)
        if same_record(entry.code, record):
            return entry
    return None


def find_code(store: Store, code: str) -> SaveEntry | None:
    """The save holding the game in ``code`` (decoded and compared), if any."""
    try:
        record = decode_code(code)
    except CodeError:
        return None
    return find_record(store, record)


def latest_unfinished(saves: SaveList) -> SaveEntry | None:
    """The most recently played save that is not over (the home screen's "Continue" card)."""
    return next((e for e in saves.entries if not e.over and not e.newer), None)


def kept_texts(store: Store, saves: SaveList) -> list[dict[str, str]]:
    """Everything set aside or unreadable, as text (for the export: nothing is lost)."""
    out: list[dict[str, str]] = []
    for problem in saves.unreadable:
        if not problem.key:
            continue
        raw = store.read(problem.key)
        text = kept_text(raw) if problem.key.startswith(KEPT_PREFIX) else raw
        if text is not None:
            out.append({"name": problem.name, "reason": problem.reason, "key": problem.key,
                        "text": text})
    return out


# --------------------------------------------------------------------------- other tabs


@dataclass(frozen=True)
class Change:
    """What storage holds for an open game compared with what the page shows.

    ``kind``: ``same`` (nothing new, maybe a new ``rev`` or ``label``), ``extends`` (another tab
    played on: ``record`` is the longer record), ``diverged`` (another tab changed it some other
    way, e.g. an undo), ``deleted`` (removed elsewhere) or ``unreadable``.
    """

    kind: str
    rev: int = -1
    record: Any = None
    entry: SaveEntry | None = None


def extends(longer: Any, shorter: Any) -> bool:
    """Whether ``longer`` is ``shorter`` with more actions appended (same game and setup)."""
    try:
        head = longer.model_copy(update={"actions": longer.actions[:len(shorter.actions)]})
    except AttributeError:
        return False
    return bool(head == shorter) and len(longer.actions) > len(shorter.actions)


def resumes(saved_code: str, link_code: str) -> bool:
    """Whether the game's own address (``#g=<link_code>&s=<id>``) opens the save ``id`` that
    holds ``saved_code``: the same code, or the same game further on. The address is written a
    frame after each move's save (``urls.replace_fragment_soon``), and another tab may have
    played on; either way the save is the game as it is now."""
    if saved_code == link_code:
        return True

    try:
        return extends(decode_code(saved_code), decode_code(link_code))
    except CodeError:
        return False


def saved_change(store: Store, save_id: str, rev: int, record: Any,
                 code: str | None = None) -> Change:
    """Compare the stored save with the page's ``record`` at revision ``rev``, stored as
    ``code`` (see :class:`Change`).

    The same revision is not enough to call it the same: two tabs that both wrote revision
    ``rev`` over ``rev - 1`` hold different games under one number (whichever the browser
    wrote last is stored), so the stored game is compared with the page's unless its code is
    the very one this page stored.
    """
    entry, why = read_save(store, save_id)
    if entry is None:
        if why == "missing":
            return Change("deleted" if rev >= 0 else "same", rev)
        return Change("unreadable", rev)
    if entry.rev == rev and (code is None or entry.code == code):
        return Change("same", rev, None, entry)

    try:
        stored = decode_code(entry.code)
    except CodeError:
        return Change("unreadable", entry.rev, None, entry)
    if stored == record:
        return Change("same", entry.rev, None, entry)
    if extends(stored, record):
        return Change("extends", entry.rev, stored, entry)
    return Change("diverged", entry.rev, stored, entry)

