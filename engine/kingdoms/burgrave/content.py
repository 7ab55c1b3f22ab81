"""Burgrave's content, loaded from ``content.json`` and validated with pydantic at import.

Everything a card, spot, link, castle section or manuscript *does* is written in one shared
effect vocabulary (:data:`EFFECT_KINDS`), as short strings such as ``"silver:2"``,
``"build_free:workshop"`` or ``"place_workers:1"``. A card is data, not code: the rules engine
interprets these effects. Loading checks the counts the rules rely on (68 neutral townsfolk, 10
heroes, 35 manuscripts with 5 base ones, 10 player cards on spaces 1–10, each exchange kind at
least twice …), so a bad edit fails at import with a clear message.

Inside the rules every effect is compiled to an :class:`Effect` ``(kind, amount, arg)`` of small
integers (its kind an :class:`EffectKind`), and every card to a small integer id:

* neutral townsfolk ``0..67`` (file order), heroes ``68..77``,
  starting townsfolk ``78 + 8 * seat + k`` (the same 8 designs per colour);
* printed board townsfolk are not cards; they are addressed by segment.

>>> CONTENT.townsfolk[0].name
'Peddler'
>>> parse_effect("build_free:workshop")
Effect(kind=<EffectKind.BUILD_FREE: 20>, amount=1, arg=0)

What a player reads about an effect, a card or a manuscript is composed from these in
:mod:`.words`, as translatable text.
"""

from __future__ import annotations

import json
from collections import Counter
from enum import IntEnum
from importlib import resources
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

_CONFIG = ConfigDict(frozen=True, extra="forbid")

ICONS = ("merchant", "builder", "noble", "cleric", "criminal")
MERCHANT, BUILDER, NOBLE, CLERIC, CRIMINAL = range(5)
RESOURCES = ("ink", "gold", "stone")
INK, GOLD, STONE = range(3)
RIBBONS = ("red", "blue", "green", "gold")
BUILDINGS = ("workshop", "trading_post", "guildhall")
WORKSHOP, TRADING_POST, GUILDHALL = range(3)

class EffectKind(IntEnum):
    """The shared effect vocabulary: what a card, spot, link, castle section or manuscript does.

    The four gains come first and in stock order (silver, then :data:`RESOURCES`), so a gain's
    resource index is ``kind - EffectKind.INK``."""

    SILVER = 0
    INK = 1
    GOLD = 2
    STONE = 3
    ANY = 4
    VIRTUE = 5
    CORRUPTION = 6
    DEBT = 7
    DEED = 8
    FLIP_DEBT = 9
    FLIP_DEED = 10
    FLIP_EITHER = 11
    DESTROY = 12
    DISCARD = 13
    REARRANGE = 14
    SHUFFLE = 15
    DRAW = 16
    HIRE_FREE = 17
    MOVE_WORKER = 18
    PLACE_WORKERS = 19
    BUILD_FREE = 20
    TRANSCRIBE_FREE = 21
    FREE_STEPS = 22
    DISMISS_ANY = 23
    MAY_DISCARD = 24


EFFECT_KINDS = tuple(kind.name.lower() for kind in EffectKind)
"""The effect names used in ``content.json`` (index = :class:`EffectKind`)."""
_KIND_BY_NAME = {name: EffectKind(i) for i, name in enumerate(EFFECT_KINDS)}


class Timing(IntEnum):
    """When a townsfolk's own ability (``effects``) resolves."""

    NONE = 0
    INSTANT = 1
    """When played into the line."""
    ONGOING = 2
    """While in the line (see :class:`Trigger`)."""
    DROPOFF = 3
    """When shifted out of the line."""
    COLLISION = 4
    """When anyone resolves a collision."""


TIMINGS = tuple(timing.name.lower() for timing in Timing)


