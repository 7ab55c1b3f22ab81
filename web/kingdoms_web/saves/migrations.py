"""Migrations of the saved games from older schemas (one function per step).

Schemas 1 and 2 kept every save in one list under one key (``kingdoms.v1.saves``,
``kingdoms.v2.saves``); schema 3 keeps each save under its own key. ``upgrade_storage()`` runs
at start-up, for each old key:

- **a readable list**: every entry goes through :data:`MIGRATIONS` (1→2 decodes and replays the
  code to fill ``over``/``next``; 2→3 only adds ``rev``) and is written under its own key; an
  entry that cannot be migrated is set aside (kept verbatim under ``kingdoms.v3.kept.*``, with
  its name and reason) and reported by name every time. The old key is removed only after all of
  that was written, so a full storage loses nothing (and :func:`~.saved_games.load_saves` then
  shows the old entries migrated in memory).
- **a list damaged as a whole** (not JSON, too deep, not an object, ``saves`` not a list, a
  ``schema`` that is not a number): set aside as it is, text for text, and reported; new saves
  never depended on it, so saving goes on normally.
- **a list written by a newer page** (``schema`` above the key's own): left alone, shown, never
  written over.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kingdoms.core import codes
from kingdoms.core.errors import CodeError, KingdomsError
from kingdoms_web.saves.schema import (
    MAX_CODE_LENGTH,
    OLD_LIST_KEYS,
    SAVES_SCHEMA,
    Unreadable,
    entry_from_json,
    entry_name,
    kept_key,
    kept_value,
    number,
    save_key,
)
from kingdoms_web.saves.storage import Store, parse_stored


class MigrationError(ValueError):
    """One old entry that cannot be brought to the current schema; ``reason`` is a key."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class GameFacts:
    """What the list caches about a game, read from its code by replaying it."""

    game_id: str
    names: tuple[str, ...]
    moves: int
    over: bool
    next_seat: int | None


def game_facts(code: str) -> GameFacts:
    """Decode and replay ``code``; ``MigrationError`` with the decoder's reason if it fails."""
    try:
        session = codes.load_code(code)
    except CodeError as error:
        raise MigrationError(error.reason) from None
    except KingdomsError:
        raise MigrationError("invalid") from None
    record, state, game = session.record, session.state, session.game
    over = bool(game.is_over(state))
    seat = None if over else game.current_seat(state)
    return GameFacts(record.game_id, tuple(s.name for s in record.seats), len(record.actions),
                     over, seat)


def _v1_to_v2(item: Any) -> dict[str, Any]:
    """Schema 1 (``{"id","game","names","moves","code","updated"}``) to schema 2.

    The code is decoded and replayed: schema 2 caches whether the game is over and whose turn
    it is, and an old save that no longer replays (damaged, a retired rules version) is better
    reported now than when the player taps it.
    """
    if not isinstance(item, dict):
        raise MigrationError("invalid")
    save_id, code, updated = item.get("id"), item.get("code"), number(item.get("updated"))
    if not (isinstance(save_id, str) and 0 < len(save_id) <= 64) or updated is None:
        raise MigrationError("invalid")
    if not (isinstance(code, str) and 0 < len(code) <= MAX_CODE_LENGTH):
        raise MigrationError("corrupt")
    facts = game_facts(code)
    return {"id": save_id, "game": facts.game_id, "names": list(facts.names),
            "moves": facts.moves, "code": code, "updated": updated, "created": updated,
            "label": "", "over": facts.over, "next": facts.next_seat}


def _v2_to_v3(item: Any) -> dict[str, Any]:
    """Schema 2 entry to schema 3: the same fields plus ``rev`` (the entry gets its own key)."""
    if entry_from_json(item) is None:
        raise MigrationError("invalid")
    return {**item, "schema": 3, "rev": 0}


