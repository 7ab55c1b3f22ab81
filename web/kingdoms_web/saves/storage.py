"""Local storage that never raises, parses every value safely, and journals saves.

Why so defensive: ``localStorage`` can be missing (privacy modes, some embedded views), can throw
on every access (blocked cookies/site data), can be full, and can hold anything another version
of the page, an extension, a sibling site on the same host or the user wrote. None of that may
stop the page from starting, crash it, or destroy a save.

- **Reading never depends on writing**: a storage that is full at start-up is still read (the
  saves are listed and can be exported); only writes fail, each with its cause (``full`` or
  ``blocked``: :data:`WriteProblem`).
- **Every value is parsed safely** (:func:`parse_stored`): a size cap, then the engine's parser
  (pydantic-core: bounded nesting, so ``[[[[…`` cannot exhaust the stack under WebAssembly, no
  ``NaN``), never :func:`json.loads`.
- **Saves are journalled**: a :class:`Journal` (the page's IndexedDB journal, ``journal.js``)
  gets a copy of each save written, so a browser killed before it wrote localStorage to disk
  loses nothing (the journal is replayed into localStorage at the next start).
- **A save localStorage cannot take is held, not dropped**: when storage is full or the 500-save
  limit is reached, the save goes to the journal's database only, marked held (the overflow:
  IndexedDB's quota is far larger). :attr:`Store.held` is this page's copy of the overflow; the
  saves list shows it, and :func:`~kingdoms_web.saves.saved_games.save_held` writes it into
  localStorage, the store of record, as soon as there is room.

Keys are versioned (``kingdoms.v1.settings``; the saves under ``kingdoms.v3.*``: see
:mod:`kingdoms_web.saves.schema`), so an older page version never misreads newer data.

- **Saves are found by their own index** (:data:`INDEX_KEY`), not by scanning every key of the
  origin: on GitHub Pages every project of one account shares one origin, and another app's
  keys can number tens of thousands (a scan of them all is slow, a bounded one hides saves). A
  key is added to the index *before* its value is written and removed *after*, so the index
  always covers what is stored; a key it names that holds nothing is dropped when seen. Keys it
  misses are found too: a bounded scan once in a page's life (a page of an older version, or
  another tab that wrote the index at the same moment) and the journal's keys at start (a
  killed browser that lost the index's last write); the index learns each of them. A missing or
  unreadable index is rebuilt by one whole scan (it holds only what can be found again).

The backend is anything with the Web Storage methods (the browser's ``localStorage`` or
:class:`MemoryBackend` in tests), so this module needs no browser.

>>> store = Store(MemoryBackend())
>>> store.write_json(SETTINGS_KEY, {"language": "en"})
True
>>> read_settings(store)
{'language': 'en'}
>>> parse_stored("[" * 100_000)
(None, 'damaged')
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from kingdoms.core.records import parse_json

PREFIX = "kingdoms."
"""Every key the page owns starts with this (what "export everything" and "reset" cover)."""
SETTINGS_KEY = "kingdoms.v1.settings"
SAVE_KEYS_PREFIX = "kingdoms.v3.save."
"""The keys of single saves (the only ones the journal keeps: ``schema.SAVE_PREFIX``)."""
MAX_VALUE_CHARS = 1_000_000
"""A stored value longer than this is not parsed (a save is a few kilobytes; an old list of 500
long games stays far below)."""
MAX_SETTINGS_CHARS = 64_000
INDEX_KEY = "kingdoms.v3.index"
"""The page's list of its own save and set-aside keys (a JSON array of keys)."""
INDEXED_PREFIXES = (SAVE_KEYS_PREFIX, "kingdoms.v3.kept.")
"""The keys the index lists: single saves and values set aside (``schema.KEPT_PREFIX``)."""
MAX_KEYS_SCANNED = 20_000
"""The scan that looks for saves the index missed stops after this many keys: it bounds the
work when another app of the origin stored many (the index finds the rest); only rebuilding a
lost index scans them all."""

WriteProblem = Literal["full", "blocked"]
"""Why a write failed: the storage quota is used up, or the browser refuses storage at all."""


