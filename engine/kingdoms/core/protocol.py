"""The game protocol: one shape for every game, so the shell, the CLI, records and bots need no
game-specific code.

Modelled on OpenSpiel (state + observer views) and boardgame.io (a pure reducer). A game is an
object implementing :class:`Game`; its states are plain data that ``apply`` never mutates.

Actions are small pydantic models in a discriminated union (``action_type``), so the page and the
CLI can send them as JSON. For share codes every action also has a stable integer in a per-game
*vocabulary* (``encode_action``/``decode_action``): the code stores only these integers.

Games explain themselves through the protocol too: :meth:`Game.prompt` says what the deciding
seat is asked, with every legal action's label and cost and what is not possible and why, and
:meth:`Game.describe` says what an action did — as :class:`~kingdoms.core.text.Text` (a catalog
key and parameters), so the page can show it in the player's language and never needs a
game's internals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from .explain import Prompt
from .names import MAX_NAME_CODE_POINTS as MAX_NAME_CODE_POINTS
from .names import MAX_NAME_GRAPHEMES, grapheme_count
from .names import clean_name as clean_name
from .text import Text

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=BaseModel)

SeatKind = Literal["person", "bot"]

MAX_NAME_LENGTH = MAX_NAME_GRAPHEMES
"""A name is at most this many graphemes (what a reader counts as characters: 👨‍👩‍👧‍👦 is one)."""


class Seat(BaseModel):
    """One place at the table: a person (hot-seat) or a bot.

    Names are free text typed by users; the page always renders them as text, never as HTML.
    Every name is cleaned here, whatever brought it (typed, a link, an import, the command
    line): control and bidirectional-override characters removed, white space collapsed,
    emoji sequences kept whole (:func:`kingdoms.core.names.clean_name`); then it must have
    1 to :data:`MAX_NAME_LENGTH` graphemes (and at most :data:`MAX_NAME_CODE_POINTS` code
    points).

    >>> Seat(name="  Ann\\u202e\\u0000 ").name
    'Ann'
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=MAX_NAME_CODE_POINTS)
    kind: SeatKind = "person"
    bot: str | None = Field(default=None, max_length=32)

    @field_validator("name", mode="before")
    @classmethod
    def _clean(cls, value: Any) -> Any:
        return clean_name(value) if isinstance(value, str) else value

    @field_validator("name")
    @classmethod
    def _graphemes(cls, value: str) -> str:
        if grapheme_count(value) > MAX_NAME_GRAPHEMES:
            raise ValueError(f"a name has at most {MAX_NAME_GRAPHEMES} characters")
        return value


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


OptionValue = str | int
"""A record option's value as stored in the record (JSON: a string or a whole number)."""


class OptionChoice(BaseModel):
    """One value a game option may take, with the catalog key of its name."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: OptionValue
    label: str
    """Catalog key of what a new-game dialog shows for it."""


class GameOption(BaseModel):
    """A setting of a new game that goes into the record's ``options`` (Burgrave solo: the
    rival board and the difficulty). Declared here so a page can offer it without importing the
    game's rules; the game itself still checks every option at set-up."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    label: str
    """Catalog key of the option's name."""
    choices: tuple[OptionChoice, ...]
    default: OptionValue
    seat_counts: tuple[int, ...] = ()
    """The numbers of seats the option applies to; empty: every number."""

    def applies_to(self, seats: int) -> bool:
        return not self.seat_counts or seats in self.seat_counts


