"""Burgrave on the page: its :class:`~kingdoms_web.play.contract.GameUI` (``UI``). The screen
(``screen.BurgraveScreen``) is drawn by the board, the player boards and the dialogs from the
model (prompts, offered controls, texts; no DOM); the book, guide and help are data beside it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kingdoms_web.games.burgrave.book import BOOK
from kingdoms_web.games.burgrave.coach import MARKS
from kingdoms_web.games.burgrave.help import TOPICS
from kingdoms_web.games.burgrave.hints import targets
from kingdoms_web.games.burgrave.keys import KEYS
from kingdoms_web.learn.figures import Figure
from kingdoms_web.play.contract import GameHost, GameScreen, GameUI


def _create_screen(host: GameHost) -> GameScreen[Any]:
    from kingdoms_web.games.burgrave.screen import BurgraveScreen  # imported on first play

    return BurgraveScreen(host)


def _figures() -> Mapping[str, Figure]:
    from kingdoms_web.games.burgrave.figures import FIGURES  # imported with the rules

    return FIGURES


UI = GameUI(game_id="burgrave", create_screen=_create_screen, book=BOOK, figures=_figures,
            coach=MARKS, help=TOPICS, title_art="art/burgrave-title.svg",
            stylesheet="burgrave.css", keys=KEYS, hint_targets=targets)
