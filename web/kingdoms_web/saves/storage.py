"""Local storage that never raises, and the saved-games list stored in it.

Why so defensive: ``localStorage`` can be missing (privacy modes, some embedded views), can throw
on every access (blocked cookies/site data), can be full, and can hold anything another version
of the page, an extension or the user wrote. None of that may crash the page or destroy a save.

Keys are versioned (``kingdoms.v1.*`` for settings, ``kingdoms.v2.saves`` for the saved games);
a new format gets a new key and migrates from the old one (:func:`upgrade_storage`, with one
function per step in :data:`MIGRATIONS`), so an older page version never misreads newer data.
An old entry that cannot be migrated is kept verbatim in the new list's ``unreadable`` part and
reported by name: nothing is ever dropped silently.

The backend is anything with ``getItem``/``setItem``/``removeItem`` (the browser's
``localStorage`` or :class:`MemoryBackend` in tests), so this module has no browser imports.

>>> store = Store(MemoryBackend())
>>> store.write_json(SETTINGS_KEY, {"language": "en"})
True
>>> read_settings(store)
{'language': 'en'}
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from kingdoms.core.protocol import MAX_NAME_LENGTH

PREFIX = "kingdoms.v1."
SETTINGS_KEY = PREFIX + "settings"

SAVES_SCHEMA = 2
"""Version of the saved-games layout this page writes."""
SAVES_KEY = "kingdoms.v2.saves"
"""Where schema 2 lives; older schemas live under their own keys (:data:`SAVES_KEYS`)."""
SAVES_KEYS: dict[int, str] = {1: "kingdoms.v1.saves", 2: SAVES_KEY}
"""schema -> key; :func:`upgrade_storage` walks older keys and migrates what it finds."""

MAX_SAVES = 500
"""More saves than this are refused (with the storage warning), never made room for by
dropping old ones: a save is only ever removed by the player."""
MAX_LABEL_LENGTH = 40

MAX_CODE_LENGTH = 200_000
"""A stored share code longer than this is treated as damaged (the decoder caps codes lower)."""


class StorageBackend(Protocol):
    """The subset of the Web Storage API we use."""

    def getItem(self, key: str) -> Any: ...

    def setItem(self, key: str, value: str) -> Any: ...

    def removeItem(self, key: str) -> Any: ...


class MemoryBackend:
    """An in-memory stand-in for ``localStorage`` (tests, and the fallback when it is blocked)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class Store:
    """Versioned key/value access that reports problems instead of raising.

    ``available`` is False when the real storage could not be used at all (then writes go to
    memory only and the page warns that nothing will be kept).
    """

    def __init__(self, backend: StorageBackend | None, *, available: bool = True) -> None:
        self.available = available and backend is not None
        self._backend: StorageBackend = backend if backend is not None else MemoryBackend()

    def read(self, key: str) -> str | None:
        """The stored text, or None if absent or unreadable."""
        try:
            value = self._backend.getItem(key)
        except Exception:  # the browser may throw SecurityError on any access
            return None
        # Only a real string counts: a JS null (absent key) may arrive as None or as a proxy.
        return value if isinstance(value, str) else None

    def write(self, key: str, value: str) -> bool:
        """Store ``value``; False if the browser refused (quota, blocked storage)."""
        try:
            self._backend.setItem(key, value)
        except Exception:
            return False
        return True

    def remove(self, key: str) -> bool:
        try:
            self._backend.removeItem(key)
        except Exception:
            return False
        return True

    def read_json(self, key: str) -> tuple[Any, bool]:
        """(parsed value, ok): a missing key is ``(None, True)``, damaged JSON ``(None, False)``."""
        raw = self.read(key)
        if raw is None:
            return None, True
        try:
            return json.loads(raw), True
        except (ValueError, RecursionError):
            return None, False

    def write_json(self, key: str, value: Any) -> bool:
        try:
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError):
            return False
        return self.write(key, text)


# --------------------------------------------------------------------------- settings


def read_settings(store: Store) -> dict[str, Any]:
    """The settings object; damaged or foreign data gives defaults (settings are cheap to redo)."""
    data, _ok = store.read_json(SETTINGS_KEY)
    return dict(data) if isinstance(data, dict) else {}


def write_settings(store: Store, settings: dict[str, Any]) -> bool:
    return store.write_json(SETTINGS_KEY, settings)


# --------------------------------------------------------------------------- saved games


