"""Share codes: a game record packed small enough for a link, and unpacked without trusting it.

Format ``"1"`` is the character ``1`` followed by base64url (no padding) of a zlib stream (with
its Adler-32 checksum, so a mangled code is usually *detected* rather than decoded into some other
game) whose inflated payload is::

    string  game id            string = varint byte length + UTF-8 bytes
    varint  rules version      varint = unsigned LEB128, minimal, at most 10 bytes
    varint  seed
    varint  seat count
    per seat: string name, byte flags (bit 0: bot, bit 1: a bot name follows), [string bot name]
    string  options            compact JSON object, or empty for no options
    varint  action count, then one varint per action (vocabulary indices)

Why binary and not JSON: action indices are the bulk of a record and are mostly below 128, so a
varint each (then deflate) keeps a 250-move game near 250 characters, short enough for a link or a
chat message. The fragment (``#g=...``) never reaches a server.

Decoding treats the text as hostile: sizes are capped before base64, before and after inflating;
parsing is strict (minimal varints, bounded counts, no trailing bytes); the result is validated by
:class:`~kingdoms.core.records.GameRecord`. Every failure is a :class:`CodeError` whose ``reason``
is ``corrupt``, ``too_large``, ``newer_format`` or ``invalid``, with a one-line English message.

>>> from kingdoms.core.protocol import Seat
>>> from kingdoms.core.records import new_record
>>> record = new_record("tally", [Seat(name="Ann")], seed=5)
>>> code = encode_code(record)
>>> code[0], decode_code("https://example.org/kingdoms/#g=" + code) == record
('1', True)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any
from urllib.parse import unquote

from pydantic import ValidationError

from .errors import CodeError
from .protocol import MAX_NAME_CODE_POINTS
from .records import (
    FORMAT_VERSION,
    MAX_ACTIONS,
    MAX_OPTION_KEY,
    MAX_OPTION_TEXT,
    MAX_OPTIONS,
    MAX_SEATS,
    GameRecord,
    error_line,
    parse_json,
)
from .session import Session

CODE_FORMAT = "1"
"""The leading character of codes this version writes (and the only one it reads)."""
NEWER_FORMATS = frozenset("23456789")
"""Leading characters reserved for later formats: reported as ``newer_format``, not corrupt."""

MAX_INPUT_CHARS = 20_000
MAX_INFLATED_BYTES = 256 * 1024
MAX_VARINT_BYTES = 10
MAX_GAME_ID_BYTES = 40
MAX_NAME_BYTES = MAX_NAME_CODE_POINTS * 4
"""A name's UTF-8 bytes: the code-point cap of :class:`~.protocol.Seat` (4 bytes each)."""
MAX_BOT_BYTES = 32 * 4
MAX_OPTIONS_BYTES = MAX_OPTIONS * (6 * MAX_OPTION_KEY + 6 * MAX_OPTION_TEXT + 8) + 2
"""Room for the largest valid options (every character JSON-escaped as ``\\uXXXX``)."""

_FLAG_BOT = 0x01
_FLAG_BOT_NAME = 0x02
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_WHITESPACE = re.compile(r"\s+")
_LINK_FIELD = re.compile(r"(?:^|[#?&;])g=([^#?&;]*)")
"""``g=`` at the start or after a URL separator (so ``lang=de`` is not mistaken for it)."""


