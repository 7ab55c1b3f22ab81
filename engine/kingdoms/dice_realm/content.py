"""The cards of Dice Realm, loaded from ``content.json`` and validated with pydantic.

All content is data: 5 colours, 15 villages, 40 citizens (requirement, value, ability, text and
the exact odds of their requirement), 10 penalty cards. Loading checks the counts the rules
depend on, so a bad edit fails at import with a clear message.

Inside the rules every card is a small integer (its *card number*): citizens ``0..39`` in file
order, villages ``40..54`` (colour by colour, values 2, 3, 4), penalties ``55..64``. The string
ids (``"c01"``, ``"v-city-2"``, ``"p01"``) are used in JSON.

>>> CONTENT.citizens[0].name
'Lamplighter'
>>> CARD_IDS[VILLAGE_BASE], CARD_VALUES[VILLAGE_BASE]
('v-city-2', 2)
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .requirements import AllOf, Requirement, SumAtMost, describe

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
    colour: str
    value: int = Field(ge=2, le=4)


class Citizen(BaseModel):
    model_config = _CONFIG
    id: str
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
        expected = [(c, v) for c in COLOUR_IDS for v in (2, 3, 4)]
        if [(v.colour, v.value) for v in self.villages] != expected:
            raise ValueError("villages must be each colour's 2, 3, 4 in colour order")
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
        return self


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

N_CITIZENS = 40
VILLAGE_BASE = 40
PENALTY_BASE = 55
N_CARDS = 65

CARD_IDS: tuple[str, ...] = (
    *(c.id for c in CONTENT.citizens),
    *(v.id for v in CONTENT.villages),
    *(p.id for p in CONTENT.penalties),
)
CARD_NUMBER: dict[str, int] = {cid: i for i, cid in enumerate(CARD_IDS)}
CARD_VALUES: tuple[int, ...] = (
    *(c.value for c in CONTENT.citizens),
    *(v.value for v in CONTENT.villages),
    *(p.value for p in CONTENT.penalties),
)
CITIZEN_COLOUR: tuple[int, ...] = tuple(COLOUR_IDS.index(c.colour) for c in CONTENT.citizens)
CITIZEN_ABILITY: tuple[Ability | None, ...] = tuple(c.ability for c in CONTENT.citizens)
FAIRIES = frozenset(i for i, a in enumerate(CITIZEN_ABILITY) if a == "fairy")
DRAGONS = frozenset(i for i, a in enumerate(CITIZEN_ABILITY) if a == "dragon")
VILLAGE_PILES: tuple[tuple[int, ...], ...] = tuple(
    tuple(VILLAGE_BASE + 3 * colour + k for k in range(3)) for colour in range(5)
)
"""Each colour's village pile at setup, top first (the 2 on top, the 4 at the bottom)."""


def card_kind(card: int) -> Literal["citizen", "village", "penalty"]:
    if card < VILLAGE_BASE:
        return "citizen"
    return "village" if card < PENALTY_BASE else "penalty"


def card_json(card: int) -> dict[str, Any]:
    """A fresh JSON-able description of a card, for views."""
    kind = card_kind(card)
    if kind == "citizen":
        c = CONTENT.citizens[card]
        return {
            "id": c.id,
            "kind": kind,
            "name": c.name,
            "colour": c.colour,
            "value": c.value,
            "ability": c.ability,
            "requirement": c.requirement.model_dump(mode="json"),
            "requirement_text": describe(c.requirement),
            "text": c.text,
            "odds": c.odds_approx,
        }
    if kind == "village":
        v = CONTENT.villages[card - VILLAGE_BASE]
        return {"id": v.id, "kind": kind, "colour": v.colour, "value": v.value}
    p = CONTENT.penalties[card - PENALTY_BASE]
    return {"id": p.id, "kind": kind, "name": p.name, "value": p.value}