@dataclass(frozen=True)
class SaveEntry:
    """One saved game as listed on the home screen (schema 2).

    ``code`` is the game's share code: the record itself, so opening a save is opening a code
    and there is only one decoder to trust. The other fields are a cache for the list (who, how
    far, finished or not, whose turn) so the home screen never has to replay every game.
    """

    save_id: str
    game_id: str
    names: tuple[str, ...]
    moves: int
    code: str
    updated: float = 0.0
    label: str = ""
    """A name the player gave this save (empty: the game's title is shown)."""
    over: bool = False
    next_seat: int | None = None
    """The seat to act next (None when the game is over or unknown)."""
    created: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.save_id,
            "game": self.game_id,
            "names": list(self.names),
            "moves": self.moves,
            "code": self.code,
            "updated": self.updated,
            "label": self.label,
            "over": self.over,
            "next": self.next_seat,
            "created": self.created or self.updated,
        }

    @property
    def next_name(self) -> str | None:
        seat = self.next_seat
        if self.over or seat is None or not 0 <= seat < len(self.names):
            return None
        return self.names[seat]


@dataclass(frozen=True)
class Unreadable:
    """A stored entry this version cannot use, kept as it was and reported by ``name``."""

    name: str
    reason: str
    schema: int


@dataclass
class SaveList:
    """The parsed list plus what went wrong reading it, so the page can warn precisely."""

    entries: list[SaveEntry] = field(default_factory=list)
    corrupt: bool = False
    """The stored value as a whole was unreadable (not JSON, or not the expected shape)."""
    skipped: int = 0
    """Entries that were individually damaged and left out."""
    unreadable: list[Unreadable] = field(default_factory=list)
    """Entries from an older schema that could not be migrated (kept in storage, by name)."""
    newer: bool = False
    """The list was written by a newer version of the page (shown read-only, never rewritten)."""


def clean_label(raw: object) -> str:
    """A save's name as stored: text only, control characters dropped, spaces collapsed, capped.

    >>> clean_label("  My \\t game ")
    'My game'
    """
    if not isinstance(raw, str):
        return ""
    visible = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    text = " ".join(visible.split())[:MAX_LABEL_LENGTH]
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return ""
    return text


def _number(value: object, default: float = 0.0) -> float | None:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


_SAVE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

def _entry_from_json(item: object) -> SaveEntry | None:
    """One schema-2 entry, strictly checked; None if anything is off."""
    if not isinstance(item, dict):
        return None
    save_id, game_id, code = item.get("id"), item.get("game"), item.get("code")
    names, moves = item.get("names"), item.get("moves", 0)
    if not (isinstance(save_id, str) and _SAVE_ID.fullmatch(save_id)):
        return None  # ids end up in CSS selectors and URLs: only the characters we generate
    if not (isinstance(game_id, str) and 0 < len(game_id) <= 40):
        return None
    if not (isinstance(code, str) and 0 < len(code) <= MAX_CODE_LENGTH):
        return None
    if not (isinstance(names, list) and 0 < len(names) <= 16):
        return None
    if not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME_LENGTH for n in names):
        return None
    if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
        return None
    updated = _number(item.get("updated"))
    created = _number(item.get("created"), updated or 0.0)
    if updated is None or created is None:
        return None
    label = item.get("label", "")
    over = item.get("over", False)
    nxt = item.get("next")
    if not isinstance(label, str) or len(label) > MAX_LABEL_LENGTH or not isinstance(over, bool):
        return None
    if nxt is not None and (isinstance(nxt, bool) or not isinstance(nxt, int)
                            or not 0 <= nxt < len(names)):
        return None
    return SaveEntry(save_id, game_id, tuple(names), moves, code, updated, clean_label(label),
                     over, nxt, created)


def _parse_json(raw: str) -> tuple[Any, bool]:
    try:
        return json.loads(raw), True
    except (ValueError, RecursionError):
        return None, False


