"""The rules reference's pictures: what every game's figures share.

Nothing in a rules picture is a screenshot: each game draws its figures with its own board
components (``games/<game>/figures.py``: a Dice Realm citizen by its ``CardArt``, a Burgrave
card by its ``card_face``, a reward by its ``chips``), so the pictures always match the board, in
the player's language. Each figure is a function of nothing (static content), listed by the
name the book uses (``"fig:<name>"``) in the game's
:attr:`~kingdoms_web.play.contract.GameUI.figures`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kingdoms_web.dom import Element, el

Figure = Callable[[], Element]
"""Draws one picture of the rules."""


def picture(*children: Any, caption: str | None = None, cls: str = "") -> Element:
    """A picture of the rules: its parts in a row (``cls`` lays them out) over a caption."""
    return el("figure", el("div", *children, cls="rules-figure-body " + cls),
              el("figcaption", caption) if caption else None, cls="rules-figure")
