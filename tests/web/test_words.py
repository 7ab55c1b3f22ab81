"""A language's words on demand (``kingdoms_web/words.py``, ``build.py``'s words packs): a pack
holds exactly that language's catalogs, unpacks where the catalogs' loaders read them, refuses
anything else, and the page starts in English and says so when its language cannot be had."""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import tarfile
from pathlib import Path

import build
import pytest

from kingdoms.core.text import CATALOGS, Catalogs, json_catalog
from kingdoms_web import app as app_module
from kingdoms_web import i18n, words
from kingdoms_web.offline_dom import OfflineDocument
from kingdoms_web.saves.storage import MemoryBackend, Store, write_settings


def pack(entries: list[tuple[str, bytes]]) -> bytes:
    """A pack as ``build.tar_gz`` writes it (gzip instead of zopfli: the same format)."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name, data in entries:
            item = tarfile.TarInfo(name)
            item.size = len(data)
            archive.addfile(item, io.BytesIO(data))
    return gzip.compress(raw.getvalue())


def test_a_words_pack_holds_every_catalog_of_its_language_and_nothing_else() -> None:
    """Every ``locales/<lang>.json`` and ``locales/rules/<lang>.json`` of our packages, and the
    packages' archives none (the test game's are left out with it)."""
    for language in ("en", "es", "de"):
        names = [name for name, _ in build.words_pack_entries(language)]
        assert names == sorted(names)
        assert {name.split("/")[0] for name in names} == {"kingdoms", "kingdoms_web"}
        assert all(build.words_language(name) == language for name in names)
        for game in ("dice_realm", "burgrave"):
            assert f"kingdoms/{game}/locales/{language}.json" in names
            assert f"kingdoms/{game}/locales/rules/{language}.json" in names
        assert not any("testgame" in name for name in names)
    for dist_name, (package_dir, _) in build.OUR_PACKAGES.items():
        assert not [name for name, _ in build.browser_entries(dist_name, package_dir)
                    if build.words_language(name)]
    assert build.word_languages() == sorted(i18n.LANGUAGE_NAMES)


def test_a_pack_unpacks_where_the_catalogs_are_read(tmp_path: Path) -> None:
    entries = build.words_pack_entries("de")
    words.install(pack(entries), "de", root=tmp_path)
    for name, data in entries:
        assert (tmp_path / name).read_bytes() == data
    page = json.loads((tmp_path / "kingdoms_web/locales/de.json").read_text("utf-8"))
    assert page["home.games"] == "Spiele"


@pytest.mark.parametrize(("entries", "reason"), [
    ([("kingdoms_web/locales/es.json", b"{}")], "unexpected"),  # another language
    ([("kingdoms_web/../evil.json", b"{}")], "unexpected"),
    ([("kingdoms_web/locales/de.py", b"print()")], "unexpected"),
    ([("kingdoms/dice_realm/content.json", b"{}")], "unexpected"),
    ([("kingdoms_web/locales/de.json", b"[1, 2]")], "not a catalog"),
    ([("kingdoms_web/locales/de.json", b'{"a": 1}')], "not a catalog"),
    ([("kingdoms_web/locales/de.json", b"{not json")], "damaged"),
    ([("kingdoms/core/locales/de.json", b"{}")], "no page catalog"),
])
def test_a_pack_that_is_not_what_it_should_be_is_refused_whole(
        tmp_path: Path, entries: list[tuple[str, bytes]], reason: str) -> None:
    good = ("kingdoms/core/locales/de.json", b'{"core.x": "X"}')
    with pytest.raises(words.WordsError, match=reason):
        words.install(pack([good, *entries]), "de", root=tmp_path)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_damaged_bytes_and_links_are_refused(tmp_path: Path) -> None:
    with pytest.raises(words.WordsError, match="damaged"):
        words.install(b"\x1f\x8b not a pack", "de", root=tmp_path)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as archive:
        link = tarfile.TarInfo("kingdoms_web/locales/de.json")
        link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
        archive.addfile(link)
    with pytest.raises(words.WordsError, match="unexpected"):
        words.install(gzip.compress(raw.getvalue()), "de", root=tmp_path)


def test_catalogs_found_missing_are_read_again_once_the_words_arrive(tmp_path: Path,
                                                                     monkeypatch: pytest.
                                                                     MonkeyPatch) -> None:
    """The loaders cache a missing file as an empty catalog; installing a pack forgets it."""
    package = tmp_path / "wordsdemo"
    (package / "locales").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    catalogs = Catalogs()
    catalogs.add("", json_catalog("wordsdemo"))
    assert catalogs.template("demo.hello", "de") is None
    (package / "locales" / "de.json").write_text('{"demo.hello": "Hallo"}')
    assert catalogs.template("demo.hello", "de") is None  # still the cached empty one
    catalogs.forget("de")
    assert catalogs.template("demo.hello", "de") == "Hallo"


def test_ensure_fetches_unpacks_and_says_whether_it_could(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(words, "site_root", lambda: tmp_path)
    monkeypatch.setattr(words, "installed",
                        lambda language: (tmp_path / f"kingdoms_web/locales/{language}.json")
                        .is_file())
    asked: list[str] = []

    async def offline(language: str) -> bytes:
        asked.append(language)
        raise OSError("offline")

    async def online(language: str) -> bytes:
        asked.append(language)
        return pack(build.words_pack_entries(language))

    assert asyncio.run(words.ensure("es", offline)) is False
    assert asyncio.run(words.ensure("es", online)) is True
    assert asyncio.run(words.ensure("es", offline)) is True  # already here: not fetched
    assert asked == ["es", "es"]
    assert (tmp_path / "kingdoms/burgrave/locales/rules/es.json").is_file()


def test_every_language_is_installed_from_the_source_tree() -> None:
    assert all(words.installed(language) for language in i18n.LANGUAGE_NAMES)
    assert not words.installed("xx")


def german_device() -> Store:
    store = Store(MemoryBackend())
    write_settings(store, {"language": "de"})
    return store


def test_a_language_whose_words_are_missing_starts_in_english_and_says_so(
        fake_dom: OfflineDocument, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings chose German, its words could not be had: the page is English, with a notice
    naming Deutsch and "Try again"; once they arrive, "Try again" switches to German and the
    notice goes."""
    here = {"en"}
    monkeypatch.setattr(words, "installed", lambda language: language in here)
    app = app_module.App(fake_dom.createElement("div"), store=german_device())
    fake_dom.body.append(app.root)
    app.render()
    assert i18n.get_language() == "en"
    notice = app.root.by_testid("words-missing")
    assert "Deutsch could not be downloaded" in notice.textContent

    async def arrives(language: str) -> bool:
        here.add(language)
        return True

    monkeypatch.setattr(words, "ensure", arrives)
    notice.by_testid("words-retry").click()
    assert i18n.get_language() == "de"
    assert app.root.by_testid("words-missing") is None
    assert app.get_setting("language") == "de"
    i18n.set_language("en")


def test_settings_says_when_a_language_cannot_be_had_and_keeps_the_current_one(
        fake_dom: OfflineDocument, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(MemoryBackend())
    app = app_module.App(fake_dom.createElement("div"), store=store)
    fake_dom.body.append(app.root)
    app.render()
    monkeypatch.setattr(words, "installed", lambda language: language == "en")
    told: list[str] = []

    async def offline(_language: str) -> bool:
        return False

    monkeypatch.setattr(words, "ensure", offline)
    app.switch_language("es", told.append)
    assert told == ["Downloading Español…",
                    "Español could not be downloaded: this device has no copy of it yet. "
                    "Connect to the internet and choose it again."]
    assert i18n.get_language() == "en"
    assert app.get_setting("language") is None
    assert CATALOGS.template("home.games", "en") == "Games"