class StorageBackend(Protocol):
    """The subset of the Web Storage API we use."""

    def getItem(self, key: str) -> Any: ...

    def setItem(self, key: str, value: str) -> Any: ...

    def removeItem(self, key: str) -> Any: ...

    def key(self, index: int) -> Any: ...


class Journal(Protocol):
    """Where saves are mirrored durably (the page's IndexedDB journal, ``journal.js``)."""

    def put(self, key: str, value: str, rev: int, updated: float, held: bool) -> Any: ...

    def drop(self, key: str, rev: int, updated: float, created: float | None) -> Any: ...

    def forget(self, key: str) -> Any: ...


@dataclass(frozen=True)
class Held:
    """A save kept in the overflow (the journal's database) until localStorage can take it."""

    text: str
    rev: int
    updated: float


def held_entries(items: Any) -> dict[str, Held]:
    """The held saves among the journal's entries (``journal.js``'s ``entries()``, already
    converted to Python), each checked: anything malformed is left where it is."""
    held: dict[str, Held] = {}
    for item in items if isinstance(items, list | tuple) else ():
        if not isinstance(item, dict) or item.get("held") is not True or item.get("deleted"):
            continue
        key, text, rev, updated = (item.get("key"), item.get("value"), item.get("rev"),
                                   item.get("updated"))
        if (isinstance(key, str) and key.startswith(SAVE_KEYS_PREFIX)
                and isinstance(text, str) and len(text) <= MAX_VALUE_CHARS
                and isinstance(rev, int | float) and not isinstance(rev, bool)
                and isinstance(updated, int | float) and not isinstance(updated, bool)
                and math.isfinite(rev) and math.isfinite(updated) and rev == int(rev)):
            held[key] = Held(text, int(rev), float(updated))
    return held


