"""Burgrave's actions: pydantic models in a discriminated union, and their fixed vocabulary.

Every decision is an action, including choices inside effects, so a game replays from its record
and a bot can play it. The vocabulary (``encode``/``decode``) maps each action to a small stable
integer; never renumber it, share codes store these numbers:

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
PlayCard              200-309       play ``card`` from your hand
ChooseCard            400-509       a card in your hand (destroy or discard)
Build                 600-689       build ``building`` on ``spot``
====================  ============  ===================================================
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from ..core.errors import IllegalActionError
from . import rules as R
from .content import BUILDINGS, N_CARDS, RESOURCES

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
    times: int = Field(ge=1, le=R.MAX_TRADES)


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

_SIMPLE = {Pass: R.PASS, PlayBlind: R.PLAY_BLIND, Transcribe: R.TRANSCRIBE, Hire: R.HIRE,
           DestroyTop: R.DECK_TOP}


def encode(action: Action) -> int:
    """The action's vocabulary index."""
    kind = type(action)
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if isinstance(action, PlayCard):
        return R.PLAY_BASE + action.card
    if isinstance(action, Move):
        return R.MOVE_BASE + action.space
    if isinstance(action, ChooseResource):
        return R.RES_BASE + RESOURCES.index(action.resource)
    if isinstance(action, ChooseCard):
        return R.CARD_BASE + action.card
    if isinstance(action, ChooseSegment):
        return R.SEG_BASE + action.segment
    if isinstance(action, Trade):
        return R.TRADE_BASE + action.times
    if isinstance(action, PlaceWorkers):
        return R.PLACE_BASE + action.count
    if isinstance(action, Build):
        return R.BUILD_BASE + BUILDINGS.index(action.building) * 30 + action.spot
    if isinstance(action, Dismiss):
        return R.DISMISS_BASE + action.segment
    if isinstance(action, Rearrange):
        return R.REARRANGE_BASE + R.PERM_INDEX[action.order]
    if isinstance(action, ChooseFlip):
        return R.FLIP_BASE + (action.kind == "deed")
    if isinstance(action, ChooseSpot):
        return R.SPOT_BASE + action.spot
    if isinstance(action, MoveWorker):
        return R.MOVEW_BASE + 2 * action.section + (action.direction == "counterclockwise")
    if isinstance(action, Bump):
        return R.BUMP_BASE + action.section * 8 + (action.tier - 1) * 4 + action.seat
    if isinstance(action, ChoosePair):
        return R.PAIR_BASE + action.index
    raise IllegalActionError(f"Not a Burgrave action: {type(action).__name__}.")


def _build_table() -> dict[int, Action]:
    table: dict[int, Action] = {
        R.PASS: Pass(), R.PLAY_BLIND: PlayBlind(), R.TRANSCRIBE: Transcribe(), R.HIRE: Hire(),
        R.DECK_TOP: DestroyTop(),
    }
    actions: list[Action] = []
    actions += [ChoosePair(index=i) for i in range(5)]
    actions += [Move(space=s) for s in range(15)]
    actions += [Rearrange(order=perm) for perm in R.PERMS]
    actions += [Dismiss(segment=s) for s in range(5)]
    actions += [Trade(times=t) for t in range(1, R.MAX_TRADES + 1)]
    actions += [PlaceWorkers(count=k) for k in range(1, 5)]
    actions += [ChooseResource(resource=r) for r in ("ink", "gold", "stone")]
    actions += [ChooseFlip(kind="debt"), ChooseFlip(kind="deed")]
    actions += [ChooseSegment(segment=s) for s in range(5)]
    actions += [ChooseSpot(spot=s) for s in range(30)]
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
    actions += [Build(building=b, spot=s) for b in BUILDINGS for s in range(30)]
    for action in actions:
        table[encode(action)] = action
    return table


ACTIONS: dict[int, Action] = _build_table()
"""Every action of the vocabulary by its index (shared instances: actions are immutable)."""


def decode(code: int) -> Action:
    """The action with vocabulary index ``code``."""
    action = ACTIONS.get(code) if isinstance(code, int) else None
    if action is None:
        raise IllegalActionError(f"Burgrave has no action number {code!r}.")
    return action
