"""The shape of each game's rules reference: its sections, their blocks, its glossary.

Only the *shape* lives here; every word is the game's own, in its engine package's catalog
(``kingdoms/<game>/locales/rules/<lang>.json``, merged into the game's catalog by its
``explain.catalog``), so translating the rules is translating one more file per game.

Keys, for a game ``g`` and a section ``s``:

- ``g.rules.s.title`` — the section's heading;
- a block ``"p:x"`` is the paragraph ``g.rules.s.x``; ``"li:x"`` an item of a bullet list and
  ``"ol:x"`` a numbered step (consecutive items make one list); ``"faq:x"`` a question
  ``g.rules.s.x.q`` with its answer ``g.rules.s.x.a``; ``"fig:name"`` a picture drawn with the
  game's own components (:mod:`.figures`);
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


DICE_REALM = Book("dice-realm", (
    Section("goal", ("p:intro", "p:win", "fig:goal")),
    Section("components", ("li:dice", "li:villages", "li:citizens", "li:scoundrels",
                           "fig:components")),
    Section("setup", ("ol:villages", "ol:citizens", "ol:scoundrels", "ol:start", "fig:setup")),
    Section("turn", ("p:intro", "ol:roll", "ol:keep", "ol:stop", "ol:take", "ol:refill",
                     "fig:dice", "p:lit")),
    Section("requirements", ("p:intro", "li:faces", "li:letters", "li:sum", "li:parity",
                             "li:combo", "fig:requirements", "p:disjoint")),
    Section("villages", ("p:intro", "p:optional", "fig:villages", "p:end")),
    Section("scoundrels", ("p:intro", "p:discard", "fig:scoundrels")),
    Section("abilities", ("p:intro", "li:elf", "li:hypnotist", "li:apprentice", "li:fairy",
                          "li:dragon", "fig:abilities")),
    Section("end", ("p:intro", "li:draw", "li:scoundrel", "li:village", "p:at_once",
                    "p:warning")),
    Section("scoring", ("p:intro", "p:example", "fig:scoring", "p:example_sum", "p:tie")),
    Section("faq", ("faq:must_take", "faq:village_choice", "faq:take_early", "faq:fairy",
                    "faq:two_fairies", "faq:hypnotist_end", "faq:hypnotised",
                    "faq:dragon_village", "faq:dragon_only", "faq:pairs", "faq:apprentice_end",
                    "faq:elf_apprentice", "faq:undo")),
), (
    Term("ability", "abilities"), Term("apprentice", "abilities"),
    Term("citizen", "components"), Term("discard_pile", "scoundrels"),
    Term("dragon", "abilities"), Term("draw_pile", "setup"), Term("elf", "abilities"),
    Term("fairy", "abilities"), Term("flip", "abilities"), Term("found", "villages"),
    Term("gift", "abilities"), Term("full_house", "requirements"),
    Term("hold", "turn"), Term("hypnotist", "abilities"), Term("kind", "requirements"),
    Term("letters", "requirements"), Term("lit", "turn"), Term("negative", "scoring"),
    Term("odds", "turn"), Term("pairs", "requirements"), Term("parity", "requirements"),
    Term("realm", "goal"), Term("requirement", "requirements"), Term("roll", "turn"),
    Term("row", "setup"), Term("scoundrel", "scoundrels"), Term("scoundrel_pile", "setup"),
    Term("slot", "setup"), Term("stop", "turn"), Term("straight", "requirements"),
    Term("total", "requirements"), Term("village", "villages"),
    Term("village_pile", "setup"),
))


BURGRAVE = Book("burgrave", (
    Section("goal", ("p:intro", "p:points", "fig:goal")),
    Section("board", ("p:ring", "li:outer", "li:inner", "li:paths", "li:piles", "li:spots",
                      "li:castle", "fig:board")),
    Section("player", ("p:intro", "li:line", "li:buildings", "li:track", "li:supply",
                       "fig:player")),
    Section("setup", ("ol:board", "ol:piles", "ol:start", "ol:pick", "ol:deck")),
    Section("turn", ("p:intro", "ol:cards", "ol:move", "ol:action", "ol:hire", "ol:collision",
                     "ol:draw")),
    Section("cards", ("p:intro", "li:play", "li:criminal", "li:dropoff", "li:blind",
                      "fig:cards")),
    Section("move", ("p:intro", "p:extra", "p:landing")),
    Section("icons", ("p:intro", "li:merchant", "li:builder", "li:noble", "li:cleric",
                      "li:criminal", "p:count", "fig:icons")),
    Section("dismiss", ("p:intro", "p:limits")),
    Section("trade", ("p:intro", "li:m1", "li:m2", "li:m3", "li:m4", "p:silver",
                      "fig:trade")),
    Section("build", ("p:intro", "p:cost", "p:links", "p:benefits", "fig:build")),
    Section("workers", ("p:intro", "p:cascade", "p:tier2", "p:crowding", "p:leader",
                        "fig:workers")),
    Section("transcribe", ("p:intro", "p:ribbons", "fig:transcribe")),
    Section("hire", ("p:intro",)),
    Section("collision", ("p:intro", "ol:workshop", "ol:cards", "ol:above", "ol:below",
                          "ol:reset", "p:when", "fig:collision")),
    Section("draw", ("p:intro", "p:reshuffle")),
    Section("debts", ("p:intro", "li:debt", "li:deed", "p:flip")),
    Section("card_types", ("p:intro", "li:starting", "li:townsfolk", "li:heroes",
                           "li:printed", "li:manuscripts", "li:player_cards", "p:timings",
                           "li:instant", "li:ongoing", "li:dropoff", "li:hire",
                           "li:collision")),
    Section("end", ("p:intro", "p:rounds", "p:both")),
    Section("scoring", ("p:intro", "li:buildings", "li:workers", "li:manuscripts",
                        "li:leader", "li:cleric", "li:debts", "li:deeds", "li:majorities",
                        "p:example", "p:example_sum", "p:tie")),
    Section("faq", ("faq:dismiss_when", "faq:crowding", "faq:cascade_order", "faq:others_first",
                    "faq:free_steps", "faq:landing", "faq:destroy", "faq:discard",
                    "faq:optional", "faq:free_transcribe", "faq:collision_reset",
                    "faq:leader_tie", "faq:hand_limit", "faq:start_icons",
                    "faq:empty_pile")),
), (
    Term("any_resource", "icons"), Term("bank", "board"),
    Term("builder", "icons"), Term("building", "build"), Term("burgrave", "goal"),
    Term("castle", "workers"), Term("castle_leader", "workers"), Term("cleric", "icons"),
    Term("cleric_bonus", "transcribe"), Term("collision", "collision"),
    Term("corruption", "player"), Term("criminal", "icons"), Term("crowding", "workers"),
    Term("debt", "debts"), Term("deed", "debts"), Term("destroy", "trade"),
    Term("discard", "cards"), Term("dismiss", "dismiss"), Term("draw_pile", "draw"),
    Term("drop_off", "card_types"), Term("exchange", "trade"), Term("flip", "debts"),
    Term("guildhall", "build"), Term("hand", "cards"), Term("hand_limit", "draw"),
    Term("hero", "card_types"), Term("hire", "hire"), Term("icons", "icons"),
    Term("inner_path", "board"),
    Term("line", "player"), Term("link", "build"), Term("manuscript", "transcribe"),
    Term("merchant", "icons"), Term("noble", "icons"), Term("ongoing", "card_types"),
    Term("outer_path", "board"), Term("poverty", "end"), Term("printed", "board"),
    Term("prosperity", "end"), Term("rearrange", "move"), Term("resource", "icons"),
    Term("ribbon", "transcribe"), Term("river", "board"), Term("segment", "board"),
    Term("silver", "player"), Term("spot", "build"), Term("tier", "workers"),
    Term("townsfolk", "card_types"), Term("trading_post", "build"), Term("turn", "turn"),
    Term("value", "cards"),
    Term("virtue", "player"), Term("worker", "workers"), Term("workshop", "build"),
))


BOOKS: dict[str, Book] = {book.game_id: book for book in (DICE_REALM, BURGRAVE)}
"""game id -> its rules reference."""


def book_for(game_id: str) -> Book | None:
    return BOOKS.get(game_id)
