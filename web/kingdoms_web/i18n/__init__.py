"""Translations: every visible string on the page goes through :func:`t`.

Why one function: so adding a language is adding one catalog, and a test can check that no screen
shows an untranslated string. A catalog is a data file next to this module, one per language
(``en.json``): a flat JSON object of key -> template using ``str.format`` fields, e.g.
``"{count} players"``. Keys start with the part of the page they belong to (``app.``, ``home.``,
``saves.``, ``play.``, ``dice-realm.``, ``burgrave.``…). Plural forms are separate keys ending in
``.one`` / ``.other`` and are picked by the ``count`` parameter, which is enough for English,
Spanish and German.

Adding a language: write ``<code>.json`` with the same keys as ``en.json`` (missing keys fall back
to English, so a partial catalog is safe) and add the code with the language's own name to
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

import json
import string
from collections.abc import Iterable, Mapping
from pathlib import Path

DEFAULT_LANGUAGE = "en"

LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
}
"""Every language with a catalog (``<code>.json`` in this package), named in itself, so a user
who cannot read the current one still finds theirs."""


def load_catalog(code: str) -> dict[str, str]:
    """The catalog of language ``code`` from its JSON file (``ValueError`` if it is malformed).

    >>> load_catalog("en")["app.title"]
    'Kingdoms'
    """
    text = (Path(__file__).parent / f"{code}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or not all(
            isinstance(key, str) and isinstance(value, str) for key, value in data.items()):
        raise ValueError(f"{code}.json: not an object of strings")
    return data


CATALOGS: dict[str, Mapping[str, str]] = {code: load_catalog(code) for code in LANGUAGE_NAMES}
"""language code -> catalog, read once at start-up."""

_current: str = DEFAULT_LANGUAGE


class _KeepMissing(dict[str, object]):
    """Format mapping that leaves unknown ``{fields}`` visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _plural_category(language: str, count: object) -> str:
    """CLDR plural category for ``count``; ``one``/``other`` covers en, es and de."""
    del language  # all current and planned languages share this rule
    return "one" if count == 1 else "other"


def lookup(key: str, language: str | None = None) -> str | None:
    """The raw template for ``key`` in ``language``, falling back to English; None if unknown."""
    lang = language or _current
    for catalog_lang in (lang, DEFAULT_LANGUAGE):
        catalog = CATALOGS.get(catalog_lang)
        if catalog is not None and key in catalog:
            return catalog[key]
    return None


def t(key: str, /, **params: object) -> str:
    """The text for ``key`` in the current language with ``params`` filled in.

    If ``count`` is given and the catalog has ``key.one``/``key.other``, the plural form is used.
    An unknown key returns the key itself, so a missing translation is visible but never fatal.
    """
    template: str | None = None
    if "count" in params:
        category = _plural_category(_current, params["count"])
        template = lookup(f"{key}.{category}")
    if template is None:
        template = lookup(key)
    if template is None:
        return key
    if not params:
        return template
    try:
        return string.Formatter().vformat(template, (), _KeepMissing(params))
    except (ValueError, IndexError, AttributeError):
        # A malformed template in a catalog must not break the page.
        return template


def available_languages() -> list[tuple[str, str]]:
    """(code, name in its own language) for every language with a catalog, in a stable order."""
    return [(code, LANGUAGE_NAMES.get(code, code)) for code in CATALOGS]


def normalize_language(code: object) -> str | None:
    """The supported language matching ``code`` ("de-AT" -> "de"), or None."""
    if not isinstance(code, str) or not code:
        return None
    code = code.strip().lower().replace("_", "-")
    if code in CATALOGS:
        return code
    base = code.split("-", 1)[0]
    return base if base in CATALOGS else None


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
    """Switch the language used by :func:`t`; unsupported codes select English. Returns it."""
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
