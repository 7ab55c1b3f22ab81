"""The translation catalogs: data files next to the code whose words they hold (the page's and
each game's ``locales/<lang>.json``), complete for what the page asks for, with plural forms in
pairs and every key in exactly one catalog."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

import kingdoms_web
from kingdoms.core.registry import playable_game_ids
from kingdoms.core.text import CATALOGS
from kingdoms_web import i18n

PAGE = Path(kingdoms_web.__file__).parent
PACKAGES = {"": "kingdoms_web", "core": "kingdoms.core", "tally": "kingdoms.testgame",
            "dice-realm": "kingdoms.dice_realm", "burgrave": "kingdoms.burgrave"}
"""catalog prefix -> the package holding its ``locales/`` (``""``: the page's)."""


def locale_files(package: str) -> dict[str, Path]:
    folder = Path(str(resources.files(package) / "locales"))
    return {path.stem: path for path in folder.glob("*.json")}


def test_every_catalog_prefix_is_known() -> None:
    assert set(CATALOGS.prefixes()) == set(PACKAGES)
    assert set(playable_game_ids(include_internal=True)) <= set(PACKAGES)


@pytest.mark.parametrize("prefix", sorted(PACKAGES))
def test_catalog_files_are_objects_of_strings_in_offered_languages(prefix: str) -> None:
    files = locale_files(PACKAGES[prefix])
    assert "en" in files
    assert set(files) <= set(i18n.LANGUAGE_NAMES)
    for path in files.values():
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict)
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in data.items())
        if prefix:
            assert all(k.startswith(prefix + ".") for k in data), "a game's keys carry its id"


def test_every_key_lives_in_one_catalog() -> None:
    seen: dict[str, str] = {}
    for prefix in sorted(PACKAGES):
        for key in CATALOGS.catalog(prefix, "en"):
            assert key not in seen, f"{key} is in both {seen[key]!r} and {prefix!r}"
            seen[key] = prefix


def test_plural_forms_come_in_pairs() -> None:
    keys = set(CATALOGS.keys("en"))
    for key in keys:
        if key.endswith(".one"):
            assert key.removesuffix(".one") + ".other" in keys, key


def test_every_literal_key_the_page_asks_for_is_in_the_catalog() -> None:
    """``t("…")`` and ``lookup("…")`` with a literal key, anywhere in the page (doctest
    examples aside: one shows what an unknown key gives)."""
    pattern = re.compile(r'\b(?:t|lookup)\(\s*"([a-z][a-z0-9_.-]+)"')
    used: set[str] = set()
    for path in PAGE.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.lstrip().startswith(">>>"):
                used |= set(pattern.findall(line))
    assert len(used) > 200
    missing = sorted(k for k in used
                     if i18n.lookup(k) is None and i18n.lookup(k + ".one") is None)
    assert missing == []


TRANSLATED = [code for code in i18n.LANGUAGE_NAMES if code != "en"]
_FIELD = re.compile(r"\{([a-z_]+)[^{}]*\}")


def placeholders(template: str) -> set[str]:
    return set(_FIELD.findall(template))


def test_every_offered_language_has_every_catalog() -> None:
    assert set(TRANSLATED) == {"es", "de"}
    for package in PACKAGES.values():
        assert set(locale_files(package)) == set(i18n.LANGUAGE_NAMES), package


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("prefix", sorted(PACKAGES))
def test_translations_are_complete_with_the_same_placeholders(prefix: str,
                                                              language: str) -> None:
    """Every English key (card names from the content included) in every language, with the
    same ``{fields}``: a translation never drops a number or invents a parameter."""
    english = dict(CATALOGS.catalog(prefix, "en"))
    other = CATALOGS.catalog(prefix, language)
    assert sorted(set(english) - set(other)) == [], "missing translations"
    assert sorted(set(other) - set(english)) == [], "keys English does not have"
    wrong = {key: (english[key], other[key]) for key in english
             if placeholders(english[key]) != placeholders(other[key])}
    assert wrong == {}
    assert all(value.strip() for value in other.values())


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translated_page_says_it_in_its_language(language: str) -> None:
    i18n.set_language(language)
    try:
        assert i18n.t("settings.title") != "Settings"
        assert i18n.t("record.moves", count=12345).startswith("12.345")
    finally:
        i18n.set_language("en")


def test_no_catalog_key_is_unused() -> None:
    """Every key is asked for somewhere in the engine or the page: literally (``"home.games"``),
    by a literal prefix (``"saves.why." + reason``) or by an f-string's fixed part
    (``f"burgrave.card.{key}"``, ``f"{game_id}.score.{key}"``, ``f"{game_id}.tie_break"``)."""
    source = "\n".join(path.read_text(encoding="utf-8")
                       for root in (PAGE, Path(str(resources.files("kingdoms"))))
                       for path in root.rglob("*.py"))
    literals = set(re.findall(r'"([a-z][a-z0-9_.-]*)"', source))
    prefixes = {lit for lit in literals if lit.endswith(".")}
    prefixes |= set(re.findall(r'f"([a-z][a-z0-9_.-]*)\{', source))
    middles = set(re.findall(r'f"\{[a-z_.]+\}(\.[a-z0-9_.-]+\.)\{', source))
    endings = set(re.findall(r'f"\{[a-z_.]+\}(\.[a-z0-9_.-]+)"', source))
    unused = []
    for prefix in sorted(PACKAGES):
        for key in CATALOGS.catalog(prefix, "en"):
            base = re.sub(r"\.(one|other)$", "", key)
            after_game = "." + key.split(".", 1)[-1]
            if key in literals or base in literals \
                    or any(key.startswith(fixed) for fixed in prefixes) \
                    or (prefix and any(after_game.startswith(m) for m in middles)) \
                    or (prefix and after_game in endings):
                continue
            unused.append(key)
    assert unused == []
