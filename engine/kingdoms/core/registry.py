"""The registry of games: ids to game objects, imported lazily so start-up stays cheap.

Listing games reads only each game's ``INFO`` (its package's ``__init__``); the rules and content
are imported the first time a game is played, which keeps them off the page's start-up path.

Each game's words (catalogs of :mod:`.text`, for its log lines, prompts, card names …) are
registered here too, under its id as key prefix, and loaded on first use.

A game that is announced but not yet playable is listed with ``available=False`` (the home screen
shows it as "coming soon"); asking to play it raises :class:`UnknownGameError`.
"""

from __future__ import annotations

import importlib
from typing import Any, NamedTuple

from .errors import UnknownGameError
from .protocol import Game, GameInfo
from .text import CATALOGS, module_loader


class _Entry(NamedTuple):
    """Where a game's parts live, as ``"module:attribute"`` (imported only when needed)."""

    info: str
    game: str
    catalog: str
    """A function ``catalog(language) -> {key: template}`` for the keys ``<game id>.*``."""


# Keep ids stable: they are stored in records.
_PLAYABLE: dict[str, _Entry] = {
    "tally": _Entry("kingdoms.testgame.tally:INFO", "kingdoms.testgame.tally:GAME",
                    "kingdoms.testgame.tally:catalog"),
    "dice-realm": _Entry("kingdoms.dice_realm:INFO", "kingdoms.dice_realm.game:GAME",
                         "kingdoms.dice_realm.explain:catalog"),
    "burgrave": _Entry("kingdoms.burgrave:INFO", "kingdoms.burgrave.game:GAME",
                       "kingdoms.burgrave.explain:catalog"),
}
for _game_id, _entry in _PLAYABLE.items():
    CATALOGS.add(_game_id, module_loader(_entry.catalog))

# Announced games that have no engine yet.
_ANNOUNCED: dict[str, GameInfo] = {}

_loaded: dict[str, Game[Any, Any]] = {}


def get_game(game_id: str) -> Game[Any, Any]:
    """The game object for ``game_id``; raises ``UnknownGameError`` for anything else."""
    if game_id in _loaded:
        return _loaded[game_id]
    target = _PLAYABLE.get(game_id)
    if target is None:
        if game_id in _ANNOUNCED:
            raise UnknownGameError(f"{_ANNOUNCED[game_id].title} is not playable yet.")
        raise UnknownGameError(f"Unknown game {game_id[:40]!r}.")
    game: Game[Any, Any] = _resolve(target.game)
    _loaded[game_id] = game
    return game


def _resolve(target: str) -> Any:
    module_name, attribute = target.split(":")
    return getattr(importlib.import_module(module_name), attribute)


def game_info(game_id: str) -> GameInfo:
    """A game's listing entry without importing its rules."""
    if game_id in _PLAYABLE:
        info: GameInfo = _resolve(_PLAYABLE[game_id].info)
        return info
    if game_id in _ANNOUNCED:
        return _ANNOUNCED[game_id]
    raise UnknownGameError(f"Unknown game {game_id[:40]!r}.")


def list_games(include_internal: bool = False) -> list[GameInfo]:
    """Every known game, playable ones first in registry order, then announced ones."""
    infos = [game_info(game_id) for game_id in _PLAYABLE]
    infos = [info for info in infos if include_internal or not info.internal]
    playable_ids = {info.game_id for info in infos}
    infos += [info for game_id, info in _ANNOUNCED.items() if game_id not in playable_ids]
    return infos


def playable_game_ids(include_internal: bool = False) -> list[str]:
    """Ids of the games that can actually be played."""
    return [info.game_id for info in list_games(include_internal) if info.available]