def encode_code(record: GameRecord) -> str:
    """The share code for ``record`` (see the module docstring for the format)."""
    if record.format_version > FORMAT_VERSION:
        raise CodeError("newer_format", "The record was made by a newer version of Kingdoms.")
    out = bytearray()
    _put_str(out, record.game_id)
    _put_varint(out, record.rules_version)
    _put_varint(out, record.seed)
    _put_varint(out, len(record.seats))
    for seat in record.seats:
        _put_str(out, seat.name)
        flags = (_FLAG_BOT if seat.kind == "bot" else 0) | (
            _FLAG_BOT_NAME if seat.bot is not None else 0
        )
        out.append(flags)
        if seat.bot is not None:
            _put_str(out, seat.bot)
    options = (
        json.dumps(record.options, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        if record.options
        else ""
    )
    _put_str(out, options)
    _put_varint(out, len(record.actions))
    for index in record.actions:
        _put_varint(out, index)
    packed = zlib.compress(bytes(out), 9)
    return CODE_FORMAT + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def extract_code(text: str) -> str:
    """The bare code in ``text``: whitespace removed, and the ``g=`` value if it is a link."""
    if not isinstance(text, str):
        raise CodeError("invalid", "A share code must be text.")
    if len(text) > MAX_INPUT_CHARS:
        raise CodeError("too_large", "The code is too long to be a Kingdoms game.")
    text = _WHITESPACE.sub("", text)
    fields = _LINK_FIELD.findall(text)
    if not fields:
        return text
    # The fragment (last) wins over a query parameter; a link that went through a chat app may
    # carry its spaces as %20, which the page's address decodes too.
    return _WHITESPACE.sub("", unquote(fields[-1]))


def decode_code(text: str) -> GameRecord:
    """The record in a share code or a ``#g=`` link; raises only :class:`CodeError`."""
    try:
        return _decode(text)
    except CodeError:
        raise
    except Exception as error:  # a safety net: hostile input must never escape as another type
        raise CodeError("corrupt", "The code is damaged and cannot be read.") from error


def load_code(text: str) -> Session:
    """Decode a code and replay it into a :class:`~.session.Session`.

    Also raises ``CodeError`` with reason ``unknown_game``, ``rules_version`` or
    ``illegal_action`` (with ``move``), so a bad code is reported before anything is saved.
    """
    record = decode_code(text)
    try:
        return Session(record)
    except CodeError:
        raise
    except Exception as error:  # a rules bug met by odd input must not crash the page either
        raise CodeError("invalid", "The game in this code cannot be replayed.") from error


# --- decoding -----------------------------------------------------------------------------


def _decode(text: str) -> GameRecord:
    code = extract_code(text)
    if not code:
        raise CodeError("corrupt", "The code is empty.")
    head, body = code[0], code[1:]
    if not _BASE64URL.fullmatch(body):
        raise CodeError("corrupt", "The code contains characters that do not belong in it.")
    if len(body) % 4 == 1:  # no base64 text has this length: a character was lost or added
        raise CodeError("corrupt", "The code is damaged: a character is missing or extra.")
    if head != CODE_FORMAT:  # a later format is base64url too: anything else is damage
        if head in NEWER_FORMATS:
            raise CodeError("newer_format", "The code was made by a newer version of Kingdoms.")
        raise CodeError("corrupt", "This is not a Kingdoms game code.")
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise CodeError("corrupt", "The code is damaged and cannot be read.") from None
    payload = _inflate(packed)
    reader = _Reader(payload)
    data = reader.record()
    try:
        return GameRecord.model_validate(data)
    except ValidationError as error:
        raise CodeError("invalid", f"The code holds an invalid game: {error_line(error)}") from None


def _inflate(packed: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        payload = inflater.decompress(packed, MAX_INFLATED_BYTES)
    except zlib.error:
        raise CodeError("corrupt", "The code is damaged and cannot be read.") from None
    if inflater.unconsumed_tail:
        raise CodeError("too_large", "The code unpacks to more data than any game needs.")
    if not inflater.eof:
        raise CodeError("corrupt", "The code is incomplete: part of it is missing.")
    if inflater.unused_data:
        raise CodeError("corrupt", "The code has extra characters at the end.")
    return payload


class _Reader:
    """Strict reader of the binary payload: every read is bounds-checked."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def _fail(self, message: str, reason: str = "corrupt") -> CodeError:
        return CodeError(reason, message)

    def byte(self) -> int:
        if self.pos >= len(self.data):
            raise self._fail("The code's data ends too early.")
        value = self.data[self.pos]
        self.pos += 1
        return value

    def varint(self) -> int:
        value = 0
        for shift in range(0, 7 * MAX_VARINT_BYTES, 7):
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                if byte == 0 and shift:
                    raise self._fail("The code's data has a malformed number.")
                return value
        raise self._fail("The code's data has a number that is too long.")

    def string(self, limit: int, what: str) -> str:
        length = self.varint()
        if length > limit:
            raise self._fail(f"The code's {what} is too long.", "invalid")
        if self.pos + length > len(self.data):
            raise self._fail("The code's data ends too early.")
        raw = self.data[self.pos : self.pos + length]
        self.pos += length
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise self._fail(f"The code's {what} is not valid text.") from None

    def record(self) -> dict[str, Any]:
        game_id = self.string(MAX_GAME_ID_BYTES, "game id")
        rules_version = self.varint()
        seed = self.varint()
        seat_count = self.varint()
        if not 1 <= seat_count <= MAX_SEATS:
            raise self._fail(
                f"The code has {seat_count} seats; 1 to {MAX_SEATS} are allowed.", "invalid"
            )
        seats: list[dict[str, Any]] = []
        for _ in range(seat_count):
            name = self.string(MAX_NAME_BYTES, "player name")
            flags = self.byte()
            if flags & ~(_FLAG_BOT | _FLAG_BOT_NAME):
                raise self._fail("The code has an unknown kind of seat.", "invalid")
            bot = self.string(MAX_BOT_BYTES, "bot name") if flags & _FLAG_BOT_NAME else None
            seats.append(
                {"name": name, "kind": "bot" if flags & _FLAG_BOT else "person", "bot": bot}
            )
        options_text = self.string(MAX_OPTIONS_BYTES, "options")
        options: Any = {}
        if options_text:
            options = parse_json(options_text)
            if options is None:
                raise self._fail("The code's options are damaged.")
            if not isinstance(options, dict) or not options:
                raise self._fail("The code's options are not valid.", "invalid")
        count = self.varint()
        if count > MAX_ACTIONS:
            raise self._fail(
                f"The code has {count} moves; at most {MAX_ACTIONS} are allowed.", "too_large"
            )
        if count > len(self.data) - self.pos:  # every action takes at least one byte
            raise self._fail("The code's data ends too early.")
        actions = [self.varint() for _ in range(count)]
        if self.pos != len(self.data):
            raise self._fail("The code has extra data at the end.")
        return {
            "format_version": FORMAT_VERSION,
            "game_id": game_id,
            "rules_version": rules_version,
            "seed": seed,
            "seats": seats,
            "options": options,
            "actions": actions,
        }


# --- encoding helpers ---------------------------------------------------------------------


def _put_varint(out: bytearray, value: int) -> None:
    if value < 0:
        raise ValueError("varints are unsigned")
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def _put_str(out: bytearray, text: str) -> None:
    raw = text.encode("utf-8")
    _put_varint(out, len(raw))
    out += raw
