"""Game records: the few facts from which a whole game is rebuilt by replaying.

Why records and not saved states: a record is small, identical for every seat (no hidden
information is stored, only the seed and the actions), works for every game without game-specific
code, and can be checked by replaying it. A share code (:mod:`kingdoms.core.codes`) is a record
compactly encoded; a save in the page is a record as JSON.

Undo is "replay one action fewer" and is allowed only while it cannot un-see anything: not
across an action that revealed information (a die, a drawn card) and not back into another seat's
turn (see :func:`undo_allowed`).

>>> from kingdoms.core.protocol import Seat
>>> record = new_record("tally", [Seat(name="Ann"), Seat(name="Bo")], seed=1)
>>> game = get_game("tally")
>>> state = replay(record)
>>> record, state = append(record, game, state, game.decode_action(0))
>>> record.actions
[0]
>>> undo_allowed(record)
(False, 'other_seat')
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
from .protocol import Game, Seat
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

UNDO_REASONS = ("ok", "no_actions", "revealed", "other_seat", "game_over")
"""Keys :func:`undo_allowed` returns; the page translates them."""


class GameRecord(BaseModel):
    """Everything needed to rebuild a game: who plays, which game and rules, seed and actions.

    ``actions`` are indices into the game's action vocabulary (``Game.encode_action``). The model
    is frozen; treat its lists as immutable too and build new records with :func:`append`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    format_version: int = Field(default=FORMAT_VERSION, ge=1)
    game_id: str = Field(pattern=GAME_ID_PATTERN)
    rules_version: int = Field(ge=0, le=MAX_ACTION_INDEX)
    seed: int = Field(ge=0, le=MASK64)
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
    seats: Sequence[Seat],
    seed: int | None = None,
    options: Mapping[str, str | int | bool] | None = None,
) -> GameRecord:
    """A record with no actions yet; ``seed=None`` picks a fresh random 32-bit seed.

    The game's ``new_game`` is run once so bad seats or options fail here (``SetupError``), not
    when the record is first replayed. Raises ``UnknownGameError`` for unknown ids.
    """
    game = get_game(game_id)
    if seed is None:
        seed = secrets.randbits(32)
    opts = dict(options or {})
    game.new_game(seats, seed, opts)
    try:
        return GameRecord(
            game_id=game_id,
            rules_version=game.info.rules_version,
            seed=seed,
            seats=list(seats),
            options=opts,
        )
    except ValueError as error:  # pydantic's ValidationError is a ValueError
        raise SetupError(f"The game cannot be recorded: {error_line(error)}") from None


def replay(record: GameRecord, upto: int | None = None) -> Any:
    """The state after the first ``upto`` actions (all of them when ``None``).

    Raises :class:`CodeError` with ``reason`` ``newer_format``, ``unknown_game``,
    ``rules_version``, ``invalid`` (setup rejected) or ``illegal_action`` (``move`` is the
    1-based number of the first action that fails).
    """
    game = _game_for(record)
    count = len(record.actions) if upto is None else upto
    if not 0 <= count <= len(record.actions):
        raise ValueError(f"upto must be 0 to {len(record.actions)}, not {upto}")
    try:
        state = game.new_game(record.seats, record.seed, record.options)
    except KingdomsError as error:
        raise CodeError("invalid", f"The game setup is not valid: {error}") from None
    for move, index in enumerate(record.actions[:count], start=1):
        state = _apply_index(game, state, index, move)
    return state


def append(
    record: GameRecord, game: Game[Any, Any], state: Any, action: Any
) -> tuple[GameRecord, Any]:
    """Apply ``action`` to ``state`` (the record's current state) and record it.

    Raises ``IllegalActionError`` (from ``game.apply``) if the action is not legal; the record
    and state given are never changed.
    """
    if game.info.game_id != record.game_id:
        raise KingdomsError(f"This record is a {record.game_id!r} game, not {game.info.game_id!r}.")
    new_state = game.apply(state, action)
    index = game.encode_action(action)
    new_record = record.model_copy(update={"actions": [*record.actions, index]})
    return new_record, new_state


def undo_allowed(record: GameRecord) -> tuple[bool, str]:
    """Whether the last action may be taken back, and a reason key from :data:`UNDO_REASONS`.

    Refused when there is nothing to undo (``no_actions``), when the last action revealed
    information (``revealed``), when the game has ended (``game_over``), or when the last action
    was taken by another seat than the one to act now (``other_seat``): undo never reaches back
    into someone else's turn.
    """
    if not record.actions:
        return False, "no_actions"
    game = _game_for(record)
    before = replay(record, len(record.actions) - 1)
    last = len(record.actions)
    action = _decode(game, record.actions[-1], last)
    after = _apply_index(game, before, record.actions[-1], last)
    return undo_check(game, before, action, after)


def undo_check(game: Game[Any, Any], before: Any, action: Any, after: Any) -> tuple[bool, str]:
    """The rule of :func:`undo_allowed` for one step already in hand (no replay).

    ``after`` is ``game.apply(before, action)``. A page that keeps the state before the last
    action can ask this on every redraw without replaying the record.
    """
    if game.reveals_information(before, action):
        return False, "revealed"
    if game.is_over(after):
        return False, "game_over"
    if game.current_seat(before) != game.current_seat(after):
        return False, "other_seat"
    return True, "ok"


def undo(record: GameRecord) -> tuple[GameRecord, Any]:
    """The record without its last action and the replayed state; ``KingdomsError`` if refused."""
    allowed, reason = undo_allowed(record)
    if not allowed:
        raise KingdomsError(_UNDO_MESSAGES[reason])
    shorter = record.model_copy(update={"actions": record.actions[:-1]})
    return shorter, replay(shorter)


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

_UNDO_MESSAGES = {
    "no_actions": "There is nothing to undo.",
    "revealed": "The last action revealed information, so it cannot be undone.",
    "other_seat": "The last action was taken in another seat's turn, so it cannot be undone.",
    "game_over": "The game is over.",
}


def _game_for(record: GameRecord) -> Game[Any, Any]:
    if record.format_version > FORMAT_VERSION:
        raise CodeError("newer_format", "The record was made by a newer version of Kingdoms.")
    try:
        game = get_game(record.game_id)
    except UnknownGameError as error:
        raise CodeError("unknown_game", str(error)) from None
    if record.rules_version != game.info.rules_version:
        raise CodeError(
            "rules_version",
            f"The record uses version {record.rules_version} of the {game.info.title} rules; "
            f"this is version {game.info.rules_version}.",
        )
    return game


def _decode(game: Game[Any, Any], index: int, move: int) -> Any:
    try:
        return game.decode_action(index)
    except KingdomsError as error:
        raise CodeError("illegal_action", f"Move {move} is not legal: {error}", move=move) from None


def _apply_index(game: Game[Any, Any], state: Any, index: int, move: int) -> Any:
    action = _decode(game, index, move)
    try:
        return game.apply(state, action)
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
