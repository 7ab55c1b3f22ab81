"""Dice Realm actions: a pydantic discriminated union on ``action_type``, and its fixed integer
vocabulary for share codes.

=========  ==================================  ========
code       action                              example
=========  ==================================  ========
0–62       ``roll`` keeping the dice in mask   ``{"action_type": "roll", "keep": 5}``
63         ``stop`` rolling                    ``{"action_type": "stop"}``
64–69      ``flip`` die 0–5 (Fairy)            ``{"action_type": "flip", "die": 2}``
70–74      ``claim`` the citizen in slot 0–4   ``{"action_type": "claim", "slot": 4}``
75         ``take_penalty``                    ``{"action_type": "take_penalty"}``
76–80      ``give_dragon`` to seat 0–4         ``{"action_type": "give_dragon", "seat": 1}``
81–85      ``claim`` slot 0–4, no village      ``{"action_type": "claim", "slot": 1,
                                               "village": false}``
=========  ==================================  ========

Bit ``i`` of ``keep`` keeps die ``i`` (0-based positions); the first roll of a turn is
``keep = 0`` (all six dice). Keeping all six (63) is not a roll, so that code means ``stop``.
Slots and seats are 0-based (slot 0 lies under the City pile). A claim founds the village it
may found unless ``village`` is false (rules version 2: the seed says the player *may* keep the
village card, so leaving it is a choice; codes 81–85 were added for it, never renumbered).

>>> encode(Roll(keep=5)), decode(75)
(5, TakePenalty(action_type='take_penalty'))
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from kingdoms.core.errors import IllegalActionError, KingdomsError

_CONFIG = ConfigDict(frozen=True, extra="forbid")


class Roll(BaseModel):
    """Re-roll every die not in ``keep`` (a 6-bit mask over die positions)."""

    model_config = _CONFIG
    action_type: Literal["roll"] = "roll"
    keep: int = Field(default=0, ge=0, le=62)


class Stop(BaseModel):
    """Stop rolling; the dice are final."""

    model_config = _CONFIG
    action_type: Literal["stop"] = "stop"


class Flip(BaseModel):
    """Fairy: turn die ``die`` to its opposite face (1↔6, 2↔5, 3↔4)."""

    model_config = _CONFIG
    action_type: Literal["flip"] = "flip"
    die: int = Field(ge=0, le=5)


class Claim(BaseModel):
    """Take the citizen in ``slot`` (its requirement must be met by the dice) and, if it lies
    under the village pile of its own colour, that pile's top card too — unless ``village`` is
    false (leaving the village is legal only where one would be founded)."""

    model_config = _CONFIG
    action_type: Literal["claim"] = "claim"
    slot: int = Field(ge=0, le=4)
    village: bool = True


class TakePenalty(BaseModel):
    """No citizen is met: take the top penalty card and discard the rightmost citizen."""

    model_config = _CONFIG
    action_type: Literal["take_penalty"] = "take_penalty"


class GiveDragon(BaseModel):
    """Give the dragon just taken to ``seat``."""

    model_config = _CONFIG
    action_type: Literal["give_dragon"] = "give_dragon"
    seat: int = Field(ge=0, le=4)


Action = Annotated[
    Roll | Stop | Flip | Claim | TakePenalty | GiveDragon, Field(discriminator="action_type")
]
ActionModel = Roll | Stop | Flip | Claim | TakePenalty | GiveDragon
"""Every Dice Realm action (``isinstance`` works with it: it is a union of classes)."""
action_adapter: TypeAdapter[ActionModel] = TypeAdapter(Action)

STOP_CODE = 63
FLIP_BASE = 64
CLAIM_BASE = 70
PENALTY_CODE = 75
GIVE_BASE = 76
CLAIM_CITIZEN_ONLY_BASE = 81
VOCABULARY_SIZE = 86

# Every action exists once; the rules hand out these shared, frozen instances (cheap playouts).
ROLLS: tuple[Roll, ...] = tuple(Roll(keep=m) for m in range(63))
STOP = Stop()
FLIPS: tuple[Flip, ...] = tuple(Flip(die=d) for d in range(6))
CLAIMS: tuple[Claim, ...] = tuple(Claim(slot=s) for s in range(5))
TAKE_PENALTY = TakePenalty()
GIVES: tuple[GiveDragon, ...] = tuple(GiveDragon(seat=s) for s in range(5))
CLAIMS_CITIZEN_ONLY: tuple[Claim, ...] = tuple(Claim(slot=s, village=False) for s in range(5))
VOCABULARY: tuple[ActionModel, ...] = (
    *ROLLS, STOP, *FLIPS, *CLAIMS, TAKE_PENALTY, *GIVES, *CLAIMS_CITIZEN_ONLY)
assert len(VOCABULARY) == VOCABULARY_SIZE


_SHARED_CODES = {id(action): code for code, action in enumerate(VOCABULARY)}
"""The code of each shared instance by identity: ``legal_actions`` hands these out, so encoding
them (once per action played) needs no type tests. ``VOCABULARY`` keeps them alive, so an id
here always belongs to its action (as in Burgrave's ``actions``)."""


def encode(action: ActionModel) -> int:
    """The action's code (see the table above); ``IllegalActionError`` for an action outside
    the vocabulary (one built without validation, say ``Roll(keep=63)``)."""
    code = _SHARED_CODES.get(id(action))
    if code is not None:
        return code
    if isinstance(action, Roll) and 0 <= action.keep < STOP_CODE:
        return action.keep
    if isinstance(action, Stop):
        return STOP_CODE
    if isinstance(action, Flip) and 0 <= action.die < 6:
        return FLIP_BASE + action.die
    if isinstance(action, Claim) and 0 <= action.slot < 5:
        return (CLAIM_BASE if action.village else CLAIM_CITIZEN_ONLY_BASE) + action.slot
    if isinstance(action, TakePenalty):
        return PENALTY_CODE
    if isinstance(action, GiveDragon) and 0 <= action.seat < 5:
        return GIVE_BASE + action.seat
    raise IllegalActionError(f"Not a Dice Realm action: {action!r}")


def decode(code: int) -> ActionModel:
    """The action with this code; ``KingdomsError`` for an unknown code."""
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < VOCABULARY_SIZE:
        raise KingdomsError(f"Unknown Dice Realm action code {code!r}.")
    return VOCABULARY[code]
