"""A language's words, loaded when the page first needs them.

Why: the catalogs of the page and the games are about 35 KB compressed per language. Shipped in
the packages' archives, every first visit downloaded all three; now the site's archives hold no
catalog, and each language is a words pack (``words/<lang>.<hash>.tar.gz``, written by
``build.py``) that ``boot.js`` fetches as the page starts (alongside the runtime) or when the
player picks the language in Settings. This module unpacks a pack into the installed packages'
``locales`` folders, where the catalogs' loaders (:func:`kingdoms.core.text.json_catalog`) read
them like any other file, and forgets what the loaders had found missing.

On CPython (the tests, the command line, the build) every catalog is in the source tree, so
every language is already installed and nothing is fetched.

Offline, a language this device never used cannot be had (the service worker keeps the packs
of the languages used, see ``public/sw.template.js``): :func:`ensure` says False and the page
explains it and stays in (or starts in) English.
"""

from __future__ import annotations

import io
import json
import re
import tarfile
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path

from kingdoms.core.text import CATALOGS
from kingdoms_web import dom

Fetch = Callable[[str], Awaitable[bytes]]
"""Fetches a language's pack: its bytes, or an exception if it cannot be had."""

PACKAGES = ("kingdoms", "kingdoms_web")
"""The packages a pack may write into."""
MAX_PACK_FILES = 40
MAX_PACK_BYTES = 4_000_000
"""Bounds on a pack's content (ours: 6 files, about 140 KB): a damaged file is refused."""
_MEMBER = re.compile(r"(?:kingdoms|kingdoms_web)/(?:[a-z_]+/)*locales/(?:[a-z]+/)?"
                     r"(?P<language>[a-z]{2,3})\.json")


class WordsError(ValueError):
    """A words pack that is not what it should be (damaged, or another language's)."""


LOAD_ERRORS: tuple[type[Exception], ...] = (*dom.BROWSER_ERRORS, WordsError, OSError)
"""A fetch that failed (offline: the JavaScript promise's rejection), a damaged pack, a write
refused."""


def installed(language: str) -> bool:
    """True if ``language``'s catalogs are on this device (always, on CPython).

    >>> installed("en"), installed("xx")
    (True, False)
    """
    return (resources.files("kingdoms_web") / "locales" / f"{language}.json").is_file()


def site_root() -> Path:
    """The folder holding the installed ``kingdoms`` and ``kingdoms_web`` packages."""
    import kingdoms_web

    return Path(kingdoms_web.__file__).resolve().parent.parent


def read_pack(data: bytes, language: str) -> dict[str, bytes]:
    """The catalogs in pack ``data`` by path (``kingdoms/burgrave/locales/de.json`` …), each
    checked: a catalog of ``language`` in one of our packages, JSON of strings; nothing else."""
    files: dict[str, bytes] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            members = archive.getmembers()
            if len(members) > MAX_PACK_FILES:
                raise WordsError("too many files")
            for member in members:
                found = _MEMBER.fullmatch(member.name)
                if not member.isfile() or found is None or found["language"] != language:
                    raise WordsError(f"unexpected {member.name!r}")
                if member.size + sum(map(len, files.values())) > MAX_PACK_BYTES:
                    raise WordsError("too large")
                handle = archive.extractfile(member)
                content = handle.read() if handle is not None else b""
                catalog = json.loads(content.decode("utf-8"))
                if not isinstance(catalog, dict) or not all(
                        isinstance(value, str) for value in catalog.values()):
                    raise WordsError(f"{member.name}: not a catalog")
                files[member.name] = content
    except (tarfile.TarError, OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise WordsError(f"damaged pack: {error}") from error
    if not any(name.startswith("kingdoms_web/") for name in files):
        raise WordsError("no page catalog")
    return files


def install(data: bytes, language: str, root: Path | None = None) -> None:
    """Write pack ``data``'s catalogs into the packages under ``root`` (default: the installed
    ones) and drop every catalog of ``language`` already loaded (found missing until now).
    Everything is checked before anything is written."""
    files = read_pack(data, language)
    base = root if root is not None else site_root()
    for name, content in files.items():
        target = base / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    CATALOGS.forget(language)


async def fetch_from_boot(language: str) -> bytes:
    """The pack ``boot.js`` fetched for ``language`` (it starts the page's own at once)."""
    boot = dom.opt(getattr(dom.window, "kingdomsBoot", None))
    if boot is None:
        raise WordsError("no loader")
    data = await boot.words(language)
    return bytes(data.to_bytes())


async def ensure(language: str, fetch: Fetch = fetch_from_boot) -> bool:
    """Make ``language``'s words available; False if they cannot be had now (offline and never
    kept, or a damaged pack: the reason goes to the console)."""
    if installed(language):
        return True
    try:
        install(await fetch(language), language)
    except LOAD_ERRORS as error:
        dom.log_warning(f"Kingdoms: the words of {language!r} could not be loaded: {error}")
        return False
    return installed(language)
