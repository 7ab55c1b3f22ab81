"""Opening share codes and saves: turn text into a summary the page can show, or a message.

Pure logic (no browser imports) so tests can feed it hostile input on CPython. The decoding itself
is the engine's (:mod:`kingdoms.core.codes`) and finding the code in what the user pasted is
:func:`kingdoms_web.urls.extract_code`; this module summarises what a code holds and maps each
failure reason to a translated sentence.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from kingdoms.core.codes import decode_code, encode_code, load_code
from kingdoms.core.errors import CodeError, KingdomsError
from kingdoms.core.records import GameRecord, hints_used
from kingdoms.core.registry import list_games
from kingdoms.core.session import Session
from kingdoms_web.i18n import game_title, t
from kingdoms_web.urls import extract_code

CODE_REASONS = (
    "corrupt", "too_large", "newer_format", "invalid", "unknown_game", "rules_version",
    "unknown_level", "illegal_action",
)


@dataclass(frozen=True)
class SeatSummary:
    name: str
    is_bot: bool = False


@dataclass(frozen=True)
class RecordSummary:
    """What a valid code contains, for the summary screen."""

    game_id: str
    title: str
    seats: tuple[SeatSummary, ...]
    moves: int
    code: str
    over: bool = False
    next_name: str | None = None
    """Whose turn it is in the shared position (None when over or unknown)."""
    problem: str | None = None
    """Why this game, read whole, cannot be opened here (a computer level this version does
    not know); None when it can."""
    hints: tuple[int, ...] | None = None
    """The hints each seat asked for, when the table allowed hints (None: not allowed)."""


@dataclass(frozen=True)
class OpenResult:
    """Either a summary (and the engine's session of the record) or a translated message."""

    summary: RecordSummary | None = None
    error: str | None = None
    session: Session | None = None

    @property
    def record(self) -> GameRecord | None:
        return self.session.record if self.session is not None else None


def code_error_message(error: CodeError) -> str:
    """The translated sentence for a decoding failure, by its ``reason``."""
    reason = getattr(error, "reason", "")
    if reason == "illegal_action":
        move = getattr(error, "move", None)
        if isinstance(move, int):
            return t("code.error.illegal_action", move=move)
        return t("code.error.illegal_action_unknown")
    if reason == "unknown_level":
        level = getattr(error, "level", "") or ""
        return t("code.error.unknown_level", level=repr(level)) if level \
            else t("code.error.unknown_level_none")
    if reason in CODE_REASONS:
        return t(f"code.error.{reason}")
    return t("code.error.other")


def _titles() -> dict[str, str]:
    try:
        return {info.game_id: info.title for info in list_games(include_internal=True)}
    except KingdomsError:
        return {}


def summarize(record: Any, code: str, session: Session | None = None) -> RecordSummary:
    """A display summary of an engine ``GameRecord`` (read defensively: only public fields).

    With the replayed ``session`` it also says whether the game is over and whose turn it is.
    """
    game_id = str(getattr(record, "game_id", "") or "")
    seats = tuple(
        SeatSummary(str(getattr(seat, "name", "?")), getattr(seat, "kind", "person") == "bot")
        for seat in (getattr(record, "seats", None) or ())
    )
    actions = getattr(record, "actions", None) or ()
    title = game_title(game_id, _titles().get(game_id, game_id))
    over, next_name = False, None
    if session is not None:
        game, state = session.game, session.state
        over = bool(game.is_over(state))
        seat = None if over else game.current_seat(state)
        if seat is not None and 0 <= seat < len(seats):
            next_name = seats[seat].name
    options = getattr(record, "options", None) or {}
    hints = None
    if options.get("hints", True) is not False and isinstance(record, GameRecord):
        hints = tuple(hints_used(record))
    return RecordSummary(game_id, title, seats, len(actions), code, over, next_name,
                         hints=hints)


def open_code(
    text: str,
    log: Callable[[str], None] = lambda _message: None,
) -> OpenResult:
    """Decode and replay a pasted code; never raises.

    The full replay (``load_code``) runs even when the game has no screen yet, so a code that
    would fail later (an illegal move) is reported now, not after the user has gone looking.
    """
    code = extract_code(text)
    if not code:
        return OpenResult(error=t("code.empty"))
    try:
        session = load_code(code)
    except CodeError as error:
        if error.reason == "unknown_level":  # what the game is can still be shown
            return OpenResult(summary=replace(summarize(decode_code(code), code),
                                              problem=code_error_message(error)))
        return OpenResult(error=code_error_message(error))
    except KingdomsError:
        return OpenResult(error=t("code.error.other"))
    except Exception:  # a decoder bug must not take the page down with it
        log("Kingdoms: unexpected error while opening a code\n" + traceback.format_exc())
        return OpenResult(error=t("code.error.other"))
    # The code this page keeps is the canonical one (re-encoded from the record): distinct
    # strings that hold the same game (another deflate stream, spare base64 bits) become one.
    try:
        canonical = encode_code(session.record)
    except KingdomsError:  # pragma: no cover - a decoded record always encodes
        canonical = code
    return OpenResult(summary=summarize(session.record, canonical, session), session=session)