def parse_saves(raw: str | None) -> SaveList:
    """Parse the stored (schema 2) saves text; never raises.

    Accepted shape: ``{"schema": 2, "saves": [entry, ...], "unreadable": [...]}``. Newest first.

    >>> parse_saves(None).entries
    []
    >>> parse_saves("{not json").corrupt
    True
    >>> parse_saves('{"schema": 2, "saves": [{"id": "a"}]}').skipped
    1
    """
    if raw is None or raw == "":
        return SaveList()
    data, ok = _parse_json(raw)
    if not ok or not isinstance(data, dict):
        return SaveList(corrupt=True)
    items = data.get("saves")
    if not isinstance(items, list):
        return SaveList(corrupt=True)
    result = SaveList()
    schema = data.get("schema")
    if isinstance(schema, int) and not isinstance(schema, bool) and schema > SAVES_SCHEMA:
        result.newer = True
    seen: set[str] = set()
    for item in items:
        entry = _entry_from_json(item)
        if entry is None or entry.save_id in seen:
            result.skipped += 1
            continue
        seen.add(entry.save_id)
        result.entries.append(entry)
    result.entries.sort(key=lambda e: e.updated, reverse=True)
    kept = data.get("unreadable")
    for item in kept if isinstance(kept, list) else []:
        if isinstance(item, dict):
            name = item.get("name")
            reason = item.get("reason")
            old = item.get("schema")
            result.unreadable.append(Unreadable(
                name if isinstance(name, str) else "?",
                reason if isinstance(reason, str) else "invalid",
                old if isinstance(old, int) and not isinstance(old, bool) else 0))
    return result


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
            entry = _entry_from_json(item)
            if entry is not None and entry.save_id not in ids:
                result.entries.append(entry)
        result.unreadable += [problem for _item, problem in moved.failed]
        result.entries.sort(key=lambda e: e.updated, reverse=True)
    return result


def _raw_list(store: Store) -> dict[str, Any] | None:
    """The stored schema-2 object as written (damaged entries too); None if it is damaged or
    newer (then nothing may be written over it)."""
    raw = store.read(SAVES_KEY)
    if raw is None or raw == "":
        return {"schema": SAVES_SCHEMA, "saves": []}
    data, ok = _parse_json(raw)
    if not ok or not isinstance(data, dict) or not isinstance(data.get("saves"), list):
        return None
    schema = data.get("schema", SAVES_SCHEMA)
    if not isinstance(schema, int) or isinstance(schema, bool) or schema > SAVES_SCHEMA:
        return None
    return data


def _write_list(store: Store, data: dict[str, Any]) -> bool:
    data["schema"] = SAVES_SCHEMA
    return store.write_json(SAVES_KEY, data)


def _item_id(item: object) -> object:
    return item.get("id") if isinstance(item, dict) else None


def put_save(store: Store, entry: SaveEntry) -> bool:
    """Add or replace one save (by id).

    Refuses (returns False) when the stored list is damaged as a whole or was written by a newer
    page: overwriting it would destroy saves that a newer version, or a careful user, could
    still recover. Entries this version cannot read are kept as they are, for the same reason.
    Also refuses a new save beyond :data:`MAX_SAVES` (old saves are never dropped to make room).
    """
    data = _raw_list(store)
    if data is None:
        return False
    items = data["saves"]
    existing = any(_item_id(i) == entry.save_id for i in items)
    if not existing and len(items) >= MAX_SAVES:
        return False
    data["saves"] = [entry.to_json()] + [i for i in items if _item_id(i) != entry.save_id]
    return _write_list(store, data)


def delete_save(store: Store, save_id: str) -> bool:
    """Remove one save by id; False if storage refused or the list is damaged."""
    data = _raw_list(store)
    if data is None:
        return False
    data["saves"] = [i for i in data["saves"] if _item_id(i) != save_id]
    return _write_list(store, data)


def rename_save(store: Store, save_id: str, label: str) -> bool:
    """Give a save a name (an empty name shows the game's title again)."""
    data = _raw_list(store)
    if data is None:
        return False
    found = False
    for item in data["saves"]:
        if _item_id(item) == save_id and isinstance(item, dict):
            item["label"] = clean_label(label)
            found = True
    return found and _write_list(store, data)


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


# --------------------------------------------------------------------------- migrations


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
    from kingdoms.core.errors import CodeError
    from kingdoms.core.registry import get_game

    try:
        record, state = codes.load_code(code)
    except CodeError as error:
        raise MigrationError(error.reason) from None
    except Exception:
        raise MigrationError("invalid") from None
    game = get_game(record.game_id)
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
    save_id, code, updated = item.get("id"), item.get("code"), _number(item.get("updated"))
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
    data, ok = _parse_json(raw)
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
            if _entry_from_json(current) is None:
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
        data = _raw_list(store)
        if data is None:
            continue
        moved = migrate(items, schema)
        ids = {_item_id(i) for i in data["saves"]}
        data["saves"] += [e for e in moved.entries if e["id"] not in ids]
        kept = data.get("unreadable")
        kept = list(kept) if isinstance(kept, list) else []
        for item, problem in moved.failed:
            kept.append({"name": problem.name, "reason": problem.reason, "schema": schema,
                         "item": item})
        data["unreadable"] = kept
        if _write_list(store, data):
            store.remove(key)
            report.migrated += len(moved.entries)
            report.failed += [problem for _item, problem in moved.failed]
    return report


def with_updates(entry: SaveEntry, **changes: Any) -> SaveEntry:
    return replace(entry, **changes)
