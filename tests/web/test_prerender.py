"""The home screen pre-rendered at build time (``kingdoms_web.shell.prerender``) and the
serialiser it uses (``offline_dom.to_html``)."""

from __future__ import annotations

import html.parser

from kingdoms_web import dom, i18n
from kingdoms_web.offline_dom import OfflineDocument, to_html
from kingdoms_web.shell.prerender import prerender_home


class Collector(html.parser.HTMLParser):
    """What a browser's parser would find: tags with their attributes, and the text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(markup: str) -> Collector:
    collector = Collector()
    collector.feed(markup)
    return collector


def test_user_text_and_attributes_never_become_markup(fake_dom: OfflineDocument) -> None:
    hostile = '<img src=x onerror="alert(1)">&amp;'
    node = dom.el("p", hostile, cls="note", attrs={"title": hostile, "hidden": True})
    node.dataset.who = '"quoted"'
    parsed = parse(to_html(node))
    assert [tag for tag, _ in parsed.tags] == ["p"]
    attrs = parsed.tags[0][1]
    assert attrs["title"] == hostile and attrs["data-who"] == '"quoted"'
    assert attrs["class"] == "note" and "hidden" in attrs
    assert "".join(parsed.text) == hostile


def test_the_home_screen_is_drawn_in_every_language_without_saves() -> None:
    """Each copy is the page's own home screen (its controls, by test id), in its language, with
    the saved games still to be found rather than "none"; drawing leaves the page's DOM alone."""
    before = dom.document
    for language in i18n.LANGUAGE_NAMES:
        parsed = parse(prerender_home(language))
        root_tag, root = parsed.tags[0]
        assert (root_tag, root["data-prerendered"], root["lang"]) == ("div", language, language)
        assert "hidden" in root
        ids = {attrs.get("data-testid") for _, attrs in parsed.tags}
        assert {"new-game-dice-realm", "new-game-burgrave", "open-rules-burgrave", "settings",
                "code-input", "code-submit", "saves-loading"} <= ids
        assert not ids & {"saves-empty", "saves-warning", "continue"}
        art = [attrs for tag, attrs in parsed.tags if tag == "img"]
        assert {a["src"] for a in art} == {"art/dice-realm-title.svg", "art/burgrave-title.svg"}
        assert all(a["alt"] == "" for a in art)  # decorative: each card's heading names it
        i18n.set_language(language)
        assert i18n.t("saves.loading") in "".join(parsed.text)
        assert i18n.t("home.games") in "".join(parsed.text)
    i18n.set_language("en")
    assert dom.document is before
