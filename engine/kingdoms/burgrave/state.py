"""Burgrave's game state: plain mutable dataclasses that ``apply`` clones before changing.

Why mutable with a hand-written :meth:`State.clone`: a Burgrave state has a few dozen small
containers (hands, decks, piles, the castle); copying them by hand is several times faster than
rebuilding frozen objects on every change, and ``apply`` stays pure because it only ever mutates
its clone. What changes at nearly every action is a list (copied by ``clone``); what changes a
few times a game is a tuple (shared by a state and its clones, replaced when it changes, see
:func:`replaced`): the piles, the dismissed cards, the spots' owners and buildings, the castle's
tiers, the cleric bonus owners, the pairs, a player's manuscripts, cleric bonus cards and
destroyed cards. (Copying those nine board lists took two thirds of every clone, and a clone is
made at every action.) The clones assign every slot by name (quicker than the generated
``__init__`` with its 35 arguments). Pydantic is used only at the edge (:func:`from_json`).

**Players are copied on write.** Most actions change one player (or none), so a clone shares
every :class:`Player` with the state it was cloned from, and a rule that changes a player first
asks for its own copy with :meth:`State.player_mut` (reading goes through ``state.players`` as
before). Rule of the house: never change a player reached through ``state.players``; keep the
object ``player_mut`` returned (it stays this state's own until the state is cloned again).

Conventions (all 0-based; the board's layout is described in :mod:`.board`):

* **Piles** (townsfolk, manuscripts): tuples whose *last* element is the top card.
* **Decks**: the draw pile's top is the last element; a line's index 0 is the left slot.
* **Pending tasks**: ``stack`` holds :class:`~.tasks.Task` tuples; the top task is next.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.errors import SetupError
from ..core.protocol import Seat
from ..core.rng import MASK64
from .board import MAX_STEPS, N_SPACES
from .content import N_CARDS, N_SPOTS
from .solo_content import SCHEMES
from .tasks import OPS, Task
from .versions import OLDEST_RULES_VERSION, RULES_VERSION

NOBODY = -1
"""No seat (no castle leader, a cleric bonus card not yet taken, a pair still offered, no turn
once the game is over)."""
FREE, CLOSED = -1, -2
"""``State.spot_owner`` of an unbuilt spot and of a spot closed below 3 players."""
UNSET = -1
"""Any other id not (yet) set: a space or player card before setup, no building on a spot, no
townsfolk dismissed this turn, no final round yet."""
LINE_SLOTS = 3
"""Card slots in a player's line."""
RIVAL_SEAT = 1
"""A solo game's rival plays in the second seat (the human is seat 0 and start player)."""
ALL_OWN = -1
"""``State.own_players`` of a state that owns every player (all bits set)."""
_new = object.__new__


T = TypeVar("T")


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced by ``value`` (the state's tuples are shared with
    its clones, so a change makes a new one).

    >>> replaced((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], value, *items[index + 1:])


class Pair(NamedTuple):
    """A player card and hero offered at setup."""

    player_card: int
    hero: int
    taken_by: int
    """The seat that took the pair, or ``NOBODY``."""


class Walk(NamedTuple):
    """A burgrave's last move, from which the view draws the way it went (``board.walk``).

    Why kept at all: the record holds only where a move ended, and by the next view the start
    is gone; a pawn walking its path needs both ends and the length. Replaying a record sets it
    again at every move, so it is as deterministic as the rest of the state (and a state saved
    before it existed simply has none)."""

    start: int
    steps: int
    turn: int
    """``State.turns`` during the move: a later move is a new walk, even a full lap home."""


