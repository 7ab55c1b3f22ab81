"""Game records: the few facts from which a whole game is rebuilt by replaying.

Why records and not saved states: a record is small, identical for every seat (no hidden
information is stored, only the seed and the actions), works for every game without game-specific
code, and can be checked by replaying it. A share code (:mod:`kingdoms.core.codes`) is a record
compactly encoded; a save in the page is a record as JSON.

Replaying, undo and redo live in :mod:`kingdoms.core.session`; this module defines the record,
makes new ones (checking every game's setup in one place) and reads them from JSON.

>>> from kingdoms.core.protocol import Seat
>>> record = new_record("tally", [Seat(name="Ann"), Seat(name="Bo")], seed=1)
>>> game = get_game("tally")
>>> record, state = append(record, game, start_state(game, record), game.decode_action(0))
>>> record.actions
[0]
>>> new_record("tally", [{"name": ""}], seed=1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
kingdoms.core.errors.SetupError: The game cannot be set up: seats.0.name: String should ...
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

import pydantic_core
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from .errors import CodeError, KingdomsError, SetupError, UnknownGameError
from .protocol import Game, GameInfo, Seat
from .registry import get_game
from .rng import MASK64

FORMAT_VERSION = 1
"""Version of the record layout (and of the share-code format character ``"1"``)."""

MAX_SEATS = 8
MAX_ACTIONS = 20_000
MAX_OPTIONS = 16
MAX_OPTION_KEY = 32
MAX_OPTION_TEXT = 64
MAX_ACTION_INDEX = (1 << 31) - 1
GAME_ID_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,39}$"

MAX_OPTION_INT = 1 << 53
"""Option integers stay exact in JavaScript too."""

OptionValue = (
    StrictBool
    | Annotated[StrictInt, Field(ge=-MAX_OPTION_INT, le=MAX_OPTION_INT)]
    | Annotated[StrictStr, Field(max_length=MAX_OPTION_TEXT)]
)
"""Strict so that ``true`` stays a bool and ``"3"`` stays a string through JSON and codes."""

class GameRecord(BaseModel):
    """Everything needed to rebuild a game: who plays, which game and rules, seed and actions.

    ``actions`` are indices into the game's action vocabulary (``Game.encode_action``). The model
    is frozen; treat its lists as immutable too and build new records with :func:`append`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    format_version: int = Field(default=FORMAT_VERSION, ge=1)
    game_id: str = Field(pattern=GAME_ID_PATTERN)
    rules_version: int = Field(ge=0, le=MAX_ACTION_INDEX)
    seed: StrictInt = Field(ge=0, le=MASK64)
    seats: list[Seat] = Field(min_length=1, max_length=MAX_SEATS)
    options: dict[
        Annotated[str, Field(min_length=1, max_length=MAX_OPTION_KEY)],
        Annotated[OptionValue, Field(union_mode="left_to_right")],
    ] = Field(default_factory=dict, max_length=MAX_OPTIONS)
    actions: list[Annotated[int, Field(ge=0, le=MAX_ACTION_INDEX)]] = Field(
        default_factory=list, max_length=MAX_ACTIONS
    )

    @model_validator(mode="after")
    def _text_is_unicode(self) -> GameRecord:
        """Reject lone surrogates (JSON allows ``"\\ud800"``): they could not be shared or shown."""
        texts = [self.game_id, *self.options]
        texts += [value for value in self.options.values() if isinstance(value, str)]
        for seat in self.seats:
            texts += [seat.name, seat.bot or ""]
        for text in texts:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                raise ValueError("text must be valid Unicode (no lone surrogates)") from None
        return self


def new_record(
    game_id: str,
    seats: Sequence[Seat | Mapping[str, Any]],
    seed: int | None = None,
    options: Mapping[str, str | int | bool] | None = None,
) -> GameRecord:
    """A record with no actions yet; ``seed=None`` picks a fresh random 32-bit seed.

    This is where every game's setup is checked, once: the record model validates the seats
    (names, kinds), the seed and the option types; :func:`start_state` checks the seat count
    against the game's :class:`~.protocol.GameInfo` and runs the game's ``new_game`` so bad
    options fail here too. Every failure is a ``SetupError``; unknown ids an ``UnknownGameError``.
    """
    game = get_game(game_id)
    if seed is None:
        seed = secrets.randbits(32)
    try:
        record = GameRecord(
            game_id=game_id,
            rules_version=game.info.rules_version,
            seed=seed,
            seats=list(seats),  # validated here
            options=dict(options or {}),
        )
    except ValueError as error:  # pydantic's ValidationError is a ValueError
        raise SetupError(f"The game cannot be set up: {error_line(error)}") from None
    problem = unknown_level(game.info, record.seats)
    if problem is not None:
        raise SetupError(problem[0])
    start_state(game, record)
    return record


