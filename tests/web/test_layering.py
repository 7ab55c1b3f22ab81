"""The page asks games through the protocol and their public modules, never their internals.

A game's rules, state, bots, rule tables and action vocabulary may change shape at any time; the
page may import only ``kingdoms.core`` and, of each game package, its public face: ``game``
(the protocol object and its action and view types), ``explain`` (its words, explanations and
printed facts), ``shapes`` (the typed shapes of what ``game`` and ``explain`` hand over) and
``content`` (the content data as loaded: names, keys, the effect grammar). Never ``actions``
(the page sends back the prompt's own actions) nor the rule tables (``tables``). The engine
never imports the page.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import kingdoms
import kingdoms_web

PAGE = Path(kingdoms_web.__file__).parent
ENGINE = Path(kingdoms.__file__).parent
GAME_PACKAGES = ("dice_realm", "burgrave", "testgame")
PUBLIC = ("game", "explain", "shapes", "content")


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, name) of everything a file imports absolutely; ``from x import y`` is ``x.y``
    (so ``from kingdoms.burgrave import rules`` is ``kingdoms.burgrave.rules``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def allowed(name: str) -> bool:
    """Whether the page may import ``name`` (a module, or a module's attribute)."""
    parts = name.split(".")
    if parts[0] != "kingdoms":
        return True
    if len(parts) >= 2 and parts[1] == "core":
        return True
    if len(parts) >= 3 and parts[1] in GAME_PACKAGES:
        return parts[2] in PUBLIC
    return False


def test_the_page_imports_only_core_and_public_game_modules() -> None:
    found = [f"{path.relative_to(PAGE)}:{line}: {name}"
             for path in sorted(PAGE.rglob("*.py"))
             for line, name in imports(path)
             if not allowed(name)]
    assert found == []


def test_the_check_knows_a_forbidden_import() -> None:
    assert allowed("kingdoms.dice_realm.explain")
    assert allowed("kingdoms.core.session")
    assert not allowed("kingdoms.burgrave.rules")
    assert not allowed("kingdoms.burgrave.tables")
    assert not allowed("kingdoms.dice_realm.actions")
    assert not allowed("kingdoms.dice_realm.odds")
    assert not allowed("kingdoms.cli")
    assert not allowed("kingdoms.burgrave")


def test_the_engine_never_imports_the_page_or_the_browser() -> None:
    found = [f"{path.relative_to(ENGINE)}:{line}: {module}"
             for path in sorted(ENGINE.rglob("*.py"))
             for line, module in imports(path)
             if module.split(".")[0] in ("kingdoms_web", "js", "pyodide", "pyscript")
             or module in ("js", "pyodide", "pyscript", "kingdoms_web")]
    assert found == []
