"""Translatable text as data: a key and its parameters, put into words only at the edge.

Why: the engine explains itself (what a prompt asks, why an action is not possible, what a move
did), but it must not choose a language. So it returns :class:`Text` values — a catalog key
plus parameters, like Dice Realm's structured events — and whoever shows them (the page in the
player's language, the command line in English) renders them with :func:`render`.

Catalogs are JSON files of ``key -> template`` (``str.format`` fields, e.g. ``"{name} rolls"``),
one per language, kept next to the code whose words they hold: each game package has
``locales/<lang>.json`` for its own keys (all starting with the game id, e.g.
``"burgrave.log.move"``), the page has its own for the shell. :data:`CATALOGS` finds a key's
catalog by its first dotted part, loading each catalog the first time it is needed, so a game's
words cost nothing until that game is shown.

Plural forms are separate keys ending in ``.one``/``.other``, chosen by the ``count`` parameter
with the language's rule (:data:`PLURAL_RULES`); numbers are written the language's way
(:func:`format_number`: ``12,345`` in English, ``12.345`` in German). A parameter may
itself be a :class:`Text` (a card's name inside a log line) or a tuple of parameters, joined
with the catalog's own list words
(``core.list.*``), so no sentence is glued from English fragments.

>>> CATALOGS.add("demo", lambda lang: {"demo.hi": "Hello, {name}!",
...                                     "demo.cards.one": "{count} card",
...                                     "demo.cards.other": "{count} cards"})
>>> render(Text("demo.hi", name="Ann"))
'Hello, Ann!'
>>> render(Text("demo.cards", count=2)), render(Text("demo.cards", count=1))
('2 cards', '1 card')
>>> render(Text("demo.hi", name=("Ann", "Ben", "Cy")))
'Hello, Ann, Ben and Cy!'
>>> render(Text("demo.missing"))
'demo.missing'
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from importlib import resources
from typing import TypeAlias, TypedDict

DEFAULT_LANGUAGE = "en"

Loader = Callable[[str], Mapping[str, str]]
"""Given a language code, the catalog for it (empty if there is none)."""


class TextJson(TypedDict):
    """A :class:`Text` as plain JSON (:meth:`Text.to_json`): its key and its parameters."""

    key: str
    params: dict[str, object]


class Text:
    """A catalog key and its parameters: a sentence not yet put into a language.

    Immutable and hashable, so explanations can be cached and compared in tests.

    >>> Text("dice-realm.log.stop", name="Ann")
    Text('dice-realm.log.stop', name='Ann')
    >>> Text.from_json(Text("a.b", n=1, card=Text("a.c")).to_json()) == Text("a.b", n=1,
    ...     card=Text("a.c"))
    True
    """

    __slots__ = ("_hash", "key", "params")

    key: str
    params: Mapping[str, Param]
    _hash: int | None

    def __init__(self, key: str, /, **params: Param) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", params)
        object.__setattr__(self, "_hash", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Text is immutable")

    def _identity(self) -> tuple[str, tuple[tuple[str, Param], ...]]:
        return self.key, tuple(sorted(self.params.items()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Text):
            return NotImplemented
        return self.key == other.key and self.params == other.params

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(self._identity()))
        return self._hash  # type: ignore[return-value]

    def __repr__(self) -> str:
        params = "".join(f", {name}={value!r}" for name, value in self.params.items())
        return f"Text({self.key!r}{params})"

    def to_json(self) -> TextJson:
        """Plain JSON (for views and the command line): nested texts become objects."""
        return {"key": self.key, "params": {k: _param_json(v) for k, v in self.params.items()}}

    @staticmethod
    def from_json(data: Mapping[str, object]) -> Text:
        """The inverse of :meth:`to_json` (objects with a ``key`` become texts again)."""
        params = data.get("params", {})
        if not isinstance(params, Mapping):
            params = {}
        return Text(str(data.get("key", "")),
                    **{str(k): _param_from_json(v) for k, v in params.items()})


Param: TypeAlias = "str | int | float | Text | tuple[Param, ...]"
"""What a text may carry: literal words (names typed by players), numbers (a float is written
with the decimals it needs, at most two: "about 3.7 points"), nested texts and lists of
those."""


def _param_json(value: Param) -> object:
    if isinstance(value, Text):
        return value.to_json()
    if isinstance(value, tuple):
        return [_param_json(item) for item in value]
    return value


def _param_from_json(value: object) -> Param:
    if isinstance(value, Mapping) and "key" in value:
        return Text.from_json(value)
    if isinstance(value, list | tuple):
        return tuple(_param_from_json(item) for item in value)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float | str):
        return value
    return str(value)


# --------------------------------------------------------------------------- catalogs


def json_catalog(package: str, part: str = "") -> Loader:
    """A loader reading ``<package>/locales/<lang>.json`` (an empty catalog if it is absent);
    with ``part``, ``<package>/locales/<part>/<lang>.json`` (a game's rules reference: long
    texts kept apart from the words of play, merged into the game's catalog)."""

    def load(language: str) -> Mapping[str, str]:
        folder = resources.files(package) / "locales"
        if part:
            folder = folder / part
        try:
            raw = (folder / f"{language}.json").read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError, OSError):
            return {}
        data = json.loads(raw)
        return {str(k): str(v) for k, v in data.items() if not str(k).startswith("//")}

    return load


