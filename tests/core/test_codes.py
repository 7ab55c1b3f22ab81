"""Share codes: round trips, compactness, and hostile input that must only ever raise CodeError.

Why so much fuzzing: a code arrives from anyone (a link in a chat), and the page loads it before
the user has decided anything. Whatever the text, decoding must end in a record or a
``CodeError`` with one of four reasons, never a crash with some other exception, and never a
huge allocation.
"""

from __future__ import annotations

import base64
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdoms.core.codes import MAX_INPUT_CHARS, decode_code, encode_code, extract_code, load_code
from kingdoms.core.errors import CodeError, SetupError
from kingdoms.core.names import clean_name
from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game, playable_game_ids
from kingdoms.core.rng import Rng, derive_seed
from kingdoms.core.session import replay

DECODE_REASONS = {"corrupt", "too_large", "newer_format", "invalid"}
FUZZ = settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def code_for_payload(payload: bytes) -> str:
    return "1" + b64(zlib.compress(payload))


def varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def text(value: str | bytes) -> bytes:
    raw = value.encode() if isinstance(value, str) else value
    return varint(len(raw)) + raw


def payload(
    game_id: bytes | str = "tally",
    rules: int = 1,
    seed: int = 5,
    seats: bytes | None = None,
    options: bytes | str = "",
    actions: bytes | None = None,
) -> bytes:
    """A format-1 payload written independently of the encoder (so the format is pinned)."""
    seat_bytes = seats if seats is not None else varint(1) + text("Ann") + b"\x00"
    action_bytes = actions if actions is not None else varint(2) + b"\x01\x00"
    return text(game_id) + varint(rules) + varint(seed) + seat_bytes + text(options) + action_bytes


def decode_fails(code: str) -> CodeError:
    with pytest.raises(CodeError) as caught:
        decode_code(code)
    assert caught.value.reason in DECODE_REASONS
    message = str(caught.value)
    assert message and "\n" not in message
    return caught.value


def decode_or_fail(code: str) -> None:
    """Hostile input: a valid record (astronomically rare) or a CodeError, nothing else."""
    try:
        assert isinstance(decode_code(code), GameRecord)
    except CodeError as error:
        assert error.reason in DECODE_REASONS


def playout_record(game_id: str, number: int, seats: int | None = None) -> GameRecord:
    game = get_game(game_id)
    info = game.info
    count = seats or info.min_seats + number % (info.max_seats - info.min_seats + 1)
    record = new_record(
        game_id,
        [Seat(name=f"Player {k + 1}") for k in range(count)],
        seed=derive_seed("codes", number),
    )
    state = replay(record)
    rng = Rng(number)
    while not game.is_over(state):
        record, state = append(record, game, state, rng.choice(game.legal_actions(state)))
    return record


SAMPLE = playout_record("tally", 3)
SAMPLE_CODE = encode_code(SAMPLE)


# --- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", playable_game_ids(include_internal=True))
def test_round_trip_of_played_games(game_id: str) -> None:
    game = get_game(game_id)
    for number in range(10):
        record = playout_record(game_id, number)
        code = encode_code(record)
        assert code[0] == "1"
        assert decode_code(code) == record
        session = load_code(code)
        assert session.record == record
        assert game.state_to_json(session.state) == game.state_to_json(replay(record))


def test_round_trip_of_unusual_records() -> None:
    record = GameRecord(
        game_id="some-future_game9",
        rules_version=123456,
        seed=(1 << 64) - 1,
        seats=[
            Seat(name="🐉" * 24),
            Seat(name="Zoë <b>&amp;</b>", kind="bot", bot="greedy"),
            Seat(name="x", kind="bot"),
            Seat(name="y", bot=""),
        ],
        options={"flag": True, "n": -5, "s": 'ü "q"', "big": 1 << 53, "small": -(1 << 53)},
        actions=[0, 127, 128, 16383, 16384, (1 << 31) - 1],
    )
    assert decode_code(encode_code(record)) == record


def test_largest_options_fit() -> None:
    """Options at every limit, each character needing a JSON escape, still decode."""
    options: dict[str, str | int | bool] = {
        f"{k:02d}" + "\x01" * 30: "\x02" * 64 for k in range(16)
    }
    record = GameRecord(
        game_id="tally", rules_version=1, seed=1, seats=[Seat(name="A")], options=options
    )
    assert decode_code(encode_code(record)) == record


def test_pinned_format() -> None:
    """The encoder writes exactly the documented layout (old links must keep working)."""
    record = GameRecord(
        game_id="tally", rules_version=1, seed=5, seats=[Seat(name="Ann")], actions=[1, 0]
    )
    raw = zlib.decompress(base64.urlsafe_b64decode(encode_code(record)[1:] + "=="))
    assert raw == payload()
    assert decode_code(code_for_payload(payload())) == record


