"""What the page asks of the device besides the DOM: storage, languages, random numbers, time.

Each function works on CPython too (tests), where the browser is absent: storage falls back to
memory, random numbers to :mod:`secrets`, the clock to :func:`time.time`.
"""

from __future__ import annotations

import secrets
import time

from kingdoms_web import dom
from kingdoms_web.saves.storage import Store

_PROBE_KEY = "kingdoms.v1.probe"


def make_store() -> Store:
    """``localStorage`` if the browser lets us use it, else a memory store marked unavailable."""
    try:
        backend = dom.window.localStorage
        backend.setItem(_PROBE_KEY, "1")
        backend.removeItem(_PROBE_KEY)
    except dom.BROWSER_ERRORS:  # SecurityError, missing storage, quota already full
        return Store(None, available=False)
    return Store(backend)


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