class Trigger(IntEnum):
    """Ongoing abilities: the first seven fire effects after an event, the last two change a
    rule."""

    AFTER_TRADE = 0
    AFTER_BUILD = 1
    AFTER_PLACE = 2
    AFTER_TRANSCRIBE = 3
    AFTER_HIRE = 4
    ON_FLIP_DEBT = 5
    ON_FLIP_DEED = 6
    MERCHANTS_AS_BUILDERS = 7
    DISMISS_ANY = 8


TRIGGERS = tuple(trigger.name.lower() for trigger in Trigger)


class Exchange(IntEnum):
    """The trade exchange of an outer space; its value is the merchants one use costs."""

    SILVER = 1
    """1 merchant → 1 silver."""
    RESOURCE = 2
    """2 merchants → 1 any resource."""
    DESTROY = 3
    """3 merchants → destroy 1 card."""
    FLIP = 4
    """4 merchants → flip 1 debt or deed."""


class PointKind(IntEnum):
    """What a points manuscript counts at the end."""

    FLAT = 0
    PER_BUILDING = 1
    PER_ICON = 2
    PER_FLIPPED_DEBT = 3
    PER_FLIPPED_DEED = 4
    PER_TIER3 = 5
    PER_CASTLE_WORKER = 6


POINT_KINDS = tuple(kind.name.lower() for kind in PointKind)


class Effect(NamedTuple):
    """One compiled effect: ``amount`` times ``kind``; ``arg`` is the building of ``build_free``
    (0 otherwise)."""

    kind: EffectKind
    amount: int
    arg: int


class Points(NamedTuple):
    """A manuscript's end-game points: ``amount`` per thing counted (``icon`` for per-icon)."""

    kind: PointKind
    amount: int
    icon: int


def parse_effect(text: str) -> Effect:
    """``"kind[:amount][:arg]"`` → ``(kind, amount, arg)``; ``build_free`` takes a building."""
    parts = text.split(":")
    name = parts[0]
    if name not in _KIND_BY_NAME:
        raise ValueError(f"unknown effect {name!r}")
    amount, arg = 1, 0
    rest = parts[1:]
    if name == "build_free":
        if len(rest) != 1 or rest[0] not in BUILDINGS:
            raise ValueError(f"build_free needs a building, not {text!r}")
        arg = BUILDINGS.index(rest[0])
    elif rest:
        if len(rest) != 1 or not rest[0].isdigit() or not 1 <= int(rest[0]) <= 5:
            raise ValueError(f"bad amount in effect {text!r}")
        amount = int(rest[0])
    return Effect(_KIND_BY_NAME[name], amount, arg)


def _check_effects(values: list[str]) -> list[str]:
    for value in values:
        parse_effect(value)
    return values


class Townsfolk(BaseModel):
    """A townsfolk design: starting, hero, neutral or printed on the board."""

    model_config = _CONFIG
    key: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str = Field(min_length=1, max_length=40)
    value: int = Field(ge=1, le=3)
    icons: list[Literal["merchant", "builder", "noble", "cleric", "criminal"]] = Field(
        min_length=1, max_length=2
    )
    timing: Literal["none", "instant", "ongoing", "dropoff", "collision"]
    trigger: str | None = None
    effects: list[str]
    hire: list[str]

    _effects = field_validator("effects", "hire")(_check_effects)

    @model_validator(mode="after")
    def _check(self) -> Townsfolk:
        if self.timing == "ongoing":
            if self.trigger not in TRIGGERS:
                raise ValueError(f"{self.key}: ongoing ability needs a trigger from {TRIGGERS}")
        elif self.trigger is not None:
            raise ValueError(f"{self.key}: only ongoing abilities have a trigger")
        if self.timing == "none" and self.effects:
            raise ValueError(f"{self.key}: effects without a timing")
        return self