def module_loader(target: str) -> Loader:
    """A loader that is a function ``"module:function"``, imported on first use."""

    def load(language: str) -> Mapping[str, str]:
        module_name, attribute = target.split(":")
        found: Loader = getattr(importlib.import_module(module_name), attribute)
        return found(language)

    return load


class Catalogs:
    """Every catalog, by the first dotted part of the keys it holds; loaded on first use.

    A key is looked up in its prefix's catalog, then in the default catalog (the page's), so
    the shell's many prefixes (``home.``, ``play.`` …) need no registration and a page may add
    words of its own to a game's prefix (its board's labels); keys are never in both.
    """

    def __init__(self) -> None:
        self._loaders: dict[str, Loader] = {}
        self._loaded: dict[tuple[str, str], Mapping[str, str]] = {}

    def add(self, prefix: str, loader: Loader) -> None:
        """Register the catalog for keys starting with ``prefix.`` (``""``: the default)."""
        self._loaders[prefix] = loader
        for cached in [k for k in self._loaded if k[0] == prefix]:
            del self._loaded[cached]

    def forget(self, language: str) -> None:
        """Drop every catalog of ``language`` loaded so far: its files have just arrived (a
        page loads a language's words on demand), and the loaders found them missing before."""
        for cached in [k for k in self._loaded if k[1] == language]:
            del self._loaded[cached]

    def prefixes(self) -> list[str]:
        return sorted(self._loaders)

    def catalog(self, prefix: str, language: str) -> Mapping[str, str]:
        """One catalog (``{}`` when the prefix or language has none)."""
        cache_key = (prefix, language)
        found = self._loaded.get(cache_key)
        if found is None:
            loader = self._loaders.get(prefix)
            found = loader(language) if loader is not None else {}
            self._loaded[cache_key] = found
        return found

    def lookup(self, key: str, language: str) -> str | None:
        """The template for ``key`` in exactly ``language``, or None."""
        prefix = key.split(".", 1)[0]
        if prefix in self._loaders:
            found = self.catalog(prefix, language).get(key)
            if found is not None:
                return found
        return self.catalog("", language).get(key)

    def template(self, key: str, language: str) -> str | None:
        """The template in ``language``, falling back to English; None if no catalog has it."""
        found = self.lookup(key, language)
        if found is None and language != DEFAULT_LANGUAGE:
            found = self.lookup(key, DEFAULT_LANGUAGE)
        return found

    def keys(self, language: str) -> Iterator[str]:
        """Every key of every registered catalog in ``language`` (for completeness tests)."""
        for prefix in self._loaders:
            yield from self.catalog(prefix, language)


CATALOGS = Catalogs()
"""The catalogs every renderer uses. Games register themselves in :mod:`.registry`."""


# --------------------------------------------------------------------------- rendering