def test_codes_are_compact() -> None:
    seats = [Seat(name=name) for name in ("Alice", "Bob", "Carol", "Dave")]
    rng = Rng(2024)
    record = GameRecord(
        game_id="dice-realm",
        rules_version=1,
        seed=derive_seed(1),
        seats=seats,
        options={"variant": "standard"},
        actions=[rng.below(24) for _ in range(250)],
    )
    assert len(encode_code(record)) < 400
    real = playout_record("tally", 1, seats=4)
    assert len(encode_code(real)) < 150


@pytest.mark.parametrize(
    "wrap",
    [
        "{}",
        "  {}\n",
        "https://example.org/kingdoms/#g={}",
        "https://example.org/kingdoms/?lang=de#g={}",
        "https://example.org/?g={}&lang=de",
        "#g={}",
        "g={}",
        "https://example.org/?g=junk#g={}",
    ],
)
def test_links_and_whitespace(wrap: str) -> None:
    assert decode_code(wrap.format(SAMPLE_CODE)) == SAMPLE


def test_a_link_with_percent_encoded_spaces_opens_as_in_the_page() -> None:
    """Issue 21: the command line refused ``#g=`` links whose code a chat app had spaced and
    percent-encoded (``%20``), which the page's address decodes and opens. Both read them the
    same now."""
    from kingdoms_web.urls import extract_code as page_extract

    spaced = SAMPLE_CODE[:10] + "%20" + SAMPLE_CODE[10:20] + "%0A" + SAMPLE_CODE[20:]
    link = "https://example.org/kingdoms/#g=" + spaced
    assert extract_code(link) == page_extract(link) == SAMPLE_CODE
    assert decode_code(link) == SAMPLE


def test_code_split_over_lines() -> None:
    broken = "\n".join(SAMPLE_CODE[i : i + 20] for i in range(0, len(SAMPLE_CODE), 20))
    assert decode_code(" \t" + broken + " \r\n") == SAMPLE
    assert extract_code(broken) == SAMPLE_CODE


# --- specific failures -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("", "corrupt"),
        ("   ", "corrupt"),
        ("#g=", "corrupt"),
        ("1", "corrupt"),
        ("2" + SAMPLE_CODE[1:], "newer_format"),
        ("9abc", "newer_format"),
        ("0" + SAMPLE_CODE[1:], "corrupt"),
        ("x" + SAMPLE_CODE[1:], "corrupt"),
        (SAMPLE_CODE + "=", "corrupt"),
        (SAMPLE_CODE[:-1] + "+", "corrupt"),
        (SAMPLE_CODE[:-1] + "é", "corrupt"),
        (SAMPLE_CODE + "A", "corrupt"),
        (SAMPLE_CODE[:-2], "corrupt"),
        ("1" + b64(zlib.compress(payload()) + b"junk"), "corrupt"),
        ("1" + b64(b"not zlib at all"), "corrupt"),
        ("1" * (MAX_INPUT_CHARS + 1), "too_large"),
    ],
)
def test_bad_codes(code: str, reason: str) -> None:
    assert decode_fails(code).reason == reason


SEAT = varint(1) + text("Ann") + b"\x00"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (payload() + b"\x00", "corrupt"),  # trailing byte
        (payload()[:-1], "corrupt"),  # truncated
        (b"", "corrupt"),
        (payload(game_id=b"\xff\xfe"), "corrupt"),  # not UTF-8
        (payload(game_id="Not An Id"), "invalid"),
        (payload(game_id="x" * 41), "invalid"),
        (payload(seats=varint(0)), "invalid"),
        (payload(seats=varint(9) + (text("a") + b"\x00") * 9), "invalid"),
        (payload(seats=varint(1) + text("") + b"\x00"), "invalid"),
        (payload(seats=varint(1) + text("x" * 25) + b"\x00"), "invalid"),
        (payload(seats=varint(1) + text("x" * 200) + b"\x00"), "invalid"),
        (payload(seats=varint(1) + text("Ann") + b"\x04"), "invalid"),  # unknown seat flag
        (payload(seats=varint(1) + text("Ann") + b"\x02" + text("b" * 33)), "invalid"),
        (payload(options="{not json"), "corrupt"),
        (payload(options="[1]"), "invalid"),
        (payload(options="{}"), "invalid"),  # no options are written as empty, not {}
        (payload(options='{"a":1.5}'), "invalid"),
        (payload(options='{"a":{"b":1}}'), "invalid"),
        (payload(options="[" * 10_000), "invalid"),  # longer than the options limit
        (payload(options="[" * 1000), "corrupt"),
        (payload(seed=1 << 64), "invalid"),
        (payload(seed=1 << 80), "corrupt"),  # varint longer than 10 bytes
        (payload(actions=varint(1) + b"\x80\x00"), "corrupt"),  # non-minimal varint
        (payload(actions=varint(5) + b"\x00"), "corrupt"),  # fewer actions than announced
        (payload(actions=varint(10**9) + b"\x00"), "too_large"),
        (payload(actions=varint(1) + varint(1 << 31)), "invalid"),
    ],
)
def test_bad_payloads(data: bytes, reason: str) -> None:
    assert decode_fails(code_for_payload(data)).reason == reason


