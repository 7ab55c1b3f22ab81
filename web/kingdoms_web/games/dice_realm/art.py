"""What the Dice Realm board is drawn with: die faces, citizen cards, ability icons, realm chips.

The unchanging parts (a citizen card's name, dice pictures and texts; a die face's pips) are built
once per card or face by :class:`CardArt` and cloned on every later use, so a redraw after each
tap stays cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kingdoms_web import dom
from kingdoms_web.dom import Element, el
from kingdoms_web.games.dice_realm.text import (
    Glyph,
    ability_name,
    ability_reminder,
    card_name,
    requirement_glyphs,
    requirement_text,
)
from kingdoms_web.i18n import get_language, t

# Pip positions on a 3×3 grid (0 = top left, 8 = bottom right) for faces 1..6.
PIPS: dict[int, tuple[int, ...]] = {
    1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8), 6: (0, 2, 3, 5, 6, 8),
}

ABILITY_ICONS: dict[str, str] = {
    # leaf
    "elf": "M5 19C5 10 11 4 20 4c0 9-6 15-15 15zm0 0 9-9",
    # spiral
    "hypnotist": "M12 12m-1 0a1 1 0 1 1 2 0a3 3 0 1 1-6 0a5 5 0 1 1 10 0a7 7 0 1 1-14 0"
                 "a9 9 0 0 1 9-9",
    # circular arrow
    "apprentice": "M19 12a7 7 0 1 1-2.1-5M17 3v4h-4",
    # sparkle
    "fairy": "M12 2l2.2 7.8L22 12l-7.8 2.2L12 22l-2.2-7.8L2 12l7.8-2.2z",
    # flame
    "dragon": "M12 22c-4 0-7-3-7-7 0-4 3-6 4-10 2 2 3 4 3 6 1-1 2-2 2-4 3 3 5 5 5 8 0 4-3 7-7 7z",
}
FILLED_ICONS = {"fairy", "dragon"}
HELD_ICON = "M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z"
"""A padlock: the tag of a held die (no word: "Behalten" and "Apartado" are wider than a die)."""


LONG_WORD = 10
"""A name with a word this long is set smaller so a narrow card never breaks it mid-word
("Glassblowe/r"); German and Spanish names make this common."""


def svg_icon(name: str, cls: str = "dr-icon") -> Element:
    """A decorative ability icon, or ``held`` (the padlock): hidden from screen readers, as the
    text next to it (or the held die's pressed state) says it. Built once per document
    (:data:`kingdoms_web.dom.kept`), then cloned: six held-die padlocks are drawn with every
    roll, and an icon built afresh is eight calls into the page."""
    key = ("dr-icon", name, cls)
    template = dom.kept.get(key)
    if template is None:
        ns = "http://www.w3.org/2000/svg"
        template = dom.document.createElementNS(ns, "svg")
        dom.set_attrs(template, {"viewBox": "0 0 24 24", "aria-hidden": "true",
                                 "focusable": "false",
                                 "class": cls + (" filled" if name in FILLED_ICONS else "")})
        path = dom.document.createElementNS(ns, "path")
        path.setAttribute("d", HELD_ICON if name == "held" else ABILITY_ICONS.get(name, ""))
        template.append(path)
        dom.kept[key] = template
    clone: Element = template.cloneNode(True)
    return clone


def chip(card: Mapping[str, Any]) -> Element:
    """A card in a player's realm: its value, coloured by kind (name and value for readers)."""
    kind = card.get("kind")
    name = card_name(card)
    value = card.get("value")
    if kind == "village":
        cls = f"dr-chip village c-{card['colour']}"
    elif kind == "penalty":
        cls = "dr-chip scoundrel"
    elif card.get("ability") == "dragon":
        cls = "dr-chip dragon"
    else:
        cls = f"dr-chip citizen c-{card['colour']}"
    return el("span", str(value), cls=cls, attrs={"title": name, "role": "img",
                                                  "aria-label": f"{name} ({value})"})


class CardArt:
    """Citizen cards and die faces, each built once and then cloned."""

    def __init__(self) -> None:
        self._card_templates: dict[tuple[str, str], Element] = {}
        self._face_templates: dict[tuple[int, str], Element] = {}

    def card(self, card: Mapping[str, Any]) -> Element:
        """The static inside of a citizen card (built once per card and language, then
        cloned: a language switch mid-game shows the new words at once)."""
        cid = (str(card["id"]), get_language())
        template = self._card_templates.get(cid)
        if template is None:
            ability = card.get("ability")
            glyphs = requirement_glyphs(card["requirement"])
            pictures = el("span", *[self.glyph(g) for g in glyphs],
                          cls="dr-req-pics", attrs={"aria-hidden": "true"})
            template = el(
                "span",
                el("span",
                   el("span", str(card["value"]), cls="dr-card-value num"),
                   el("span", card_name(card), cls="dr-card-name" + (
                       " long" if max(map(len, card_name(card).split())) >= LONG_WORD else "")),
                   svg_icon(ability) if ability else None,
                   cls="dr-card-head"),
                pictures,
                el("span", requirement_text(card["requirement"]), cls="dr-req-text"),
                el("span", t("dice-realm.citizen_ability", ability=ability_name(ability),
                             reminder=ability_reminder(ability)).strip(),
                   cls="dr-reminder") if ability else None,
                cls="dr-card-body")
            self._card_templates[cid] = template
        clone: Element = template.cloneNode(True)
        return clone

    def glyph(self, glyph: Glyph) -> Element:
        kind, value = glyph
        if kind == "face":
            return self.face(int(value), "dr-mini")
        if kind == "same":
            return el("span", str(value), cls="dr-mini dr-mini-same")
        if kind == "sum_min":
            return el("span", f"Σ≥{value}", cls="dr-badge")
        if kind == "sum_max":
            return el("span", f"Σ≤{value}", cls="dr-badge")
        return el("span", t(f"dice-realm.glyph.{value}"), cls="dr-badge")

    def face(self, face: int, cls: str) -> Element:
        """A die face with pips (cloned from a per-face template)."""
        key = (face, cls)
        template = self._face_templates.get(key)
        if template is None:
            pips = [el("span", cls=f"pip p{i}") for i in PIPS.get(face, ())]
            template = el("span", *pips, cls=f"{cls} face face-{face}")
            self._face_templates[key] = template
        clone: Element = template.cloneNode(True)
        return clone
