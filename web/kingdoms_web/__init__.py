"""Kingdoms' browser front end, written in Python and run by PyScript/Pyodide.

The page shell (home screen, saved games, share codes, settings) lives here; each game gets its own
view module later. Only :mod:`kingdoms_web.dom` and :mod:`kingdoms_web.app` touch the browser
directly, so the pure parts (translations, name validation, save-list parsing) can be tested on
CPython without a browser.
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