class GameInfo(BaseModel):
    """What the home screen and the CLI list about a game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game_id: str
    title: str
    min_seats: int
    max_seats: int
    rules_version: int
    oldest_rules_version: int = -1
    """Records of this rules version or later replay under the current code; -1 means "the
    current version only". They replay identically: the later versions only added choices, or
    changed play from a version named in :attr:`rule_changes`, which the game keeps for records
    started before it."""
    rule_changes: tuple[int, ...] = ()
    """The versions that changed how a game plays (not only what it offers). A game keeps the
    rules it started under: its record climbs with each new action only to the last version
    before the next change (:meth:`kept_version`), and ``Game.new_game`` is told that version,
    so an older game replays, and goes on, as it was played."""
    minutes: tuple[int, int] | None = None
    """How long a game takes, in minutes, from the fewest seats to the most (the home screen
    says it; an estimate from play-testing, see docs/architecture.md)."""
    weight: Literal["light", "medium", "medium_heavy", "heavy"] | None = None
    """How much thinking and learning a game asks, in the words board gamers use (light …
    heavy), so a table can pick between a quick game and a long one."""
    hidden_information: bool
    """Seats must not see each other's screens (hands, private decks): a page passing one
    device round the table hides the board between seats."""
    internal: bool = False
    available: bool = True
    bot_levels: tuple[str, ...] = ()
    """The computer players a table may seat besides ``random``, weakest first: derived from
    the game's :class:`GameEntry` (``kingdoms.core.bots`` has them; listed here so a page can
    offer them without importing any bot)."""
    options: tuple[GameOption, ...] = ()
    """What a new game of this title may set (see :class:`GameOption`)."""

    def kept_version(self, version: int) -> int:
        """The rules version a game started under ``version`` is played under now: the
        current one, or the last before the first change it predates.

        >>> info = GameInfo(game_id="g", title="G", min_seats=2, max_seats=2, rules_version=7,
        ...                 oldest_rules_version=2, rule_changes=(4, 6), hidden_information=False)
        >>> [info.kept_version(v) for v in (2, 3, 4, 5, 6, 7)]
        [3, 3, 5, 5, 7, 7]
        """
        later = [change for change in self.rule_changes if change > version]
        return min(later) - 1 if later else self.rules_version


@dataclass(frozen=True)
class GameEntry:
    """One game's registration: its facts and where its parts live, as ``"module:attribute"``
    (imported only when needed).

    ``info.bot_levels`` is derived from :attr:`bots` (a game's levels are named once); giving
    both is refused.
    """

    info: GameInfo
    game: str
    """The :class:`Game` object."""
    catalog: str
    """A function ``catalog(language) -> {key: template}`` for the keys ``<game id>.*``."""
    bots: Mapping[str, str] = field(default_factory=dict)
    """Each computer level the game offers besides ``random``, weakest first: its name and
    its :class:`~.bots.Bot` class (made once, on first use)."""
    coach: str = ""
    """Its :class:`~.coach.Coach` class (hints and reviews; made once, on first use), or
    ``""`` for a game without one."""

    def __post_init__(self) -> None:
        levels = tuple(self.bots)
        if self.info.bot_levels and self.info.bot_levels != levels:
            raise ValueError(f"{self.info.game_id}: bot levels are named by the entry's bots only")
        object.__setattr__(self, "info", self.info.model_copy(update={"bot_levels": levels}))


@runtime_checkable
class Game(Protocol, Generic[StateT, ActionT]):
    """What a game provides. Every method is pure: no I/O, no mutation of its arguments.

    ``seat`` numbers are 0-based indices into the seats given to :meth:`new_game`.
    """

    info: GameInfo
    action_adapter: TypeAdapter[Any]
    """Validates JSON/dicts into this game's action union (the edge between page and engine)."""

    def new_game(
        self, seats: Sequence[Seat], seed: int, options: Mapping[str, Any] | None = None,
        rules_version: int | None = None,
    ) -> StateT:
        """A fresh game. The caller (:func:`kingdoms.core.records.start_state`, the one place
        records are made and replayed) has checked the seats, their number and the seed; the
        game checks its ``options`` and raises :class:`~kingdoms.core.errors.SetupError` for
        bad ones. ``rules_version`` is the record's (``None``: the current rules); a game
        whose play changed (:attr:`GameInfo.rule_changes`) plays by the version given."""
        ...

    def legal_actions(self, state: StateT) -> list[ActionT]:
        """Every action the current seat may take, in a stable order; empty once it is over."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action``; an illegal one raises ``IllegalActionError`` saying why."""
        ...

    def play(self, state: StateT, action: ActionT) -> StateT:
        """Like :meth:`apply`, but the game may reuse ``state`` for the result, so the caller
        must not use ``state`` again: the step of a play-out (a search, random games, a
        tournament), where every state is dropped as soon as the next one exists. The one
        exception to "no mutation of its arguments"; a game with nothing to gain from it
        returns ``apply(state, action)``."""
        ...

    def current_seat(self, state: StateT) -> int | None:
        """The seat that must act now, or ``None`` when the game is over."""
        ...

    def is_over(self, state: StateT) -> bool: ...

    def result(self, state: StateT) -> GameResult:
        """Scores and winners. Before the end it gives the running scores and no winners."""
        ...

    def view(self, state: StateT, seat: int | None) -> Mapping[str, Any]:
        """JSON-able picture of the state as ``seat`` may see it (``None``: a spectator), of
        the game's own typed shape (a ``TypedDict``: ``BurgraveView``, ``DiceRealmView``).

        Hidden information (other hands, deck order, the seed) is left out.
        """
        ...

    def encode_action(self, action: ActionT) -> int:
        """The action's index in the game's fixed vocabulary (small for common actions)."""
        ...

    def decode_action(self, code: int) -> ActionT:
        """The inverse of :meth:`encode_action`; raises ``KingdomsError`` for an unknown index."""
        ...

    def reveals_information(self, before: StateT, action: ActionT, after: StateT) -> bool:
        """True when ``action`` (which turned ``before`` into ``after``) uncovered something
        new: dice, a drawn card. Undo may never step back across such an action. Games answer
        by comparing the two states, never by applying the action again."""
        ...

    def describe(self, before: StateT, action: ActionT, after: StateT) -> Text:
        """What ``action`` did, for the history and "what happened" (one short sentence)."""
        ...

    def describe_parts(self, before: StateT, action: ActionT,
                       after: StateT) -> tuple[tuple[int | None, Text], ...]:
        """What happened, seat by seat: the acting seat's sentence first, then each turn an
        automated seat took because of it (Burgrave's solo rival plays when the person's turn
        ends, with no action of its own), so "what happened" and the history list each seat's
        turn as its own entry. A game without such seats gives ``describe`` for the acting
        seat alone."""
        ...

    def resample(self, state: StateT, seat: int, rng: Any) -> StateT:
        """A state ``seat`` cannot tell from ``state``: everything it cannot see (other hands,
        the order of every face-down pile, future dice, the seed) drawn afresh from ``rng`` (a
        :class:`~kingdoms.core.rng.Rng`), consistent with everything it has seen. Two states
        that differ only in what ``seat`` cannot see give equal results for the same ``rng``
        — so a bot deciding from the result cannot peek (:mod:`kingdoms.core.bots`)."""
        ...

    def prompt(self, state: StateT) -> Prompt[ActionT] | None:
        """The decision in front of the current seat: every legal action as a labelled
        :class:`~kingdoms.core.explain.Choice` with what it cannot take back (whether it
        reveals something, ends the turn, gives something up), and what is not possible and
        why. ``None`` once the game is over. The choices' actions are exactly
        :meth:`legal_actions`."""
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
