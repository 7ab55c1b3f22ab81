"""The players' realms on the Dice Realm board and on its end screen.

Pure drawing from the engine's ``view``: each player's name, score, realm (citizens, villages,
scoundrels, dragons) and reminders (Fairy flips, the Elf's extra roll).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kingdoms.dice_realm.game import DiceRealmView
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.dice_realm.art import chip, svg_icon
from kingdoms_web.games.dice_realm.text import card_name
from kingdoms_web.i18n import join_list, t
from kingdoms_web.play.motion import FROM
from kingdoms_web.play.parts import Parts


def players_frame(entries: list[Element]) -> Element:
    """The players' section holding ``entries`` (:func:`player_entries`)."""
    return el("section", el("h2", t("dice-realm.players"), cls="sr-only"),
              el("ul", *entries, cls="dr-player-list", attrs={"role": "list"}),
              cls="dr-players", attrs={"aria-label": t("dice-realm.players")})


def player_entries(view: DiceRealmView, arrived: Mapping[str, str] | None = None,
                   parts: Parts | None = None) -> list[Element]:
    """Each player's entry; with ``parts`` (the board), kept while it is unchanged."""
    current = view["current_seat"]
    arrived = arrived or {}
    entries = []
    for player in view["players"]:
        mine = {card["id"]: arrived[card["id"]] for card in player["realm"]
                if card["id"] in arrived}
        if parts is None:
            entries.append(player_entry(player, current, mine))
        else:
            entries.append(parts.get(f"player-{player['seat']}",
                                     (player, player["seat"] == current, mine),
                                     _entry_in(player, current, mine)))
    return entries


def _entry_in(player: Mapping[str, Any], current: int | None,
              arrived: Mapping[str, str]) -> Callable[[Scope], Element]:
    return lambda _scope: player_entry(player, current, arrived)


def player_entry(player: Mapping[str, Any], current: int | None,
                 arrived: Mapping[str, str]) -> Element:
    """One player's name, score, realm and reminders."""
    seat = int(player["seat"])
    chips = []
    for card in player["realm"]:
        node = chip(card)
        source = arrived.get(card["id"])
        if source is not None:
            node.setAttribute(FROM, source)
        chips.append(node)
    extras: list[Any] = []
    if player["fairies"]:
        extras.append(el("span", svg_icon("fairy"),
                         t("dice-realm.fairies", count=player["fairies"]), cls="dr-tag"))
    if player["elf_next_turn"]:
        extras.append(el("span", svg_icon("elf"), t("dice-realm.elf_next"), cls="dr-tag"))
    is_current = seat == current
    return el(
        "li",
        el("div",
           el("span", player["name"], cls="dr-player-name"),
           el("span", t("dice-realm.playing"), cls="dr-playing") if is_current else None,
           # The digits for the eye, the points in words for a screen reader (a label on a
           # plain span is not read).
           el("span", str(player["score"]), cls="dr-score num", testid=f"score-{seat}",
              attrs={"aria-hidden": "true"}),
           el("span", t("dice-realm.score", score=player["score"]), cls="visually-hidden"),
           cls="dr-player-head"),
        el("div", *chips, cls="dr-realm") if chips
        else el("p", t("dice-realm.realm_empty"), cls="note dr-realm-empty"),
        el("div", *extras, cls="dr-tags") if extras else None,
        cls="dr-player" + (" current" if is_current else ""),
        testid=f"player-{seat}",
        attrs={"aria-current": "true" if is_current else None})


def end_details(view: DiceRealmView) -> list[Element]:
    """Each player's realm in words, by kind, for the end screen."""
    rows = []
    for player in view["players"]:
        groups: dict[str, list[str]] = {"citizens": [], "villages": [], "scoundrels": [],
                                        "dragons": []}
        for card in player["realm"]:
            kind = card.get("kind")
            # A village's name already carries its points ("City (2)"); other cards get theirs.
            text = card_name(card)
            if kind != "village":
                text += f" ({card.get('value')})"
            if kind == "village":
                groups["villages"].append(text)
            elif kind == "penalty":
                groups["scoundrels"].append(text)
            elif card.get("ability") == "dragon":
                groups["dragons"].append(text)
            else:
                groups["citizens"].append(text)
        facts = []
        for key, items in groups.items():
            facts += [el("dt", t(f"dice-realm.end_{key}")),
                      el("dd", join_list(items) if items else t("dice-realm.none"))]
        rows.append(el("li", el("h4", player["name"]), el("dl", *facts, cls="dr-end-facts"),
                       cls="dr-end-player", testid=f"end-realm-{player['seat']}"))
    return [el("section", el("h3", t("dice-realm.end_realms")),
               el("ul", *rows, cls="dr-end-realms", attrs={"role": "list"}),
               cls="dr-end", testid="end-details")]
