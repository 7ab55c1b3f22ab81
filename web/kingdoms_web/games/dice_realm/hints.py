"""Which controls of Dice Realm's board a hint rings (:mod:`kingdoms_web.play.hints`): from
where the engine draws the suggested choice, never from the rules.

>>> from kingdoms.core.coach import Advice, Assessment
>>> from kingdoms.core.text import Text
>>> def advice(place, key, action=None):
...     return Advice(action, 0, Text("x"), place, key, "", Assessment(action, 0.5, Text("x")))
>>> targets(advice("dice", 0b101))
('[data-testid="die-0"]', '[data-testid="die-2"]', '[data-testid="roll"]')
>>> targets(advice("slot", 3)), targets(advice("seat", 1))
(('[data-testid="citizen-3"]',), ('[data-testid="gift-1"]',))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kingdoms.core.coach import Advice


def _id(testid: str) -> str:
    return f'[data-testid="{testid}"]'


def targets(advice: Advice) -> tuple[str, ...]:
    """The dice to keep and Roll for a roll; the citizen for a take; the die's flip; the
    player a dragon goes to; Stop or the scoundrel pile for the prompt's own buttons."""
    place, key = advice.place, advice.key
    if place == "dice":
        return (*(_id(f"die-{die}") for die in range(6) if key >> die & 1), _id("roll"))
    if place == "slot":
        return (_id(f"citizen-{key}"),)
    if place == "die":
        return (_id(f"flip-{key}"),)
    if place == "seat":
        return (_id(f"gift-{key}"),)
    stop = getattr(advice.action, "action_type", "") == "stop"
    return (_id("stop") if stop else _id("penalty"),)