MIGRATIONS: dict[int, Callable[[Any], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}
"""schema N -> a function turning one schema-N entry into a schema-N+1 entry (or raising
:class:`MigrationError`)."""


@dataclass
class MigrationResult:
    entries: list[dict[str, Any]] = field(default_factory=list)
    failed: list[tuple[Any, Unreadable]] = field(default_factory=list)


def migrate(items: list[Any], schema: int) -> MigrationResult:
    """Bring every entry of ``schema`` up to :data:`SAVES_SCHEMA` through :data:`MIGRATIONS`.

    Never raises and never drops: an entry that cannot be migrated comes back in ``failed``
    with a name and a reason key.
    """
    result = MigrationResult()
    for index, item in enumerate(items):
        current, version = item, schema
        try:
            while version < SAVES_SCHEMA:
                step = MIGRATIONS.get(version)
                if step is None:
                    raise MigrationError("unknown_schema")
                current, version = step(current), version + 1
            if entry_from_json(current) is None:
                raise MigrationError("invalid")
        except MigrationError as error:
            result.failed.append((item, Unreadable(entry_name(item, index), error.reason, schema)))
            continue
        except Exception:  # a bug in a migration step must not lose the entry either
            result.failed.append((item, Unreadable(entry_name(item, index), "invalid", schema)))
            continue
        result.entries.append(current)
    return result


@dataclass(frozen=True)
class OldList:
    """What an old key holds: ``state`` is ``items`` (readable), ``damaged`` (as a whole: the
    reason in ``reason``) or ``newer`` (a newer page's layout under the old key)."""

    key: str
    schema: int
    raw: str
    state: str
    items: tuple[Any, ...] = ()
    kept: tuple[Any, ...] = ()
    """Entries the old list itself had set aside (schema 2's ``unreadable``)."""
    reason: str = ""


def read_old_list(schema: int, key: str, raw: str) -> OldList:
    """Classify an old list's stored text (never raises)."""
    data, problem = parse_stored(raw)
    if problem is not None:
        reason = "too_large_list" if problem == "too_large" else "damaged_list"
        return OldList(key, schema, raw, "damaged", reason=reason)
    if not isinstance(data, dict) or not isinstance(data.get("saves"), list):
        return OldList(key, schema, raw, "damaged", reason="damaged_list")
    declared = data.get("schema", schema)
    if isinstance(declared, bool) or not isinstance(declared, int) or declared < 1:
        return OldList(key, schema, raw, "damaged", reason="damaged_list")
    if declared > schema:
        return OldList(key, declared, raw, "newer", tuple(data["saves"]))
    kept = data.get("unreadable")
    return OldList(key, declared, raw, "items", tuple(data["saves"]),
                   tuple(kept) if isinstance(kept, list) else ())


def read_old_lists(store: Store) -> list[OldList]:
    found = []
    for schema, key in sorted(OLD_LIST_KEYS.items()):
        raw = store.read(key)
        if raw is not None and raw != "":
            found.append(read_old_list(schema, key, raw))
    return found


def set_aside(store: Store, source: str, text: str, name: str, reason: str,
              schema: int = 0) -> bool:
    """Keep ``text`` (from ``source``) under its own kept key; True once it is stored."""
    key = kept_key(source, text)
    if store.read(key) is not None:
        return True
    return store.put(key, kept_value(name, reason, source, text, schema)) is None


def _dump(item: Any) -> str:
    try:
        return json.dumps(item, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):  # pragma: no cover - parsed JSON always dumps
        return repr(item)


@dataclass
class UpgradeReport:
    migrated: int = 0
    failed: list[Unreadable] = field(default_factory=list)
    damaged: bool = False
    """An old list was unreadable as a whole (set aside, or left in place if storage is full)."""
    incomplete: bool = False
    """Something could not be written (storage full): the old key stays and is read again."""


def upgrade_storage(store: Store) -> UpgradeReport:
    """Move the saves of older schemas to one key each (see the module docstring)."""
    report = UpgradeReport()
    if not store.available:
        return report
    for old in read_old_lists(store):
        if old.state == "newer":
            continue
        if old.state == "damaged":
            report.damaged = True
            if set_aside(store, old.key, old.raw, "", old.reason, old.schema):
                store.remove(old.key)
            else:
                report.incomplete = True
            continue
        moved = migrate(list(old.items), old.schema)
        complete = True
        for item in moved.entries:
            key = save_key(str(item["id"]))
            if store.read(key) is not None:
                continue  # already migrated (an earlier, interrupted run), or newer: keep it
            text = _dump(item)
            if store.put(key, text) is None:
                store.journal_put(key, text, 0, float(item.get("updated") or 0))
                report.migrated += 1
            else:
                complete = False
        for item, problem in moved.failed:
            if set_aside(store, old.key, _dump(item), problem.name, problem.reason, old.schema):
                report.failed.append(problem)
            else:
                complete = False
        for item in old.kept:  # what schema 2 had already set aside inside its list
            name = item.get("name") if isinstance(item, dict) else None
            reason = item.get("reason") if isinstance(item, dict) else None
            inner = item.get("item") if isinstance(item, dict) else item
            if not set_aside(store, old.key, _dump(inner),
                             name if isinstance(name, str) else "",
                             reason if isinstance(reason, str) else "invalid", old.schema):
                complete = False
        if complete:
            store.remove(old.key)
        else:
            report.incomplete = True
    return report