class MemoryBackend:
    """An in-memory stand-in for ``localStorage`` (tests, and the fallback when it is blocked)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self._order: list[str] | None = None

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        if self._order is None:  # kept between calls: a scan of n keys stays O(n)
            self._order = list(self.items)
        return self._order[index] if 0 <= index < len(self._order) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if key not in self.items:
            self._order = None
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        if self.items.pop(key, None) is not None:
            self._order = None


def write_problem(error: BaseException) -> WriteProblem:
    """``full`` for a quota error (``QuotaExceededError``, Firefox's
    ``NS_ERROR_DOM_QUOTA_REACHED``), else ``blocked``."""
    text = f"{type(error).__name__} {error} {getattr(error, 'name', '')}".lower()
    return "full" if "quota" in text else "blocked"


class Store:
    """Versioned key/value access that reports problems instead of raising.

    ``available`` is False when the real storage could not be used at all (then writes go to
    memory only and the page warns that nothing will be kept). ``full_at_start`` is True when the
    start-up probe could not write for lack of space: the storage is still read.
    """

    def __init__(self, backend: StorageBackend | None, *, available: bool = True,
                 full_at_start: bool = False, journal: Journal | None = None,
                 held: dict[str, Held] | None = None, known: Iterable[str] = ()) -> None:
        self.available = available and backend is not None
        self.full_at_start = full_at_start
        self.journal = journal
        self.held: dict[str, Held] = dict(held or {})
        """The overflow as this page knows it: key -> held save (read from the journal at
        start, then kept up to date by :meth:`hold` and the saves that reach localStorage)."""
        self._backend: StorageBackend = backend if backend is not None else MemoryBackend()
        self._known = {key for key in known if is_indexed(key)}
        """Keys the journal holds saves for (read at start): the index learns those present."""
        self._unwritten: set[str] = set()
        """Keys added to the index that storage refused to write (full): kept for the next
        write of the index, so a save written meanwhile is not missed by this page."""
        self._scanned = False
        """The index was checked against a bounded scan in this page's life (once is enough:
        the table's writes heal what another tab's race loses meanwhile)."""

    def read(self, key: str) -> str | None:
        """The stored text, or None if absent or unreadable."""
        try:
            value = self._backend.getItem(key)
        except Exception:  # the edge: the browser may throw SecurityError on any access
            return None
        # Only a real string counts: a JS null (absent key) may arrive as None or as a proxy.
        return value if isinstance(value, str) else None

    def keys(self, prefix: str) -> list[str]:
        """Every stored key starting with ``prefix`` (sorted; [] if storage cannot be listed):
        for saves and set-aside values, by the index (:meth:`indexed_keys`); for anything else,
        by a bounded scan."""
        if prefix.startswith(INDEXED_PREFIXES):
            found = self.indexed_keys()
        else:
            found = self._scan(MAX_KEYS_SCANNED)
        return sorted(key for key in found if key.startswith(prefix))

    def indexed_keys(self) -> set[str]:
        """The save and set-aside keys the index lists. The first call in a page's life also
        looks for keys the index missed (a bounded scan, and the journal's keys) and corrects
        it; with no readable index, one whole scan rebuilds it. A key listed may hold nothing
        (a kill between the index's write and the save's): readers drop it
        (:meth:`forget_key`)."""
        index = self._read_index()
        if index is not None and self._scanned:
            return index
        found = {key for key in self._scan(None if index is None else MAX_KEYS_SCANNED)
                 if is_indexed(key)}
        claimed = (index or set()) | self._known
        found |= {key for key in claimed - found if self.read(key) is not None}
        self._known.clear()
        self._scanned = True
        if found != index and self.available:
            self._write_index(found)
        return found

    def forget_key(self, key: str) -> None:
        """Drop a key that holds nothing from the index (a reader found it empty)."""
        if self.available and is_indexed(key) and self.read(key) is None:
            self._index_remove(key)

    def _scan(self, limit: int | None) -> set[str]:
        found: set[str] = set()
        with contextlib.suppress(Exception):  # the edge, as in read()
            count = int(getattr(self._backend, "length", 0))
            for index in range(count if limit is None else min(count, limit)):
                key = self._backend.key(index)
                if isinstance(key, str) and key.startswith(PREFIX):
                    found.add(key)
        return found

    def _read_index(self) -> set[str] | None:
        """The stored index with the keys this page could not add to it; None when there is
        none or it cannot be read (then it is rebuilt), unless this page holds one storage
        could not take (then that one stands in: the whole scan is not repeated)."""
        data, problem = parse_stored(self.read(INDEX_KEY))
        if problem is not None or not isinstance(data, list):
            return set(self._unwritten) if self._unwritten else None
        return {key for key in data if isinstance(key, str) and is_indexed(key)} | self._unwritten

    def _write_index(self, keys: set[str]) -> None:
        if self.write(INDEX_KEY, json.dumps(sorted(keys), ensure_ascii=False,
                                            separators=(",", ":"))):
            self._unwritten.clear()
        else:  # full: remembered here, written with the next change that fits
            self._unwritten |= keys

    def _index_add(self, key: str) -> None:
        index = self._read_index()
        if index is None:
            index = self.indexed_keys()
        if key not in index:
            self._write_index(index | {key})

    def _index_remove(self, key: str) -> None:
        self._unwritten.discard(key)
        index = self._read_index()
        if index is not None and key in index:
            self._write_index(index - {key})

    def put(self, key: str, value: str) -> WriteProblem | None:
        """Store ``value``; the problem if the browser refused (None when stored). A save's
        key joins the index first, so the index never misses a stored save (and leaves it
        again when the value could not be written: a held save is not counted as stored)."""
        if not self.available:
            return "blocked"
        if is_indexed(key):
            self._index_add(key)
        try:
            self._backend.setItem(key, value)
        except Exception as error:  # the edge: QuotaExceededError, SecurityError, anything
            self.forget_key(key)
            return write_problem(error)
        return None

    def write(self, key: str, value: str) -> bool:
        """Store ``value``; False if the browser refused (quota, blocked storage).

        Unlike :meth:`put`, this writes to the memory fallback too when storage is unavailable
        (settings then last for the page's life).
        """
        try:
            self._backend.setItem(key, value)
        except Exception:  # the edge, as in put()
            return False
        return True

    def remove(self, key: str) -> bool:
        """Remove a value (then its key leaves the index); False if the browser refused."""
        try:
            self._backend.removeItem(key)
        except Exception:  # the edge, as in put()
            return False
        if is_indexed(key) and self.available:
            self._index_remove(key)
        return True

    def journal_put(self, key: str, value: str, rev: int, updated: float) -> None:
        """Mirror a save into the journal (asynchronous in the page; never raises); a held copy
        of it is no longer needed (the journal's entry is overwritten as not held)."""
        self.held.pop(key, None)
        if self.journal is None or not self.available:
            return
        # The edge: a journal that fails must never cost the save itself.
        with contextlib.suppress(Exception):
            self.journal.put(key, value, rev, updated, False)

    @property
    def can_hold(self) -> bool:
        """Whether a save localStorage refused can be kept in the overflow (there is a
        journal, and it opened)."""
        return self.journal is not None and self.available

    def hold(self, key: str, value: str, rev: int, updated: float) -> bool:
        """Keep a save localStorage refused in the overflow; False if there is none."""
        if not self.can_hold or self.journal is None:
            return False
        try:
            self.journal.put(key, value, rev, updated, True)
        except Exception:  # the edge, as in journal_put()
            return False
        self.held[key] = Held(value, rev, updated)
        return True

    def journal_drop(self, key: str, rev: int, updated: float,
                     created: float | None = None) -> None:
        """Record in the journal that a save was deleted (before it is removed here): the
        tombstone names the game by its creation time, so it removes no other. A held copy
        goes too (the journal keeps one entry per key)."""
        self.held.pop(key, None)
        if self.journal is None or not self.available:
            return
        with contextlib.suppress(Exception):  # the edge, as in journal_put()
            self.journal.drop(key, rev, updated, created)

    def journal_forget(self, key: str) -> None:
        """Remove the journal's entry for ``key`` (one the page refused and set aside)."""
        if self.journal is None:
            return
        with contextlib.suppress(Exception):  # the edge, as in journal_put()
            self.journal.forget(key)

    def read_json(self, key: str, limit: int = MAX_VALUE_CHARS) -> tuple[Any, bool]:
        """(parsed value, ok): a missing key is ``(None, True)``, damaged JSON ``(None, False)``."""
        data, problem = parse_stored(self.read(key), limit)
        return data, problem is None

    def write_json(self, key: str, value: Any) -> bool:
        try:
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError):
            return False
        return self.write(key, text)


def is_indexed(key: str) -> bool:
    """Whether ``key`` is one the index lists (a save or a value set aside)."""
    return key.startswith(INDEXED_PREFIXES) and len(key) <= 200


def parse_stored(raw: str | None, limit: int = MAX_VALUE_CHARS) -> tuple[Any, str | None]:
    """A stored value parsed safely: ``(data, None)``, ``(None, None)`` for a missing key, or
    ``(None, reason)`` with reason ``too_large`` or ``damaged``. Never raises.

    >>> parse_stored('{"a": [1, 2]}')
    ({'a': [1, 2]}, None)
    >>> parse_stored("x" * 20, limit=10)
    (None, 'too_large')
    """
    if raw is None:
        return None, None
    if not isinstance(raw, str):
        return None, "damaged"
    if len(raw) > limit:
        return None, "too_large"

    try:
        data = parse_json(raw)
    except Exception:  # parse_json already returns None for bad JSON; this is a safety net
        return None, "damaged"
    if data is None:
        return None, "damaged"
    return data, None


# --------------------------------------------------------------------------- settings


def read_settings(store: Store) -> dict[str, Any]:
    """The settings object; damaged or foreign data gives defaults (settings are cheap to redo)."""
    data, _ok = store.read_json(SETTINGS_KEY, MAX_SETTINGS_CHARS)
    return dict(data) if isinstance(data, dict) else {}


def write_settings(store: Store, settings: dict[str, Any]) -> bool:
    return store.write_json(SETTINGS_KEY, settings)
