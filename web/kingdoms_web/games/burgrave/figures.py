"""Burgrave's pictures in its rules reference, drawn with the board's own components (its card
faces, reward chips, icons and player board), so they always match the board, in the player's
language (see :mod:`kingdoms_web.learn.figures`)."""

from __future__ import annotations

from typing import Any

from kingdoms.burgrave import explain
from kingdoms.burgrave.content import BUILDINGS, ICONS
from kingdoms_web.dom import Element, el
from kingdoms_web.games.burgrave import model as M
from kingdoms_web.games.burgrave.board import chips
from kingdoms_web.games.burgrave.icons import icon as sprite_icon
from kingdoms_web.games.burgrave.player import card_face, track
from kingdoms_web.i18n import t
from kingdoms_web.learn.figures import Figure, picture


def _bg_card(card: int, full: bool = True) -> Element:
    info = M.card_info(card)
    return el("div", *card_face(info, full=full),
              cls=f"bg-card bg-card-hand {M.card_classes(info)}")


def _bg_chips(effects: Any) -> Element:
    """The reward chips as the board shows them, followed by their words (the legend)."""
    return el("span", chips(effects), el("span", M.effects_text(effects), cls="rules-says"),
              cls="rules-reward")


def _bg_icon(icon: str) -> Element:
    return el("span", el("span", sprite_icon(icon), cls=f"bg-icon bg-icon-{icon}"),
              el("span", M.icon_name(icon)), cls="rules-icon")


def bg_goal() -> Element:
    return picture(*[_bg_card(card) for card in explain.hero_cards()[:2]],
                   caption=t("rules.fig.bg_goal"), cls="rules-cards")


def bg_board() -> Element:
    rows = [el("div", el("span", M.spot_name(0, index), cls="rules-term"),
               _bg_chips(M.spot_rewards(0, index)), cls="rules-pair") for index in range(3)]
    return picture(*rows, caption=t("rules.fig.bg_board"), cls="rules-list")


def bg_player() -> Element:
    slots = el("div", *[el("div", _bg_icon(M.start_slot_icon(slot)), cls="bg-card bg-card-empty")
                        for slot in range(3)], cls="rules-cards")
    return picture(slots, track(6, 0), caption=t("rules.fig.bg_player"), cls="rules-list")


def bg_cards() -> Element:
    return picture(*[_bg_card(card) for card in explain.starting_deck(0)[:4]],
                   caption=t("rules.fig.bg_cards"), cls="rules-cards")


def bg_icons() -> Element:
    return picture(*[_bg_icon(icon) for icon in ICONS], caption=t("rules.fig.bg_icons"),
                   cls="rules-icons")


def bg_trade() -> Element:
    return picture(*[el("p", M.exchange_text(kind), cls="rules-exchange") for kind in range(1, 5)],
                   caption=t("rules.fig.bg_trade"), cls="rules-list")


def bg_build() -> Element:
    rows = [el("div", el("span", f"{M.building_name(b)} {n}", cls="rules-term"),
               el("span", M.building_benefit(b, n)), cls="rules-pair")
            for b in BUILDINGS for n in (1, 2, 3)]
    return picture(*rows, caption=t("rules.fig.bg_build"), cls="rules-list")


def bg_workers() -> Element:
    rows = [el("div", el("span", t("rules.fig.bg_section", number=design + 1),
                         cls="rules-term"), _bg_chips(M.castle_rewards(design)),
               cls="rules-pair") for design in range(5)]
    return picture(*rows, caption=t("rules.fig.bg_workers"), cls="rules-list")


def bg_transcribe() -> Element:
    nodes = []
    for script in range(4):
        info = M.script_info(script)
        nodes.append(el("div", el("span", info["name"], cls="bg-mini-name"),
                        el("span", t("burgrave.script_cost", count=info["cost"]),
                           cls="bg-mini-meta"),
                        el("span", M.ribbon_name(info["ribbon"]), cls="bg-mini-left"),
                        cls=f"bg-mini bg-script bg-ribbon-{info['ribbon']}"))
    return picture(*nodes, caption=t("rules.fig.bg_transcribe"), cls="rules-cards")


def bg_collision() -> Element:
    rows = [el("div", el("span", t("rules.fig.bg_space", number=space + 1), cls="rules-term"),
               _bg_chips(M.collision_above(space)), cls="rules-pair") for space in range(7)]
    return picture(track(3, 3), *rows,
                   caption=t("rules.fig.bg_collision"), cls="rules-list")


FIGURES: dict[str, Figure] = {
    "goal": bg_goal, "board": bg_board, "player": bg_player, "cards": bg_cards,
    "icons": bg_icons, "trade": bg_trade, "build": bg_build, "workers": bg_workers,
    "transcribe": bg_transcribe, "collision": bg_collision,
}
"""Each figure the book names (``"fig:<name>"``) and the function drawing it."""
