"""Local storage that never raises, and the page's settings stored in it.

Why so defensive: ``localStorage`` can be missing (privacy modes, some embedded views), can throw
on every access (blocked cookies/site data), can be full, and can hold anything another version
of the page, an extension or the user wrote. None of that may crash the page or destroy a save.

Keys are versioned (``kingdoms.v1.*`` for settings, ``kingdoms.v2.saves`` for the saved games:
see :mod:`kingdoms_web.saves.saved_games`), so an older page version never misreads newer data.

The backend is anything with ``getItem``/``setItem``/``removeItem`` (the browser's
``localStorage`` or :class:`MemoryBackend` in tests), so this module needs no browser.

>>> store = Store(MemoryBackend())
>>> store.write_json(SETTINGS_KEY, {"language": "en"})
True
>>> read_settings(store)
{'language': 'en'}
"""

from __future__ import annotations

import json
from typing import Any, Protocol

PREFIX = "kingdoms.v1."
SETTINGS_KEY = PREFIX + "settings"


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
        except Exception:  # the edge: the browser may throw SecurityError on any access
            return None
        # Only a real string counts: a JS null (absent key) may arrive as None or as a proxy.
        return value if isinstance(value, str) else None

    def write(self, key: str, value: str) -> bool:
        """Store ``value``; False if the browser refused (quota, blocked storage)."""
        try:
            self._backend.setItem(key, value)
        except Exception:  # the edge: QuotaExceededError, SecurityError, whatever a backend throws
            return False
        return True

    def remove(self, key: str) -> bool:
        try:
            self._backend.removeItem(key)
        except Exception:  # the edge, as in write()
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
