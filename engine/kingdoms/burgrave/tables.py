"""Burgrave's rule tables, compiled once at import from the validated content (:mod:`.content`).

Why a module of its own: the rules run millions of times in bots' searches and tournaments, so
they read plain tuples of small integers (an :class:`~.content.Effect` per effect, a
:class:`Design` per townsfolk card id) instead of the pydantic models; content.py says what
the data may hold, this module what the rules look up in it. Nothing here is English: what
players read is composed from these tables in :mod:`.words`.

>>> CARD_DESIGN[0].key, CARD_VALUE[0], SEG_SPOT_REWARDS[0][0]
('peddler', 1, (Effect(kind=<EffectKind.INK: 1>, amount=1, arg=0),))
"""

from __future__ import annotations

from enum import IntEnum
from typing import Literal

from .content import (
    CONTENT,
    CRIMINAL,
    GUILDHALL,
    ICONS,
    IDS,
    N_CARDS,
    PLAYER_CARDS,
    RIBBONS,
    TRADING_POST,
    TRIGGERS,
    Effect,
    Ids,
    Manuscript,
    Townsfolk,
    Trigger,
    parse_effect,
    parse_points,
)
from .shapes import CardFacts, ScriptFacts

DesignKind = Literal["neutral", "hero", "starting", "printed"]


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

    def __init__(self, model: Townsfolk, kind: DesignKind) -> None:
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


def card_designs(ids: Ids) -> tuple[Design, ...]:
    """Each card id's compiled design; the copies of a starting design share one."""
    designs: dict[str, Design] = {}
    for model, kind in ids.cards:
        if model.key not in designs:
            designs[model.key] = Design(model, kind)
    return tuple(designs[model.key] for model, _ in ids.cards)


CARD_DESIGN = card_designs(IDS)
"""The design of each card id."""
CARD_VALUE: tuple[int, ...] = tuple(d.value for d in CARD_DESIGN)
DESIGNS: tuple[Design, ...] = tuple(dict.fromkeys(CARD_DESIGN))
"""Each design once, in the order of its first card id."""
PRINTED: tuple[Design, ...] = tuple(
    Design(s.printed_townsfolk, "printed") for s in CONTENT.segments
)
NEUTRAL_CARDS = tuple(card for card, d in enumerate(CARD_DESIGN) if d.kind == "neutral")
"""The neutral townsfolk's ids, in id order (as setup shuffles them into the piles)."""
HERO_CARDS = tuple(card for card, d in enumerate(CARD_DESIGN) if d.kind == "hero")
STARTING_DECKS = IDS.starting_decks
"""Each colour's (seat's) 8 starting cards, in id order."""
HERO_BASE = HERO_CARDS[0]
"""The first hero's id (68), from which the page's rules figures count. Ids never move, so the
ten heroes first printed stay ``68..77``; a hero added later takes an id after every card, so
the rules read :data:`HERO_CARDS`."""
START_BASE = STARTING_DECKS[0][0]
"""The first colour's first starting card (78); its eight stay ``78..85`` for the same reason."""


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


SCRIPTS: tuple[ScriptInfo, ...] = tuple(ScriptInfo(m) for m in IDS.manuscripts)
"""The manuscripts by id."""
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
    _effects(p.setup) for p in PLAYER_CARDS
)
"""Each player card's extra setup step, by id."""

CLOSED_SPOT_INDEX = (2, 3)
"""Spots closed below 3 players: on each bank the one next to the river (west 2, east 0)."""


def card_json(card: int) -> CardFacts:
    """A fresh JSON description of a card id, for views and the rules help."""
    return _CARD_JSON[card].copy()


def design_json(d: Design) -> CardFacts:
    return {
        "key": d.key,
        "name": d.name,
        "kind": d.kind,
        "value": d.value,
        "icons": [ICONS[i] for i in d.icons],
    }


def script_json(script: int) -> ScriptFacts:
    """A fresh JSON description of a manuscript."""
    return _SCRIPT_JSON[script].copy()


def _script_json(script: int) -> ScriptFacts:
    s = SCRIPTS[script]
    return {
        "id": script,
        "key": s.key,
        "name": s.name,
        "cost": s.cost,
        "ribbon": RIBBONS[s.ribbon],
    }


def _card_facts(card: int) -> CardFacts:
    facts = design_json(CARD_DESIGN[card])
    facts["id"] = card
    return facts


_CARD_JSON = tuple(_card_facts(c) for c in range(N_CARDS))
_SCRIPT_JSON = tuple(_script_json(s) for s in range(len(SCRIPTS)))

