"""Local storage that never raises, and the saved-games list stored in it.

Why so defensive: ``localStorage`` can be missing (privacy modes, some embedded views), can throw
on every access (blocked cookies/site data), can be full, and can hold anything another version
of the page, an extension or the user wrote. None of that may crash the page or destroy a save.

Keys are versioned (``kingdoms.v1.*``); a future format gets a new key and migrates from the old
one, so an older page version never misreads newer data.

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
from dataclasses import dataclass, field
from typing import Any, Protocol

from kingdoms.core.protocol import MAX_NAME_LENGTH

PREFIX = "kingdoms.v1."
SAVES_KEY = PREFIX + "saves"
SETTINGS_KEY = PREFIX + "settings"

MAX_SAVES = 50
"""Oldest saves beyond this are dropped when a new one is written (localStorage is ~5 MB)."""

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
    """One saved game as listed on the home screen.

    ``code`` is the game's share code: the record itself, so opening a save is opening a code
    and there is only one decoder to trust.
    """

    save_id: str
    game_id: str
    names: tuple[str, ...]
    moves: int
    code: str
    updated: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.save_id,
            "game": self.game_id,
            "names": list(self.names),
            "moves": self.moves,
            "code": self.code,
            "updated": self.updated,
        }


@dataclass
class SaveList:
    """The parsed list plus what went wrong reading it, so the page can warn precisely."""

    entries: list[SaveEntry] = field(default_factory=list)
    corrupt: bool = False
    """The stored value as a whole was unreadable (not JSON, or not the expected shape)."""
    skipped: int = 0
    """Entries that were individually damaged and left out."""


def _entry_from_json(item: object) -> SaveEntry | None:
    """One entry, strictly checked; None if anything is off."""
    if not isinstance(item, dict):
        return None
    save_id, game_id, code = item.get("id"), item.get("game"), item.get("code")
    names, moves, updated = item.get("names"), item.get("moves", 0), item.get("updated", 0)
    if not (isinstance(save_id, str) and 0 < len(save_id) <= 64):
        return None
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
    if isinstance(updated, bool) or not isinstance(updated, int | float):
        return None
    if not math.isfinite(updated):
        return None
    return SaveEntry(save_id, game_id, tuple(names), moves, code, float(updated))


def parse_saves(raw: str | None) -> SaveList:
    """Parse the stored saves text; never raises.

    Accepted shape: ``{"saves": [entry, ...]}``. Newest first in the result.

    >>> parse_saves(None).entries
    []
    >>> parse_saves("{not json").corrupt
    True
    >>> parse_saves('{"saves": [{"id": "a"}]}').skipped
    1
    """
    if raw is None or raw == "":
        return SaveList()
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return SaveList(corrupt=True)
    items = data.get("saves") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return SaveList(corrupt=True)
    result = SaveList()
    seen: set[str] = set()
    for item in items:
        entry = _entry_from_json(item)
        if entry is None or entry.save_id in seen:
            result.skipped += 1
            continue
        seen.add(entry.save_id)
        result.entries.append(entry)
    result.entries.sort(key=lambda e: e.updated, reverse=True)
    return result


def load_saves(store: Store) -> SaveList:
    return parse_saves(store.read(SAVES_KEY))


def _raw_items(store: Store) -> list[Any] | None:
    """The stored entries as written (damaged ones too); None if the list itself is damaged."""
    raw = store.read(SAVES_KEY)
    if raw is None or raw == "":
        return []
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    items = data.get("saves") if isinstance(data, dict) else None
    return list(items) if isinstance(items, list) else None


def _write_items(store: Store, items: list[Any]) -> bool:
    return store.write_json(SAVES_KEY, {"saves": items})


def _item_id(item: object) -> object:
    return item.get("id") if isinstance(item, dict) else None


def put_save(store: Store, entry: SaveEntry) -> bool:
    """Add or replace one save (by id), keeping at most :data:`MAX_SAVES` readable ones.

    Refuses (returns False) when the stored list is damaged as a whole: overwriting it would
    destroy saves that a newer page version, or a careful user, could still recover. Entries this
    version cannot read are kept as they are, for the same reason.
    """
    items = _raw_items(store)
    if items is None:
        return False
    items = [entry.to_json()] + [i for i in items if _item_id(i) != entry.save_id]
    readable = [i for i in items if _entry_from_json(i) is not None]
    readable.sort(key=lambda i: float(i.get("updated", 0)), reverse=True)
    dropped = {id(i) for i in readable[MAX_SAVES:]}
    return _write_items(store, [i for i in items if id(i) not in dropped])


def delete_save(store: Store, save_id: str) -> bool:
    """Remove one save by id; False if storage refused or the list is damaged."""
    items = _raw_items(store)
    if items is None:
        return False
    return _write_items(store, [i for i in items if _item_id(i) != save_id])