@dataclasses.dataclass(slots=True)
class Player:
    """One burgrave and everything they own."""

    space: int = UNSET
    silver: int = 0
    resources: list[int] = dataclasses.field(default_factory=lambda: [0, 0, 0])
    """Indexed like ``RESOURCES``: ink, gold, stone."""
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
    """Workers not in the castle."""
    built: list[int] = dataclasses.field(default_factory=lambda: [0, 0, 0])
    """How many of each building (indexed like ``BUILDINGS``)."""
    manuscripts: tuple[int, ...] = ()
    cleric_bonus: tuple[int, ...] = ()
    """The ribbons of the cleric bonus cards taken."""
    free_steps: int = 0
    destroyed: tuple[int, ...] = ()
    player_card: int = UNSET
    hero: int = UNSET
    walked: Walk | None = None
    """The last move (None before the first); not a rule's input, only the view's."""

    def clone(self) -> Player:
        """A copy sharing only immutable parts."""
        new = _new(Player)
        new.space = self.space
        new.silver = self.silver
        new.resources = self.resources[:]
        new.virtue = self.virtue
        new.corruption = self.corruption
        new.debts = self.debts
        new.debts_flipped = self.debts_flipped
        new.deeds = self.deeds
        new.deeds_flipped = self.deeds_flipped
        new.hand = self.hand[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.line = self.line[:]
        new.supply = self.supply
        new.built = self.built[:]
        new.manuscripts = self.manuscripts
        new.cleric_bonus = self.cleric_bonus
        new.free_steps = self.free_steps
        new.destroyed = self.destroyed
        new.player_card = self.player_card
        new.hero = self.hero
        new.walked = self.walked
        return new

    def owned(self) -> int:
        """Cards the player owns (hand, draw pile, discards, line)."""
        return len(self.hand) + len(self.deck) + len(self.discard) + len(self.line)


@dataclasses.dataclass(slots=True)
class Rival:
    """The solo rival's own components (spec, "Solo"); its burgrave, stocks, track, workers and
    buildings are an ordinary :class:`Player` in seat ``RIVAL_SEAT`` (see :mod:`.rival`).
    Scheme ids index ``solo_content.SCHEMES``; piles end with their top card, like all piles."""

    board: int
    difficulty: int
    deck: list[int]
    """Face down: its order (and which future schemes were shuffled in) is hidden."""
    line: list[int]
    """Face up, the newest scheme first (like a player's line)."""
    discard: list[int]
    future: list[int]
    """The future schemes set apart, face down (their order is hidden)."""

    def clone(self) -> Rival:
        return Rival(self.board, self.difficulty, self.deck[:], self.line[:], self.discard[:],
                     self.future[:])


@dataclasses.dataclass(slots=True)
class State:
    """The whole game, hidden parts included."""

    seats: tuple[Seat, ...]
    seed: int
    rng_counter: int
    """Where the seeded generator stands (every shuffle continues from here)."""
    reveals: int
    """Counts every uncovered card (draws, blind plays, pile tops); see
    ``reveals_information``."""
    segments: tuple[int, ...]
    """Segment design at each board position."""
    castle: tuple[int, ...]
    """Castle section design at each section."""
    townsfolk_piles: tuple[tuple[int, ...], ...]
    manuscript_piles: tuple[tuple[int, ...], ...]
    dismissed: tuple[int, ...]
    """Townsfolk removed from the game by dismissals."""
    spot_owner: tuple[int, ...]
    """Owner seat, ``FREE`` or ``CLOSED``."""
    spot_building: tuple[int, ...]
    """The building on each spot, or ``UNSET``."""
    tier1: tuple[tuple[int, ...], ...]
    """``tier1[section][seat]``: workers; likewise tiers 2 and 3 (see ``castle.add_workers``)."""
    tier2: tuple[tuple[int, ...], ...]
    tier3: tuple[tuple[int, ...], ...]
    castle_leader: int
    cleric_bonus_owner: tuple[int, ...]
    """The seat holding each ribbon's cleric bonus card, or ``NOBODY``."""
    debt_pile: int
    deed_pile: int
    poverty: bool
    prosperity: bool
    start_seat: int
    turn_seat: int
    """Whose turn it is (the deciding seat may be another: see ``rules.deciding_seat``)."""
    round: int
    final_round: int
    turns: int
    pairs: tuple[Pair, ...]
    stack: list[Task]
    turn_played_value: int = 0
    """This turn: the value of the card played (the exact distance to move)."""
    turn_dismissed_card: int = UNSET
    """This turn: the townsfolk card dismissed."""
    turn_dismissed_printed: int = UNSET
    """This turn: the segment design whose printed townsfolk was dismissed (empty pile)."""
    turn_transcribed: bool = False
    turn_dismiss_anywhere: bool = False
    """This turn: an effect allowed dismissing from any segment."""
    over: bool = False
    rules: int = RULES_VERSION
    """The rules version the game began under, which it keeps (see :mod:`.versions`)."""
    players: list[Player] = dataclasses.field(default_factory=list)
    legal_cache: list[int] | None = None
    """The legal codes of the pending decision, once computed (never copied by ``clone``)."""
    rival: Rival | None = None
    """A solo game's rival (``None`` in games of 2-4 players)."""
    own_players: int = dataclasses.field(default=ALL_OWN, compare=False)
    """Bit ``seat`` is set when ``players[seat]`` belongs to this state alone (see
    :meth:`player_mut`); a new or loaded state owns all of them, a clone none."""

    def player_mut(self, seat: int) -> Player:
        """``seat``'s player, safe to change: copied first if it is still shared with the state
        this one was cloned from (or with a clone made from this one)."""
        if self.own_players >> seat & 1:
            return self.players[seat]
        player = self.players[seat].clone()
        self.players[seat] = player
        self.own_players |= 1 << seat
        return player

    def clone(self) -> State:
        """A copy sharing only immutable parts, without the legal-codes cache."""
        new = _new(State)
        new.seats = self.seats
        new.seed = self.seed
        new.rng_counter = self.rng_counter
        new.reveals = self.reveals
        new.segments = self.segments
        new.castle = self.castle
        new.townsfolk_piles = self.townsfolk_piles
        new.manuscript_piles = self.manuscript_piles
        new.dismissed = self.dismissed
        new.spot_owner = self.spot_owner
        new.spot_building = self.spot_building
        new.tier1 = self.tier1
        new.tier2 = self.tier2
        new.tier3 = self.tier3
        new.castle_leader = self.castle_leader
        new.cleric_bonus_owner = self.cleric_bonus_owner
        new.debt_pile = self.debt_pile
        new.deed_pile = self.deed_pile
        new.poverty = self.poverty
        new.prosperity = self.prosperity
        new.start_seat = self.start_seat
        new.turn_seat = self.turn_seat
        new.round = self.round
        new.final_round = self.final_round
        new.turns = self.turns
        new.pairs = self.pairs
        new.stack = self.stack[:]
        new.turn_played_value = self.turn_played_value
        new.turn_dismissed_card = self.turn_dismissed_card
        new.turn_dismissed_printed = self.turn_dismissed_printed
        new.turn_transcribed = self.turn_transcribed
        new.turn_dismiss_anywhere = self.turn_dismiss_anywhere
        new.over = self.over
        new.rules = self.rules
        new.players = self.players[:]
        new.legal_cache = None
        new.rival = None if self.rival is None else self.rival.clone()
        new.own_players = self.own_players = 0  # both share every player now
        return new

    @property
    def seat_count(self) -> int:
        return len(self.players)


_PLAYER_FIELDS = [f.name for f in dataclasses.fields(Player)]
_STATE_FIELDS = [
    f.name for f in dataclasses.fields(State)
    if f.name not in ("seats", "players", "legal_cache", "stack", "own_players", "rival")
]


def _plain(value: Any) -> Any:
    """A field's value as JSON: containers become lists, numbers plain ints."""
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, bool):
        return value
    return int(value) if isinstance(value, int) else value


