"""Burgrave's game state: plain mutable dataclasses that ``apply`` clones before changing.

Why mutable with a hand-written :meth:`State.clone`: a Burgrave state has a few dozen small lists
(hands, decks, piles, the castle); cloning them by hand is several times faster than rebuilding
frozen tuples on every change, and ``apply`` stays pure because it only ever mutates its clone.
Pydantic is used only at the edge (:func:`from_json`).

Layout conventions (all 0-based):

* **Spaces**: outer spaces ``0..9`` clockwise (board position ``p`` has west bank ``2p`` and east
  bank ``2p + 1``; printed numbers 1-10 are these plus one), inner spaces ``10..14`` (``10 + p``).
* **Spots**: ``6p + 0..2`` on the west bank, ``6p + 3..5`` on the east bank, in clockwise order.
* **Castle sections**: section ``p`` lies beside board position ``p``; ``p + 1`` is clockwise.
* **Piles** (townsfolk, manuscripts): lists whose *last* element is the top card.
* **Decks**: the draw pile's top is the last element; a line's index 0 is the left slot.
* **Pending tasks**: ``stack`` holds :class:`~.tasks.Task` tuples; the top task is next.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.errors import SetupError
from ..core.protocol import Seat
from ..core.rng import MASK64
from .content import N_CARDS, N_SPOTS
from .tasks import OPS, Task


@dataclasses.dataclass(slots=True)
class Player:
    """One burgrave and everything they own."""

    space: int = -1
    silver: int = 0
    res: list[int] = dataclasses.field(default_factory=lambda: [0, 0, 0])
    """ink, gold, stone"""
    virtue: int = 6
    corruption: int = 0
    debts: int = 0
    debts_flipped: int = 0
    deeds: int = 0
    deeds_flipped: int = 0
    hand: list[int] = dataclasses.field(default_factory=list)
    deck: list[int] = dataclasses.field(default_factory=list)
    discard: list[int] = dataclasses.field(default_factory=list)
    line: list[int] = dataclasses.field(default_factory=list)
    supply: int = 20
    built: list[int] = dataclasses.field(default_factory=lambda: [0, 0, 0])
    scripts: list[int] = dataclasses.field(default_factory=list)
    bonus: list[int] = dataclasses.field(default_factory=list)
    free_steps: int = 0
    destroyed: list[int] = dataclasses.field(default_factory=list)
    player_card: int = -1
    hero: int = -1

    def clone(self) -> Player:
        return Player(
            self.space, self.silver, self.res[:], self.virtue, self.corruption, self.debts,
            self.debts_flipped, self.deeds, self.deeds_flipped, self.hand[:], self.deck[:],
            self.discard[:], self.line[:], self.supply, self.built[:], self.scripts[:],
            self.bonus[:], self.free_steps, self.destroyed[:], self.player_card, self.hero,
        )

    def owned(self) -> int:
        """Cards the player owns (hand, draw pile, discards, line)."""
        return len(self.hand) + len(self.deck) + len(self.discard) + len(self.line)


@dataclasses.dataclass(slots=True)
class State:
    """The whole game, hidden parts included."""

    seats: tuple[Seat, ...]
    seed: int
    counter: int
    reveals: int
    segments: list[int]
    """Segment design at each board position."""
    castle: list[int]
    """Castle section design at each section."""
    piles: list[list[int]]
    scripts: list[list[int]]
    dismissed: list[int]
    spot_owner: list[int]
    """Owner seat, -1 free, -2 closed."""
    spot_building: list[int]
    tier1: list[list[int]]
    tier2: list[list[int]]
    tier3: list[list[int]]
    leader: int
    bonus_owner: list[int]
    debt_pile: int
    deed_pile: int
    poverty: bool
    prosperity: bool
    start: int
    current: int
    round: int
    final_round: int
    turns: int
    pairs: list[list[int]]
    """Offered ``[player card, hero, taken by seat or -1]``."""
    stack: list[Task]
    t_value: int = 0
    t_dismissed: int = -1
    """Card id dismissed this turn, or 200 + segment for a printed townsfolk."""
    t_transcribed: int = 0
    t_dismiss_any: int = 0
    over: bool = False
    players: list[Player] = dataclasses.field(default_factory=list)
    legal_cache: list[int] | None = None

    def clone(self) -> State:
        return State(
            self.seats, self.seed, self.counter, self.reveals, self.segments, self.castle,
            [p[:] for p in self.piles], [s[:] for s in self.scripts], self.dismissed[:],
            self.spot_owner[:], self.spot_building[:], [t[:] for t in self.tier1],
            [t[:] for t in self.tier2], [t[:] for t in self.tier3], self.leader,
            self.bonus_owner[:], self.debt_pile, self.deed_pile, self.poverty, self.prosperity,
            self.start, self.current, self.round, self.final_round, self.turns, self.pairs,
            self.stack[:], self.t_value, self.t_dismissed, self.t_transcribed,
            self.t_dismiss_any, self.over, [p.clone() for p in self.players], None,
        )

    @property
    def n(self) -> int:
        return len(self.players)


_PLAYER_FIELDS = [f.name for f in dataclasses.fields(Player)]
_STATE_FIELDS = [
    f.name for f in dataclasses.fields(State)
    if f.name not in ("seats", "players", "legal_cache", "stack", "pairs")
]


def to_json(state: State) -> dict[str, Any]:
    """The full state as plain JSON (lists and ints)."""
    data: dict[str, Any] = {"game_id": "burgrave"}
    data["seats"] = [seat.model_dump() for seat in state.seats]
    for name in _STATE_FIELDS:
        value = getattr(state, name)
        if isinstance(value, list):
            value = [v[:] if isinstance(v, list) else v for v in value]
        data[name] = value
    data["pairs"] = [p[:] for p in state.pairs]
    data["stack"] = [list(t) for t in state.stack]
    data["players"] = [
        {
            name: (v[:] if isinstance(v := getattr(p, name), list) else v)
            for name in _PLAYER_FIELDS
        }
        for p in state.players
    ]
    return data


Int = int
Card = Field(ge=0, lt=N_CARDS)


class _PlayerModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    space: int = Field(ge=-1, le=14)
    silver: int = Field(ge=0)
    res: list[Int] = Field(min_length=3, max_length=3)
    virtue: int = Field(ge=0, le=6)
    corruption: int = Field(ge=0, le=6)
    debts: int = Field(ge=0)
    debts_flipped: int = Field(ge=0)
    deeds: int = Field(ge=0)
    deeds_flipped: int = Field(ge=0)
    hand: list[Int]
    deck: list[Int]
    discard: list[Int]
    line: list[Int] = Field(max_length=3)
    supply: int = Field(ge=0, le=40)
    built: list[Int] = Field(min_length=3, max_length=3)
    scripts: list[Int]
    bonus: list[Int]
    free_steps: int = Field(ge=0)
    destroyed: list[Int]
    player_card: int = Field(ge=-1, le=9)
    hero: int = Field(ge=-1, lt=N_CARDS)


class _StateModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game_id: str = "burgrave"
    seats: list[Seat] = Field(min_length=1, max_length=4)
    seed: int = Field(ge=0, le=MASK64)
    counter: int = Field(ge=0)
    reveals: int = Field(ge=0)
    segments: list[Int] = Field(min_length=5, max_length=5)
    castle: list[Int] = Field(min_length=5, max_length=5)
    piles: list[list[Int]] = Field(min_length=5, max_length=5)
    scripts: list[list[Int]] = Field(min_length=5, max_length=5)
    dismissed: list[Int]
    spot_owner: list[Int] = Field(min_length=N_SPOTS, max_length=N_SPOTS)
    spot_building: list[Int] = Field(min_length=N_SPOTS, max_length=N_SPOTS)
    tier1: list[list[Int]] = Field(min_length=5, max_length=5)
    tier2: list[list[Int]] = Field(min_length=5, max_length=5)
    tier3: list[list[Int]] = Field(min_length=5, max_length=5)
    leader: int = Field(ge=-1, le=3)
    bonus_owner: list[Int] = Field(min_length=4, max_length=4)
    debt_pile: int = Field(ge=0)
    deed_pile: int = Field(ge=0)
    poverty: bool
    prosperity: bool
    start: int = Field(ge=0, le=3)
    current: int = Field(ge=-1, le=3)
    round: int = Field(ge=0)
    final_round: int = Field(ge=-1)
    turns: int = Field(ge=0)
    pairs: list[list[Int]] = Field(max_length=5)
    stack: list[list[Int]]
    t_value: int = 0
    t_dismissed: int = -1
    t_transcribed: int = 0
    t_dismiss_any: int = 0
    over: bool = False
    players: list[_PlayerModel]


def from_json(data: Mapping[str, Any]) -> State:
    """Validate (this is an edge) and build the dataclasses."""
    try:
        model = _StateModel.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise SetupError(f"Not a Burgrave state: {where}: {first['msg']}.") from None
    n = len(model.seats)
    if len(model.players) != n:
        raise SetupError("Not a Burgrave state: one entry in 'players' is needed per seat.")
    for grid in (model.tier1, model.tier2, model.tier3):
        if any(len(row) != n for row in grid):
            raise SetupError("Not a Burgrave state: castle rows need one count per seat.")
    for task in model.stack:
        if len(task) != len(Task._fields) or task[0] not in OPS:
            raise SetupError(
                "Not a Burgrave state: every pending task is a known op and 4 more numbers."
            )
    cards: list[int] = [c for pile in model.piles for c in pile] + list(model.dismissed)
    for p in model.players:
        cards += p.hand + p.deck + p.discard + p.line + p.destroyed
    if any(not 0 <= c < N_CARDS for c in cards) or len(set(cards)) != len(cards):
        raise SetupError("Not a Burgrave state: card ids must be valid and appear once.")
    values = model.model_dump(exclude={"seats", "players", "stack", "game_id"})
    return State(
        seats=tuple(model.seats),
        stack=[Task(OPS[t[0]], t[1], t[2], t[3], t[4]) for t in model.stack],
        players=[Player(**p.model_dump()) for p in model.players],
        **values,
    )
