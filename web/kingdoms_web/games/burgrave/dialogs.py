"""Burgrave's two dialogs: a card's full text, and the legend of every icon on the board."""

from __future__ import annotations

from typing import Any

from kingdoms.burgrave.game import BurgraveView
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.burgrave.board import pawn
from kingdoms_web.games.burgrave.icons import LEGEND, icon, symbol_name
from kingdoms_web.i18n import t
from kingdoms_web.shell.dialogs import Modal, button


class CardDialog(Modal):
    """A card's or manuscript's full text, opened by tapping it."""

    testid = "card-dialog"

    def __init__(self, title: str, lines: list[Any]) -> None:
        super().__init__()
        self._title = title
        self._lines = lines

    def title(self) -> str:
        return self._title

    def build_body(self, scope: Scope) -> list[Any]:
        close = button(scope, t("app.close"), lambda _e: self.close(), testid="card-dialog-close",
                       cls="btn btn-primary")
        return [el("div", *self._lines, cls="bg-dialog-body"), el("div", close, cls="actions")]


class LegendDialog(Modal):
    """Every icon of the game with its name, one tap from the board: the board shows icons, not
    words, so their meaning must never be further away than this."""

    testid = "legend-dialog"

    def __init__(self, view: BurgraveView) -> None:
        super().__init__()
        self._view = view

    def title(self) -> str:
        return t("burgrave.legend.title")

    def build_body(self, scope: Scope) -> list[Any]:
        groups: list[Any] = []
        players = self._view.get("players", [])
        if players:
            rows = [el("li", pawn(self._view, seat), el("span", str(player["name"])),
                       cls="bg-legend-row") for seat, player in enumerate(players)]
            groups.append(self._group(t("burgrave.legend.group.players"), rows))
        for group, symbols in LEGEND:
            rows = [el("li", icon(symbol), el("span", symbol_name(symbol)), cls="bg-legend-row",
                       testid=f"legend-{symbol}") for symbol in symbols]
            if group == "resources":
                rows.append(el("li", el("span", "2", cls="bg-card-value"),
                               el("span", t("burgrave.legend.value")), cls="bg-legend-row"))
            groups.append(self._group(t(f"burgrave.legend.group.{group}"), rows))
        close = button(scope, t("app.close"), lambda _e: self.close(),
                       testid="legend-dialog-close", cls="btn btn-primary")
        return [el("div", *groups, cls="bg-legend-groups"), el("div", close, cls="actions")]

    @staticmethod
    def _group(title: str, rows: list[Any]) -> Element:
        return el("section", el("h3", title, cls="bg-sub"), el("ul", *rows, cls="bg-legend-list"),
                  cls="bg-legend-group")
