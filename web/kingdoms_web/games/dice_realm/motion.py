"""Where each card new to a realm came from, read from two views, so it can fly there.

Why: a claim deals the next citizen into the emptied slot at once, so without motion the card a
player took seems to vanish from the row while a small chip appears in a realm further down.
:func:`arrivals` compares the view drawn last with the new one — what the views show, never a
rule — and names, for each card new to a realm, the element standing where it was: its row slot
(``citizen-<slot>``), its village pile (``village-<slot>``), the scoundrel pile
(``penalty-pile``) or, for a dragon given away, the giver's realm (``player-<seat>``). The realm
chip is marked with it and flies from there (``dr-fly``, placed before paint by
:func:`kingdoms_web.play.motion.fly`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def arrivals(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> dict[str, str]:
    """card id -> the test id of the element where it was, for every card that joined a realm
    between ``before`` (the view drawn last; None or empty at first) and ``after``."""
    if not before or before is after or len(before.get("players", [])) != \
            len(after.get("players", [])):
        return {}
    places: dict[str, str] = {}
    for slot in before["row"]:
        if slot["card"] is not None:
            places[slot["card"]["id"]] = f"citizen-{slot['slot']}"
    for village in before["villages"]:
        if village.get("top_card") is not None:
            places[village["top_card"]] = f"village-{village['slot']}"
    top = before["penalty_pile"]["top"]
    if top is not None:
        places[top["id"]] = "penalty-pile"
    pending = before.get("pending")
    if pending and pending.get("card") and before.get("current_seat") is not None:
        places[pending["card"]["id"]] = f"player-{before['current_seat']}"
    found: dict[str, str] = {}
    for old, new in zip(before["players"], after["players"], strict=True):
        had = {card["id"] for card in old["realm"]}
        for card in new["realm"]:
            if card["id"] not in had and card["id"] in places:
                found[card["id"]] = places[card["id"]]
    return found


__all__ = ["arrivals"]