def to_json(state: State) -> dict[str, Any]:
    """The full state as plain JSON (lists and ints)."""
    data: dict[str, Any] = {"game_id": "burgrave"}
    data["seats"] = [seat.model_dump() for seat in state.seats]
    for name in _STATE_FIELDS:
        data[name] = _plain(getattr(state, name))
    data["stack"] = _plain(state.stack)
    data["players"] = [
        {name: _plain(getattr(player, name)) for name in _PLAYER_FIELDS}
        for player in state.players
    ]
    if state.rival is not None:
        data["rival"] = dataclasses.asdict(state.rival)
    return data


Int = int


class _PlayerModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    space: int = Field(ge=-1, le=14)
    silver: int = Field(ge=0)
    resources: list[Int] = Field(min_length=3, max_length=3)
    virtue: int = Field(ge=0, le=6)
    corruption: int = Field(ge=0, le=6)
    debts: int = Field(ge=0)
    debts_flipped: int = Field(ge=0)
    deeds: int = Field(ge=0)
    deeds_flipped: int = Field(ge=0)
    hand: list[Int]
    deck: list[Int]
    discard: list[Int]
    line: list[Int] = Field(max_length=LINE_SLOTS)
    supply: int = Field(ge=0, le=40)
    built: list[Int] = Field(min_length=3, max_length=3)
    manuscripts: tuple[Int, ...]
    cleric_bonus: tuple[Int, ...]
    free_steps: int = Field(ge=0)
    destroyed: tuple[Int, ...]
    player_card: int = Field(ge=-1, le=9)
    hero: int = Field(ge=-1, lt=N_CARDS)
    walked: tuple[Int, Int, Int] | None = None
    """Absent in states saved before moves were kept (the view then shows no path)."""


class _RivalModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    board: int = Field(ge=0, le=3)
    difficulty: int = Field(ge=0, le=3)
    deck: list[Int]
    line: list[Int] = Field(max_length=LINE_SLOTS)
    discard: list[Int]
    future: list[Int]