def test_decompression_bombs() -> None:
    big = "1" + b64(zlib.compress(b"\x00" * 50_000_000, 9))
    assert decode_fails(big).reason == "too_large"  # stopped by the input cap
    medium = "1" + b64(zlib.compress(b"\x00" * 10_000_000, 9))
    assert len(medium) < MAX_INPUT_CHARS
    assert decode_fails(medium).reason == "too_large"  # stopped by the inflate cap
    assert decode_fails("https://x.org/#g=" + medium).reason == "too_large"


def test_not_text() -> None:
    assert decode_fails(b"1abc").reason == "invalid"  # type: ignore[arg-type]
    assert decode_fails(None).reason == "invalid"  # type: ignore[arg-type]


def test_load_code_reports_game_errors() -> None:
    unknown = code_for_payload(payload(game_id="chess"))
    with pytest.raises(CodeError) as caught:
        load_code(unknown)
    assert caught.value.reason == "unknown_game"

    with pytest.raises(CodeError) as caught:
        load_code(code_for_payload(payload(rules=7)))
    assert caught.value.reason == "rules_version"

    drew_twice = payload(actions=varint(3) + b"\x02\x02\x00")
    with pytest.raises(CodeError) as caught:
        load_code(code_for_payload(drew_twice))
    assert caught.value.reason == "illegal_action" and caught.value.move == 2
    assert str(caught.value).startswith("Move 2 is not legal:")


# --- fuzzing -------------------------------------------------------------------------------


@FUZZ
@given(cut=st.integers(min_value=0, max_value=len(SAMPLE_CODE) - 1))
def test_fuzz_truncated(cut: int) -> None:
    decode_fails(SAMPLE_CODE[:cut])


