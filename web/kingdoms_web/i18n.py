"""Translations: every visible string on the page goes through :func:`t` or :func:`say`.

Why one mechanism: adding a language is adding catalogs, and a test can check that no screen
shows an untranslated string. The catalogs and the renderer are the engine's
(:mod:`kingdoms.core.text`): the engine says what happens in a game as :class:`Text` (a key and
parameters, e.g. a log line or why an action is not possible) and :func:`say` puts it into the
current language; the page's own words (the shell, the boards' labels) live in this package's
``locales/<lang>.json`` and :func:`t` renders them by key. A key is looked up in its game's
catalog first (``dice-realm.``, ``burgrave.``), then in the page's.

Adding a language: write ``locales/<code>.json`` here and in every game package and in
``kingdoms.core`` with the same keys as ``en.json`` (missing keys fall back to English, so a
partial catalog is safe), and add the code with the language's own name to
:data:`LANGUAGE_NAMES`. Nothing else changes.

>>> set_language("en")
'en'
>>> t("home.players_range", low=2, high=5)
'2–5 players'
>>> t("record.moves", count=1)
'1 move'
>>> t("no.such.key")
'no.such.key'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from kingdoms.core.text import (
    CATALOGS,
    DEFAULT_LANGUAGE,
    Text,
    fill,
    format_number,
    join,
    json_catalog,
    localize,
    render,
)
from kingdoms.core.text import template_for as _template_for

LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "de": "Deutsch",
}
"""Every language the page offers, named in itself, so a user who cannot read the current one
still finds theirs."""

CATALOGS.add("", json_catalog("kingdoms_web"))

_current: str = DEFAULT_LANGUAGE


Message = str | Callable[[], str]
"""What a table says in its notice: words already said, or a function saying them in the
player's language at each drawing (so switching languages redraws the message too)."""


def said(message: Message | None) -> str:
    """The words of ``message`` now ("" for none).

    >>> said(None), said("Done."), said(lambda: "Hecho.")
    ('', 'Done.', 'Hecho.')
    """
    if message is None:
        return ""
    return message if isinstance(message, str) else message()


def lookup(key: str, language: str | None = None) -> str | None:
    """The raw template for ``key`` in ``language``, falling back to English; None if unknown."""
    return CATALOGS.template(key, language or _current)


def t(key: str, /, **params: object) -> str:
    """The page's text for ``key`` in the current language with ``params`` filled in.

    If ``count`` is given and the catalog has ``key.one``/``key.other``, the plural form is used.
    An unknown key returns the key itself, so a missing translation is visible but never fatal.
    """
    template = _template_for(key, _current, params)
    return key if template is None else fill(template, localize(params, _current))


def say(text: Text | str) -> str:
    """What the engine says (a :class:`Text`), in the current language."""
    return render(text, _current)


def number(value: int | float, decimals: int | None = None) -> str:
    """``value`` written the current language's way (``12,345`` / ``12.345``)."""
    return format_number(value, _current, decimals)


def join_list(items: Iterable[str]) -> str:
    """Words as a list the current language's way ("Ana y Ben", "Ana, Ben und Cid")."""
    return join(list(items), _current)


def join_parts(items: Iterable[str]) -> str:
    """Separate pieces of one line ("Round 3 · Ann's turn"), joined by the catalog's
    ``list.parts`` pattern: the separator is the language's to choose, not the code's.

    >>> set_language("en")
    'en'
    >>> join_parts(["Round 3", "Ann's turn", "Final round"])
    "Round 3 · Ann's turn · Final round"
    """
    return _joined(items, "list.parts")


def join_sentences(items: Iterable[str]) -> str:
    """Whole sentences one after another, the engine's ``core.sentences`` way (a space in
    these languages; one without spaces between sentences would change only its catalog)."""
    return _joined(items, "core.sentences")


def join_phrases(items: Iterable[str]) -> str:
    """Phrases read one after another, as in a control's spoken label ("Castle section 2.
    Ann: 2 workers on tier 1"), by the catalog's ``list.phrases``."""
    return _joined(items, "list.phrases")


def labelled(label: str, value: str) -> str:
    """A label and what it shows ("Draw pile: 12 cards"), by the catalog's ``list.labelled``
    (French, for one, puts a space before the colon)."""
    return t("list.labelled", label=label, value=value)


def _joined(items: Iterable[str], key: str) -> str:
    out: str | None = None
    for item in items:
        out = item if out is None else t(key, a=out, b=item)
    return out or ""


def available_languages() -> list[tuple[str, str]]:
    """(code, name in its own language) for every language the page offers."""
    return list(LANGUAGE_NAMES.items())


def normalize_language(code: object) -> str | None:
    """The supported language matching ``code`` ("de-AT" -> "de"), or None."""
    if not isinstance(code, str) or not code:
        return None
    code = code.strip().lower().replace("_", "-")
    if code in LANGUAGE_NAMES:
        return code
    base = code.split("-", 1)[0]
    return base if base in LANGUAGE_NAMES else None


def pick_language(stored: object, preferred: Iterable[object] = ()) -> str:
    """The language to use: the stored setting if valid, else the browser's first match.

    >>> pick_language(None, ["xx-YY", "en-GB"])
    'en'
    """
    chosen = normalize_language(stored)
    if chosen:
        return chosen
    for code in preferred:
        chosen = normalize_language(code)
        if chosen:
            return chosen
    return DEFAULT_LANGUAGE


def set_language(code: object) -> str:
    """Switch the language used by :func:`t` and :func:`say`; unsupported codes select
    English. Returns it."""
    global _current
    _current = normalize_language(code) or DEFAULT_LANGUAGE
    return _current


def get_language() -> str:
    """The language :func:`t` currently uses."""
    return _current


def game_title(game_id: str, fallback: str) -> str:
    """A game's display title: translated if the catalog has it, else the engine's title."""
    key = f"game.{game_id}.title"
    return t(key) if lookup(key) is not None else fallback
