"""One package per game, each with a ``screen`` module exposing ``create_screen(host)`` (see
:mod:`kingdoms_web.play.contract`); the app lists them in ``app.VIEW_MODULES``. Beside it a game
may have data modules the shell reads: ``coach`` (its first-game tips) and ``help`` (what each
board element is)."""

from __future__ import annotations

import importlib
from typing import Any


def game_part(screen_module: str, part: str, name: str) -> tuple[Any, ...]:
    """``name`` from the module ``part`` beside a game's screen module (``games/<game>/<part>``),
    or ``()`` when the game has no such module."""
    package = screen_module.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.{part}")
    except ModuleNotFoundError:
        return ()
    found: tuple[Any, ...] = getattr(module, name, ())
    return found
