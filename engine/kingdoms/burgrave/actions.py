"""Burgrave's actions: pydantic models in a discriminated union, and their fixed vocabulary.

Every decision is an action, including choices inside effects, so a game replays from its record
and a bot can play it. The vocabulary (``encode``/``decode``) maps each action to a small stable
integer; never renumber it, share codes store these numbers. The rules work on these integers
only (the models live at the protocol edge), so the code families are defined here, as
:class:`CodeRange` constants and small ``*_code``/``*_parts`` helpers, and the rules import them:

====================  ============  ===================================================
action                codes         meaning
====================  ============  ===================================================
Pass                  0             skip: no primary action, no hire, decline an option
PlayBlind             1             play the top card of your draw pile unseen
Transcribe            2             transcribe the manuscript at your inner space
Hire                  3             hire the townsfolk beside your burgrave
DestroyTop            4             destroy the top card of your draw pile unseen
ChoosePair            10-14         setup: take player card/hero pair ``index``
Move                  20-34         move to ``space`` (0-9 outer, 10-14 inner)
Rearrange             40-47         reorder your line (``order`` lists old slots)
Dismiss               50-54         dismiss the top townsfolk of ``segment``
Trade                 60-79         use your space's exchange ``times`` times (1-20)
PlaceWorkers          80-83         place ``count`` workers (1-4)
ChooseResource        90-92         ink, gold, stone
ChooseFlip            95-96         flip a debt / a deed
ChooseSegment         100-104       a segment (pile) or castle section
ChooseSpot            110-139       a building spot (free build)
MoveWorker            140-149       move a tier-1 worker from ``section`` sideways
Bump                  150-189       bump a worker of ``seat`` from ``section``/``tier``
PlayCard              200-399       play ``card`` from your hand (``200 + id``; 200-309 used)
ChooseCard            400-599       a card in your hand (``400 + id``; 400-509 used)
Build                 600-689       build ``building`` on ``spot``
====================  ============  ===================================================

Card ids are append-only (:mod:`.content`), so a new card adds the next play and choose code
and no code moves; the two families have room for ids below 200, checked at import.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from ..core.errors import IllegalActionError
from .content import BUILDINGS, N_CARDS, N_SPOTS, RESOURCES

# --- the vocabulary (stable: share codes store these numbers) ----------------------------------

PASS, PLAY_BLIND, TRANSCRIBE, HIRE, DESTROY_TOP = 0, 1, 2, 3, 4
FLIP_DEBT, FLIP_DEED = 95, 96
VOCAB_SIZE = 690
"""Every code is below this."""
MAX_TRADES = 20
"""The most uses of an exchange in one trade (the vocabulary's bound)."""


@dataclasses.dataclass(frozen=True, slots=True)
class CodeRange:
    """One family of codes: ``base + value`` for every ``value`` in ``values``.

    >>> MOVE_CODES.code(12), MOVE_CODES.value(32), 32 in MOVE_CODES, 35 in MOVE_CODES
    (32, 12, True, False)
    """

    base: int
    values: range

    def code(self, value: int) -> int:
        return self.base + value

    def value(self, code: int) -> int:
        return code - self.base

    def __contains__(self, code: object) -> bool:
        return isinstance(code, int) and code - self.base in self.values


PAIR_CODES = CodeRange(10, range(5))
"""Setup: the player card/hero pair at this index."""
MOVE_CODES = CodeRange(20, range(15))
"""Move to this space."""
REARRANGE_CODES = CodeRange(40, range(8))
"""Reorder the line by ``PERMS[value]``."""
DISMISS_CODES = CodeRange(50, range(5))
"""Dismiss the townsfolk at this board position."""
TRADE_CODES = CodeRange(59, range(1, MAX_TRADES + 1))
"""Use the exchange this many times."""
PLACE_CODES = CodeRange(79, range(1, 5))
"""Place this many workers."""
RESOURCE_CODES = CodeRange(90, range(len(RESOURCES)))
"""Take this resource (an index into ``RESOURCES``)."""
SEGMENT_CODES = CodeRange(100, range(5))
"""A board position's pile, or a castle section."""
SPOT_CODES = CodeRange(110, range(N_SPOTS))
"""A building spot."""
MOVE_WORKER_CODES = CodeRange(140, range(10))
"""Move a tier-1 worker: see :func:`move_worker_code`."""
BUMP_CODES = CodeRange(150, range(40))
"""Bump a worker: see :func:`bump_code`."""
PLAY_CODES = CodeRange(200, range(N_CARDS))
"""Play this card from the hand."""
CARD_CODES = CodeRange(400, range(N_CARDS))
"""This card in the hand (to destroy or discard)."""
BUILD_CODES = CodeRange(600, range(len(BUILDINGS) * N_SPOTS))
"""Build: see :func:`build_code`."""


def check_card_room(cards: int) -> None:
    """``ValueError`` unless ``cards`` card ids fit the play and choose-card code families
    (each ends where the next family begins). Checked at import for :data:`N_CARDS`."""
    if PLAY_CODES.code(cards) > CARD_CODES.base or CARD_CODES.code(cards) > BUILD_CODES.base:
        raise ValueError(
            f"{cards} card ids outgrow the action vocabulary: a card is played as 200 + id "
            f"(below 400) and chosen as 400 + id (below 600), so ids must stay below 200. Give "
            f"the cards beyond new code families from {VOCAB_SIZE} on; never move a code."
        )


check_card_room(N_CARDS)

CLOCKWISE, COUNTERCLOCKWISE = 0, 1
"""Directions of a worker move."""


def move_worker_code(section: int, direction: int) -> int:
    """Move a tier-1 worker from castle ``section`` in ``direction``."""
    return MOVE_WORKER_CODES.base + 2 * section + direction


def move_worker_parts(code: int) -> tuple[int, int]:
    """``(section, direction)`` of a worker-move code."""
    section, direction = divmod(code - MOVE_WORKER_CODES.base, 2)
    return section, direction


def bump_code(section: int, tier: int, seat: int) -> int:
    """Bump a worker of ``seat`` from ``tier`` (1 or 2) of castle ``section``."""
    return BUMP_CODES.base + section * 8 + (tier - 1) * 4 + seat


def bump_parts(code: int) -> tuple[int, int, int]:
    """``(section, tier, seat)`` of a bump code (tier 1 or 2)."""
    section, rest = divmod(code - BUMP_CODES.base, 8)
    tier_index, seat = divmod(rest, 4)
    return section, tier_index + 1, seat


def build_code(building: int, spot: int) -> int:
    """Build ``building`` (an index into ``BUILDINGS``) on ``spot``."""
    return BUILD_CODES.base + building * N_SPOTS + spot


def build_parts(code: int) -> tuple[int, int]:
    """``(building, spot)`` of a build code."""
    building, spot = divmod(code - BUILD_CODES.base, N_SPOTS)
    return building, spot


PERMS: tuple[tuple[int, ...], ...] = (
    *itertools.permutations(range(2)), *itertools.permutations(range(3))
)
"""Rearrangements: ``PERMS[i][slot]`` is the old slot of the card that goes to ``slot``; the two
orders of a 2-card line come first, then the six of a 3-card line."""
PERM_INDEX = {perm: i for i, perm in enumerate(PERMS)}


def rearrange_codes(cards: int) -> range:
    """The rearrange codes for a line of ``cards`` cards (2 or 3), identity first.

    >>> list(rearrange_codes(2)), list(rearrange_codes(3))
    ([40, 41], [42, 43, 44, 45, 46, 47])
    """
    indices = [index for index, perm in enumerate(PERMS) if len(perm) == cards]
    return range(REARRANGE_CODES.code(indices[0]), REARRANGE_CODES.code(indices[-1]) + 1)


# --- the actions ---------------------------------------------------------------------------------

_CFG = ConfigDict(frozen=True, extra="forbid")


class Pass(BaseModel):
    """Skip: take no primary action, do not hire, or decline an optional choice."""

    model_config = _CFG
    action_type: Literal["pass"] = "pass"


class PlayBlind(BaseModel):
    """With an empty hand, play the top card of your draw pile unseen."""

    model_config = _CFG
    action_type: Literal["play_blind"] = "play_blind"


class Transcribe(BaseModel):
    """Transcribe the manuscript of your segment (you stand on its inner space)."""

    model_config = _CFG
    action_type: Literal["transcribe"] = "transcribe"


class Hire(BaseModel):
    """Hire the townsfolk beside your burgrave, paying its silver value."""

    model_config = _CFG
    action_type: Literal["hire"] = "hire"


class DestroyTop(BaseModel):
    """Destroy the top card of your draw pile unseen."""

    model_config = _CFG
    action_type: Literal["destroy_top"] = "destroy_top"


class ChoosePair(BaseModel):
    model_config = _CFG
    action_type: Literal["choose_pair"] = "choose_pair"
    index: int = Field(ge=0, le=4)


class Move(BaseModel):
    model_config = _CFG
    action_type: Literal["move"] = "move"
    space: int = Field(ge=0, le=14)


class Rearrange(BaseModel):
    """``order[i]`` is the old slot of the card that goes to slot ``i``; identity keeps it."""

    model_config = _CFG
    action_type: Literal["rearrange"] = "rearrange"
    order: tuple[int, ...]

    @field_validator("order")
    @classmethod
    def _perm(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if sorted(value) != list(range(len(value))) or len(value) not in (2, 3):
            raise ValueError("order must be a permutation of 2 or 3 slots")
        return value


class Dismiss(BaseModel):
    model_config = _CFG
    action_type: Literal["dismiss"] = "dismiss"
    segment: int = Field(ge=0, le=4)


class Trade(BaseModel):
    model_config = _CFG
    action_type: Literal["trade"] = "trade"
    times: int = Field(ge=1, le=MAX_TRADES)


class PlaceWorkers(BaseModel):
    model_config = _CFG
    action_type: Literal["place_workers"] = "place_workers"
    count: int = Field(ge=1, le=4)


class ChooseResource(BaseModel):
    model_config = _CFG
    action_type: Literal["choose_resource"] = "choose_resource"
    resource: Literal["ink", "gold", "stone"]


class ChooseFlip(BaseModel):
    model_config = _CFG
    action_type: Literal["choose_flip"] = "choose_flip"
    kind: Literal["debt", "deed"]


class ChooseSegment(BaseModel):
    """A segment's pile (free hire, free transcription) or a castle section (cascade order,
    free workers)."""

    model_config = _CFG
    action_type: Literal["choose_segment"] = "choose_segment"
    segment: int = Field(ge=0, le=4)


class ChooseSpot(BaseModel):
    model_config = _CFG
    action_type: Literal["choose_spot"] = "choose_spot"
    spot: int = Field(ge=0, le=29)


class MoveWorker(BaseModel):
    model_config = _CFG
    action_type: Literal["move_worker"] = "move_worker"
    section: int = Field(ge=0, le=4)
    direction: Literal["clockwise", "counterclockwise"]


class Bump(BaseModel):
    model_config = _CFG
    action_type: Literal["bump"] = "bump"
    section: int = Field(ge=0, le=4)
    tier: Literal[1, 2]
    seat: int = Field(ge=0, le=3)


class PlayCard(BaseModel):
    model_config = _CFG
    action_type: Literal["play_card"] = "play_card"
    card: int = Field(ge=0, lt=N_CARDS)


class ChooseCard(BaseModel):
    """A card in your hand, for a destroy or a discard."""

    model_config = _CFG
    action_type: Literal["choose_card"] = "choose_card"
    card: int = Field(ge=0, lt=N_CARDS)


class Build(BaseModel):
    model_config = _CFG
    action_type: Literal["build"] = "build"
    building: Literal["workshop", "trading_post", "guildhall"]
    spot: int = Field(ge=0, le=29)


Action = (
    Pass | PlayBlind | Transcribe | Hire | DestroyTop | ChoosePair | Move | Rearrange | Dismiss
    | Trade | PlaceWorkers | ChooseResource | ChooseFlip | ChooseSegment | ChooseSpot
    | MoveWorker | Bump | PlayCard | ChooseCard | Build
)
"""Every Burgrave action; JSON tells them apart by ``action_type``."""

action_adapter: TypeAdapter[Action] = TypeAdapter(
    Annotated[Action, Field(discriminator="action_type")]
)

_SIMPLE = {Pass: PASS, PlayBlind: PLAY_BLIND, Transcribe: TRANSCRIBE, Hire: HIRE,
           DestroyTop: DESTROY_TOP}


def _encode_fields(action: Action) -> int:
    """The vocabulary index computed from the action's type and fields."""
    kind = type(action)
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if isinstance(action, PlayCard):
        return PLAY_CODES.code(action.card)
    if isinstance(action, Move):
        return MOVE_CODES.code(action.space)
    if isinstance(action, ChooseResource):
        return RESOURCE_CODES.code(RESOURCES.index(action.resource))
    if isinstance(action, ChooseCard):
        return CARD_CODES.code(action.card)
    if isinstance(action, ChooseSegment):
        return SEGMENT_CODES.code(action.segment)
    if isinstance(action, Trade):
        return TRADE_CODES.code(action.times)
    if isinstance(action, PlaceWorkers):
        return PLACE_CODES.code(action.count)
    if isinstance(action, Build):
        return build_code(BUILDINGS.index(action.building), action.spot)
    if isinstance(action, Dismiss):
        return DISMISS_CODES.code(action.segment)
    if isinstance(action, Rearrange):
        return REARRANGE_CODES.code(PERM_INDEX[action.order])
    if isinstance(action, ChooseFlip):
        return FLIP_DEED if action.kind == "deed" else FLIP_DEBT
    if isinstance(action, ChooseSpot):
        return SPOT_CODES.code(action.spot)
    if isinstance(action, MoveWorker):
        direction = COUNTERCLOCKWISE if action.direction == "counterclockwise" else CLOCKWISE
        return move_worker_code(action.section, direction)
    if isinstance(action, Bump):
        return bump_code(action.section, action.tier, action.seat)
    if isinstance(action, ChoosePair):
        return PAIR_CODES.code(action.index)
    raise IllegalActionError(f"Not a Burgrave action: {type(action).__name__}.")


def _build_table() -> dict[int, Action]:
    table: dict[int, Action] = {
        PASS: Pass(), PLAY_BLIND: PlayBlind(), TRANSCRIBE: Transcribe(), HIRE: Hire(),
        DESTROY_TOP: DestroyTop(),
    }
    actions: list[Action] = []
    actions += [ChoosePair(index=i) for i in PAIR_CODES.values]
    actions += [Move(space=s) for s in MOVE_CODES.values]
    actions += [Rearrange(order=perm) for perm in PERMS]
    actions += [Dismiss(segment=s) for s in DISMISS_CODES.values]
    actions += [Trade(times=t) for t in TRADE_CODES.values]
    actions += [PlaceWorkers(count=k) for k in PLACE_CODES.values]
    actions += [ChooseResource(resource=r) for r in ("ink", "gold", "stone")]
    actions += [ChooseFlip(kind="debt"), ChooseFlip(kind="deed")]
    actions += [ChooseSegment(segment=s) for s in SEGMENT_CODES.values]
    actions += [ChooseSpot(spot=s) for s in SPOT_CODES.values]
    actions += [
        MoveWorker(section=s, direction=d)
        for s in range(5) for d in ("clockwise", "counterclockwise")
    ]
    actions += [
        Bump(section=s, tier=t, seat=seat)
        for s in range(5) for t in (1, 2) for seat in range(4)
    ]
    actions += [PlayCard(card=c) for c in range(N_CARDS)]
    actions += [ChooseCard(card=c) for c in range(N_CARDS)]
    actions += [Build(building=b, spot=s) for b in BUILDINGS for s in range(N_SPOTS)]
    for action in actions:
        code = _encode_fields(action)
        if code in table:  # one family ran into the next: a stored code would change meaning
            raise ValueError(f"action code {code} would mean both {table[code]!r} and {action!r}")
        table[code] = action
    return table


ACTIONS: dict[int, Action] = _build_table()
"""Every action of the vocabulary by its index (shared instances: actions are immutable)."""
_SHARED_CODES = {id(action): code for code, action in ACTIONS.items()}
"""The index of each shared instance by identity: ``legal_actions`` hands these out, so encoding
them (once per action played) needs no type tests. ``ACTIONS`` keeps them alive, so an id here
always belongs to its action."""


def encode(action: Action) -> int:
    """The action's vocabulary index."""
    code = _SHARED_CODES.get(id(action))
    return _encode_fields(action) if code is None else code


def decode(code: int) -> Action:
    """The action with vocabulary index ``code``."""
    action = ACTIONS.get(code) if isinstance(code, int) else None
    if action is None:
        raise IllegalActionError(f"Burgrave has no action number {code!r}.")
    return action
