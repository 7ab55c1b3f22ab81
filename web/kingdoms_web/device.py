"""What the page asks of the device besides the DOM: storage, languages, random numbers, time,
and the app's manners (the service worker's news, keeping storage, installing).

Each function works on CPython too (tests), where the browser is absent: storage falls back to
memory, random numbers to :mod:`secrets`, the clock to :func:`time.time`.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from kingdoms_web import dom
from kingdoms_web.saves.journal_check import Replaced, replaced_items
from kingdoms_web.saves.storage import Held, Store, held_entries, write_problem

_PROBE_KEY = "kingdoms.v1.probe"
_ERRORS: tuple[type[Exception], ...] = (*dom.BROWSER_ERRORS, ValueError)


@dataclass(frozen=True)
class JournalStart:
    """What the save journal (``journal.js``) reported at start-up."""

    on: bool = False
    """The journal opened (False: no IndexedDB, or it could not be opened or repaired: a killed
    browser may lose the last moves, and nothing can be held; the home screen says so)."""
    present: bool = False
    """``journal.js`` ran at all (False in tests on CPython, where there is no browser)."""
    restored: int = 0
    """Saves brought back from the journal into localStorage."""
    held: dict[str, Held] = field(default_factory=dict)
    """The overflow: saves kept in the journal's database that localStorage could not take."""
    replaced: tuple[Replaced, ...] = ()
    """What the replay wrote over, for the page to check (:mod:`~.saves.journal_check`)."""
    keys: tuple[str, ...] = ()
    """Every save key the journal holds a copy of (the saves index learns those present:
    a killed browser can lose the index's last write with the save's)."""


_journal_start = JournalStart()
MAX_JOURNAL_ENTRIES = 20_000
"""Entries read from the journal at most (it holds one per save: bounds a hostile database)."""


def journal_start() -> JournalStart:
    """What :func:`journal_ready` found (an empty report before it ran)."""
    return _journal_start


def make_store() -> Store:
    """``localStorage`` if the browser lets us use it, else a memory store marked unavailable.

    Reading never depends on the probe write: a storage that is *full* at start-up is still the
    real one (``full_at_start``), so the saves are listed and can be exported; only a storage
    the browser refuses outright (SecurityError, none at all) falls back to memory.
    """
    try:
        backend = dom.window.localStorage
        backend.getItem(_PROBE_KEY)
    except dom.BROWSER_ERRORS:  # SecurityError (blocked site data), no storage at all
        return Store(None, available=False)
    started = _journal_start
    journal = dom.opt(getattr(dom.window, "kingdomsJournal", None)) if started.on else None
    try:
        backend.setItem(_PROBE_KEY, "1")
        backend.removeItem(_PROBE_KEY)
    except dom.BROWSER_ERRORS as error:
        if write_problem(error) == "full":
            return Store(backend, full_at_start=True, journal=journal, held=started.held,
                         known=started.keys)
        return Store(None, available=False)
    return Store(backend, journal=journal, held=started.held, known=started.keys)


async def journal_ready() -> JournalStart:
    """Wait for ``journal.js`` to bring saves a killed browser had not written to disk back
    into localStorage (it never takes more than 3 s), then read the overflow it holds."""
    global _journal_start
    try:
        journal = dom.opt(getattr(dom.window, "kingdomsJournal", None))
        if journal is None:
            return _journal_start
        restored = int(await journal.ready)
        on = str(await journal.state) == "on"
        entries = await journal.entries() if on else None
        held = held_entries(_journal_items(entries)) if entries is not None else {}
        keys = _journal_keys(entries) if entries is not None else ()
        replaced = replaced_items(_plain(journal.replaced, ("key", "previous", "restored")))
    except _ERRORS:
        dom.log_error("Kingdoms: the save journal could not be read")
        _journal_start = JournalStart(present=True)
        return _journal_start
    _journal_start = JournalStart(on, True, restored, held, tuple(replaced), keys)
    return _journal_start


def _plain(items: Any, names: tuple[str, ...]) -> list[dict[str, Any]]:
    """A JavaScript array of objects as plain values (each named field read on its own: it is
    stored data, so anything may be missing or of another type)."""
    return [_fields(items[index], names)
            for index in range(min(int(items.length), MAX_JOURNAL_ENTRIES))]


