"""Content ids are append-only: once given, an id names the same card for ever.

Why: a record replays through ids. Burgrave plays card ``c`` as action ``200 + c``, and both
games shuffle their cards in id order at setup, so an id that changed meaning would replay
every saved game and share code with other cards, silently. Each game pins its ids in a
checked-in table, ``tests/<game>/card_ids.json`` (per id space: id → the key of what it
names). This test fails when an id of the table changed meaning or disappeared. A new id fails
it too, printing the lines to add to the table, so every id is pinned from the day it is given.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from kingdoms.burgrave.content import CONTENT as BURGRAVE
from kingdoms.burgrave.content import PLAYER_CARDS
from kingdoms.burgrave.solo_content import SCHEMES
from kingdoms.burgrave.tables import CARD_DESIGN, SCRIPTS, STARTING_DECKS
from kingdoms.dice_realm.content import CARD_IDS

TESTS = Path(__file__).resolve().parents[1]

IdSpaces = dict[str, dict[str, str]]
"""Id space → id (as a JSON key) → the key of what it names."""


def burgrave_ids() -> IdSpaces:
    """Burgrave's ids as the engine reads them now (a starting card is ``key#seat``)."""
    colour = {card: seat for seat, deck in enumerate(STARTING_DECKS) for card in deck}
    return {
        "cards": {str(card): design.key + (f"#{colour[card]}" if card in colour else "")
                  for card, design in enumerate(CARD_DESIGN)},
        "manuscripts": {str(script): info.key for script, info in enumerate(SCRIPTS)},
        "player_cards": {str(card): info.key for card, info in enumerate(PLAYER_CARDS)},
        "schemes": {str(scheme): info.key for scheme, info in enumerate(SCHEMES)},
        "segments": {str(index): s.key for index, s in enumerate(BURGRAVE.segments)},
        "castle_sections": {str(index): s.key for index, s in enumerate(BURGRAVE.castle)},
    }


def dice_realm_ids() -> IdSpaces:
    """Dice Realm's card numbers (its citizens, villages and penalties share one space)."""
    return {"cards": {str(card): card_id for card, card_id in enumerate(CARD_IDS)}}


GAMES: dict[str, Callable[[], IdSpaces]] = {"burgrave": burgrave_ids,
                                             "dice_realm": dice_realm_ids}


@pytest.mark.parametrize("game", GAMES)
def test_every_pinned_id_keeps_its_meaning(game: str) -> None:
    table = TESTS / game / "card_ids.json"
    pinned: IdSpaces = {space: ids for space, ids in json.loads(table.read_text("utf-8")).items()
                        if space != "about"}
    now = GAMES[game]()
    changed = [f"{space} {number}: {key!r} is now {now.get(space, {}).get(number)!r}"
               for space, ids in pinned.items() for number, key in ids.items()
               if now.get(space, {}).get(number) != key]
    assert not changed, (
        "Ids are append-only (docs/architecture.md, 'A new card'): give each its id back, and "
        "a new card the id after the highest of its space.\n" + "\n".join(changed))
    new = {space: {number: key for number, key in ids.items()
                   if number not in pinned.get(space, {})} for space, ids in now.items()}
    new = {space: ids for space, ids in new.items() if ids}
    assert not new, (
        f"New ids: add them to {table.relative_to(TESTS.parent)}, under their space, so they "
        f"are pinned too:\n{json.dumps(new, indent=1)}")
