"""Every game the page can show: each game's :class:`~kingdoms_web.play.contract.GameUI`, by
game id. A game is on the page when its package is listed here; nothing is looked up by file
name, so a missing part is an import error, not a game that quietly lacks help or rules.
"""

from __future__ import annotations

from kingdoms_web.games.burgrave import UI as BURGRAVE
from kingdoms_web.games.dice_realm import UI as DICE_REALM
from kingdoms_web.play.contract import GameUI

GAME_UIS: dict[str, GameUI] = {ui.game_id: ui for ui in (DICE_REALM, BURGRAVE)}
"""game id -> what the page has of that game."""


def ui_for(game_id: str) -> GameUI | None:
    """The page's part of a game; None for a game the page cannot show (a game of a newer
    version, the engine's internal test game)."""
    return GAME_UIS.get(game_id)
