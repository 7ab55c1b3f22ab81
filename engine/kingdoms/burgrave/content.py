"""Burgrave's content: what ``content.json`` may hold, loaded and validated with pydantic at import.

Why: the designed set is data, not code, so a bad edit must fail here, at import, with a clear
message. What a card, spot, link, castle section or manuscript *does* is written in one shared
effect vocabulary (:data:`EFFECT_KINDS`) as strings such as ``"silver:2"`` or
``"build_free:workshop"``; :func:`parse_effect` is its grammar. Loading checks the counts the
rules rely on (68 neutral townsfolk, 10 heroes, 35 manuscripts with 5 base ones …). The rules
read the content compiled (:mod:`.tables`), players in words (:mod:`.words`).

Cards, manuscripts and player cards carry fixed ids in the file (a starting design its four
copies', one per colour), append-only since records replay through them (:mod:`kingdoms.core.ids`):
neutral townsfolk ``0..67``, heroes ``68..77``, starting cards ``78..109``; the next is ``110``.

>>> CONTENT.townsfolk[0].name
'Peddler'
>>> parse_effect("build_free:workshop")
Effect(kind=<EffectKind.BUILD_FREE: 20>, amount=1, arg=0)
"""

from __future__ import annotations

import json
from collections import Counter
from enum import IntEnum
from importlib import resources
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..core.ids import indexed

_CONFIG = ConfigDict(frozen=True, extra="forbid")

ICONS = ("merchant", "builder", "noble", "cleric", "criminal")
MERCHANT, BUILDER, NOBLE, CLERIC, CRIMINAL = range(5)
RESOURCES = ("ink", "gold", "stone")
INK, GOLD, STONE = range(3)
RIBBONS = ("red", "blue", "green", "gold")
BUILDINGS = ("workshop", "trading_post", "guildhall")
WORKSHOP, TRADING_POST, GUILDHALL = range(3)
MAX_SEATS = 4
"""Players at most: a starting design has a copy, with its own card id, in each of 4 colours."""
SPOTS_PER_SEGMENT = 6
N_SPOTS = 5 * SPOTS_PER_SEGMENT


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


class Card(Townsfolk):
    """A neutral townsfolk or a hero: one card, with its id."""

    id: int = Field(ge=0)


class StartingTownsfolk(Townsfolk):
    """A starting design: the same card in each colour, ``ids[seat]`` that colour's copy."""

    ids: list[int] = Field(min_length=MAX_SEATS, max_length=MAX_SEATS)


class Manuscript(BaseModel):
    model_config = _CONFIG
    id: int = Field(ge=0)
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
    id: int = Field(ge=0)
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
    starting_townsfolk: list[StartingTownsfolk]
    heroes: list[Card]
    townsfolk: list[Card]
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
        need(all(exchanges[k] >= 2 for k in range(1, 5)), "each exchange kind at least twice")
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
        index_ids(self)  # each kind's ids unique and without gaps
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


CardKind = Literal["neutral", "hero", "starting"]


class Ids(NamedTuple):
    """The content by id, built from the ids the file states: the order it lists things in
    changes nothing. ``cards``: each card id's design and kind (a starting design's copies
    share it); ``starting_decks``: each colour's copy of every starting design, by id."""

    cards: tuple[tuple[Townsfolk, CardKind], ...]
    starting_decks: tuple[tuple[int, ...], ...]
    manuscripts: tuple[Manuscript, ...]
    player_cards: tuple[PlayerCard, ...]


def index_ids(content: Content) -> Ids:
    """The content indexed by its ids (``ValueError`` if a kind's ids repeat or leave a gap)."""
    cards: list[tuple[int, tuple[Townsfolk, CardKind]]] = [
        *((t.id, (t, "neutral")) for t in content.townsfolk),
        *((t.id, (t, "hero")) for t in content.heroes),
        *((card, (t, "starting")) for t in content.starting_townsfolk for card in t.ids),
    ]
    return Ids(
        cards=indexed("card id", cards),
        starting_decks=tuple(tuple(sorted(t.ids[seat] for t in content.starting_townsfolk))
                             for seat in range(MAX_SEATS)),
        manuscripts=indexed("manuscript id", ((m.id, m) for m in content.manuscripts)),
        player_cards=indexed("player card id", ((p.id, p) for p in content.player_cards)),
    )


def load_content(text: str | None = None) -> Content:
    """Parse and validate the content (the packaged ``content.json`` by default)."""
    if text is None:
        text = resources.files(__package__).joinpath("content.json").read_text("utf-8")
    return Content.model_validate(json.loads(text))


CONTENT = load_content()
IDS = index_ids(CONTENT)
N_CARDS = len(IDS.cards)
"""Card ids run ``0 .. N_CARDS - 1`` (``actions`` checks its card codes have room for them)."""
PLAYER_CARDS = IDS.player_cards
