"""Migrations of the saved-games list from older schemas (one function per step).

``upgrade_storage()`` runs at start-up: for each older key in :data:`SAVES_KEYS` it migrates
every entry through :data:`MIGRATIONS`. Migrated entries join the current list; an entry that
cannot be migrated is kept **verbatim** under ``unreadable`` with a name and a reason, and the
home screen reports it by name every time. The old key is removed only after the new list was
written, so a full storage loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kingdoms_web.saves.schema import (
    MAX_CODE_LENGTH,
    SAVES_KEYS,
    SAVES_SCHEMA,
    Unreadable,
    entry_from_json,
    item_id,
    number,
    parse_json,
    raw_list,
    write_list,
)
from kingdoms_web.saves.storage import Store


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
    from kingdoms.core import codes
    from kingdoms.core.errors import CodeError, KingdomsError

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


MIGRATIONS: dict[int, Callable[[Any], dict[str, Any]]] = {1: _v1_to_v2}
"""schema N -> a function turning one schema-N entry into a schema-N+1 entry (or raising
:class:`MigrationError`). Schema 2 is current, so the chain has one step today."""


def old_items(schema: int, raw: str) -> list[Any] | None:
    """The entries of an old schema's stored text, or None if it is damaged as a whole."""
    data, ok = parse_json(raw)
    if not ok:
        return None
    items = data.get("saves") if isinstance(data, dict) else None
    return list(items) if isinstance(items, list) else None


def entry_name(item: Any, index: int) -> str:
    """How to name an old entry in a report: its players, else its id, else its position."""
    if isinstance(item, dict):
        names = item.get("names")
        if isinstance(names, list) and names and all(isinstance(n, str) for n in names):
            return ", ".join(names)[:120]
        if isinstance(item.get("id"), str) and item["id"]:
            return str(item["id"])[:64]
    return f"#{index + 1}"


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


@dataclass
class UpgradeReport:
    migrated: int = 0
    failed: list[Unreadable] = field(default_factory=list)
    damaged: bool = False
    """An old list was unreadable as a whole; it is left in place."""


def upgrade_storage(store: Store) -> UpgradeReport:
    """Migrate saved games stored under older keys into :data:`SAVES_KEY`.

    Entries that migrate join the current list (an id already there wins: it is newer); those
    that cannot are kept verbatim under ``unreadable`` with their name and reason. The old key
    is removed only after the new list was written, so a full storage loses nothing. An old
    list damaged as a whole is left untouched (and :func:`load_saves` keeps warning about it).
    """
    report = UpgradeReport()
    for schema, key in sorted(SAVES_KEYS.items()):
        if schema == SAVES_SCHEMA:
            continue
        raw = store.read(key)
        if raw is None or raw == "":
            continue
        items = old_items(schema, raw)
        if items is None:
            report.damaged = True
            continue
        data = raw_list(store)
        if data is None:
            continue
        moved = migrate(items, schema)
        ids = {item_id(i) for i in data["saves"]}
        data["saves"] += [e for e in moved.entries if e["id"] not in ids]
        kept = data.get("unreadable")
        kept = list(kept) if isinstance(kept, list) else []
        for item, problem in moved.failed:
            kept.append({"name": problem.name, "reason": problem.reason, "schema": schema,
                         "item": item})
        data["unreadable"] = kept
        if write_list(store, data):
            store.remove(key)
            report.migrated += len(moved.entries)
            report.failed += [problem for _item, problem in moved.failed]
    return report