class Manuscript(BaseModel):
    model_config = _CONFIG
    key: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str = Field(min_length=1, max_length=40)
    cost: int = Field(ge=3, le=7)
    ribbon: Literal["red", "blue", "green", "gold"]
    base: bool = False
    effects: list[str]
    points: str | None = None

    _effects = field_validator("effects")(_check_effects)

    @field_validator("points")
    @classmethod
    def _points(cls, value: str | None) -> str | None:
        if value is not None:
            parse_points(value)
        return value

    @model_validator(mode="after")
    def _check(self) -> Manuscript:
        if bool(self.effects) == (self.points is not None):
            raise ValueError(f"{self.key}: a manuscript has an effect or points, not both")
        return self


class PrintedManuscript(BaseModel):
    model_config = _CONFIG
    key: str
    name: str
    cost: int = Field(ge=3, le=7)
    effects: list[str] = Field(min_length=1)
    _effects = field_validator("effects")(_check_effects)


class Spot(BaseModel):
    model_config = _CONFIG
    name: str = Field(min_length=1, max_length=30)
    reward: list[str] = Field(min_length=1)
    _effects = field_validator("reward")(_check_effects)


class Segment(BaseModel):
    model_config = _CONFIG
    key: str
    name: str
    exchanges: list[int] = Field(min_length=2, max_length=2)
    spots: list[Spot] = Field(min_length=6, max_length=6)
    links: list[list[str]] = Field(min_length=5, max_length=5)
    printed_townsfolk: Townsfolk
    printed_manuscript: PrintedManuscript

    @field_validator("exchanges")
    @classmethod
    def _exchanges(cls, value: list[int]) -> list[int]:
        if any(not 1 <= v <= 4 for v in value):
            raise ValueError("an exchange needs 1 to 4 merchants")
        return value

    @field_validator("links")
    @classmethod
    def _links(cls, value: list[list[str]]) -> list[list[str]]:
        for link in value:
            if not link:
                raise ValueError("a link needs a reward")
            _check_effects(link)
        return value


class Building(BaseModel):
    model_config = _CONFIG
    key: str
    name: str
    cost: int = Field(ge=1, le=10)
    points: list[int] = Field(min_length=3, max_length=3)


class CastleSection(BaseModel):
    model_config = _CONFIG
    key: str
    name: str
    tier2: list[str] = Field(min_length=1)
    _effects = field_validator("tier2")(_check_effects)


class PlayerCard(BaseModel):
    model_config = _CONFIG
    key: str
    name: str
    space: int = Field(ge=1, le=10)
    silver: int = Field(ge=0, le=10)
    ink: int = Field(ge=0, le=5)
    gold: int = Field(ge=0, le=5)
    stone: int = Field(ge=0, le=5)
    debts: int = Field(ge=0, le=3)
    deeds: int = Field(ge=0, le=3)
    setup: list[str]
    _effects = field_validator("setup")(_check_effects)


class ClericBonus(BaseModel):
    model_config = _CONFIG
    key: str
    name: str
    ribbon: Literal["red", "blue", "green", "gold"]
    points: int


class BelowReward(BaseModel):
    model_config = _CONFIG
    who: Literal["criminal", "honest", "all"]
    effects: list[str]
    _effects = field_validator("effects")(_check_effects)


