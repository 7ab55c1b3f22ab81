"""The cards of Dice Realm, loaded from ``content.json`` and validated with pydantic.

All content is data: 5 colours, 15 villages, 40 citizens (requirement, value, ability, text and
the exact odds of their requirement), 10 penalty cards. Loading checks the counts the rules
depend on, so a bad edit fails at import with a clear message.

Inside the rules every card is a small integer, its *card number*, which the file states for
each card (``"number"``; its ``"id"``, such as ``"c01"``, ``"v-city-2"`` or ``"p01"``, is its
name in JSON). Numbers are append-only, because setup shuffles the cards in number order and
states hold them (:mod:`kingdoms.core.ids`): citizens are ``0..39``, villages ``40..54`` (colour
by colour, values 2, 3, 4), penalties ``55..64``, and a new card of any kind will be ``65``. The
tables below are indexed by number, never by place in the file.

>>> CONTENT.citizens[0].name
'Lamplighter'
>>> CARD_IDS[40], CARD_VALUES[40], CARD_KIND[40]
('v-city-2', 2, 'village')
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from importlib import resources
from typing import Literal, cast

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..core.ids import indexed
from .requirements import AllOf, Requirement, SumAtMost, describe
from .shapes import CardJson, RequirementJson

Ability = Literal["elf", "hypnotist", "apprentice", "fairy", "dragon"]
ABILITIES: tuple[Ability, ...] = ("elf", "hypnotist", "apprentice", "fairy", "dragon")
COLOUR_IDS = ("city", "mine", "workshop", "orc", "forest")

_CONFIG = ConfigDict(frozen=True, extra="forbid")


class Colour(BaseModel):
    model_config = _CONFIG
    id: str
    name: str


class Band(BaseModel):
    """A value band: citizens whose odds are at least ``min_odds`` (and below the band before)."""

    model_config = _CONFIG
    min_odds: float = Field(ge=0, le=1)
    value: int


class Village(BaseModel):
    model_config = _CONFIG
    id: str
    number: int = Field(ge=0)
    colour: str
    value: int = Field(ge=2, le=4)


class Citizen(BaseModel):
    model_config = _CONFIG
    id: str
    number: int = Field(ge=0)
    name: str = Field(min_length=1, max_length=40)
    colour: str
    value: int = Field(ge=-10, le=10)
    requirement: Requirement
    ability: Ability | None = None
    text: str = Field(min_length=1, max_length=120)
    odds: str = Field(description="Exact chance of meeting the requirement in three rolls, n/d.")
    odds_approx: float = Field(ge=0, le=1)

    @field_validator("odds")
    @classmethod
    def _fraction(cls, value: str) -> str:
        num, _, den = value.partition("/")
        if not (num.isdigit() and den.isdigit()) or int(den) == 0:
            raise ValueError("odds must be a fraction n/d")
        if not 0 <= Fraction(int(num), int(den)) <= 1:
            raise ValueError("odds must be between 0 and 1")
        return value

    @property
    def exact_odds(self) -> Fraction:
        num, _, den = self.odds.partition("/")
        return Fraction(int(num), int(den))

    @model_validator(mode="after")
    def _check(self) -> Citizen:
        if self.ability == "dragon":
            if self.value >= 0:
                raise ValueError(f"dragon {self.id} must have a negative value")
        elif not 1 <= self.value <= 10:
            raise ValueError(f"citizen {self.id} must be worth 1 to 10")
        if self.ability == "hypnotist":
            req = self.requirement
            parts = req.of if isinstance(req, AllOf) else (req,)
            if not any(isinstance(p, SumAtMost) for p in parts):
                raise ValueError(f"hypnotist {self.id} needs a low-sum requirement")
        if abs(float(self.exact_odds) - self.odds_approx) > 1e-4:
            raise ValueError(f"citizen {self.id}: odds_approx does not match odds")
        return self


class Penalty(BaseModel):
    model_config = _CONFIG
    id: str
    number: int = Field(ge=0)
    name: str
    value: int = Field(ge=-10, le=-1)


class Content(BaseModel):
    """The whole card set; the validators check what the rules rely on."""

    model_config = _CONFIG
    format: Literal[1]
    colours: tuple[Colour, ...]
    value_bands: tuple[Band, ...]
    dragon_bands: tuple[Band, ...]
    villages: tuple[Village, ...]
    citizens: tuple[Citizen, ...]
    penalties: tuple[Penalty, ...]

    @model_validator(mode="after")
    def _check(self) -> Content:
        if tuple(c.id for c in self.colours) != COLOUR_IDS:
            raise ValueError(f"colours must be {COLOUR_IDS} in this order")
        expected = sorted((c, v) for c in COLOUR_IDS for v in (2, 3, 4))
        if sorted((v.colour, v.value) for v in self.villages) != expected:
            raise ValueError("villages must be each colour's 2, 3 and 4")
        if len(self.citizens) != 40:
            raise ValueError("there must be 40 citizens")
        per_colour = Counter(c.colour for c in self.citizens)
        if any(per_colour[c] != 8 for c in COLOUR_IDS) or len(per_colour) != 5:
            raise ValueError("there must be 8 citizens of each colour")
        abilities = Counter(c.ability for c in self.citizens)
        for ability in ABILITIES:
            low, high = (2, 4) if ability == "dragon" else (2, 3)
            if not low <= abilities[ability] <= high:
                raise ValueError(f"there must be {low}-{high} citizens with ability {ability}")
        values = sorted((p.value for p in self.penalties), reverse=True)
        if values != [-1] * 4 + [-2] * 4 + [-3] * 2:
            raise ValueError("penalties must be four -1, four -2 and two -3")
        ids = [v.id for v in self.villages] + [c.id for c in self.citizens]
        ids += [p.id for p in self.penalties]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids must be unique")
        for citizen in self.citizens:  # a value is its odds band's (docs/dice-realm.md)
            bands = self.dragon_bands if citizen.ability == "dragon" else self.value_bands
            if citizen.value != band_value(bands, float(citizen.exact_odds)):
                raise ValueError(f"citizen {citizen.id} is worth {citizen.value}, but its odds "
                                 f"band gives {band_value(bands, float(citizen.exact_odds))}")
        cards_by_number(self)  # numbers unique, without gaps
        return self


Card = Citizen | Village | Penalty
CardKind = Literal["citizen", "village", "penalty"]


def cards_by_number(content: Content) -> tuple[Card, ...]:
    """Every card, indexed by its number (``ValueError`` if numbers repeat or leave a gap)."""
    cards: tuple[Card, ...] = (*content.citizens, *content.villages, *content.penalties)
    return indexed("card number", ((card.number, card) for card in cards))


def load_content(text: str | None = None) -> Content:
    """Parse and validate the content (the packaged ``content.json`` by default)."""
    if text is None:
        text = resources.files(__package__).joinpath("content.json").read_text("utf-8")
    return Content.model_validate(json.loads(text))


def band_value(bands: tuple[Band, ...], odds: float) -> int:
    """The value of the first band whose ``min_odds`` the odds reach (bands go high to low)."""
    for band in bands:
        if odds >= band.min_odds:
            return band.value
    raise ValueError("no band matches")


CONTENT = load_content()
CARDS = cards_by_number(CONTENT)
N_CARDS = len(CARDS)

CARD_IDS: tuple[str, ...] = tuple(card.id for card in CARDS)
CARD_NUMBER: dict[str, int] = {cid: i for i, cid in enumerate(CARD_IDS)}
CARD_VALUES: tuple[int, ...] = tuple(card.value for card in CARDS)
CARD_KIND: tuple[CardKind, ...] = tuple(
    "citizen" if isinstance(card, Citizen) else "village" if isinstance(card, Village)
    else "penalty" for card in CARDS
)
CITIZENS: dict[int, Citizen] = {n: c for n, c in enumerate(CARDS) if isinstance(c, Citizen)}
"""The citizens by number, in number order."""
PENALTIES: tuple[int, ...] = tuple(n for n, kind in enumerate(CARD_KIND) if kind == "penalty")
"""The penalty cards' numbers, in number order (as setup shuffles them)."""
CITIZEN_COLOUR: tuple[int, ...] = tuple(
    COLOUR_IDS.index(card.colour) if isinstance(card, Citizen) else -1 for card in CARDS
)
"""A citizen's colour by card number (-1 for the other cards: no row slot's colour)."""
CITIZEN_ABILITY: tuple[Ability | None, ...] = tuple(
    card.ability if isinstance(card, Citizen) else None for card in CARDS
)
FAIRIES = frozenset(n for n, c in CITIZENS.items() if c.ability == "fairy")
DRAGONS = frozenset(n for n, c in CITIZENS.items() if c.ability == "dragon")
VILLAGE_PILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted((n for n, c in enumerate(CARDS) if isinstance(c, Village) and c.colour == colour),
                 key=CARD_VALUES.__getitem__))
    for colour in COLOUR_IDS
)
"""Each colour's village pile at setup, top first (the 2 on top, the 4 at the bottom)."""


def card_json(card: int) -> CardJson:
    """A fresh JSON-able description of a card, for views."""
    info = CARDS[card]
    kind = CARD_KIND[card]
    if isinstance(info, Citizen):
        return {
            "id": info.id,
            "kind": kind,
            "name": info.name,
            "colour": info.colour,
            "value": info.value,
            "ability": info.ability,
            "requirement": cast(RequirementJson, info.requirement.model_dump(mode="json")),
            "requirement_text": describe(info.requirement),
            "text": info.text,
            "odds": info.odds_approx,
        }
    if isinstance(info, Village):
        return {"id": info.id, "kind": kind, "colour": info.colour, "value": info.value}
    return {"id": info.id, "kind": kind, "name": info.name, "value": info.value}
