"""The game protocol: one shape for every game, so the shell, the CLI, records and bots need no
game-specific code.

Modelled on OpenSpiel (state + observer views) and boardgame.io (a pure reducer). A game is an
object implementing :class:`Game`; its states are plain data that ``apply`` never mutates.

Actions are small pydantic models in a discriminated union (``action_type``), so the page and the
CLI can send them as JSON. For share codes every action also has a stable integer in a per-game
*vocabulary* (``encode_action``/``decode_action``): the code stores only these integers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .errors import SetupError
from .rng import MASK64

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=BaseModel)

SeatKind = Literal["person", "bot"]

MAX_NAME_LENGTH = 24


class Seat(BaseModel):
    """One place at the table: a person (hot-seat) or a bot.

    Names are free text typed by users; the page always renders them as text, never as HTML.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    kind: SeatKind = "person"
    bot: str | None = Field(default=None, max_length=32)


class SeatScore(BaseModel):
    """One seat's final (or current) score with its parts, so the end screen can explain it."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    total: int
    breakdown: dict[str, int] = Field(default_factory=dict)
    tie_break: list[int] = Field(
        default_factory=list,
        description="Values compared after the total, larger first wins (games fill their rule).",
    )


class GameResult(BaseModel):
    """Scores of every seat and the winners (more than one on a shared victory)."""

    model_config = ConfigDict(extra="forbid")

    scores: list[SeatScore]
    winners: list[int]
    reason: str = Field(default="", description="Why the game ended, a short machine key.")


class GameInfo(BaseModel):
    """What the home screen and the CLI list about a game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game_id: str
    title: str
    min_seats: int
    max_seats: int
    rules_version: int
    internal: bool = False
    available: bool = True


@runtime_checkable
class Game(Protocol, Generic[StateT, ActionT]):
    """What a game provides. Every method is pure: no I/O, no mutation of its arguments.

    ``seat`` numbers are 0-based indices into the seats given to :meth:`new_game`.
    """

    info: GameInfo
    action_adapter: TypeAdapter[Any]
    """Validates JSON/dicts into this game's action union (the edge between page and engine)."""

    def new_game(
        self, seats: Sequence[Seat], seed: int, options: Mapping[str, Any] | None = None
    ) -> StateT:
        """A fresh game; raises :class:`~kingdoms.core.errors.SetupError` on bad arguments."""
        ...

    def legal_actions(self, state: StateT) -> list[ActionT]:
        """Every action the current seat may take, in a stable order; empty once it is over."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action``; an illegal one raises ``IllegalActionError`` saying why."""
        ...

    def current_seat(self, state: StateT) -> int | None:
        """The seat that must act now, or ``None`` when the game is over."""
        ...

    def is_over(self, state: StateT) -> bool: ...

    def result(self, state: StateT) -> GameResult:
        """Scores and winners. Before the end it gives the running scores and no winners."""
        ...

    def view(self, state: StateT, seat: int | None) -> dict[str, Any]:
        """JSON-able picture of the state as ``seat`` may see it (``None``: a spectator).

        Hidden information (other hands, deck order, the seed) is left out.
        """
        ...

    def encode_action(self, action: ActionT) -> int:
        """The action's index in the game's fixed vocabulary (small for common actions)."""
        ...

    def decode_action(self, code: int) -> ActionT:
        """The inverse of :meth:`encode_action`; raises ``KingdomsError`` for an unknown index."""
        ...

    def reveals_information(self, state: StateT, action: ActionT) -> bool:
        """True when applying ``action`` uncovers something new (dice, a drawn card).

        Undo may never step back across such an action.
        """
        ...

    def describe_action(self, state: StateT, action: ActionT) -> str:
        """A short English sentence for logs and the CLI (the page translates its own)."""
        ...

    def state_to_json(self, state: StateT) -> dict[str, Any]:
        """The full state (hidden parts included) as JSON, for tests and positions."""
        ...

    def state_from_json(self, data: Mapping[str, Any]) -> StateT:
        """Load a full state written by :meth:`state_to_json` (hand-made test positions too)."""
        ...


@runtime_checkable
class SimulationReport(Protocol):
    """Optional: a game that adds its own figures to ``python -m kingdoms simulate``.

    Generic figures (win rates, lengths, scores) come from the protocol; this hook adds what only
    the game knows, such as how often each card is hired, to check its content is sane.
    """

    def simulation_report(self, finished: Sequence[Any]) -> dict[str, Any]: ...


def check_seats(seats: Sequence[Any]) -> tuple[Seat, ...]:
    """Seats validated at the edge of ``new_game`` (the same rule and message for every game)."""
    try:
        return tuple(Seat.model_validate(seat) for seat in seats)
    except ValidationError as error:
        raise SetupError(f"A seat is not valid: {error.errors()[0]['msg']}.") from None


def check_seed(seed: Any) -> int:
    """A seed the generator accepts: an integer from 0 to 2**64 - 1 (``bool`` is refused)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64:
        raise SetupError("The seed must be an integer from 0 to 2**64 - 1.")
    return seed
