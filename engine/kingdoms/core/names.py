"""Player and save names: cleaned once, the same way wherever a name enters (typed in the page,
read from a share code or link, imported from a file, given on the command line).

What cleaning does, and why:

- **removes** control characters (``\\x00``, escape sequences…), the bidirectional overrides,
  embeddings and isolates (U+202A–U+202E, U+2066–U+2069) and the bare direction marks (U+200E,
  U+200F, U+061C), surrogates, the byte-order mark and the other invisible format characters:
  they can hide or reorder the text around a name (``"Ann\\u202eBen"`` shows as "AnneB") or
  break storage;
- **keeps** what makes emoji and scripts whole: the zero-width joiner (U+200D, in 👨‍👩‍👧‍👦), the
  zero-width non-joiner (U+200C, Persian and Indic spelling), variation selectors, skin-tone
  modifiers and the tag characters of subdivision flags (🏴󠁧󠁢󠁳󠁣󠁴󠁿);
- turns every run of white space (tabs, line breaks, no-break and ideographic spaces) into one
  space and trims the ends.

Lengths are counted in **graphemes** (what a reader sees as one character), not code points:
👨‍👩‍👧‍👦 is one grapheme of seven code points, 🇫🇷 one of two. :func:`graphemes` is an
approximation of Unicode's extended grapheme clusters (UAX #29) that needs no data beyond
:mod:`unicodedata`: combining marks, joiner sequences of pictographs, emoji modifiers, tags,
regional-indicator pairs and Hangul syllables stay together. Where it differs from the browser's
``Intl.Segmenter`` (some Indic conjuncts) it counts *more* graphemes, never fewer, so the limit is
never looser than what the page shows. The page uses these very functions (it runs this package).

>>> clean_name("  Ann\\u202e\\u0000  Lee ")
'Ann Lee'
>>> family = "\\U0001F468\\u200d\\U0001F469\\u200d\\U0001F467\\u200d\\U0001F466"
>>> clean_name(family) == family, grapheme_count(family)
(True, 1)
>>> cut_graphemes("🇫🇷🇩🇪🇮🇹", 2) == "🇫🇷🇩🇪"
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

MAX_NAME_GRAPHEMES = 24
"""A player name is at most this many graphemes (what the reader counts)."""
MAX_GRAPHEME_CODE_POINTS = 12
"""Room per grapheme: the longest common emoji (a family or a couple with skin tones) take 10–11
code points; a name of 24 of them fits in :data:`MAX_NAME_CODE_POINTS`."""
MAX_NAME_CODE_POINTS = MAX_NAME_GRAPHEMES * MAX_GRAPHEME_CODE_POINTS
"""The hard cap in code points (288): what records and share codes check besides graphemes."""

ZWJ = "\u200d"
ZWNJ = "\u200c"
_KEPT_FORMAT = frozenset({ZWJ, ZWNJ})
"""Format characters (category Cf) that names keep: without them emoji sequences and several
scripts fall apart. Tag characters (U+E0020–U+E007F) are kept too (subdivision flags)."""
_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction marks, embeddings, overrides and isolates (all category Cf, listed for the docs)."""


def _is_tag(code: int) -> bool:
    return 0xE0020 <= code <= 0xE007F


def _kept(ch: str) -> bool:
    """Whether ``ch`` may appear in a name (white space is handled by the caller)."""
    category = unicodedata.category(ch)
    if category[0] != "C":
        return True
    if category == "Cf":
        return ch in _KEPT_FORMAT or _is_tag(ord(ch))
    # Cc (controls), Cs (lone surrogates) are dropped; Co (private use) and Cn (assigned only
    # in a newer Unicode than this Python's, such as the newest emoji) are kept.
    return category in ("Co", "Cn")


def clean_text(raw: object) -> str:
    """``raw`` with unsafe characters removed and white space collapsed (no length limit).

    Anything that is not a string gives ``""``.
    """
    if not isinstance(raw, str):
        return ""
    if raw.isascii() and raw.isprintable():
        # The common case, fast (every new game cleans its names): printable ASCII has no
        # control or format characters, and its only white space is the plain space.
        return " ".join(raw.split())
    # White space first (tabs and line breaks are controls, but they separate words).
    words = raw.split()
    text = " ".join("".join(ch for ch in word if _kept(ch)) for word in words)
    return " ".join(text.split())


def clean_name(raw: object) -> str:
    """A player name as it is stored: :func:`clean_text` (no length limit: see
    :func:`name_problem`, and :func:`cut_graphemes` for a silent cut).

    >>> clean_name("\\tAda \\u2066Lovelace\\u2069\\n")
    'Ada Lovelace'
    """
    return clean_text(raw)


