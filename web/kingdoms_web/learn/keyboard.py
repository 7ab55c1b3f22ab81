"""The keys a game table answers, as a table for the rules screen and Settings.

Drawn from the same data the table obeys (each game's
:class:`~kingdoms_web.play.keys.KeyPlan` and :data:`~kingdoms_web.play.keys.TABLE_SHORTCUTS`),
so the list cannot promise a key that does nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdoms_web.dom import Element, el
from kingdoms_web.i18n import t
from kingdoms_web.play.keys import TABLE_SHORTCUTS, Shortcut

KEY_NAMES = {"Escape": "Esc"}
"""Keys written as keyboards print them."""


def key_rows(shortcuts: Sequence[Shortcut]) -> list[tuple[str, str]]:
    """(key as written, what it does) once per action ("1–6" for the six dice).

    >>> from kingdoms_web.games.dice_realm.keys import KEYS
    >>> [key for key, _ in key_rows(KEYS.shortcuts)]
    ['R', 'S', '1–6', 'Esc']
    """
    rows: list[tuple[str, str]] = []
    for shortcut in shortcuts:
        key = shortcut.shown or KEY_NAMES.get(shortcut.key, shortcut.key.upper())
        if not rows or rows[-1] != (key, shortcut.label):
            rows.append((key, shortcut.label))
    return [(key, t(label)) for key, label in rows]


def _table(caption: str, shortcuts: Sequence[Shortcut]) -> Element:
    return el("table",
              el("caption", caption),
              el("thead", el("tr", el("th", t("keys.key"), attrs={"scope": "col"}),
                             el("th", t("keys.does"), attrs={"scope": "col"}))),
              el("tbody", *[el("tr", el("td", el("kbd", key)), el("td", does))
                            for key, does in key_rows(shortcuts)]),
              cls="keys-table")


def keyboard_section(games: Sequence[tuple[str, Sequence[Shortcut]]], testid: str,
                     heading: str | None = "h3") -> Element:
    """"Playing by keyboard": how focus and arrows work, the keys of every table, then each
    game's own (``games``: its title and shortcuts). ``heading``: its title's tag (None: the
    section is titled by what holds it, Settings' fold)."""
    return el("section",
              el(heading, t("keys.title")) if heading else None,
              el("p", t("keys.intro")),
              _table(t("keys.everywhere"), TABLE_SHORTCUTS),
              *[_table(title, shortcuts) for title, shortcuts in games if shortcuts],
              cls="keys-section", testid=testid)


__all__ = ["key_rows", "keyboard_section"]
