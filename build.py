#!/usr/bin/env python3
"""Kingdoms' one entry point: ``build``, ``serve``, ``test`` and ``bench``.

Standard library only, so a fresh machine needs nothing but Python 3.11+ to start: the script
makes its own virtual environment (``.venv``) for everything else.

The site in ``dist/site/`` is fully static and self-contained: the Pyodide runtime and PyScript
come from the npm registry (via ``npm pack``), the browser wheels from PyPI (via ``pip download``),
each checked against the sha256 in ``pins.json`` and cached outside ``dist/`` so a warm rebuild
takes seconds. Our own two packages (the engine ``kingdoms`` and the page ``kingdoms_web``) are
packed here deterministically, so an unchanged tree gives byte-identical files and the service
worker's version only changes when the content does.
"""

from __future__ import annotations

import argparse
import ast
import base64
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import venv
import zipfile
from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
SITE = DIST / "site"
BENCH_DIR = DIST / "bench"
VENV = ROOT / ".venv"
PINS = ROOT / "pins.json"
CACHE = Path(os.environ.get("KINGDOMS_CACHE", Path.home() / ".cache" / "kingdoms"))
DOWNLOADS = CACHE / "downloads"
EXTRACTED = CACHE / "extracted"
PRECOMPILED = CACHE / "precompiled"
PRECOMPILER = ROOT / "tools" / "precompile.mjs"

# Pyodide runtime files the page needs (the tarball also has consoles, maps and typings).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Our packages: distribution name -> (package directory, dependencies in the lock file).
OUR_PACKAGES: dict[str, tuple[Path, list[str]]] = {
    "kingdoms": (ROOT / "engine" / "kingdoms", ["pydantic"]),
    "kingdoms-web": (ROOT / "web" / "kingdoms_web", ["kingdoms"]),
}
# Files of our packages the page never imports, left out of the browser's copies: the command
# line (and the tournament runner only it uses), the internal test game (registered by the tests
# and the command line only), and build-time helpers (the cards table generator, the home
# screen's pre-renderer and the fake DOM it draws into). Paths are relative to the package
# directory; one ending in "/" leaves out a whole folder.
BROWSER_LEFT_OUT: dict[str, frozenset[str]] = {
    "kingdoms": frozenset({"__main__.py", "cli.py", "core/tournament.py", "burgrave/cards_doc.py",
                           "testgame/"}),
    "kingdoms-web": frozenset({"offline_dom.py", "shell/prerender.py"}),
}
# Inputs whose change means the site must be rebuilt.
SOURCES = ("engine", "web", "public", "tools", "pins.json", "pyproject.toml", "build.py")
WHEEL_DATE = (2020, 1, 1, 0, 0, 0)
ARCHIVE_TIME = 1577836800  # the same date, 2020-01-01, as a Unix time
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def fail(message: str) -> None:
    print(f"[build] error: {message}", file=sys.stderr, flush=True)
    raise SystemExit(1)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# --------------------------------------------------------------------------- virtual environment


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv(dev: bool) -> Path:
    """Create ``.venv`` with the project installed (its one dependency, pydantic: the build
    pre-renders the home screen with the engine) and the build's own tools (zopfli); with
    ``dev``, also the dev tools. Once per
    change: a stamp holding the hash of ``pyproject.toml`` skips pip on repeat runs (a dev
    install serves both)."""
    python = venv_python()
    if not python.exists():
        log("creating .venv")
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    dev_stamp, runtime_stamp = VENV / ".kingdoms-dev", VENV / ".kingdoms-runtime"
    done = [dev_stamp] if dev else [dev_stamp, runtime_stamp]
    if any(stamp.exists() and stamp.read_text() == wanted for stamp in done):
        return python
    log("installing the project" + (" and its dev tools" if dev else "") + " into .venv")
    run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-e",
         ".[dev]" if dev else ".[build]"])
    (dev_stamp if dev else runtime_stamp).write_text(wanted)
    return python