def _fields(item: Any, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: dom.opt(getattr(item, name, None)) for name in names}


def _journal_items(entries: Any) -> list[dict[str, Any]]:
    """The journal's held entries as plain values (only those are copied out: the journal
    holds a copy of every save)."""
    names = ("key", "value", "rev", "updated", "held", "deleted")
    return [_fields(entry, names) for entry in
            (entries[index] for index in range(min(int(entries.length), MAX_JOURNAL_ENTRIES)))
            if dom.opt(getattr(entry, "held", None)) is True]


def _journal_keys(entries: Any) -> tuple[str, ...]:
    """The keys of the journal's saves (not its deletions)."""
    keys = []
    for index in range(min(int(entries.length), MAX_JOURNAL_ENTRIES)):
        key, deleted = (dom.opt(getattr(entries[index], name, None)) for name in ("key", "deleted"))
        if isinstance(key, str) and deleted is not True:
            keys.append(key)
    return tuple(keys)


def browser_languages() -> list[str]:
    """The languages the browser prefers, best first ([] when it does not say)."""
    try:
        return [str(code) for code in dom.window.navigator.languages]
    except dom.BROWSER_ERRORS:
        return []


def random_u32(count: int) -> list[int]:
    """``count`` random 32-bit numbers from the browser's ``crypto.getRandomValues``."""
    try:
        array = dom.window.Uint32Array.new(count)
        dom.window.crypto.getRandomValues(array)
        return [int(array[i]) for i in range(count)]
    except dom.BROWSER_ERRORS:  # CPython, or a browser without Web Crypto
        return [secrets.randbits(32) for _ in range(count)]


def new_save_id() -> str:
    """A fresh id for a saved game: 16 hex digits (ids go into CSS selectors and URLs)."""
    return "".join(f"{n:08x}" for n in random_u32(2))


def now_ms() -> float:
    """The time in milliseconds since 1970 (``Date.now()``)."""
    try:
        return float(dom.window.Date.now())
    except dom.BROWSER_ERRORS:
        return time.time() * 1000


# --------------------------------------------------------------------------- app manners


def boot_flag(name: str) -> bool:
    """A flag the loading script (``boot.js``) keeps about the service worker or install:
    ``updateWaiting``, ``offlineReady``, ``canInstall``."""
    try:
        boot = dom.opt(getattr(dom.window, "kingdomsBoot", None))
        return boot is not None and bool(boot.flag(name))
    except dom.BROWSER_ERRORS:
        return False


def boot_call(name: str) -> Any:
    """Ask ``boot.js`` to do something (``applyUpdate``, ``promptInstall``); None if it cannot."""
    try:
        boot = dom.opt(getattr(dom.window, "kingdomsBoot", None))
        return None if boot is None else getattr(boot, name)()
    except dom.BROWSER_ERRORS:
        return None


def apple_mobile() -> bool:
    """An iPad or iPhone browser (where "Add to Home Screen" is the only way to install; iPadOS
    reports itself as a Mac with a touch screen)."""
    try:
        navigator = dom.window.navigator
        agent = str(navigator.userAgent)
        touch = int(getattr(navigator, "maxTouchPoints", 0) or 0)
    except _ERRORS:
        return False
    return any(name in agent for name in ("iPhone", "iPad", "iPod")) or (
        "Macintosh" in agent and touch > 1)


def standalone() -> bool:
    """Running as an installed app (from the home screen), not in a browser tab."""
    try:
        if bool(dom.window.matchMedia("(display-mode: standalone)").matches):
            return True
        return bool(getattr(dom.window.navigator, "standalone", False))
    except dom.BROWSER_ERRORS:
        return False


async def storage_persisted() -> bool | None:
    """Whether the browser promised not to evict this site's storage (None: cannot tell)."""
    try:
        return bool(await dom.window.navigator.storage.persisted())
    except dom.BROWSER_ERRORS:
        return None


async def request_persistence() -> bool | None:
    """Ask the browser to keep this site's storage (``navigator.storage.persist()``)."""
    try:
        return bool(await dom.window.navigator.storage.persist())
    except dom.BROWSER_ERRORS:
        return None