class Content(BaseModel):
    """The whole designed set; the validators check what the rules rely on."""

    model_config = _CONFIG
    format: Literal[1]
    notes: dict[str, str]
    icons: list[str]
    ribbons: list[str]
    start_slot_icons: list[Literal["merchant", "builder", "noble", "cleric", "criminal"]]
    buildings: list[Building]
    permanent_icons: dict[str, Literal["merchant", "builder", "noble", "cleric"]]
    worker_costs: list[int]
    workers_per_player: int = Field(ge=4, le=40)
    hand_limit: int = Field(ge=1, le=6)
    track_length: Literal[7]
    collision_above: list[list[str]]
    collision_below: list[BelowReward]
    debts_by_players: list[int]
    deeds_by_players: list[int]
    majority_points: list[int]
    set_points: list[int]
    castle_leader_points: int
    cleric_bonus: list[ClericBonus]
    castle: list[CastleSection]
    segments: list[Segment]
    player_cards: list[PlayerCard]
    starting_townsfolk: list[Townsfolk]
    heroes: list[Townsfolk]
    townsfolk: list[Townsfolk]
    manuscripts: list[Manuscript]

    @field_validator("collision_above")
    @classmethod
    def _above(cls, value: list[list[str]]) -> list[list[str]]:
        for item in value:
            _check_effects(item)
        return value

    @model_validator(mode="after")
    def _check(self) -> Content:
        def need(condition: bool, message: str) -> None:
            if not condition:
                raise ValueError(message)

        need(tuple(self.icons) == ICONS, f"icons must be {ICONS}")
        need(tuple(self.ribbons) == RIBBONS, f"ribbons must be {RIBBONS}")
        need(len(self.start_slot_icons) == 3, "one starting icon per slot (3)")
        need(tuple(b.key for b in self.buildings) == BUILDINGS, f"buildings must be {BUILDINGS}")
        need(
            sorted(self.permanent_icons)
            == ["guildhall_1", "guildhall_2", "guildhall_3", "trading_post_3"],
            "permanent icons for trading post 3 and guildhalls 1-3",
        )
        need(len(self.worker_costs) == 4, "worker costs for 1-4 workers")
        need(len(self.collision_above) == 7 and len(self.collision_below) == 7, "7 track spaces")
        need(len(self.debts_by_players) == 4 and len(self.deeds_by_players) == 4, "1-4 players")
        need(len(self.majority_points) == 3, "three majority places")
        need(len(self.set_points) == 5 and self.set_points[0] == 0, "set points for 0-4 colours")
        need([c.ribbon for c in self.cleric_bonus] == list(RIBBONS), "one bonus per ribbon")
        need(len(self.castle) == 5, "5 castle sections")
        need(len(self.segments) == 5, "5 board segments")
        exchanges = Counter(e for s in self.segments for e in s.exchanges)
        need(all(exchanges[k] >= 2 for k in Exchange), "each exchange kind at least twice")
        need(len(self.player_cards) == 10, "10 player cards")
        need(sorted(p.space for p in self.player_cards) == list(range(1, 11)), "spaces 1-10")
        need(len(self.starting_townsfolk) == 8, "8 starting townsfolk")
        need(len(self.heroes) == 10, "10 heroes")
        need(len(self.townsfolk) == 68, "68 neutral townsfolk")
        criminals = sum("criminal" in t.icons for t in self.townsfolk)
        need(9 <= criminals <= 14, "about a sixth of the neutral townsfolk are criminals")
        need(len(self.manuscripts) == 35, "35 manuscripts")
        need(sum(m.base for m in self.manuscripts) == 5, "5 base manuscripts")
        keys = [t.key for t in (*self.starting_townsfolk, *self.heroes, *self.townsfolk)]
        keys += [s.printed_townsfolk.key for s in self.segments]
        need(len(set(keys)) == len(keys), "townsfolk keys must be unique")
        mkeys = [m.key for m in self.manuscripts]
        need(len(set(mkeys)) == len(mkeys), "manuscript keys must be unique")
        return self


def parse_points(text: str) -> Points:
    """``"per_icon:noble:2"`` → ``(PER_ICON, 2, NOBLE)``; ``"flat:6"`` → ``(FLAT, 6, 0)``."""
    parts = text.split(":")
    if parts[0] not in POINT_KINDS:
        raise ValueError(f"unknown points kind {parts[0]!r}")
    kind = PointKind(POINT_KINDS.index(parts[0]))
    icon = 0
    if parts[0] == "per_icon":
        if len(parts) != 3 or parts[1] not in ICONS:
            raise ValueError(f"per_icon needs an icon: {text!r}")
        icon = ICONS.index(parts[1])
        parts = [parts[0], parts[2]]
    if len(parts) != 2 or not parts[1].isdigit():
        raise ValueError(f"bad points {text!r}")
    return Points(kind, int(parts[1]), icon)