def start_state(game: Game[Any, Any], record: GameRecord) -> Any:
    """The record's state before any action: the seat count checked, then ``new_game``.

    Games trust what reaches their ``new_game`` from here: valid :class:`~.protocol.Seat`
    objects, a seed the generator accepts, JSON-typed options (the game checks their meaning).
    """
    info = game.info
    count = len(record.seats)
    if not info.min_seats <= count <= info.max_seats:
        players = (f"{info.min_seats}" if info.min_seats == info.max_seats
                   else f"{info.min_seats} to {info.max_seats}")
        raise SetupError(f"{info.title} is for {players} players, not {count}.")
    options = dict(record.options)
    for key, kind in TABLE_OPTIONS.items():
        if key in options and not isinstance(options.pop(key), kind):
            raise SetupError(f"The option {key} must be {kind.__name__}.")
    if "hints_used" in record.options and _counts(record) is None:
        raise SetupError("The option hints_used must count each seat's hints: '0,2'.")
    return game.new_game(tuple(record.seats), record.seed, options,
                         rules_version=record.rules_version)


TABLE_OPTIONS: dict[str, type] = {"hints": bool, "hints_used": str}
"""Options of the table, not of a game's rules, that every game's record may carry: ``hints``
(whether the people at the table may ask the coach for a hint; absent: allowed) and
``hints_used`` (how many hints each seat asked for, ``"0,2"``; absent: none). They are kept in
the record so a shared code or a replay shows them, and never reach a game's ``new_game``."""


def hints_allowed(record: GameRecord) -> bool:
    """Whether the record's table allows hints (``hints`` option; allowed when absent)."""
    return record.options.get("hints", True) is not False


def _counts(record: GameRecord) -> list[int] | None:
    text = record.options.get("hints_used", "")
    if not isinstance(text, str):
        return None
    if text == "":
        return [0] * len(record.seats)
    parts = text.split(",")
    if len(parts) != len(record.seats) or not all(p.isascii() and p.isdigit() and len(p) <= 4
                                                  for p in parts):
        return None
    return [int(p) for p in parts]


def hints_used(record: GameRecord) -> list[int]:
    """How many hints each seat asked for (``hints_used``; zeros when absent or damaged).

    >>> from kingdoms.core.protocol import Seat
    >>> record = new_record("tally", [Seat(name="Ann"), Seat(name="Bo")], seed=1)
    >>> hints_used(record), hints_used(count_hint(count_hint(record, 1), 1))
    ([0, 0], [0, 2])
    """
    return _counts(record) or [0] * len(record.seats)


def count_hint(record: GameRecord, seat: int) -> GameRecord:
    """``record`` with one more hint counted for ``seat`` (a new record: records are frozen)."""
    counts = hints_used(record)
    counts[seat] = min(9999, counts[seat] + 1)
    options = {**record.options, "hints_used": ",".join(map(str, counts))}
    return record.model_copy(update={"options": options})


def opening_state(game: Game[Any, Any], record: GameRecord) -> Any:
    """:func:`start_state` for a record being replayed: a setup the game refuses is a damaged
    record (``CodeError`` ``invalid``), not a player's mistake."""
    try:
        return start_state(game, record)
    except KingdomsError as error:
        raise CodeError("invalid", f"The game setup is not valid: {error}") from None


def append(
    record: GameRecord, game: Game[Any, Any], state: Any, action: Any
) -> tuple[GameRecord, Any]:
    """Apply ``action`` to ``state`` (the record's current state) and record it.

    Raises ``IllegalActionError`` (from ``game.apply``) if the action is not legal; the record
    and state given are never changed. A record made under older rules takes the newest
    version that plays as it began (:meth:`~.protocol.GameInfo.kept_version`) with its first
    new action, since that action may use a choice added since: a version that cannot replay
    it then refuses it by its number rather than as an illegal move.
    """
    if game.info.game_id != record.game_id:
        raise KingdomsError(f"This record is a {record.game_id!r} game, not {game.info.game_id!r}.")
    new_state = game.apply(state, action)
    update: dict[str, Any] = {"actions": [*record.actions, game.encode_action(action)]}
    kept = game.info.kept_version(record.rules_version)
    if record.rules_version != kept:
        update["rules_version"] = kept
    return record.model_copy(update=update), new_state


