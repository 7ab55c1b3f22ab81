"""The Dice Realm board's containers, kept from one drawing to the next.

The screen draws the market (:mod:`.market`), what happened (:mod:`.events`), the tray and the
players' realms (:mod:`.realms`) into them; kept, what is kept inside them stays in the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from kingdoms_web import dom
from kingdoms_web.dom import Element, el
from kingdoms_web.games.dice_realm import realms
from kingdoms_web.i18n import t


@dataclass(frozen=True)
class BoardFrame:
    """The board's containers, kept from one drawing to the next (per language) so that what
    is kept inside them stays in the page (:func:`kingdoms_web.dom.patch`)."""

    board: Element
    left: Element
    market: Element
    market_title: Element
    columns_box: Element
    columns: list[Element]
    """One per slot of the row: its village pile above its citizen."""
    right: Element
    players: Element
    players_list: Element

    @staticmethod
    def build(slots: int) -> BoardFrame:
        columns = [el("div", cls="dr-column") for _ in range(slots)]
        columns_box = el("div", *columns, cls="dr-columns")
        title = el("h2", t("dice-realm.market"), cls="sr-only")
        market = el("section", title, columns_box, cls="dr-market",
                    attrs={"aria-label": t("dice-realm.market")})
        left = el("div", market, cls="dr-left")
        players = realms.players_frame([])
        players_list = dom.query("ul", players)
        right = el("div", players, cls="dr-right")
        board = el("div", left, right, cls="dr", testid="dice-realm",
                   attrs={"aria-label": t("dice-realm.board"), "role": "region"})
        return BoardFrame(board, left, market, title, columns_box, columns, right, players,
                          players_list)
