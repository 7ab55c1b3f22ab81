"""What is printed on Burgrave's board and cards, as the page draws it: a card's or
manuscript's facts, a segment's printed townsfolk and manuscript, the rewards printed on the
building spots, their links, the castle sections and the track above each space.

Why here and not read by the page from the rule tables: those tables are the rules' working
form (compiled effects indexed for speed) and may change shape at any time; these functions are
the page's fixed door to the same facts (through :mod:`.explain`, which re-exports them), so
the page reads no rule table.
"""

from __future__ import annotations

from .content import CONTENT, Effect
from .shapes import CardFacts, ScriptFacts
from .tables import (
    CASTLE_REWARDS,
    COLLISION_ABOVE,
    HERO_CARDS,
    PRINTED,
    SEG_LINK_REWARDS,
    SEG_SPOT_REWARDS,
    STARTING_DECKS,
    card_json,
    script_json,
)


def card_facts(card: int) -> CardFacts:
    """A card's key, kind, value and icons (its words: :func:`.words.card_name` …)."""
    return card_json(card)


def script_facts(script: int) -> ScriptFacts:
    """A manuscript's key, cost and ribbon."""
    return script_json(script)


def printed_facts(segment_design: int) -> CardFacts:
    """The townsfolk printed on a segment (hired once its pile runs out), like a card's."""
    design = PRINTED[segment_design]
    return {"key": design.key, "name": design.name, "kind": "printed", "value": design.value,
            "icons": list(CONTENT.segments[segment_design].printed_townsfolk.icons)}


def printed_script_cost(segment_design: int) -> int:
    """What the manuscript printed on a segment costs to transcribe."""
    return CONTENT.segments[segment_design].printed_manuscript.cost


def spot_rewards(segment_design: int, index: int) -> tuple[Effect, ...]:
    """The reward printed on a segment's building spot (0-5)."""
    return SEG_SPOT_REWARDS[segment_design][index]


def link_rewards(segment_design: int, index: int) -> tuple[Effect, ...]:
    """The reward printed on a link between two of a segment's spots."""
    return SEG_LINK_REWARDS[segment_design][index]


def castle_rewards(castle_design: int) -> tuple[Effect, ...]:
    """The reward printed on a castle section's second tier."""
    return CASTLE_REWARDS[castle_design]


def collision_rewards(space: int) -> tuple[Effect, ...]:
    """The collision reward printed above a track space (0-6)."""
    return COLLISION_ABOVE[space]


def hero_cards() -> tuple[int, ...]:
    """Every hero's card id, in id order."""
    return HERO_CARDS


def starting_deck(seat: int) -> tuple[int, ...]:
    """A seat's (colour's) eight starting cards, in id order."""
    return STARTING_DECKS[seat]


def start_slot_icon(slot: int) -> str:
    """The icon printed on a player board's line slot (shown while the slot is empty)."""
    return CONTENT.start_slot_icons[slot]