def load_content(text: str | None = None) -> Content:
    """Parse and validate the content (the packaged ``content.json`` by default)."""
    if text is None:
        text = resources.files(__package__).joinpath("content.json").read_text("utf-8")
    return Content.model_validate(json.loads(text))


CONTENT = load_content()

# --- compiled tables ---------------------------------------------------------------------------


def _effects(values: list[str]) -> tuple[Effect, ...]:
    return tuple(parse_effect(v) for v in values)


class Design:
    """A compiled townsfolk design (plain attributes for the hot rules code)."""

    __slots__ = (
        "criminals",
        "effects",
        "hire",
        "icon_count",
        "icons",
        "key",
        "kind",
        "name",
        "timing",
        "trigger",
        "value",
    )

    def __init__(self, model: Townsfolk, kind: str) -> None:
        self.key = model.key
        self.name = model.name
        self.value = model.value
        self.icons = tuple(ICONS.index(i) for i in model.icons)
        count = [0, 0, 0, 0, 0]
        for icon in self.icons:
            count[icon] += 1
        self.icon_count = tuple(count)
        self.criminals = count[CRIMINAL]
        self.timing = Timing(TIMINGS.index(model.timing))
        self.trigger = Trigger(TRIGGERS.index(model.trigger)) if model.trigger else None
        self.effects = _effects(model.effects)
        self.hire = _effects(model.hire)
        self.kind = kind


N_NEUTRAL = len(CONTENT.townsfolk)
HERO_BASE = N_NEUTRAL
START_BASE = HERO_BASE + len(CONTENT.heroes)
N_START = len(CONTENT.starting_townsfolk)
MAX_SEATS = 4
N_CARDS = START_BASE + N_START * MAX_SEATS

DESIGNS: tuple[Design, ...] = (
    *(Design(t, "neutral") for t in CONTENT.townsfolk),
    *(Design(t, "hero") for t in CONTENT.heroes),
    *(Design(t, "starting") for t in CONTENT.starting_townsfolk),
)
"""Designs indexed by design number: neutrals, heroes, then the 8 starting designs."""
PRINTED: tuple[Design, ...] = tuple(
    Design(s.printed_townsfolk, "printed") for s in CONTENT.segments
)


def design_of(card: int) -> int:
    """The design number of card id ``card``."""
    if card < START_BASE:
        return card
    return START_BASE + (card - START_BASE) % N_START


CARD_DESIGN: tuple[Design, ...] = tuple(DESIGNS[design_of(c)] for c in range(N_CARDS))
CARD_VALUE: tuple[int, ...] = tuple(d.value for d in CARD_DESIGN)


class ScriptInfo:
    __slots__ = ("base", "cost", "effects", "key", "name", "points", "ribbon")

    def __init__(self, model: Manuscript) -> None:
        self.key = model.key
        self.name = model.name
        self.cost = model.cost
        self.ribbon = RIBBONS.index(model.ribbon)
        self.base = model.base
        self.effects = _effects(model.effects)
        self.points = parse_points(model.points) if model.points else None


SCRIPTS: tuple[ScriptInfo, ...] = tuple(ScriptInfo(m) for m in CONTENT.manuscripts)
BASE_SCRIPTS: tuple[int, ...] = tuple(i for i, s in enumerate(SCRIPTS) if s.base)
OTHER_SCRIPTS: tuple[int, ...] = tuple(i for i, s in enumerate(SCRIPTS) if not s.base)
PRINTED_SCRIPT_COST: tuple[int, ...] = tuple(
    s.printed_manuscript.cost for s in CONTENT.segments
)
PRINTED_SCRIPT_EFFECTS: tuple[tuple[Effect, ...], ...] = tuple(
    _effects(s.printed_manuscript.effects) for s in CONTENT.segments
)

