"""The Dice Realm state: a slotted dataclass of tuples and ints with a hand-written ``clone``
(the state style of every game here: cheap to copy in playouts), and its JSON form, validated
with pydantic when loaded (an edge).

Conventions: piles are tuples with the top card first; the row has five slots (``-1`` = empty,
which only happens while a dragon gift is pending — the refill waits for the gift — and once the
game is over); cards are card numbers (see :mod:`.content`), and
string ids in JSON. ``dice`` are six faces, all ``0`` before the turn's first roll.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from kingdoms.core.errors import KingdomsError

from .content import (
    CARD_IDS,
    CARD_KIND,
    CARD_NUMBER,
    N_CARDS,
    VILLAGE_PILES,
)

Phase = Literal["roll", "choose", "gift", "over"]
ROLL: Phase = "roll"
CHOOSE: Phase = "choose"
GIFT: Phase = "gift"
OVER: Phase = "over"

EndReason = Literal["", "citizens", "penalties", "village"]
Event = dict[str, Any]


@dataclasses.dataclass(slots=True)
class State:
    """One moment of a game. Rules never change a state they were given: they :meth:`clone` it
    and change the clone (every field holds immutable values, so a clone is one constructor
    call — cheap enough for millions of playout steps)."""

    seats: tuple[str, ...]
    seed: int
    counter: int
    """How many numbers the seeded generator has given so far (the next roll continues it)."""
    turn: int
    current: int
    phase: Phase
    dice: tuple[int, ...]
    held: int
    """The keep mask of the last roll (bit ``i``: die ``i`` was kept)."""
    rolls_used: int
    rolls_allowed: int
    flips_used: int
    row: tuple[int, ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    penalties: tuple[int, ...]
    villages: tuple[tuple[int, ...], ...]
    realms: tuple[tuple[int, ...], ...]
    elf: int
    """Bit mask of the seats whose next turn has four rolls."""
    extra_turn: bool
    pending: int
    """The dragon waiting to be given away (a card number), or ``-1``."""
    end_reason: EndReason
    events: tuple[Event, ...]
    """What happened so far in this turn (structured, for "what happened")."""
    last_events: tuple[Event, ...]
    """What happened in the previous turn."""

    def clone(self) -> State:
        return State(
            self.seats, self.seed, self.counter, self.turn, self.current, self.phase, self.dice,
            self.held, self.rolls_used, self.rolls_allowed, self.flips_used, self.row,
            self.draw, self.discard, self.penalties, self.villages, self.realms, self.elf,
            self.extra_turn, self.pending, self.end_reason, self.events, self.last_events,
        )

    def __repr__(self) -> str:
        return f"<dice-realm State turn={self.turn} seat={self.current} phase={self.phase}>"


class StateData(BaseModel):
    """The JSON form of a state; loading it checks that every card is in exactly one place."""

    model_config = ConfigDict(extra="forbid")

    seats: list[str] = Field(min_length=2, max_length=5)
    seed: int = Field(ge=0, lt=2**64)
    counter: int = Field(ge=0)
    turn: int = Field(ge=1)
    current: int = Field(ge=0, le=4)
    phase: Phase
    dice: list[int] = Field(min_length=6, max_length=6)
    held: int = Field(ge=0, le=63)
    rolls_used: int = Field(ge=0, le=4)
    rolls_allowed: int = Field(ge=3, le=4)
    flips_used: int = Field(ge=0, le=6)
    row: list[str | None] = Field(min_length=5, max_length=5)
    draw: list[str]
    discard: list[str]
    penalties: list[str]
    villages: list[list[str]] = Field(min_length=5, max_length=5)
    realms: list[list[str]]
    elf: list[int] = Field(default_factory=list, description="Seats whose next turn has 4 rolls.")
    extra_turn: bool = False
    pending: str | None = None
    end_reason: EndReason = ""
    events: list[Event] = Field(default_factory=list)
    last_events: list[Event] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> StateData:
        n = len(self.seats)
        if len(self.realms) != n:
            raise ValueError("there must be one realm per seat")
        if self.current >= n or any(not 0 <= s < n for s in self.elf):
            raise ValueError("seat numbers must be below the number of seats")
        if any(d not in range(7) for d in self.dice):
            raise ValueError("dice must be 0 (not rolled) or 1-6")
        rolled = all(1 <= d <= 6 for d in self.dice)
        if (self.rolls_used > 0) != rolled or (not rolled and any(self.dice)):
            raise ValueError("dice must be all rolled (after a roll) or all 0 (before one)")
        if self.rolls_used > self.rolls_allowed:
            raise ValueError("more rolls used than allowed")
        if self.phase in (CHOOSE, GIFT) and not rolled:
            raise ValueError("the dice must be rolled before choosing")
        if (self.phase == GIFT) != (self.pending is not None):
            raise ValueError("a pending dragon goes with the gift phase, and only with it")
        if (self.phase == OVER) != (self.end_reason != ""):
            raise ValueError("an end reason goes with the over phase, and only with it")
        places: list[str] = [c for c in self.row if c is not None]
        if self.phase in (ROLL, CHOOSE) and len(places) != 5:
            raise ValueError("the row must hold five citizens while the game runs")
        if self.phase == GIFT and len(places) not in (3, 4):
            # The dragon (and a citizen a Hypnotist took with it) left gaps; the refill comes
            # after the gift.
            raise ValueError("the row must hold three or four citizens while a gift is pending")
        if self.phase == ROLL and self.rolls_used >= self.rolls_allowed:
            raise ValueError("no roll is left: the dice are final")
        if self.phase != OVER and not (self.draw and self.penalties and all(self.villages)):
            raise ValueError("an empty draw, penalty or village pile would have ended the game")
        for pile in (self.draw, self.discard, self.penalties, *self.villages, *self.realms):
            places += pile
        if self.pending is not None:
            places.append(self.pending)
        unknown = [c for c in places if c not in CARD_NUMBER]
        if unknown:
            raise ValueError(f"unknown card ids: {unknown[:5]}")
        if len(places) != len(set(places)) or len(places) != N_CARDS:
            raise ValueError("every card must be in exactly one place")
        numbers = {c: CARD_NUMBER[c] for c in places}
        for zone, pile in (("draw", self.draw), ("discard", self.discard),
                           ("row", [c for c in self.row if c is not None])):
            if any(CARD_KIND[numbers[c]] != "citizen" for c in pile):
                raise ValueError(f"the {zone} pile holds citizens only")
        if any(CARD_KIND[numbers[c]] != "penalty" for c in self.penalties):
            raise ValueError("the penalty pile holds penalty cards only")
        for colour, pile in enumerate(self.villages):
            full = VILLAGE_PILES[colour]
            if [numbers[c] for c in pile] != list(full[len(full) - len(pile):]):
                raise ValueError("each village pile holds its own colour's cards, lowest on top")
        if self.pending is not None and CARD_KIND[numbers[self.pending]] != "citizen":
            raise ValueError("the pending card must be a citizen")
        return self


def to_json(state: State) -> dict[str, Any]:
    """The full state (draw order and seed included) as JSON-able data."""
    ids = CARD_IDS
    return {
        "seats": list(state.seats),
        "seed": state.seed,
        "counter": state.counter,
        "turn": state.turn,
        "current": state.current,
        "phase": state.phase,
        "dice": list(state.dice),
        "held": state.held,
        "rolls_used": state.rolls_used,
        "rolls_allowed": state.rolls_allowed,
        "flips_used": state.flips_used,
        "row": [ids[c] if c >= 0 else None for c in state.row],
        "draw": [ids[c] for c in state.draw],
        "discard": [ids[c] for c in state.discard],
        "penalties": [ids[c] for c in state.penalties],
        "villages": [[ids[c] for c in pile] for pile in state.villages],
        "realms": [[ids[c] for c in realm] for realm in state.realms],
        "elf": [s for s in range(len(state.seats)) if state.elf >> s & 1],
        "extra_turn": state.extra_turn,
        "pending": ids[state.pending] if state.pending >= 0 else None,
        "end_reason": state.end_reason,
        "events": [dict(e) for e in state.events],
        "last_events": [dict(e) for e in state.last_events],
    }


def from_json(raw: Mapping[str, Any]) -> State:
    """Load and check a state written by :func:`to_json` (or made by hand)."""
    try:
        data = StateData.model_validate(dict(raw))
    except ValidationError as error:
        raise KingdomsError(f"Invalid Dice Realm state: {error}") from None
    number = CARD_NUMBER
    return State(
        seats=tuple(data.seats),
        seed=data.seed,
        counter=data.counter,
        turn=data.turn,
        current=data.current,
        phase=data.phase,
        dice=tuple(data.dice),
        held=data.held,
        rolls_used=data.rolls_used,
        rolls_allowed=data.rolls_allowed,
        flips_used=data.flips_used,
        row=tuple(number[c] if c is not None else -1 for c in data.row),
        draw=tuple(number[c] for c in data.draw),
        discard=tuple(number[c] for c in data.discard),
        penalties=tuple(number[c] for c in data.penalties),
        villages=tuple(tuple(number[c] for c in pile) for pile in data.villages),
        realms=tuple(tuple(number[c] for c in realm) for realm in data.realms),
        elf=sum(1 << seat for seat in set(data.elf)),
        extra_turn=data.extra_turn,
        pending=number[data.pending] if data.pending is not None else -1,
        end_reason=data.end_reason,
        events=tuple(dict(e) for e in data.events),
        last_events=tuple(dict(e) for e in data.last_events),
    )