def run(command: list[str], **kwargs: object) -> None:
    result = subprocess.run(command, cwd=ROOT, check=False, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        fail(f"command failed ({result.returncode}): {' '.join(command)}")


# --------------------------------------------------------------------------- downloads


def load_pins() -> dict[str, list[dict[str, object]]]:
    data: dict[str, list[dict[str, object]]] = json.loads(PINS.read_text())
    return data


def cached(file_name: str, expected: str) -> Path | None:
    path = DOWNLOADS / file_name
    if path.exists():
        if sha256_of(path) == expected:
            return path
        log(f"cached {file_name} has the wrong hash; fetching again")
        path.unlink()
    return None


def accept_download(found: Path, file_name: str, expected: str) -> Path:
    actual = sha256_of(found)
    if actual != expected:
        fail(f"{file_name}: sha256 {actual} does not match the pin {expected}")
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    target = DOWNLOADS / file_name
    shutil.move(str(found), target)
    return target


def fetch_npm(pin: dict[str, object]) -> Path:
    """A pinned npm tarball, through ``npm pack`` (the npm client uses the configured registry)."""
    file_name, expected = str(pin["file"]), str(pin["sha256"])
    hit = cached(file_name, expected)
    if hit:
        return hit
    npm = shutil.which("npm")
    if npm is None:
        fail(
            f"npm is needed once to fetch {pin['package']}@{pin['version']} "
            f"(or place {file_name} in {DOWNLOADS})"
        )
    log(f"fetching {pin['package']}@{pin['version']}")
    with tempfile.TemporaryDirectory() as tmp:
        run([str(npm), "pack", "--silent", f"{pin['package']}@{pin['version']}",
             "--pack-destination", tmp], stdout=subprocess.DEVNULL)
        found = Path(tmp) / file_name
        if not found.exists():
            fail(f"npm pack did not produce {file_name}")
        return accept_download(found, file_name, expected)


def fetch_wheel(python: Path, pin: dict[str, object]) -> Path:
    """A pinned browser wheel, through ``pip download`` for Python 3.14 (and the wasm platform)."""
    file_name, expected = str(pin["file"]), str(pin["sha256"])
    hit = cached(file_name, expected)
    if hit:
        return hit
    log(f"fetching {file_name}")
    with tempfile.TemporaryDirectory() as tmp:
        command = [str(python), "-m", "pip", "download", "-q", "--disable-pip-version-check",
                   "--no-deps", "--only-binary=:all:", "--python-version", "3.14", "-d", tmp,
                   f"{pin['name']}=={pin['version']}"]
        if "platform" in pin:
            command[6:6] = ["--platform", str(pin["platform"])]
        run(command)
        found = Path(tmp) / file_name
        if not found.exists():
            fail(f"pip download did not produce {file_name}")
        return accept_download(found, file_name, expected)


def extracted(tarball: Path) -> Path:
    """The tarball's ``package/`` folder, unpacked once into the cache."""
    target = EXTRACTED / tarball.name.removesuffix(".tgz")
    marker = target / ".complete"
    if not marker.exists():
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        with tarfile.open(tarball) as archive:
            archive.extractall(target, filter="data")
        marker.write_text(sha256_of(tarball))
    return target / "package"


# --------------------------------------------------------------------------- bytecode


def precompiled(runtime: Path, archives: list[Path]) -> dict[Path, Path]:
    """Copies of ``archives`` (wheels, the standard library's zip) holding bytecode, not sources.

    Why: Pyodide's file system lives in memory, so nothing keeps a bytecode cache between two
    visits and every start compiled every module it imported again — most of a warm start.
    Sourceless ``.pyc`` files (unchecked-hash: no timestamps, reproducible) took a bare Pyodide
    boot from 2.2 s to 1.0 s and the home screen from 3.5 s to 1.7 s on the 2-core test
    machine. Bytecode is only valid for the exact interpreter, so Pyodide's own Python compiles
    it (``node tools/precompile.mjs``), once per archive and runtime, into the cache.
    """
    runtime_key = sha256_of(runtime / "pyodide.asm.wasm")[:16]
    targets = {archive: PRECOMPILED / runtime_key / sha256_of(archive)[:16] / archive.name
               for archive in archives}
    todo = [archive for archive, target in targets.items() if not target.exists()]
    if not todo:
        return targets
    node = shutil.which("node")
    if node is None:
        fail("Node.js is needed to precompile the Python files for the browser")
    log(f"precompiling {len(todo)} archive(s) with Pyodide's Python")
    with tempfile.TemporaryDirectory() as tmp:
        trees = [Path(tmp) / str(index) for index in range(len(todo))]
        for archive, tree in zip(todo, trees, strict=True):
            with zipfile.ZipFile(archive) as opened:
                opened.extractall(tree)
        run([str(node), str(PRECOMPILER), str(runtime), *map(str, trees)],
            stdout=subprocess.DEVNULL)
        for archive, tree in zip(todo, trees, strict=True):
            entries = [(path.relative_to(tree).as_posix(), path.read_bytes())
                       for path in sorted(tree.rglob("*")) if path.is_file()]
            records = [name for name, _ in entries if name.endswith(".dist-info/RECORD")]
            if records:
                entries = with_record(entries, records[0])
            target = targets[archive]
            target.parent.mkdir(parents=True, exist_ok=True)
            partial_file = target.with_name(target.name + ".part")
            write_archive(partial_file, entries)
            partial_file.rename(target)
    return targets


def axe_script() -> Path:
    """axe-core's script for the browser tests' accessibility checks (pinned, never shipped)."""
    pin = next(pin for pin in load_pins()["npm"] if pin["package"] == "axe-core")
    return extracted(fetch_npm(pin)) / "axe.min.js"


# --------------------------------------------------------------------------- our wheels


def project_version() -> str:
    match = re.search(r'^version\s*=\s*"([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
    if not match:
        fail("no version in pyproject.toml")
    return match.group(1) if match else ""


def package_files(package_dir: Path) -> Iterator[Path]:
    for path in sorted(package_dir.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in {".pyc"}:
            yield path


def is_bare_string(statement: ast.stmt) -> bool:
    """A statement that is only a string: a docstring, or an attribute's documentation."""
    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str))


def browser_python(source: bytes, name: str) -> bytes:
    """``source`` without docstrings and comments, for the browser's copy of a module.

    Every statement that is only a string is dropped (an emptied body gets ``pass``) and the tree
    is written back by ``ast.unparse``, which keeps annotations (pydantic and dataclasses read
    them) and drops comments and blank lines. The result is checked to parse back to exactly the
    stripped tree. Nothing the page runs reads ``__doc__``; tracebacks in the browser show the
    rewritten lines. ``ast.unparse``'s layout may differ between Python versions, so the same
    tree gives the same bytes on the same build Python.
    """
    tree = ast.parse(source, filename=name)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and any(is_bare_string(statement) for statement in body):
            kept = [statement for statement in body if not is_bare_string(statement)]
            setattr(node, "body", kept or [ast.Pass()])  # noqa: B010 - any node with a body
    text = one_space_indents(ast.unparse(tree)) + "\n"
    if ast.dump(ast.parse(text, filename=name)) != ast.dump(tree):
        fail(f"{name}: the browser's copy does not parse back to the same code")
    return text.encode()


def one_space_indents(text: str) -> str:
    """``ast.unparse``'s four-space indentation as one space a level (``ast.unparse`` writes no
    string across lines, so every leading space is indentation; ``browser_python`` checks)."""
    lines = []
    for line in text.split("\n"):
        code = line.lstrip(" ")
        lines.append(" " * ((len(line) - len(code)) // 4) + code)
    return "\n".join(lines)


def browser_json(data: bytes, name: str) -> bytes:
    """``data`` (a JSON file) without its layout: no indentation, no spaces, non-ASCII as is."""

    def unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
        keys = [key for key, _ in pairs]
        if len(set(keys)) != len(keys):
            fail(f"{name}: a key appears twice")
        return dict(pairs)

    value = json.loads(data, object_pairs_hook=unique)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


WORDS_FILE = re.compile(r"(?:^|/)locales/(?:[a-z]+/)?(?P<language>[a-z]{2,3})\.json$")
"""A catalog of words in one language (``locales/<lang>.json``, ``locales/rules/<lang>.json``):
left out of the packages' archives and shipped in that language's words pack instead."""


def words_language(relative: str) -> str | None:
    """The language of a package file that is a catalog of words, else None.

    >>> words_language("burgrave/locales/rules/de.json"), words_language("locales/en.json")
    ('de', 'en')
    >>> words_language("dice_realm/content.json") is None
    True
    """
    found = WORDS_FILE.search(relative)
    return found.group("language") if found else None


def browser_entries(dist_name: str, package_dir: Path, language: str | None = None
                    ) -> list[tuple[str, bytes]]:
    """The browser's copy of a package, as archive entries: sources without docstrings and
    comments, JSON without layout, and without what the page never imports
    (``BROWSER_LEFT_OUT``). The sources in the repository, their doctests and the CPython
    package are untouched: only the site's archives are rewritten, to shrink what a first visit
    downloads (about a third less).

    Catalogs of words are not in it: with ``language``, the entries are that language's
    catalogs only (its words pack, see :func:`build_words_pack`)."""
    left_out = BROWSER_LEFT_OUT.get(dist_name, frozenset())
    entries: list[tuple[str, bytes]] = []
    for path in package_files(package_dir):
        relative = path.relative_to(package_dir).as_posix()
        if relative in left_out or any(relative.startswith(folder) for folder in left_out
                                       if folder.endswith("/")):
            continue
        if words_language(relative) != language:
            continue
        name = f"{package_dir.name}/{relative}"
        data = path.read_bytes()
        if path.suffix == ".py":
            data = browser_python(data, name)
        elif path.suffix == ".json":
            data = browser_json(data, name)
        entries.append((name, data))
    present = {path.relative_to(package_dir).as_posix() for path in package_files(package_dir)}
    missing = {name for name in left_out if name not in present and not (
        name.endswith("/") and any(found.startswith(name) for found in present))}
    if missing:
        fail(f"BROWSER_LEFT_OUT names files that do not exist: {sorted(missing)}")
    return entries


def build_archive(python: Path, dist_name: str, package_dir: Path, version: str,
                  out_dir: Path) -> Path:
    """The browser's copy of a package (``browser_entries``) as one gzip-compressed tar,
    byte-for-byte reproducible (sorted entries, fixed dates and modes, no gzip timestamp),
    compressed by :func:`gzip_smallest`.

    Why not a wheel: a zip compresses each file on its own, a tar.gz compresses them as one
    stream, so the many small modules share their words: about a sixth fewer bytes. Pyodide's
    ``loadPackage`` installs a tar like a wheel (the lock file names it). bzip2 would be a third
    smaller again, but Pyodide's bz2 unpacks it four times slower than zlib, a start-up cost
    that shows on every visit (see ``docs/architecture.md``).
    """
    normal = dist_name.replace("-", "_")
    path = out_dir / f"{normal}-{version}.tar.gz"
    entries = browser_entries(dist_name, package_dir)
    entries.append((f"{normal}-{version}.dist-info/METADATA",
                    f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: {version}\n".encode()))
    path.write_bytes(tar_gz(python, entries))
    return path


def tar_gz(python: Path, entries: list[tuple[str, bytes]]) -> bytes:
    """``entries`` as a reproducible tar (in order, fixed dates and modes) compressed by
    :func:`gzip_smallest`."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name, data in entries:
            item = tarfile.TarInfo(name)
            item.size, item.mode, item.mtime = len(data), 0o644, ARCHIVE_TIME
            archive.addfile(item, io.BytesIO(data))
    return gzip_smallest(python, raw.getvalue())


def word_languages() -> list[str]:
    """Every language the page has words in (its own ``locales/<lang>.json``)."""
    return sorted(path.stem for path in (OUR_PACKAGES["kingdoms-web"][0] / "locales")
                  .glob("*.json"))


def words_pack_entries(language: str) -> list[tuple[str, bytes]]:
    """Every catalog of ``language`` in our packages, named as installed (``kingdoms/...``)."""
    return [entry for dist_name, (package_dir, _) in OUR_PACKAGES.items()
            for entry in browser_entries(dist_name, package_dir, language)]


def build_words_pack(python: Path, language: str, out_dir: Path) -> Path:
    """``language``'s words pack: every catalog of that language, as a tar.gz the page unpacks
    into its packages (``kingdoms_web.words``). Its name carries a hash of its content, so no
    cache ever hands a page the words of another build.

    Why packs: a visitor needs one language, and each is about 35 KB compressed; shipped in the
    packages' archives, every first visit downloaded all three."""
    data = tar_gz(python, words_pack_entries(language))
    path = out_dir / f"{language}.{hashlib.sha256(data).hexdigest()[:12]}.tar.gz"
    path.write_bytes(data)
    return path


ZOPFLI = ("import sys, zopfli.gzip as g; "
          "sys.stdout.buffer.write(g.compress(sys.stdin.buffer.read()))")


def gzip_smallest(python: Path, data: bytes) -> bytes:
    """``data`` gzip-compressed as small as a standard inflater can read: zopfli (in
    ``.venv``, pinned in the ``build`` extra), about 5 % smaller than ``gzip -9`` for our
    archives, at a few seconds per build. Its header has no timestamp or name, so the bytes
    depend on ``data`` alone."""
    packed = subprocess.run([str(python), "-c", ZOPFLI], input=data, capture_output=True,
                            check=True).stdout
    if gzip.decompress(packed) != data:
        fail("zopfli's archive does not inflate back to the tar it was given")
    return packed


def with_record(entries: list[tuple[str, bytes]], record: str) -> list[tuple[str, bytes]]:
    """``entries`` plus a wheel's RECORD (path, sha256, size of every other entry)."""
    lines = []
    for name, data in entries:
        if name == record:
            continue
        digest = hashlib.sha256(data).digest()
        encoded = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
        lines.append(f"{name},sha256={encoded},{len(data)}")
    lines.append(f"{record},,")
    kept = [(name, data) for name, data in entries if name != record]
    return [*kept, (record, ("\n".join(lines) + "\n").encode())]


def write_archive(path: Path, entries: list[tuple[str, bytes]]) -> None:
    """A zip with fixed dates and modes, so the same entries give the same bytes."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries:
            item = zipfile.ZipInfo(name, WHEEL_DATE)
            item.external_attr = 0o644 << 16
            item.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(item, data)


def top_level_imports(package_dir: Path) -> list[str]:
    return [package_dir.name]


# --------------------------------------------------------------------------- the site


def lock_entry(name: str, version: str, wheel: Path, imports: list[str], depends: list[str]
               ) -> dict[str, object]:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256_of(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
        "shared_library": False,
    }


def write_lock(runtime: Path, out: Path, entries: list[dict[str, object]]) -> None:
    """Pyodide's lock file listing only the wheels we ship, so ``loadPackage`` never looks away."""
    original = json.loads((runtime / "pyodide-lock.json").read_text())
    lock = {"info": original["info"], "packages": {str(e["name"]): e for e in entries}}
    out.write_text(json.dumps(lock, indent=1, sort_keys=True))


CSS_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|/\*.*?\*/|\s+|[^"\'/\s]+|/',
                        re.S)


def minified_css(text: str) -> str:
    """A style sheet without comments and layout: strings kept as they are; outside them every
    run of whitespace becomes one space, dropped next to ``{ } ; ,`` and after ``:`` (never
    elsewhere: a space can be meaningful, as in ``a :hover`` or ``calc(1px + 2px)``)."""
    out: list[str] = []
    for token in CSS_TOKENS.findall(text):
        if token.startswith("/*") or token.isspace():
            token = " "
        if token == " " and out and out[-1] == " ":
            continue
        out.append(token)
    joined = "".join(out)
    parts = re.split(r'("(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\')', joined)
    for index in range(0, len(parts), 2):  # outside strings
        part = re.sub(r" ?([{};,]) ?", r"\1", parts[index]).replace(";}", "}")
        parts[index] = part.replace(": ", ":")  # a space before a colon may matter, after never
    return "".join(parts).strip() + "\n"


def without_comment_lines(text: str, name: str) -> str:
    """A script without its comment lines, blank lines and indentation: only lines that are
    wholly a comment (``//`` …, or a ``/* … */`` block starting and ending a line) go, so no
    string, regular expression or comment after code is ever cut. Refuses a script where leading
    spaces could be text (a template literal or a line continuation)."""
    if "`" in re.sub(r"/\*.*?\*/", "", text, flags=re.S) or re.search(r"\\\n", text):
        fail(f"{name}: a string may span lines; leave its layout alone")
    lines: list[str] = []
    in_block = False
    for line in text.split("\n"):
        code = line.strip()
        if in_block:
            if "*/" in code:
                if not code.endswith("*/") or code.count("*/") != 1:
                    fail(f"{name}: code after a comment block on one line")
                in_block = False
            continue
        if code.startswith("/*"):
            if "*/" not in code[2:]:
                in_block = True
                continue
            if code.endswith("*/") and code.count("*/") == 1:
                continue
        if not code or code.startswith("//"):
            continue
        lines.append(code)
    return "\n".join(lines) + "\n"


def fill_placeholder(path: Path, placeholder: str, value: str) -> None:
    """Replace the one ``placeholder`` in ``path`` by ``value`` (the build fails without it)."""
    text = path.read_text()
    if text.count(placeholder) != 1:
        fail(f"{path.name}: expected one {placeholder}")
    path.write_text(text.replace(placeholder, value))


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def content_hash(site: Path, files: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + sha256_of(site / name).encode())
    return digest.hexdigest()[:16]


def write_service_worker(site: Path) -> str:
    """Fill the service-worker template with the site's file list, a content-hash version and
    the words packs (kept only for the languages a device uses: see ``sw.template.js``)."""
    template = without_comment_lines((ROOT / "public" / "sw.template.js").read_text(),
                                     "sw.template.js")
    files = site_files(site)
    version = content_hash(site, files)
    urls = ["./"] + [f"./{name}" for name in files if not name.startswith("words/")]
    lazy = [f"./{name}" for name in files if name.startswith("words/")]
    text = (template.replace("__SW_VERSION__", version).replace("__SW_FILES__", json.dumps(urls))
            .replace("__SW_WORDS__", json.dumps(lazy)))
    (site / "sw.js").write_text(text)
    return version


def sources_hash() -> str:
    digest = hashlib.sha256()
    for source in SOURCES:
        path = ROOT / source
        paths = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for item in paths:
            if "__pycache__" in item.parts:
                continue
            digest.update(item.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(item.read_bytes())
    return digest.hexdigest()


def build_site() -> Path:
    """Write ``dist/site/``: a complete static site with runtime, wheels, service worker."""
    python = ensure_venv(dev=False)
    pins = load_pins()
    tarballs = {str(pin["package"]): fetch_npm(pin) for pin in pins["npm"]
                if not pin.get("tests_only")}
    wheel_pins = pins["wheels"]
    wheels = [(pin, fetch_wheel(python, pin)) for pin in wheel_pins]
    runtime = extracted(tarballs["pyodide"])
    pyscript = extracted(tarballs["@pyscript/core"]) / "dist"

    staging = DIST / "site.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for path in sorted((ROOT / "public").rglob("*")):
        if path.is_file() and path.name != "sw.template.js":
            target = staging / path.relative_to(ROOT / "public")
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".css":
                target.write_text(minified_css(path.read_text()))
            elif path.suffix == ".js":
                target.write_text(without_comment_lines(path.read_text(), path.name))
            else:
                shutil.copy2(path, target)
    (staging / "pyscript").mkdir()
    for path in sorted(pyscript.iterdir()):
        if path.suffix in {".js", ".css"} and path.name != "service-worker.js":
            shutil.copy2(path, staging / "pyscript" / path.name)
    pyodide_dir = staging / "pyodide"
    pyodide_dir.mkdir()
    stdlib = runtime / "python_stdlib.zip"
    compiled = precompiled(runtime, [stdlib, *(wheel for _, wheel in wheels)])
    for name in PYODIDE_FILES:
        shutil.copy2(compiled.get(runtime / name, runtime / name), pyodide_dir / name)

    entries: list[dict[str, object]] = []
    for pin, wheel in wheels:
        shutil.copy2(compiled[wheel], pyodide_dir / wheel.name)
        entries.append(lock_entry(str(pin["name"]), str(pin["version"]), pyodide_dir / wheel.name,
                                  [str(i) for i in pin["imports"]],  # type: ignore[attr-defined]
                                  [str(d) for d in pin["depends"]]))  # type: ignore[attr-defined]
    version = project_version()
    for dist_name, (package_dir, depends) in OUR_PACKAGES.items():
        archive = build_archive(python, dist_name, package_dir, version, pyodide_dir)
        entries.append(lock_entry(dist_name, version, archive, top_level_imports(package_dir),
                                  depends))
    write_lock(runtime, pyodide_dir / "pyodide-lock.json", entries)
    words_dir = staging / "words"
    words_dir.mkdir()
    packs = {language: build_words_pack(python, language, words_dir).relative_to(staging)
             .as_posix() for language in word_languages()}
    fill_placeholder(staging / "boot.js", '"__WORD_PACKS__"', json.dumps(packs, sort_keys=True))
    (staging / "pyscript.toml").write_text(
        'interpreter = "./pyodide/pyodide.mjs"\n'
        f"packages = {json.dumps(list(OUR_PACKAGES))}\n"
        'packages_cache = "passthrough"\n'
    )
    prerender_home(python, staging / "index.html")
    inline_sprites(staging)
    sizes = {name: (staging / name).stat().st_size for name in site_files(staging)}
    (staging / "build-info.json").write_text(json.dumps(
        {"version": version, "sizes": sizes}, indent=0, sort_keys=True))
    sw_version = write_service_worker(staging)

    shutil.rmtree(SITE, ignore_errors=True)
    staging.rename(SITE)
    write_bench_pages(stdlib)
    (DIST / ".stamp").write_text(sources_hash())
    log(f"built {SITE.relative_to(ROOT)} (service worker {sw_version})")
    return SITE


SPRITE_MARK = "<!-- icon sprites -->"
INLINE_SPRITES = {"art/burgrave-icons.svg": "bgi-"}
"""Sprites put into ``index.html`` (and left out of the site), with the prefix given to their
symbols' ids (``kingdoms_web.games.burgrave.icons.SPRITE_PREFIX``)."""


def inline_sprites(site: Path) -> None:
    """Put each icon sprite into ``index.html``, hidden, its symbol ids prefixed (no clash with
    the page's own ids), and drop its file.

    Why: an icon copies its symbol's drawing from the page (``icons._icon``), once per icon, so
    no icon costs a request or a ``<use>`` of another file (which Chromium cloned 10-20 times
    slower than one of a symbol in the page); the Burgrave board draws a few hundred icons.
    """
    index = site / "index.html"
    text = index.read_text()
    if SPRITE_MARK not in text:
        fail(f"public/index.html lacks the marker {SPRITE_MARK}")
    sprites: list[str] = []
    for name, prefix in INLINE_SPRITES.items():
        path = site / name
        svg = path.read_text().strip()
        if not svg.startswith('<svg xmlns="http://www.w3.org/2000/svg">') or \
                "href=" in svg or "url(#" in svg:
            fail(f"{name}: a sprite must be one <svg> of <symbol>s without references")
        svg = svg.replace('<svg xmlns="http://www.w3.org/2000/svg">',
                          '<svg xmlns="http://www.w3.org/2000/svg" class="icon-sprite" '
                          'aria-hidden="true" focusable="false">', 1)
        sprites.append(svg.replace('<symbol id="', f'<symbol id="{prefix}'))
        path.unlink()
    index.write_text(text.replace(SPRITE_MARK, "\n".join(sprites)))


PRERENDER_MARK = "<!-- prerendered home -->"


def prerender_home(python: Path, index: Path) -> None:
    """Write the home screen, drawn by the page's own code on CPython in every language, into
    ``index.html`` (``kingdoms_web.shell.prerender``): readable at first paint."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "engine"), str(ROOT / "web")]),
           "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run([str(python), "-m", "kingdoms_web.shell.prerender"], cwd=ROOT,
                            env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        fail(f"pre-rendering the home screen failed:\n{result.stderr[-3000:]}")
    homes: dict[str, str] = json.loads(result.stdout)
    text = index.read_text()
    if PRERENDER_MARK not in text:
        fail(f"public/index.html lacks the marker {PRERENDER_MARK}")
    index.write_text(text.replace(PRERENDER_MARK, "\n".join(homes.values())))


def write_bench_pages(stock_stdlib: Path) -> None:
    """Pages that only boot Pyodide: the baselines the home screen's start-up is compared with.

    ``bare.html`` boots the site's runtime (with our precompiled standard library);
    ``stock.html`` boots it with the standard library as Pyodide publishes it (sources), which
    is what a page that simply uses Pyodide pays.
    """
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    shutil.copy2(stock_stdlib, BENCH_DIR / "stock_stdlib.zip")
    for page, extra in (("bare", ""), ("stock", ", stdLibURL: './stock_stdlib.zip'")):
        (BENCH_DIR / f"{page}.html").write_text(
            f"<!doctype html><html><head><meta charset='utf-8'><title>{page}</title></head><body>"
            "<script type='module'>import {loadPyodide} from '../site/pyodide/pyodide.mjs';"
            f"const py = await loadPyodide({{indexURL: '../site/pyodide/'{extra}}});"
            f"py.runPython('1+1'); document.body.dataset.ready = '{page}';</script></body></html>\n"
        )


def build_if_needed() -> Path:
    stamp = DIST / ".stamp"
    if SITE.exists() and stamp.exists() and stamp.read_text() == sources_hash():
        log("site is up to date")
        return SITE
    return build_site()


# --------------------------------------------------------------------------- serve


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from ``dist/`` with module/wasm types; ``/`` points at the site."""

    extensions_map = {  # noqa: RUF012 - the base class declares it as a plain dict
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain",
        ".whl": "application/zip",
        ".gz": "application/gzip",
    }

    def do_GET(self) -> None:
        if self.path in {"", "/"}:
            self.send_response(302)
            self.send_header("Location", "/site/")
            self.end_headers()
            return
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("KINGDOMS_SERVE_LOG"):
            super().log_message(format, *args)


def make_server(port: int, directory: Path = DIST,
                handler: type[SiteHandler] = SiteHandler) -> http.server.ThreadingHTTPServer:
    """Serve ``directory`` on 127.0.0.1 (``handler``: a subclass, for tests that watch what
    is asked)."""
    return http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                           partial(handler, directory=str(directory)))


def serve(port: int) -> None:
    build_if_needed()
    server = make_server(port)
    log(f"serving Kingdoms at http://127.0.0.1:{server.server_address[1]}/site/ (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test and bench


def find_chromium(python: Path) -> str:
    """A Chromium for Playwright: $KINGDOMS_CHROMIUM, /usr/bin/chromium, else Playwright's own."""
    for candidate in (os.environ.get("KINGDOMS_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    log("no system Chromium; trying 'playwright install chromium'")
    run([str(python), "-m", "playwright", "install", "chromium"])
    return ""


def test(extra: list[str], quick: bool = False) -> None:
    """Lint, type-check, unit tests, browser tests; ``quick`` leaves out the tests marked
    ``slow`` (for local loops: CI runs everything)."""
    python = ensure_venv(dev=True)
    chromium = find_chromium(python)
    build_if_needed()
    env = {**os.environ, "KINGDOMS_CHROMIUM": chromium, "PYTHONDONTWRITEBYTECODE": "1"}
    log("ruff")
    run([str(VENV / "bin" / "ruff"), "check", "build.py", "engine", "web", "tests", "e2e"])
    log("mypy")
    run([str(VENV / "bin" / "mypy")])
    select = ["-m", "not slow"] if quick else []
    log("unit tests" + (" (quick: not the slow ones)" if quick else ""))
    # On every core: the unit tests share nothing but read-only data, and a few long random
    # play-throughs dominate, so two workers take the suite from about 7 minutes to 4.5.
    run([str(python), "-m", "pytest", "-n", "auto", *select, *extra], env=env)
    log("browser tests" + (" (quick: not the slow ones)" if quick else ""))
    # Two browsers at a time: each test waits mostly on one page's single-threaded Pyodide, and
    # every test has its own context, server thread and storage (ports are ephemeral).
    # A test whose browser tab crashed (Chromium's renderer died: seen once, in nine tests of one
    # run, never tied to a page) runs once more, whole; any other failure stands, and the
    # summary lists every rerun. Playwright words the crash by what was waiting on the page.
    crashed = ["--only-rerun", "Target crashed", "--only-rerun", "Page crashed"]
    run([str(python), "-m", "pytest", "e2e", "-p", "no:cacheprovider", "-n", "2",
         "--reruns", "1", *crashed, "-rR", *select, *extra], env=env)
    log("all tests passed")


def bench(extra: list[str]) -> None:
    python = ensure_venv(dev=True)
    chromium = find_chromium(python)
    build_if_needed()
    env = {**os.environ, "KINGDOMS_CHROMIUM": chromium}
    run([str(python), "-m", "bench", *extra], env=env)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("build", help="build the static site into dist/site/")
    serve_parser = commands.add_parser("serve", help="build if needed and serve on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    test_parser = commands.add_parser("test", help="lint, type-check, unit tests and browser tests")
    test_parser.add_argument("--quick", action="store_true",
                             help="leave out the tests marked slow (quick local loops)")
    commands.add_parser("bench", help="print the benchmark figures")
    args, extra = parser.parse_known_args(argv)
    if args.command == "build":
        build_site()
    elif args.command == "serve":
        serve(args.port)
    elif args.command == "test":
        test(extra, quick=args.quick)
    elif args.command == "bench":
        bench(extra)


if __name__ == "__main__":
    main()
