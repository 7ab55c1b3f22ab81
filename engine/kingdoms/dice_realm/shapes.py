"""The shapes of what Dice Realm hands the page: its view of a position, a card's facts, an
event of the turn and the odds helper's figures — as ``TypedDict``\\ s, so the page's reading of
them is type-checked (the view stays plain JSON).

Why a module of its own: these are the contract between the engine and the page, read in one
place; :mod:`.view` fills them, and the page imports them through :mod:`.game`
(``DiceRealmView``) and :mod:`.explain`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


class RequirementJson(TypedDict):
    """A citizen's requirement as JSON: its ``type`` and the fields that type has (``n``,
    ``face``, ``k``, ``s``, or ``of``: the requirements all to be met)."""

    type: str
    n: NotRequired[int]
    face: NotRequired[int]
    k: NotRequired[int]
    s: NotRequired[int]
    of: NotRequired[list[RequirementJson]]


class CardJson(TypedDict):
    """A citizen, a village card or a scoundrel; the citizen's fields only for citizens."""

    id: str
    kind: Literal["citizen", "village", "penalty"]
    value: int
    name: NotRequired[str]
    """Its English name (citizens and scoundrels; the page shows the catalog's)."""
    colour: NotRequired[str]
    """Citizens and villages."""
    ability: NotRequired[str | None]
    requirement: NotRequired[RequirementJson]
    requirement_text: NotRequired[str]
    text: NotRequired[str]
    odds: NotRequired[float]


class VillageView(TypedDict):
    slot: int
    colour: str
    name: str
    remaining: list[int]
    count: int
    top: int | None
    top_card: str | None


class SlotView(TypedDict):
    """One slot of the citizen row, under its village pile."""

    slot: int
    village_colour: str
    card: CardJson | None
    founds_village: bool
    """The citizen there is of its village's colour and the pile is not empty: taking it
    founds a village (a fact of the position; whether it can be taken now is the prompt's)."""


class PlayerView(TypedDict):
    seat: int
    name: str
    realm: list[CardJson]
    score: int
    breakdown: dict[str, int]
    negative_points: int
    fairies: int
    elf_next_turn: bool


class DiceView(TypedDict):
    values: list[int] | None
    """None before the turn's first roll."""
    held_mask: int
    rolls_used: int
    rolls_allowed: int
    rolls_left: int
    final: bool
    flips_left: int


class PenaltyPileView(TypedDict):
    count: int
    top: CardJson | None


class PendingView(TypedDict):
    """A dragon just taken, waiting to be given away (to whom: the prompt's choices)."""

    type: Literal["give_dragon"]
    card: CardJson


EventView = TypedDict("EventView", {
    "type": str, "seat": int, "card": str, "slot": int, "dice": list[int], "kept": int,
    "die": int, "from": int, "to": int, "reason": str,
}, total=False)
"""Something that happened this turn (``type``: roll, stop, flip, claim, found, leave_village,
hypnotise, extra_turn, penalty, discard, gift, slide, refill, start, end) with the fields it
has."""


class DiceRealmView(TypedDict):
    """A position (every seat sees the same but the seed and the draw order)."""

    game_id: str
    viewer: int | None
    turn: int
    phase: Literal["roll", "choose", "gift", "over"]
    current_seat: int | None
    villages: list[VillageView]
    row: list[SlotView]
    penalty_pile: PenaltyPileView
    discard_count: int
    draw_count: int
    players: list[PlayerView]
    dice: DiceView
    pending: PendingView | None
    extra_turn: bool
    this_turn: list[EventView]
    last_turn: list[EventView]
    game_over: bool
    end_reason: str | None
    winners: list[int]


class Chance(TypedDict):
    p: float
    exact: str
    """The exact fraction, ``"n/d"``."""


class OddsJson(TypedDict):
    """The odds helper's figures for one citizen (:func:`.odds.odds_helper`)."""

    met: bool
    best: Chance
    holding: Chance
    best_keep: int | None