def record_to_json(record: GameRecord) -> str:
    """The record as compact JSON (what the page saves and the CLI reads)."""
    return record.model_dump_json()


def record_from_json(text: str | bytes) -> GameRecord:
    """Parse and validate a JSON record; every failure is a ``CodeError`` (corrupt, invalid)."""
    data = parse_json(text)
    if data is None:
        raise CodeError("corrupt", "The record is not valid JSON.")
    return record_from_data(data)


def record_from_data(data: Any) -> GameRecord:
    """Validate already-parsed JSON into a record (``CodeError`` ``invalid``/``newer_format``)."""
    if isinstance(data, Mapping):
        version = data.get("format_version")
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
            raise CodeError("newer_format", "The record was made by a newer version of Kingdoms.")
    try:
        return GameRecord.model_validate(data)
    except ValueError as error:
        raise CodeError("invalid", f"The record is not valid: {error_line(error)}") from None


def parse_json(text: str | bytes) -> Any:
    """Parsed JSON, or ``None`` if ``text`` is not JSON (``null`` itself is never wanted here).

    Uses pydantic-core's Rust parser rather than :func:`json.loads`: it has its own nesting
    limit, so hostile input like ``[[[[...`` cannot exhaust the (small, under WebAssembly) C
    stack, and it rejects ``NaN``/``Infinity``.
    """
    try:
        return pydantic_core.from_json(text, allow_inf_nan=False)
    except (ValueError, TypeError):
        return None


# --- helpers ------------------------------------------------------------------------------


def game_for(record: GameRecord) -> Game[Any, Any]:
    """The game that replays ``record``; ``CodeError`` for a newer format, an unknown game or
    rules it does not know (a newer version, or an older one that no longer replays)."""
    if record.format_version > FORMAT_VERSION:
        raise CodeError("newer_format", "The record was made by a newer version of Kingdoms.")
    try:
        game = get_game(record.game_id)
    except UnknownGameError as error:
        raise CodeError("unknown_game", str(error)) from None
    info = game.info
    if not info.oldest_rules_version <= record.rules_version <= info.rules_version:
        raise CodeError(
            "rules_version",
            f"The record uses version {record.rules_version} of the {info.title} rules; "
            f"this is version {info.rules_version}.",
        )
    problem = unknown_level(info, record.seats)
    if problem is not None:
        message, level = problem
        raise CodeError("unknown_level", message, level=level)
    return game


def unknown_level(info: GameInfo, seats: Sequence[Seat]) -> tuple[str, str] | None:
    """Why a seat's computer level cannot be played here, as (sentence, the level it names:
    ``""`` for none), or None when every seat can be: a computer seat must name one of the
    game's levels (``random`` or ``info.bot_levels``, exactly: no other case, no spaces, no
    invisible characters), a person's seat none. A record from a newer version with a new
    level is refused here, clearly, instead of opening a game whose computer never moves."""
    offered = ("random", *info.bot_levels)
    for number, seat in enumerate(seats, start=1):
        if seat.kind == "bot" and seat.bot not in offered:
            level = "no level" if seat.bot is None else repr(seat.bot)
            return (f"This game uses a computer level this version does not know: {level} "
                    f"(seat {number}; {info.title} has {', '.join(offered)}).", seat.bot or "")
        if seat.kind == "person" and seat.bot is not None:
            return (f"Seat {number} is a person but names a computer level ({seat.bot!r}).",
                    seat.bot)
    return None


def decode_step(game: Game[Any, Any], index: int, move: int) -> Any:
    """The action with vocabulary ``index`` at 1-based ``move`` (``CodeError`` if unknown)."""
    try:
        return game.decode_action(index)
    except KingdomsError as error:
        raise CodeError("illegal_action", f"Move {move} is not legal: {error}", move=move) from None


def error_line(error: ValueError) -> str:
    """One line from a pydantic ``ValidationError`` (or any ValueError), for messages."""
    if isinstance(error, ValidationError) and error.errors():
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        return f"{where}: {first['msg']}." if where else f"{first['msg']}."
    text = str(error)
    return text.splitlines()[0] if text else type(error).__name__
