"""The rules reference screen: one game's rules, sectioned, with a table of contents and a
glossary.

It is a screen of its own (the route :class:`~kingdoms_web.routes.Rules`), not a dialog: opened
from a game it pauses that game's table and "Back to the game" mounts it again at the same
position (the autosave keeps it anyway). Every section and glossary entry has an anchor
(``#rules=<game>/<anchor>``, parsed in :mod:`kingdoms_web.urls`), so help anywhere can link to
it with a plain ``<a href>``; links inside the screen scroll to their target without leaving
it.

The words are the game's (its catalog's ``<game>.rules.*`` and ``<game>.glossary.*`` keys, in
the shape of its :class:`~kingdoms_web.learn.book.Book`); the screen's own words (contents,
search, back) are the page's ``rules.*`` keys.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Mapping
from typing import Any, Protocol

from kingdoms_web import dom, urls
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.registry import GAME_UIS
from kingdoms_web.i18n import game_title, t
from kingdoms_web.learn.book import GLOSSARY, Book, Section
from kingdoms_web.learn.figures import Figure
from kingdoms_web.learn.keyboard import keyboard_section
from kingdoms_web.play.contract import GameUI
from kingdoms_web.shell.dialogs import button

CONTENTS = "contents"
"""The anchor of the table of contents."""


class RulesHost(Protocol):
    titles: dict[str, str]

    def open_rules(self, game_id: str, anchor: str = "") -> None: ...

    def close_rules(self) -> None: ...

    def rules_back_label(self) -> str: ...


def anchor_id(game_id: str, anchor: str) -> str:
    """The element id of an anchor (a section, ``glossary`` or ``glossary.<term>``).

    >>> anchor_id("burgrave", "glossary.tier")
    'rules-burgrave-glossary-tier'
    """
    return f"rules-{game_id}-{anchor.replace('.', '-')}"


def reveal(game_id: str, anchor: str) -> bool:
    """Scroll to an anchor of the shown rules and move the keyboard focus there."""
    node = dom.query(f'[id="{anchor_id(game_id, anchor)}"]') if anchor else None
    if node is None:
        return False
    target = dom.query("h3", node) or dom.query("dt", node) or node
    target.setAttribute("tabindex", "-1")
    target.focus()
    scroll = getattr(node, "scrollIntoView", None)
    if scroll is not None:
        with contextlib.suppress(*dom.BROWSER_ERRORS):
            scroll(True)
    return True


def _go(game_id: str, anchor: str) -> Any:
    def handler(event: Any) -> None:
        prevent = getattr(event, "preventDefault", None)
        if prevent is not None:
            prevent()
        urls.replace_fragment(urls.rules_fragment(game_id, anchor))
        reveal(game_id, anchor)
    return handler


def link(scope: Scope, game_id: str, anchor: str, label: str, cls: str = "rules-link",
         testid: str | None = None) -> Element:
    """A link to an anchor of the rules shown now (scrolls there, keeps the screen)."""
    node = el("a", label, cls=cls, testid=testid,
              attrs={"href": urls.rules_fragment(game_id, anchor)})
    scope.on(node, "click", _go(game_id, anchor))
    return node


def _blocks(book: Book, section: Section, figures: Mapping[str, Figure]) -> list[Element]:
    out: list[Element] = []
    open_list: Element | None = None
    open_kind = ""
    for block in section.blocks:
        kind, _, name = block.partition(":")
        if kind in ("li", "ol"):
            tag = "ul" if kind == "li" else "ol"
            if open_list is None or open_kind != tag:
                open_list = el(tag, cls="rules-" + tag)
                open_kind = tag
                out.append(open_list)
            open_list.append(el("li", t(book.key(section.id, name))))
            continue
        open_list = None
        if kind == "p":
            out.append(el("p", t(book.key(section.id, name))))
        elif kind == "faq":
            out.append(el("div", el("p", t(book.key(section.id, name + ".q")), cls="rules-q"),
                          el("p", t(book.key(section.id, name + ".a")), cls="rules-a"),
                          cls="rules-faq"))
        elif kind == "fig":
            out.append(figures[name]())
    return out


def _section(scope: Scope, book: Book, section: Section,
             figures: Mapping[str, Figure]) -> Element:
    heading_id = anchor_id(book.game_id, section.id) + "-h"
    return el("section",
              el("h3", t(book.title_key(section.id)), attrs={"id": heading_id}),
              *_blocks(book, section, figures),
              el("p", link(scope, book.game_id, CONTENTS, t("rules.to_contents"), cls="rules-top"),
                 cls="rules-top-row"),
              cls="rules-section", testid=f"rules-section-{section.id}",
              attrs={"id": anchor_id(book.game_id, section.id),
                     "aria-labelledby": heading_id})


def _toc(scope: Scope, book: Book) -> Element:
    items = [el("li", link(scope, book.game_id, section.id, t(book.title_key(section.id)),
                           testid=f"rules-toc-{section.id}"))
             for section in book.sections]
    items.append(el("li", link(scope, book.game_id, GLOSSARY, t("rules.glossary"),
                               testid="rules-toc-glossary")))
    return el("nav", el("h3", t("rules.contents"), attrs={"id": f"rules-{book.game_id}-toc-h"}),
              el("ul", *items, cls="rules-toc-list"),  # a turn's steps carry their own numbers
              cls="rules-toc", testid="rules-toc",
              attrs={"id": anchor_id(book.game_id, CONTENTS),
                     "aria-labelledby": f"rules-{book.game_id}-toc-h"})


def folded(text: str) -> str:
    """A key that sorts and matches as a reader expects in English, Spanish and German: case
    and accents ignored ("Ärger" by "Arger", "Índice" by "Indice"), so an umlaut never sorts
    after Z and a search for "fahigkeit" finds "Fähigkeit".

    >>> sorted(["Zug", "Äußerer Ring", "Held", "Händler"], key=folded)
    ['Äußerer Ring', 'Händler', 'Held', 'Zug']
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def glossary_entries(book: Book) -> list[tuple[str, str, str, str]]:
    """(term id, term, definition, section) in alphabetical order of the shown words."""
    rows = [(term.id, t(book.term_key(term.id)), t(book.term_key(term.id) + ".def"),
             term.section) for term in book.terms]
    return sorted(rows, key=lambda row: folded(row[1]))


