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

from kingdoms_web.i18n import lookup, t

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
    """A short translated description of a requirement.

    >>> requirement_text({"type": "straight", "n": 5})
    'Straight of 5'
    >>> requirement_text({"type": "face", "face": 3, "n": 4})
    '4 or more 3s'
    """
    kind = str(req.get("type", ""))
    if kind == "all":
        return t("dice-realm.req.and").join(requirement_text(p) for p in req.get("of", ()))
    params = {k: v for k, v in req.items() if k != "type"}
    key = f"dice-realm.req.{kind}"
    if lookup(key) is None:
        return kind
    return t(key, **params)


def ability_name(ability: str | None) -> str:
    return t(f"dice-realm.ability.{ability}") if ability else ""


def ability_reminder(ability: str | None) -> str:
    """The one-line reminder printed on a card with this ability."""
    return t(f"dice-realm.ability.{ability}.reminder") if ability else ""


def colour_name(colour: str) -> str:
    return t(f"dice-realm.colour.{colour}")


def format_percent(p: float) -> str:
    """A chance for people: whole percents, never a misleading 0% or 100%.

    >>> [format_percent(x) for x in (0, 0.001, 0.5, 0.996, 1)]
    ['0%', '<1%', '50%', '>99%', '100%']
    """
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.005:
        return "<1%"
    if p >= 0.995:
        return ">99%"
    return f"{int(p * 100 + 0.5)}%"  # half up, not banker's rounding


def dice_text(dice: Sequence[int]) -> str:
    """Dice values for reading aloud and for the event list: ``'3, 1, 6'``."""
    return ", ".join(str(d) for d in dice)


def card_name(card: Mapping[str, Any] | None) -> str:
    """A card's display name (translated if the catalog has it, else the engine's name)."""
    if not card:
        return ""
    key = f"dice-realm.card.{card.get('id')}"
    if lookup(key) is not None:
        return t(key)
    if card.get("kind") == "village":
        return t("dice-realm.village_card", colour=colour_name(str(card.get("colour"))),
                 value=card.get("value"))
    return str(card.get("name", card.get("id", "?")))


def event_text(event: Mapping[str, Any], names: Sequence[str],
               cards: Mapping[str, Mapping[str, Any]]) -> str | None:
    """One line for the "what happened" list; None for events not worth a line.

    ``cards`` maps card ids to card dicts (from the view) so names can be shown.

    >>> event_text({"type": "penalty", "seat": 0, "card": "p01"}, ["Ann"],
    ...            {"p01": {"id": "p01", "kind": "penalty", "name": "Pickpocket", "value": -1}})
    'Ann took a scoundrel: Pickpocket (-1).'
    >>> event_text({"type": "slide", "card": "c01", "from": 0, "to": 1}, ["Ann"], {}) is None
    True
    """
    kind = event.get("type")

    def who(key: str = "seat") -> str:
        seat = event.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    def card() -> str:
        cid = str(event.get("card", ""))
        return card_name(cards.get(cid, {"id": cid, "name": cid}))

    def value() -> Any:
        return cards.get(str(event.get("card", "")), {}).get("value", "?")

    if kind == "roll":
        dice = list(event.get("dice", ()))
        kept = int(event.get("kept", 0))
        if kept:
            return t("dice-realm.event.reroll", name=who(), dice=dice_text(dice),
                     count=6 - kept.bit_count())
        return t("dice-realm.event.roll", name=who(), dice=dice_text(dice))
    if kind == "stop":
        return t("dice-realm.event.stop", name=who())
    if kind == "flip":
        return t("dice-realm.event.flip", name=who(), before=event.get("from"),
                 after=event.get("to"))
    if kind == "claim":
        return t("dice-realm.event.claim", name=who(), card=card(), value=value())
    if kind == "found":
        return t("dice-realm.event.found", name=who(), card=card(), value=value())
    if kind == "hypnotise":
        return t("dice-realm.event.hypnotise", name=who(), card=card())
    if kind == "extra_turn":
        return t("dice-realm.event.extra_turn", name=who())
    if kind == "penalty":
        return t("dice-realm.event.penalty", name=who(), card=card(), value=value())
    if kind == "discard":
        return t("dice-realm.event.discard", card=card())
    if kind == "gift":
        return t("dice-realm.event.gift", name=who(), card=card(), target=who("to"))
    if kind == "refill":
        return t("dice-realm.event.refill", card=card())
    if kind == "start":
        return t("dice-realm.event.start", name=who())
    if kind == "end":
        return t(f"dice-realm.end.{event.get('reason')}")
    return None


def slid_count(events: Sequence[Mapping[str, Any]]) -> int:
    """How many citizens slid right in these events (shown as one line, not one per card)."""
    return sum(1 for e in events if e.get("type") == "slide")
