"""Dice Realm on the page: its :class:`~kingdoms_web.play.contract.GameUI` (``UI``). The screen
(``screen.DiceRealmScreen``) is drawn with its parts: art, odds helper, events, realms, market
and texts; the book, guide and help are data beside it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kingdoms_web.games.dice_realm.book import BOOK
from kingdoms_web.games.dice_realm.coach import MARKS
from kingdoms_web.games.dice_realm.help import TOPICS
from kingdoms_web.games.dice_realm.hints import targets
from kingdoms_web.games.dice_realm.keys import KEYS
from kingdoms_web.learn.figures import Figure
from kingdoms_web.play.contract import GameHost, GameScreen, GameUI


def _create_screen(host: GameHost) -> GameScreen[Any]:
    from kingdoms_web.games.dice_realm.screen import DiceRealmScreen  # imported on first play

    return DiceRealmScreen(host)


def _figures() -> Mapping[str, Figure]:
    from kingdoms_web.games.dice_realm.figures import FIGURES  # imported with the rules

    return FIGURES


UI = GameUI(game_id="dice-realm", create_screen=_create_screen, book=BOOK, figures=_figures,
            coach=MARKS, help=TOPICS, title_art="art/dice-realm-title.svg",
            stylesheet="dice-realm.css", keys=KEYS, hint_targets=targets)
