"""Dice Realm's pictures in its rules reference, drawn with the board's own components (the
citizen cards of :class:`~kingdoms_web.games.dice_realm.art.CardArt`, its chips and village
piles), so they always match the board, in the player's language (see
:mod:`kingdoms_web.learn.figures`)."""

from __future__ import annotations

from collections.abc import Callable

from kingdoms.dice_realm.content import CITIZENS, CONTENT, PENALTIES, card_json
from kingdoms.dice_realm.game import CardJson
from kingdoms_web.dom import Element, el
from kingdoms_web.games.dice_realm.art import CardArt, chip
from kingdoms_web.games.dice_realm.text import colour_name
from kingdoms_web.i18n import t
from kingdoms_web.learn.figures import Figure, picture


def _dr_citizens() -> list[CardJson]:
    return [card_json(number) for number in sorted(CITIZENS)]


def _dr_find(test: Callable[[CardJson], bool]) -> CardJson:
    return next(card for card in _dr_citizens() if test(card))


def _dr_card(card: CardJson) -> Element:
    classes = f"dr-citizen c-{card['colour']}" + (
        " dragon" if card.get("ability") == "dragon" else "")
    return el("div", CardArt().card(card), cls=classes)


def _dr_village(colour: str, value: int, count: int = 3) -> Element:
    return el("div", el("span", colour_name(colour), cls="dr-village-name"),
              el("span", str(value), cls="dr-village-value num"),
              el("span", t("dice-realm.village_left", count=count), cls="dr-village-count"),
              cls=f"dr-village c-{colour} stack-{min(count, 3)}",
              attrs={"role": "img", "aria-label": t("dice-realm.village_pile",
                                                     colour=colour_name(colour))})


def _dr_chips(cards: list[CardJson]) -> Element:
    return el("div", *[chip(card) for card in cards], cls="rules-chips")


def _dr_penalties() -> list[CardJson]:
    return [card_json(number) for number in PENALTIES]


def dr_goal() -> Element:
    plain = _dr_find(lambda c: not c.get("ability") and c["value"] >= 5)
    fairy = _dr_find(lambda c: c.get("ability") == "fairy")
    dragon = _dr_find(lambda c: c.get("ability") == "dragon")
    return picture(_dr_card(plain), _dr_card(fairy), _dr_card(dragon),
                   caption=t("rules.fig.dr_goal"), cls="rules-cards")


def dr_components() -> Element:
    art = CardArt()
    dice = el("div", *[el("span", art.face(face, "dr-face"), cls="dr-die")
                       for face in range(1, 7)], cls="rules-dice")
    return picture(dice, _dr_village("city", 2),
                   _dr_card(_dr_find(lambda c: c.get("colour") == "city")),
                   _dr_chips(_dr_penalties()[::4]), caption=t("rules.fig.dr_components"),
                   cls="rules-cards")


def dr_setup() -> Element:
    return picture(*[_dr_village(colour.id, 2) for colour in CONTENT.colours],
                   caption=t("rules.fig.dr_setup"), cls="rules-villages")


def dr_dice() -> Element:
    art = CardArt()
    faces = (6, 6, 2, 6, 5, 1)
    held = (True, True, False, True, False, False)
    return picture(*[el("span", art.face(face, "dr-face"),
                        cls="dr-die" + (" held" if keep else ""))
                     for face, keep in zip(faces, held, strict=True)],
                   caption=t("rules.fig.dr_dice"), cls="rules-dice")


def dr_requirements() -> Element:
    kinds = ("full_house", "pairs", "face", "straight", "sum_at_most", "all_even")
    cards = []
    for kind in kinds:
        found = [c for c in _dr_citizens() if "requirement" in c
                 and c["requirement"]["type"] == kind]
        if found:
            cards.append(_dr_card(found[0]))
    return picture(*cards, caption=t("rules.fig.dr_requirements"), cls="rules-cards")


def dr_villages() -> Element:
    card = _dr_find(lambda c: c.get("colour") == "mine" and not c.get("ability"))
    return picture(el("div", _dr_village("mine", 2), el("div", _dr_card(card)),
                      el("span", t("dice-realm.founds"), cls="dr-founds"),
                      cls="dr-column rules-column c-mine"),
                   caption=t("rules.fig.dr_villages"), cls="rules-cards")


def dr_scoundrels() -> Element:
    return picture(_dr_chips(_dr_penalties()), caption=t("rules.fig.dr_scoundrels"))


def dr_abilities() -> Element:
    by_ability = {c.get("ability"): c for c in reversed(_dr_citizens()) if c.get("ability")}
    cards = [_dr_card(by_ability[a]) for a in ("elf", "hypnotist", "apprentice", "fairy",
                                                "dragon")]
    return picture(*cards, caption=t("rules.fig.dr_abilities"), cls="rules-cards")


def dr_scoring() -> Element:
    plain = {c["value"]: c for c in reversed(_dr_citizens()) if not c.get("ability")}
    citizens = [(plain[value]) for value in (7, 4, 2)]
    village: CardJson = {"kind": "village", "id": "v-city-2", "colour": "city", "value": 2}
    scoundrel = next(p for p in _dr_penalties() if p["value"] == -2)
    dragon = (_dr_find(lambda c: c.get("ability") == "dragon" and c["value"] == -3))
    return picture(_dr_chips([*citizens, village, scoundrel, dragon]),
                   caption=t("rules.fig.dr_scoring"))


FIGURES: dict[str, Figure] = {
    "goal": dr_goal, "components": dr_components, "setup": dr_setup, "dice": dr_dice,
    "requirements": dr_requirements, "villages": dr_villages, "scoundrels": dr_scoundrels,
    "abilities": dr_abilities, "scoring": dr_scoring,
}
"""Each figure the book names (``"fig:<name>"``) and the function drawing it."""
