"""The translation catalogs: data files next to ``kingdoms_web.i18n``, complete for what the page
asks for, with plural forms in pairs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import kingdoms_web
from kingdoms_web import i18n

PAGE = Path(kingdoms_web.__file__).parent
CATALOG_DIR = Path(i18n.__file__).parent


def test_every_language_has_its_catalog_file_and_it_is_what_the_page_uses() -> None:
    assert set(i18n.LANGUAGE_NAMES) == {p.stem for p in CATALOG_DIR.glob("*.json")}
    for code in i18n.LANGUAGE_NAMES:
        data = json.loads((CATALOG_DIR / f"{code}.json").read_text(encoding="utf-8"))
        assert data == dict(i18n.CATALOGS[code])
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in data.items())


def test_plural_forms_come_in_pairs() -> None:
    keys = set(i18n.CATALOGS["en"])
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
