"""The solo rival's content (spec, "Solo"): its four boards and 16 schemes, as data.

Why a sibling of ``content.json``: the rival is a separate component set (only a solo game uses
it), yet it speaks the same effect vocabulary, so ``solo.json`` is validated here with the same
effect parser at import, and compiled into the small tables :mod:`.rival` runs on. Each scheme
carries its id, which states and the rival's shuffle use: ids are append-only, like the cards'
(:mod:`kingdoms.core.ids`), and the tables are indexed by them, never by place in the file.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..core.ids import indexed
from .content import ICONS, RESOURCES, Effect, parse_effect

_CONFIG = ConfigDict(frozen=True, extra="forbid")
ACTIONS = ("trade", "build", "workers", "transcribe")
"""The rival's primary actions (the spec's four, by their scheme names)."""
TRADE, BUILD, WORKERS, TRANSCRIBE = range(4)
FOCUS = "focus"
DISMISS = "dismiss"
MAX_DIFFICULTY = 3
"""Spec: "shuffle 0–3 future schemes into its deck"."""
N_STARTING = N_FUTURE = 8
MAX_MOVE = 4
MAX_BOARD_ICONS = 8


def _check_effects(values: list[str]) -> list[str]:
    for value in values:
        parse_effect(value)
    return values


class RivalBoard(BaseModel):
    """One rival board: the focus, starting items, the resource chart and the removed schemes."""

    model_config = _CONFIG
    key: str = Field(pattern=r"^[a-z]+$")
    name: str = Field(min_length=1, max_length=40)
    focus: Literal["trade", "build", "workers", "transcribe"]
    icon: Literal["merchant", "builder", "noble", "cleric"]
    icons: int = Field(default=1, ge=1, le=MAX_BOARD_ICONS)
    """How many of ``icon`` the board prints (they count in its line every turn)."""
    silver: int = Field(ge=0, le=9)
    ink: int = Field(ge=0, le=5)
    gold: int = Field(ge=0, le=5)
    stone: int = Field(ge=0, le=5)
    chart: list[Literal["ink", "gold", "stone"]] = Field(min_length=3, max_length=3)
    remove: list[str] = Field(max_length=N_FUTURE - MAX_DIFFICULTY)

    @field_validator("chart")
    @classmethod
    def _whole_chart(cls, chart: list[str]) -> list[str]:
        if sorted(chart) != sorted(RESOURCES):
            raise ValueError("the chart ranks each resource once")
        return chart


class Scheme(BaseModel):
    """One scheme card: icons for the line, steps top to bottom, fall-back, end gain."""

    model_config = _CONFIG
    id: int = Field(ge=0)
    key: str = Field(pattern=r"^[sf]-[a-z]+$")
    name: str = Field(min_length=1, max_length=40)
    future: bool
    icons: list[Literal["merchant", "builder", "noble", "cleric"]] = Field(
        min_length=1, max_length=2
    )
    steps: list[str] = Field(min_length=2, max_length=6)
    fallback: list[str] = Field(min_length=1)
    gain: list[str]

    _effects = field_validator("fallback", "gain")(_check_effects)

    @field_validator("steps")
    @classmethod
    def _steps(cls, steps: list[str]) -> list[str]:
        """An optional ``dismiss`` first, exactly one ``move:N`` next, then 1+ actions."""
        rest = steps[1:] if steps[0] == DISMISS else steps
        move = rest[0].split(":")
        if move[0] != "move" or len(move) != 2 or not move[1].isdigit() or not (
            1 <= int(move[1]) <= MAX_MOVE
        ):
            raise ValueError(f"a scheme moves 1-{MAX_MOVE} spaces right after any dismissal")
        actions = rest[1:]
        if not actions or any(a not in (FOCUS, *ACTIONS) for a in actions):
            raise ValueError(f"actions must be among {(FOCUS, *ACTIONS)}")
        return steps


class SoloContent(BaseModel):
    model_config = _CONFIG
    format: Literal[1]
    notes: list[str]
    default_rival: str
    default_difficulty: int = Field(ge=0, le=MAX_DIFFICULTY)
    leftover_silver_kept: int = Field(ge=0, le=9)
    boards: list[RivalBoard] = Field(min_length=4, max_length=4)
    schemes: list[Scheme] = Field(min_length=N_STARTING + N_FUTURE, max_length=16)

    @model_validator(mode="after")
    def _check(self) -> SoloContent:
        keys = [s.key for s in self.schemes]
        if len(set(keys)) != len(keys):
            raise ValueError("scheme keys must be unique")
        if sum(s.future for s in self.schemes) != N_FUTURE:
            raise ValueError(f"exactly {N_FUTURE} future schemes")
        futures = {s.key for s in self.schemes if s.future}
        if sorted(b.focus for b in self.boards) != sorted(ACTIONS):
            raise ValueError("one board per focus: workers, buildings, manuscripts, trade/cards")
        for board in self.boards:
            if not set(board.remove) <= futures:
                raise ValueError(f"{board.key}: removes only future schemes")
        if self.default_rival not in [b.key for b in self.boards]:
            raise ValueError("default_rival must be a board key")
        indexed("scheme id", ((s.id, s) for s in self.schemes))  # unique, without gaps
        return self


def load_solo(text: str | None = None) -> SoloContent:
    """Parse and validate ``solo.json`` (or ``text``)."""
    if text is None:
        text = resources.files(__package__).joinpath("solo.json").read_text("utf-8")
    return SoloContent.model_validate(json.loads(text))


SOLO = load_solo()


class SchemeInfo(NamedTuple):
    """A scheme compiled: its key, future or starting, icon indices, dismiss first?, spaces to
    move, action list (indices into :data:`ACTIONS`, ``-1`` for the board's focus), fall-back
    and gain effects."""

    key: str
    future: bool
    icons: tuple[int, ...]
    dismiss: bool
    move: int
    actions: tuple[int, ...]
    fallback: tuple[Effect, ...]
    gain: tuple[Effect, ...]


def _compile(scheme: Scheme) -> SchemeInfo:
    dismiss = scheme.steps[0] == DISMISS
    rest = scheme.steps[dismiss:]
    return SchemeInfo(
        key=scheme.key,
        future=scheme.future,
        icons=tuple(ICONS.index(i) for i in scheme.icons),
        dismiss=dismiss,
        move=int(rest[0].split(":")[1]),
        actions=tuple(-1 if a == FOCUS else ACTIONS.index(a) for a in rest[1:]),
        fallback=tuple(parse_effect(e) for e in scheme.fallback),
        gain=tuple(parse_effect(e) for e in scheme.gain),
    )


def compile_schemes(solo: SoloContent) -> tuple[SchemeInfo, ...]:
    """The schemes compiled, indexed by id."""
    return indexed("scheme id", ((s.id, _compile(s)) for s in solo.schemes))


SCHEMES = compile_schemes(SOLO)
"""The schemes by id (what states hold)."""
STARTING_SCHEMES: tuple[int, ...] = tuple(i for i, s in enumerate(SCHEMES) if not s.future)
FUTURE_SCHEMES: tuple[int, ...] = tuple(i for i, s in enumerate(SCHEMES) if s.future)
BOARD_KEYS: tuple[str, ...] = tuple(b.key for b in SOLO.boards)
BOARD_FOCUS: tuple[int, ...] = tuple(ACTIONS.index(b.focus) for b in SOLO.boards)
BOARD_ICON: tuple[int, ...] = tuple(ICONS.index(b.icon) for b in SOLO.boards)
BOARD_ICONS: tuple[int, ...] = tuple(b.icons for b in SOLO.boards)
"""How many of its icon each board prints."""
BOARD_CHART: tuple[tuple[int, ...], ...] = tuple(
    tuple(RESOURCES.index(r) for r in b.chart) for b in SOLO.boards
)
BOARD_FUTURES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in FUTURE_SCHEMES if SCHEMES[i].key not in b.remove) for b in SOLO.boards
)
"""The future schemes each board keeps (its ``remove`` list taken out), in id order."""
