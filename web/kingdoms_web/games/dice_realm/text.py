"""Dice Realm words and pictures for the page: pure functions, no browser, tested on CPython.

The engine describes requirements and events as data (``requirement`` dicts, ``this_turn`` event
dicts); this module turns them into translated text (:func:`requirement_text`,
:func:`event_text`), into the small dice pictures drawn on a citizen card
(:func:`requirement_glyphs`) and formats the odds helper's chances (:func:`format_percent`).

>>> from kingdoms_web.i18n import set_language
>>> _ = set_language("en")
>>> requirement_text({"type": "all", "of": [{"type": "kind", "n": 4},
...                                          {"type": "sum_at_least", "s": 24}]})
'4 of a kind + total ≥ 24'
>>> requirement_glyphs({"type": "pairs", "k": 2})
[('same', 'A'), ('same', 'A'), ('same', 'B'), ('same', 'B')]
>>> format_percent(0.4567)
'46%'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kingdoms.dice_realm import explain
from kingdoms_web.i18n import say, t

Glyph = tuple[str, int | str]
"""One picture on a card: ``("face", 1..6)`` a die with pips, ``("same", "A")`` a die that must
match the others with the same letter, ``("sum_min"|"sum_max", s)`` a total badge,
``("parity", "even"|"odd")`` a parity badge."""

COLOURS = ("city", "mine", "workshop", "orc", "forest")
ABILITIES = ("elf", "hypnotist", "apprentice", "fairy", "dragon")
_LETTERS = "ABC"


def _letters(groups: Sequence[int]) -> list[Glyph]:
    """Dice that must show equal faces within a group: ``[3, 2]`` -> A A A B B."""
    out: list[Glyph] = []
    for index, size in enumerate(groups):
        out += [("same", _LETTERS[index % len(_LETTERS)])] * size
    return out


def requirement_glyphs(req: Mapping[str, Any], *, in_combo: bool = False) -> list[Glyph]:
    """The small dice pictures of a requirement (data from the engine's view).

    >>> requirement_glyphs({"type": "face", "face": 6, "n": 3})
    [('face', 6), ('face', 6), ('face', 6)]
    >>> requirement_glyphs({"type": "all", "of": [{"type": "full_house"}, {"type": "all_even"}]})
    [('same', 'A'), ('same', 'A'), ('same', 'A'), ('same', 'B'), ('same', 'B'), ('parity', 'even')]
    """
    kind = req.get("type")
    if kind == "kind":
        return _letters([int(req.get("n", 0))])
    if kind == "face":
        return [("face", int(req.get("face", 1)))] * int(req.get("n", 0))
    if kind == "pairs":
        return _letters([2] * int(req.get("k", 0)))
    if kind == "triples":
        return _letters([3] * int(req.get("k", 0)))
    if kind == "full_house":
        return _letters([3, 2])
    if kind == "straight":
        return [("face", f) for f in range(1, int(req.get("n", 0)) + 1)]
    if kind == "sum_at_least":
        return [("sum_min", int(req.get("s", 0)))]
    if kind == "sum_at_most":
        return [("sum_max", int(req.get("s", 0)))]
    if kind in ("all_even", "all_odd"):
        parity = "even" if kind == "all_even" else "odd"
        if in_combo:
            return [("parity", parity)]
        return [("face", f) for f in ((2, 4, 6) if parity == "even" else (1, 3, 5))]
    if kind == "all":
        out: list[Glyph] = []
        for part in req.get("of", ()):
            out += requirement_glyphs(part, in_combo=True)
        return out
    return []


def requirement_text(req: Mapping[str, Any]) -> str:
    """A short translated description of a requirement (the engine's words).

    >>> requirement_text({"type": "straight", "n": 5})
    'Straight of 5'
    >>> requirement_text({"type": "face", "face": 3, "n": 4})
    '4 or more 3s'
    """
    return say(explain.requirement_text(req))


def ability_name(ability: str | None) -> str:
    return say(explain.ability_name(ability)) if ability else ""


def ability_reminder(ability: str | None) -> str:
    """The one-line reminder printed on a card with this ability."""
    return say(explain.ability_reminder(ability)) if ability else ""


def colour_name(colour: str) -> str:
    return say(explain.colour_name(colour))


def format_percent(p: float) -> str:
    """A chance for people: whole percents, never a misleading 0% or 100%, written the current
    language's way (``46 %`` in Spanish and German).

    >>> [format_percent(x) for x in (0, 0.001, 0.5, 0.996, 1)]
    ['0%', '<1%', '50%', '>99%', '100%']
    """
    if p <= 0:
        return t("dice-realm.percent", n=0)
    if p >= 1:
        return t("dice-realm.percent", n=100)
    if p < 0.005:
        return t("dice-realm.percent_below", n=1)
    if p >= 0.995:
        return t("dice-realm.percent_above", n=99)
    return t("dice-realm.percent", n=int(p * 100 + 0.5))  # half up, not banker's rounding


def card_name(card: Mapping[str, Any] | None) -> str:
    """A card's display name (the engine's, translated) from its view entry."""
    if not card:
        return ""
    return say(explain.card_name_by_id(str(card.get("id", ""))))


def event_text(event: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """One line for the "what happened" list; None for events not worth a line.

    >>> event_text({"type": "penalty", "seat": 0, "card": "p01"}, ["Ann"])
    'Ann took a scoundrel: Pickpocket (-1).'
    >>> event_text({"type": "slide", "card": "c01", "from": 0, "to": 1}, ["Ann"]) is None
    True
    """
    text = explain.event_text(event, names)
    return say(text) if text is not None else None