def _glossary(scope: Scope, book: Book) -> Element:
    game_id = book.game_id
    entries: list[tuple[Element, str]] = []
    for term_id, term, meaning, section in glossary_entries(book):
        entry = el("div",
                   el("dt", term),
                   el("dd", el("span", meaning), " ",
                      link(scope, game_id, section,
                           t("rules.see_section", section=t(book.title_key(section))),
                           testid=f"glossary-link-{term_id}")),
                   cls="rules-entry", testid=f"glossary-{term_id}",
                   attrs={"id": anchor_id(game_id, f"{GLOSSARY}.{term_id}")})
        entries.append((entry, folded(term + " " + meaning)))
    none = el("p", t("rules.no_match"), cls="note", testid="glossary-none",
              attrs={"role": "status"})
    none.hidden = True
    search_id = f"rules-{game_id}-search"
    search = el("input", cls="field", testid="glossary-search",
                attrs={"id": search_id, "type": "search", "autocomplete": "off",
                       "spellcheck": "false", "enterkeyhint": "search"})

    def typed(event: Any) -> None:
        target = getattr(event, "target", None)
        words = folded(str(getattr(target, "value", "") or "")).split()
        shown = 0
        for node, text in entries:
            match = all(word in text for word in words)
            node.hidden = not match
            shown += match
        none.hidden = shown > 0

    scope.on(search, "input", typed)
    heading_id = anchor_id(game_id, GLOSSARY) + "-h"
    return el("section",
              el("h3", t("rules.glossary"), attrs={"id": heading_id}),
              el("p", t("rules.glossary_intro")),
              el("div", el("label", t("rules.search"), attrs={"for": search_id}), search,
                 cls="field-row rules-search"),
              none,
              el("dl", *[entry for entry, _ in entries], cls="rules-glossary-list"),
              el("p", link(scope, game_id, CONTENTS, t("rules.to_contents"), cls="rules-top"),
                 cls="rules-top-row"),
              cls="rules-section rules-glossary", testid="rules-glossary",
              attrs={"id": anchor_id(game_id, GLOSSARY), "aria-labelledby": heading_id})


def _opener(host: RulesHost, game_id: str) -> Any:
    return lambda _event: host.open_rules(game_id)


def render_rules(host: RulesHost, scope: Scope, ui: GameUI) -> Element:
    """The whole rules reference of a game (its sections, then its glossary)."""
    book, game_id, figures = ui.book, ui.game_id, ui.figures()
    title = game_title(game_id, host.titles.get(game_id, game_id))
    back = button(scope, host.rules_back_label(), lambda _e: host.close_rules(),
                  testid="rules-back", cls="btn")
    others = [button(scope, t("rules.other_game", title=game_title(other, host.titles.get(
                     other, other))), _opener(host, other),
                     testid=f"rules-switch-{other}", cls="btn btn-quiet")
              for other in GAME_UIS if other != game_id]
    return el("article",
              el("div", back, *others, cls="rules-bar"),
              el("h2", t("rules.title", title=title), attrs={"id": f"rules-{game_id}-title"}),
              el("p", t("rules.intro"), cls="note"),
              _toc(scope, book),
              *[_section(scope, book, section, figures) for section in book.sections],
              _glossary(scope, book),
              keyboard_section([(title, ui.keys.shortcuts)], f"rules-keys-{game_id}"),
              cls="rules panel", testid=f"rules-{game_id}",
              attrs={"aria-labelledby": f"rules-{game_id}-title"})
