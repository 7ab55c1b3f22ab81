"""Names: cleaned once in the engine (typed, by link, imported), counted in graphemes, kept whole.

Hostile names from the probe of issue 10: emoji sequences that lost their joiners, a 24-character
cut through an emoji, right-to-left overrides and NUL arriving by link.
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from kingdoms.core import codes
from kingdoms.core.errors import CodeError
from kingdoms.core.names import (
    MAX_NAME_CODE_POINTS,
    MAX_NAME_GRAPHEMES,
    clean_name,
    clean_text,
    cut_graphemes,
    grapheme_count,
    graphemes,
    name_problem,
)
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record, record_from_json

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"  # 👨‍👩‍👧‍👦
COUPLE = ("\U0001F469\U0001F3FB\u200d\u2764\ufe0f\u200d\U0001F48B\u200d"
          "\U0001F468\U0001F3FC")  # 👩🏻‍❤️‍💋‍👨🏼, 10 code points
THUMB = "\U0001F44D\U0001F3FD"  # 👍🏽
FLAG = "\U0001F1EB\U0001F1F7"  # 🇫🇷
SCOTLAND = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
RAINBOW = "\U0001F3F3\ufe0f\u200d\U0001F308"  # 🏳️‍🌈
HANGUL = "\u1112\u1161\u11ab"  # 한 as conjoining jamo
ACCENT = "e\u0301"  # é as e + combining acute


@pytest.mark.parametrize("text", [FAMILY, COUPLE, THUMB, FLAG, SCOTLAND, RAINBOW, HANGUL, ACCENT,
                                  "\u0915\u094d", "\u4e2d", "\u0645"])
def test_one_grapheme_each(text: str) -> None:
    assert list(graphemes(text)) == [text]
    assert clean_name(text) == text  # joiners, modifiers, tags, marks kept


def test_sequences_split_where_a_reader_sees_several_characters() -> None:
    assert list(graphemes("ab")) == ["a", "b"]
    assert list(graphemes(FLAG + FLAG + "\U0001F1EB")) == [FLAG, FLAG, "\U0001F1EB"]
    assert list(graphemes(FAMILY + THUMB + "x")) == [FAMILY, THUMB, "x"]
    assert list(graphemes("a\u200d\U0001F466")) == ["a\u200d", "\U0001F466"]
    assert grapheme_count("\uac00\uac01") == 2  # two precomposed syllables


@pytest.mark.parametrize(("raw", "clean"), [
    ("  Ann  ", "Ann"),
    ("Ann\u202eneB", "AnnneB"),  # right-to-left override (the probe's link name)
    ("\u2066Ann\u2069 \u2067Ben\u2069", "Ann Ben"),  # isolates
    ("Ann\u200e\u200f\u061c", "Ann"),  # direction marks
    ("A\x00n\x1bn\x7f", "Ann"),  # NUL, escape, delete
    ("Ann\tLee\nX\u2028Y\u00a0Z\u3000W", "Ann Lee X Y Z W"),  # every white space: one space
    ("\ufeffAnn\u200b\u00ad", "Ann"),  # BOM, zero-width space, soft hyphen
    ("\ud800Ann", "Ann"),  # a lone surrogate
    ("\u202e", ""),
    ("\u0645\u200c\u06cc", "\u0645\u200c\u06cc"),  # Persian zero-width non-joiner kept
])
def test_cleaning(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean


def test_not_text_cleans_to_nothing() -> None:
    assert clean_text(None) == "" and clean_text(7) == ""


def test_a_name_of_24_emoji_sequences_fits_whole() -> None:
    name = COUPLE * 12 + FAMILY * 12
    assert grapheme_count(name) == MAX_NAME_GRAPHEMES
    assert len(name) <= MAX_NAME_CODE_POINTS
    assert name_problem(name) is None
    seat = Seat(name=name)
    assert seat.name == name
    record = new_record("tally", [seat], seed=1)
    assert codes.decode_code(codes.encode_code(record)).seats[0].name == name
    assert name_problem(name + "x") == "too_long"
    with pytest.raises(ValidationError):
        Seat(name=name + "x")


def test_cutting_keeps_whole_graphemes() -> None:
    assert cut_graphemes(FAMILY * 3, 2) == FAMILY * 2
    assert cut_graphemes("ab" + COUPLE, 3, max_code_points=5) == "ab"
    assert cut_graphemes("W" * 30, 24) == "W" * 24
    assert cut_graphemes("ab  c", 3) == "ab"  # no trailing space left by a cut


def test_every_way_in_cleans_the_name() -> None:
    """Typed (Seat), by link (a share code), from a file (record JSON): the same cleaning."""
    hostile = "\u202eAnn\x00\u2066"
    assert Seat(name=hostile).name == "Ann"
    record = new_record("tally", [Seat(name="Ann")], seed=3)
    data = json.loads(record.model_dump_json())
    data["seats"][0]["name"] = hostile
    assert record_from_json(json.dumps(data)).seats[0].name == "Ann"
    # A code written by an older version (or by hand) with the raw name inside.
    assert codes.decode_code(code_with_name(hostile)).seats[0].name == "Ann"
    with pytest.raises(CodeError) as caught:
        codes.decode_code(code_with_name("\u202e\x00"))
    assert caught.value.reason == "invalid"


def code_with_name(name: str) -> str:
    """A format-1 tally code with one seat called ``name``, written without the encoder."""
    raw = name.encode()
    data = (b"\x05tally" + b"\x01" + b"\x03" + b"\x01" + bytes([len(raw)]) + raw + b"\x00"
            + b"\x00" + b"\x00")
    return "1" + base64.urlsafe_b64encode(zlib.compress(data)).rstrip(b"=").decode()


def test_empty_and_too_long_are_refused_with_a_reason() -> None:
    assert name_problem("") == "empty"
    assert name_problem("W" * 25) == "too_long"
    assert name_problem("x" * (MAX_NAME_CODE_POINTS + 1)) == "too_long"
    zalgo = "a" + "\u0301" * (MAX_NAME_CODE_POINTS + 5)  # one grapheme, too many code points
    assert name_problem(zalgo) == "too_long"
    with pytest.raises(ValidationError):
        Seat(name=zalgo)


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(st.text(max_size=80))
def test_fuzzed_names_clean_and_count_consistently(raw: str) -> None:
    name = clean_name(raw)
    assert clean_name(name) == name  # idempotent
    assert name == name.strip()
    assert not any(ch in name for ch in "\x00\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068"
                   "\u2069\u200e\u200f")
    assert "".join(graphemes(name)) == name
    cut = cut_graphemes(name, 5)
    assert name.startswith(cut) and grapheme_count(cut) <= 5
    if name_problem(name) is None:
        assert Seat(name=name).name == name