SEG_EXCHANGES: tuple[tuple[Exchange, Exchange], ...] = tuple(
    (Exchange(s.exchanges[0]), Exchange(s.exchanges[1])) for s in CONTENT.segments
)
"""Per segment design: the exchanges of its west and east outer spaces."""
SEG_SPOT_REWARDS: tuple[tuple[tuple[Effect, ...], ...], ...] = tuple(
    tuple(_effects(spot.reward) for spot in s.spots) for s in CONTENT.segments
)
SEG_SPOT_NAMES: tuple[tuple[str, ...], ...] = tuple(
    tuple(spot.name for spot in s.spots) for s in CONTENT.segments
)
SEG_LINK_REWARDS: tuple[tuple[tuple[Effect, ...], ...], ...] = tuple(
    tuple(_effects(link) for link in s.links) for s in CONTENT.segments
)
CASTLE_REWARDS: tuple[tuple[Effect, ...], ...] = tuple(_effects(c.tier2) for c in CONTENT.castle)
BUILD_COST: tuple[int, ...] = tuple(b.cost for b in CONTENT.buildings)
BUILD_POINTS: tuple[tuple[int, ...], ...] = tuple(tuple(b.points) for b in CONTENT.buildings)
WORKER_COSTS: tuple[int, ...] = tuple(CONTENT.worker_costs)
START_SLOT_ICONS: tuple[int, ...] = tuple(ICONS.index(i) for i in CONTENT.start_slot_icons)
PERMANENT_ICON: dict[tuple[int, int], int] = {
    (TRADING_POST, 3): ICONS.index(CONTENT.permanent_icons["trading_post_3"]),
    (GUILDHALL, 1): ICONS.index(CONTENT.permanent_icons["guildhall_1"]),
    (GUILDHALL, 2): ICONS.index(CONTENT.permanent_icons["guildhall_2"]),
    (GUILDHALL, 3): ICONS.index(CONTENT.permanent_icons["guildhall_3"]),
}
COLLISION_ABOVE: tuple[tuple[Effect, ...], ...] = tuple(
    _effects(a) for a in CONTENT.collision_above
)
COLLISION_BELOW: tuple[tuple[str, tuple[Effect, ...]], ...] = tuple(
    (b.who, _effects(b.effects)) for b in CONTENT.collision_below
)
PLAYER_CARD_SETUP: tuple[tuple[Effect, ...], ...] = tuple(
    _effects(p.setup) for p in CONTENT.player_cards
)

SPOTS_PER_SEGMENT = 6
N_SPOTS = 5 * SPOTS_PER_SEGMENT
CLOSED_SPOT_INDEX = (2, 3)
"""Spots closed below 3 players: on each bank the one next to the river (west 2, east 0)."""


def card_json(card: int) -> dict[str, Any]:
    """A fresh JSON description of a card id, for views and the rules help."""
    return dict(_CARD_JSON[card])


def design_json(d: Design) -> dict[str, Any]:
    return {
        "key": d.key,
        "name": d.name,
        "kind": d.kind,
        "value": d.value,
        "icons": [ICONS[i] for i in d.icons],
    }


def script_json(script: int) -> dict[str, Any]:
    """A fresh JSON description of a manuscript."""
    return dict(_SCRIPT_JSON[script])


def _script_json(script: int) -> dict[str, Any]:
    s = SCRIPTS[script]
    return {
        "id": script,
        "key": s.key,
        "name": s.name,
        "cost": s.cost,
        "ribbon": RIBBONS[s.ribbon],
    }


_CARD_JSON = tuple(design_json(CARD_DESIGN[c]) | {"id": c} for c in range(N_CARDS))
_SCRIPT_JSON = tuple(_script_json(s) for s in range(len(SCRIPTS)))

