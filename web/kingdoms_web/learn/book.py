"""The shape of a game's rules reference: its sections, their blocks, its glossary.

Each game's book is data in its page package (``kingdoms_web/games/<game>/book.py``, part of
its :class:`~kingdoms_web.play.contract.GameUI`); only the shape of a book lives here. Every
word is the game's own, in its engine package's catalog
(``kingdoms/<game>/locales/rules/<lang>.json``, merged into the game's catalog by its
``explain.catalog``), so translating the rules is translating one more file per game.

Keys, for a game ``g`` and a section ``s``:

- ``g.rules.s.title`` — the section's heading;
- a block ``"p:x"`` is the paragraph ``g.rules.s.x``; ``"li:x"`` an item of a bullet list and
  ``"ol:x"`` a numbered step (consecutive items make one list); ``"faq:x"`` a question
  ``g.rules.s.x.q`` with its answer ``g.rules.s.x.a``; ``"fig:name"`` a picture drawn with the
  game's own components (the ``figures`` of its ``GameUI``);
- a glossary term ``t``: ``g.glossary.t`` (the word as the screens use it) and ``g.glossary.t.def``
  (its meaning), linked to the section ``Term.section``.

Anchors: ``#rules=g/s`` opens section ``s``; ``#rules=g/glossary`` the glossary and
``#rules=g/glossary.t`` one entry (:mod:`kingdoms_web.urls`).
"""

from __future__ import annotations

from dataclasses import dataclass

GLOSSARY = "glossary"
"""The anchor of a game's glossary (after its sections)."""


@dataclass(frozen=True)
class Section:
    id: str
    blocks: tuple[str, ...]


@dataclass(frozen=True)
class Term:
    id: str
    section: str
    """The rules section that explains it."""


@dataclass(frozen=True)
class Book:
    game_id: str
    sections: tuple[Section, ...]
    terms: tuple[Term, ...]

    def section_ids(self) -> list[str]:
        return [section.id for section in self.sections]

    def key(self, section: str, part: str) -> str:
        return f"{self.game_id}.rules.{section}.{part}"

    def title_key(self, section: str) -> str:
        return self.key(section, "title")

    def term_key(self, term: str) -> str:
        return f"{self.game_id}.glossary.{term}"

    def anchors(self) -> list[str]:
        """Every anchor of this book: its sections, the glossary, each glossary entry."""
        return [*self.section_ids(), GLOSSARY, *(f"{GLOSSARY}.{term.id}" for term in self.terms)]

    def keys(self) -> list[str]:
        """Every catalog key this book shows (for the completeness tests)."""
        keys: list[str] = []
        for section in self.sections:
            keys.append(self.title_key(section.id))
            for block in section.blocks:
                kind, _, name = block.partition(":")
                if kind == "faq":
                    keys += [self.key(section.id, name + ".q"), self.key(section.id, name + ".a")]
                elif kind != "fig":
                    keys.append(self.key(section.id, name))
        for term in self.terms:
            keys += [self.term_key(term.id), self.term_key(term.id) + ".def"]
        return keys

    def figures(self) -> list[str]:
        return [block.partition(":")[2] for section in self.sections for block in section.blocks
                if block.startswith("fig:")]