# --------------------------------------------------------------------------- graphemes

_REGIONAL = (0x1F1E6, 0x1F1FF)
_MODIFIERS = (0x1F3FB, 0x1F3FF)
_PICTOGRAPH_RANGES = (
    (0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049), (0x2122, 0x2122),
    (0x2139, 0x2139), (0x2194, 0x21AA), (0x231A, 0x23FF), (0x24C2, 0x24C2), (0x25AA, 0x25FE),
    (0x2600, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D),
    (0x3297, 0x3299), (0x1F000, 0x1FAFF), (0x1FC00, 0x1FFFD),
)
"""Extended_Pictographic, approximately (the emoji blocks and the older symbols used as emoji)."""


def _pictographic(code: int) -> bool:
    if _REGIONAL[0] <= code <= _REGIONAL[1] or _MODIFIERS[0] <= code <= _MODIFIERS[1]:
        return False
    return any(low <= code <= high for low, high in _PICTOGRAPH_RANGES)


def _extends(ch: str) -> bool:
    """Characters that never start a grapheme: combining marks, spacing marks, joiners,
    variation selectors, emoji modifiers, tags."""
    code = ord(ch)
    if ch in _KEPT_FORMAT or _is_tag(code) or _MODIFIERS[0] <= code <= _MODIFIERS[1]:
        return True
    return unicodedata.category(ch) in ("Mn", "Me", "Mc")


def _hangul(code: int) -> str:
    """The Hangul syllable type: L, V, T, LV, LVT, or "" for anything else."""
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    return ""


_HANGUL_JOINS = {
    "L": {"L", "V", "LV", "LVT"}, "LV": {"V", "T"}, "V": {"V", "T"}, "LVT": {"T"}, "T": {"T"},
}


def graphemes(text: str) -> Iterator[str]:
    """The graphemes of ``text`` in order (an approximation of UAX #29 extended clusters).

    >>> [len(g) for g in graphemes("e\\u0301👍🏽🇫🇷x")]
    [2, 2, 2, 1]
    """
    cluster = ""
    pictograph = False  # the cluster started with a pictograph (and only extends followed)
    after_zwj = False  # ... and its last character is a joiner
    regional = 0  # regional indicators in the cluster
    hangul = ""
    for ch in text:
        code = ord(ch)
        kind = _hangul(code)
        is_regional = _REGIONAL[0] <= code <= _REGIONAL[1]
        joins = bool(cluster) and (
            _extends(ch)  # GB9, GB9a: marks, joiners, modifiers, tags
            or (after_zwj and pictograph and _pictographic(code))  # GB11: emoji ZWJ sequences
            or (is_regional and regional == 1 and len(cluster) == 1)  # GB12/13: flag pairs
            or (bool(hangul) and kind in _HANGUL_JOINS.get(hangul, set()))  # GB6-8: Hangul
        )
        if joins:
            cluster += ch
            regional += is_regional
            hangul = kind
            after_zwj = ch == ZWJ
            continue
        if cluster:
            yield cluster
        cluster = ch
        pictograph = _pictographic(code)
        after_zwj = False
        regional = 1 if is_regional else 0
        hangul = kind
    if cluster:
        yield cluster


def grapheme_count(text: str) -> int:
    """How many graphemes ``text`` has (what a reader would count as characters)."""
    if text.isascii():
        return len(text)  # no ASCII character joins its neighbour in :func:`graphemes`
    return sum(1 for _ in graphemes(text))


def cut_graphemes(text: str, limit: int, max_code_points: int | None = None) -> str:
    """At most ``limit`` whole graphemes of ``text`` (and at most ``max_code_points`` code
    points, again whole graphemes only): never half an emoji."""
    cap = max_code_points if max_code_points is not None else limit * MAX_GRAPHEME_CODE_POINTS
    out: list[str] = []
    size = 0
    for count, cluster in enumerate(graphemes(text)):
        if count >= limit or size + len(cluster) > cap:
            break
        out.append(cluster)
        size += len(cluster)
    return "".join(out).rstrip()


def name_problem(name: str) -> str | None:
    """Why a *cleaned* name cannot be used: ``"empty"``, ``"too_long"``, or None when fine."""
    if not name:
        return "empty"
    if len(name) > MAX_NAME_CODE_POINTS or grapheme_count(name) > MAX_NAME_GRAPHEMES:
        return "too_long"
    return None