class _StateModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game_id: str = "burgrave"
    seats: list[Seat] = Field(min_length=1, max_length=4)
    seed: int = Field(ge=0, le=MASK64)
    rng_counter: int = Field(ge=0)
    reveals: int = Field(ge=0)
    segments: tuple[Int, ...] = Field(min_length=5, max_length=5)
    castle: tuple[Int, ...] = Field(min_length=5, max_length=5)
    townsfolk_piles: list[tuple[Int, ...]] = Field(min_length=5, max_length=5)
    manuscript_piles: list[tuple[Int, ...]] = Field(min_length=5, max_length=5)
    dismissed: tuple[Int, ...]
    spot_owner: list[Int] = Field(min_length=N_SPOTS, max_length=N_SPOTS)
    spot_building: list[Int] = Field(min_length=N_SPOTS, max_length=N_SPOTS)
    tier1: list[tuple[Int, ...]] = Field(min_length=5, max_length=5)
    tier2: list[tuple[Int, ...]] = Field(min_length=5, max_length=5)
    tier3: list[tuple[Int, ...]] = Field(min_length=5, max_length=5)
    castle_leader: int = Field(ge=-1, le=3)
    cleric_bonus_owner: list[Int] = Field(min_length=4, max_length=4)
    debt_pile: int = Field(ge=0)
    deed_pile: int = Field(ge=0)
    poverty: bool
    prosperity: bool
    start_seat: int = Field(ge=0, le=3)
    turn_seat: int = Field(ge=-1, le=3)
    round: int = Field(ge=0)
    final_round: int = Field(ge=-1)
    turns: int = Field(ge=0)
    pairs: list[tuple[Int, Int, Int]] = Field(max_length=5)
    stack: list[list[Int]]
    turn_played_value: int = 0
    turn_dismissed_card: int = Field(default=UNSET, ge=-1, lt=N_CARDS)
    turn_dismissed_printed: int = Field(default=UNSET, ge=-1, le=4)
    turn_transcribed: bool = False
    turn_dismiss_anywhere: bool = False
    over: bool = False
    rules: int = Field(default=5, ge=OLDEST_RULES_VERSION, le=RULES_VERSION)
    """Absent in states saved before the version was kept: they played by version 5's rules."""
    players: list[_PlayerModel]
    rival: _RivalModel | None = None


def _walked(value: tuple[int, int, int] | None) -> Walk | None:
    """A loaded last move, or None where it cannot have been a move (the view draws a path
    only when it also ends where the burgrave stands: see ``view``)."""
    if value is None:
        return None
    start, steps, turn = value
    if not 0 <= start < N_SPACES or not 0 <= steps <= MAX_STEPS or turn < 0:
        raise SetupError(f"Not a Burgrave state: a last move is a space, 0-{MAX_STEPS} steps "
                         "and a turn.")
    return Walk(start, steps, turn)


def from_json(data: Mapping[str, Any]) -> State:
    """Validate (this is an edge) and build the dataclasses."""
    try:
        model = _StateModel.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise SetupError(f"Not a Burgrave state: {where}: {first['msg']}.") from None
    seats = len(model.seats)
    if len(model.players) != seats:
        raise SetupError("Not a Burgrave state: one entry in 'players' is needed per seat.")
    for grid in (model.tier1, model.tier2, model.tier3):
        if any(len(row) != seats for row in grid):
            raise SetupError("Not a Burgrave state: castle rows need one count per seat.")
    if model.rival is not None:
        schemes = model.rival.deck + model.rival.line + model.rival.discard + model.rival.future
        if seats != 2 or any(not 0 <= s < len(SCHEMES) for s in schemes) or len(
            set(schemes)
        ) != len(schemes):
            raise SetupError("Not a Burgrave state: a rival plays in seat 2 of 2, each scheme "
                             "once.")
    for task in model.stack:
        # 5 numbers in states saved before tasks kept their source (see tasks.Origin)
        if len(task) not in (len(Task._fields) - 1, len(Task._fields)) or task[0] not in OPS:
            raise SetupError(
                "Not a Burgrave state: every pending task is a known op and 4 or 5 more "
                "numbers."
            )
    cards = [card for pile in model.townsfolk_piles for card in pile] + list(model.dismissed)
    for player in model.players:
        cards += player.hand + player.deck + player.discard + player.line
        cards += player.destroyed
    if any(not 0 <= card < N_CARDS for card in cards) or len(set(cards)) != len(cards):
        raise SetupError("Not a Burgrave state: card ids must be valid and appear once.")
    values = dict(model)
    del values["game_id"]
    values.update(
        seats=tuple(model.seats),
        townsfolk_piles=tuple(model.townsfolk_piles),
        manuscript_piles=tuple(model.manuscript_piles),
        spot_owner=tuple(model.spot_owner),
        spot_building=tuple(model.spot_building),
        tier1=tuple(model.tier1),
        tier2=tuple(model.tier2),
        tier3=tuple(model.tier3),
        cleric_bonus_owner=tuple(model.cleric_bonus_owner),
        pairs=tuple(Pair(*pair) for pair in model.pairs),
        stack=[Task(OPS[task[0]], *task[1:]) for task in model.stack],
        players=[Player(**{**dict(player), "walked": _walked(player.walked)})
                 for player in model.players],
        rival=None if model.rival is None else Rival(**dict(model.rival)),
    )
    return State(**values)
