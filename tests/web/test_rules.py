"""The rules reference and glossary of each game (issue 12, "Rules and reference"): every section
and glossary entry is drawn from the catalogs, anchors are unique, every glossary link points at
a section that exists, and the screen is reached from home, the new-game dialog and a running
game — which it gives back at the same position."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from kingdoms.core.codes import encode_code, load_code
from kingdoms.core.protocol import Seat
from kingdoms.core.text import CATALOGS
from kingdoms_web import app as app_module
from kingdoms_web import urls
from kingdoms_web.games.registry import GAME_UIS
from kingdoms_web.learn.book import Book
from kingdoms_web.learn.screen import CONTENTS, anchor_id, glossary_entries
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode
from kingdoms_web.routes import Home, Rules, Summary, Table
from kingdoms_web.saves.storage import MemoryBackend, Store

GAMES = sorted(GAME_UIS)
BOOKS = {game_id: ui.book for game_id, ui in GAME_UIS.items()}
PACKAGES = {"dice-realm": "kingdoms.dice_realm", "burgrave": "kingdoms.burgrave"}


def rules_file(game_id: str) -> dict[str, str]:
    path = Path(str(resources.files(PACKAGES[game_id]) / "locales" / "rules" / "en.json"))
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("//")}


def make_app(doc: OfflineDocument) -> app_module.App:
    """The whole app on the fake DOM (which has no ``<html>`` element of its own)."""
    doc.documentElement = doc.createElement("html")  # type: ignore[attr-defined]
    root = doc.createElement("div")
    doc.body.append(root)
    app = app_module.App(root)
    app.render()
    return app


def ids(root: OfflineNode) -> list[str]:
    return [str(node.getAttribute("id")) for node in root.walk() if node.getAttribute("id")]


# --------------------------------------------------------------------------- the books


@pytest.mark.parametrize("game_id", GAMES)
def test_every_key_of_the_book_is_in_the_game_catalog_and_every_rules_key_is_used(
        game_id: str) -> None:
    book = BOOKS[game_id]
    keys = book.keys()
    assert len(keys) == len(set(keys))
    catalog = CATALOGS.catalog(game_id, "en")
    missing = [key for key in keys if key not in catalog]
    assert missing == []
    unused = sorted(set(rules_file(game_id)) - set(keys))
    assert unused == [], "a text of the rules file that no section shows"


@pytest.mark.parametrize("game_id", GAMES)
def test_glossary_links_point_at_sections_and_figures_exist(game_id: str) -> None:
    book = BOOKS[game_id]
    sections = set(book.section_ids())
    assert all(term.section in sections for term in book.terms)
    assert len({term.id for term in book.terms}) == len(book.terms)
    assert set(book.figures()) == set(GAME_UIS[game_id].figures())
    assert len(book.anchors()) == len(set(book.anchors()))


def test_the_glossaries_have_the_terms_the_screens_use() -> None:
    dice = {term.id for term in BOOKS["dice-realm"].terms}
    assert {"village", "scoundrel", "dragon", "citizen", "letters", "row",
            "draw_pile"} <= dice
    burgrave = {term.id for term in BOOKS["burgrave"].terms}
    assert {"collision", "drop_off", "tier", "burgrave", "poverty", "prosperity", "deed",
            "debt", "exchange", "link", "segment", "townsfolk", "hero", "manuscript",
            "virtue", "corruption"} <= burgrave


def test_rules_links_parse_and_build() -> None:
    for book in BOOKS.values():
        for anchor in book.anchors():
            fragment = urls.rules_fragment(book.game_id, anchor)
            assert urls.rules_from_fragment(fragment) == (book.game_id, anchor)
    assert urls.rules_from_fragment("#g=1abc&s=x") is None
    assert urls.code_from_fragment("#rules=burgrave/tier") is None


# --------------------------------------------------------------------------- the screen


@pytest.mark.parametrize("game_id", GAMES)
def test_every_section_and_entry_renders_with_unique_anchors(fake_dom: OfflineDocument,
                                                              game_id: str) -> None:
    app = make_app(fake_dom)
    app.open_rules(game_id)
    assert isinstance(app.route, Rules)
    page = fake_dom.body.by_testid(f"rules-{game_id}")
    assert page is not None
    book: Book = BOOKS[game_id]
    every_id = ids(fake_dom.body)
    assert len(every_id) == len(set(every_id)), "ids on the page are unique"
    for anchor in [*book.anchors(), CONTENTS]:
        assert anchor_id(game_id, anchor) in every_id, anchor
    for section in book.sections:
        node = page.by_testid(f"rules-section-{section.id}")
        assert node is not None and node.textContent.strip()
    assert len(page.querySelectorAll("figure")) == len(book.figures())
    for term in book.terms:
        entry = page.by_testid(f"glossary-{term.id}")
        assert entry is not None
        link = entry.by_testid(f"glossary-link-{term.id}")
        assert link is not None
        target = urls.rules_from_fragment(str(link.getAttribute("href")))
        assert target == (game_id, term.section)
    for link in page.querySelectorAll("a"):
        target = urls.rules_from_fragment(str(link.getAttribute("href")))
        assert target is not None and anchor_id(*target) in every_id


def visible_text(node: OfflineNode) -> str:
    return " ".join(n.textContent for n in node.walk() if n.tagName == "#TEXT")


@pytest.mark.parametrize("game_id", GAMES)
def test_all_words_come_from_catalogs(fake_dom: OfflineDocument, game_id: str) -> None:
    """No key shows instead of its text, and every paragraph is a catalog text."""
    app = make_app(fake_dom)
    app.open_rules(game_id)
    page = fake_dom.body.by_testid(f"rules-{game_id}")
    text = page.textContent
    assert not re.search(r"\b(rules|glossary|dice-realm|burgrave)\.[a-z_]+\.", text)
    templates: set[str] = set()
    for prefix in ("", game_id):
        templates |= set(CATALOGS.catalog(prefix, "en").values())
    patterns = [re.compile(re.sub(r"\\\{[a-z_]+\\\}", ".+", re.escape(template)) + "$")
                for template in templates if "{" in template]
    checked = 0
    for node in page.walk():
        if node.tagName in ("P", "LI", "DT", "DD", "H2", "H3", "FIGCAPTION", "A", "LABEL") \
                and node.children and all(c.tagName == "#TEXT" for c in node.children):
            words = node.textContent
            assert words in templates or any(p.match(words) for p in patterns), words
            checked += 1
    assert checked > 100


def test_glossary_is_alphabetical_and_searchable(fake_dom: OfflineDocument) -> None:
    rows = glossary_entries(BOOKS["burgrave"])
    words = [row[1].casefold() for row in rows]
    assert words == sorted(words)
    app = make_app(fake_dom)
    app.open_rules("burgrave", "glossary")
    search = fake_dom.body.by_testid("glossary-search")
    search.value = "tier"
    for handler in search.listeners["input"]:
        handler(type("E", (), {"target": search})())
    shown = [n for n in fake_dom.body.walk()
             if n.classList.contains("rules-entry") and not n.hidden]
    assert shown and any(n.getAttribute("data-testid") == "glossary-tier" for n in shown)
    assert len(shown) < len(BOOKS["burgrave"].terms)
    search.value = "zzzz"
    for handler in search.listeners["input"]:
        handler(type("E", (), {"target": search})())
    assert not fake_dom.body.by_testid("glossary-none").hidden


def test_reached_from_home_and_the_new_game_dialog(fake_dom: OfflineDocument) -> None:
    app = make_app(fake_dom)
    for game_id in GAMES:
        app.go_home()
        fake_dom.body.by_testid(f"open-rules-{game_id}").click()
        assert app.route == Rules(game_id)
        fake_dom.body.by_testid("rules-back").click()
        assert app.route == Home()
    app.open_new_game("burgrave")
    fake_dom.body.by_testid("new-game-rules").click()
    assert isinstance(app.route, Rules) and app.route.game_id == "burgrave"
    assert app.modals == []


def test_rules_from_a_game_come_back_to_the_same_position(fake_dom: OfflineDocument) -> None:
    app = make_app(fake_dom)
    app.start_game("dice-realm", [Seat(name="Ann"), Seat(name="Ben")])
    assert isinstance(app.route, Table) and app.table is not None
    table = app.table
    fake_dom.body.by_testid("roll").click()
    code = table.code
    opener = fake_dom.body.by_testid("rules-open")
    assert opener is not None
    opener.click()
    assert isinstance(app.route, Rules) and app.table is table
    assert fake_dom.body.by_testid("rules-back").textContent == "Back to the game"
    fake_dom.body.by_testid("rules-back").click()
    assert isinstance(app.route, Table) and app.table is table and table.code == code
    assert fake_dom.body.by_testid("rules-open") is not None
    assert fake_dom.body.querySelector(".dr-die") is not None


def test_a_rules_link_opens_its_section(fake_dom: OfflineDocument) -> None:
    app = make_app(fake_dom)
    assert app.open_fragment("#rules=dice-realm/glossary.letters")
    assert isinstance(app.route, Rules) and app.route.game_id == "dice-realm"
    focused = fake_dom.activeElement
    assert focused is not None and focused.tagName == "DT"
    assert app.open_fragment("#rules=dice-realm/scoring")
    assert fake_dom.activeElement is not None
    assert fake_dom.activeElement.textContent == "Scoring"


def test_a_rules_link_followed_in_a_game_and_the_browser_back(fake_dom: OfflineDocument) -> None:
    app = make_app(fake_dom)
    app.start_game("burgrave", [Seat(name="Ann"), Seat(name="Ben")])
    table = app.table
    assert table is not None
    assert app.open_fragment("#rules=burgrave/glossary.collision")
    assert isinstance(app.route, Rules) and app.table is table
    assert app.open_fragment(urls.game_fragment(table.code, table.save_id))
    assert isinstance(app.route, Table) and app.table is table


def test_a_reload_before_the_address_caught_up_resumes_the_game(fake_dom: OfflineDocument
                                                                ) -> None:
    """The address follows a move a frame after its save (``urls.replace_fragment_soon``): a
    page opened on an address a move behind its save resumes the game as saved, not a summary
    of the older point; an address ahead of its save (an undo elsewhere) shows the summary."""
    fake_dom.documentElement = fake_dom.createElement("html")  # type: ignore[attr-defined]
    root = fake_dom.createElement("div")
    fake_dom.body.append(root)
    app = app_module.App(root, store=Store(MemoryBackend()))
    app.start_game("dice-realm", [Seat(name="Ann"), Seat(name="Ben")])
    table = app.table
    assert table is not None
    behind = urls.game_fragment(table.code, table.save_id)
    fake_dom.body.by_testid("roll").click()
    assert table.code != urls.code_from_fragment(behind)
    reloaded = app_module.App(fake_dom.createElement("div"), store=app.store)
    assert reloaded.open_fragment(behind)
    assert isinstance(reloaded.route, Table) and reloaded.table is not None
    assert reloaded.table.code == table.code

    further = load_code(table.code)  # the game a move further than its save
    further.act(further.game.legal_actions(further.state)[0])
    ahead = urls.game_fragment(encode_code(further.record), table.save_id)
    other = app_module.App(fake_dom.createElement("div"), store=app.store)
    assert other.open_fragment(ahead)
    assert isinstance(other.route, Summary) and other.table is None
