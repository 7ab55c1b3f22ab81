"""Helpers for Dice Realm tests: build hand-made positions through ``state_from_json``.

``position(...)`` takes only what a test cares about (the row, the dice, the realms …) and puts
every other card where it would be: unused citizens into the draw pile (in id order), unused
penalties into the penalty pile, villages not in a realm back on their piles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from kingdoms.dice_realm.content import CONTENT
from kingdoms.dice_realm.game import GAME
from kingdoms.dice_realm.state import State

CITIZEN_IDS = [c.id for c in CONTENT.citizens]
PENALTY_IDS = [p.id for p in CONTENT.penalties]
PILES = [[f"v-{c.id}-{v}" for v in (2, 3, 4)] for c in CONTENT.colours]


def by_name(name: str) -> str:
    """The id of the citizen called ``name``."""
    return next(c.id for c in CONTENT.citizens if c.name == name)


def build_json(
    *,
    row: Sequence[str | None],
    dice: Sequence[int] = (0, 0, 0, 0, 0, 0),
    phase: str = "choose",
    seats: Sequence[str] = ("Ann", "Ben"),
    current: int = 0,
    realms: Sequence[Sequence[str]] | None = None,
    draw: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    penalties: Sequence[str] | None = None,
    villages: Sequence[Sequence[str]] | None = None,
    rolls_used: int | None = None,
    rolls_allowed: int = 3,
    flips_used: int = 0,
    elf: Sequence[int] = (),
    extra_turn: bool = False,
    pending: str | None = None,
    seed: int = 1,
    counter: int = 100,
    end_reason: str = "",
) -> dict[str, Any]:
    realms = [list(r) for r in (realms or [[] for _ in seats])]
    used = {c for c in row if c} | set(discard) | {c for r in realms for c in r}
    if pending:
        used.add(pending)
    if draw is None:
        draw = [c for c in CITIZEN_IDS if c not in used]
    used |= set(draw)
    if penalties is None:
        penalties = [p for p in PENALTY_IDS if p not in used]
    if villages is None:
        villages = [[v for v in pile if v not in used] for pile in PILES]
    if rolls_used is None:
        rolls_used = 1 if any(dice) else 0
    return {
        "seats": list(seats), "seed": seed, "counter": counter, "turn": 5, "current": current,
        "phase": phase, "dice": list(dice), "held": 0, "rolls_used": rolls_used,
        "rolls_allowed": rolls_allowed, "flips_used": flips_used, "row": list(row),
        "draw": list(draw), "discard": list(discard), "penalties": list(penalties),
        "villages": [list(p) for p in villages], "realms": realms, "elf": list(elf),
        "extra_turn": extra_turn, "pending": pending, "end_reason": end_reason,
        "events": [], "last_events": [],
    }


def build(**kwargs: Any) -> State:
    return GAME.state_from_json(build_json(**kwargs))


class Helpers:
    """What the tests use, handed out by the ``dr`` fixture (conftest is not importable)."""

    build = staticmethod(build)
    build_json = staticmethod(build_json)
    by_name = staticmethod(by_name)
    citizen_ids = CITIZEN_IDS
    penalty_ids = PENALTY_IDS
    piles = PILES


@pytest.fixture
def dr() -> type[Helpers]:
    return Helpers


@pytest.fixture
def position() -> Callable[..., State]:
    return build
