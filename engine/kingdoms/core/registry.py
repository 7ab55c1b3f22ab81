"""The registry of games: one :class:`~.protocol.GameEntry` per game, its parts imported
lazily so start-up stays cheap.

Why one entry: a game's facts (:class:`~.protocol.GameInfo`: seats, options, whether seats hide
things from each other), where its rules, words and computer players live — all in one object
in the game package's ``__init__`` (``ENTRY``), the way OpenSpiel registers a ``GameType`` next
to the game. Listing games reads only those entries; the rules, content, words and bots are
imported the first time they are needed, which keeps them off the page's start-up path.

The built-in games are listed in :data:`BUILT_IN`. Other games (the internal test game ``tally``,
registered by the tests and the developer command line; never shipped to the browser) are added
with :func:`register`. A game that is announced but not yet playable is listed with
``available=False`` (the home screen shows it as "coming soon"); asking to play it raises
:class:`UnknownGameError`.
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGameError
from .protocol import Game, GameEntry, GameInfo
from .text import CATALOGS, module_loader

BUILT_IN: tuple[str, ...] = ("kingdoms.dice_realm:ENTRY", "kingdoms.burgrave:ENTRY")
"""The games every copy of Kingdoms has, in the order the home screen lists them. Keep ids
stable: they are stored in records."""

_ENTRIES: dict[str, GameEntry] = {}
_ANNOUNCED: dict[str, GameInfo] = {}
"""Announced games that have no engine yet."""
_loaded: dict[str, Game[Any, Any]] = {}


def resolve(target: str) -> Any:
    """The object a ``"module:attribute"`` target names (its module imported now)."""
    module_name, attribute = target.split(":")
    return getattr(importlib.import_module(module_name), attribute)


def register(entry: GameEntry) -> None:
    """Add a game (again: the same entry twice is harmless) and its words' catalog."""
    game_id = entry.info.game_id
    _ENTRIES[game_id] = entry
    _loaded.pop(game_id, None)
    CATALOGS.add(game_id, module_loader(entry.catalog))


for _target in BUILT_IN:
    register(resolve(_target))


def entry(game_id: str) -> GameEntry:
    """A playable game's entry; ``UnknownGameError`` for anything else."""
    found = _ENTRIES.get(game_id)
    if found is None:
        if game_id in _ANNOUNCED:
            raise UnknownGameError(f"{_ANNOUNCED[game_id].title} is not playable yet.")
        raise UnknownGameError(f"Unknown game {game_id[:40]!r}.")
    return found


def get_game(game_id: str) -> Game[Any, Any]:
    """The game object for ``game_id``; raises ``UnknownGameError`` for anything else."""
    if game_id in _loaded:
        return _loaded[game_id]
    game: Game[Any, Any] = resolve(entry(game_id).game)
    _loaded[game_id] = game
    return game


def game_info(game_id: str) -> GameInfo:
    """A game's listing entry without importing its rules."""
    if game_id in _ENTRIES:
        return _ENTRIES[game_id].info
    if game_id in _ANNOUNCED:
        return _ANNOUNCED[game_id]
    raise UnknownGameError(f"Unknown game {game_id[:40]!r}.")


def list_games(include_internal: bool = False) -> list[GameInfo]:
    """Every known game, playable ones first in registry order, then announced ones."""
    infos = [found.info for found in _ENTRIES.values()
             if include_internal or not found.info.internal]
    playable_ids = {info.game_id for info in infos}
    infos += [info for game_id, info in _ANNOUNCED.items() if game_id not in playable_ids]
    return infos


def playable_game_ids(include_internal: bool = False) -> list[str]:
    """Ids of the games that can actually be played."""
    return [info.game_id for info in list_games(include_internal) if info.available]
