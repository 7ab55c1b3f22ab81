"""The rules reference's pictures, drawn with each game's own components.

Nothing here is a screenshot: a citizen card is drawn by Dice Realm's :class:`CardArt`, a
Burgrave card by its ``card_face``, a reward by its ``chips``, the virtue/corruption track by its
player board — so the pictures always match the board, in the player's language. Each figure is
a function of nothing (static content from the game's ``content`` module), listed in
:data:`FIGURES` by the name the book uses (``"fig:<name>"``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import t

Figure = Callable[[], Element]


def _figure(*children: Any, caption: str | None = None, cls: str = "") -> Element:
    return el("figure", el("div", *children, cls="rules-figure-body " + cls),
              el("figcaption", caption) if caption else None, cls="rules-figure")


# --------------------------------------------------------------------------- Dice Realm


def _dr_citizens() -> list[dict[str, Any]]:
    from kingdoms.dice_realm.content import CONTENT
    return [{"id": c.id, "colour": c.colour, "value": c.value, "ability": c.ability,
             "requirement": c.requirement.model_dump(mode="json")} for c in CONTENT.citizens]


def _dr_find(test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    return next(card for card in _dr_citizens() if test(card))


def _dr_card(card: dict[str, Any]) -> Element:
    from kingdoms_web.games.dice_realm.art import CardArt
    classes = f"dr-citizen c-{card['colour']}" + (
        " dragon" if card.get("ability") == "dragon" else "")
    return el("div", CardArt().card(card), cls=classes)


def _dr_village(colour: str, value: int, count: int = 3) -> Element:
    from kingdoms_web.games.dice_realm.text import colour_name
    return el("div", el("span", colour_name(colour), cls="dr-village-name"),
              el("span", str(value), cls="dr-village-value num"),
              el("span", t("dice-realm.village_left", count=count), cls="dr-village-count"),
              cls=f"dr-village c-{colour} stack-{min(count, 3)}",
              attrs={"role": "img", "aria-label": t("dice-realm.village_pile",
                                                     colour=colour_name(colour))})


def _dr_chips(cards: list[dict[str, Any]]) -> Element:
    from kingdoms_web.games.dice_realm.art import chip
    return el("div", *[chip(card) for card in cards], cls="rules-chips")


def _dr_penalties() -> list[dict[str, Any]]:
    from kingdoms.dice_realm.content import CONTENT
    return [{"kind": "penalty", "id": p.id, "value": p.value} for p in CONTENT.penalties]


def _dr_kind(card: dict[str, Any]) -> dict[str, Any]:
    return {**card, "kind": "citizen"}


def dr_goal() -> Element:
    plain = _dr_find(lambda c: not c["ability"] and c["value"] >= 5)
    fairy = _dr_find(lambda c: c["ability"] == "fairy")
    dragon = _dr_find(lambda c: c["ability"] == "dragon")
    return _figure(_dr_card(plain), _dr_card(fairy), _dr_card(dragon),
                   caption=t("rules.fig.dr_goal"), cls="rules-cards")


def dr_components() -> Element:
    from kingdoms_web.games.dice_realm.art import CardArt
    art = CardArt()
    dice = el("div", *[el("span", art.face(face, "dr-face"), cls="dr-die")
                       for face in range(1, 7)], cls="rules-dice")
    return _figure(dice, _dr_village("city", 2),
                   _dr_card(_dr_find(lambda c: c["colour"] == "city")),
                   _dr_chips(_dr_penalties()[::4]), caption=t("rules.fig.dr_components"),
                   cls="rules-cards")


def dr_setup() -> Element:
    from kingdoms.dice_realm.content import CONTENT
    return _figure(*[_dr_village(colour.id, 2) for colour in CONTENT.colours],
                   caption=t("rules.fig.dr_setup"), cls="rules-villages")


def dr_dice() -> Element:
    from kingdoms_web.games.dice_realm.art import CardArt
    art = CardArt()
    faces = (6, 6, 2, 6, 5, 1)
    held = (True, True, False, True, False, False)
    return _figure(*[el("span", art.face(face, "dr-face"),
                        cls="dr-die" + (" held" if keep else ""))
                     for face, keep in zip(faces, held, strict=True)],
                   caption=t("rules.fig.dr_dice"), cls="rules-dice")


def dr_requirements() -> Element:
    kinds = ("full_house", "pairs", "face", "straight", "sum_at_most", "all_even")
    cards = []
    for kind in kinds:
        found = [c for c in _dr_citizens() if c["requirement"]["type"] == kind]
        if found:
            cards.append(_dr_card(found[0]))
    return _figure(*cards, caption=t("rules.fig.dr_requirements"), cls="rules-cards")


def dr_villages() -> Element:
    card = _dr_find(lambda c: c["colour"] == "mine" and not c["ability"])
    return _figure(el("div", _dr_village("mine", 2), el("div", _dr_card(card)),
                      el("span", t("dice-realm.founds"), cls="dr-founds"),
                      cls="dr-column rules-column c-mine"),
                   caption=t("rules.fig.dr_villages"), cls="rules-cards")


def dr_scoundrels() -> Element:
    return _figure(_dr_chips(_dr_penalties()), caption=t("rules.fig.dr_scoundrels"))


def dr_abilities() -> Element:
    by_ability = {c["ability"]: c for c in reversed(_dr_citizens()) if c["ability"]}
    cards = [_dr_card(by_ability[a]) for a in ("elf", "hypnotist", "apprentice", "fairy",
                                                "dragon")]
    return _figure(*cards, caption=t("rules.fig.dr_abilities"), cls="rules-cards")


def dr_scoring() -> Element:
    plain = {c["value"]: c for c in reversed(_dr_citizens()) if not c["ability"]}
    citizens = [_dr_kind(plain[value]) for value in (7, 4, 2)]
    village = {"kind": "village", "id": "v-city-2", "colour": "city", "value": 2}
    scoundrel = next(p for p in _dr_penalties() if p["value"] == -2)
    dragon = _dr_kind(_dr_find(lambda c: c["ability"] == "dragon" and c["value"] == -3))
    return _figure(_dr_chips([*citizens, village, scoundrel, dragon]),
                   caption=t("rules.fig.dr_scoring"))


# --------------------------------------------------------------------------- Burgrave


def _bg_card(card: int, full: bool = True) -> Element:
    from kingdoms_web.games.burgrave import model as M
    from kingdoms_web.games.burgrave.player import card_face
    return el("div", *card_face(M.card_info(card), full=full), cls="bg-card bg-card-hand")


def _bg_chips(effects: Any) -> Element:
    """The reward chips as the board shows them, followed by their words (the legend)."""
    from kingdoms_web.games.burgrave import model as M
    from kingdoms_web.games.burgrave.board import chips
    return el("span", chips(effects), el("span", M.effects_text(effects), cls="rules-says"),
              cls="rules-reward")


def _bg_icon(icon: str) -> Element:
    from kingdoms_web.games.burgrave import model as M
    from kingdoms_web.games.burgrave.icons import icon as sprite_icon
    return el("span", el("span", sprite_icon(icon), cls=f"bg-icon bg-icon-{icon}"),
              el("span", M.icon_name(icon)), cls="rules-icon")


def bg_goal() -> Element:
    from kingdoms.burgrave.tables import HERO_BASE
    return _figure(_bg_card(HERO_BASE), _bg_card(HERO_BASE + 1),
                   caption=t("rules.fig.bg_goal"), cls="rules-cards")


def bg_board() -> Element:
    from kingdoms_web.games.burgrave import model as M
    rows = [el("div", el("span", M.spot_name(0, index), cls="rules-term"),
               _bg_chips(M.spot_rewards(0, index)), cls="rules-pair") for index in range(3)]
    return _figure(*rows, caption=t("rules.fig.bg_board"), cls="rules-list")


def bg_player() -> Element:
    from kingdoms_web.games.burgrave import model as M
    from kingdoms_web.games.burgrave.player import PlayerRenderer
    slots = el("div", *[el("div", _bg_icon(M.start_slot_icon(slot)), cls="bg-card bg-card-empty")
                        for slot in range(3)], cls="rules-cards")
    board = PlayerRenderer({}, None, Scope(), lambda _o: None, lambda _k, _c: None, set(),
                           lambda _s, _b: None)
    track = board.track({"virtue": 6, "corruption": 0})
    return _figure(slots, track, caption=t("rules.fig.bg_player"), cls="rules-list")


def bg_cards() -> Element:
    from kingdoms.burgrave.tables import START_BASE
    return _figure(*[_bg_card(START_BASE + i) for i in range(4)],
                   caption=t("rules.fig.bg_cards"), cls="rules-cards")


def bg_icons() -> Element:
    from kingdoms.burgrave.content import ICONS
    return _figure(*[_bg_icon(icon) for icon in ICONS], caption=t("rules.fig.bg_icons"),
                   cls="rules-icons")


def bg_trade() -> Element:
    from kingdoms_web.games.burgrave import model as M
    return _figure(*[el("p", M.exchange_text(kind), cls="rules-exchange") for kind in range(1, 5)],
                   caption=t("rules.fig.bg_trade"), cls="rules-list")


def bg_build() -> Element:
    from kingdoms.burgrave.content import BUILDINGS
    from kingdoms_web.games.burgrave import model as M
    rows = [el("div", el("span", f"{M.building_name(b)} {n}", cls="rules-term"),
               el("span", M.building_benefit(b, n)), cls="rules-pair")
            for b in BUILDINGS for n in (1, 2, 3)]
    return _figure(*rows, caption=t("rules.fig.bg_build"), cls="rules-list")


def bg_workers() -> Element:
    from kingdoms_web.games.burgrave import model as M
    rows = [el("div", el("span", t("rules.fig.bg_section", number=design + 1),
                         cls="rules-term"), _bg_chips(M.castle_rewards(design)),
               cls="rules-pair") for design in range(5)]
    return _figure(*rows, caption=t("rules.fig.bg_workers"), cls="rules-list")


def bg_transcribe() -> Element:
    from kingdoms_web.games.burgrave import model as M
    nodes = []
    for script in range(4):
        info = M.script_info(script)
        nodes.append(el("div", el("span", info["name"], cls="bg-mini-name"),
                        el("span", t("burgrave.script_cost", count=info["cost"]),
                           cls="bg-mini-meta"),
                        el("span", M.ribbon_name(info["ribbon"]), cls="bg-mini-left"),
                        cls=f"bg-mini bg-script bg-ribbon-{info['ribbon']}"))
    return _figure(*nodes, caption=t("rules.fig.bg_transcribe"), cls="rules-cards")


def bg_collision() -> Element:
    from kingdoms_web.games.burgrave import model as M
    from kingdoms_web.games.burgrave.player import PlayerRenderer
    board = PlayerRenderer({}, None, Scope(), lambda _o: None, lambda _k, _c: None, set(),
                           lambda _s, _b: None)
    rows = [el("div", el("span", t("rules.fig.bg_space", number=space + 1), cls="rules-term"),
               _bg_chips(M.collision_above(space)), cls="rules-pair") for space in range(7)]
    return _figure(board.track({"virtue": 3, "corruption": 3}), *rows,
                   caption=t("rules.fig.bg_collision"), cls="rules-list")


FIGURES: dict[str, dict[str, Figure]] = {
    "dice-realm": {
        "goal": dr_goal, "components": dr_components, "setup": dr_setup, "dice": dr_dice,
        "requirements": dr_requirements, "villages": dr_villages, "scoundrels": dr_scoundrels,
        "abilities": dr_abilities, "scoring": dr_scoring,
    },
    "burgrave": {
        "goal": bg_goal, "board": bg_board, "player": bg_player, "cards": bg_cards,
        "icons": bg_icons, "trade": bg_trade, "build": bg_build, "workers": bg_workers,
        "transcribe": bg_transcribe, "collision": bg_collision,
    },
}
"""game id -> figure name -> the function drawing it."""


def figure(game_id: str, name: str) -> Element | None:
    draw = FIGURES.get(game_id, {}).get(name)
    return draw() if draw is not None else None
