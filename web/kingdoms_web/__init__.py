"""Kingdoms' browser front end, written in Python and run by PyScript/Pyodide.

``startup.boot()`` is the entry point (``public/main.py``); ``app.App`` routes the screens.
The package is laid out by what each part does: ``shell/`` (home screen, dialogs, settings,
share), ``saves/`` (storage, the saved games, export/import, opening codes), ``play/`` (a running
game, history, replay), ``games/`` (one package per game screen), ``i18n/`` (translations) and,
at the top, ``dom`` (safe element building), ``urls`` (every URL the page handles) and
``device`` (storage, languages, random numbers, time). See ``docs/architecture.md``.

Every module imports on CPython too (``dom.document`` is None there), so the pure parts and, with
a fake document, the screens are tested without a browser.
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