class _KeepMissing(dict[str, object]):
    """Format mapping that leaves unknown ``{fields}`` visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


PLURAL_RULES: dict[str, Callable[[int | float], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "es": lambda n: "one" if n == 1 else "other",
    "de": lambda n: "one" if n == 1 else "other",
}
"""CLDR plural category by language for the counts a game shows (whole numbers, below a
million: Spanish's ``many`` only starts there). A language with more forms (``few``, ``many``)
adds its rule here and its keys ``.few``/``.many``; a missing form falls back to ``.other``."""


def plural_category(language: str, count: object) -> str:
    """CLDR plural category for ``count`` in ``language`` (English's rule if it has none).

    >>> plural_category("de", 1), plural_category("es", 0), plural_category("en", "1")
    ('one', 'other', 'other')
    """
    if isinstance(count, bool) or not isinstance(count, int | float):
        return "other"
    rule = PLURAL_RULES.get(language, PLURAL_RULES[DEFAULT_LANGUAGE])
    return rule(count)


NUMBER_FORMATS: dict[str, tuple[str, str, int]] = {
    "en": (",", ".", 4),
    "es": (".", ",", 5),
    "de": (".", ",", 4),
}
"""Per language: (thousands separator, decimal separator, digits from which thousands are
grouped). Spanish leaves four-digit numbers ungrouped (RAE: 1000, but 10.000)."""


def format_number(value: int | float, language: str = DEFAULT_LANGUAGE,
                  decimals: int | None = None) -> str:
    """``value`` written the way ``language`` writes numbers.

    >>> format_number(12345, "en"), format_number(12345, "de"), format_number(1234, "es")
    ('12,345', '12.345', '1234')
    >>> format_number(-2, "de"), format_number(2.5, "es", 1), format_number(3.7, "de")
    ('-2', '2,5', '3,7')
    """
    group, point, from_digits = NUMBER_FORMATS.get(language, NUMBER_FORMATS[DEFAULT_LANGUAGE])
    text = f"{abs(value):.{2 if decimals is None else decimals}f}"
    if decimals is None:  # as few decimals as the value needs (at most 2): 3.7, not 3.70
        text = text.rstrip("0").rstrip(".") if "." in text else text
    whole, _, fraction = text.partition(".")
    if len(whole) >= from_digits:
        digits: list[str] = []
        while len(whole) > 3:
            digits.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = group.join([whole, *digits])
    sign = "-" if value < 0 and float(text) != 0 else ""
    return sign + whole + (point + fraction if fraction else "")


def localize(params: Mapping[str, object], language: str) -> dict[str, object]:
    """``params`` with every number written per ``language`` (texts and words unchanged)."""
    return {name: format_number(value, language)
            if isinstance(value, int | float) and not isinstance(value, bool) else value
            for name, value in params.items()}


def template_for(key: str, language: str, params: Mapping[str, object],
                 catalogs: Catalogs = CATALOGS) -> str | None:
    """The template to use: the plural form picked by ``count`` when the catalog has one."""
    if "count" in params:
        category = plural_category(language, params["count"])
        for form in dict.fromkeys((category, "other")):
            found = catalogs.template(f"{key}.{form}", language)
            if found is not None:
                return found
    return catalogs.template(key, language)


def fill(template: str, params: Mapping[str, object]) -> str:
    """``template`` with ``params`` filled in; a malformed template is shown as it is.

    >>> fill("{a} and {b}", {"a": 1})
    '1 and {b}'
    """
    if not params:
        return template
    try:
        return template.format_map(_KeepMissing(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return template


def render(text: Text | str, language: str = DEFAULT_LANGUAGE,
           catalogs: Catalogs = CATALOGS) -> str:
    """``text`` in words. Nested texts render first; an unknown key renders as the key itself,
    so a missing translation is visible but never fatal. A plain string renders as itself."""
    if isinstance(text, str):
        return text
    params = localize({name: _render_param(value, language, catalogs)
                       for name, value in text.params.items()}, language)
    template = template_for(text.key, language, text.params, catalogs)
    if template is None:
        return text.key
    return fill(template, params)


def _render_param(value: Param, language: str, catalogs: Catalogs) -> object:
    if isinstance(value, Text):
        return render(value, language, catalogs)
    if isinstance(value, tuple):
        return join([str(_render_param(item, language, catalogs)) for item in value],
                    language, catalogs)
    return value


def chain(key: str, texts: Sequence[Text], empty: Text) -> Text:
    """``texts`` joined two by two with the catalog's ``key`` (a template of ``{a}`` and
    ``{b}``, e.g. ``"{a}, {b}"`` or ``"{a} {b}"`` for sentences), so each language says how
    its items follow each other; ``empty`` when there are none.

    >>> render(chain("core.sentences", [Text("demo.hi", name="Ann")] * 2, Text("demo.none")))
    'Hello, Ann! Hello, Ann!'
    """
    if not texts:
        return empty
    combined = texts[0]
    for text in texts[1:]:
        combined = Text(key, a=combined, b=text)
    return combined


LIST_DEFAULTS = {"core.list.pair": "{a} and {b}", "core.list.middle": "{a}, {b}",
                 "core.list.end": "{a} and {b}"}
"""How lists are joined when no catalog says otherwise (English)."""


def join(items: list[str], language: str = DEFAULT_LANGUAGE,
         catalogs: Catalogs = CATALOGS) -> str:
    """Items as a list in words: ``A``, ``A and B``, ``A, B and C`` (per language).

    >>> join(["Ann", "Ben"]), join(["Ann", "Ben", "Cy", "Dee"])
    ('Ann and Ben', 'Ann, Ben, Cy and Dee')
    """

    def pattern(key: str) -> str:
        return catalogs.template(key, language) or LIST_DEFAULTS[key]

    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return fill(pattern("core.list.pair"), {"a": items[0], "b": items[1]})
    head = items[0]
    for item in items[1:-1]:
        head = fill(pattern("core.list.middle"), {"a": head, "b": item})
    return fill(pattern("core.list.end"), {"a": head, "b": items[-1]})


CATALOGS.add("core", json_catalog("kingdoms.core"))