@FUZZ
@given(data=st.data())
def test_fuzz_bit_flips(data: st.DataObject) -> None:
    raw = bytearray(zlib.compress(payload()))
    bit = data.draw(st.integers(min_value=0, max_value=len(raw) * 8 - 1))
    raw[bit // 8] ^= 1 << (bit % 8)
    decode_or_fail("1" + b64(bytes(raw)))


@FUZZ
@given(data=st.data())
def test_fuzz_character_changes(data: st.DataObject) -> None:
    position = data.draw(st.integers(min_value=0, max_value=len(SAMPLE_CODE) - 1))
    char = data.draw(st.characters())
    decode_or_fail(SAMPLE_CODE[:position] + char + SAMPLE_CODE[position + 1 :])


@FUZZ
@given(st.text(max_size=300))
def test_fuzz_random_text(value: str) -> None:
    decode_or_fail(value)
    decode_or_fail("1" + value)
    decode_or_fail("#g=1" + value)


@FUZZ
@given(st.binary(max_size=400))
def test_fuzz_random_bytes(value: bytes) -> None:
    decode_fails("1" + b64(value))
    decode_or_fail(code_for_payload(value))  # valid deflate, random payload


@FUZZ
@given(data=st.data())
def test_fuzz_mutated_payloads(data: st.DataObject) -> None:
    """Valid deflate around a nearly valid payload reaches deep into the strict parser."""
    raw = bytearray(payload(options='{"rounds":2}', actions=varint(3) + b"\x02\x03\x01"))
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        position = data.draw(st.integers(min_value=0, max_value=len(raw) - 1))
        kind = data.draw(st.sampled_from(["set", "insert", "delete"]))
        value = data.draw(st.integers(min_value=0, max_value=255))
        if kind == "set":
            raw[position] = value
        elif kind == "insert":
            raw.insert(position, value)
        elif len(raw) > 1:
            del raw[position]
    decode_or_fail(code_for_payload(bytes(raw)))


@FUZZ
@given(
    oversize=st.integers(min_value=MAX_INPUT_CHARS + 1, max_value=MAX_INPUT_CHARS * 3),
    filler=st.sampled_from(["A", " ", "#", "é"]),
)
def test_fuzz_oversized(oversize: int, filler: str) -> None:
    assert decode_fails("1" + filler * oversize).reason == "too_large"


@FUZZ
@given(
    # Names that survive cleaning (a name of only spaces or controls is refused by Seat).
    names=st.lists(
        st.text(min_size=1, max_size=24).filter(lambda n: clean_name(n) != ""),
        min_size=1,
        max_size=8,
    ),
    seed=st.integers(min_value=0, max_value=(1 << 64) - 1),
    actions=st.lists(st.integers(min_value=0, max_value=(1 << 31) - 1), max_size=50),
    options=st.dictionaries(
        st.text(min_size=1, max_size=32),
        st.one_of(st.booleans(), st.integers(-(1 << 53), 1 << 53), st.text(max_size=64)),
        max_size=16,
    ),
)
def test_fuzz_round_trip(
    names: list[str], seed: int, actions: list[int], options: dict[str, Any]
) -> None:
    record = GameRecord(
        game_id="tally",
        rules_version=1,
        seed=seed,
        seats=[Seat(name=name) for name in names],
        options=options,
        actions=actions,
    )
    code = encode_code(record)
    if len(code) <= MAX_INPUT_CHARS:
        assert decode_code(code) == record


@FUZZ
@given(
    seats=st.integers(min_value=1, max_value=4),
    actions=st.lists(st.integers(min_value=0, max_value=12), max_size=60),
)
def test_fuzz_load_code(seats: int, actions: list[int]) -> None:
    """Arbitrary action sequences replay or name the first illegal move."""
    record = GameRecord(
        game_id="tally",
        rules_version=1,
        seed=seats,
        seats=[Seat(name=f"P{k}") for k in range(seats)],
        actions=actions,
    )
    try:
        assert load_code(encode_code(record)).record == record
    except CodeError as error:
        assert error.reason == "illegal_action"
        assert error.move is not None and 1 <= error.move <= len(actions)
        assert str(error).startswith(f"Move {error.move} is not legal: ")


UNKNOWN_LEVELS = ["grandmaster", "", "HARD", "hard ", "easy\u200d", " easy", "Easy", None]
"""Computer levels a code may name that no game has (issue 21): unknown, empty, cased, padded,
with an invisible character, or none at all."""


@pytest.mark.parametrize("game_id", ["dice-realm", "burgrave"])
@pytest.mark.parametrize("level", UNKNOWN_LEVELS)
def test_a_computer_level_this_version_does_not_know_is_refused_clearly(
        game_id: str, level: str | None) -> None:
    """A code whose computer seat names a level the game does not have used to open, and the
    computer then never moved (the game was stuck). It is refused, saying which level; the
    record itself still decodes, so a page can show what the game is."""
    record = new_record(game_id, [Seat(name="Ann"), Seat(name="Cpu", kind="bot", bot="easy")],
                        seed=4)
    strange = Seat.model_construct(name="Cpu", kind="bot", bot=level)
    code = encode_code(record.model_copy(update={"seats": [record.seats[0], strange]}))
    with pytest.raises(CodeError) as caught:
        load_code(code)
    assert caught.value.reason == "unknown_level"
    assert caught.value.level == (level or "")
    assert "computer level this version does not know" in str(caught.value)
    assert decode_code(code).seats[1].bot == level
    with pytest.raises(SetupError, match="does not know"):
        new_record(game_id, [Seat(name="Ann"), strange], seed=4)


def test_every_level_a_game_offers_opens_and_a_person_names_none() -> None:
    for game_id in ("dice-realm", "burgrave"):
        info = get_game(game_id).info
        for level in ("random", *info.bot_levels):
            seats = [Seat(name="Ann"), Seat(name="Cpu", kind="bot", bot=level)]
            load_code(encode_code(new_record(game_id, seats, seed=1)))
        person = Seat.model_construct(name="Ann", kind="person", bot="easy")
        with pytest.raises(SetupError, match="is a person but names a computer level"):
            new_record(game_id, [person, Seat(name="Ben")], seed=1)


def test_only_a_well_formed_code_of_a_later_format_is_called_newer() -> None:
    """Issue 21: a damaged code that happened to start with 2-9 was said to come from a newer
    version (reload to update) instead of being damaged."""
    body = SAMPLE_CODE[1:]
    with pytest.raises(CodeError) as newer:
        decode_code("2" + body)
    assert newer.value.reason == "newer_format"
    lost = body + "A" * ((1 - len(body)) % 4)  # a length no base64 text has
    for damaged in ("2" + body + "!", "7" + body[:-1] + "\u00e9", "3" + lost):
        with pytest.raises(CodeError) as caught:
            decode_code(damaged)
        assert caught.value.reason == "corrupt", damaged[-3:]
